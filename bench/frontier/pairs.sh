#!/usr/bin/env bash
# Paired, alternating runs of two nonolab executables on the same puzzles
# (docs/results/frontier.md): A, B, A, B, ... so that a shared machine's
# load falls on both alike. Prints one line per run: puzzle, side, threads,
# wall seconds, verdict; and per puzzle the ratio of the medians B/A.
#
#   usage: bench/frontier/pairs.sh A_BINARY B_BINARY THREADS TIMEOUT ROUNDS PUZZLE...
set -euo pipefail
[ $# -ge 6 ] || { sed -n 's/^#   //p' "$0" >&2; exit 2; }
a=$1 b=$2 threads=$3 timeout=$4 rounds=$5
shift 5
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
for puzzle in "$@"; do
  ta=() tb=()
  for ((i = 0; i < rounds; i++)); do
    for side in A B; do
      bin=$a; [ $side = B ] && bin=$b
      start=$(date +%s.%N)
      verdict=$("$bin" check --threads "$threads" --timeout "$timeout" --json "$puzzle" 2>/dev/null |
                sed -n 's/.*"status":"\([a-z_]*\)".*/\1/p' | head -1) || true
      secs=$(echo "$(date +%s.%N) - $start" | bc)
      printf '%s\t%s\t%s\t%.2f\t%s\n' "$(basename "$puzzle")" $side "$threads" "$secs" "${verdict:-?}"
      if [ $side = A ]; then ta+=("$secs"); else tb+=("$secs"); fi
    done
  done
  ma=$(printf '%s\n' "${ta[@]}" | median) mb=$(printf '%s\n' "${tb[@]}" | median)
  printf '%s\tmedian A %.2f s, B %.2f s, B/A %.2f\n' "$(basename "$puzzle")" "$ma" "$mb" \
    "$(echo "$mb / $ma" | bc -l)"
done
