// The engine in the browser, so that a static host with no nonolab process
// serves the whole studio: when the page's folder holds the WebAssembly
// engine (nonolab-engine.js and .wasm, beside this file in the static site
// that scripts/build_web.sh writes), every API call of api.js goes to it,
// in a Web Worker (engine-worker.js), instead of to a server. Without those
// files (the page built into `nonolab serve`) the page talks to the server,
// as before. Either way the page sees the same answers: the worker runs the
// server's own routes (apps/wasm/engine.cpp).
//
// One request runs at a time, in arrival order; the others wait in this
// queue. Cancelling the running one ends its worker and starts another from
// the module compiled once, so a cancel is immediate however long the solve.

export class Engine {
  constructor(module) {
    this.module = module;
    this.queue = [];      // requests waiting: {id, message, resolve, reject, onState}
    this.running = null;  // the request in the worker
    this.nextId = 1;
    this.version = "";
    this.start();
  }

  // Resolves with the engine when the worker has instantiated the module;
  // rejects when it cannot (the page then uses the server).
  static async load() {
    if (typeof Worker !== "function" || typeof WebAssembly !== "object") throw new Error("no WebAssembly workers here");
    const response = await fetch(new URL("nonolab-engine.wasm", import.meta.url));
    if (!response.ok) throw new Error("no engine beside the page");
    const bytes = await response.arrayBuffer();
    const engine = new Engine(await WebAssembly.compile(bytes));
    await engine.ready;
    return engine;
  }

  start() {
    // A classic worker, not a module one: it loads emscripten's output with
    // importScripts (see engine-worker.js).
    this.worker = new Worker(new URL("engine-worker.js", import.meta.url));
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => {
        const m = e.data;
        if (m.ready) { this.version = m.version; resolve(this); this.worker.onmessage = (ev) => this.done(ev.data); this.pump(); }
        else if (m.failed) reject(new Error("the engine did not start: " + m.failed));
      };
      this.worker.onerror = (e) => { e.preventDefault(); reject(new Error("the engine did not start: " + (e.message || "worker error"))); };
      setTimeout(() => reject(new Error("the engine did not start within 30 s")), 30000);
    });
    this.worker.postMessage({ module: this.module });
    this.ready.catch(() => {});
  }

  // A request: {method, path, query (object), body, type}. Returns
  // {promise, cancel, state()}; the promise gives {status, type, body (ArrayBuffer)}.
  request(message, onState) {
    const job = { id: this.nextId++, message, onState };
    job.promise = new Promise((resolve, reject) => { job.resolve = resolve; job.reject = reject; });
    this.queue.push(job);
    this.pump();
    return {
      promise: job.promise,
      cancel: () => this.cancel(job),
      state: () => (this.running === job ? { state: "running", position: 0 }
                                          : { state: "queued", position: this.queue.indexOf(job) + 1 }),
    };
  }

  pump() {
    if (this.running || !this.queue.length) return;
    this.ready.then(async () => {
      if (this.running || !this.queue.length) return;
      const job = (this.running = this.queue.shift());
      const m = job.message;
      // A file the page keeps as a Blob is read here; an ArrayBuffer is copied,
      // since the caller may send it again.
      const body = m.body instanceof Blob ? await m.body.arrayBuffer()
        : m.body instanceof ArrayBuffer ? m.body.slice(0) : m.body;
      if (this.running !== job) return;  // cancelled while the file was read
      this.worker.postMessage({ id: job.id, method: m.method, path: m.path, query: m.query, body, type: m.type });
    });
  }

  done(m) {
    const job = this.running;
    if (!job || job.id !== m.id) return;  // a cancelled request's late answer
    this.running = null;
    job.resolve(m);
    this.pump();
  }

  cancel(job) {
    const abort = () => { const e = new Error("cancelled"); e.name = "AbortError"; job.reject(e); };
    const i = this.queue.indexOf(job);
    if (i >= 0) { this.queue.splice(i, 1); abort(); return; }
    if (this.running !== job) return;
    this.worker.terminate();
    this.running = null;
    abort();
    this.start();  // a fresh worker from the compiled module, then the queue goes on
    this.pump();
  }
}

// The query of a path as an object, and the path alone.
export function splitPath(path) {
  const url = new URL(path, "http://page/");
  const query = {};
  for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
  return { path: url.pathname, query };
}

// The engine's answer as api.js's callers expect the server's: JSON parsed,
// anything else a Blob; an error status throws with the engine's message.
export function fromEngine(out) {
  const type = out.type || "";
  const text = () => new TextDecoder().decode(out.body);
  if (out.status !== 200) {
    let message = String(out.status);
    try { message = JSON.parse(text()).error || message; } catch (e) { /* keep the status */ }
    throw new Error(message);
  }
  return type.includes("json") ? JSON.parse(text()) : new Blob([out.body], { type });
}

// A PNG of an SVG picture, drawn by the browser (the engine has no PNG
// encoder: on the server that is OpenCV's job).
export async function svgToPng(svgBlob) {
  const url = URL.createObjectURL(svgBlob);
  try {
    const img = new Image();
    await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = () => reject(new Error("the picture could not be drawn")); img.src = url; });
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext("2d").drawImage(img, 0, 0);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// A POST through the engine; `onState` gets the job's state for api.job.
export function enginePost(path, body, contentType, onState) {
  const { path: route, query } = splitPath(path);
  const png = route === "/api/render" && query.as === "png";
  if (png) query.as = "svg";
  const job = engine.request({ method: "POST", path: route, query, body, type: contentType || "text/plain" }, onState);
  const promise = job.promise.then(fromEngine).then((out) => (png ? svgToPng(out) : out));
  return { promise, cancel: job.cancel, state: job.state };
}

// The engine when the page's folder has it; null otherwise (then the server).
// `engine` is a live binding: api.js sees it set once the load has settled.
export let engine = null;
export const engineReady = Engine.load().then((e) => (engine = e)).catch(() => (engine = null));
