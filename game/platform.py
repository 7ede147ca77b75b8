"""The one place that knows desktop from browser.

Everything else asks here (``IS_BROWSER``) instead of testing ``sys.platform`` itself, so the
difference stays in one file. Under pygbag (and under our Pyodide page, which follows pygbag's
conventions) ``sys.platform`` is ``"emscripten"`` and the stdlib module ``platform`` carries the
page's ``window`` object.
"""

from __future__ import annotations

import glob
import json
import os
import re
import stat
import sys
import time
from dataclasses import dataclass
from pathlib import Path

IS_BROWSER = sys.platform == "emscripten"
"""True inside a browser tab (pygbag or Pyodide), False on the desktop."""


def browser_window():
    """The page's JavaScript ``window`` (pygbag's ``platform.window``), or None on desktop."""
    if not IS_BROWSER:
        return None
    import platform as _stdlib_platform  # pygbag puts the JS window here

    return getattr(_stdlib_platform, "window", None)


# ----------------------------------------------------------------- storage
#
# Saves, settings and statistics live under short keys ("match.json", "settings.json"). On the
# desktop a key is a file in the user's data folder, replaced atomically so a crash mid-write
# leaves the previous version whole; in a browser it is an entry of ``localStorage`` (plain
# file writes vanish on reload there). This is the only module of the game that writes.

DATA_DIR_ENV = "ARLINGTON_DATA_DIR"
"""Set to a folder to keep the game's files there (tests, portable installs)."""

BROWSER_PREFIX = "arlington/"
"""Prefix of the game's ``localStorage`` keys (the origin may host other games)."""

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")

CORRUPT_KEPT = 3
"""How many set-aside copies of one key are kept (the newest); older ones are removed."""


class StorageError(OSError):
    """Storage could not be read or written; the message is for the player."""


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not _KEY.fullmatch(key) or ".." in key:
        raise ValueError(f"bad storage key {key!r}")
    return key


def data_dir() -> Path:
    """The desktop folder for the game's files (created on first write)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / "Arlington"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Arlington"
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else home / ".local" / "share") / "arlington"


def _get_item(storage, key: str) -> str | None:
    """``localStorage.getItem``: a stored value is always a JavaScript string (a Python str
    here); a missing key is null, which arrives as None or as Pyodide's ``jsnull``."""
    value = storage.getItem(BROWSER_PREFIX + key)
    return value if isinstance(value, str) else None


def _local_storage():
    window = browser_window()
    storage = getattr(window, "localStorage", None) if window is not None else None
    if storage is None:
        raise StorageError("this browser keeps no local storage (private mode?)")
    return storage


def read(key: str) -> str | None:
    """The text stored under ``key``, or None when there is none.

    Raises StorageError when something is there but cannot be read as text (the caller treats
    it as corrupted and sets it aside)."""
    _check_key(key)
    if IS_BROWSER:
        try:
            return _get_item(_local_storage(), key)
        except StorageError:
            raise
        except Exception as e:  # a JavaScript error crossing into Python
            raise StorageError(f"cannot read {key}: {e}") from None
    path = data_dir() / key
    try:
        data = _read_file(path)
    except (FileNotFoundError, NotADirectoryError):  # the folder is a file: nothing kept in it
        return None
    except OSError as e:
        raise StorageError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise StorageError(f"{path} is not text") from None


