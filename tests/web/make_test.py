#!/usr/bin/env python3
"""The Make tab's drawing side in headless Chromium,
against a real server (harness.py), with real pointer input where it
matters: W3C pointer actions at fixed viewport coordinates, mouse and touch.

- a stroke paints every cell it crosses, even when its first cell makes the
  clue area deeper (the grid must not move under a still pointer);
- every clue follows a stroke as it goes, the grid does not jump when it
  ends, and the verdict says "Checking…" from its first cell;
- undo and redo (buttons, Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z) of strokes, tools,
  fixes, Clear, resize and import, with the verdict following; bounded;
- the drawing kept in localStorage across a reload; a corrupt one ignored;
- Clear asks first; a failed import changes nothing; a PNG puzzle imports;
- a fix previewed while pointed at and outlined once applied;
- the phone layout: 15x15 fits 390 px, 30x30 keeps readable cells and
  scrolls in the board's box, as a chosen cell size does; scroll mode does
  not paint; at 390x844 with touch, square readable cells in Make and Play,
  the grid before the tools, clues held in view while a big board pans;
- the tools: line, rectangle, filled rectangle, fill, mirror, invert, shift,
  and symmetric drawing;
- "needs probing" not in line logic's green.

    make_test.py NONOLAB_BINARY SCREENSHOT_DIR [Class.test_name ...]
"""
import os
import struct
import tempfile
import time
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import CONFIG, PageCase, PhoneSize, main
from pictures import ndom_picture

PROBING = ndom_picture(3)
# Row 0 and column 0 full: every other line's clue is one number, so a
# stroke across them makes the clue area one number deeper at its first cell.
FRAME = ["#" * 15] + ["#" + "." * 14] * 14


class MakeCase(PageCase):
    def pic(self):
        return self.driver.execute_script("return NL.make.pic.map((r) => r.join(''))")

    def load(self, rows):
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", rows)

    def centre(self, r, c):
        return self.driver.execute_script(
            "const b = arguments[0].getBoundingClientRect();"
            "return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];",
            self.cell("make-board", r, c))

    def stroke(self, points, kind="mouse"):
        """Presses at the first viewport point, moves through the others, releases."""
        pointer = PointerInput(interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE, kind)
        # 50 ms a move, not Selenium's 250: a stroke across 15 cells is then
        # under a second, the pace of a quick hand, and still one event a cell.
        actions = ActionBuilder(self.driver, mouse=pointer, duration=50)
        x, y = points[0]
        actions.pointer_action.move_to_location(x, y).pointer_down()
        for x, y in points[1:]:
            actions.pointer_action.move_to_location(x, y)
        actions.pointer_action.pointer_up()
        actions.perform()

    def drag_cells(self, a, b, kind="mouse"):
        """A stroke from cell a to cell b by their centres as they are before it starts."""
        for cell in (a, b):  # on a phone the board may be below the fold
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})",
                                       self.cell("make-board", *cell))
        (x0, y0), (x1, y1) = self.centre(*a), self.centre(*b)
        steps = max(abs(a[0] - b[0]), abs(a[1] - b[1]), 1)
        self.stroke([(round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps))
                     for i in range(steps + 1)], kind)

    def keys(self, key, shift=False):
        chain = ActionChains(self.driver).key_down(Keys.CONTROL)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.CONTROL).perform()

    def settled(self):
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") not in ("", "checking"))
        return self.el("#verdict").get_attribute("data-status")

    def steps(self):
        return self.driver.execute_script("return NL.make.history.undos.length")


