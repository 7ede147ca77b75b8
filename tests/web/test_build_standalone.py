"""The standalone build's content, and where it takes the pygame-ce wheel from (no browser)."""

import json
import re
import threading
import zipfile

import pytest

from tools.web import files, wheel
from tools.web.serve import server
from tools.web.standalone import PYODIDE_FILES


def test_folder_holds_page_runtime_wheel_game_and_worker(standalone):
    folder = standalone.folder
    for name in ("index.html", "sw.js", "boot.js", "keycodes.js", "icon.png", "game.zip",
                 "THIRD_PARTY.txt", wheel.WHEEL_NAME, *(f"pyodide/{n}" for n in PYODIDE_FILES)):
        assert (folder / name).is_file(), name
    assert wheel.sha256(folder / wheel.WHEEL_NAME) == wheel.WHEEL_SHA256
    with zipfile.ZipFile(folder / "game.zip") as zf:
        assert sorted(zf.namelist()) == files.game_files()
    assert "LGPL" in (folder / "THIRD_PARTY.txt").read_text()
    print(f"\nstandalone folder: {standalone.files} files, {standalone.bytes:,} bytes")


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
    sw = (standalone.folder / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]{16})"', sw).group(1)
    assert version == standalone.version
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    everything = sorted(p.relative_to(standalone.folder).as_posix()
                        for p in standalone.folder.rglob("*") if p.is_file())
    assert sorted(listed) == sorted(["./"] + [f for f in everything if f != "sw.js"])
    payload = [p for p in standalone.folder.rglob("*") if p.is_file() and p.name != "sw.js"]
    assert files.digest(payload, standalone.folder) == version


def test_same_sources_same_version(standalone, tmp_path):
    from tools.web.standalone import build
    again = build(tmp_path / "again", standalone.folder / wheel.WHEEL_NAME)
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


def _serve(folder):
    httpd = server(folder)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.mark.parametrize("good", [True, False])
def test_download_is_checked_then_cached(standalone, tmp_path, monkeypatch, good):
    """Where the network allows, the wheel comes from the CDN address (a local stand-in here):
    kept only when its sha256 is right, then found in the cache without the network."""
    served = tmp_path / "cdn"
    served.mkdir()
    body = (standalone.folder / wheel.WHEEL_NAME).read_bytes()
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
