"""A static scan of the game package for what cannot run in a browser tab.

pygbag and Pyodide run the game on the page's one thread: no threads, no blocking sleeps, no
subprocesses, no file writes that would vanish on reload (saves go through game/platform.py),
and no compiled extensions but pygame's. The scan reads every module the archive ships
(``tools.web.files.game_files``): ``main.py``, ``game/`` and ``assets/``. The command-line
tools live in ``tools/``, outside the archive, since they never run in the browser. The
scanner is tested on snippets first, so a clean result means something.
"""

from __future__ import annotations

import ast
import sys

import pytest

from tools.web.files import REPO, game_files

FORBIDDEN_MODULES = {
    "threading": "threads", "_thread": "threads", "concurrent": "threads/processes",
    "multiprocessing": "processes", "subprocess": "subprocesses", "socket": "sockets",
    "ctypes": "C calls", "signal": "signals", "tempfile": "file writes", "shutil": "file writes",
}
OS_CALLS = {
    "system", "popen", "fork", "forkpty", "spawnl", "spawnv", "spawnlp", "spawnvp", "execv",
    "execl", "execvp", "remove", "unlink", "rename", "replace", "mkdir", "makedirs", "rmdir",
    "removedirs", "truncate", "write",
}
PATH_WRITES = {"write_text", "write_bytes", "touch", "mkdir", "unlink", "rmdir", "rename",
               "symlink_to", "hardlink_to"}
WRITE_MODES = set("wax+")
WRITES_ALLOWED_IN = {"game/platform.py"}
ALLOWED_TOP = {"game", "pygame"} | set(sys.stdlib_module_names)


def scan(source: str, rel: str) -> list[str]:
    """What ``source`` (the file ``rel``) does that a browser tab cannot: one line per finding."""
    tree = ast.parse(source, rel)
    problems = []
    writes_ok = rel in WRITES_ALLOWED_IN

    def say(node, what):
        problems.append(f"{rel}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            if isinstance(node, ast.ImportFrom) and node.level:
                continue  # relative: inside the package
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in FORBIDDEN_MODULES and not (writes_ok and
                                                     FORBIDDEN_MODULES[top] == "file writes"):
                    say(node, f"imports {name} ({FORBIDDEN_MODULES[top]})")
                elif top not in ALLOWED_TOP:
                    say(node, f"imports {name}: not the standard library, game or pygame "
                              "(a C extension or a package the browser build lacks)")
                elif name == "asyncio.subprocess":
                    say(node, "imports asyncio.subprocess (subprocesses)")
            if isinstance(node, ast.ImportFrom) and node.module == "time":
                if any(a.name == "sleep" for a in node.names):
                    say(node, "imports time.sleep (a blocking sleep)")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                owner, attr = func.value.id, func.attr
                if owner == "time" and attr == "sleep":
                    say(node, "time.sleep() is a blocking sleep (use await asyncio.sleep)")
                if owner == "os" and attr in OS_CALLS and not writes_ok:
                    say(node, f"os.{attr}() (processes or file writes)")
            if isinstance(func, ast.Attribute):
                if func.attr in PATH_WRITES and not writes_ok:
                    say(node, f".{func.attr}() writes files")
                if func.attr == "save" and _dotted(func.value) == "pygame.image" and not writes_ok:
                    say(node, "pygame.image.save() writes a file")
                if func.attr in {"create_subprocess_exec", "create_subprocess_shell"}:
                    say(node, f"{func.attr}() starts a subprocess")
                if func.attr in {"run_in_executor", "to_thread"}:
                    say(node, f"{func.attr}() needs threads")
            if isinstance(func, ast.Name) and func.id == "open" and not writes_ok:
                mode = _open_mode(node)
                if mode is None or WRITE_MODES & set(mode):
                    say(node, f"open(..., {mode!r}) may write a file")
    return problems


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _open_mode(call: ast.Call) -> str | None:
    """The mode of an open() call: "r" when not given, None when not a literal."""
    mode = call.args[1] if len(call.args) > 1 else next(
        (k.value for k in call.keywords if k.arg == "mode"), None)
    if mode is None:
        return "r"
    return mode.value if isinstance(mode, ast.Constant) and isinstance(mode.value, str) else None


BAD = {
    "import threading": "threads",
    "from concurrent.futures import ThreadPoolExecutor": "threads",
    "import subprocess": "subprocesses",
    "import os\nos.system('ls')": "os.system",
    "import time\ntime.sleep(0.1)": "blocking",
    "from time import sleep": "blocking",
    "open('save.json', 'w').write('{}')": "may write",
    "open(path, mode)": "may write",
    "from pathlib import Path\nPath('x').write_text('y')": "writes files",
    "import pygame\npygame.image.save(s, 'x.png')": "writes a file",
    "import numpy": "C extension",
    "import asyncio\nasyncio.to_thread(f)": "needs threads",
    "import os\nos.remove('x')": "os.remove",
}
GOOD = [
    "import asyncio\nawait_me = asyncio.sleep(0)",
    "import pygame\nimport pygame.freetype",
    "from . import rules\nfrom ..ai import agent",
    "import json, math, random, dataclasses, enum",
    "open('assets/fonts/a.ttf', 'rb').read()",
    "import time\nstart = time.perf_counter()",
    "items.remove(3)\ntext.replace('a', 'b')",
]


@pytest.mark.parametrize("source", list(BAD))
def test_the_scan_catches(source):
    problems = scan(source, "game/example.py")
    assert len(problems) == 1 and BAD[source] in problems[0], problems


@pytest.mark.parametrize("source", GOOD)
def test_the_scan_allows(source):
    assert scan(source, "game/example.py") == []


def test_platform_may_write_files_but_not_spawn():
    source = "import os\nopen(p, 'w')\nos.replace(a, b)\nimport subprocess"
    assert [p.split(": ", 1)[1] for p in scan(source, "game/platform.py")] == [
        "imports subprocess (subprocesses)"]


def test_the_game_archive_is_browser_safe():
    modules = [rel for rel in game_files() if rel.endswith(".py")]
    assert "main.py" in modules and "game/platform.py" in modules
    assert all(rel == "main.py" or rel.startswith("game/") for rel in modules)
    problems = [p for rel in modules for p in scan((REPO / rel).read_text(), rel)]
    assert problems == []


def test_no_game_module_imports_a_tool():
    """The tools are outside the archive, so the game must never import one (in the browser
    that import would fail)."""
    tools = {"tools"}
    found = []
    for rel in game_files():
        if not rel.endswith(".py"):
            continue
        package = rel.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
        for node in ast.walk(ast.parse((REPO / rel).read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            found += [f"{rel} imports {n}" for n in names
                      if any(n == t or n.startswith(t + ".") for t in tools)]
    assert found == []
