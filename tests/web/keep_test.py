"""The studio a maker keeps, in headless Chromium at 1400x1000 (and phone
size where it matters):

- a colour puzzle whose background symbol is a space (as number-loom's XML
  files write it) imports into Make as the background: no stray colour,
  a verdict, an export, a share link and a reload that keep it;
- a saved drawing the page cannot read is kept aside and said, never
  silently replaced;
- messages: an import error names its file once and ends with a full stop,
  a 0x0 link says what is wrong, colour hint chips keep their space, a
  flat grey is called grey, and "more changes" is offered only below 3;
- printing: the puzzle alone, scaled to the paper, with the solution on a
  second page when asked, black and white and colour (the PDF's pages,
  text and colours read with poppler-utils);
- one undo history for Make and Play, kept across a reload;
- offline (static site only): after one visit the page reloads, draws,
  checks and fixes with its server stopped; a new version is offered and
  taken on reload; the page is installable. `nonolab serve`'s built-in page
  registers no worker, and any server answers sw.js as JavaScript.

    keep_test.py NONOLAB_BINARY SCREENSHOT_DIR [Class.test ...]
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains

from harness import By, PageCase, Select, StaticSite, main, server_only, site_only

# A 6x5 colour puzzle of our own, in webpbn XML, its background written as a
# space (char=" "); its green uses '.', the character the page keeps for
# empty cells. The goal alone gives the clues.
SPACE_XML = """<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black" backgroundcolor="white">
<title>Ring with a seed</title>
<author>nonolab tests</author>
<color name="white" char=" ">FFFFFF</color>
<color name="black" char="#">000000</color>
<color name="red" char="r">D62828</color>
<color name="green" char=".">2A9D4B</color>
<solution type="goal"><image>
|  rr  |
| r..r |
|r.##.r|
| r..r |
|  rr  |
</image></solution>
</puzzle>
</puzzleset>
"""
GOAL = ["  rr  ", " r..r ", "r.##.r", " r..r ", "  rr  "]


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


class KeepCase(PageCase):
    def setUp(self):
        super().setUp()
        self.driver.set_window_size(1400, 1000)
        self.files = tempfile.mkdtemp(prefix="nonolab-keep-")

    def tearDown(self):
        super().tearDown()
        shutil.rmtree(self.files, ignore_errors=True)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def module(self, name, expression):
        """`expression` evaluated with module `m` = the page's web/NAME."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('./' + arguments[0]).then((m) => done(" + expression + "), (e) => done('ERROR ' + e));",
            name)

    def import_puzzle(self, name, text):
        self.el("#import-puzzle").send_keys(write(self.files, name, text))

    def settled(self):
        """Waits for the verdict of the drawing as it is."""
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") not in ("", "checking")
                      or self.el("#make-error").text)

    def import_space_puzzle(self):
        self.import_puzzle("ring.xml", SPACE_XML)
        self.wait_for(lambda d: self.js("return NL.make.w") == 6 and self.js("return NL.make.h") == 5)
        self.settled()

    def page_goal(self):
        """GOAL in the page's symbols: the space is '.', green its own symbol."""
        green = self.js("return NL.make.palette.colours.find((c) => c.css === '#2a9d4b').sym")
        return ["".join({" ": ".", ".": green}.get(ch, ch) for ch in row) for row in GOAL], green

    def pdf(self, selector=None):
        """Clicks a Print button (the browser's dialog is a no-op here), then
        prints the page to PDF as the browser's "Save as PDF" does; returns
        (pages, text, path)."""
        if selector:
            self.js("window.print = () => { window.printCalls = (window.printCalls || 0) + 1; }")
            self.el(selector).click()
            self.wait_for(lambda d: self.js("return window.printCalls || 0") >= 1)
        data = base64.b64decode(self.driver.execute_cdp_cmd(
            "Page.printToPDF", {"printBackground": True, "paperWidth": 8.27, "paperHeight": 11.69})["data"])
        path = os.path.join(self.files, "sheet.pdf")
        with open(path, "wb") as f:
            f.write(data)
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
        pages = int([l for l in info.splitlines() if l.startswith("Pages:")][0].split()[1])
        text = subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout
        return pages, text, path

    def page_pixels(self, path, page):
        """Page PAGE of the PDF as (width, height, rgb bytes) at 50 dpi."""
        out = os.path.join(self.files, "page")
        subprocess.run(["pdftoppm", "-r", "50", "-f", str(page), "-l", str(page), path, out], check=True)
        ppm = [f for f in os.listdir(self.files) if f.startswith("page") and f.endswith(".ppm")][0]
        with open(os.path.join(self.files, ppm), "rb") as f:
            data = f.read()
        os.remove(os.path.join(self.files, ppm))
        parts = data.split(b"\n", 3)
        w, h = map(int, parts[1].split())
        return w, h, parts[3]

    @staticmethod
    def count(pixels, test):
        rgb = pixels[2]
        return sum(1 for i in range(0, len(rgb) - 2, 3) if test(rgb[i], rgb[i + 1], rgb[i + 2]))


