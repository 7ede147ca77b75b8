"""One file with everything the player keeps: settings, statistics, match history and the
autosaved match (``arlington-backup.json``, format in docs/keeping.md).

Exported as a download in a browser or a file in the documents folder on the desktop;
imported from a file the player picks or drops, or ``arlington --import FILE``. An import is
checked whole before anything changes (``parse``): a file that is too big, not JSON, another
game's or another Arlington file's, of an unknown version, with ill-typed fields, statistics
whose numbers cannot be, a history that does not add up or a saved match whose moves are
refused is refused with a message, and the player's data stays as it was. A good one replaces
the data as one step:

1. what is stored now is kept, key by key and exactly as stored, under ``PREVIOUS_KEY`` (so
   the import can be undone once, ``undo``);
2. the new texts are written under ``PENDING_KEY``, a journal;
3. each key is replaced; then the journal is removed.

A crash between 2 and 3 leaves the journal, and ``recover`` (at the app's start, before
anything is read) finishes the import from it, so the keys are never left half old, half new.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from .. import __version__, platform
from ..rules.save import parse_json
from ..rules.text import show
from . import history as history_store
from . import records as records_store
from . import saves
from . import settings as settings_store
from .history import History
from .records import Records
from .saves import SavedMatch
from .settings import Settings

FILE_NAME = "arlington-backup.json"
FORMAT = "arlington-backup"
VERSION = 1
MAX_CHARS = 4_000_000
"""Largest backup read (a full history with its replays is well under a megabyte; a browser
keeps about five megabytes for a site)."""
PREVIOUS_KEY = "backup-previous.json"
PENDING_KEY = "backup-pending.json"
KEYS = (settings_store.KEY, records_store.KEY, history_store.KEY, saves.KEY)
"""The storage keys a backup holds, in the order an import writes them."""
FIELDS = {"format", "version", "game_version", "made", "settings", "statistics", "history",
          "match"}
OTHER_FILES = {saves.FORMAT: "a saved match", "arlington-save": "a saved match",
               records_store.FORMAT: "a statistics file", history_store.FORMAT: "a match history",
               "arlington-previous": "the data kept before an import"}
"""Arlington files that are not backups, in a player's words."""


class BackupError(ValueError):
    """A backup that cannot be used, or an import that could not be done: the message is for
    the player."""


@dataclass(frozen=True, slots=True)
class Backup:
    """Everything a backup holds, each part checked."""

    settings: Settings
    records: Records
    history: History
    match: SavedMatch | None
    made: str = ""
    """When it was made, UTC (``2026-12-04T17:05:00Z``)."""

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "game_version": __version__,
                "made": self.made,
                "settings": settings_store.to_json(self.settings),
                "statistics": self.records.to_json(), "history": self.history.to_json(),
                "match": None if self.match is None else self.match.to_json()}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def texts(self) -> dict[str, str | None]:
        """What each storage key holds once this backup is imported (None: nothing)."""
        return {settings_store.KEY: json.dumps(settings_store.to_json(self.settings)),
                records_store.KEY: json.dumps(self.records.to_json()),
                history_store.KEY: history_store.dumps(self.history),
                saves.KEY: None if self.match is None else self.match.dumps()}


def make(settings: Settings, records: Records, history: History,
         match: SavedMatch | None, when: float | None = None) -> Backup:
    """A backup of these (the app's own values), stamped now."""
    return Backup(settings, records, history, match,
                  time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)))


