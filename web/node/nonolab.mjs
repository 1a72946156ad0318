#!/usr/bin/env node
// nonolab's engine under Node, from the static site's own .wasm:
// a command line that prints what `nonolab check/solve --json` prints (the
// same record fields and verdict words as the native CLI), and a
// JavaScript API for other programs:
//
//   import { Engine } from "./nonolab.mjs";
//   const engine = await Engine.load();
//   const [record] = engine.check(fs.readFileSync("heart.non"), { filename: "heart.non" });
//
// Every call runs the routes of `nonolab serve` (apps/wasm/engine.cpp), so
// records, verdicts and error messages are the server's and the CLI's.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export class Engine {
  constructor(module) { this.module = module; }

  // The engine beside this file. The .wasm bytes are handed over directly:
  // Node 20's fetch cannot read a file path, which emscripten 3.1.6's loader tries.
  static async load(dir = here) {
    const createEngine = require(path.join(dir, "nonolab-engine.js"));
    const wasmBinary = fs.readFileSync(path.join(dir, "nonolab-engine.wasm"));
    return new Engine(await createEngine({ wasmBinary }));
  }

  get version() { return this.module.version(); }

  // One API request: {status, type, body (Uint8Array)}; `query` an object of strings.
  request(method, route, query = {}, body = "", type = "text/plain") {
    const q = {};
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q[k] = String(v);
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
    // No picture decoder under Node: a PNG puzzle answers that it needs one.
    return this.module.handle(method, route, JSON.stringify(q), bytes, type, new Uint8Array(0), 0, 0);
  }

  // A JSON answer, or an Error carrying the engine's message (err.status: the HTTP status).
  json(route, query, body) {
    const out = this.request("POST", route, query, body);
    const value = JSON.parse(new TextDecoder().decode(out.body));
    if (out.status !== 200) throw Object.assign(new Error(value.error || String(out.status)), { status: out.status });
    return value;
  }

  /// The records of `nonolab check`: one per puzzle of the file.
  /// `index`: only these puzzles of the file (1-based), as the CLI's --index.
  check(body, { filename, timeout = 0, grade = false, index } = {}) {
    return this.json("/api/check", { filename, timeout, grade, each: true, index: index?.join(",") }, body).results;
  }

  /// The records of `nonolab solve` (exact: up to `solutions` solutions).
  solve(body, { filename, timeout = 0, solutions = 2, method, index } = {}) {
    return this.json("/api/solve", { filename, timeout, solutions, method, each: true, index: index?.join(",") }, body).results;
  }

  /// The puzzles of the file in another format (its text, or bytes for binary formats).
  convert(body, to, { filename } = {}) {
    const out = this.request("POST", "/api/convert", { to, filename }, body);
    if (out.status !== 200) throw new Error(JSON.parse(new TextDecoder().decode(out.body)).error);
    return out.type.startsWith("text/") ? new TextDecoder().decode(out.body) : out.body;
  }
}

// ---- the command line ----

const kUsage = `usage: node nonolab.mjs check|solve [--json] [--timeout S] [--grade] [--solutions N] [--index I]... FILE...
       node nonolab.mjs --version
The engine of nonolab built to WebAssembly, the same as the browser's:
  check   the uniqueness verdict of every puzzle of each FILE (unique,
          multiple, contradiction, timeout, or error with the reader's message)
  solve   the exact solver's records (--solutions N, default 2)
  --json  one JSON object per puzzle per line (the fields of nonolab's records)
  --timeout S  seconds per file (0 = none, the default)
  --index I    only puzzle I of each file (1-based; repeatable)
Exit status: 0 all solved, 1 some puzzle has no solution, 2 usage,
3 some timeout, 4 some input unreadable (the highest applies).`;

const kExit = { unique: 0, multiple: 0, solved: 0, contradiction: 1, timeout: 3, error: 4 };

function parseArgs(argv) {
  const a = { command: argv[0], json: false, timeout: 0, grade: false, solutions: 2, index: undefined, files: [] };
  for (let i = 1; i < argv.length; ++i) {
    const x = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${x} needs a value`);
      return argv[++i];
    };
    const number = (text, lo) => {
      const v = Number(text);
      if (!Number.isFinite(v) || v < lo) throw new Error(`${x}: expected a number >= ${lo}, got '${text}'`);
      return v;
    };
    if (x === "--json") a.json = true;
    else if (x === "--grade") a.grade = true;
    else if (x === "--timeout") a.timeout = number(value(), 0);
    else if (x === "--solutions") a.solutions = number(value(), 1);
    else if (x === "--index") (a.index ??= []).push(number(value(), 1));
    else if (x.startsWith("-")) throw new Error(`unknown option ${x}`);
    else a.files.push(x);
  }
  if (a.command !== "check" && a.command !== "solve") throw new Error(`unknown command '${a.command ?? ""}'`);
  if (!a.files.length) throw new Error("no FILE given");
  return a;
}

function describe(r) {
  const name = r.name ? ` "${r.name}"` : "";
  if (r.status === "error") return `${r.source} #${r.index}${name}: error: ${r.error}`;
  return `${r.source} #${r.index}${name} (${r.width}x${r.height}): ${r.status} in ${r.seconds.toFixed(3)} s`;
}

async function main(argv) {
  if (argv[0] === "--version") {
    console.log((await Engine.load()).version + " (WebAssembly)");
    return 0;
  }
  if (!argv.length || argv[0] === "--help" || argv[0] === "-h") {
    console.log(kUsage);
    return argv.length ? 0 : 2;
  }
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    console.error(`error: ${e.message}\n${kUsage}`);
    return 2;
  }
  const engine = await Engine.load();
  const progress = process.stderr.isTTY && args.files.length > 1;
  let exit = 0;
  for (const [k, file] of args.files.entries()) {
    if (progress) process.stderr.write(`\r${k} of ${args.files.length} files`);
    let records;
    try {
      const body = fs.readFileSync(file);
      const o = { filename: file, timeout: args.timeout, grade: args.grade, solutions: args.solutions, index: args.index };
      records = args.command === "check" ? engine.check(body, o) : engine.solve(body, o);
    } catch (e) {
      // A file that cannot be split into puzzles: one error record, index 0,
      // shaped as the CLI's; the engine's message names the file already.
      const error = e.status ? e.message : `${file}: ${e.code === "ENOENT" ? "no such file" : e.message}`;
      records = [{ unit: 0, source: file, index: 0, name: "", width: 0, height: 0, method: "exact",
                   params: { solutions: String(args.solutions) }, trial: 1, seed: 1, max_evaluations: 0,
                   timeout: args.timeout, curve_every: 0, status: "error", seconds: 0, solutions: [],
                   stats: {}, error }];
    }
    for (const r of records) {
      console.log(args.json ? JSON.stringify(r) : describe(r));
      exit = Math.max(exit, kExit[r.status] ?? 4);
    }
  }
  if (progress) process.stderr.write(`\r${args.files.length} of ${args.files.length} files\n`);
  return exit;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; },
                                   (e) => { console.error(`error: ${e.message}`); process.exitCode = 4; });
}