class SpaceBackground(KeepCase):
    def test_a_space_background_imports_as_the_background(self):
        self.import_space_puzzle()
        self.assertEqual(self.el("#import-error").text, "")
        self.assertEqual(self.el("#make-error").text, "")
        goal, green = self.page_goal()
        self.assertNotIn(green, ".?x ")
        self.assertEqual(self.js("return NL.make.pic.map((r) => r.join(''))"), goal)
        # The palette holds the three colours and nothing for the background.
        syms = sorted(self.js("return NL.make.palette.colours.map((c) => c.sym)"))
        self.assertEqual(syms, sorted(["#", "r", green]))
        # The background cells are drawn empty, and get no clue of their own.
        for r, c in ((0, 0), (2, 1), (4, 5)):
            bg = self.js("return arguments[0].style.backgroundColor", self.cell("make-board", r, c))
            expected = "" if goal[r][c] == "." else "x"
            self.assertEqual(bg == "", expected == "", (r, c, bg))
        self.assertEqual(self.el("#make-board td.rowclue[data-row='0']").text.split(), ["2"])
        self.assertIn(self.el("#verdict").get_attribute("data-status"), ("unique", "multiple"))
        self.assertEqual(self.el("#verdict").text.strip() != "", True)

        # Export: our JSON with the picture as drawn.
        Select(self.el("#export-format")).select_by_value("json")
        self.el("#export-button").click()
        path = os.path.join(self.downloads, "puzzle.json")
        self.wait_for(lambda d: os.path.exists(path) and os.path.getsize(path) > 0)
        time.sleep(0.3)
        with open(path) as f:
            exported = json.load(f)["puzzles"][0]
        os.remove(path)
        self.assertEqual(self.el("#make-error").text, "")
        self.assertEqual(exported["goal"], goal)
        self.assertEqual(exported["colours"][0]["symbol"], ".")

        # A share link with no holes, which Play opens.
        self.el("#make-share").click()
        link = self.el("#make-share-link").get_attribute("value")
        self.assertNotIn("undefined", link)
        # A reload keeps the drawing and says nothing is wrong.
        self.driver.refresh()
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertEqual(self.js("return NL.make.pic.map((r) => r.join(''))"), goal)
        self.assertFalse(self.driver.find_elements(By.ID, "make-unreadable"))
        self.driver.get(link)
        self.wait_for(lambda d: self.js("return NL.play.puzzle && NL.play.puzzle.w") == 6)
        self.assertEqual(self.el("#play-error").text, "")
        self.assertEqual(self.js("return NL.play.puzzle.rows.map((r) => r.map(([n]) => n))"),
                         [[2], [1, 2, 1], [1, 1, 2, 1, 1], [1, 2, 1], [2]])

    def test_play_checks_marks_on_a_space_background(self):
        # The file opened in Play: an empty cell marked as empty is never "wrong".
        self.el("#tab-play").click()
        self.el("#play-open").send_keys(write(self.files, "ring.xml", SPACE_XML))
        self.wait_for(lambda d: self.js("return NL.play.puzzle && NL.play.puzzle.w") == 6)
        marked = self.cell("play-board", 0, 0)
        ActionChains(self.driver).context_click(marked).perform()
        self.wait_for(lambda d: self.js("return NL.play.grid[0][0]") == "x")
        self.el("#play-check").click()
        self.wait_for(lambda d: "mistakes" in self.el("#play-status").text or "wrong" in self.el("#play-status").text)
        self.assertEqual(self.el("#play-status").text, "No mistakes so far.")


