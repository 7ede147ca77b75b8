"""Finding pygbag's pygame-ce wasm wheel, which no package registry carries.

In order: the path in ``ARLINGTON_PYGAME_WHEEL``; the download cache
(``~/.cache/arlington``, or ``ARLINGTON_CACHE``); a download from pygbag's CDN when the network
allows. Whatever the source, the file must have the known sha256, so a wrong or truncated
wheel is refused with a clear message instead of breaking the page at play time.
"""

from __future__ import annotations

import hashlib
import os
import urllib.request
from pathlib import Path

WHEEL_NAME = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
WHEEL_URL = f"https://pygame-web.github.io/cdn/cp312/{WHEEL_NAME}"
ENV_PATH = "ARLINGTON_PYGAME_WHEEL"
ENV_CACHE = "ARLINGTON_CACHE"


class WheelError(RuntimeError):
    """The wheel cannot be found, fetched or trusted; the message says how to fix it."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_dir() -> Path:
    return Path(os.environ.get(ENV_CACHE) or Path.home() / ".cache" / "arlington")


def _checked(path: Path, origin: str) -> Path:
    found = sha256(path)
    if found != WHEEL_SHA256:
        raise WheelError(f"{origin} {path} has sha256 {found}, expected {WHEEL_SHA256}")
    return path


def find_wheel(download: bool = True) -> Path:
    """The verified wheel's path (see the module docstring); WheelError if there is none."""
    named = os.environ.get(ENV_PATH)
    if named:
        path = Path(named).expanduser()
        if path.is_dir():
            path = path / WHEEL_NAME
        if not path.is_file():
            raise WheelError(f"{ENV_PATH}={named}: no such file")
        return _checked(path, ENV_PATH)
    cached = cache_dir() / WHEEL_NAME
    if cached.is_file():
        return _checked(cached, "cached wheel")
    if not download:
        raise WheelError(f"no pygame-ce wasm wheel: set {ENV_PATH} to {WHEEL_NAME}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    try:
        with urllib.request.urlopen(WHEEL_URL, timeout=30) as response:
            partial.write_bytes(response.read())
    except OSError as e:
        partial.unlink(missing_ok=True)
        raise WheelError(
            f"cannot download {WHEEL_URL} ({e}); set {ENV_PATH} to a copy of {WHEEL_NAME}"
        ) from None
    try:
        _checked(partial, "downloaded wheel")
    except WheelError:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(cached)
    return cached
