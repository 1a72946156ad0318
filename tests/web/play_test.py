#!/usr/bin/env python3
"""Importing, sharing and playing in the studio of `nonolab serve`
in headless Chromium, against a real server (harness.py): a
PNG puzzle file opens in Make and in Play (files travel as bytes); a failed
import changes nothing and says why, without the server's temporary path;
a 3-colour picture imports with every colour; title, author and colour
names go into exports and share links (an old link still opens); hints
show colours as the player sees them; Reset restarts the timer; satisfied
clues grey out; a wrong cell's cross shows on red and on white; an
impossible puzzle says so in Play; each grade has its colour.

    play_test.py NONOLAB_BINARY SCREENSHOT_DIR
"""
import os
import struct
import tempfile
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import CONFIG, PageCase, main
from pictures import ndom_picture

RGB = {".": (255, 255, 255), "r": (214, 40, 40), "b": (29, 78, 216), "g": (42, 157, 75)}
# Three colours, unique: a test picture for imports and hints.
TRIO = ["rr..bb", "rr..bb", "..gg..", "..gg..", "bb..rr", "bb..rr"]
L_SHAPE = ["####", "#...", "#...", "#..."]


def png_bytes(rows, scale=1):
    """A PNG (8-bit RGB) of rows of RGB's symbols, `scale` pixels a cell."""
    lines = []
    for row in rows:
        line = b"".join(bytes(RGB[ch]) * scale for ch in row)
        lines += [b"\x00" + line] * scale

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", len(rows[0]) * scale, len(rows) * scale, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(lines)))
            + chunk(b"IEND", b""))


