"""What the browser tests of `nonolab serve` share (browser_test.py,
studio_test.py): a real server on a free loopback port, headless Chromium
(Debian's chromium, chromium-driver and python3-selenium), helpers to draw
and wait, and the entry point.

    TEST.py NONOLAB_BINARY SCREENSHOT_DIR

A failing test leaves a screenshot named after it in SCREENSHOT_DIR.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


class CONFIG:
    binary = None  # the nonolab executable
    shots = None   # where failing tests leave screenshots
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Server:
    """`nonolab serve --port 0`, stopped with SIGTERM."""

    def __init__(self):
        command = [CONFIG.binary, "serve", "--port", "0", "--solve-timeout", "10"]
        if os.environ.get("NONOLAB_WEB_DIR"):  # the page from a folder (serve --web), not the built-in one
            command += ["--web", os.environ["NONOLAB_WEB_DIR"]]
        else:  # the page that asks this server for everything, even beside a static site
            command += ["--builtin-page"]
        self.proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
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


class StaticSite:
    """The static site (scripts/setup.sh --with web writes build/web) served
    by Python's plain static server: no nonolab process, so every answer
    the page gets comes from the WebAssembly engine in its Web Worker."""

    def __init__(self, folder):
        if not os.path.isfile(os.path.join(folder, "nonolab-engine.wasm")):
            raise RuntimeError("no static site at %s: run scripts/setup.sh --with web" % folder)
        self.proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                                      "--directory", folder],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"port (\d+)", line)
        if not m:
            self.proc.kill()
            raise RuntimeError("the static server did not start: " + line)
        self.url = "http://127.0.0.1:" + m.group(1)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=20)
        return 0


def site():
    """What the page under test is served by: the static site when
    NONOLAB_SITE_DIR names it (tests/CMakeLists.txt registers each page
    test both ways), else `nonolab serve`."""
    folder = os.environ.get("NONOLAB_SITE_DIR")
    return StaticSite(folder) if folder else Server()


def server_only(test):
    """A test of the server's own behaviour (its queue, its API): not part
    of a run against the static site, where there is no server."""
    test.server_only = True
    return test


def site_only(test):
    """A test of the page's own engine (its worker): part of a run against
    the static site only."""
    test.site_only = True
    return test


class PageCase(unittest.TestCase):
    """A server and a headless Chromium for the class; a fresh page per test."""

    @classmethod
    def setUpClass(cls):
        cls.server = site()
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
        if failed and CONFIG.shots:
            os.makedirs(CONFIG.shots, exist_ok=True)
            self.driver.save_screenshot(os.path.join(CONFIG.shots, self.id().split(".")[-1] + ".png"))

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

    def exported(self, fmt):
        """The drawing exported in format FMT by the page's Export button, read
        back by the CLI as our JSON: its first puzzle."""
        Select(self.el("#export-format")).select_by_value(fmt)
        self.el("#export-button").click()
        path = os.path.join(self.downloads, "puzzle." + fmt)
        self.wait_for(lambda d: os.path.exists(path))
        time.sleep(0.3)  # the download's last write
        r = subprocess.run([CONFIG.binary, "convert", "--to", "json", path, "-"], capture_output=True, text=True)
        os.remove(path)
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout)["puzzles"][0]

    def new_picture(self, w, h):
        self.el("#make-clear").click()
        if self.el("#make-clear-yes").is_displayed():  # Clear asks when there is a drawing to lose
            self.el("#make-clear-yes").click()
        for name, v in (("make-width", w), ("make-height", h)):
            box = self.el("#" + name)
            box.clear()
            box.send_keys(str(v))
        self.el("#make-resize").click()
        self.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#make-board td.cell")) == w * h)


class PhoneSize:
    """Mixed into a PageCase (before it): each test runs at a phone's size,
    390x844 device metrics with touch, and the desktop comes back after."""

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        super().setUp()

    def tearDown(self):
        super().tearDown()
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def page_on_site(site_dir):
    """A PageCase with its browser open on the static site SITE_DIR, for
    the measurements of bench/web (no test runs; the caller ends with
    type(case).tearDownClass())."""
    os.environ["NONOLAB_SITE_DIR"] = site_dir
    CONFIG.shots = None

    class Bench(PageCase):
        def runTest(self):
            pass

    Bench.setUpClass()
    return Bench()


def main():
    CONFIG.binary, CONFIG.shots = sys.argv[1], sys.argv[2]
    # Further arguments name tests to run (Class.test_name), as unittest's.
    folder = os.environ.get("NONOLAB_SITE_DIR")
    if folder and not os.path.isfile(os.path.join(folder, "nonolab-engine.wasm")):
        print("skipped 'no static site at %s (scripts/setup.sh --with web)'" % folder)
        sys.exit(77)
    # A run against the static site has no server: the server's own tests
    # are not part of it; and the engine's own tests are part of no other.
    mark = "server_only" if folder else "site_only"
    for case in list(vars(sys.modules["__main__"]).values()):
        if isinstance(case, type) and issubclass(case, unittest.TestCase):
            for name in [n for n in dir(case) if getattr(getattr(case, n), mark, False)]:
                setattr(case, name, None)  # not callable: the loader passes it by
    result = unittest.main(module="__main__", argv=[sys.argv[0], "-v"] + sys.argv[3:], exit=False).result
    ran, bad = result.testsRun, len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print("%d passed, %d failed, %d skipped" % (ran - bad - skipped, bad, skipped))
    # 77: all passed but something was skipped; ctest reports the test as
    # skipped (SKIP_RETURN_CODE in tests/CMakeLists.txt), never as passed.
    sys.exit(1 if bad or not ran else 77 if skipped else 0)
