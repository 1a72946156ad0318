// The Web Worker that runs the WebAssembly engine (apps/wasm/engine.cpp):
// the routes of `nonolab serve`, one request at a time, off the page's
// thread so that drawing never waits for a solve. web/engine.js talks to it;
// a request is cancelled by ending this worker, so nothing here polls.
//
// Messages in:  {module: WebAssembly.Module}  once, the compiled engine
//               {id, method, path, query, body, type}  a request
// Messages out: {ready: true, version} | {failed: message}
//               {id, status, type, body (ArrayBuffer)}
//
// A classic worker, not a module one: emscripten's nonolab-engine.js is a
// classic script (-sMODULARIZE without -sEXPORT_ES6, apps/wasm/CMakeLists.txt,
// so that Node's entry, web/node/nonolab.mjs, can require() the same file),
// and only a classic worker can load it, with importScripts.
"use strict";
importScripts("nonolab-engine.js");

// engine.js sends requests only once this worker has said it is ready.
let engine = null;

function bytesOf(body) {
  if (body == null) return new Uint8Array(0);
  if (typeof body === "string") return new TextEncoder().encode(body);
  return new Uint8Array(body);
}

function error(status, message) {
  return { status, type: "application/json", body: new TextEncoder().encode(JSON.stringify({ error: message })) };
}

// A picture's bytes: PNG, JPEG or GIF by their first bytes (a PNG puzzle
// file is one, whatever its name).
function isPicture(bytes) {
  const starts = (...sig) => sig.every((b, i) => bytes[i] === b);
  return starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38);
}

// The browser decodes pictures (PNG, JPEG, GIF, WebP, BMP: whatever it
// shows) and hands the engine their pixels, as the server's image plugin
// does with its own decoder: from-image quantises them, and a PNG puzzle
// is read from them.
async function pixels(r, bytes) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type: r.type || "image/png" }));
  } catch (e) {
    return null;
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return { rgba: new Uint8Array(rgba.buffer), width: bitmap.width, height: bitmap.height };
}

async function answer(r) {
  let out;
  try {
    const bytes = bytesOf(r.body);
    let picture = null;
    if (r.method === "POST" && (r.path === "/api/from-image" || isPicture(bytes))) {
      picture = await pixels(r, bytes);
      if (!picture) {
        const name = r.query.filename || "the picture";
        out = error(400, name + ": the browser cannot decode this picture (send a PNG or JPEG)");
      }
    }
    if (!out) {
      const p = picture || { rgba: new Uint8Array(0), width: 0, height: 0 };
      out = engine.handle(r.method, r.path, JSON.stringify(r.query), bytes, r.type || "", p.rgba, p.width, p.height);
    }
  } catch (e) {  // the engine itself failed (out of memory, a trap): say so, never hang
    out = error(500, "internal error in the engine: " + (e && e.message ? e.message : e));
  }
  const body = out.body.buffer.slice(out.body.byteOffset, out.body.byteOffset + out.body.byteLength);
  self.postMessage({ id: r.id, status: out.status, type: out.type, body }, [body]);
}

self.onmessage = async (event) => {
  const m = event.data;
  if (m.module) {
    try {
      engine = await createEngine({
        // The page compiled the module once; every worker instantiates it.
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(m.module, imports).then((instance) => receive(instance));
          return {};
        },
      });
      self.postMessage({ ready: true, version: engine.version() });
    } catch (e) {
      self.postMessage({ failed: String(e && e.message ? e.message : e) });
    }
    return;
  }
  await answer(m);
};
