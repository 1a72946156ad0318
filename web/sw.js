// The static site's service worker (offline.js registers it): every file
// of the site in one cache per version, answered from that cache first, so
// the page works offline once visited and never mixes two versions.
// scripts/build_web.sh writes VERSION (a content hash of the site's files)
// and FILES (every file it copied) into the copy of this file it puts in
// the site; this source copy, unstamped, installs nothing.
"use strict";

const VERSION = "@SITE_VERSION@";
const FILES = ["@SITE_FILES@"];
const CACHE = "nonolab-" + VERSION;
const stamped = !VERSION.startsWith("@");

self.addEventListener("install", (event) => {
  if (!stamped) {
    event.waitUntil(Promise.reject(new Error("sw.js is not stamped: serve the site build_web.sh wrote")));
    return;
  }
  // Straight from the server, never from the HTTP cache: the cache holds
  // exactly this version's files.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
});

// The old version's cache goes once this one is in charge; a first
// visit's page is taken over at once (it was loaded from these very files).
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("nonolab-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// A page that has offered the new version to its user and been told yes.
self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    // The page's address with a shared link's query or none: the page itself.
    const hit = (await cache.match(request, { ignoreSearch: true })) ||
      (request.mode === "navigate" ? await cache.match("./") : undefined);
    return hit || fetch(request);
  }));
});
