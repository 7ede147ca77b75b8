"""``build``: pygbag's build, offline, of a staged copy of the game.

pygbag packs the folder it is given, reformats it with ``black`` when black is importable, and
fetches its page template and icon from its CDN unless given local ones (retrying forever
offline). So the build stages only the game files (``files.game_files``) in a temporary folder
named ``arlington`` (the archive's name), hands pygbag our own template and icon, and copies
``build/web/`` and the itch.io zip ``build/web.zip`` back. The archive's size is checked
against the budget and printed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import files
from .page import WEB, page

BUDGET = 1_000_000
"""The game archive (.apk) may be at most this many bytes."""
APP_NAME = "arlington"
OUT = files.REPO / "build"
TIMEOUT = 300  # seconds; offline with local template and icon it takes about a second


class BuildError(RuntimeError):
    """pygbag failed, or its result breaks a rule (budget, leftovers); the message says which."""


@dataclass(frozen=True)
class Built:
    folder: Path
    archive: Path
    archive_bytes: int
    zip: Path
    members: tuple[str, ...]


def template() -> str:
    """Our page with pygbag's boot: still holds pygbag's ``{{cookiecutter.*}}`` markers."""
    return page(head=(WEB / "boot_pygbag.html").read_text(), boot="", icon="favicon.png")


def build(out: Path = OUT, pygbag_args: tuple[str, ...] = ()) -> Built:
    """Run pygbag on a staged copy of the game; write ``out/web/`` and ``out/web.zip``."""
    with tempfile.TemporaryDirectory(prefix="arlington-pygbag-") as tmp:
        stage = Path(tmp) / APP_NAME
        for rel in files.game_files():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(files.REPO / rel, stage / rel)
        shutil.copyfile(files.REPO / "pygbag.ini", stage / "pygbag.ini")
        tmpl = Path(tmp) / "arlington.tmpl"
        tmpl.write_text(template())
        command = [sys.executable, "-m", "pygbag", "--build", "--archive",
                   "--template", str(tmpl), "--icon", str(WEB / "icon.png"),
                   "--title", "Arlington", "--ume_block", "0", "--can_close", "1",
                   *pygbag_args, str(stage)]
        try:
            run = subprocess.run(command, cwd=stage, capture_output=True, text=True,
                                 timeout=TIMEOUT,
                                 env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        except subprocess.TimeoutExpired:
            raise BuildError(
                f"pygbag did not finish in {TIMEOUT} s (is it trying its CDN?)") from None
        built_web = stage / "build" / "web"
        if run.returncode != 0 or not (built_web / "index.html").is_file():
            raise BuildError(f"pygbag failed (exit {run.returncode}):\n{run.stdout[-3000:]}"
                             f"\n{run.stderr[-3000:]}")
        web, web_zip = out / "web", out / "web.zip"
        if web.exists():
            shutil.rmtree(web)
        out.mkdir(parents=True, exist_ok=True)
        shutil.copytree(built_web, web)
        shutil.copyfile(stage / "build" / "web.zip", web_zip)
    archive = web / f"{APP_NAME}.apk"
    with zipfile.ZipFile(archive) as zf:
        members = tuple(sorted(zf.namelist()))
    size = archive.stat().st_size
    if size > BUDGET:
        raise BuildError(f"the game archive is {size:,} bytes, over the {BUDGET:,} byte budget")
    leftovers = (web / "index.html").read_text().count("{{")
    if leftovers:
        raise BuildError(f"index.html still holds {leftovers} unfilled template markers")
    return Built(web, archive, size, web_zip, members)