def parse(text) -> Backup:
    """A backup file's text, checked whole; BackupError says why it cannot be used."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_CHARS:
            raise _too_big(len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError("This file is not text, so it is no Arlington backup.") from None
    if not isinstance(text, str):
        raise BackupError("This file is not text, so it is no Arlington backup.")
    if len(text) > MAX_CHARS:
        raise _too_big(len(text))
    try:
        data = parse_json(text, "the file")
    except ValueError as e:
        raise BackupError(f"This is no Arlington backup: {e} (cut short?).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        kind = data.get("format") if isinstance(data, dict) else None
        if isinstance(kind, str) and kind in OTHER_FILES:
            raise BackupError(f"This is {OTHER_FILES[kind]} of Arlington, not a backup: "
                              f"choose {FILE_NAME}.")
        raise BackupError("This is not an Arlington backup (another program's file?).")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise BackupError(f"This backup was made by a newer Arlington (backup version "
                          f"{version}); this one reads version {VERSION}. Update the game.")
    if version != VERSION:
        raise BackupError(f"Backup version {show(version)} is not one this game reads.")
    if set(data) != FIELDS:
        raise BackupError("This backup has missing or unknown parts, so it was not imported.")
    try:
        return _parts(data)
    except BackupError:
        raise
    except Exception as e:  # whatever a hand-edited part trips over is refused the same way
        raise BackupError(f"This backup is damaged ({e or type(e).__name__}), so it was not "
                          "imported.") from None


def _too_big(size: int) -> BackupError:
    return BackupError(f"This file is {size / 1e6:.1f} MB; an Arlington backup is at most "
                       f"{MAX_CHARS / 1e6:.0f} MB, so it was not imported.")


def _parts(data: dict) -> Backup:
    written_by = data["game_version"]  # for a bug report only: any version of this format reads
    if not isinstance(written_by, str) or len(written_by) > 40:
        raise BackupError("This backup's game version is not a version, so it was not imported.")
    made = data["made"]
    if not isinstance(made, str) or not history_store.DATE.fullmatch(made):
        raise BackupError("This backup's date is not a date, so it was not imported.")
    chosen, bad = settings_store.from_json(data["settings"])
    if bad:
        which = "" if bad == ["all"] else f" ({', '.join(bad)})"
        raise BackupError(f"This backup's settings{which} cannot be used, so it was not "
                          "imported.")
    try:
        records = Records.from_json(data["statistics"])
    except ValueError as e:
        raise BackupError(f"This backup's statistics cannot be right ({e}), so it was not "
                          "imported.") from None
    try:
        history = History.from_json(data["history"])
    except ValueError as e:
        raise BackupError(f"This backup's match history cannot be read ({e}), so it was not "
                          "imported.") from None
    if (problem := history_store.disagreement(history, records)) is not None:
        raise BackupError(f"This backup's numbers do not add up ({problem}), so it was not "
                          "imported.")
    match = None
    if data["match"] is not None:
        try:
            match = saves.from_json(data["match"])
        except ValueError as e:
            raise BackupError(f"This backup's saved match cannot be continued ({e}), so it was "
                              "not imported.") from None
        if match.game.state.over:
            raise BackupError("This backup's saved match is already over, so it was not "
                              "imported.")
    return Backup(chosen, records, history, match, made)


# ----------------------------------------------------------------- import and undo

def import_text(text) -> Backup:
    """Check ``text`` and, if it is a good backup, make it the player's data (what it
    replaces kept for ``undo``). BackupError, with nothing changed, otherwise."""
    backup = parse(text)
    old = _stored()
    _write(PREVIOUS_KEY, json.dumps({"format": "arlington-previous", "version": 1,
                                     "keys": old}))
    _replace(backup.texts(), old)
    return backup


def import_handed(handed: platform.Handed) -> Backup:
    """``import_text`` for a file the player picked, dropped or named."""
    if handed.problem is not None:
        raise BackupError(f"The file could not be read ({handed.problem}), so nothing was "
                          "imported.")
    if handed.text is None:
        raise _too_big(handed.size)
    return import_text(handed.text)


def can_undo() -> bool:
    """Whether an import can be undone (its replaced data is kept)."""
    try:
        return platform.read(PREVIOUS_KEY) is not None
    except platform.StorageError:
        return False


def undo() -> None:
    """Put back the data the last import replaced, once. BackupError when there is nothing
    to put back (or it cannot be), with nothing changed."""
    try:
        text = platform.read(PREVIOUS_KEY)
    except platform.StorageError as e:
        raise BackupError(f"The data kept before the import cannot be read: {e}") from None
    if text is None:
        raise BackupError("There is no import to undo.")
    try:
        previous = _keys(parse_json(text, "the data kept before the import"), "arlington-previous")
    except ValueError as e:
        raise BackupError(f"The data kept before the import cannot be used: {e}") from None
    _replace(previous, _stored())
    try:
        platform.remove(PREVIOUS_KEY)
    except platform.StorageError:
        pass


def recover() -> str | None:
    """Finish an import a crash interrupted (its journal is still there): call before any
    key is read. A message for the player when one was finished or had to be dropped."""
    try:
        text = platform.read(PENDING_KEY)
    except platform.StorageError:
        text = None
    if text is None:
        return None
    try:
        texts = _keys(parse_json(text, "the import journal"), "arlington-pending")
    except ValueError as e:
        platform.set_aside(PENDING_KEY)
        return f"An interrupted import could not be finished ({e})."
    try:
        _apply(texts)
        platform.remove(PENDING_KEY)
    except platform.StorageError as e:  # the journal stays: tried again at the next start
        return f"An interrupted import could not be finished yet ({e})."
    return "An import that was interrupted has been finished."


def _stored() -> dict[str, str | None]:
    """What each key holds now, exactly as stored."""
    try:
        return {key: platform.read(key) for key in KEYS}
    except platform.StorageError as e:
        raise BackupError(f"Your data now cannot be read to keep it ({e}), so nothing was "
                          "imported.") from None


def _keys(data, kind: str) -> dict[str, str | None]:
    """The key texts of a journal or a kept copy; ValueError when it is not one."""
    keys = data.get("keys") if isinstance(data, dict) and data.get("format") == kind else None
    if not isinstance(keys, dict) or set(keys) != set(KEYS) or \
            not all(v is None or isinstance(v, str) for v in keys.values()):
        raise ValueError("it is not one the game wrote")
    return keys


def _write(key: str, text: str) -> None:
    try:
        platform.write(key, text)
    except platform.StorageError as e:
        raise BackupError(f"Nothing was imported: {e}") from None


def _apply(texts: dict[str, str | None]) -> None:
    for key in KEYS:
        text = texts[key]
        if text is None:
            platform.remove(key)
        else:
            platform.write(key, text)


def _replace(new: dict[str, str | None], old: dict[str, str | None]) -> None:
    """Make ``new`` the stored data through the journal; when a key cannot be written, put
    ``old`` back and raise BackupError."""
    _write(PENDING_KEY, json.dumps({"format": "arlington-pending", "version": 1, "keys": new}))
    try:
        _apply(new)
    except platform.StorageError as e:
        try:
            _apply(old)
            platform.remove(PENDING_KEY)
        except platform.StorageError:  # the journal stays: the next start finishes the import
            raise BackupError(f"The backup could not be stored yet ({e}); the game finishes "
                              "storing it when it starts again.") from None
        raise BackupError(f"The backup could not be stored ({e}); your data is as it was."
                          ) from None
    try:
        platform.remove(PENDING_KEY)
    except platform.StorageError:
        pass


# ----------------------------------------------------------------- export

def export(backup: Backup) -> str:
    """Hand ``backup`` to the player as ``FILE_NAME``; what to tell them."""
    try:
        where = platform.export(FILE_NAME, backup.dumps(), platform.documents_dir())
    except platform.StorageError as e:
        return f"The backup could not be made: {e}"
    if platform.IS_BROWSER:
        return f"Backup downloaded as {where}"
    return f"Backup saved as {where}"
