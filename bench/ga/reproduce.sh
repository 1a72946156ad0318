#!/bin/sh
# Reproduce the numbers of docs/results/genetic-and-annealing.md.
# Run from the repository root after a Release build; writes Markdown tables
# to $OUT (default /tmp/ga-results). Uses one core; about 40 minutes in all.
set -e
OUT=${OUT:-/tmp/ga-results}
mkdir -p "$OUT"
S=bench/ga/seeds.py
D=../shared/benchmarks/dataset/taai_style

# Bobko & Grzywacz 2016, section III-IV: 30 runs per puzzle, paper parameters.
for m in ga-simple ga-modified; do
  python3 $S --method $m --seeds 30 bench/papers/bobko-4x4.clues bench/papers/bobko-5x5.clues \
    bench/papers/bobko-10x10.clues > "$OUT/bobko-$m.md"
done
# Our variants on the same puzzles, same evaluation budget as ga-modified 10x10 (270,090).
for m in ga-rows ga-hs-baseline; do
  python3 $S --method $m --seeds 30 --max-evaluations 270090 bench/papers/bobko-4x4.clues \
    bench/papers/bobko-5x5.clues bench/papers/bobko-10x10.clues > "$OUT/bobko-$m.md"
done

# Wang & Tang 2014, Table 3: time to the first solution, 20 seeds, 30 s cap.
for m in sa sa-rows; do
  python3 $S --method $m --seeds 20 --timeout 30 bench/ga/wang-tang/stalled-10.clues \
    bench/ga/wang-tang/stalled-15.clues bench/ga/wang-tang/stalled-20.clues \
    bench/ga/wang-tang/stalled-25.clues > "$OUT/wang-tang-$m.md"
done

# Aloglah et al.: 10x10 and 15x15 boards of the NonoDataset test sets (first 20 each), one seed.
if [ -d "$D" ]; then
  for m in ga-logic ga-rows; do
    python3 $S --method $m --seeds 1 --indices 1-20 --per-file --timeout 60 \
      $D/10x10_test_first300-question.txt $D/15x15_test_ok_first300-question.txt > "$OUT/aloglah-$m.md"
  done
  # Buades Rubio et al.: ga-nn on the 10x10 test boards (first 20), one seed, paper defaults.
  python3 $S --method ga-nn --seeds 1 --indices 1-20 --per-file --timeout 120 \
    $D/10x10_test_first300-question.txt > "$OUT/buades-ga-nn.md"
fi
