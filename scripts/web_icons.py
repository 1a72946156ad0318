#!/usr/bin/env python3
"""The page's icons (web/icon.svg, web/icon-192.png, web/icon-512.png),
drawn from one small picture: a 5x5 nonogram, its filled cells an "n",
on a white board inside a blue tile. Run from the repository root after
changing the picture; the files are committed, so building the site needs
nothing but this repository. Standard library only (zlib for the PNGs)."""
import os
import struct
import zlib

PICTURE = [".....",
           "####.",
           "#...#",
           "#...#",
           "#...#"]
BLUE, WHITE, INK, LINE = (0x25, 0x63, 0xEB), (0xFF, 0xFF, 0xFF), (0x1D, 0x1D, 0x1F), (0xB8, 0xC2, 0xD6)
# In units of a 100 x 100 tile: the board's square, and each cell's size.
BOARD, CELL = 17, 13.2  # board from 17 to 83, 5 cells of 13.2


def colour_at(x, y):
    """The colour of point (x, y) of the 100 x 100 tile."""
    if not (BOARD <= x < 100 - BOARD and BOARD <= y < 100 - BOARD):
        return BLUE
    c, r = int((x - BOARD) / CELL), int((y - BOARD) / CELL)
    fx, fy = (x - BOARD) - c * CELL, (y - BOARD) - r * CELL
    if min(fx, fy) < 0.6:
        return LINE
    return INK if PICTURE[min(r, 4)][min(c, 4)] == "#" else WHITE


def png(size):
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            row += bytes(colour_at((px + 0.5) * 100 / size, (py + 0.5) * 100 / size))
        rows.append(bytes(row))
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data +
                                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def svg():
    hexc = lambda c: "#%02x%02x%02x" % c
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
           '<rect width="100" height="100" fill="%s"/>' % hexc(BLUE),
           '<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>' % (BOARD, BOARD, 5 * CELL, 5 * CELL, hexc(LINE))]
    for r, line in enumerate(PICTURE):
        for c, v in enumerate(line):
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>' % (
                BOARD + c * CELL + 0.6, BOARD + r * CELL + 0.6, CELL - 0.6, CELL - 0.6,
                hexc(INK if v == "#" else WHITE)))
    return "\n".join(out + ["</svg>", ""])


if __name__ == "__main__":
    web = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "web")
    with open(os.path.join(web, "icon.svg"), "w") as f:
        f.write(svg())
    for size in (192, 512):
        with open(os.path.join(web, "icon-%d.png" % size), "wb") as f:
            f.write(png(size))
