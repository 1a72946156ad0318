#!/usr/bin/env python3
"""How fast `nonolab serve` answers easy checks while long solves are in
flight (docs/results/serve.md).

    responsiveness.py NONOLAB [--rounds N] [-- SERVE FLAGS...]

Starts `NONOLAB serve --port 0 FLAGS` on loopback, sends 8 checks of
20-Dom (generated with `NONOLAB generate --ndom 20`; line logic decides none
of its cells, and proving it unique takes tens of seconds), waits until the
server counts all 8 as running or queued, then sends 30 checks of
examples/heart.non at once, each on its own connection, and prints their
median and largest time and their HTTP codes. Each round has its own server.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def post(url, body, out=None):
    t0 = time.monotonic()
    try:
        req = urllib.request.Request(url, data=body, method="POST")
        with urllib.request.urlopen(req, timeout=300) as r:
            code = r.status
    except urllib.error.HTTPError as e:
        code = e.code
    if out is not None:
        out.append((time.monotonic() - t0, code))


def one_round(binary, flags, hard, easy):
    proc = subprocess.Popen([binary, "serve", "--port", "0"] + flags,
                            stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"listening on (http://\S+)", proc.stderr.readline()).group(1)
        slow = [threading.Thread(target=post, args=(url + "/api/check?format=non", hard))
                for _ in range(8)]
        for t in slow:
            t.start()
        for _ in range(1000):  # at most 20 s
            s = json.loads(urllib.request.urlopen(url + "/api/status", timeout=10).read())
            if s["running"] + s["queued"] == 8:
                break
            time.sleep(0.02)
        else:
            raise RuntimeError("the 8 long checks never were all in flight: %s" % s)
        times = []
        fast = [threading.Thread(target=post, args=(url + "/api/check", easy, times))
                for _ in range(30)]
        for t in fast:
            t.start()
        for t in fast:
            t.join()
    finally:
        proc.terminate()  # cancels the long ones
        proc.wait(timeout=60)
    for t in slow:
        t.join()
    seconds = sorted(t for t, _ in times)
    codes = {}
    for _, c in times:
        codes[c] = codes.get(c, 0) + 1
    return statistics.median(seconds), seconds[-1], codes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--rounds", type=int, default=5)
    argv = sys.argv[1:]
    flags = argv[argv.index("--") + 1:] if "--" in argv else []
    a = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    a.flags = flags
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "20dom.non")
        subprocess.run([a.binary, "generate", "--ndom", "20", "-o", path], check=True,
                       stderr=subprocess.DEVNULL)
        hard = open(path, "rb").read()
    easy = open(os.path.join(SOURCE, "examples", "heart.non"), "rb").read()
    for i in range(a.rounds):
        median, largest, codes = one_round(a.binary, a.flags, hard, easy)
        print("round %d: median %.1f ms, largest %.1f ms, codes %s"
              % (i + 1, median * 1e3, largest * 1e3, codes), flush=True)


if __name__ == "__main__":
    main()
