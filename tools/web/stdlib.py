"""The standard library the standalone build ships: only what is imported, out of Pyodide's zip.

Pyodide's ``python_stdlib.zip`` holds 554 modules (2.36 MB); the game, pygame-ce and Pyodide's
own boot import about a third of them. The build keeps the modules reached from three roots:

- every import anywhere in the game's source (inside functions too: one may run at any time);
- every import of pygame-ce's Python files in the wheel;
- what Pyodide's boot imports (``BOOT``: measured in Pyodide 0.27.7 under Node.js and
  Chromium: its ``_pyodide`` and ``pyodide`` packages, the asyncio loop, the wheel unpacker),
  and what ``importlib`` loads from frozen code when pygame reads its own files
  (``RESOURCE_READERS``);

then, inside the zip, the imports a kept module runs when it is imported (its module-level
statements: class bodies, ``try`` and ``if`` blocks, not function bodies, or the closure would
be most of the zip again). An import of a function body the game reaches anyway is caught by
running the game natively against the kept list (``tests/web/test_build_standalone.py``) and in
the page (``tests/web/test_browser_page.py``). A game import that Pyodide has neither in the zip
nor compiled in is a build error that names the file.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

BOOT = ("_pyodide", "_pyodide._base", "_pyodide._core_docs", "_pyodide._future_helper",
        "_pyodide._importhook", "_pyodide.docs_argspec", "_pyodide.docstring", "_pyodide.jsbind",
        "pyodide", "pyodide._package_loader", "pyodide._state", "pyodide.code", "pyodide.common",
        "pyodide.ffi", "pyodide.webloop", "encodings.aliases", "encodings.utf_8", "tarfile",
        "importlib.metadata")
"""What Pyodide imports before the game runs. Two of them from a function body: ``tarfile``
(its package unpacker) and ``importlib.metadata`` (``importlib.invalidate_caches``, which
``loadPackage`` calls)."""

CODECS = tuple(f"encodings.{c}" for c in (
    "ascii", "latin_1", "cp437", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
    "utf_32_le", "utf_32_be", "unicode_escape", "raw_unicode_escape", "idna"))
"""Codecs looked up by name at run time: ``zipfile`` reads plain names as cp437; the rest are
the ones Python's own text handling asks for."""

PYODIDE_BUILTINS = frozenset((
    "_abc _ast _asyncio _bisect _blake2 _bz2 _codecs _collections _contextvars _crypt _csv "
    "_ctypes _datetime _decimal _elementtree _functools _heapq _imp _io _json _locale _lsprof "
    "_md5 _multibytecodec _opcode _operator _pickle _posixsubprocess _pyodide_core _queue "
    "_random _sha1 _sha2 _sha3 _signal _socket _sre _stat _statistics _string _struct "
    "_symtable _thread _tokenize _tracemalloc _typing _warnings _weakref _zoneinfo array "
    "atexit audioop binascii builtins cmath errno faulthandler gc itertools marshal math mmap "
    "posix pyexpat select sys time unicodedata zlib js pyodide_js").split())
"""Modules compiled into Pyodide 0.27.7's interpreter (its ``sys.builtin_module_names``), and
the two JavaScript bridges it provides: importable without the zip."""

RESOURCE_READERS = ("importlib.readers", "importlib.resources.readers",
                    "importlib.resources._itertools")
"""What ``importlib`` loads from inside a frozen function (the file loader's
``get_resource_reader``) when ``importlib.resources.files`` reads a package's files, as
pygame's ``pkgdata`` does for its own icon and default font: no import statement names them."""

GAME_PACKAGES = ("game", "pygame", "main")


class MissingModule(RuntimeError):
    """The game imports a module Pyodide cannot give it; the message names the importer."""


@dataclass(frozen=True)
class Trimmed:
    modules: tuple[str, ...]
    """The kept modules, sorted."""
    members: int
    bytes: int


