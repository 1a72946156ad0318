#!/usr/bin/env python3
"""Links and boards at the page's size limit (kMaxRequestSide, 200 a side,
src/core/limits.hpp, which the page reads from the generated limits.js), in
headless Chromium:

- a share link over the limit is refused at once with a message that gives
  the limit, whether it opens the page or arrives on a ready page (a
  10000x10000 link used to leave the page unready for minutes); the
  puzzle shown before stays;
- a 200x200 link opens in Play and a 200x200 picture in Make with only
  the cells (and clue numbers) its box shows in the document, built over
  several tasks (board.js); scrolled to the far corner, the cells and clues
  there are built, painting and undo work there, and a drawing made there
  is still there when it scrolls back into view; the drawing is kept
  across a reload;
- opening either leaves fewer than a quarter of the 40,000 cells in the
  document (all of them took 0.3 to 3 s of the main thread at a time);
- a picture over the limit is refused by Make, which keeps its drawing;
- such a board's clue line is one block of text (no box per number, which
  cost hundreds of ms of style, layout and paint), with each number still
  centred in a slot one cell wide, in black and white and in colour;
- on a phone (390x844, touch), a 200x200 in Play and in Make keeps fewer
  than a quarter of its cells in the document, its cells square and at
  least 14 px, its clues readable and held at the box's edges, and panning
  (scrolling the box) brings in the cells now in view, each where its
  data-r/data-c say.

The timings themselves are measured in bench/web/big_boards.py and
reported in docs/results/web.md.

    limits_test.py NONOLAB_BINARY SCREENSHOT_DIR [Class.test_name ...]
"""
import time

from selenium.webdriver.common.by import By

from harness import PageCase, PhoneSize, main

LIMIT = 200


def picture(n):
    """An n x n picture of many short runs: 40 clue numbers a line at 200."""
    return ["".join("#" if (r * 7 + c * 3) % 5 == 0 else "." for c in range(n)) for r in range(n)]


def runs(line):
    """The clue numbers of a line of a picture, as text."""
    out, n = [], 0
    for ch in line + ".":
        if ch != "." and n and ch == prev:
            n += 1
            continue
        if n:
            out.append(str(n))
        n, prev = (1, ch) if ch != "." else (0, ch)
    return out or ["0"]


# Where each number of a clue is drawn: [text, left, right, top, bottom] per
# number, from a Range over its digits (a windowed clue draws them as text).
NUMBERS = """
  const td = arguments[0], out = [];
  const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode()); ) {
    const re = /\\d+/g;
    for (let m; (m = re.exec(n.data)); ) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const b = r.getBoundingClientRect();
      out.push([m[0], b.left, b.right, b.top, b.bottom]);
    }
  }
  return out;"""


def empty_link(w, h):
    return "#play=2~%dx%d~~%s~%s" % (w, h, ".".join(["0"] * h), ".".join(["0"] * w))