class SavedDrawing(KeepCase):
    def test_an_unreadable_saved_drawing_is_kept_and_said(self):
        # What the page saved before this fix: a picture with ' ' cells.
        broken = json.dumps({"w": 2, "h": 1, "pic": [" #"], "colours": [{"sym": "#", "css": "#000000", "name": "black"}]})
        self.js("localStorage.setItem('nonolab-make', arguments[0])", broken)
        for _ in range(2):  # said again on the next visit, until dismissed
            self.driver.refresh()
            self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
            box = self.el("#make-unreadable")
            self.assertIn("could not be read", box.text)
            self.assertEqual(self.js("return localStorage.getItem('nonolab-make-unreadable')"), broken)
        self.el("#make-unreadable-download").click()
        path = os.path.join(self.downloads, "unreadable-drawing.json")
        self.wait_for(lambda d: os.path.exists(path) and os.path.getsize(path) > 0)
        with open(path) as f:
            self.assertEqual(f.read(), broken)
        os.remove(path)
        self.el("#make-unreadable-dismiss").click()
        self.assertFalse(self.driver.find_elements(By.ID, "make-unreadable"))
        self.assertIsNone(self.js("return localStorage.getItem('nonolab-make-unreadable')"))

    def test_the_reason_is_said(self):
        self.js("localStorage.setItem('nonolab-make', arguments[0])",
                json.dumps({"w": 2, "h": 1, "pic": [" #"], "colours": [{"sym": "#", "css": "#000000", "name": "black"}]}))
        self.driver.refresh()
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertIn("row 1 uses the symbol ' '", self.el("#make-unreadable").text)


class Messages(KeepCase):
    def test_an_import_error_names_the_file_once_with_a_full_stop(self):
        self.import_puzzle("random.non", "this is not a puzzle\nat all\n")
        self.wait_for(lambda d: self.el("#import-error").text)
        text = self.el("#import-error").text
        self.assertEqual(text.count("random.non"), 1, text)
        self.assertTrue(text.endswith(". Nothing was changed."), text)

    def test_a_0x0_link_says_its_size_is_wrong(self):
        self.driver.get(self.server.url + "/#play=2~0x0~~0~0")
        self.wait_for(lambda d: self.el("#play-error").text)
        text = self.el("#play-error").text
        self.assertIn("expected a size of at least 1x1, got '0x0'", text)
        self.assertNotIn("expected 0 rows", text)

    def test_colour_hint_chips_keep_the_space_before_the_next_word(self):
        self.el("#tab-play").click()
        self.el("#play-open").send_keys(write(self.files, "ring.xml", SPACE_XML))
        self.wait_for(lambda d: self.js("return NL.play.puzzle && NL.play.puzzle.w") == 6)
        text = self.js("""
          const [a, b] = NL.play.symbols;
          const span = document.createElement('span');
          span.append(...NL.play.colourWords('clue 5' + a + ' 2' + b + ' in 15 cells'));
          return span.textContent;""")
        self.assertEqual(text, "clue 52 in 15 cells")

    def test_a_flat_grey_is_named_grey(self):
        self.assertEqual(self.module("palette.js", "m.Palette.describe('#313131')"), "dark grey")
        self.assertEqual(self.module("palette.js", "m.Palette.describe('#000000')"), "black")
        self.assertEqual(self.module("palette.js", "m.Palette.describe('#14532d')"), "dark green")
        self.assertEqual(self.module("palette.js", "m.Palette.describe('#7f7f7f')"), "grey")

    def test_more_changes_are_offered_only_below_the_most(self):
        for most, expect in (("3", False), ("2", True)):
            Select(self.el("#fix-max")).select_by_value(most)
            self.js("NL.make.fix.report({suggestions: [], complete: false, checked: 40, grade: 'line'},"
                    " 'unique', +arguments[0], 0)", most)
            text = self.el("#fix-status").text
            self.assertEqual("more changes" in text, expect, text)
            self.assertTrue(text.endswith("."), text)
            self.assertNotIn("locked", text)


