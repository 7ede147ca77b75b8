"""Precompiled code for the standalone page: CPython 3.12 bytecode in the zips it unpacks.

The page's Python otherwise compiles every module it imports from source, in WebAssembly:
measured in Chromium on this project's start (216 modules), compiling took 1.67 s and
unmarshalling the same code 0.11 s, and Pyodide's own load (which imports a hundred of them)
took half the time. So the build compiles with a CPython 3.12 (any 3.12.x writes the bytecode
Pyodide 0.27.7's 3.12.7 reads) into unchecked hash-based ``.pyc`` files, which nothing in the
page compares with a source's date (a zip keeps none worth trusting).

Each ``mod.py`` becomes ``mod.pyc`` (zipimport and the file finder take either), without
docstrings, which nothing in the game or its libraries reads (Pyodide's own ``_pyodide`` and
``pyodide`` packages do: theirs stay). Bytecode compresses worse than source; without the
docstrings it travels about 1.5 times the source's compressed size. Tracebacks in the page
then name files and lines but cannot quote them.

Only on request: ``ARLINGTON_PYTHON312`` names the CPython 3.12 to compile with; otherwise
the build ships sources and says so. Once the start imported less (the title loads only
itself), bytecode stopped paying its way: on a quiet machine the first frame came 0.54 and
0.67 s after Pyodide's load with bytecode and 0.59 s with sources, while the first visit
with brotli grew from 4.57 MB to 5.07 MB, over the 5 MB budget (docs/web.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ENV = "ARLINGTON_PYTHON312"
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
"""Members whose docstrings are read at run time (Pyodide documents its JavaScript proxies)."""

COMPILER = r'''
import ast, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

source, target, root = sys.argv[1], sys.argv[2], sys.argv[3]
keep_docstrings = tuple(sys.argv[4:])
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.fix_missing_locations(tree)


with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as out:
    for info in src.infolist():
        data = src.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data, compress_type=info.compress_type)
            continue
        tree = ast.parse(data, root + info.filename)
        if not info.filename.startswith(keep_docstrings):
            tree = without_docstrings(tree)
        code = compile(tree, root + info.filename, "exec", dont_inherit=True)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.external_attr = info.external_attr
        out.writestr(entry, _code_to_hash_pyc(code, importlib.util.source_hash(data), False),
                     compress_type=info.compress_type)
'''


class CompileError(RuntimeError):
    """The 3.12 compiler refused a file (a syntax error): the message is its own."""


def find_python() -> str | None:
    """The CPython 3.12 that ``ARLINGTON_PYTHON312`` names, or None (sources are shipped)."""
    named = os.environ.get(ENV)
    path = shutil.which(named) if named else None
    if path is None:
        return None
    done = subprocess.run([path, "-c", "import sys; print(sys.version_info[:2] == (3, 12))"],
                          capture_output=True, text=True)
    return path if done.stdout.strip() == "True" else None


def compile_zip(python: str, zip_path: Path, root: str) -> None:
    """Replace the zip at ``zip_path`` by one holding bytecode for its sources (``root``:
    where the page finds its files, for tracebacks)."""
    compiled = zip_path.with_name(zip_path.name + ".compiling")
    done = subprocess.run([python, "-I", "-c", COMPILER, str(zip_path), str(compiled), root,
                           *KEEP_DOCSTRINGS], capture_output=True, text=True)
    if done.returncode:
        compiled.unlink(missing_ok=True)
        raise CompileError(done.stderr.strip().splitlines()[-1] if done.stderr else
                           f"{python} failed on {zip_path.name}")
    compiled.replace(zip_path)
