"""The standalone build's content, and where it takes the pygame-ce wheel from (no browser)."""

import gzip
import json
import os
import re
import subprocess
import sys
import threading
import zipfile

import pytest

from tools.web import files, icons, stdlib, wheel
from tools.web.serve import server
from tools.web.standalone import LOCK_FILE, PYODIDE_FILES, STDLIB, TWINS, pyodide_dir


def test_folder_holds_page_runtime_wheel_game_and_worker(standalone):
    folder = standalone.folder
    # The modules as 3.12 bytecode when the build had a CPython 3.12 to compile with.
    suffix = "c" if standalone.compiled else ""
    for name in ("index.html", "sw.js", "boot.js", "keycodes.js", "icon.png", "game.zip",
                 "THIRD_PARTY.txt", wheel.WHEEL_NAME, *(f"pyodide/{n}" for n in PYODIDE_FILES)):
        assert (folder / name).is_file(), name
    # The wheel's files, repacked (its modules as bytecode when the build compiled).
    with zipfile.ZipFile(folder / wheel.WHEEL_NAME) as shipped, \
            zipfile.ZipFile(wheel.find_wheel(download=False)) as verified:
        names = [n + suffix if n.endswith(".py") else n for n in verified.namelist()]
        assert shipped.namelist() == names
        assert all(shipped.read(n) == verified.read(n) for n in verified.namelist()
                   if not n.endswith(".py"))
    with zipfile.ZipFile(folder / "game.zip") as zf:
        assert sorted(zf.namelist()) == sorted(
            f + suffix if f.endswith(".py") else f for f in files.game_files())
    assert "LGPL" in (folder / "THIRD_PARTY.txt").read_text()
    print(f"\nstandalone folder: {standalone.files} files, {standalone.bytes:,} bytes")


def _modules(stdlib_zip) -> set[str]:
    with zipfile.ZipFile(stdlib_zip) as zf:
        return {m for name in zf.namelist() if (m := stdlib._module_of(name))}


def test_the_standard_library_is_trimmed_to_what_is_imported(standalone):
    """The shipped zip holds exactly the modules the build kept, far fewer than Pyodide's, and
    each of them finds what it imports on loading inside the zip or compiled into Pyodide."""
    shipped = standalone.folder / "pyodide" / STDLIB
    kept = _modules(shipped)
    assert kept == set(standalone.stdlib)
    everything = _modules(pyodide_dir() / STDLIB)
    assert kept < everything and len(kept) < len(everything) / 2
    gzipped = shipped.with_name(shipped.name + ".gz")
    assert gzipped.stat().st_size < (pyodide_dir() / STDLIB).stat().st_size
    assert {"asyncio", "json", "dataclasses", "random", "pyodide.webloop", "encodings.cp437",
            "platform"} <= kept
    assert not {"unittest", "doctest", "xml.dom", "http.client", "pydoc"} & kept
    with zipfile.ZipFile(pyodide_dir() / STDLIB) as zf:  # the sources of what shipped
        for name in zf.namelist():
            module = stdlib._module_of(name)
            if module not in kept:
                continue
            wanted = stdlib.imports(zf.read(name).decode(), module,
                                    name.endswith("__init__.py"), everywhere=False)
            for imported in wanted:
                known = [m for m in stdlib._with_parents(imported) if m in everything]
                assert (not known or known[-1] in kept
                        or imported.split(".")[0] in stdlib.PYODIDE_BUILTINS), (name, imported)