def png_pixels(data):
    """The pixels of an 8-bit RGB or RGBA PNG (a screenshot) as rows of (r, g, b)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    assert depth == 8 and ctype in (2, 6), (depth, ctype)
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return rows


def near(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


class PlayImport(PageCase):
    def setUp(self):
        super().setUp()
        self.tmp = tempfile.mkdtemp(prefix="nonolab-play-test-")

    def write(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def pic(self):
        return self.driver.execute_script("return NL.make.pic.map((r) => r.join(''))")

    def css_of(self, sym):
        return self.driver.execute_script("return NL.make.palette.css[arguments[0]]", sym)

    def wait_verdict(self):
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") in ("unique", "multiple"))

    def open_link(self, fragment):
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.driver.get(self.server.url + "/" + fragment)
        self.wait_for(lambda d: self.el("#tab-play").get_attribute("class") == "tab active")
        # The link's own puzzle, not the example the page opened first.
        self.wait_for(lambda d: d.execute_script(
            "return NL.play.key === 'nonolab-play:link:' + location.hash.slice(6) && !!NL.play.board"))

    def in_colours(self, rows):
        """Make's picture as rows of RGB's symbols (by their colours)."""
        css = self.driver.execute_script("return NL.make.palette.css")
        back = {}
        for sym, value in css.items():
            rgb = tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
            back[sym] = next(k for k, v in RGB.items() if near(v, rgb, 12))
        return ["".join("." if ch == "." else back[ch] for ch in row) for row in rows]

    # -- 1. binary puzzle files open from the page --
    def test_a_png_puzzle_opens_in_make_and_in_play(self):
        path = self.write("trio.png", png_bytes(TRIO))
        self.el("#import-puzzle").send_keys(path)
        self.wait_for(lambda d: len(self.pic()) == 6 and len(self.pic()[0]) == 6)
        self.assertEqual(self.el("#import-error").text, "")
        self.assertEqual(self.in_colours(self.pic()), TRIO)
        self.wait_verdict()
        self.el("#tab-play").click()
        self.el("#play-open").send_keys(path)
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board td.cell")) == 36)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-palette .swatch")), 3)
        self.assertEqual(self.el("#play-error").text, "")
        # A text format as well, with its title and author.
        self.el("#play-open").send_keys(os.path.join(CONFIG.source, "examples", "duck.json"))
        self.wait_for(lambda d: self.el("#play-title").text == "Duck")
        self.assertEqual(self.el("#play-author").text, "by nonolab team")

    # -- 2. and 8. a failed import changes nothing, and says why --
    def test_a_failed_import_changes_nothing(self):
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", L_SHAPE)
        self.wait_verdict()
        verdict = self.el("#verdict").text
        self.el("#import-puzzle").send_keys(os.path.join(CONFIG.source, "examples", "impossible.nin"))
        self.wait_for(lambda d: self.el("#import-error").text)
        error = self.el("#import-error").text
        self.assertRegex(error, r"^impossible\.nin: no grid fits its clues, so there is no picture to draw "
                                r"\(column 1: .+\)\. Nothing was changed\.$")
        self.assertEqual(self.pic(), L_SHAPE)
        self.assertEqual(self.el("#verdict").text, verdict)
        self.cell("make-board", 3, 3).click()  # drawing on: the import's error goes
        self.wait_for(lambda d: self.el("#import-error").text == "")
        self.cell("make-board", 3, 3).click()
        # A file that is no puzzle at all.
        self.el("#import-puzzle").send_keys(self.write("junk.non", b"\x00\x01 not a puzzle"))
        self.wait_for(lambda d: self.el("#import-error").text.startswith("junk.non: "))
        self.assertEqual(self.pic(), L_SHAPE)
        styled = [self.el("#import-error").value_of_css_property(p) for p in ("color", "background-color")]
        # A picture that is no picture: the preview says so, styled as an
        # error, without the server's temporary file; nothing to use.
        self.el("#import-picture").send_keys(self.write("broken.png", b"not a picture"))
        status = self.el("#import-status")
        self.wait_for(lambda d: status.get_attribute("data-state") == "error")
        self.assertIn("broken.png", status.text)
        self.assertNotIn("/tmp", status.text)
        self.assertNotIn("nonolab-upload", status.text)
        self.assertEqual([status.value_of_css_property(p) for p in ("color", "background-color")], styled)
        self.assertFalse(self.el("#import-use").is_enabled())
        self.assertEqual(self.pic(), L_SHAPE)

    # -- 3. a colour picture imports with every colour --
    def test_a_three_colour_picture_imports_with_every_colour(self):
        self.el("#import-picture").send_keys(self.write("trio-picture.png", png_bytes(TRIO, 8)))
        self.wait_for(lambda d: self.el("#import-status").get_attribute("data-state") in ("ready", "error"))
        for name, v in (("import-width", 6), ("import-height", 6), ("import-colours", 3)):
            box = self.el("#" + name)
            box.clear()
            box.send_keys(str(v))
        self.wait_for(lambda d: self.el("#import-status").text.startswith("6×6, 3 colours"), 30)
        # The preview: each cell's middle pixel in its colour, all three there.
        seen = self.driver.execute_script("""
            const c = document.getElementById('import-canvas'), g = c.getContext('2d'), s = c.width / 6;
            const out = [];
            for (let r = 0; r < 6; r++) { let line = [];
              for (let k = 0; k < 6; k++) line.push(Array.from(g.getImageData(k * s + s / 2, r * s + s / 2, 1, 1).data.slice(0, 3)));
              out.push(line); }
            return out;""")
        for r, row in enumerate(TRIO):
            for c, ch in enumerate(row):
                self.assertTrue(near(seen[r][c], RGB[ch]), (r, c, seen[r][c], ch))
        self.el("#import-use").click()
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#make-board td.cell")) == 36)
        self.assertEqual(self.in_colours(self.pic()), TRIO)
        for r, c in ((0, 0), (0, 4), (2, 2)):  # the cells show their colours
            shown = self.cell("make-board", r, c).value_of_css_property("background-color")
            rgb = tuple(int(x) for x in shown[shown.index("(") + 1:shown.index(")")].split(",")[:3])
            self.assertTrue(near(rgb, RGB[TRIO[r][c]], 12), (r, c, shown))
        spans = self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.rowclue span.num")
        self.assertTrue(spans and all(s.get_attribute("data-sym") for s in spans))  # coloured clues
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") == "unique")
        self.assertEqual(self.el("#make-error").text, "")
        names = [s.get_attribute("title") for s in self.driver.find_elements(By.CSS_SELECTOR, "#make-palette .swatch")]
        self.assertEqual(sorted(names), ["blue", "green", "red"])

    # -- 4. title, author and colour names: exports and links --
    def test_title_and_author_go_into_exports_and_links(self):
        self.el("#make-title").send_keys("Three~squares. (test)")
        self.el("#make-author").send_keys("Ann & Bo")
        self.driver.execute_script("NL.make.loadPicture(arguments[0], arguments[1])", TRIO, [
            {"sym": "r", "css": "#d62828", "name": "poppy"}, {"sym": "b", "css": "#1d4ed8", "name": "sea"},
            {"sym": "g", "css": "#2a9d4b", "name": "leaf"}])
        self.wait_verdict()
        puzzle = self.exported("json")
        self.assertEqual((puzzle["title"], puzzle["author"]), ("Three~squares. (test)", "Ann & Bo"))
        self.el("#make-share").click()
        link = self.wait_for(lambda d: self.el("#make-share-link").get_attribute("value"))
        fragment = link.split("#", 1)[1]
        self.assertRegex(fragment, r"^play=2~6x6~d628281d4ed82a9d4b~[^~]+~[^~]+~[^~]+~[^~]+~poppy\.sea\.leaf$")
        self.open_link("#" + fragment)
        self.assertEqual(self.el("#play-title").text, "Three~squares. (test)")
        self.assertEqual(self.el("#play-author").text, "by Ann & Bo")
        names = [s.get_attribute("title") for s in self.driver.find_elements(By.CSS_SELECTOR, "#play-palette .swatch")]
        self.assertEqual(names, ["poppy", "sea", "leaf"])
        # Play shares it on with the same details.
        self.el("#play-share").click()
        again = self.wait_for(lambda d: self.el("#play-share-link").get_attribute("value"))
        self.assertEqual(again.split("#", 1)[1], fragment)
        # The fields are kept across a reload.
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: self.el("#make-title").get_attribute("value") == "Three~squares. (test)")

    def test_an_old_link_still_opens(self):
        self.open_link("#play=1~4x4~~4.1.1.1~4.1.1.1~An%20old~L")  # version 1: the title runs to the end
        self.assertEqual(self.el("#play-title").text, "An old~L")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.cell")), 16)
        for r, row in enumerate(L_SHAPE):
            for c, v in enumerate(row):
                if v == "#":
                    self.cell("play-board", r, c).click()
        self.wait_for(lambda d: self.el("#play-status").get_attribute("data-solved") == "true")
        self.open_link("#play=2~4x4~~4.1.1.1~4.1.1.1")  # no title: not "shared puzzle"
        self.assertEqual(self.el("#play-title").text, "Untitled 4×4 puzzle")

    # -- 5. hints name colours as the player sees them --
    def hint_words(self):
        self.el("#play-hint").click()
        self.wait_for(lambda d: self.el("#hint-reason").text)
        return self.el("#hint-reason").text

    def test_hints_name_colours_as_the_player_sees_them(self):
        fragment = "#play=1~6x6~d628281d4ed82a9d4b~2A2B.2A2B.2C.2C.2B2A.2B2A~2A2B.2A2B.2C.2C.2B2A.2B2A"
        self.open_link(fragment)  # an old link: colours with no names
        words = self.hint_words()
        self.assertNotRegex(words, r"(?i)colou?r[- ]?[a-c]\b")
        for name in ("red", "blue", "green"):
            self.assertIn(name, words)
        chips = self.driver.find_elements(By.CSS_SELECTOR, "#hint-reason .chip")
        self.assertGreaterEqual(len(chips), 3)
        self.assertEqual(chips[0].value_of_css_property("background-color")[:4], "rgba")
        # Named colours keep their names; a clue shows its numbers on their colours.
        self.open_link(fragment.replace("play=1", "play=2") + "~~~poppy.sea.leaf")
        self.cell("play-board", 0, 0).click()  # the first deduction, made
        self.assertIn("poppy", self.hint_words())
        for step in range(6):
            if self.driver.find_elements(By.CSS_SELECTOR, "#hint-reason .chip:not(.swatch-chip)"):
                break
            for td in self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.hint"):
                r, c = int(td.get_attribute("data-r")), int(td.get_attribute("data-c"))
                want = TRIO[r][c]
                if want != ".":
                    self.el("#play-palette .swatch[data-sym='%s']" % "ABC"["rbg".index(want)]).click()
                    td.click()
                else:
                    ActionChains(self.driver).context_click(td).perform()
            self.hint_words()
        clue = self.driver.find_elements(By.CSS_SELECTOR, "#hint-reason .chip:not(.swatch-chip)")
        self.assertTrue(clue, self.el("#hint-reason").text)
        self.assertRegex(self.el("#hint-reason").text, r"clue \d")

    # -- 6. Reset, satisfied clues, wrong cells --
    def test_reset_restarts_the_timer_and_satisfied_clues_grey(self):
        self.open_link("#play=2~4x4~~4.1.1.1~4.1.1.1")
        timer = self.el("#play-timer")
        self.wait_for(lambda d: timer.text == "0:02", 10)
        ActionChains(self.driver).click_and_hold(self.cell("play-board", 0, 0)) \
            .move_to_element(self.cell("play-board", 0, 3)).release().perform()
        done = lambda: sorted(td.get_attribute("data-row") and "r" + td.get_attribute("data-row")
                              or "c" + td.get_attribute("data-col")
                              for td in self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.clue.done"))
        self.wait_for(lambda d: done() == ["c1", "c2", "c3", "r0"])
        self.assertLess(float(self.el("#play-board td.rowclue.done").value_of_css_property("opacity")), 0.5)
        self.assertEqual(self.el("#play-board td.rowclue[data-row='1']").value_of_css_property("opacity"), "1")
        self.el("#play-reset").click()
        self.assertIn(timer.text, ("0:00", "0:01"))
        self.assertEqual(done(), [])
        self.wait_for(lambda d: timer.text == "0:01", 5)  # and it runs on

    def test_a_wrong_cell_is_crossed_out_on_any_colour(self):
        # Red where the solution is empty, and empty marked where it is red.
        self.open_link("#play=2~2x2~d62828~2A.0~1A.1A")
        ActionChains(self.driver).context_click(self.cell("play-board", 0, 0)).perform()
        self.cell("play-board", 1, 1).click()
        self.el("#play-check").click()
        self.wait_for(lambda d: self.el("#play-status").text == "2 cells are wrong (crossed out).")
        for (r, c), base in (((1, 1), RGB["r"]), ((0, 0), (255, 255, 255))):
            td = self.cell("play-board", r, c)
            self.assertIn("wrong", td.get_attribute("class"))
            shot = td.screenshot_as_png
            if CONFIG.shots:
                os.makedirs(CONFIG.shots, exist_ok=True)
                with open(os.path.join(CONFIG.shots, "wrong-%d-%d.png" % (r, c)), "wb") as f:
                    f.write(shot)
            pixels = [p for row in png_pixels(shot) for p in row]
            white = sum(min(p) >= 180 for p in pixels)  # white, or white blended at the edges
            red = sum(p[0] >= 150 and max(p[1:]) <= 110 for p in pixels)
            other = white if base == RGB["r"] else red  # what stands out from the cell's colour
            self.assertGreater(other, len(pixels) // 20, (r, c, white, red, len(pixels)))

    def test_a_large_puzzle_pans_on_a_phone(self):
        # 29x29 (ndom_picture(14)) shared from Make, opened in Play at 390x844.
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", ndom_picture(14))
        self.el("#make-share").click()
        link = self.wait_for(lambda d: self.el("#make-share-link").get_attribute("value"))
        self.driver.set_window_size(390, 844)
        self.open_link("#" + link.split("#", 1)[1])
        width = self.driver.execute_script("return document.documentElement.clientWidth")
        # Its cells stay square and readable (at least 14 px); the board's box
        # fits the screen and the grid pans inside it.
        self.wait_for(lambda d: self.el("#play-board").rect["width"] <= width)
        box = self.el("#play-board").rect
        self.assertGreaterEqual(box["x"], 0)
        self.assertLessEqual(box["x"] + box["width"], width)
        cell = self.cell("play-board", 0, 0).rect
        self.assertEqual(cell["width"], cell["height"])
        self.assertGreaterEqual(cell["width"], 14)
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), width)

    # -- 7. an impossible puzzle; the grades' colours --
    def test_an_impossible_puzzle_says_so_in_play(self):
        self.el("#tab-play").click()
        self.el("#play-open").send_keys(os.path.join(CONFIG.source, "examples", "impossible.nin"))
        status = self.el("#play-status")
        self.wait_for(lambda d: status.get_attribute("data-state") == "impossible")
        self.assertRegex(status.text, r"^This puzzle cannot be solved: no grid fits its clues \(column 1: .+\)\.$")
        self.assertEqual(status.value_of_css_property("color"), self.el("#play-error").value_of_css_property("color"))

    def test_each_grade_has_its_colour(self):
        colours = {}
        for picture, words in ((L_SHAPE, "line logic"), (ndom_picture(3), "probing"), (ndom_picture(5), "search")):
            self.driver.execute_script("NL.make.loadPicture(arguments[0])", picture)
            self.wait_for(lambda d: words in self.el("#verdict").text)
            colours[words] = self.el("#verdict").value_of_css_property("color")
        self.assertEqual(len(set(colours.values())), 3, colours)


if __name__ == "__main__":
    main()
