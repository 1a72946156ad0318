// Talking to the engine (engine.js: WebAssembly in a Web Worker, when the
// page's folder has it) or else to the server (README, "nonolab serve"):
// every call posts a file and gets JSON back, or throws an Error carrying
// the engine's or the server's message; both run the same routes.
import { engine, engineReady, enginePost, fromEngine } from "./engine.js";

// The engine in a Web Worker when the page has one (engine.js), else the server.
export async function useEngine() {
  return engineReady ? await engineReady : null;
}

export async function post(path, body, contentType, signal) {
  if (await useEngine()) {
    if (body instanceof Blob) body = await body.arrayBuffer();
    const job = enginePost(path, body, contentType);
    if (signal) signal.addEventListener("abort", job.cancel);
    return job.promise;
  }
  const res = await fetch(path, {
    method: "POST",
    body: body,
    headers: { "Content-Type": contentType || "text/plain" },
    signal: signal,
  });
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    let message = res.status + " " + res.statusText;
    if (type.includes("json")) message = (await res.json()).error || message;
    throw new Error(message);
  }
  return type.includes("json") ? res.json() : res.blob();
}

// A request that may wait for a long solve (README, "Long solves"): named
// by a fresh ?id so that the server can say where it stands (GET
// /api/status?id) and cut it short (POST /api/cancel?id). `onWait` is
// called every quarter second once it has taken 300 ms, with {elapsed (s),
// state ("quick", "queued", "running"), position (in the queue)}.
// Returns {promise, cancel}; after cancel() the promise rejects with an
// Error whose name is "AbortError".
export function job(path, body, onWait) {
  if (engine) return engineJob(path, body, onWait);
  const id = "p" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  const controller = new AbortController();
  const started = performance.now();
  const seen = { state: "quick", position: 0 };
  let done = false, polling = false, ticks = 0;
  const tick = () => {
    if (done) return;
    if (++ticks % 4 === 1 && !polling) { // the server's view once a second
      polling = true;
      fetch("/api/status?id=" + id).then((r) => (r.ok ? r.json() : null)).then((j) => {
        if (j) { seen.state = j.state; seen.position = j.position; }
      }).catch(() => {}).finally(() => { polling = false; });
    }
    if (onWait) onWait({ elapsed: (performance.now() - started) / 1000, ...seen });
  };
  let interval = null;
  const first = setTimeout(() => { tick(); interval = setInterval(tick, 250); }, 300);
  const sep = path.includes("?") ? "&" : "?";
  const promise = post(path + sep + "id=" + id, body, undefined, controller.signal).finally(() => {
    done = true;
    clearTimeout(first);
    clearInterval(interval);
  });
  const cancel = () => {
    if (done) return;
    // The server frees the slot (or the queue place); the page stops waiting at once.
    fetch("/api/cancel?id=" + id, { method: "POST" }).catch(() => {});
    controller.abort();
  };
  return { promise, cancel, id };
}

// The engine's job: the same promise, cancel and onWait as the server's,
// with the engine's own queue for state and position.
export function engineJob(path, body, onWait) {
  const job = enginePost(path, body);
  const started = performance.now();
  let done = false, interval = null;
  const tick = () => { if (!done && onWait) onWait({ elapsed: (performance.now() - started) / 1000, ...job.state() }); };
  const first = setTimeout(() => { tick(); interval = setInterval(tick, 250); }, 300);
  const promise = job.promise.finally(() => { done = true; clearTimeout(first); clearInterval(interval); });
  return { promise, cancel: job.cancel, id: "engine" };
}

export async function get(path) {
  const engine = await useEngine();
  if (engine && path === "/api/formats") return fromEngine(await engine.request({ method: "GET", path, query: {} }).promise);
  // The static site's examples are files beside the page, listed in examples/index.json.
  if (engine && path === "/api/examples") path = "examples/index.json";
  else if (engine && path.startsWith("/examples/")) path = path.slice(1);
  const res = await fetch(path);
  if (!res.ok) throw new Error(res.status + " " + res.statusText);
  return (res.headers.get("Content-Type") || "").includes("json") ? res.json() : res.text();
}

// Saves a Blob as a file through the browser's download.
export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// A chosen file's bytes (an ArrayBuffer), sent as they are: many puzzle
// formats are binary (png, npz, pbm P4), and text read through a decoder
// would no longer be them. The server detects the format from the bytes
// and the file's name (?filename=). `asText` is ignored; callers that
// still pass it get bytes too, which every route accepts.
export function readFile(file) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error || new Error("cannot read " + file.name));
    r.readAsArrayBuffer(file);
  });
}
