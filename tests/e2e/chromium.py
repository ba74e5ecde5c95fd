# tests/e2e/chromium.py - headless Chromium driven by Debian's chromedriver
# and python3-selenium, shared by tests/e2e/page.py and tests/bench/page.
#
# The browser is Debian's chromium-headless-shell: the same Blink and V8
# as chromium, without the desktop browser around them, at under half its
# CPU (started: 0.7 s against 1.7; five page loads of leak-hT: 2.6 s
# against 5.7), most of a browser test's.
#
# chromedriver and Chromium find each other at "localhost": a machine
# without /etc/hosts (a bare Debian root, as mmdebstrap makes) resolves
# it only through libnss-myhostname, which .ci/deps --test installs.
import atexit
import os
import shutil
import tempfile
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SHELL = "/usr/bin/chromium-headless-shell"
# The page's viewport, width and height (the shell's window is all
# viewport; chromium's, at --window-size=1400,1000, was 1400 x 857, which
# the checks were written for): a page shorter than the viewport at load
# that grows past it gets a scrollbar and is laid out again, 15 px
# narrower, under a check reading its canvas.
WIDTH, HEIGHT = 1400, 857
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync", "--disable-quic",
         "--window-size=%d,%d" % (WIDTH, HEIGHT)]


def chrome(extra=(), prefs=None):
    """A new headless Chromium with its own empty profile, in a directory
    removed when this script ends (a profile is 2 MB: the suite left
    hundreds a day in /tmp).  The shell refuses a --user-data-dir from
    chromedriver's caller ('unable to discover open pages'): chromedriver
    makes the profile, in the TMPDIR it is given."""
    tmp = tempfile.mkdtemp(prefix="hp2x-chromium.")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    o = webdriver.ChromeOptions()
    o.binary_location = SHELL
    for a in FLAGS + list(extra):
        o.add_argument(a)
    for k, v in (prefs or {}).items():
        o.set_capability(k, v)
    env = dict(os.environ, TMPDIR=tmp)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=env), options=o)