class Strokes(MakeCase):
    def check_row_and_column(self, kind):
        # Across row 7 from column 2: every column's clue gets a second number.
        self.load(FRAME)
        self.settled()
        self.drag_cells((7, 2), (7, 14), kind)
        self.assertEqual(self.pic()[7], "#." + "#" * 13)
        self.settled()
        # Down column 7 from row 2: every row's clue gets a second number.
        self.load(FRAME)
        self.settled()
        self.drag_cells((2, 7), (14, 7), kind)
        self.assertEqual([row[7] for row in self.pic()], ["#", "."] + ["#"] * 13)
        # The deeper clues show once the stroke has ended.
        self.wait_for(lambda d: len(d.find_elements(
            By.CSS_SELECTOR, "#make-board td.rowclue[data-row='14'] span.num")) == 2)
        # And on an empty board, both ways.
        self.new_picture(15, 15)
        self.drag_cells((7, 0), (7, 14), kind)
        self.drag_cells((0, 3), (14, 3), kind)
        pic = self.pic()
        self.assertEqual(pic[7], "#" * 15)
        self.assertEqual("".join(row[3] for row in pic), "#" * 15)

    def test_a_mouse_drag_paints_every_cell_it_crosses(self):
        self.check_row_and_column("mouse")

    def test_a_finger_drag_paints_every_cell_it_crosses(self):
        self.check_row_and_column("touch")


