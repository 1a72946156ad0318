"""Pictures the browser tests draw, as rows of '#' and '.'.

ndom_picture(n) is n-Dom (src/gen/ndom.hpp): a staircase of n dominoes,
each a bar of three with a tail of two below its right end. What the
tests rely on (graded by scripts/find_studio_pictures.py):
- n = 3 is unique and needs probing (16 one-cell changes make it line logic);
- n = 5 is unique and needs search (12 one-cell changes make it solvable by
  logic, none by line logic alone);
- n = 20: line logic decides none of its cells, and proving it unique
  takes tens of seconds, so its check waits for a slot.
No selenium here, so scripts can import it too.
"""


def ndom_picture(n):
    size = 2 * n + 1
    g = [["."] * size for _ in range(size)]
    for k in range(n):
        r, c = 2 * k, size - 3 - 2 * k
        g[r][c:c + 3] = ["#"] * 3
        g[r + 1][c + 2] = g[r + 2][c + 2] = "#"
    return ["".join(row) for row in g]
