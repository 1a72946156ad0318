#!/usr/bin/env python3
"""The static site's responsiveness in headless Chromium (docs/results/web.md
holds its targets), with no nonolab process: the page served by Python's
static server, the engine in its Web Worker.

    page_latency.py SITE_DIR [--strokes 20]

1. Verdict after a stroke, 30x30: a drawing of our own (a ring, a bar and a
   diagonal) is loaded; then each of N strokes (a real pointer click on a
   cell, alternating two cells) is timed from the pointer's release to the
   moment the verdict leaves "Checking". The page waits 150 ms after the
   last stroke before it asks (verdict.js), and that wait is counted.
2. First fix suggestions, 15x15: a frame with a diagonal pair inside (two
   solutions) and "Find a fix" (the page's defaults: goal unique, up to 2
   changes); timed from the click to the first suggestion on the page.
Prints the medians and every sample, as JSON on the last line.
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "web"))
import harness  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def drawing(size, cells):
    """A .non-free way in: the page's own JSON format through its import box."""
    rows = []
    for r in range(size):
        rows.append("".join("#" if (r, c) in cells else "." for c in range(size)))
    return rows


def ring_bar_diagonal(n):
    cells = set()
    c = (n - 1) / 2
    for r in range(n):
        for k in range(n):
            d = ((r - c) ** 2 + (k - c) ** 2) ** 0.5
            if n * 0.3 <= d <= n * 0.42 or (r == n // 2 and k < n // 3) or (r == k and r > n * 0.6):
                cells.add((r, k))
    return cells


def main():
    site_dir = sys.argv[1]
    strokes = int(sys.argv[sys.argv.index("--strokes") + 1]) if "--strokes" in sys.argv else 20
    b = harness.page_on_site(site_dir)
    b.setUp()
    d = b.driver
    out = {"verdict_ms": [], "fix_ms": []}
    try:
        # 1. verdicts after strokes on 30x30.
        b.new_picture(30, 30)
        for r, c in sorted(ring_bar_diagonal(30)):
            d.execute_script("arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, "
                             "pointerId: 1, isPrimary: true, button: 0, buttons: 1}));"
                             "window.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 1}));",
                             b.cell("make-board", r, c))
        b.wait_for(lambda _: b.el("#verdict").get_attribute("data-status") not in ("", "checking"), 60)
        d.execute_script("""
          window.__lat = [];
          const v = document.getElementById('verdict');
          new MutationObserver(() => {
            if (v.dataset.status && v.dataset.status !== 'checking' && window.__t0)
              { window.__lat.push(performance.now() - window.__t0); window.__t0 = 0; }
          }).observe(v, {attributes: true, attributeFilter: ['data-status']});
          window.addEventListener('pointerup', () => { window.__t0 = performance.now(); }, true);""")
        for i in range(strokes):
            cell = b.cell("make-board", 1, 1 + i % 2)
            ActionChains(d).move_to_element(cell).click().perform()
            b.wait_for(lambda _: len(d.execute_script("return window.__lat")) > i, 30)
            time.sleep(0.2)
        out["verdict_ms"] = d.execute_script("return window.__lat")

        # 2. first fix suggestions on 15x15: a frame with a 2x2 diagonal
        # pair inside has two solutions, and one change makes it unique.
        frame = [["#" if r in (0, 14) or c in (0, 14) or (r, c) in ((5, 5), (6, 6)) else "."
                  for c in range(15)] for r in range(15)]
        rows = ["".join(row) for row in frame]
        for i in range(strokes):
            d.execute_script("NL.make.loadPicture(arguments[0])", rows)
            b.wait_for(lambda _: b.el("#verdict").get_attribute("data-status") == "multiple", 60)
            b.wait_for(lambda _: b.el("#make-unique").is_enabled(), 60)
            t0 = time.time()
            b.el("#make-unique").click()
            b.wait_for(lambda _: d.find_elements(By.CSS_SELECTOR, "#suggestions li"), 60)
            out["fix_ms"].append(1000 * (time.time() - t0))
    finally:
        type(b).tearDownClass()
    for key in ("verdict_ms", "fix_ms"):
        if out[key]:
            print("%s: median %.0f ms of %d" % (key, statistics.median(out[key]), len(out[key])))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
