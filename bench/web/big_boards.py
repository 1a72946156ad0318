#!/usr/bin/env python3
"""Measures, in headless Chromium against the static site (no nonolab
process), what docs/results/web.md reports for links and big boards:

- the time from a 10000x10000 share link arriving on a ready page
  (hashchange) to the page's refusal being on screen;
- the longest main-thread block (PerformanceObserver 'longtask') while a
  200x200 board (the largest accepted) opens in Play (an empty link) and
  in Make (a picture with many runs), until the cells it shows are built; and the
  same for a 20x20 in the same run, as the baseline of this machine's load.

    python3 bench/web/big_boards.py SITE_DIR [--runs N]

Prints one JSON object per measurement. Not a test: timings on a shared
machine vary; the tests (limits_test.py) check the behaviour.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "web"))
from harness import StaticSite  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

OBSERVER = """
  window.longtasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longtasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });"""


def link(n, m=None):
    m = m or n
    return "#play=2~%dx%d~~%s~%s" % (n, m, ".".join(["0"] * m), ".".join(["0"] * n))


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000"):
        opts.add_argument(arg)
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})
    return d


def ready(d, url):
    d.get(url)
    d.execute_script("localStorage.clear()")
    d.get(url)
    while not d.execute_script("return document.body.dataset.ready"):
        time.sleep(0.05)


def refuse(d, url):
    ready(d, url)
    return d.execute_async_script("""
      const done = arguments[1], box = document.getElementById('play-error');
      const t0 = performance.now();
      new MutationObserver(() => { if (box.textContent.includes('at most')) done(performance.now() - t0); })
        .observe(box, { childList: true, characterData: true, subtree: true });
      location.hash = arguments[0];""", link(10000))


def open_board(d, url, n, where):
    ready(d, url)
    time.sleep(0.5)
    d.execute_script("window.longtasks = []")
    t0 = time.time()
    if where == "play":
        d.execute_script("location.hash = arguments[0]", link(n))
        board = "play-board"
    else:
        pic = ["".join("#" if (r * 7 + c * 3) % 5 == 0 else "." for c in range(n)) for r in range(n)]
        d.execute_script("NL.make.loadPicture(arguments[0])", pic)
        board = "make-board"
    # Built: every cell of a small board, the visible window (board.js) of a
    # big one, with its clue numbers.
    while not d.execute_script("const t = document.querySelector('#%s table');"
                               "return !!t && t.style.getPropertyValue('--w') == arguments[0] &&"
                               " t.dataset.built === 'true'" % board, str(n)):
        time.sleep(0.05)
    seconds = time.time() - t0
    time.sleep(1.0)  # the last frames' long tasks
    tasks = d.execute_script("return window.longtasks")
    return seconds, max(tasks or [0]), len(tasks)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    site = StaticSite(a.site)
    d = browser()
    try:
        url = site.url + "/"
        times = [refuse(d, url) for _ in range(a.runs)]
        print(json.dumps({"measure": "refuse 10000x10000 link", "ms_median": round(statistics.median(times), 1),
                          "ms_all": [round(t, 1) for t in times]}))
        for where in ("play", "make"):
            for n in (20, 200):
                runs = [open_board(d, url, n, where) for _ in range(a.runs)]
                print(json.dumps({"measure": "open %dx%d in %s" % (n, n, where),
                                  "longest_task_ms_median": round(statistics.median(r[1] for r in runs)),
                                  "longest_task_ms_all": [round(r[1]) for r in runs],
                                  "long_tasks": [r[2] for r in runs],
                                  "seconds_to_all_cells": [round(r[0], 2) for r in runs]}))
    finally:
        d.quit()
        site.stop()


if __name__ == "__main__":
    main()
