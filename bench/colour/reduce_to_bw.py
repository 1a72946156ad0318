#!/usr/bin/env python3
"""Colour puzzles and their black-and-white reductions, side by side.

Reads a multi-puzzle .non file written by `nonolab generate --random ...`
(each puzzle with its goal), keeps the first N puzzles, and writes two
.non files: the colour puzzles as they are, and the same boards with every
colour made black (clues recomputed from the goal). The benchmark in
docs/results/colour.md times `nonolab bench` on both.

    python3 bench/colour/reduce_to_bw.py unique4.non 1000 colour.non bw.non
"""
import sys


def puzzles(text):
    """Yields each puzzle's lines (a puzzle starts at its `title` line)."""
    block = []
    for line in text.splitlines():
        if line.strip() == "====":  # the separator nonolab writes
            continue
        if line.startswith("title ") and block:
            yield block
            block = []
        block.append(line)
    if block:
        yield block


def runs(cells):
    out, n = [], 0
    for c in cells + [False]:
        if c:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def reduce_block(block):
    fields = {}
    for line in block:
        key, _, value = line.partition(" ")
        fields.setdefault(key, value)
    width, height = int(fields["width"]), int(fields["height"])
    goal = fields["goal"].strip('"')
    if len(goal) != width * height:
        raise SystemExit(f"{fields['title']}: goal has {len(goal)} cells, expected {width * height}")
    filled = [[goal[r * width + c] != "0" for c in range(width)] for r in range(height)]
    lines = [f"title {fields['title'][:-1]} (black and white)\"", f"width {width}", f"height {height}", "", "rows"]
    for r in range(height):
        lines.append(",".join(map(str, runs(filled[r]))) or "0")
    lines += ["", "columns"]
    for c in range(width):
        lines.append(",".join(map(str, runs([filled[r][c] for r in range(height)]))) or "0")
    lines += ["", "goal \"" + "".join("1" if x else "0" for row in filled for x in row) + "\"", ""]
    return lines


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    source, count, colour_out, bw_out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    with open(source, encoding="utf-8") as f:
        blocks = list(puzzles(f.read()))[:count]
    if len(blocks) < count:
        raise SystemExit(f"{source}: only {len(blocks)} puzzles, wanted {count}")
    with open(colour_out, "w", encoding="utf-8") as f:
        f.write("====\n".join("\n".join(b) + "\n" for b in blocks))
    with open(bw_out, "w", encoding="utf-8") as f:
        f.write("====\n".join("\n".join(reduce_block(b)) for b in blocks))


if __name__ == "__main__":
    main()