class LiveClues(MakeCase):
    """During a stroke every clue follows the drawing, the grid stays where
    it was (during the stroke and when it ends), and the verdict says it is
    checking from the first cell."""

    def press_and_move(self, cells, kind):
        """Presses on the first cell and moves through the others, not
        released: W3C actions for a mouse, DevTools touch events for a
        finger (chromedriver ends a touch with its action sequence)."""
        points = [self.centre(*cell) for cell in cells]
        if kind == "touch":
            for i, (x, y) in enumerate(points):
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                    "type": "touchMove" if i else "touchStart", "touchPoints": [{"x": x, "y": y}]})
            return None
        pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
        actions = ActionBuilder(self.driver, mouse=pointer)
        actions.pointer_action.move_to_location(*points[0]).pointer_down()
        for x, y in points[1:]:
            actions.pointer_action.move_to_location(x, y)
        actions.perform()
        return pointer

    def lift(self, pointer):
        if pointer is None:
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        actions = ActionBuilder(self.driver, mouse=pointer)
        actions.pointer_action.pointer_up()
        actions.perform()

    def grid_at(self):
        return self.driver.execute_script(
            "const b = document.querySelector('#make-board td.cell').getBoundingClientRect(); return [b.left, b.top];")

    def clue(self, kind, i):
        return self.driver.execute_script(  # in one call: a clue's numbers are replaced as it changes
            "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.textContent)",
            f"#make-board td.{kind}clue[data-{'row' if kind == 'row' else 'col'}='{i}'] span.num")

    def check(self, kind):
        # FRAME: a stroke across row 7 from column 2 gives every column a second number.
        self.load(FRAME)
        self.assertEqual(self.settled(), "unique")
        for cell in ((7, 2), (7, 14)):  # on a phone the board may be below the fold
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})",
                                       self.cell("make-board", *cell))
        before = self.grid_at()
        pointer = self.press_and_move([(7, c) for c in range(2, 15)], kind)
        # Still pressed: the clues are redrawn at the next frame, which a
        # loaded machine may give a moment later, so each is waited for.
        self.wait_for(lambda d: self.clue("row", 7) == ["1", "13"])   # fits: shown
        self.wait_for(lambda d: self.clue("col", 14) == ["1", "1"])   # deeper: shown, squeezed
        self.assertEqual(self.clue("col", 1), ["1"])                  # unchanged
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") == "checking")
        self.assertEqual(self.el("#verdict").text, "Checking…")
        self.assertEqual(self.grid_at(), before, "the grid moved during the stroke")
        self.lift(pointer)
        self.assertEqual(self.grid_at(), before, "the grid jumped when the stroke ended")
        self.assertEqual(self.clue("col", 14), ["1", "1"])
        self.assertEqual(self.settled(), "unique")
        return before

    def test_every_clue_follows_a_mouse_stroke_and_the_grid_stays(self):
        before = self.check("mouse")
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.squeezed"))
        # The mouse leaves the board: the clues take their full room.
        ActionChains(self.driver).move_to_element(self.el("#verdict")).perform()
        self.wait_for(lambda d: not d.find_elements(By.CSS_SELECTOR, "#make-board td.squeezed"))
        self.assertNotEqual(self.grid_at(), before)  # the deeper clue area, now that nothing points

    def test_every_clue_follows_a_finger_stroke_and_the_grid_stays(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.check("touch")
        # A moment after the finger lifts, the clues take their full room.
        self.wait_for(lambda d: not d.find_elements(By.CSS_SELECTOR, "#make-board td.squeezed"))


class Undo(MakeCase):
    def test_every_kind_of_change_is_one_step(self):
        self.new_picture(6, 3)
        base = self.steps()
        states = [self.pic()]

        def step(action, expect_pic=None):
            action()
            self.assertEqual(self.steps(), base + len(states), "not one undo step")
            states.append(self.pic())
            if expect_pic:
                self.assertEqual(states[-1], expect_pic)

        step(lambda: self.drag_cells((0, 0), (0, 0)), ["#.....", "......", "......"])  # a click
        step(lambda: self.drag_cells((1, 1), (1, 4)), ["#.....", ".####.", "......"])  # a drag
        step(lambda: self.el("#op-flip-v").click(), ["......", ".####.", "#....."])     # a tool
        step(lambda: self.el("#op-invert").click(), ["######", "#....#", ".#####"])
        self.settled()
        # A fix, applied from the list (stubbed so that the step is known).
        report = """NL.make.fix.report({grade: 'line', complete: true, checked: 1, suggestions: [
              {changes: [{row: 1, col: 2, value: '#'}], grade: 'line'}]}, 'unique', 1, 0);"""
        self.driver.execute_script(report)
        self.keys("z")  # fixes found for the drawing before an undo go at once
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li"), [])
        self.keys("y")
        self.assertEqual(self.pic(), states[-1])
        # The redo starts a check after a short pause (the page waits for
        # more edits); its answer redraws the fix panel, so the stub goes in
        # once that check has answered, or the answer would replace it.
        time.sleep(0.5)
        self.settled()
        self.driver.execute_script(report)
        step(lambda: self.el("#suggestions button.apply").click(), ["######", "#.#..#", ".#####"])
        step(lambda: (self.el("#make-clear").click(), self.el("#make-clear-yes").click()),
             ["......"] * 3)
        box = self.el("#make-width")
        box.clear()
        box.send_keys("4")
        step(lambda: self.el("#make-resize").click(), ["...."] * 3)
        step(lambda: self.load(["#.", ".#"]), ["#.", ".#"])  # an import
        self.assertEqual(self.settled(), "multiple")
        # Back, one step at a time: buttons and both keys; the verdict follows.
        self.el("#make-undo").click()
        self.assertEqual(self.pic(), states[-2])
        for i in range(len(states) - 3, -1, -1):
            self.keys("z")
            self.assertEqual(self.pic(), states[i])
        self.assertEqual(self.steps(), base)
        self.keys("y")
        self.assertEqual(self.pic(), states[1])
        self.keys("z", shift=True)
        self.assertEqual(self.pic(), states[2])
        self.assertEqual(self.settled(), "multiple")  # the 4 of row 2 fits at column 1 or 2
        for _ in range(len(states) - 3):
            self.el("#make-redo").click()
        self.assertEqual(self.pic(), states[-1])
        self.assertFalse(self.el("#make-redo").is_enabled())
        self.assertEqual(self.settled(), "multiple")
        self.keys("z")
        self.assertEqual(self.pic(), ["...."] * 3)
        self.assertEqual(self.settled(), "unique")

    def test_a_new_change_after_undo_drops_redo_and_history_is_bounded(self):
        self.new_picture(5, 5)
        self.drag_cells((0, 0), (0, 0))
        self.drag_cells((1, 1), (1, 1))
        self.keys("z")
        self.assertTrue(self.el("#make-redo").is_enabled())
        self.drag_cells((2, 2), (2, 2))
        self.assertFalse(self.el("#make-redo").is_enabled())
        self.assertEqual(self.pic()[:3], ["#....", ".....", "..#.."])
        for _ in range(260):
            self.driver.execute_script("NL.make.tools.op('invert')")
        limit = self.driver.execute_script("return NL.make.history.limit")
        self.assertEqual(self.steps(), limit)

    def test_keys_in_a_text_field_are_left_to_it(self):
        self.new_picture(5, 5)
        self.drag_cells((0, 0), (0, 0))
        self.el("#palette-name").click()
        self.keys("z")
        self.assertEqual(self.pic()[0], "#....")


class Saved(MakeCase):
    def test_the_drawing_survives_a_reload(self):
        self.new_picture(7, 4)
        self.el("#palette-add").click()
        sym = self.el("#make-palette .swatch.active").get_attribute("data-sym")
        self.drag_cells((0, 0), (0, 3))
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertEqual(self.pic(), [sym * 4 + "...", "." * 7, "." * 7, "." * 7])
        self.assertEqual(self.el("#make-width").get_attribute("value"), "7")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#make-palette .swatch")), 6)
        self.assertEqual(self.settled(), "unique")

    def test_a_corrupt_saved_drawing_starts_blank_and_is_kept(self):
        for bad in ('{"w": 3', '{"w": 2, "h": 1, "pic": ["#"], "colours": [{"sym": "#", "css": "#000000", '
                    '"name": "black"}]}', '[1, 2]', '{"w": 1, "h": 1, "pic": ["z"], "colours": []}'):
            self.driver.execute_script("localStorage.setItem('nonolab-make', arguments[0])", bad)
            self.driver.get(self.server.url + "/")
            self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
            self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.cell")), 100, bad)
            self.assertEqual(self.el("#make-error").text, "")
            self.assertEqual(self.settled(), "unique")
            # ... and kept aside, said, never overwritten unseen.
            self.assertIn("could not be read", self.el("#make-unreadable").text)
            self.assertEqual(self.driver.execute_script(
                "return localStorage.getItem('nonolab-make-unreadable')"), bad)


class ClearAndImport(MakeCase):
    def test_clear_asks_first(self):
        self.new_picture(5, 5)
        self.drag_cells((2, 0), (2, 4))
        self.el("#make-clear").click()
        self.assertTrue(self.el("#make-clear-ask").is_displayed())
        self.el("#make-clear-no").click()
        self.assertFalse(self.el("#make-clear-ask").is_displayed())
        self.assertEqual(self.pic()[2], "#####")
        self.el("#make-clear").click()
        self.el("#make-clear-yes").click()
        self.assertEqual(self.pic(), ["....."] * 5)
        self.keys("z")
        self.assertEqual(self.pic()[2], "#####")

    def test_a_failed_import_changes_nothing(self):
        self.new_picture(6, 3)
        self.drag_cells((0, 0), (0, 0))
        self.drag_cells((1, 1), (1, 1))
        self.drag_cells((0, 3), (0, 3))
        self.drag_cells((1, 4), (1, 4))
        self.assertEqual(self.settled(), "multiple")
        self.wait_for(lambda d: self.el("#make-unique").is_enabled())
        self.el("#make-unique").click()
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions button.apply"), 60)
        before, steps = self.pic(), self.steps()
        junk = tempfile.NamedTemporaryFile("w", suffix=".non", delete=False)
        junk.write("this is not a puzzle\n")
        junk.close()
        impossible = os.path.join(CONFIG.source, "examples", "impossible.nin")
        try:
            for path in (impossible, junk.name):
                self.el("#import-puzzle").send_keys(path)
                error = self.wait_for(lambda d: self.el("#import-error").text)
                if path == impossible:
                    self.assertRegex(error, r"^impossible\.nin: no grid fits its clues, so there is no picture "
                                            r"to draw \(column 1: .+\)\. Nothing was changed\.$")
                self.assertEqual(self.pic(), before)
                self.assertEqual(self.steps(), steps)
                self.assertEqual(self.el("#verdict").get_attribute("data-status"), "multiple")
                self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li"), [])
                self.assertEqual(self.el("#import-error").value_of_css_property("color"), "rgba(198, 40, 40, 1)")
                self.driver.execute_script("NL.make.importer.error(null)")
        finally:
            os.remove(junk.name)
        # A puzzle that imports is one undo step.
        self.el("#import-puzzle").send_keys(os.path.join(CONFIG.source, "examples", "heart.non"))
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#make-board td.cell")) == 72)
        self.assertEqual(self.steps(), steps + 1)
        self.keys("z")
        self.assertEqual(self.pic(), before)


def png(rows):
    """A PNG of rows of '#' (black) and '.' (white), one pixel per cell."""
    raw = b"".join(b"\0" + b"".join(b"\0\0\0" if v == "#" else b"\xff\xff\xff" for v in row) for row in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


class BinaryImport(MakeCase):
    def test_a_png_puzzle_file_imports(self):
        rows = ["####", "#...", "#..#", "####"]
        with tempfile.NamedTemporaryFile("wb", suffix=".png", delete=False) as f:
            f.write(png(rows))
        try:
            self.el("#import-puzzle").send_keys(f.name)
            self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#make-board td.cell")) == 16)
            self.assertEqual(self.pic(), rows)
            self.assertEqual(self.el("#make-error").text, "")
        finally:
            os.remove(f.name)


class Fixes(MakeCase):
    def test_a_fix_is_previewed_and_outlined_once_applied(self):
        self.new_picture(6, 3)
        for cell in ((0, 0), (1, 1), (0, 3), (1, 4)):
            self.drag_cells(cell, cell)
        self.assertEqual(self.settled(), "multiple")
        self.wait_for(lambda d: self.el("#make-unique").is_enabled())
        self.el("#make-unique").click()
        li = self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li.suggestion"), 60)[0]
        cells = [tuple(map(int, x.split(":"))) for x in li.get_attribute("data-cells").split(",")]
        before = self.pic()
        ActionChains(self.driver).move_to_element(li).perform()
        shown = self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.preview")
        self.assertEqual(sorted((int(t.get_attribute("data-r")), int(t.get_attribute("data-c"))) for t in shown),
                         sorted(cells))
        self.assertEqual(self.pic(), before)  # only shown, not drawn
        ActionChains(self.driver).move_to_element(self.el("#verdict")).perform()
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.preview"), [])
        # From the keyboard: the fix whose Apply has the focus is shown.
        self.driver.execute_script("arguments[0].focus()", li.find_element(By.CSS_SELECTOR, "button.apply"))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.preview")), len(cells))
        self.driver.execute_script("document.activeElement.blur()")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.preview"), [])
        li.find_element(By.CSS_SELECTOR, "button.apply").click()
        applied = self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.applied")
        self.assertEqual(len(applied), len(cells))
        self.assertNotEqual(self.pic(), before)
        self.assertEqual(self.settled(), "unique")
        self.drag_cells((2, 5), (2, 5))  # the next stroke ends the outline
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.applied"), [])


class Phone(MakeCase):
    def test_a_finger_drag_on_a_phone_paints_every_cell_it_crosses(self):
        self.phone()
        Strokes.check_row_and_column(self, "touch")

    def phone(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def fits(self):
        box = self.driver.execute_script("""
            const t = document.querySelector('#make-board table').getBoundingClientRect();
            const b = document.getElementById('make-board');
            return [t.left, t.right, innerWidth, b.scrollWidth, b.clientWidth];""")
        self.assertGreaterEqual(box[0], 0)
        self.assertLessEqual(box[1], box[2], "the board is wider than the screen")
        self.assertLessEqual(box[3], box[4], "the board is clipped")
        return box

    def test_boards_fit_a_phone(self):
        self.phone()
        self.new_picture(15, 15)
        self.fits()
        self.load(ndom_picture(7))  # 15x15 with deep clues
        self.fits()
        # 30x30 needs cells below the readable size to fit: it scrolls in its box.
        self.new_picture(30, 30)
        box = self.driver.execute_script("""const b = document.getElementById('make-board');
            return [b.getBoundingClientRect().right, innerWidth, b.scrollWidth, b.clientWidth];""")
        self.assertLessEqual(box[0], box[1])
        self.assertGreater(box[2], box[3])
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"),
                             self.driver.execute_script("return window.innerWidth"))

    def test_a_chosen_cell_size_scrolls_in_the_board(self):
        self.phone()
        self.new_picture(30, 30)
        Select(self.el("#make-zoom")).select_by_value("24")
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector('#make-board td.cell').getBoundingClientRect().width"), 24)
        box = self.driver.execute_script("""const b = document.getElementById('make-board');
            return [b.getBoundingClientRect().right, innerWidth, b.scrollWidth, b.clientWidth];""")
        self.assertLessEqual(box[0], box[1])  # the box fits the screen...
        self.assertGreater(box[2], box[3])    # ...and the grid scrolls inside it
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), box[1])
        Select(self.el("#make-zoom")).select_by_value("fit")
        # Fitted, 30x30 keeps readable cells and still scrolls in its box.
        box = self.driver.execute_script("""const b = document.getElementById('make-board');
            return [b.querySelector('td.cell').getBoundingClientRect().width, b.getBoundingClientRect().right,
                    innerWidth];""")
        self.assertEqual(box[0], 14)
        self.assertLessEqual(box[1], box[2])

    def test_scroll_mode_does_not_paint(self):
        self.phone()
        self.new_picture(15, 15)
        self.el("#make-pan").click()
        self.drag_cells((3, 0), (3, 10), "touch")
        self.assertEqual(self.pic(), ["." * 15] * 15)
        self.el("#make-pan").click()
        self.drag_cells((3, 0), (3, 10), "touch")
        self.assertEqual(self.pic()[3], "#" * 11 + "....")


