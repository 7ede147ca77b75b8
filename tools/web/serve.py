"""``serve``: a build on http://127.0.0.1 (service workers need localhost or https)."""

from __future__ import annotations

from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Handler(SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on (wasm streaming, module scripts)."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
        ".json": "application/json", ".apk": "application/zip", ".whl": "application/zip",
    }

    def end_headers(self):
        if self.path.split("?")[0].endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")  # a new build is seen at once
        super().end_headers()

    def log_message(self, format, *args):  # the base class names it `format`
        pass


def server(folder: Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server for ``folder`` (port 0: any free one); call ``serve_forever`` to run it."""
    httpd = ThreadingHTTPServer((host, port), partial(Handler, directory=str(folder)))
    httpd.daemon_threads = True
    return httpd
