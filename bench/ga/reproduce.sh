#!/bin/sh
# Reproduce the tables of docs/results/genetic-and-annealing.md.
# Run from the repository root after a Release build; writes one Markdown
# table per run to $OUT (default /tmp/ga-results). One core; about 30 min.
set -e
OUT=${OUT:-/tmp/ga-results}
mkdir -p "$OUT"
S=bench/ga/seeds.py
B=bench/papers
D=../shared/benchmarks/dataset/taai_style
W=bench/ga/wang-tang

# Bobko & Grzywacz 2016, sections III-IV: 30 runs per puzzle, paper parameters.
for m in ga-simple ga-modified; do
  python3 $S --method $m --seeds 30 $B/bobko-4x4.clues $B/bobko-5x5.clues $B/bobko-10x10.clues \
    > "$OUT/bobko-$m.md"
done
# Other methods on the same puzzles, capped at ga-modified's 10x10 budget (90 x 3001).
for m in ga-hs-baseline ga-logic ga-nn ga-rows sa sa-rows; do
  python3 $S --method $m --seeds 30 --max-evaluations 270090 \
    $B/bobko-4x4.clues $B/bobko-5x5.clues $B/bobko-10x10.clues > "$OUT/bobko-$m.md"
done

# Lee & Geem 2025 GA baseline on our 8x8 picture, both roulette weights.
python3 $S --method ga-hs-baseline --seeds 10 bench/ga/pictures/arch8.clues > "$OUT/hs-arch8.md"
python3 $S --method ga-hs-baseline --param weight=linear --seeds 10 --max-evaluations 300000 \
  bench/ga/pictures/arch8.clues > "$OUT/hs-arch8-linear.md"

# Wang & Tang 2014, Table 3: time to the first solution, 20 seeds, 30 s cap.
for m in sa sa-rows; do
  python3 $S --method $m --seeds 20 --timeout 30 $W/stalled-10.clues $W/stalled-15.clues \
    $W/stalled-20.clues $W/stalled-25.clues > "$OUT/wang-tang-$m.md"
done
python3 $S --method sa --param fallback=off --seeds 10 --timeout 10 $W/stalled-10.clues \
  $W/stalled-15.clues > "$OUT/wang-tang-sa-paper.md"

if [ -d "$D" ]; then
  # Aloglah et al.: first 20 boards of the 10x10 and 15x15 test sets, one seed.
  for v in "ga-logic" "ga-logic --param rules=complete-fill" "ga-rows"; do
    name=$(echo "$v" | tr ' =' '__')
    python3 $S --method $v --seeds 1 --indices 1-20 --per-file --timeout 60 \
      $D/10x10_test_first300-question.txt $D/15x15_test_ok_first300-question.txt \
      > "$OUT/aloglah-$name.md"
  done
  # Buades Rubio et al.: ga-nn on the first 20 10x10 test boards, both fill terms;
  # the HS baseline on the same boards (Lee & Geem Table 2: GA 0/10 on 10x10).
  python3 $S --method ga-nn --seeds 1 --indices 1-20 --per-file --timeout 120 \
    $D/10x10_test_first300-question.txt > "$OUT/buades-ga-nn.md"
  python3 $S --method ga-nn --param fill_term=closeness --seeds 1 --indices 1-20 --per-file \
    --timeout 120 $D/10x10_test_first300-question.txt > "$OUT/buades-ga-nn-closeness.md"
  python3 $S --method ga-hs-baseline --seeds 1 --indices 1-20 --per-file --timeout 120 \
    $D/10x10_test_first300-question.txt > "$OUT/dataset-ga-hs-baseline.md"
fi

# Brute force (Bobko Table I).
for f in $B/bobko-4x4.clues $B/bobko-5x5.clues; do
  build/apps/nonolab solve --method brute-force --json "$f"
done > "$OUT/brute-force.jsonl"