NATIVE_RUN = """
import asyncio, importlib, json, sys
modules = sys.argv[1:]
sys.argv = ["arlington", "--players", "8", "--seed", "3", "--frames", "60"]
from game.launcher import main
asyncio.run(main())
for name in modules:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""
BARE_RUN = "import asyncio, json, sys, pygame\nprint(json.dumps(sorted(sys.modules)))"


def _native_modules(code, *args, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(files.REPO), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "ARLINGTON_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_what_the_game_imports_when_it_runs_natively_is_shipped(standalone, tmp_path):
    """Every game module imported, then an eight-seat table played for 60 frames natively:
    each standard-library module that loads beyond a bare interpreter with asyncio and pygame
    (whose boot the page's own Pyodide and wheel replace) is in the shipped zip."""
    modules = [rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for rel in files.game_files()
               if rel.endswith(".py") and rel != "main.py" and not rel.endswith("__main__.py")]
    ran = _native_modules(NATIVE_RUN, *modules, tmp_path=tmp_path)
    bare = _native_modules(BARE_RUN, tmp_path=tmp_path)
    assert "game.ai.hard" in ran and "game.ui.scenes.table" in ran
    pyodide_has = _modules(pyodide_dir() / STDLIB)
    assert sorted((ran - bare) & pyodide_has - set(standalone.stdlib)) == []


def test_a_game_import_pyodide_lacks_fails_the_build_naming_the_file(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "saves.py").write_text("def f():\n    import sqlite3\n")
    (tmp_path / "game" / "fine.py").write_text("import json, math\nfrom . import saves\n")
    found = stdlib.game_imports(tmp_path, ["game/fine.py", "game/saves.py"])
    with zipfile.ZipFile(pyodide_dir() / STDLIB) as zf:
        with pytest.raises(stdlib.MissingModule, match=r"game/saves\.py imports sqlite3"):
            stdlib.keep(zf, found)
        del found["sqlite3"]
        assert {"json", "json.decoder"} <= set(stdlib.keep(zf, found))


def test_imports_inside_functions_count_for_the_game_not_for_the_library():
    source = ("import os\nif __name__ == '__main__':\n    import doctest\n"
              "try:\n    import _sha2\nexcept ImportError:\n    import hashlib\n"
              "class A:\n    from . import sibling\n"
              "def f():\n    import tarfile\n")
    assert stdlib.imports(source, "pkg.mod", False, everywhere=False) == {
        "os", "_sha2", "hashlib", "pkg", "pkg.sibling"}
    assert "tarfile" in stdlib.imports(source, "pkg.mod", False, everywhere=True)


def test_no_lock_file_ships_and_the_page_has_an_empty_one(standalone):
    assert not (standalone.folder / "pyodide" / LOCK_FILE).exists()
    html = (standalone.folder / "index.html").read_text()
    build = json.loads(re.search(r'<script type="application/json" id="build">(.*?)</script>',
                                 html).group(1))
    assert build["lock"]["packages"] == {}
    assert build["lock"]["info"]["version"] == "0.27.7"


def test_page_is_filled_and_knows_every_download_size(standalone):
    html = (standalone.folder / "index.html").read_text()
    assert "{{" not in html
    build = json.loads(re.search(r'<script type="application/json" id="build">(.*?)</script>',
                                 html).group(1))
    assert build["sizes"] and all(
        (standalone.folder / rel).stat().st_size == size for rel, size in build["sizes"].items())
    # No address outside the folder anywhere in what the page loads.
    for name in ("index.html", "boot.js", "keycodes.js"):
        text = (standalone.folder / name).read_text()
        assert not re.search(r"https?://(?!127\.0\.0\.1)", text.replace("https://bit.ly", "")), name


def test_service_worker_caches_every_file_under_the_build_hash(standalone):
    """Every file once: the twins (plain or gzipped, whichever the page took) and the app's
    icons (the browser's to fetch when it installs the app) apart."""
    sw = (standalone.folder / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]{16})"', sw).group(1)
    assert version == standalone.version
    listed = json.loads(re.search(r"const FILES = (\[.*?\])", sw, re.S).group(1))
    twins = json.loads(re.search(r"const TWINS = (\[.*?\]);", sw, re.S).group(1))
    assert twins == list(TWINS)
    everything = sorted(p.relative_to(standalone.folder).as_posix()
                        for p in standalone.folder.rglob("*") if p.is_file())
    apps = {i.name for i in icons.ICONS}
    one_form = [f for f in everything if f != "sw.js" and f.removesuffix(".gz") not in TWINS
                and f not in apps]
    assert sorted(listed) == sorted(["./"] + one_form)
    payload = [p for p in standalone.folder.rglob("*") if p.is_file() and p.name != "sw.js"]
    assert files.digest(payload, standalone.folder) == version


def test_the_big_files_have_gzipped_twins_and_travel_compressed(standalone):
    """Each twin's .gz holds exactly the file; the local server sends it for the plain name to
    a client that takes gzip (a plain file server sends the plain file)."""
    import urllib.request

    for rel in TWINS:
        plain = (standalone.folder / rel).read_bytes()
        packed = (standalone.folder / f"{rel}.gz").read_bytes()
        assert gzip.decompress(packed) == plain and len(packed) < len(plain)
    for compress in (True, False):
        httpd = _serve(standalone.folder, compress)
        try:
            base = f"http://127.0.0.1:{httpd.server_address[1]}/"
            for rel, twin in (("pyodide/pyodide.asm.wasm", True), ("boot.js", False),
                              ("", False)):
                request = urllib.request.Request(base + rel, headers={"Accept-Encoding": "gzip"})
                with urllib.request.urlopen(request) as response:
                    body, encoding = response.read(), response.headers.get("Content-Encoding")
                    kind = response.headers.get("Content-Type")
                path = standalone.folder / (rel or "index.html")
                if compress:
                    assert encoding == "gzip" and gzip.decompress(body) == path.read_bytes()
                    if twin:
                        assert body == path.with_name(path.name + ".gz").read_bytes()
                        assert kind == "application/wasm"
                else:
                    assert encoding is None and body == path.read_bytes()
        finally:
            httpd.shutdown()
            httpd.server_close()


