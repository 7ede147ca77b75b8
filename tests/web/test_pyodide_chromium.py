"""The engine gives the same results under Pyodide in a real browser as natively.

test_pyodide_node.py checks Pyodide under Node.js; this runs the same interpreter where players
run it, in headless Chromium: the test serves the repository on 127.0.0.1, opens
chromium_page.html, which loads Pyodide from tests/web/node_modules (no CDN), copies the game
package in, plays the matches and POSTs the results back to the server. Needs Debian's chromium
(/usr/bin/chromium) and `npm ci --prefix tests/web`; without them it skips locally and fails
under CI. No Python dependency beyond the standard library.
"""

import json
import os
import queue
import signal
import subprocess
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PACKAGE = REPO / "game"
PAGE = "/tests/web/chromium_page.html"
PYODIDE = HERE / "node_modules" / "pyodide" / "pyodide.js"
CHROMIUM = Path(os.environ.get("ARLINGTON_CHROMIUM", "/usr/bin/chromium"))
MANIFEST_URL = "/__manifest__.json"
RESULT_URL = "/__result__"
MATCHES = [(7, 2), (11, 5)]  # (seed, players)
TIMEOUT = 180  # seconds for the whole page; Pyodide itself loads in about 5-10 s
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Offline by construction: every host name but the loopback address fails to resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def _missing_runtime() -> str | None:
    """Why the browser test cannot run here, or None when it can."""
    if not os.access(CHROMIUM, os.X_OK):
        return (
            f"{CHROMIUM} is missing: install Debian's chromium "
            "(apt-get install -y --no-install-recommends chromium)"
        )
    if not PYODIDE.exists():
        return "pyodide is not installed: run `npm ci --prefix tests/web`"
    return None


def package_files(root: Path) -> list[str]:
    """Every .py file of the package, relative to it, skipping __pycache__ and dot folders."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*.py")
        if not any(
            part == "__pycache__" or part.startswith(".") for part in path.relative_to(root).parts
        )
    )


class _Handler(SimpleHTTPRequestHandler):
    """Static files from the repository, plus the manifest (GET) and the page's result (POST)."""

    def __init__(self, *args, manifest: bytes, results: queue.Queue, **kwargs):
        self.manifest = manifest
        self.results = results
        super().__init__(*args, **kwargs)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        if self.path.split("?")[0] == MANIFEST_URL:
            self._send(200, self.manifest, "application/json")
        else:
            super().do_GET()

    def do_POST(self):
        if self.path != RESULT_URL:
            self._send(404, b"", "text/plain")
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.results.put(body.decode("utf-8"))
        self._send(204, b"", "text/plain")

    def _send(self, status: int, body: bytes, content_type: str):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # the base class names it `format`
        pass  # keep pytest's output clean; failures carry Chromium's log instead


def run_page_in_chromium(matches, tmp_dir: Path) -> dict:
    """Serve the repo, open the page in headless Chromium, return what the page reported."""
    manifest = json.dumps(
        {
            "package": PACKAGE.name,
            "files": package_files(PACKAGE),
            "matches": matches,
            "result": RESULT_URL,
        }
    ).encode()
    results: queue.Queue = queue.Queue()
    handler = partial(_Handler, directory=str(REPO), manifest=manifest, results=results)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)  # port 0: a free one
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]
    log_path = tmp_dir / "chromium.log"
    browser = None
    try:
        with open(log_path, "wb") as log:
            browser = subprocess.Popen(
                [str(CHROMIUM), *CHROMIUM_FLAGS, f"--user-data-dir={tmp_dir / 'profile'}"]
                + [f"http://127.0.0.1:{port}{PAGE}?manifest={MANIFEST_URL}"],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, so it ends with its helpers
            )
            deadline = time.monotonic() + TIMEOUT
            while True:
                try:
                    return json.loads(results.get(timeout=0.5))
                except queue.Empty:
                    pass
                if browser.poll() is not None:
                    pytest.fail(
                        f"Chromium exited with status {browser.returncode} before the page "
                        f"reported:\n{log_path.read_text(errors='replace')[-4000:]}",
                        pytrace=False,
                    )
                if time.monotonic() > deadline:
                    pytest.fail(
                        f"the page did not report within {TIMEOUT} s; Chromium's log:\n"
                        f"{log_path.read_text(errors='replace')[-4000:]}",
                        pytrace=False,
                    )
    finally:
        if browser is not None and browser.poll() is None:
            _stop(browser)
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _stop(browser: subprocess.Popen) -> None:
    """End the Chromium this test started: its process group, politely, then for sure."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(browser.pid, sig)
        except ProcessLookupError:
            return
        try:
            browser.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def page_outcome(tmp_path_factory) -> dict:
    reason = _missing_runtime()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the Chromium test cannot run under CI: {reason}", pytrace=False)
        pytest.skip(f"{reason}; this test runs the engine under Pyodide in headless Chromium")
    outcome = run_page_in_chromium(MATCHES, tmp_path_factory.mktemp("chromium"))
    assert outcome.get("ok"), f"the page failed:\n{outcome.get('error')}"
    return outcome


def test_runs_on_pyodide_in_chromium(page_outcome):
    """The code really ran on CPython 3.12 compiled to WebAssembly, inside the browser."""
    assert page_outcome["runtime"] == {
        "version": [3, 12],
        "platform": "emscripten",
        "implementation": "cpython",
    }
    assert page_outcome["pyodide"] == "0.27.7"


@pytest.mark.parametrize(("index", "seed", "players"), [(i, *m) for i, m in enumerate(MATCHES)])
def test_random_match_same_in_chromium_as_native(page_outcome, index, seed, players):
    from game.ai.selfplay import play_random_match

    in_browser = page_outcome["matches"][index]
    # Through JSON on both sides, so tuples and lists compare alike.
    native = json.loads(json.dumps(play_random_match(seed=seed, players=players)))
    assert in_browser == native


def test_package_files_lists_the_engine():
    files = package_files(PACKAGE)
    assert "__init__.py" in files and "ai/selfplay.py" in files
    assert all(f.endswith(".py") and "__pycache__" not in f for f in files)