class PhoneLayout(PhoneSize, MakeCase):
    """At 390x844 (device metrics, touch): square cells that stay readable,
    the grid before the tools, big boards that pan with their clues in view,
    in Make and in Play."""

    def geometry(self, board):
        return self.driver.execute_script("""
            const b = document.getElementById(arguments[0]), cell = b.querySelector('td.cell').getBoundingClientRect();
            const num = b.querySelector('td.clue .num');
            return {w: cell.width, h: cell.height, top: b.getBoundingClientRect().top,
                    font: parseFloat(getComputedStyle(num).fontSize), right: b.getBoundingClientRect().right,
                    scrolls: b.scrollWidth > b.clientWidth, inner: innerWidth,
                    page: document.documentElement.scrollWidth};""", board)

    def picture(self, w, h):
        return ["".join("#" if (r * c) % 3 else "." for c in range(w)) for r in range(h)]

    def test_make_cells_are_square_readable_and_first(self):
        self.assertEqual(self.driver.execute_script("return innerWidth"), 390)
        for w, h in ((20, 20), (34, 40)):
            self.load(self.picture(w, h))
            g = self.geometry("make-board")
            self.assertEqual(g["w"], g["h"], "cells are not square at %dx%d" % (w, h))
            self.assertGreaterEqual(g["w"], 14)
            self.assertGreaterEqual(g["font"], 8)
            self.assertLessEqual(g["right"], g["inner"])
            self.assertLessEqual(g["page"], g["inner"], "the page scrolls sideways")
            # The grid comes first: above the drawing tools, within the first screen.
            tools = self.el("#make-tools").rect["y"]
            self.assertLess(g["top"], tools)
            self.assertLess(g["top"], 150)
        self.assertTrue(g["scrolls"])  # 34x40 pans in its box...
        left = self.driver.execute_script("""const b = document.getElementById('make-board');
            b.scrollLeft = 200; b.scrollTop = 200;
            const clue = b.querySelector('td.rowclue[data-row="20"]').getBoundingClientRect();
            const head = b.querySelector('tr.head').getBoundingClientRect();
            return [clue.left - b.getBoundingClientRect().left, head.top - b.getBoundingClientRect().top];""")
        self.assertLessEqual(abs(left[0]), 1, "the row clues left the view when the board panned")
        self.assertLessEqual(abs(left[1]), 1, "the column clues left the view when the board panned")
        # A finger on a clue pans instead of painting.
        clue = self.el("#make-board td.rowclue[data-row='20']")
        self.assertEqual(clue.value_of_css_property("touch-action"), "auto")
        self.assertEqual(self.cell("make-board", 20, 20).value_of_css_property("touch-action"), "none")

    def test_play_cells_are_square_readable_and_zoom(self):
        self.el("#tab-play").click()
        rows = ".".join(["1"] * 40)
        cols = ".".join(["1"] * 34)
        self.driver.execute_script("location.hash = arguments[0]", "#play=2~34x40~~%s~%s" % (rows, cols))
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board td.cell")) == 34 * 40)
        g = self.geometry("play-board")
        self.assertEqual(g["w"], g["h"])
        self.assertGreaterEqual(g["w"], 14)
        self.assertGreaterEqual(g["font"], 8)
        self.assertLess(g["top"], self.el("#play-undo").rect["y"])
        Select(self.el("#play-zoom")).select_by_value("24")
        g = self.geometry("play-board")
        self.assertEqual((g["w"], g["h"]), (24, 24))


