"""Which files make the game: the one list both builds pack and the static scan reads.

The game is ``main.py``, the ``game`` package and its fonts and sounds in ``assets/`` beside it
(where ``game.ASSETS`` finds them in a checkout and in both builds), all of it: the
command-line tools live in ``tools/``, outside the game, so nothing needs leaving out.
"""

from __future__ import annotations

import gzip
import hashlib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The repository root (this file is ``tools/web/files.py``)."""

ROOTS = ("main.py", "game", "assets")
"""What the archive is made of, relative to the repository."""

SKIPPED_PARTS = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc", ".pyo")


def game_files(repo: Path = REPO) -> list[str]:
    """Every file of the game, relative to ``repo`` (posix), sorted: what the archive holds."""
    found = []
    for root in ROOTS:
        path = repo / root
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in candidates:
            rel = file.relative_to(repo).as_posix()
            parts = rel.split("/")
            if any(p in SKIPPED_PARTS or p.startswith(".") for p in parts):
                continue
            if file.suffix in SKIPPED_SUFFIXES:
                continue
            found.append(rel)
    return sorted(found)


def write_zip(target: Path, repo: Path = REPO, compression: int = zipfile.ZIP_DEFLATED
              ) -> list[str]:
    """Zip the game files into ``target`` (fixed timestamps: the same game, the same bytes)."""
    files = game_files(repo)
    with zipfile.ZipFile(target, "w", compression=compression, compresslevel=9) as zf:
        for rel in files:
            info = zipfile.ZipInfo(rel, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            zf.writestr(info, (repo / rel).read_bytes())
    return files


def digest(paths: list[Path], root: Path) -> str:
    """A short hash of files' names and contents: the build's version."""
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def write_gzip(source: Path) -> Path:
    """``source`` gzipped beside it as ``source.gz`` (no name or date inside: the same file,
    the same bytes)."""
    target = source.with_name(source.name + ".gz")
    with open(target, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw,
                                                  compresslevel=9, mtime=0) as gz:
        gz.write(source.read_bytes())
    return target