class Print(KeepCase):
    def test_a_black_and_white_sheet_prints_alone(self):
        self.new_picture(5, 5)
        self.draw([(0, 0), (0, 1), (1, 1), (2, 2), (3, 3), (4, 4), (4, 0)])
        for box, text in (("#make-title", "Stair test"), ("#make-author", "Ada Lovelace")):
            self.el(box).send_keys(text)
        pages, text, path = self.pdf("#make-print")
        self.assertEqual(pages, 1, text)
        self.assertIn("Stair test", text)
        self.assertIn("by Ada Lovelace", text)
        for word in ("Make", "Play", "Share link", "Find a fix", "Export", "Print", "Undo"):
            self.assertNotIn(word, text)
        # The grid is empty: no dark cell larger than a digit on the page.
        w, h, rgb = self.page_pixels(path, 1)
        self.assertGreater(self.count((w, h, rgb), lambda r, g, b: r < 60 and g < 60 and b < 60), 0)
        # With the solution: a second page headed so, with the cells filled.
        self.el("#make-print-solution").click()
        pages, text, path = self.pdf("#make-print")
        self.assertEqual(pages, 2, text)
        self.assertIn("Solution: Stair test", text)
        dark1 = self.count(self.page_pixels(path, 1), lambda r, g, b: r < 60 and g < 60 and b < 60)
        dark2 = self.count(self.page_pixels(path, 2), lambda r, g, b: r < 60 and g < 60 and b < 60)
        self.assertGreater(dark2, dark1 * 1.5, (dark1, dark2))

    def test_a_colour_sheet_prints_its_colours(self):
        self.import_space_puzzle()
        self.el("#make-print-solution").click()
        pages, text, path = self.pdf("#make-print")
        self.assertEqual(pages, 2, text)
        self.assertIn("Ring with a seed", text)
        self.assertIn("by nonolab tests", text)
        red = lambda r, g, b: r > 170 and g < 90 and b < 90
        green = lambda r, g, b: g > 120 and r < 90 and b < 120
        front, back = self.page_pixels(path, 1), self.page_pixels(path, 2)
        self.assertGreater(self.count(front, red), 0)   # the clues' colour squares
        self.assertGreater(self.count(back, green), self.count(front, green))  # the solution's cells

    def test_play_prints_its_puzzle_without_the_page(self):
        self.el("#tab-play").click()
        self.wait_for(lambda d: self.js("return !!(NL.play.puzzle)"))
        title = self.js("return NL.play.puzzle.title || ''")
        pages, text, _ = self.pdf("#play-print")
        self.assertEqual(pages, 1, text)
        if title:
            self.assertIn(title, text)
        for word in ("Check my progress", "Hint", "Share link", "Make"):
            self.assertNotIn(word, text)

    def test_the_browsers_own_print_shows_the_sheet_not_the_page(self):
        self.new_picture(4, 4)
        self.draw([(0, 0), (1, 1)])
        pages, text, _ = self.pdf()  # no button: the browser's menu
        self.assertEqual(pages, 1, text)
        self.assertIn("Untitled 4×4 puzzle", text)
        self.assertNotIn("Share link", text)


class OneHistory(KeepCase):
    def ready(self):
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def test_make_keeps_its_undo_across_a_reload(self):
        self.new_picture(5, 5)
        self.draw([(0, 0)])
        self.draw([(1, 1)])
        self.driver.refresh()
        self.ready()
        pic = lambda: self.js("return NL.make.pic.map((r) => r.join(''))")
        self.assertEqual(pic()[:2], ["#....", ".#..."])
        self.el("#make-undo").click()
        self.assertEqual(pic()[:2], ["#....", "....."])
        self.el("#make-undo").click()
        self.assertEqual(pic()[:2], [".....", "....."])
        self.el("#make-redo").click()
        self.assertEqual(pic()[:2], ["#....", "....."])

    def test_play_keeps_its_undo_across_a_reload_in_the_same_model(self):
        self.el("#tab-play").click()
        self.wait_for(lambda d: self.js("return !!(NL.play.puzzle && NL.play.board)"))
        self.cell("play-board", 0, 0).click()
        self.cell("play-board", 0, 1).click()
        self.driver.refresh()
        self.ready()
        self.el("#tab-play").click()
        self.wait_for(lambda d: self.js("return !!(NL.play.puzzle && NL.play.board)"))
        row = lambda: self.js("return NL.play.grid[0].slice(0, 2).join('')")
        self.assertEqual(row(), "##")
        self.el("#play-undo").click()
        self.assertEqual(row(), "#?")
        self.el("#play-undo").click()
        self.assertEqual(row(), "??")
        self.el("#play-redo").click()
        self.assertEqual(row(), "#?")
        # One model: both tabs keep {current, undos, redos} of the same steps.
        kept = self.js("return [localStorage.getItem('nonolab-make-history'),"
                       " localStorage.getItem(NL.play.key + ':history')]")
        make, play = (json.loads(k) for k in kept)
        self.assertEqual(sorted(make), sorted(play))
        self.assertEqual(play["redos"], [{"cells": [[0, 1, "?", "#"]]}])
        self.assertEqual(self.js("return NL.make.history.constructor === NL.play.history.constructor"), True)