class BigBoard(PageCase):
    """What the desktop and the phone tests of a board at the limit share."""

    def cells(self, board):
        return self.driver.execute_script(
            "return document.querySelectorAll('#%s td.cell').length" % board)

    def built(self, board, n):
        """Whether `board` shows an n x n board whose visible cells are built."""
        return self.driver.execute_script(
            "const t = document.querySelector('#%s table');"
            "return !!t && t.style.getPropertyValue('--w') == arguments[0] && t.dataset.built === 'true'"
            % board, str(n))

    def clue_cell(self, board, kind, i):
        attr = "row" if kind == "row" else "col"
        return self.el("#%s td.%sclue[data-%s='%d']" % (board, kind, attr, i))

    def clue(self, board, kind, i):
        """The numbers of a clue of a windowed board, which draws each line
        as one text, a number a line (board.js, inlineLine)."""
        return self.clue_cell(board, kind, i).get_attribute("textContent").split()

    def rect(self, element):
        return self.driver.execute_script(
            "const b = arguments[0].getBoundingClientRect();"
            "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width, height: b.height}",
            element)

    def assert_in_slots(self, board, kind, i, expected):
        """Clue `kind` i shows `expected`, each number centred in its slot:
        one cell wide, right-aligned in a row's clue; one cell tall,
        bottom-aligned in a column's (as a small board's span.num boxes)."""
        td = self.clue_cell(board, kind, i)
        numbers = self.driver.execute_script(NUMBERS, td)
        self.assertEqual([n[0] for n in numbers], expected)
        box = self.rect(td)
        cell = self.rect(self.el("#%s td.cell" % board))["width"]
        k = len(expected)
        for j, (text, left, right, top, bottom) in enumerate(numbers):
            where = "%s clue %d, number %d (%s)" % (kind, i, j, text)
            if kind == "row":
                a = box["right"] - (k - j) * cell
                along, across = (left, right, a), (top, bottom, box["top"], box["bottom"])
            else:
                a = box["bottom"] - (k - j) * cell
                along, across = (top, bottom, a), (left, right, box["left"], box["right"])
            lo, hi, start = along
            self.assertGreaterEqual(lo, start - 0.5, where)
            self.assertLessEqual(hi, start + cell + 0.5, where)
            self.assertAlmostEqual((lo + hi) / 2, start + cell / 2, delta=1.5, msg=where)
            lo, hi, a, b = across
            self.assertGreaterEqual(lo, a - 0.5, where)
            self.assertLessEqual(hi, b + 0.5, where)
            self.assertAlmostEqual((lo + hi) / 2, (a + b) / 2, delta=1.5, msg=where)

    def scroll_box(self, board, x, y):
        self.driver.execute_script(
            "const b = document.getElementById(arguments[0]); b.scrollLeft = arguments[1]; b.scrollTop = arguments[2]",
            board, x, y)


