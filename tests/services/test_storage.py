"""Storage through game.platform: desktop files replaced atomically (an interrupted write
leaves the previous text whole), corrupted files set aside without ever overwriting one, and
the browser branch on a stand-in for ``window.localStorage``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import platform
from game.platform import StorageError

REPO = Path(__file__).resolve().parents[2]


def test_round_trip_and_missing_key():
    assert platform.read("match.json") is None
    platform.write("match.json", "first ♠")
    assert platform.read("match.json") == "first ♠"
    platform.write("match.json", "second")
    assert platform.read("match.json") == "second"
    assert (platform.data_dir() / "match.json").read_text(encoding="utf-8") == "second"
    platform.remove("match.json")
    assert platform.read("match.json") is None
    platform.remove("match.json")  # removing nothing is fine


def test_data_folder_follows_the_platform_conventions(monkeypatch, tmp_path):
    monkeypatch.delenv(platform.DATA_DIR_ENV)
    monkeypatch.setattr(platform.Path, "home", classmethod(lambda cls: tmp_path))
    monkeypatch.setattr(platform.sys, "platform", "linux")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert platform.data_dir() == tmp_path / ".local" / "share" / "arlington"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert platform.data_dir() == tmp_path / "xdg" / "arlington"
    monkeypatch.setattr(platform.sys, "platform", "darwin")
    assert platform.data_dir() == tmp_path / "Library" / "Application Support" / "Arlington"
    monkeypatch.setattr(platform.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert platform.data_dir() == tmp_path / "roaming" / "Arlington"
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(tmp_path / "mine"))
    assert platform.data_dir() == tmp_path / "mine"


@pytest.mark.parametrize("key", ["", "../escape", "a/b", "..", ".hidden", "x" * 200, 5])
def test_keys_cannot_name_another_folder(key):
    with pytest.raises(ValueError):
        platform.write(key, "text")


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_a_write_interrupted_midway_leaves_the_old_text_whole(monkeypatch, failing):
    platform.write("match.json", "the old save")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        if failing == "write":  # the file object's write dies after half the bytes
            real_open = open

            class HalfFile:
                def __init__(self, f):
                    self.f = f

                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    self.f.close()

                def write(self, data):
                    self.f.write(data[: len(data) // 2])
                    boom()

                def __getattr__(self, name):
                    return getattr(self.f, name)

            m.setattr("builtins.open", lambda *a, **k: HalfFile(real_open(*a, **k)))
        else:
            m.setattr(platform.os, failing, boom)
        with pytest.raises(StorageError, match="No space left"):
            platform.write("match.json", "the new save " * 1000)
    assert platform.read("match.json") == "the old save"
    assert sorted(p.name for p in platform.data_dir().iterdir()) == ["match.json"]


WRITER = """
import sys
from game import platform
n = 0
while True:
    n += 1
    platform.write("match.json", str(n % 10) * 400_000)
    if n == 3:
        print("ready", flush=True)
"""


def test_killing_the_game_mid_write_never_leaves_a_broken_file():
    """A real crash: the writer is killed with SIGKILL at a random moment, many times; what is
    left under the key is always one complete version."""
    env = dict(os.environ)
    for delay in (0.0, 0.003, 0.011, 0.02, 0.037, 0.05):
        proc = subprocess.Popen([sys.executable, "-c", WRITER], cwd=REPO, env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        text = platform.read("match.json")
        assert len(text) == 400_000 and len(set(text)) == 1, (delay, len(text))


def test_set_aside_keeps_every_corrupted_file_and_frees_the_key():
    assert platform.set_aside("records.json") is None  # nothing there
    names = []
    for text in ("broken 1", "broken 2", "broken 3"):
        platform.write("records.json", text)
        names.append(platform.set_aside("records.json"))
        assert platform.read("records.json") is None
    assert len(set(names)) == 3 and all(n.startswith("records.json.corrupt-") for n in names)
    assert [platform.read(n) for n in names] == ["broken 1", "broken 2", "broken 3"]


LOAD_ALL = """
from game.services import records, saves, settings
for message in (saves.load_autosave().message, settings.load()[1], records.load()[1]):
    print(message)
