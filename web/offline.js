// Offline once visited: on the static site (the page with its WebAssembly
// engine beside it), a service worker (sw.js) keeps every file of the site,
// the .wasm included, in a cache named after the site's version, and
// answers from it first; after one visit the page opens, draws, checks and
// fixes with no network, and manifest.json lets a phone add it to its home
// screen.
//
// A new version (scripts/build_web.sh writes a content hash of the site
// into sw.js) installs beside the old one and waits: a page keeps the
// files it started with. The page then offers to reload; only on that
// reload does the new worker take over, so a page never runs an old script
// with a new engine. The page built into `nonolab serve` (no engine beside
// it: the server does the work) registers no worker, and a source sw.js
// that build_web.sh has not stamped refuses to install.
import { useEngine } from "./api.js";

export async function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (!(await useEngine())) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", import.meta.url));
  } catch (e) {
    document.body.dataset.offline = "unavailable";
    return;
  }
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller) return;  // a first visit: nothing to replace
    showUpdate(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    if (!next) return;
    next.addEventListener("statechange", () => { if (next.state === "installed") offer(next); });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first visit's worker claims the page it cached: same files, no reload.
    if (!document.body.dataset.updating || reloading) return;
    reloading = true;
    location.reload();
  });
  navigator.serviceWorker.ready.then(() => { document.body.dataset.offline = "ready"; });
}

// "A new version is ready": the new worker takes over and the page reloads.
function showUpdate(worker) {
  if (document.getElementById("update-ready")) return;
  const bar = document.createElement("div");
  bar.id = "update-ready";
  bar.setAttribute("role", "status");
  bar.append("A new version of this page is ready. ");
  const go = document.createElement("button");
  go.id = "update-reload";
  go.textContent = "Reload now";
  go.title = "your drawing and your progress are kept";
  go.onclick = () => {
    document.body.dataset.updating = "true";
    worker.postMessage("take-over");
  };
  bar.append(go);
  document.querySelector("header").appendChild(bar);
}
