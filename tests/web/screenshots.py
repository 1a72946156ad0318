#!/usr/bin/env python3
"""Regenerates the README's pictures of the maker's studio in headless
Chromium (harness.py's server and browser):

    tests/web/screenshots.py build/nonolab docs/images

  studio-make.png  the Make tab: a colour drawing with its live clues, the
                   verdict and its shares, the cells line logic leaves open
                   and where two solutions differ, and the fixes found
  studio-play.png  the Play tab opened from a shared link: the timer and
                   a hint with its rule
"""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import CONFIG, PageCase

# A little boat: sail (yellow), hull (brown), sea (blue), and a bird whose
# cell has a twin: two solutions, which line logic leaves open (shaded).
BOAT = [
    "....#.....",
    "..#.yy....",
    "....yyy...",
    "...#yyyy..",
    "..yy#yyyy.",
    ".yyy#.....",
    "nnnnnnnnnn",
    ".nnnnnnnn.",
    "bb.bbb.bbb",
    "bbbbbbbbbb",
]
PALETTE = [{"sym": "#", "css": "#3b3b3b", "name": "mast"}, {"sym": "y", "css": "#f2b705", "name": "sail"},
           {"sym": "n", "css": "#8c5a2b", "name": "hull"}, {"sym": "b", "css": "#2f6fd6", "name": "sea"}]


class Shots(PageCase):
    out = None

    def save(self, name):
        path = os.path.join(self.out, name)
        self.assertTrue(self.driver.save_screenshot(path), "cannot write " + path)
        print("wrote", path)

    def test_make(self):
        self.driver.set_window_size(900, 820)
        self.driver.execute_script("NL.make.loadPicture(arguments[0], arguments[1])", BOAT, PALETTE)
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") in ("unique", "multiple"))
        Select(self.el("#logic-view")).select_by_value("line")
        self.wait_for(lambda d: self.el("#logic-detail").get_attribute("data-open") not in ("", None))
        self.el("#make-unique").click()
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li.suggestion"), 60)
        self.save("studio-make.png")

    def test_play(self):
        self.driver.set_window_size(900, 640)
        self.driver.execute_script("NL.make.loadPicture(arguments[0], arguments[1])", BOAT, PALETTE)
        self.wait_for(lambda d: self.el("#verdict").get_attribute("data-status") in ("unique", "multiple"))
        self.el("#make-share").click()
        link = self.wait_for(lambda d: self.el("#make-share-link").get_attribute("value"))
        self.driver.get(link)
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-board td.cell"))
        self.el("#play-hint").click()
        self.wait_for(lambda d: self.el("#hint-reason").text)
        self.save("studio-play.png")


if __name__ == "__main__":
    import unittest
    CONFIG.binary, Shots.out = sys.argv[1], os.path.abspath(sys.argv[2])
    unittest.main(argv=[sys.argv[0], "-v"])