def _read_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file. A folder, a FIFO or a device in its place
    is refused without reading it (a FIFO would block the game's start until someone wrote to
    it): it is opened without blocking and checked before a byte is read. OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(f"it is {_kind(mode)}, not a file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    """What a non-file entry is, in a player's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "something else"


def write(key: str, text: str) -> None:
    """Store ``text`` under ``key``, replacing what was there as one step.

    Desktop: a temporary file in the same folder, flushed to disk, then renamed over the old
    one (``os.replace`` is atomic), so an interrupted write leaves the previous text whole.
    Raises StorageError (disk full, read-only folder, browser quota)."""
    _check_key(key)
    if IS_BROWSER:
        try:
            _local_storage().setItem(BROWSER_PREFIX + key, text)
        except StorageError:
            raise
        except Exception as e:  # QuotaExceededError and friends
            raise StorageError(f"cannot save {key}: {e}") from None
        return
    _atomic_write(data_dir() / key, text)


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):  # Python says only "File exists"
        blocker = next((p for p in (path.parent, *path.parent.parents)
                        if p.exists() and not p.is_dir()), path.parent)
        raise StorageError(f"{blocker} is a file, not the folder the game keeps its files "
                           "in") from None
    except OSError as e:
        raise StorageError(f"cannot save {path}: {e.strerror or e}") from None
    try:
        with open(tmp, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        if os.path.isdir(path):  # os.replace would say only "Is a directory"
            raise OSError("it is a folder, not a file")
        os.replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise StorageError(f"cannot save {path}: {e.strerror or e}") from None
    _remove_stale_temporaries(path)
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        try:
            fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            pass


def _remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files of ``path`` left by a writer that was killed mid-write (their
    names carry the writer's process id; one still running keeps its own). Only where a
    process can be asked whether it runs (POSIX)."""
    if os.name != "posix":
        return
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = tmp.name[len(path.name) + 2:-len(".tmp")]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            try:
                tmp.unlink()
            except OSError:
                pass
        except (PermissionError, OverflowError):
            pass  # another user's process by that id, or no such id: leave the file


def remove(key: str) -> None:
    """Forget ``key`` (nothing happens when it is not there)."""
    _check_key(key)
    if IS_BROWSER:
        try:
            _local_storage().removeItem(BROWSER_PREFIX + key)
        except Exception as e:
            raise StorageError(f"cannot remove {key}: {e}") from None
        return
    try:
        (data_dir() / key).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(f"cannot remove {key}: {e.strerror or e}") from None


def _exists(key: str) -> bool:
    if IS_BROWSER:
        return _get_item(_local_storage(), key) is not None
    return (data_dir() / key).exists()


def set_aside(key: str) -> str | None:
    """Keep what is under ``key`` under a new name (``key.corrupt-<time>[-n]``), never
    overwriting an earlier one, and free ``key``; only the ``CORRUPT_KEPT`` newest copies
    stay. Returns the new name, or None when there was nothing to keep, it could
    not be moved, or it is no file (a folder, FIFO or device is left where it is, unread: the
    caller carries on either way)."""
    _check_key(key)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    try:
        if IS_BROWSER:
            storage = _local_storage()
            value = _get_item(storage, key)
            if value is None:
                return None
            name = _free_name(key, stamp)
            storage.setItem(BROWSER_PREFIX + name, value)
            storage.removeItem(BROWSER_PREFIX + key)
            _prune_corrupt(key)
            return name
        src = data_dir() / key
        try:
            if not stat.S_ISREG(os.stat(src).st_mode):
                return None  # a folder, FIFO or device is neither read nor copied, only reported
        except FileNotFoundError:
            return None
        first = _first_number(key, stamp)
        for n in range(first, first + 1000):
            name = f"{key}.corrupt-{stamp}" + (f"-{n}" if n else "")
            try:  # a hard link fails when the name exists: nothing is ever overwritten
                os.link(src, src.with_name(name))
            except FileExistsError:
                continue
            except OSError:  # a file system without links: an exclusive create instead
                data = _read_file(src)
                try:
                    with open(src.with_name(name), "xb") as f:
                        f.write(data)
                except FileExistsError:
                    continue
            src.unlink()
            _prune_corrupt(key)
            return name
    except Exception:  # storage that cannot even be moved: the game goes on without it
        return None
    return None


_CORRUPT_STAMP = re.compile(r"(\d{8}-\d{6})(?:-(\d+))?")


def _corrupt_order(key: str, name: str) -> tuple[str, int] | None:
    """Where a set-aside name of ``key`` sorts, oldest first (by its time, then its number);
    None for a name ``set_aside`` did not make."""
    m = _CORRUPT_STAMP.fullmatch(name[len(key) + len(".corrupt-"):])
    return None if m is None else (m[1], int(m[2] or 0))


def _corrupt_copies(key: str) -> list[tuple[tuple[str, int], str]]:
    """The set-aside copies of ``key`` there are now, oldest first: (time and number, name)."""
    if IS_BROWSER:
        storage = _local_storage()
        names = [k.removeprefix(BROWSER_PREFIX) for k in
                 (storage.key(i) for i in range(int(storage.length))) if isinstance(k, str)]
    else:
        names = [p.name for p in data_dir().glob(f"{glob.escape(key)}.corrupt-*")]
    return sorted((order, n) for n in names if n.startswith(f"{key}.corrupt-")
                  and (order := _corrupt_order(key, n)) is not None)


def set_aside_copies(key: str) -> list[str]:
    """The names ``set_aside`` kept ``key`` under that are there now, newest first (none
    when storage cannot be listed)."""
    _check_key(key)
    try:
        return [name for _, name in reversed(_corrupt_copies(key))]
    except Exception:
        return []


def _first_number(key: str, stamp: str) -> int:
    """The number of the next copy set aside at ``stamp``: after every copy of that second,
    so the numbers follow the copies' order even once older ones are removed."""
    return max((number + 1 for (when, number), _ in _corrupt_copies(key) if when == stamp),
               default=0)


def _prune_corrupt(key: str) -> None:
    """Keep only the ``CORRUPT_KEPT`` newest set-aside copies of ``key`` (at best: a copy
    that cannot be removed stays, and the copy just made is kept either way)."""
    try:
        for _, name in _corrupt_copies(key)[:-CORRUPT_KEPT]:
            remove(name)
    except Exception:
        pass


def _free_name(key: str, stamp: str) -> str:
    n = _first_number(key, stamp)
    while _exists(name := f"{key}.corrupt-{stamp}" + (f"-{n}" if n else "")):
        n += 1
    return name


def export(name: str, text: str, folder: str | Path | None = None) -> str:
    """Hand ``text`` to the player as a file named ``name``: on the desktop written into
    ``folder`` (default: the data folder) and its path returned; in a browser a download of
    that name is started and the name returned. Raises StorageError."""
    _check_key(name)
    if IS_BROWSER:
        window = browser_window()
        if window is None:
            raise StorageError("cannot start a download here")
        # JSON text is a valid JavaScript literal (json.dumps escapes U+2028/2029 as \u....).
        script = ("(function(){var b=new Blob([%s],{type:'text/plain;charset=utf-8'});"
                  "var a=document.createElement('a');a.href=URL.createObjectURL(b);"
                  "a.download=%s;document.body.appendChild(a);a.click();a.remove();"
                  "setTimeout(function(){URL.revokeObjectURL(a.href);},1000);})()"
                  % (json.dumps(text), json.dumps(name)))
        try:
            window.eval(script)
        except Exception as e:
            raise StorageError(f"cannot start the download: {e}") from None
        return name
    path = Path(folder) / name if folder is not None else data_dir() / name
    _atomic_write(path, text)
    return str(path)


DOCUMENTS_DIR_ENV = "ARLINGTON_DOCUMENTS_DIR"
"""Set to a folder to export backups there instead of the user's documents (tests)."""


def documents_dir() -> Path | None:
    """Where an export the player keeps goes on the desktop: their Documents folder (their
    home when there is none); None in a browser, where an export is a download."""
    if IS_BROWSER:
        return None
    override = os.environ.get(DOCUMENTS_DIR_ENV)
    if override:
        return Path(override)
    home = Path.home()
    return home / "Documents" if (home / "Documents").is_dir() else home


# --- files the player hands in ------------------------------------------------------------------
# A backup comes in as a file the player picks in the page (web/page.js opens a hidden file
# input; its text waits there until taken), a file dropped on the window, or a path given on
# the command line. Each arrives as ``Handed``: the text, or None when the file was too big
# to read (its size says so) or could not be read (``problem``).


@dataclass(frozen=True, slots=True)
class Handed:
    """A file the player handed to the game: its name, size in bytes, and text (None when it
    was not read: too big, or ``problem``)."""

    name: str
    size: int
    text: str | None
    problem: str | None = None


def pick_file() -> bool:
    """Open the page's file chooser (browser); False where there is none (desktop: drop the
    file on the window, or ``arlington --import``)."""
    window = browser_window()
    page = getattr(window, "arlington", None) if window is not None else None
    if page is None or getattr(page, "pickFile", None) is None:
        return False
    page.pickFile()
    return True


def take_picked_file() -> Handed | None:
    """The file the player chose in the page's file chooser since the last call, or None."""
    window = browser_window()
    page = getattr(window, "arlington", None) if window is not None else None
    take = getattr(page, "takePicked", None) if page is not None else None
    if take is None:
        return None
    raw = take()
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
        return Handed(str(data["name"]), int(data["size"]), data.get("text"),
                      data.get("error"))
    except (ValueError, KeyError, TypeError):
        return None


def read_handed(path: str | Path, limit: int) -> Handed:
    """The file at ``path`` (dropped on the window, or named on the command line), its text
    read only when it is a regular file of at most ``limit`` bytes."""
    path = Path(path)
    try:
        size = os.stat(path).st_size
        if size > limit:
            return Handed(path.name, size, None)
        data = _read_file(path)
    except OSError as e:
        return Handed(path.name, 0, None, f"{path} cannot be read: {e.strerror or e}")
    try:
        return Handed(path.name, len(data), data.decode("utf-8"))
    except UnicodeDecodeError:
        return Handed(path.name, len(data), None, "it is not text")


# --- browser canvas --------------------------------------------------------------------------
# The page (web/page.js) sizes the canvas to the viewport at the device's pixel ratio and
# publishes the size it wants as window.arlington.canvasWidth / canvasHeight; it follows
# rotation and resize. pygbag would otherwise scale a fixed canvas (blurred on phones) and never
# tell the game about a resize. The app asks once per frame and calls set_mode when it changed.


def browser_canvas_size() -> tuple[int, int] | None:
    """The canvas size in device pixels the page wants now; None on the desktop, or when the
    page does not say (pygbag's own page, a page still loading)."""
    window = browser_window()
    page = getattr(window, "arlington", None) if window is not None else None
    if page is None:
        return None
    try:
        width, height = int(page.canvasWidth), int(page.canvasHeight)
    except (AttributeError, TypeError, ValueError):
        return None
    return (width, height) if width > 0 and height > 0 else None



def startup_mark(name: str) -> None:
    """Tell the page a start-up milestone (``window.arlington.mark``), so its load figures can
    say where the seconds before the first frame went; nothing on the desktop."""
    window = browser_window()
    page = getattr(window, "arlington", None) if window is not None else None
    mark = getattr(page, "mark", None) if page is not None else None
    if mark is not None:
        mark(name)


def prefers_reduced_motion() -> bool:
    """Whether the browser asks for reduced motion (the CSS media feature
    ``prefers-reduced-motion: reduce``); False on the desktop, or when the page cannot say.
    Asked for every action the table animates, so a change in the system's setting counts
    from the next move on."""
    window = browser_window()
    match = getattr(window, "matchMedia", None) if window is not None else None
    if match is None:
        return False
    try:
        return bool(match("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # a page without the feature (a JS error): nothing asked for
        return False


# --- keeping the browser's storage -----------------------------------------------------------
# A browser may clear a site's storage (Safari after seven days without a visit, any browser
# short of space) unless it was asked to keep it (``navigator.storage.persist()``). The page
# (web/page.js) asks, and keeps what it learnt in window.arlington.storage; the game asks it
# after a finished match and shows the answer in Settings. On the desktop the files stay.


@dataclass(frozen=True, slots=True)
class StorageReport:
    """Whether the game's storage is kept, and how much is used (None: not known yet)."""

    kept: bool | None
    """True: the browser promised to keep it (or the desktop, which always does); False: the
    browser may clear it; None: not known (the page has not answered yet)."""
    used: int | None
    """Bytes used: the site's whole storage in a browser (the offline copy of the game
    included), the data folder's files on the desktop."""
    where: str | None = None
    """The data folder on the desktop; None in a browser."""


def _page():
    window = browser_window()
    return getattr(window, "arlington", None) if window is not None else None


def keep_storage() -> None:
    """Ask the browser to keep the game's storage (once per page; nothing when it already
    does, and nothing on the desktop, whose files stay). Never raises: keeping is a courtesy,
    a refusal changes nothing."""
    try:
        _page_call("keepStorage")
    except Exception:
        pass


def storage_report() -> StorageReport:
    """What is known now about the game's storage. In a browser the page's answers arrive a
    moment later (the call also asks it to look again), so a scene asks each time it draws."""
    if not IS_BROWSER:
        folder = data_dir()
        try:
            used = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
        except OSError:
            used = 0
        return StorageReport(True, used, str(folder))
    page = _page()
    if page is None:
        return StorageReport(None, None)
    try:
        page.checkStorage()
        state = page.storage
        kept, used = state.kept, state.used
    except Exception:
        return StorageReport(None, None)
    return StorageReport(kept if isinstance(kept, bool) else None,
                         int(used) if isinstance(used, (int, float)) and used >= 0 else None)


# --- the accessible mirror -------------------------------------------------------------------
# The page (web/page.js) renders the mirror the game sends (window.arlington.mirrorShow, a JSON
# text: game/ui/mirror.py) and queues what the player does with it (mirrorTake: a JSON list of
# [kind, action]). Nothing on the desktop, or on a page that has no mirror.


def _page_call(name: str, *args):
    page = _page()
    fn = getattr(page, name, None) if page is not None else None
    return fn(*args) if fn is not None else None


def mirror_show(payload: str) -> None:
    """Hand the page the mirror's JSON text to render."""
    try:
        _page_call("mirrorShow", payload)
    except Exception as e:  # the mirror must never stop the game
        print(f"arlington: the mirror could not be shown: {e}", file=sys.stderr)


def mirror_inbox() -> list[tuple[str, str]]:
    """What the player did in the mirror since the last frame: ("activate" or "focus",
    action), oldest first."""
    try:
        text = _page_call("mirrorTake")
    except Exception:
        return []
    if not isinstance(text, str) or not text:
        return []
    try:
        items = json.loads(text)
    except ValueError:
        return []
    if not isinstance(items, list):
        return []
    return [(item[0], item[1]) for item in items if isinstance(item, list) and len(item) == 2
            and isinstance(item[0], str) and isinstance(item[1], str)]
