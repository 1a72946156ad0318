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
- a picture over the limit is refused by Make, which keeps its drawing.

The timings themselves are measured in bench/web/big_boards.py and
reported in docs/results/web.md.

    limits_test.py NONOLAB_BINARY SCREENSHOT_DIR [Class.test_name ...]
"""
import time

from selenium.webdriver.common.by import By

from harness import PageCase, main

LIMIT = 200


def picture(n):
    """An n x n picture of many short runs: 40 clue numbers a line at 200."""
    return ["".join("#" if (r * 7 + c * 3) % 5 == 0 else "." for c in range(n)) for r in range(n)]


def empty_link(w, h):
    return "#play=2~%dx%d~~%s~%s" % (w, h, ".".join(["0"] * h), ".".join(["0"] * w))


class Limits(PageCase):
    def cells(self, board):
        return self.driver.execute_script(
            "return document.querySelectorAll('#%s td.cell').length" % board)

    def built(self, board, n):
        """Whether `board` shows an n x n board whose visible cells are built."""
        return self.driver.execute_script(
            "const t = document.querySelector('#%s table');"
            "return !!t && t.style.getPropertyValue('--w') == arguments[0] && t.dataset.built === 'true'"
            % board, str(n))

    def scroll_box(self, board, x, y):
        self.driver.execute_script(
            "const b = document.getElementById(arguments[0]); b.scrollLeft = arguments[1]; b.scrollTop = arguments[2]",
            board, x, y)

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
        self.assertEqual(self.el("#make-board td.rowclue[data-row='0']").get_attribute("textContent"), "1" * 40)
        # The last line's clue is drawn when it scrolls into view, and a
        # cell there draws.
        self.scroll_box("make-board", 10 ** 6, 10 ** 6)
        self.wait_for(lambda d: self.el("#make-board td.rowclue[data-row='199']").get_attribute("textContent")
                      == "1" * 40)
        self.wait_for(lambda d: self.el("#make-board td.colclue[data-col='199']").get_attribute("textContent")
                      == "1" * 40)
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#make-board td.cell[data-r='198'][data-c='199']"))
        self.assertEqual(pic[198][199], ".")
        self.cell("make-board", 198, 199).click()
        self.wait_for(lambda d: self.driver.execute_script("return NL.make.pic[198][199]") == "#")
        pic[198] = pic[198][:199] + "#"
        # Column 199's clue follows: its last run joins the new cell.
        self.wait_for(lambda d: self.el("#make-board td.colclue[data-col='199']").get_attribute("textContent")
                      == "1" * 39 + "2")
        self.driver.get(self.server.url + "/")  # the drawing is kept across a reload
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertEqual(self.driver.execute_script("return NL.make.pic.map((r) => r.join(''))"), pic)
        too_big = ["." * (LIMIT + 1)] * 3
        message = self.driver.execute_script(
            "try { NL.make.loadPicture(arguments[0]); return ''; } catch (e) { return e.message; }", too_big)
        self.assertEqual(message, "a 201×3 picture: the page draws at most 200×200 cells")
        self.assertEqual(self.driver.execute_script("return NL.make.pic.length"), LIMIT)

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

    def source(self, path):
        import os
        from harness import CONFIG
        return os.path.join(CONFIG.source, path)


if __name__ == "__main__":
    main()
