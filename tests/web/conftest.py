"""Browser fixtures: the standalone build served on 127.0.0.1 and Debian's Chromium driven by
Playwright (``executable_path=/usr/bin/chromium``; Playwright never downloads a browser here).

Without Chromium, Playwright, the Pyodide npm package or the pygame-ce wasm wheel the browser
tests skip, saying which command installs what is missing; with ``CI`` set they fail instead.
Screenshots go to ``ARLINGTON_ARTIFACTS`` (default ``build/artifacts``).
"""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("ARLINGTON_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(os.environ.get("ARLINGTON_ARTIFACTS", REPO / "build" / "artifacts"))
WHEEL_HINT = ("the browser tests need pygbag's own pygame-ce wasm build, which no package "
              "registry carries: run `python -m tools.web build --standalone` once online (it "
              "downloads the wheel from pygbag's CDN, folder cp312, checks its sha256 and keeps "
              "it in ~/.cache/arlington), or download it yourself and set "
              "ARLINGTON_PYGAME_WHEEL to the file (its name and sha256 are in the README)")
LOAD_TIMEOUT_MS = 120_000
# Every host but the loopback fails to resolve: nothing can leave this machine.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def missing_or_skip(reason: str | None) -> None:
    """Skip (locally) or fail (under CI) when ``reason`` says something is missing."""
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def browser_missing() -> str | None:
    if not os.access(CHROMIUM, os.X_OK):
        return (f"{CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return 'Playwright is missing: pip install -e ".[test]" (or pip install playwright)'
    return None


@pytest.fixture(scope="session")
def standalone(tmp_path_factory):
    """The standalone build, made once per session in a temporary folder."""
    from tools.web import standalone as build_standalone
    from tools.web.wheel import WheelError, find_wheel

    try:
        wheel = find_wheel(download=False)
    except WheelError as e:
        missing_or_skip(f"{e}; {WHEEL_HINT}")
    try:
        built = build_standalone.build(tmp_path_factory.mktemp("web") / "standalone", wheel)
    except build_standalone.BuildError as e:
        missing_or_skip(str(e))
    return built


@contextmanager
def serving(folder: Path, compress: bool = True):
    """``folder`` served on 127.0.0.1 while the block runs (compressed, or not: as a plain
    file server): yields its base URL."""
    from tools.web.serve import server

    httpd = server(folder, compress=compress)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def copy_of(folder: Path, target: Path) -> Path:
    """A cheap copy (hard links) to break or change; replace a file with unlink + write."""
    shutil.copytree(folder, target, copy_function=os.link)
    return target


@pytest.fixture(scope="session")
def site(standalone):
    """The standalone folder served on 127.0.0.1: its base URL."""
    with serving(standalone.folder) as url:
        yield url


@pytest.fixture(scope="session")
def chromium():
    missing_or_skip(browser_missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Tab:
    """One browser context and page on the game, with everything it asked the network for."""

    context: object
    page: object
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def foreign_requests(self) -> list[str]:
        """Requests to anywhere but 127.0.0.1 (data: and blob: URLs never leave the tab)."""
        return [u for u in self.requests
                if urlparse(u).scheme not in ("data", "blob")
                and urlparse(u).hostname != "127.0.0.1"]

    def wait_ready(self) -> dict:
        """Wait until the page offers the start tap (or failed); return window.arlington."""
        self.page.wait_for_function("['ready','playing','failed'].includes(arlington.state)",
                                    timeout=LOAD_TIMEOUT_MS)
        state = self.js("({state: arlington.state, error: arlington.error, "
                        "marks: arlington.marks})")
        assert state["state"] != "failed", f"the page failed: {state['error']}"
        return state

    def js(self, expression: str):
        return self.page.evaluate(expression)

    def python(self, code: str):
        """Run Python inside the page's interpreter (the game's own), return its value."""
        return self.page.evaluate("(code) => arlington.python(code)", code)

    def frames(self) -> int:
        return self.js("arlington.frames")

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def close(self):
        self.context.close()


@pytest.fixture
def open_tab(chromium, site):
    """``open_tab(width, height, touch=False, scale=1, **context_options)``: a fresh context
    (its own storage and service worker) on the game; closed after the test."""
    tabs = []

    def open_(width=1280, height=720, touch=False, scale=1, path="", url=None, **options):
        context = chromium.new_context(viewport={"width": width, "height": height},
                                       device_scale_factor=scale, has_touch=touch,
                                       is_mobile=touch, **options)
        page = context.new_page()
        tab = Tab(context, page)
        context.on("request", lambda r: tab.requests.append(r.url))
        page.on("pageerror", lambda e: tab.errors.append(str(e)))
        page.goto((url or site) + path)
        tabs.append(tab)
        return tab

    yield open_
    for tab in tabs:
        tab.close()
