# tests/e2e/chromium.py - headless Chromium driven by Debian's chromedriver
# and python3-selenium, shared by tests/e2e/page.py and tests/bench/page.
#
# chromedriver and Chromium find each other at "localhost": a machine
# without /etc/hosts (a bare Debian root, as mmdebstrap makes) resolves
# it only through libnss-myhostname, which .ci/deps --test installs.
import atexit
import shutil
import tempfile
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync", "--disable-quic",
         "--window-size=1400,1000"]


def chrome(extra=(), prefs=None):
    """A new headless Chromium with its own empty profile directory,
    removed when this script ends (a profile is 2 MB: the suite left
    hundreds a day in /tmp)."""
    profile = tempfile.mkdtemp(prefix="hp2x-chromium.")
    atexit.register(shutil.rmtree, profile, ignore_errors=True)
    o = webdriver.ChromeOptions()
    for a in FLAGS + list(extra) + ["--user-data-dir=" + profile]:
        o.add_argument(a)
    for k, v in (prefs or {}).items():
        o.set_capability(k, v)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