"""
"""What the game reads at its start: the autosave, the settings and the statistics."""


def start_game_in_another_process() -> list[str]:
    """The messages of a game's start, read in a process of its own: a start that blocks
    fails this test after a while instead of hanging the suite."""
    try:
        out = subprocess.run([sys.executable, "-c", LOAD_ALL], cwd=REPO, capture_output=True,
                             text=True, timeout=30, check=True).stdout
    except subprocess.TimeoutExpired:
        pytest.fail("the game's start blocked on its data files")
    return out.splitlines()


KEYS = ("match.json", "settings.json", "records.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_a_data_file_is_refused_without_blocking():
    folder = platform.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for key in KEYS:
        os.mkfifo(folder / key)
    messages = start_game_in_another_process()
    assert "a pipe (FIFO), not a file" in messages[0]
    assert all("unreadable" in m or "could not be read" in m for m in messages[1:])
    assert sorted(p.name for p in folder.iterdir()) == sorted(KEYS)  # nothing copied aside
    platform.write("match.json", "after")  # a save replaces the FIFO with a file
    assert platform.read("match.json") == "after"


def test_a_folder_in_place_of_a_data_file_piles_up_no_copies():
    folder = platform.data_dir()
    for key in KEYS:
        (folder / key).mkdir(parents=True)
    for _ in range(3):
        messages = start_game_in_another_process()
        assert "a folder, not a file" in messages[0]
    assert sorted(p.name for p in folder.iterdir()) == sorted(KEYS)
    with pytest.raises(StorageError, match="a folder, not a file"):
        platform.write("match.json", "text")


def test_a_device_in_place_of_a_data_file_is_not_read(monkeypatch, tmp_path):
    monkeypatch.setenv(platform.DATA_DIR_ENV, "/dev")
    with pytest.raises(StorageError, match="a device, not a file"):
        platform.read("null")  # /dev/null reads as empty text; /dev/zero would never end


def test_temporary_files_of_a_killed_save_are_removed():
    folder = platform.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    dead = folder / ".match.json.999999999.tmp"  # no process has that id
    alive = folder / f".match.json.{os.getppid()}.tmp"  # a running writer keeps its own
    other = folder / ".settings.json.999999999.tmp"
    for tmp in (dead, alive, other):
        tmp.write_text("half a save")
    platform.write("match.json", "whole")
    assert not dead.exists() and alive.exists() and other.exists()
    assert platform.read("match.json") == "whole"


def test_only_the_newest_corrupt_copies_are_kept():
    names = []
    for n in range(platform.CORRUPT_KEPT + 3):
        platform.write("records.json", f"broken {n}")
        names.append(platform.set_aside("records.json"))
    kept = sorted(p.name for p in platform.data_dir().glob("records.json.corrupt-*"))
    assert kept == sorted(names[-platform.CORRUPT_KEPT:])
    assert [platform.read(n) for n in names[-platform.CORRUPT_KEPT:]] == \
        [f"broken {n}" for n in range(3, 3 + platform.CORRUPT_KEPT)]


def test_export_writes_a_file_the_player_can_find(tmp_path):
    path = platform.export("arlington-statistics.txt", "won 3 of 5")
    assert Path(path).read_text(encoding="utf-8") == "won 3 of 5"
    path = platform.export("stats.txt", "elsewhere", folder=tmp_path / "out")
    assert Path(path) == tmp_path / "out" / "stats.txt"
    assert Path(path).read_text(encoding="utf-8") == "elsewhere"


# ----------------------------------------------------------------- the browser branch

class FakeLocalStorage:
    """The part of the Web Storage API the game uses; None for a missing key, as pygbag and
    Pyodide return JavaScript's null."""

    def __init__(self, quota=10**6):
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):  # noqa: N802 (the JavaScript name)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        return list(self.items)[index] if 0 <= index < len(self.items) else None


class FakeWindow:
    def __init__(self):
        self.localStorage = FakeLocalStorage()
        self.scripts: list[str] = []

    def eval(self, script):
        self.scripts.append(script)


@pytest.fixture
def browser(monkeypatch):
    window = FakeWindow()
    monkeypatch.setattr(platform, "IS_BROWSER", True)
    monkeypatch.setattr(platform, "browser_window", lambda: window)
    return window


def test_browser_keeps_text_in_local_storage(browser):
    assert platform.read("settings.json") is None
    platform.write("settings.json", '{"sound": false}')
    assert browser.localStorage.items == {"arlington/settings.json": '{"sound": false}'}
    assert platform.read("settings.json") == '{"sound": false}'
    assert not any(platform.data_dir().iterdir())  # no file was written
    first = platform.set_aside("settings.json")
    platform.write("settings.json", "again broken")
    second = platform.set_aside("settings.json")
    assert first != second
    assert platform.read(first) == '{"sound": false}' and platform.read(second) == "again broken"
    assert platform.read("settings.json") is None
    platform.write("x.json", "1")
    platform.remove("x.json")
    assert "arlington/x.json" not in browser.localStorage.items


def test_browser_null_of_either_runtime_is_no_value(browser):
    class JsNull:  # Pyodide may hand JavaScript's null over as pyodide.ffi.jsnull
        pass

    browser.localStorage.getItem = lambda key: JsNull()
    assert platform.read("match.json") is None
    assert platform.set_aside("match.json") is None


def test_browser_quota_is_a_storage_error(browser):
    browser.localStorage.quota = 10
    with pytest.raises(StorageError, match="Quota"):
        platform.write("match.json", "x" * 100)


def test_browser_without_local_storage_is_a_storage_error(browser):
    browser.localStorage = None
    with pytest.raises(StorageError):
        platform.read("match.json")


def test_browser_export_starts_a_download_of_exactly_the_text(browser):
    text = 'quotes " and </script> and \u2028 line ♠'
    assert platform.export("stats.txt", text) == "stats.txt"
    (script,) = browser.scripts
    assert "new Blob" in script and "a.download=\"stats.txt\"" in script
    import json
    literal = script.split("new Blob([", 1)[1].split("],{type", 1)[0]
    assert json.loads(literal) == text and "\u2028" not in literal


def test_browser_keeps_only_the_newest_corrupt_copies(browser):
    browser.localStorage.items["other-game/records.json.corrupt-20200101-000000"] = "theirs"
    names = []
    for n in range(platform.CORRUPT_KEPT + 2):
        platform.write("records.json", f"broken {n}")
        names.append(platform.set_aside("records.json"))
    kept = [k for k in browser.localStorage.items if ".corrupt-" in k]
    newest = [platform.BROWSER_PREFIX + n for n in names[-platform.CORRUPT_KEPT:]]
    assert sorted(kept) == sorted(["other-game/records.json.corrupt-20200101-000000", *newest])
    assert platform.read(names[-1]) == f"broken {platform.CORRUPT_KEPT + 1}"
