#!/usr/bin/env bash
# The npm package as a user meets it (docs/javascript.md):
#   npm_package_test.sh WEB_DIR SOURCE
# installs WEB_DIR/nonolab-*.tgz (scripts/build_web.sh packs it) into a
# scratch project with `npm install --offline` (the package has no
# dependencies: nothing is fetched), then, from that project:
#  - use.mjs imports { Engine } from "nonolab" and checks examples: the
#    records' fields and verdicts, an unreadable file's message, convert and
#    version (the project's, from CMakeLists.txt);
#  - the package's own files: package.json's version, exports and types;
#  - with tsc (Debian's node-typescript), use.ts type-checks against the
#    declarations, and misuse.ts must fail to, so the types are really read.
# Exit 77 (a skip) when the site or its tarball is not built, or after the
# JavaScript checks when tsc is missing.
set -euo pipefail
web=$1 src=$(cd "$2" && pwd)
shopt -s nullglob
tarballs=("$web"/nonolab-*.tgz)
if [ ${#tarballs[@]} -ne 1 ]; then
  echo "skip: no single $web/nonolab-*.tgz (scripts/setup.sh --with web packs it)" >&2
  exit 77
fi
tarball=$(cd "$(dirname "${tarballs[0]}")" && pwd)/$(basename "${tarballs[0]}")
version=$(sed -n 's/^project(nonolab VERSION \([0-9][0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
printf '{ "name": "scratch", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
npm install --offline --no-audit --no-fund --loglevel=error "$tarball"
cp "$src/examples/heart.non" "$src/examples/flower_pot.non" .
printf 'P1\n1 2 3\n' >broken.non

cat >use.mjs <<JS
import assert from "node:assert/strict";
import fs from "node:fs";
import { Engine } from "nonolab";

const engine = await Engine.load();
assert.equal(engine.version, "nonolab $version");

const [heart] = engine.check(fs.readFileSync("heart.non"), { filename: "heart.non" });
const fields = ["unit", "source", "index", "name", "width", "height", "method", "params", "trial",
                "seed", "max_evaluations", "timeout", "curve_every", "status", "seconds",
                "solutions", "stats"];
for (const f of fields) assert.ok(f in heart, "record field " + f);
assert.equal(heart.source, "heart.non");
assert.equal(heart.index, 1);
assert.equal(heart.status, "unique");
assert.equal(heart.solutions.length, 1);
for (const row of heart.solutions[0]) assert.match(row, /^[#.]+\$/);
assert.equal(heart.solutions[0].length, heart.height);

const [solved] = engine.solve(fs.readFileSync("heart.non", "utf8"), { filename: "heart.non", solutions: 1 });
assert.equal(solved.status, "solved");
assert.deepEqual(solved.solutions, heart.solutions);

const [pot] = engine.check(fs.readFileSync("flower_pot.non"), { filename: "flower_pot.non" });
assert.ok(["unique", "multiple"].includes(pot.status), pot.status);

// A file with no readable puzzle: an Error with the reader's message and
// the HTTP status the server would answer.
assert.throws(() => engine.check(fs.readFileSync("broken.non"), { filename: "broken.non" }),
              (e) => e.status === 400 && /broken\.non: expected a \.non puzzle/.test(e.message));

const xml = engine.convert(fs.readFileSync("heart.non"), "xml", { filename: "heart.non" });
assert.equal(typeof xml, "string");
assert.match(xml, /<puzzle/);
console.log("use.mjs: " + heart.status + ", " + pot.status + ", " + engine.version);
JS
node use.mjs

# The installed package's own description.
node --input-type=module -e "
import assert from 'node:assert/strict';
import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync('node_modules/nonolab/package.json', 'utf8'));
assert.equal(p.name, 'nonolab');
assert.equal(p.version, '$version');
assert.equal(p.exports['.'].import, './nonolab.mjs');
assert.equal(p.types, './nonolab.d.ts');
assert.equal(p.dependencies, undefined);
for (const f of ['nonolab.mjs', 'nonolab.d.ts', 'nonolab-engine.js', 'nonolab-engine.wasm'])
  assert.ok(fs.existsSync('node_modules/nonolab/' + f), f);
console.log('package.json: nonolab ' + p.version + ', no dependencies');
"

if ! command -v tsc >/dev/null; then
  echo "skip: tsc is not installed (Debian's node-typescript): the declarations are not type-checked" >&2
  exit 77
fi
cat >tsconfig.json <<'JSON'
{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "target": "es2022",
                       "strict": true, "noEmit": true, "types": [] },
  "files": ["use.ts"] }
JSON
cat >use.ts <<'TS'
import { Engine, RunRecord, Status } from "nonolab";

export async function verdicts(text: string): Promise<[Status[], string[], number | undefined, string | Uint8Array, string]> {
  const engine: Engine = await Engine.load();
  const records: RunRecord[] = engine.check(text, { filename: "x.non", timeout: 5, index: [1] });
  const rows: string[] = records[0].solutions[0];
  const nodes: number | undefined = typeof records[0].stats.nodes === "number" ? records[0].stats.nodes : undefined;
  const converted: string | Uint8Array = engine.convert(text, "xml");
  const version: string = engine.version;
  const statuses = engine.solve(new Uint8Array(0), { solutions: 1 }).map((r) => r.status);
  return [statuses, rows, nodes, converted, version];
}
TS
tsc -p tsconfig.json
echo "use.ts: type-checks against nonolab.d.ts"
# Misuse the declarations forbid: if tsc accepted these, the types would be
# "any" (declarations not found) and the check above would prove nothing.
cat >misuse.ts <<'TS'
import { Engine } from "nonolab";
const engine = await Engine.load();
const wrong: number = engine.check("", { filename: 3 })[0].status;
engine.solve("", { solutions: "two" });
new Engine({});
TS
printf '{ "extends": "./tsconfig.json", "files": ["misuse.ts"] }\n' >misuse.json
if out=$(tsc -p misuse.json 2>&1); then
  echo "misuse.ts type-checked: the declarations were not applied" >&2
  exit 1
fi
for code in TS2322 TS2673; do
  grep -q "$code" <<<"$out" || { echo "misuse.ts: expected error $code from tsc, got:" >&2; echo "$out" >&2; exit 1; }
done
echo "misuse.ts: refused as it should be ($(grep -c 'error TS' <<<"$out") errors)"
