#!/usr/bin/env bash
# The cube-generator driver's verdicts, for each generator: 8-Dom (unique;
# line solving and probing leave it open, so there are cubes to solve) and
# examples/twins.clues (several solutions). A wrong verdict would make the
# driver's timings in docs/results/frontier.md mean nothing.
#   usage: cube_generators_test.sh NONOLAB BENCH_CUBE_GENERATORS EXAMPLES_DIR
set -euo pipefail
nonolab=$1 driver=$2 examples=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$nonolab" generate --ndom 8 -o "$dir/8dom.non" >/dev/null 2>&1
expect() {  # PUZZLE VERDICT
  for g in none probing lookahead "probing --cnf cube"; do
    # shellcheck disable=SC2086  # $g holds the generator and its CNF flag
    out=$("$driver" "$1" --generator $g --depth 3 --timeout 60 2>/dev/null)
    if ! grep -q "\"status\":\"$2\"" <<<"$out"; then
      echo "cube_generators_test: $g on $1: expected $2, got: $out" >&2
      exit 1
    fi
  done
}
expect "$dir/8dom.non" unique
expect "$examples/twins.clues" multiple
echo "cube_generators_test: every generator gives 8-Dom unique, twins multiple"
