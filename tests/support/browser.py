"""A real headless browser for the page tests: Debian's chromium driven by playwright.

`open_page(path)` loads a file in a fresh page whose every request is routed: a file://
request goes through, any other is refused and remembered, so a test can assert that
nothing left the file.  Console errors, uncaught page errors and dialogs (an alert()
that ran) are remembered too.
Where chromium or playwright is missing the tests skip, but fail under CI=true (.ci/run
installs both).  Playwright's own browser download is not used: chromium is launched
from CHROMIUM with the flags that keep it off the network.
"""

import os
import tempfile
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def missing(why):
    """Skip, or fail when CI is set: CI must run the browser tests."""
    if os.environ.get("CI"):
        pytest.fail("browser tests cannot run: %s" % why)
    pytest.skip(why)


class Browser:
    """One chromium for a test module; pages opened through it record what went wrong."""

    def __init__(self):
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            missing("playwright is not installed (pip install playwright)")
        if not os.path.exists(CHROMIUM):
            missing("%s is missing (apt-get install -y chromium)" % CHROMIUM)
        self._driver = sync_playwright().start()
        self._context = self._driver.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="chromium-profile-"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1400, "height": 1000},
        )
        self.errors = []  # console errors and page errors
        self.outside = []  # requests that tried to leave the file
        self.dialogs = []  # alert(), confirm(), prompt() that a script opened
        self._context.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        if url.startswith("file://"):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def open_page(self, path):
        """A page with the file at `path` loaded."""
        page = self._context.new_page()
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("dialog", self._dialog)
        page.goto(Path(path).resolve().as_uri())
        return page

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self):
        self._context.close()
        self._driver.stop()
