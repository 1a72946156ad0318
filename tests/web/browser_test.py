#!/usr/bin/env python3
"""The page of `nonolab serve` in headless Chromium, against a real server
(harness.py): draw and see the verdict change, apply a make-unique
suggestion, play a bundled puzzle to solved with clicks, get a hint with
its rule and reason, export a file that nonolab reads back, a long check
that shows its time and cancels while other long solves run, and the
phone layout. The maker's studio (live clues, logic shading, fixes,
palettes, shared links) is studio_test.py.

    browser_test.py NONOLAB_BINARY SCREENSHOT_DIR
"""
import glob
import json
import os
import re
import subprocess
import threading
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import CONFIG, PageCase, main, server_only, site_only
from pictures import ndom_picture


class Page(PageCase):
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
        r = subprocess.run([CONFIG.binary, "solve", "--json", os.path.join(CONFIG.source, "examples", "heart.non")],
                           capture_output=True, text=True)
        solution = json.loads(r.stdout)["solutions"][0]
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
        text = self.wait_for(lambda d: self.el("#hint-reason").text)
        self.assertRegex(text, r"^(Row|Column) \d+: clue .* in \d+ cells")
        # The hint names the rule it uses: the step's kind (line logic here).
        self.assertEqual(self.el("#hint-text").get_attribute("data-rule"), "line")
        self.assertTrue(self.el("#hint-rule").text.startswith("Line rule"))
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
        r = subprocess.run([CONFIG.binary, "check", "--json", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)["status"], "unique")
        with open(os.path.join(self.downloads, "puzzle.svg")) as f:
            self.assertIn("<svg", f.read())

    @site_only
    def test_a_long_check_in_the_engine_shows_its_time_and_cancels(self):
        # The engine in the page's worker: a long check says how long it has
        # searched; Cancel ends it at once (the worker is replaced), and the
        # next drawing gets its verdict from the new worker.
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", ndom_picture(20))
        self.wait_for(lambda d: re.search(r"Checking… \d+\.\d s \(searching\)", self.el("#verdict").text))
        self.assertTrue(self.el("#verdict-cancel").is_displayed())
        self.el("#verdict-cancel").click()
        self.verdict_is("cancelled")
        self.assertFalse(self.el("#verdict-cancel").is_displayed())
        self.new_picture(5, 5)
        self.draw([(0, 0), (1, 1)])
        self.verdict_is("multiple")

    @server_only
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
        self.driver.execute_script("NL.make.loadPicture(arguments[0])", ndom_picture(20))
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

    def test_the_page_is_one_graph_of_es_modules(self):
        """index.html loads app.js alone, as a module; every other script of
        web/ is reached through imports, each served (by `nonolab serve`'s
        built-in page, by --web, or by a static host) with a JavaScript MIME
        type, which a browser demands of a module; the worker's script (named
        by a URL relative to its module) too.
        Nothing shares a global but the tests' hook."""
        scripts = self.driver.execute_script(
            "return Array.from(document.scripts, (s) => [s.type, s.getAttribute('src')])")
        self.assertEqual(scripts, [["module", "app.js"]])
        reached, todo = set(), ["app.js"]
        while todo:
            name = todo.pop()
            if name in reached:
                continue
            reached.add(name)
            with urllib.request.urlopen(self.server.url + "/" + name, timeout=10) as r:
                self.assertRegex(r.headers["Content-Type"], r"^(text|application)/javascript\b", name)
                text = r.read().decode()
            todo += re.findall(r'^import .* from "\./([\w-]+\.js)";$', text, re.M)
            todo += re.findall(r'new URL\("([\w-]+\.js)", import\.meta\.url\)', text)  # a worker's script
        web = os.path.join(CONFIG.source, "web")
        # limits.js is generated from src/core/limits.hpp (cmake/web_limits.cmake).
        self.assertEqual(reached, {os.path.basename(f) for f in glob.glob(os.path.join(web, "*.js"))} | {"limits.js"})
        self.assertEqual(self.driver.execute_script("return Object.keys(window.NL).sort()"), ["make", "play"])


if __name__ == "__main__":
    main()
