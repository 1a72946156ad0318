#!/usr/bin/env python3
"""Links and boards at the page's size limit (kMaxRequestSide, 200 a side,
src/core/limits.hpp, which the page reads from the generated limits.js), in
headless Chromium:

- a share link over the limit is refused at once with a message that gives
  the limit, whether it opens the page or arrives on a ready page (a
  10000x10000 link used to leave the page unready for minutes); the
  puzzle shown before stays;
- a 200x200 link opens in Play and a 200x200 picture in Make: whole, the
  cells built in slices over several tasks (board.js), clues and painting
  working at the far corner, and the drawing kept across a reload;
- a picture over the limit is refused by Make, which keeps its drawing.

How long the main thread is blocked is measured, not asserted here (a
shared machine's timings are no test): bench/web/big_boards.py,
docs/results/web.md.

    limits_test.py NONOLAB_BINARY SCREENSHOT_DIR [Class.test_name ...]
"""
from selenium.webdriver.common.by import By

from harness import PageCase, main

LIMIT = 200


def empty_link(w, h):
    return "#play=2~%dx%d~~%s~%s" % (w, h, ".".join(["0"] * h), ".".join(["0"] * w))


class Limits(PageCase):
    def cells(self, board):
        return self.driver.execute_script(
            "return document.querySelectorAll('#%s td.cell').length" % board)

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
        link = empty_link(LIMIT, LIMIT)
        # An empty 200x200: every clue 0, so painting a cell makes it unsolved.
        n = self.driver.execute_script(
            "location.hash = arguments[0]; return document.querySelectorAll('#play-board td.cell').length", link)
        self.wait_for(lambda d: self.cells("play-board") == LIMIT * LIMIT, 60)
        self.assertEqual(self.play_error(), "")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.rowclue")), LIMIT)
        # The last cell is reachable and paints.
        last = self.cell("play-board", LIMIT - 1, LIMIT - 1)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", last)
        last.click()
        self.wait_for(lambda d: "background-color: rgb" in (last.get_attribute("style") or ""))
        self.assertLess(n, LIMIT * LIMIT, "the board was built in one task")

    def test_make_takes_a_picture_at_the_limit_and_refuses_a_bigger_one(self):
        pic = ["".join("#" if (r * 7 + c * 3) % 5 == 0 else "." for c in range(LIMIT)) for r in range(LIMIT)]
        n = self.driver.execute_script(
            "NL.make.loadPicture(arguments[0]); return document.querySelectorAll('#make-board td.cell').length", pic)
        self.assertLess(n, LIMIT * LIMIT, "the board was built in one task")
        self.wait_for(lambda d: self.cells("make-board") == LIMIT * LIMIT, 60)
        self.assertEqual(self.el("#make-board td.rowclue[data-row='199']").get_attribute("textContent"), "1" * 40)
        self.driver.get(self.server.url + "/")  # the drawing is kept across a reload
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertEqual(self.driver.execute_script("return NL.make.pic.map((r) => r.join(''))"), pic)
        too_big = ["." * (LIMIT + 1)] * 3
        message = self.driver.execute_script(
            "try { NL.make.loadPicture(arguments[0]); return ''; } catch (e) { return e.message; }", too_big)
        self.assertEqual(message, "a 201×3 picture: the page draws at most 200×200 cells")
        self.assertEqual(self.driver.execute_script("return NL.make.pic.length"), LIMIT)

    def source(self, path):
        import os
        from harness import CONFIG
        return os.path.join(CONFIG.source, path)


if __name__ == "__main__":
    main()
