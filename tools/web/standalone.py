"""``build --standalone``: a folder that plays with no CDN, from any static host.

It holds our page, the Pyodide core (npm ``pyodide@0.27.7``: CPython 3.12, as pygbag's
runtime), pygbag's pygame-ce wasm wheel (``wheel.py``, repacked), the game as one zip, a web app
manifest with icons drawn from the game's art (``icons.py``: the page installs as an app), and a
service worker whose cache is named by the build's hash, so a new build replaces the old
offline copy; it caches the manifest too, so the installed app starts offline.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import bytecode, files, icons, stdlib
from .page import WEB, fill, page
from .wheel import WHEEL_NAME, find_wheel

PYODIDE_VERSION = "0.27.7"
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""The core runtime: what ``loadPyodide`` fetches when no package is asked for (the standard
library trimmed to what is imported: ``stdlib.py``)."""
TWINS = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "game.zip", WHEEL_NAME)
"""The big files the build also writes gzipped (``X.gz`` beside ``X``). A host that
compresses (brotli, gzip) sends ``X`` compressed, better than any zip; one that does not (a
plain file server, some game portals) would send it whole: then the page takes ``X.gz`` and
unpacks it itself (``DecompressionStream``), so the first visit stays small on any host."""
LOCK_FILE = "pyodide-lock.json"
"""Pyodide's package index, which it fetches at every start. The build ships none: the page
hands Pyodide a lock file of no packages (its ``info``, as a ``data:`` address), since the one
package the game loads is the pygame-ce wheel, by its address."""
ENV_PYODIDE = "ARLINGTON_PYODIDE"
DEFAULT_PYODIDE = files.REPO / "tests" / "web" / "node_modules" / "pyodide"
OUT = files.REPO / "build" / "standalone"
GAME_ZIP = "game.zip"
STDLIB = "python_stdlib.zip"
STDLIB_ROOT = "/lib/python312.zip/"
"""Where Pyodide puts the standard library's zip (and where tracebacks say a module is)."""
SITE_ROOT = "/lib/python3.12/site-packages/"
"""Where the page writes the wheel's files (``SITE`` in ``boot_pyodide.js``)."""
APP_ROOT = "/home/pyodide/arlington/"
"""Where the page unpacks the game (``boot_pyodide.js``)."""

THIRD_PARTY = """Arlington (standalone browser build) ships, unchanged but for the trimming noted:

- Pyodide {pyodide} (Mozilla Public License 2.0): https://github.com/pyodide/pyodide
  CPython and its standard library (PSF License) compiled to WebAssembly; the standard
  library holds only the modules the game and Pyodide import.
- pygame-ce 2.5.7 as built for the browser by pygbag (GNU LGPL 2.1):
  {wheel} (the same files, repacked uncompressed, its Python
  modules as bytecode when the build had a CPython 3.12)
  source: https://github.com/pygame-community/pygame-ce
  wasm build: https://github.com/pygame-web/cdn (cp312/), https://github.com/pygame-web/pygbag
  It bundles SDL2, SDL_ttf, SDL_image, SDL_mixer, FreeType and HarfBuzz under their own
  licences (zlib, FreeType/GPL, MIT). You may replace the wheel with your own build of
  pygame-ce: the page loads whatever file of that name sits in this folder.
"""


class BuildError(RuntimeError):
    """The build cannot be made; the message says what is missing."""


@dataclass(frozen=True)
class Built:
    folder: Path
    version: str
    files: int
    bytes: int
    stdlib: tuple[str, ...]
    """The standard library's modules the build ships."""
    compiled: bool
    """Whether the code ships as 3.12 bytecode (``bytecode.py``), else as sources."""


def pyodide_dir() -> Path:
    """The npm package's folder (``ARLINGTON_PYODIDE`` or tests/web/node_modules/pyodide)."""
    folder = Path(os.environ.get(ENV_PYODIDE) or DEFAULT_PYODIDE)
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise BuildError(f"no Pyodide at {folder}: run `npm ci --prefix tests/web`")
    version = json.loads(manifest.read_text()).get("version")
    if version != PYODIDE_VERSION:
        raise BuildError(f"Pyodide {version} at {folder}; the wheel needs {PYODIDE_VERSION}")
    missing = [f for f in (*PYODIDE_FILES, LOCK_FILE) if not (folder / f).is_file()]
    if missing:
        raise BuildError(f"Pyodide at {folder} lacks {', '.join(missing)}")
    return folder


