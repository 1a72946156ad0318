#!/usr/bin/env python3
"""The static site offline, and its printed sheets (docs/results/web.md), in
headless Chromium with no nonolab process.

    offline_and_print.py SITE_DIR [--runs 5] [--images DIR]

1. Offline reload: a copy of the site is served by Python's static server
   and visited once, until its service worker controls the page; the
   server is stopped; then each of N reloads is timed from the reload
   command to the page being ready (body[data-ready]) with its Play board
   drawn. After the last, a drawing is checked and fixed, to show the
   engine came from the cache.
2. Printed sheets (with --images): a black-and-white and a colour example
   of our own (examples/heart.non, examples/flower_pot.non) opened in
   Play, printed with their solution to A4 PDF as "Save as PDF" does, and
   each page turned into a PNG at 100 dpi (pdftoppm) in DIR.
Prints every sample and the median, as JSON on the last line.
"""
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "web"))
import harness  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def main():
    site_dir = sys.argv[1]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    images = sys.argv[sys.argv.index("--images") + 1] if "--images" in sys.argv else None
    b = harness.page_on_site(site_dir)
    d = b.driver
    ready = lambda: b.wait_for(lambda dr: dr.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
                               and dr.find_elements(By.CSS_SELECTOR, "#play-board td.cell"), 60)
    out = {}
    try:
        d.set_window_size(1400, 1000)
        if images:
            os.makedirs(images, exist_ok=True)
            d.get(b.server.url + "/")
            ready()
            d.find_element(By.ID, "tab-play").click()
            for name, stem in (("heart.non", "print-bw"), ("flower_pot.non", "print-colour")):
                Select(d.find_element(By.ID, "play-example")).select_by_value(name)
                b.wait_for(lambda dr: dr.execute_script("return NL.play.puzzle && NL.play.puzzle.filename") == name)
                box = d.find_element(By.ID, "play-print-solution")
                if not box.is_selected():
                    box.click()
                d.execute_script("window.print = () => { window.printCalls = (window.printCalls || 0) + 1; };"
                                 "window.printCalls = 0;")
                d.find_element(By.ID, "play-print").click()
                b.wait_for(lambda dr: dr.execute_script("return window.printCalls") >= 1, 60)
                pdf = base64.b64decode(d.execute_cdp_cmd(
                    "Page.printToPDF", {"printBackground": True, "paperWidth": 8.27, "paperHeight": 11.69})["data"])
                path = os.path.join(images, stem + ".pdf")
                with open(path, "wb") as f:
                    f.write(pdf)
                subprocess.run(["pdftoppm", "-r", "100", "-png", path, os.path.join(images, stem)], check=True)
                os.remove(path)
                out[stem] = sorted(f for f in os.listdir(images) if f.startswith(stem))
        folder = tempfile.mkdtemp(prefix="nonolab-offline-")
        shutil.rmtree(folder)
        shutil.copytree(site_dir, folder)
        own = harness.StaticSite(folder)
        d.get(own.url + "/")
        ready()
        b.wait_for(lambda dr: dr.execute_script("return !!navigator.serviceWorker.controller"), 60)
        own.stop()
        samples = []
        for _ in range(runs):
            started = time.monotonic()
            d.refresh()
            ready()
            samples.append(round(time.monotonic() - started, 3))
        d.find_element(By.ID, "tab-make").click()
        b.new_picture(4, 4)
        b.draw([(1, 1), (2, 2)])
        b.wait_for(lambda dr: b.el("#verdict").get_attribute("data-status") == "multiple", 60)
        b.el("#make-unique").click()
        b.wait_for(lambda dr: dr.find_elements(By.CSS_SELECTOR, "#suggestions li.suggestion"), 60)
        out["offline_reload_s"] = samples
        out["offline_reload_median_s"] = statistics.median(samples)
        out["offline_check_and_fix"] = True
        shutil.rmtree(folder, ignore_errors=True)
    finally:
        type(b).tearDownClass()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
