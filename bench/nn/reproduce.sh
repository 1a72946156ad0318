#!/usr/bin/env bash
# Reproduces the experiments of Buades Rubio et al. 2024 (section 4.2,
# Tables 3-8) with `nonolab experiment`, then prints our tables with
# bench/nn/tables.py. Results: docs/results/neural-tables.md.
#
#   bench/nn/reproduce.sh [OUT_DIR]
#
# Environment (defaults in brackets):
#   TRIALS10  runs per 10x10 board and method [12, the paper's]
#   SLICE10   which 10x10 test boards, e.g. @1-1000 ['' = all 15,274]
#   TRIALS15  runs per 15x15 board and method [1]
#   TIMEOUT   seconds per run [60]
#   THREADS   worker threads [0 = every core]
#   NONOLAB   the binary [build/apps/nonolab]
#   MODEL10   the 10x10 network of every nn-* method, e.g. models/paper-10x10.pt
#             ['' = the default, models/nonodataset-10x10.pt, and
#             -reflections.pt for the Ne8 variants]
#   MODEL15   the same for 15x15 ['' = models/nonodataset-15x15.pt]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-nn-runs}
bin=${NONOLAB:-build/apps/nonolab}
trials10=${TRIALS10:-12}
slice10=${SLICE10:-}
trials15=${TRIALS15:-1}
timeout=${TIMEOUT:-60}
threads=${THREADS:-0}
mkdir -p "$out"
py=/usr/bin/python3

methods10=nn-h,nn-nehi,nn-ne8hi,nn-nehpf,nn-ne8hpf,nn-nehpfi,nn-ne8hpfi
methods15=nn-h,nn-nehi,nn-nehpfi,nn-nehpf

# METHOD:model=FILE for each network method of a list (nn-h, the paper's
# heuristic alone, has none), or nothing: each method's default model.
model_params() {
  local file=$1 m ms
  [ -n "$file" ] || return 0
  IFS=, read -r -a ms <<<"$2"
  for m in "${ms[@]}"; do [ "$m" = nn-h ] || printf '%s\n' --param "$m:model=$file"; done
}
mapfile -t model10 < <(model_params "${MODEL10:-}" "$methods10")
mapfile -t model15 < <(model_params "${MODEL15:-}" "$methods15")

# 10x10: the whole test set (or a slice), every algorithm, TRIALS10 times.
"$bin" experiment "nonodataset:10x10/test$slice10" --methods "$methods10" ${model10[@]+"${model10[@]}"} \
    --trials "$trials10" --seed 1 --timeout "$timeout" --threads "$threads" \
    --resume "$out/runs10.jsonl" --out "$out/runs10.jsonl" >/dev/null
"$bin" experiment "nonodataset:10x10/test$slice10" --methods exact \
    --trials 1 --seed 1 --timeout "$timeout" --threads "$threads" \
    --resume "$out/exact10.jsonl" --out "$out/exact10.jsonl" >/dev/null || true
$py bench/nn/tables.py "$out/runs10.jsonl" > "$out/tables10.md"

# 15x15: the paper's 50-board sample (the first 50 test boards; the paper
# does not say which 50), the four algorithms without reflections.
"$bin" experiment "nonodataset:15x15/test@1-50" --methods "$methods15" ${model15[@]+"${model15[@]}"} \
    --trials "$trials15" --seed 1 --timeout "$timeout" --threads "$threads" \
    --resume "$out/runs15.jsonl" --out "$out/runs15.jsonl" >/dev/null
$py bench/nn/tables.py "$out/runs15.jsonl" --total 15274 --no-wilcoxon > "$out/tables15.md"
echo "tables: $out/tables10.md $out/tables15.md" >&2