def _repack_stored(source: Path, target: Path) -> None:
    """The same zip with every member stored: its gzipped twin and HTTP compression then
    shrink the whole, better than the members' own deflate (brotli: 1.16 MB against 1.53)."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as out:
        for info in src.infolist():
            out.writestr(info, src.read(info), compress_type=zipfile.ZIP_STORED)


def build(out: Path = OUT, wheel: Path | None = None) -> Built:
    """Write the standalone folder (replacing any older one) and return what it holds."""
    wheel = wheel or find_wheel()
    runtime = pyodide_dir()
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != STDLIB:
            shutil.copyfile(runtime / name, out / "pyodide" / name)
    game = files.write_zip(out / GAME_ZIP, compression=zipfile.ZIP_STORED)
    try:
        trimmed = stdlib.write(runtime / STDLIB, out / "pyodide" / STDLIB,
                               stdlib.game_imports(files.REPO, game), stdlib.wheel_modules(wheel))
    except stdlib.MissingModule as e:
        raise BuildError(str(e)) from None
    _repack_stored(wheel, out / wheel.name)
    python = bytecode.find_python()
    if python is not None:
        try:
            bytecode.compile_zip(python, out / "pyodide" / STDLIB, STDLIB_ROOT)
            bytecode.compile_zip(python, out / GAME_ZIP, APP_ROOT)
            bytecode.compile_zip(python, out / wheel.name, SITE_ROOT)
        except bytecode.CompileError as e:
            raise BuildError(f"compiling for the page: {e}") from None
    shutil.copyfile(WEB / "icon.png", out / "icon.png")
    try:  # the installed app's icons and manifest (icons.py)
        icons.write(out)
    except icons.IconError as e:
        raise BuildError(str(e)) from None
    shutil.copyfile(WEB / "keycodes.js", out / "keycodes.js")
    shutil.copyfile(WEB / "boot_pyodide.js", out / "boot.js")
    (out / "THIRD_PARTY.txt").write_text(THIRD_PARTY.format(pyodide=PYODIDE_VERSION,
                                                            wheel=wheel.name))
    twins = [files.write_gzip(out / rel).relative_to(out).as_posix() for rel in TWINS]
    # What the page downloads once it runs: "sizes" through fetch (counted by the progress
    # bar, as the bytes they hold, however they travel), "watch" also the script Pyodide
    # injects and the gzipped twins (a failed download of any is reported).
    fetched = [f"pyodide/{n}" for n in PYODIDE_FILES if n not in ("pyodide.js", "pyodide.asm.js")]
    fetched += [wheel.name, GAME_ZIP]
    lock = {"info": json.loads((runtime / LOCK_FILE).read_text())["info"], "packages": {}}
    boot = {"pyodide": "pyodide/", "wheel": wheel.name, "game": GAME_ZIP, "lock": lock,
            "sizes": {rel: (out / rel).stat().st_size for rel in fetched},
            "twins": list(TWINS),
            "watch": sorted(fetched + twins + ["pyodide/pyodide.asm.js"])}
    (out / "index.html").write_text(page(
        # boot.js before pyodide.js: it wraps fetch first, so Pyodide's downloads show progress.
        head=(f'<script type="application/json" id="build">{json.dumps(boot)}</script>\n'
              '<script src="boot.js"></script>\n<script src="pyodide/pyodide.js"></script>\n'
              '<script src="keycodes.js"></script>\n'
              f'<link rel="manifest" href="{icons.MANIFEST}">'),
        boot="",
        icon="icon.png",
        touch_icon=icons.ICONS[-1].name,  # opaque to the edges: iOS rounds it itself
    ))
    payload = sorted(p for p in out.rglob("*") if p.is_file())
    version = files.digest(payload, out)
    # The worker caches one of each twin: the one this visit took (sw.js?gz=1: the gzipped).
    # It leaves out the app's icons: the browser fetches them when it installs the app and
    # keeps them itself, so every first visit would download 0.2 MB of PNGs for nothing.
    skipped = TWINS + tuple(twins) + tuple(i.name for i in icons.ICONS)
    cached = ["./"] + [rel for p in payload
                       if (rel := p.relative_to(out).as_posix()) not in skipped]
    (out / "sw.js").write_text(fill((WEB / "sw.js").read_text(), {
        "version": version, "files": json.dumps(cached, indent=1),
        "twins": json.dumps(list(TWINS))}))
    everything = [p for p in out.rglob("*") if p.is_file()]
    return Built(out, version, len(everything), sum(p.stat().st_size for p in everything),
                 trimmed.modules, python is not None)
