#!/usr/bin/env python3
"""The page of `nonolab serve` in headless Chromium (Debian's chromium,
chromium-driver and python3-selenium), against a real server on a free
loopback port: draw and see the verdict change, apply a make-unique
suggestion, play a bundled puzzle to solved with clicks, get a hint with
its reason, export a file that nonolab reads back, a long check that shows
its time and cancels while other long solves run, and the phone layout.

    browser_test.py NONOLAB_BINARY SCREENSHOT_DIR

A failing test leaves a screenshot named after it in SCREENSHOT_DIR.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BINARY = SHOTS = None


def ndom_picture(n):
    """The picture of n-Dom (src/gen/ndom.hpp), rows of '#' and '.': a
    staircase of n dominoes, each a bar of three with a tail of two below
    its right end. Line logic decides none of its cells, and proving it
    unique takes tens of seconds for n = 20, so its check waits for a slot."""
    size = 2 * n + 1
    g = [["."] * size for _ in range(size)]
    for k in range(n):
        r, c = 2 * k, size - 3 - 2 * k
        g[r][c:c + 3] = ["#"] * 3
        g[r + 1][c + 2] = g[r + 2][c + 2] = "#"
    return ["".join(row) for row in g]


class Server:
    """`nonolab serve --port 0`, stopped with SIGTERM."""

    def __init__(self):
        self.proc = subprocess.Popen([BINARY, "serve", "--port", "0", "--solve-timeout", "10"],
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
        if not m:
            self.proc.kill()
            raise RuntimeError("the server did not start: " + line)
        self.url = m.group(1)

    def post(self, path, body):
        req = urllib.request.Request(self.url + path, data=body.encode(), method="POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def post_quietly(self, path, body):
        """POST, any answer (a cancelled request answers 409)."""
        try:
            self.post(path, body)
        except urllib.error.HTTPError:
            pass

    def status(self):
        with urllib.request.urlopen(self.url + "/api/status", timeout=10) as r:
            return json.loads(r.read())

    def stop(self):
        self.proc.terminate()
        return self.proc.wait(timeout=20)


class Page(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.downloads = tempfile.mkdtemp(prefix="nonolab-downloads-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                    "--disable-gpu", "--window-size=1200,900"):
            opts.add_argument(arg)
        opts.add_experimental_option("prefs", {"download.default_directory": cls.downloads,
                                               "download.prompt_for_download": False})
        driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        cls.driver = webdriver.Chrome(service=Service(driver), options=opts)
        cls.driver.execute_cdp_cmd("Page.setDownloadBehavior",
                                   {"behavior": "allow", "downloadPath": cls.downloads})

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        code = cls.server.stop()
        shutil.rmtree(cls.downloads, ignore_errors=True)
        assert code == 0, "the server did not stop cleanly: %s" % code

    def setUp(self):
        self.driver.set_window_size(1200, 900)
        self.driver.get(self.server.url + "/")
        self.driver.execute_script("localStorage.clear()")
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def tearDown(self):
        # Screenshots of failures, kept in the test output folder.
        outcome = getattr(self, "_outcome", None)
        failed = outcome is not None and any(
            e for _, e in getattr(outcome.result, "failures", []) + getattr(outcome.result, "errors", [])
            if _ is self)
        if failed and SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            self.driver.save_screenshot(os.path.join(SHOTS, self.id().split(".")[-1] + ".png"))

    # -- helpers --
    def wait_for(self, condition, seconds=20):
        return WebDriverWait(self.driver, seconds).until(condition)

    def el(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def cell(self, board, r, c):
        return self.el(f"#{board} td.cell[data-r='{r}'][data-c='{c}']")

    def verdict_is(self, status):
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") == status)

    def draw(self, cells):
        for r, c in cells:
            self.cell("make-board", r, c).click()

    def new_picture(self, w, h):
        self.el("#make-clear").click()
        for name, v in (("make-width", w), ("make-height", h)):
            box = self.el("#" + name)
            box.clear()
            box.send_keys(str(v))
        self.el("#make-resize").click()
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#make-board td.cell")) == w * h)

    # -- tests --
    def test_drawing_changes_the_verdict(self):
        self.new_picture(5, 5)
        self.verdict_is("unique")  # the blank picture
        self.draw([(2, 2)])
        self.verdict_is("unique")
        self.draw([(0, 0), (1, 1)])  # a 2x2 diagonal: the other diagonal fits too
        self.verdict_is("multiple")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#make-board td.differ")), 4)
        self.draw([(0, 0), (1, 1)])  # clicking again empties them
        self.verdict_is("unique")

    def test_make_unique_suggestion_applies(self):
        self.new_picture(6, 3)
        self.draw([(0, 0), (1, 1), (0, 3), (1, 4)])  # two ambiguous diagonals
        self.verdict_is("multiple")
        self.wait_for(lambda d: self.el("#make-unique").is_enabled())
        self.el("#make-unique").click()
        apply = self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions button.apply"))
        apply[0].click()
        self.verdict_is("unique")

    def test_play_a_bundled_puzzle_to_solved(self):
        self.el("#tab-play").click()
        Select(self.el("#play-example")).select_by_value("heart.non")
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board td.cell")) == 72)
        with open(os.path.join(SOURCE, "examples", "heart.non")) as f:
            solution = self.server.post("/api/solve?filename=heart.non", f.read())["results"][0]["solutions"][0]
        self.cell("play-board", 0, 0).click()  # a wrong fill, then undone
        self.el("#play-undo").click()
        ActionChains(self.driver).context_click(self.cell("play-board", 0, 0)).perform()  # mark empty
        self.assertIn("mark", self.cell("play-board", 0, 0).get_attribute("class"))
        for r, row in enumerate(solution):
            for m in re.finditer(r"#+", row):
                first, last = m.start(), m.end() - 1
                if first == last:
                    self.cell("play-board", r, first).click()
                else:  # a drag paints the run
                    ActionChains(self.driver).click_and_hold(self.cell("play-board", r, first)) \
                        .move_to_element(self.cell("play-board", r, last)).release().perform()
        self.wait_for(lambda d: self.el("#play-status").get_attribute("data-solved") == "true")
        self.el("#play-undo").click()
        self.wait_for(lambda d: self.el("#play-status").get_attribute("data-solved") == "false")
        self.el("#play-redo").click()
        self.wait_for(lambda d: self.el("#play-status").get_attribute("data-solved") == "true")
        # Progress is kept: a reload shows the solved grid.
        self.driver.get(self.server.url + "/")
        self.el("#tab-play").click()
        self.wait_for(lambda d: self.el("#play-status").get_attribute("data-solved") == "true")

    def test_hint_shows_a_deduction_and_its_reason(self):
        self.el("#tab-play").click()
        Select(self.el("#play-example")).select_by_value("cat.taai")
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board td.cell")) == 225)
        self.el("#play-hint").click()
        text = self.wait_for(lambda d: self.el("#hint-text").text)
        self.assertRegex(text, r"^(Row|Column) \d+: clue .* in \d+ cells")
        self.assertGreater(len(self.driver.find_elements(By.CSS_SELECTOR, "#play-board td.hint")), 0)

    def test_export_downloads_a_file_nonolab_reads(self):
        self.new_picture(4, 4)
        self.draw([(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0)])  # an L: unique
        self.verdict_is("unique")
        Select(self.el("#export-format")).select_by_value("non")
        self.el("#export-button").click()
        self.el("#export-svg").click()
        path = os.path.join(self.downloads, "puzzle.non")
        self.wait_for(lambda d: os.path.exists(path) and os.path.exists(os.path.join(self.downloads, "puzzle.svg")))
        time.sleep(0.3)  # the download's last write
        r = subprocess.run([BINARY, "check", "--json", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)["status"], "unique")
        with open(os.path.join(self.downloads, "puzzle.svg")) as f:
            self.assertIn("<svg", f.read())

    def test_a_long_check_shows_its_time_and_cancels(self):
        # Two long checks from other clients hold both solve slots; the
        # page's verdict of a small drawing still follows at once.
        hard = "\n".join(ndom_picture(20)) + "\n"
        others = [threading.Thread(target=self.server.post_quietly,
                                   args=("/api/check?format=chargrid&id=other%d" % i, hard))
                  for i in range(2)]
        for t in others:
            t.start()
        self.wait_for(lambda d: self.server.status()["running"] == 2)
        self.new_picture(5, 5)
        self.draw([(0, 0), (1, 1)])
        self.verdict_is("multiple")
        # The page's own long check: its time, where it stands, and Cancel.
        self.driver.execute_script("NL.make.load(arguments[0])", ndom_picture(20))
        self.wait_for(lambda d: re.search(r"Checking… \d+\.\d s \(waiting for the solver: 1 in line\)",
                                          self.el("#verdict").text))
        self.assertTrue(self.el("#verdict-cancel").is_displayed())
        self.assertEqual(self.server.status()["queued"], 1)
        self.el("#verdict-cancel").click()
        self.verdict_is("cancelled")
        self.assertFalse(self.el("#verdict-cancel").is_displayed())
        self.wait_for(lambda d: self.server.status()["queued"] == 0, 5)  # the server let it go
        for i in range(2):
            self.server.post_quietly("/api/cancel?id=other%d" % i, "")
        for t in others:
            t.join(20)
        self.wait_for(lambda d: self.server.status()["requests"] == 0, 10)
        self.new_picture(4, 4)
        self.verdict_is("unique")

    def test_phone_sized_viewport(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(self.server.url + "/")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        self.assertTrue(self.el("#make-board").is_displayed())
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        inner = self.driver.execute_script("return window.innerWidth")
        self.assertLessEqual(width, inner + 1, "the page scrolls sideways on a phone")
        # A finger's tap draws, as a click does.
        cell = self.cell("make-board", 0, 0)
        box = self.driver.execute_script("const b = arguments[0].getBoundingClientRect();"
                                         "return [b.left + b.width / 2, b.top + b.height / 2];", cell)
        point = [{"x": box[0], "y": box[1]}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.wait_for(lambda d: cell.value_of_css_property("background-color") not in
                      ("rgba(255, 255, 255, 1)", "rgb(255, 255, 255)"))
        self.el("#tab-play").click()
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-board td.cell"))
        self.assertTrue(self.el("#play-hint").is_displayed())


if __name__ == "__main__":
    BINARY, SHOTS = sys.argv[1], sys.argv[2]
    SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    result = unittest.main(argv=[sys.argv[0], "-v"], exit=False).result
    ran, bad = result.testsRun, len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print("%d passed, %d failed, %d skipped" % (ran - bad - skipped, bad, skipped))
    # 77: all passed but something was skipped; ctest reports the test as
    # skipped (SKIP_RETURN_CODE in tests/CMakeLists.txt), never as passed.
    sys.exit(1 if bad or not ran else 77 if skipped else 0)