class Limits(BigBoard):
    def open_big(self, where):
        if where == "play":
            return self.driver.execute_script(
                "location.hash = arguments[0]; return document.querySelectorAll('#play-board td.cell').length",
                empty_link(LIMIT, LIMIT))
        return self.driver.execute_script(
            "NL.make.loadPicture(arguments[0]); return document.querySelectorAll('#make-board td.cell').length",
            picture(LIMIT))

    def play_error(self):
        return self.el("#play-error").text

    def test_the_limit_comes_from_the_server_side_constant(self):
        with open(self.source("src/core/limits.hpp")) as f:
            self.assertIn("kMaxRequestSide = %d;" % LIMIT, f.read())
        self.assertEqual(self.driver.execute_async_script(
            "import('./limits.js').then((m) => arguments[0](m.kMaxRequestSide))"), LIMIT)

    def test_an_oversized_link_on_a_ready_page_is_refused_at_once(self):
        self.driver.execute_script("location.hash = arguments[0]", "#play=2~4x4~~4.1.1.1~4.1.1.1")
        self.wait_for(lambda d: self.cells("play-board") == 16)
        before = self.cells("play-board")
        for w, h in ((10000, 10000), (LIMIT + 1, 5), (5, LIMIT + 1)):
            self.driver.execute_script("location.hash = arguments[0]", empty_link(w, h))
            self.wait_for(lambda d: ("%d×%d puzzle" % (w, h)) in self.play_error(), 5)
            self.assertIn("at most %d×%d cells" % (LIMIT, LIMIT), self.play_error())
            self.assertEqual(self.cells("play-board"), before)

    def test_an_oversized_link_that_opens_the_page_is_refused(self):
        self.driver.get(self.server.url + "/" + empty_link(10000, 10000))
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), 20)
        self.assertIn("10000×10000 puzzle: the page opens puzzles of at most 200×200 cells", self.play_error())
        self.assertLessEqual(self.cells("play-board"), LIMIT * LIMIT)

    def test_a_link_at_the_limit_opens_in_slices_and_plays(self):
        n = self.open_big("play")
        self.wait_for(lambda d: self.built("play-board", LIMIT), 60)
        self.assertEqual(self.play_error(), "")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.rowclue")), LIMIT)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.colclue")), LIMIT)
        shown = self.cells("play-board")
        self.assertGreater(shown, 100)
        self.assertLess(shown, LIMIT * LIMIT // 4, "cells out of view are in the document")
        self.assertLess(n, shown, "the board was built in one task")
        # The far corner, scrolled to: built, paints, undoes, paints again.
        self.scroll_box("play-board", 10 ** 6, 10 ** 6)
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-board td.cell[data-r='199'][data-c='199']"))
        self.assertIsNone(self.driver.execute_script(
            "return document.querySelector(\"#play-board td.cell[data-r='0'][data-c='0']\")"))
        last = self.cell("play-board", LIMIT - 1, LIMIT - 1)
        last.click()
        self.wait_for(lambda d: "background-color: rgb" in (last.get_attribute("style") or ""))
        self.assertNotIn(self.driver.execute_script("return NL.play.grid[199][199]"), ("?", ".", "x"))
        self.el("#play-undo").click()
        self.wait_for(lambda d: "background-color: rgb" not in (last.get_attribute("style") or ""))
        last.click()
        self.wait_for(lambda d: "background-color: rgb" in (last.get_attribute("style") or ""))
        # Back at the top left and again at the corner: the cell is built
        # anew from the puzzle's state, painted.
        self.scroll_box("play-board", 0, 0)
        self.wait_for(lambda d: not d.find_elements(
            By.CSS_SELECTOR, "#play-board td.cell[data-r='199'][data-c='199']"))
        self.scroll_box("play-board", 10 ** 6, 10 ** 6)
        self.wait_for(lambda d: "background-color: rgb" in (
            self.cell("play-board", LIMIT - 1, LIMIT - 1).get_attribute("style") or ""))

    def test_make_takes_a_picture_at_the_limit_and_refuses_a_bigger_one(self):
        pic = picture(LIMIT)
        n = self.open_big("make")
        self.wait_for(lambda d: self.built("make-board", LIMIT), 60)
        self.assertLess(n, self.cells("make-board"), "the board was built in one task")
        self.assertLess(self.cells("make-board"), LIMIT * LIMIT // 4, "cells out of view are in the document")
        self.assertEqual(self.clue("make-board", "row", 0), ["1"] * 40)
        # The last line's clue is drawn when it scrolls into view, and a
        # cell there draws.
        self.scroll_box("make-board", 10 ** 6, 10 ** 6)
        self.wait_for(lambda d: self.clue("make-board", "row", 199) == ["1"] * 40)
        self.wait_for(lambda d: self.clue("make-board", "col", 199) == ["1"] * 40)
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#make-board td.cell[data-r='198'][data-c='199']"))
        self.assertEqual(pic[198][199], ".")
        self.cell("make-board", 198, 199).click()
        self.wait_for(lambda d: self.driver.execute_script("return NL.make.pic[198][199]") == "#")
        pic[198] = pic[198][:199] + "#"
        # Column 199's clue follows: its last run joins the new cell.
        self.wait_for(lambda d: self.clue("make-board", "col", 199) == ["1"] * 39 + ["2"])
        self.driver.get(self.server.url + "/")  # the drawing is kept across a reload
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertEqual(self.driver.execute_script("return NL.make.pic.map((r) => r.join(''))"), pic)
        too_big = ["." * (LIMIT + 1)] * 3
        message = self.driver.execute_script(
            "try { NL.make.loadPicture(arguments[0]); return ''; } catch (e) { return e.message; }", too_big)
        self.assertEqual(message, "a 201×3 picture: the page draws at most 200×200 cells")
        self.assertEqual(self.driver.execute_script("return NL.make.pic.length"), LIMIT)

    def test_a_clue_at_the_limit_is_text_with_a_number_in_each_slot(self):
        pic = picture(LIMIT)
        self.open_big("make")
        self.wait_for(lambda d: self.built("make-board", LIMIT), 60)
        column = lambda p, c: "".join(row[c] for row in p)
        for kind, i, line in (("row", 0, pic[0]), ("row", 7, pic[7]), ("col", 0, column(pic, 0))):
            # One block of text (span.nums), not a box per number.
            self.assertEqual(self.driver.execute_script(
                "return Array.from(arguments[0].querySelectorAll('*'), (e) => e.className)",
                self.clue_cell("make-board", kind, i)), ["nums"])
            self.assert_in_slots("make-board", kind, i, runs(line))
        # In colour: each number a span.num in the ink that reads on its
        # colour, the colours' squares drawn behind them; numbers of up to
        # three digits stay in their slots.
        pic = ["." * LIMIT if r % 20 == 19 else
               "".join("r" if c % 10 < 2 else "b" if c % 10 == 5 else "." for c in range(LIMIT))
               for r in range(LIMIT)]
        pic[0] = "r" * 150 + "b" * 50  # "150 50"
        self.driver.execute_script("NL.make.loadPicture(arguments[0], arguments[1])", pic, [
            {"sym": "r", "css": "#f4d35e", "name": "sun"}, {"sym": "b", "css": "#1d4ed8", "name": "sea"}])
        self.wait_for(lambda d: self.built("make-board", LIMIT) and self.clue("make-board", "row", 0) == ["150", "50"])
        for kind, i, line in (("row", 0, pic[0]), ("row", 1, pic[1]), ("col", 0, column(pic, 0)),
                              ("col", 5, column(pic, 5)), ("col", 3, column(pic, 3))):
            self.assert_in_slots("make-board", kind, i, runs(line))
        spans = self.driver.execute_script("""
            return Array.from(arguments[0].querySelectorAll('span.num'),
                              (s) => [s.textContent, s.dataset.sym, getComputedStyle(s).color]);""",
            self.clue_cell("make-board", "row", 1))
        self.assertEqual(spans, [["2", "r", "rgb(0, 0, 0)"], ["1", "b", "rgb(255, 255, 255)"]] * 20)
        squares = self.driver.execute_script(
            "return getComputedStyle(arguments[0].querySelector('.nums')).backgroundImage",
            self.clue_cell("make-board", "row", 1))
        self.assertIn("rgb(244, 211, 94)", squares)
        self.assertIn("rgb(29, 78, 216)", squares)
        self.assertEqual(self.clue("make-board", "row", 19), ["0"])  # an empty line: 0, no colour
        self.assertIsNone(self.driver.execute_script(
            "return arguments[0].querySelector('span.num')", self.clue_cell("make-board", "row", 19)))

    def cells_built_opening(self, where):
        """How many cells the document holds once a 200x200 opened in Play
        or Make shows its visible cells (and a second more)."""
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), 30)
        self.driver.execute_script("localStorage.clear()")
        self.open_big(where)
        self.wait_for(lambda d: self.built(where + "-board", LIMIT), 60)
        time.sleep(1.0)
        return self.cells(where + "-board")

    # What keeps the main thread free on a board at the limit is that the
    # document holds only the cells its box shows: all 40,000 cells took
    # seconds of style, layout and paint. The time itself is a benchmark
    # (bench/web/big_boards.py, docs/results/web.md), not a test: a loaded
    # machine would make a timed bound fail at random.
    def test_a_board_at_the_limit_opens_in_play_with_only_its_visible_cells(self):
        self.assertLess(self.cells_built_opening("play"), LIMIT * LIMIT // 4)

    def test_a_board_at_the_limit_opens_in_make_with_only_its_visible_cells(self):
        self.assertLess(self.cells_built_opening("make"), LIMIT * LIMIT // 4)

    def test_a_clue_area_taller_than_the_box_scrolls_away(self):
        # Stripes a row wide: every column's clue is 100 ones, 1,400 px at
        # 14 px cells, taller than the box. Held at the box's top it would
        # cover the whole grid; it scrolls with the board instead.
        def head_position():
            return self.driver.execute_script(
                "return getComputedStyle(document.querySelector('#make-board tr.head')).position")

        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), 30)
        self.driver.execute_script("localStorage.clear()")
        # Bands 20 rows tall: 5 numbers a column, held at the box's top.
        bands = ["#" * LIMIT if (r // 20) % 2 == 0 else "." * LIMIT for r in range(LIMIT)]
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", bands)
        self.wait_for(lambda d: self.built("make-board", LIMIT) and len(self.clue("make-board", "col", 0)) == 5, 60)
        self.assertEqual(head_position(), "sticky")
        stripes = ["#" * LIMIT if r % 2 == 0 else "." * LIMIT for r in range(LIMIT)]
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", stripes)
        self.wait_for(lambda d: self.built("make-board", LIMIT) and len(self.clue("make-board", "col", 0)) == 100, 60)
        self.assertEqual(head_position(), "static")
        box = self.el("#make-board")
        head = self.rect(self.el("#make-board tr.head"))
        self.assertGreater(head["height"], self.rect(box)["height"])
        # Scrolled past the clues, the first rows are built and in view.
        self.scroll_box("make-board", 0, head["height"])
        self.wait_for(lambda d: self.built("make-board", LIMIT) and self.driver.find_elements(
            By.CSS_SELECTOR, "#make-board td.cell[data-r='0'][data-c='0']"), 30)
        cell, view = self.rect(self.el("#make-board td.cell[data-r='0'][data-c='0']")), self.rect(box)
        self.assertGreaterEqual(cell["top"], view["top"] - 1)
        self.assertLessEqual(cell["bottom"], view["bottom"] + 1)
        self.assertLess(self.cells("make-board"), LIMIT * LIMIT // 4)

    def source(self, path):
        import os
        from harness import CONFIG
        return os.path.join(CONFIG.source, path)


class PhoneBigBoard(PhoneSize, BigBoard):
    """A 200x200 on a phone (390x844 device metrics, touch), in Play and in
    Make: windowed, square readable cells, readable clues held at the box's
    edges, and the cells in view after panning (scrolling the box) built
    where their data-r/data-c say."""

    def layout(self, board):
        """The box, the grid's origin (the table's, past the clue areas,
        which scroll with it), the cell size and every built cell's place."""
        return self.driver.execute_script("""
            const box = document.getElementById(arguments[0]), t = box.querySelector('table');
            const r = (e) => { const b = e.getBoundingClientRect(); return {left: b.left, top: b.top, right: b.right,
                                                                             bottom: b.bottom, width: b.width, height: b.height}; };
            const corner = box.querySelector('td.corner').getBoundingClientRect();
            const cells = Array.from(box.querySelectorAll('td.cell'), (td) => {
              const b = td.getBoundingClientRect();
              return [+td.dataset.r, +td.dataset.c, b.left, b.top, b.width, b.height]; });
            return {box: r(box), inner: box.clientWidth, innerH: box.clientHeight,
                    scroll: [box.scrollLeft, box.scrollTop], table: r(t), cornerW: corner.width, cornerH: corner.height,
                    head: r(box.querySelector('tr.head')), cells,
                    font: parseFloat(getComputedStyle(box.querySelector('td.clue .nums')).fontSize),
                    sticky: [getComputedStyle(box.querySelector('td.rowclue')).position,
                             getComputedStyle(box.querySelector('tr.head')).position],
                    page: document.documentElement.scrollWidth, width: innerWidth};""", board)

    def check(self, board, line_runs):
        """Opened, and again after two pans: square readable cells, fewer
        than a quarter of them in the document, every one of the box's view
        built and where its data-r/data-c say, clues readable at the edges."""
        self.wait_for(lambda d: self.built(board, LIMIT), 60)
        first = None
        for pan in (None, (60.5, 80.5), (150.25, 20.75)):
            if pan:
                cell = g["cells"][0][4]
                self.scroll_box(board, int(pan[0] * cell), int(pan[1] * cell))
                self.wait_for(lambda d: self.driver.execute_script(
                    "return document.getElementById(arguments[0]).querySelector('td.cell[data-r=\"%d\"][data-c=\"%d\"]')"
                    % (int(pan[1]), int(pan[0])), board) and self.built(board, LIMIT), 30)
            g = self.layout(board)
            self.assertEqual(g["width"], 390)
            self.assertLessEqual(g["page"], g["width"], "the page scrolls sideways")
            cells = g["cells"]
            self.assertGreater(len(cells), 0)
            self.assertLess(len(cells), LIMIT * LIMIT // 4, "cells out of view are in the document")
            cell = cells[0][4]
            self.assertGreaterEqual(cell, 14)
            # Each built cell is square and where its row and column are.
            x0, y0 = g["table"]["left"] + g["cornerW"], g["table"]["top"] + g["cornerH"]
            for r, c, left, top, w, h in cells:
                self.assertEqual((w, h), (cell, cell))
                self.assertAlmostEqual(left, x0 + c * cell, delta=0.5, msg="cell %d,%d" % (r, c))
                self.assertAlmostEqual(top, y0 + r * cell, delta=0.5, msg="cell %d,%d" % (r, c))
            # Every cell the box shows past its clue areas is built.
            built = {(r, c) for r, c, *_ in cells}
            sx, sy = g["scroll"]
            view_r = range(int(sy // cell), min(LIMIT, int((sy + g["innerH"] - g["cornerH"]) // cell) + 1))
            view_c = range(int(sx // cell), min(LIMIT, int((sx + g["inner"] - g["cornerW"]) // cell) + 1))
            self.assertTrue(view_r and view_c, "no cell in view")
            missing = [(r, c) for r in view_r for c in view_c if (r, c) not in built]
            self.assertEqual(missing, [], "cells in view are not built")
            if pan:
                self.assertNotIn(first, built, "the cells of the first view are still in the document")
            else:
                first = (view_r[0], view_c[0])
            # Clues: held at the box's edges (sticky), readable, those of
            # the lines in view drawn with their numbers in their slots.
            self.assertEqual(g["sticky"], ["sticky", "sticky"])
            self.assertGreaterEqual(g["font"], 8)
            self.assertLessEqual(abs(g["head"]["top"] - g["box"]["top"]), 1, "the column clues left the view")
            r, c = view_r[0], view_c[0]
            left = self.rect(self.clue_cell(board, "row", r))["left"]
            self.assertLessEqual(abs(left - g["box"]["left"]), 1, "the row clues left the view")
            self.assert_in_slots(board, "row", r, line_runs("row", r))
            self.assert_in_slots(board, "col", c, line_runs("col", c))
        # A finger on a clue pans; on a cell it draws.
        self.assertEqual(self.clue_cell(board, "row", r).value_of_css_property("touch-action"), "auto")
        self.assertEqual(self.cell(board, r, c).value_of_css_property("touch-action"), "none")

    def test_a_link_at_the_limit_on_a_phone(self):
        self.el("#tab-play").click()
        self.driver.execute_script("location.hash = arguments[0]", empty_link(LIMIT, LIMIT))
        self.check("play-board", lambda kind, i: ["0"])

    def test_a_picture_at_the_limit_on_a_phone(self):
        # Blocks of 7 rows by 9 columns: about a dozen runs a line, so the
        # clue areas leave the grid most of the phone's box.
        pic = ["".join("#" if (r // 7 + c // 9) % 2 == 0 else "." for c in range(LIMIT)) for r in range(LIMIT)]
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", pic)
        self.check("make-board", lambda kind, i: runs(pic[i] if kind == "row" else "".join(row[i] for row in pic)))


if __name__ == "__main__":
    main()