def _module_of(member: str) -> str | None:
    """``a/b.py`` -> ``a.b``; ``a/__init__.py`` -> ``a`` (``.pyc`` alike); anything else None."""
    path = PurePosixPath(member)
    if path.suffix not in (".py", ".pyc"):
        return None
    parts = path.with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _statements(tree: ast.AST, everywhere: bool) -> Iterable[ast.AST]:
    """The import statements of ``tree``: all of them, or those run when the module loads."""
    if everywhere:
        yield from (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom))
        return
    todo = list(ast.iter_child_nodes(tree))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _never_here(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


NEVER_HERE = ("__name__ == '__main__'", "sys.platform == 'win32'", "os.name == 'nt'",
              "_os.name == 'nt'", "sys.platform == 'darwin'")
"""``if`` tests that are false in the page: a script's self-test, Windows, macOS."""


def _never_here(test: ast.expr) -> bool:
    return ast.unparse(test) in NEVER_HERE


def _line_statements(source: str, everywhere: bool) -> Iterable[ast.AST]:
    """The import statements of a module ``ast`` cannot parse, found line by line: each one
    parses alone, and the indentation says whether it sits in a function body."""
    lines = source.splitlines()
    functions: list[int] = []  # indentation of the enclosing def lines
    for i, line in enumerate(lines):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while functions and indent <= functions[-1]:
            functions.pop()
        if text.startswith(("def ", "async def ")):
            functions.append(indent)
        elif text.startswith(("import ", "from ")) and (everywhere or not functions):
            statement = text
            j = i
            while statement.count("(") > statement.count(")") or statement.endswith("\\"):
                j += 1
                statement = statement.rstrip("\\") + " " + lines[j].strip()
            yield from ast.parse(statement).body


def imports(source: str, name: str, package: bool, everywhere: bool) -> set[str]:
    """The absolute module names the module ``name`` imports (and ``from`` targets, which may
    be modules): ``everywhere`` also counts imports inside functions."""
    found: set[str] = set()
    here = name if package else name.rpartition(".")[0]
    try:
        statements = list(_statements(ast.parse(source), everywhere))
    except SyntaxError:  # newer syntax than the building Python knows (typing.py, 3.12)
        statements = list(_line_statements(source, everywhere))
    for node in statements:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = here.split(".") if here else []
            parts = parts[:len(parts) - node.level + 1]
            base = ".".join(parts + ([base] if base else []))
        found.add(base)
        found.update(f"{base}.{a.name}" for a in node.names if a.name != "*")
    return {n for n in found if n}


def _with_parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def game_imports(repo: Path, files: Iterable[str]) -> dict[str, str]:
    """Every module the game's Python files import anywhere, with one importer each (for the
    message when Pyodide lacks it)."""
    found: dict[str, str] = {}
    for rel in files:
        if rel.endswith(".py"):
            name = _module_of(rel) or rel
            for n in imports((repo / rel).read_text(), name, rel.endswith("__init__.py"), True):
                found.setdefault(n, rel)
    return found


def wheel_modules(wheel: Path) -> dict[str, tuple[str, bool]]:
    """pygame-ce's Python modules in the wheel: name -> (source, whether a package)."""
    with zipfile.ZipFile(wheel) as zf:
        return {name: (zf.read(member).decode(), member.endswith("__init__.py"))
                for member in zf.namelist()
                if (name := _module_of(member)) and name.split(".")[0] == "pygame"}


def keep(stdlib: zipfile.ZipFile, required: dict[str, str],
         others: dict[str, tuple[str, bool]] | None = None) -> tuple[str, ...]:
    """The modules of ``stdlib`` reached from ``required`` (name: importer), ``BOOT``,
    ``CODECS`` and ``RESOURCE_READERS`` through the imports each runs when loaded, also through
    ``others`` (pygame's modules: followed, not kept; their imports of what Pyodide lacks, like
    numpy, are guarded).
    MissingModule when a required one is found nowhere."""
    others = others or {}
    members = {m: name for name in stdlib.namelist() if (m := _module_of(name))}
    todo = [*BOOT, *CODECS, *RESOURCE_READERS]
    for name in sorted(required):
        top = name.split(".")[0]
        # ``from json import loads`` names json.loads: the module is the longest known prefix.
        known = [m for m in _with_parents(name) if m in members or m in others]
        if known:
            todo.append(known[-1])
        elif top not in PYODIDE_BUILTINS and top not in GAME_PACKAGES:
            raise MissingModule(f"{required[name]} imports {name}, which Pyodide's standard "
                                "library lacks (neither in python_stdlib.zip nor compiled in)")
    kept: set[str] = set()
    seen: set[str] = set()
    while todo:
        for module in _with_parents(todo.pop()):
            if module in seen:
                continue
            seen.add(module)
            if module in members:
                kept.add(module)
                source = stdlib.read(members[module]).decode()
                package = members[module].endswith("__init__.py")
            elif module in others:
                source, package = others[module]
            else:
                continue
            todo.extend(imports(source, module, package, False))
    return tuple(sorted(kept))


def write(source: Path, target: Path, required: dict[str, str],
          others: dict[str, tuple[str, bool]] | None = None) -> Trimmed:
    """Write the trimmed zip to ``target`` (same member dates and order: same input, same
    bytes) and say what it holds. Stored, not deflated: the build gzips the whole file, and
    HTTP compression (brotli above all) shrinks one stream of source better than 172 small
    deflated ones."""
    with zipfile.ZipFile(source) as stdlib:
        kept = set(keep(stdlib, required, others))
        members = {name: m for name in stdlib.namelist() if (m := _module_of(name))}
        packages = {m.rpartition("/")[0] + "/" for m, name in members.items()
                    if name in kept and m.endswith("__init__.py")}
        chosen = [info for info in stdlib.infolist()
                  if members.get(info.filename) in kept or info.filename in packages]
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as out:
            for info in chosen:
                out.writestr(info, stdlib.read(info), compress_type=zipfile.ZIP_STORED)
    return Trimmed(tuple(sorted(kept)), len(chosen), target.stat().st_size)