class Tools(MakeCase):
    def use(self, tool, a, b, expect):
        self.el("#tool-" + tool).click()
        steps = self.steps()
        before = self.pic()
        self.drag_cells(a, b)
        self.assertEqual(self.pic(), expect, tool)
        self.assertEqual(self.steps(), steps + 1, tool)
        self.keys("z")
        self.assertEqual(self.pic(), before, tool)
        self.keys("y")

    def op(self, name, expect):
        steps = self.steps()
        before = self.pic()
        self.el("#op-" + name).click()
        self.assertEqual(self.pic(), expect, name)
        self.assertEqual(self.steps(), steps + 1, name)
        self.el("#make-undo").click()
        self.assertEqual(self.pic(), before, name)
        self.el("#make-redo").click()

    def test_shapes_and_fill(self):
        self.new_picture(6, 5)
        self.use("line", (0, 0), (3, 3), ["#.....", ".#....", "..#...", "...#..", "......"])
        self.use("rect", (1, 1), (3, 5), ["#.....", ".#####", ".##..#", ".#####", "......"])
        self.use("box", (4, 0), (4, 2), ["#.....", ".#####", ".##..#", ".#####", "###..."])
        self.use("fill", (2, 3), (2, 3), ["#.....", ".#####", ".#####", ".#####", "###..."])
        self.el("#make-palette .swatch[data-sym='r']").click()
        self.use("fill", (0, 1), (0, 1), ["#rrrrr", ".#####", ".#####", ".#####", "###..."])  # 4-connected
        # A right-button line erases.
        self.el("#tool-line").click()
        (x0, y0), (x1, y1) = self.centre(1, 1), self.centre(1, 5)
        pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
        actions = ActionBuilder(self.driver, mouse=pointer)
        actions.pointer_action.move_to_location(x0, y0).pointer_down(button=2) \
            .move_to_location(x1, y1).pointer_up(button=2)
        actions.perform()
        self.assertEqual(self.pic()[1], "......")

    def test_symmetric_drawing(self):
        self.new_picture(6, 4)
        Select(self.el("#make-symmetry")).select_by_value("h")
        steps = self.steps()
        self.drag_cells((0, 0), (0, 1))
        self.assertEqual(self.pic(), ["##..##", "......", "......", "......"])
        Select(self.el("#make-symmetry")).select_by_value("hv")
        self.el("#tool-line").click()
        self.drag_cells((1, 1), (1, 2))
        self.assertEqual(self.pic(), ["##..##", ".####.", ".####.", "......"])
        self.assertEqual(self.steps(), steps + 2)
        self.keys("z")
        self.assertEqual(self.pic(), ["##..##", "......", "......", "......"])

    def test_mirror_invert_shift(self):
        self.load(["##..", "#...", "...."])
        self.op("flip-h", ["..##", "...#", "...."])
        self.op("flip-v", ["....", "...#", "..##"])
        self.op("invert", ["####", "###.", "##.."])
        self.op("shift-up", ["###.", "##..", "####"])
        self.op("shift-down", ["####", "###.", "##.."])
        self.op("shift-left", ["####", "##.#", "#..#"])
        self.op("shift-right", ["####", "###.", "##.."])


class Verdict(MakeCase):
    def test_probing_is_not_line_logic_green(self):
        self.load(["#"])
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-grade") == "line")
        green = self.el("#verdict").value_of_css_property("color")
        self.load(PROBING)
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-grade") == "probing")
        self.assertNotEqual(self.el("#verdict").value_of_css_property("color"), green)


if __name__ == "__main__":
    main()