def test_same_sources_same_version(standalone, tmp_path):
    from tools.web.standalone import build
    again = build(tmp_path / "again", wheel.find_wheel(download=False))
    assert again.version == standalone.version


def test_a_wheel_with_the_wrong_checksum_is_refused(tmp_path, monkeypatch):
    fake = tmp_path / wheel.WHEEL_NAME
    fake.write_bytes(b"not a wheel")
    monkeypatch.setenv(wheel.ENV_PATH, str(fake))
    with pytest.raises(wheel.WheelError, match="sha256"):
        wheel.find_wheel()


def test_no_wheel_anywhere_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.delenv(wheel.ENV_PATH, raising=False)
    monkeypatch.setenv(wheel.ENV_CACHE, str(tmp_path / "cache"))
    with pytest.raises(wheel.WheelError, match=wheel.ENV_PATH):
        wheel.find_wheel(download=False)


def _serve(folder, compress=True):
    httpd = server(folder, compress=compress)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.mark.parametrize("good", [True, False])
def test_download_is_checked_then_cached(standalone, tmp_path, monkeypatch, good):
    """Where the network allows, the wheel comes from the CDN address (a local stand-in here):
    kept only when its sha256 is right, then found in the cache without the network."""
    served = tmp_path / "cdn"
    served.mkdir()
    body = wheel.find_wheel(download=False).read_bytes()
    (served / wheel.WHEEL_NAME).write_bytes(body if good else body[:-10])
    httpd = _serve(served)
    try:
        monkeypatch.delenv(wheel.ENV_PATH, raising=False)
        monkeypatch.setenv(wheel.ENV_CACHE, str(tmp_path / "cache"))
        monkeypatch.setattr(wheel, "WHEEL_URL",
                            f"http://127.0.0.1:{httpd.server_address[1]}/{wheel.WHEEL_NAME}")
        if good:
            path = wheel.find_wheel()
            assert path.parent == tmp_path / "cache" and wheel.sha256(path) == wheel.WHEEL_SHA256
            httpd.shutdown()
            assert wheel.find_wheel(download=False) == path
        else:
            with pytest.raises(wheel.WheelError, match="sha256"):
                wheel.find_wheel()
            assert not any((tmp_path / "cache").iterdir())
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_bytecode_replaces_sources_without_docstrings_but_pyodides(tmp_path):
    """Compiled by a CPython 3.12: each module becomes an unchecked .pyc that runs as its
    source did, without its docstrings, except in Pyodide's packages (which read theirs)."""
    from tools.web import bytecode

    python = bytecode.find_python()
    if python is None:
        pytest.skip(f"no CPython 3.12: set {bytecode.ENV}")
    source = '"""Doc."""\ndef f():\n    """Gone."""\n    return 6 * 7\n'
    zipped = tmp_path / "code.zip"
    with zipfile.ZipFile(zipped, "w") as zf:
        for package in ("pkg", "pyodide"):
            zf.writestr(f"{package}/__init__.py", "")
            zf.writestr(f"{package}/mod.py", source)
        zf.writestr("pkg/data.txt", "kept as it is")
    bytecode.compile_zip(python, zipped, "/root/")
    with zipfile.ZipFile(zipped) as zf:
        assert sorted(zf.namelist()) == ["pkg/__init__.pyc", "pkg/data.txt", "pkg/mod.pyc",
                                         "pyodide/__init__.pyc", "pyodide/mod.pyc"]
    check = ("import sys; sys.path.insert(0, sys.argv[1]); import pkg.mod, pyodide.mod; "
             "print(pkg.mod.f(), pkg.mod.__doc__, pkg.mod.f.__doc__, pyodide.mod.f.__doc__, "
             "pkg.mod.f.__code__.co_filename)")
    done = subprocess.run([python, "-I", "-c", check, str(zipped)], capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["42", "None", "None", "Gone.", "/root/pkg/mod.py"]