class Offline(KeepCase):
    @site_only
    def test_after_one_visit_the_page_works_with_its_server_stopped(self):
        folder = tempfile.mkdtemp(prefix="nonolab-site-")
        shutil.rmtree(folder)
        shutil.copytree(os.environ["NONOLAB_SITE_DIR"], folder)
        own = StaticSite(folder)
        try:
            self.driver.get(own.url + "/")
            self.wait_for(lambda d: self.js("return document.body.dataset.offline") == "ready", 60)
            self.wait_for(lambda d: self.js("return !!navigator.serviceWorker.controller"), 30)
        finally:
            own.stop()
        started = time.monotonic()
        self.driver.refresh()
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), 60)
        self.wait_for(lambda d: self.js("return !!document.querySelector('#play-board td.cell')"), 60)
        seconds = time.monotonic() - started
        print("offline reload: %.2f s" % seconds)
        self.assertEqual(self.el("#make-error").text, "")
        # Draw, check and fix with no server at all: the engine came from the cache.
        self.new_picture(4, 4)
        self.draw([(1, 1), (2, 2)])
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") == "multiple", 60)
        self.el("#make-unique").click()
        self.wait_for(lambda d: self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li.suggestion"), 60)
        shutil.rmtree(folder, ignore_errors=True)

    @site_only
    def test_a_new_version_is_offered_and_taken_on_reload(self):
        folder = tempfile.mkdtemp(prefix="nonolab-site-")
        shutil.rmtree(folder)
        shutil.copytree(os.environ["NONOLAB_SITE_DIR"], folder)
        own = StaticSite(folder)
        try:
            self.driver.get(own.url + "/")
            self.wait_for(lambda d: self.js("return !!navigator.serviceWorker.controller"), 60)
            # A new build: another stylesheet, another version in sw.js.
            with open(os.path.join(folder, "make.css"), "a") as f:
                f.write("\n/* the next version */\n")
            sw = os.path.join(folder, "sw.js")
            with open(sw) as f:
                text = f.read()
            version = text.split('const VERSION = "')[1].split('"')[0]
            with open(sw, "w") as f:
                f.write(text.replace(version, "next" + version[4:]))
            fetch_css = ("const done = arguments[0]; fetch('make.css').then((r) => r.text())"
                         ".then((t) => done(t.includes('the next version')));")
            self.driver.refresh()
            self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
            # The page runs the version it started with until asked.
            self.assertFalse(self.driver.execute_async_script(fetch_css))
            self.wait_for(lambda d: d.find_elements(By.ID, "update-reload"), 60)
            # Wait for the reload without fetching: Chromium holds a waiting
            # worker back while the old one has a fetch in flight, and a
            # poll of fetches on a loaded machine kept it waiting past 60 s.
            self.js("window.oldPage = true;")
            self.el("#update-reload").click()
            self.wait_for(lambda d: not self.js("return window.oldPage === true;"), 60)
            self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), 60)
            self.assertTrue(self.driver.execute_async_script(fetch_css))
            self.assertFalse(self.driver.find_elements(By.ID, "update-ready"))
        finally:
            own.stop()
            shutil.rmtree(folder, ignore_errors=True)

    @site_only
    def test_the_page_is_installable(self):
        self.wait_for(lambda d: self.js("return document.body.dataset.offline") == "ready", 60)
        manifest = self.driver.execute_async_script(
            "const done = arguments[0]; fetch('manifest.json').then((r) => r.json()).then(done);")
        self.assertEqual(manifest["display"], "standalone")
        self.assertEqual(manifest["start_url"], "./")
        sizes = {i["sizes"] for i in manifest["icons"]}
        self.assertTrue({"192x192", "512x512"} <= sizes)
        errors = self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        self.assertEqual(errors, [])

    @server_only
    def test_the_built_in_page_registers_no_worker_and_sw_js_is_javascript(self):
        self.assertIsNone(self.js("return document.body.dataset.offline || null"))
        regs = self.driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.getRegistrations().then((r) => done(r.length));")
        self.assertEqual(regs, 0)
        kind = self.driver.execute_async_script(
            "const done = arguments[0]; fetch('sw.js').then((r) => done(r.headers.get('Content-Type')));")
        self.assertIn("javascript", kind)


if __name__ == "__main__":
    main()
