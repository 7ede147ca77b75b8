"""``serve``: a build on http://127.0.0.1 (service workers need localhost or https), compressed
as a good static host would: brotli when the ``brotli`` package happens to be installed (it is
not a dependency), else gzip, taking the ``X.gz`` the build wrote beside a big file instead of
compressing it again. Already-compressed files (images, sounds) go as they are.
"""

from __future__ import annotations

import gzip
import io
import os
from functools import lru_cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

try:
    import brotli
except ImportError:
    brotli = None

INCOMPRESSIBLE = (".png", ".gz", ".br", ".ico", ".jpg", ".ogg")
"""Already compressed (the build stores its zips and the wheel uncompressed: they are not)."""


@lru_cache(maxsize=64)
def _compressed(path: str, mtime: float, encoding: str) -> bytes:
    """The file's bytes in ``encoding`` (cached while the file is unchanged)."""
    twin = Path(path + ".gz")
    if encoding == "gzip" and twin.is_file() and twin.stat().st_mtime >= mtime:
        return twin.read_bytes()
    body = Path(path).read_bytes()
    if encoding == "br":
        return brotli.compress(body, quality=5)
    return gzip.compress(body, compresslevel=6, mtime=0)


class Handler(SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on (wasm streaming, module scripts)."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
        ".json": "application/json", ".apk": "application/zip", ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }
    compress = True

    def _encoding(self, path: str) -> str | None:
        """The encoding to send ``path`` in, from what the client accepts."""
        if not self.compress or path.endswith(INCOMPRESSIBLE):
            return None
        accepted = {part.split(";")[0].strip()
                    for part in self.headers.get("Accept-Encoding", "").split(",")}
        if brotli is not None and "br" in accepted:
            return "br"
        return "gzip" if "gzip" in accepted else None

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        encoding = self._encoding(path) if os.path.isfile(path) else None
        if encoding is None:
            return super().send_head()
        body = _compressed(path, os.stat(path).st_mtime, encoding)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        if self.path.split("?")[0].endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")  # a new build is seen at once
        super().end_headers()

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page dropped a plain download to take its gzipped twin

    def log_message(self, format, *args):  # the base class names it `format`
        pass


def server(folder: Path, port: int = 0, host: str = "127.0.0.1",
           compress: bool = True) -> ThreadingHTTPServer:
    """A server for ``folder`` (port 0: any free one); call ``serve_forever`` to run it.
    ``compress=False`` sends every file as it is, as a plain file server does."""
    handler = type("Handler", (Handler,), {"compress": compress})
    httpd = ThreadingHTTPServer((host, port), partial(handler, directory=str(folder)))
    httpd.daemon_threads = True
    return httpd
