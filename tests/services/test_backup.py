"""Backups: exported whole and imported back the same; a hostile or foreign file refused with
a message and nothing changed (Hypothesis mutates good files: none applies in part); an import
undone once; an import a crash interrupted finished at the next start; the desktop's
``--import`` and ``--undo-import``."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import __version__, platform
from game.launcher import keep_command, parse_args
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services import backup, history, records, saves
from game.services import settings as settings_store
from game.services.backup import BackupError
from game.services.history import History, Played
from game.services.records import Records
from game.services.seats import default_seats
from game.services.settings import Settings
from tests.services.finished_matches import finished


def _data() -> tuple[Settings, Records, History, saves.SavedMatch]:
    """Real data: two finished matches counted and kept, and a match in play autosaved."""
    rec, h = Records(), History()
    for seed in (3, 4):
        game, seats = finished(seed)
        rec, _ = records.progress(rec, game.state, seats, 0)
        h = h.with_match(Played.from_game(game, seats))
    game = Game(Setup(DIGITAL, 3, 21, 0))
    rand = random.Random(2)
    for _ in range(25):
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
        game.play(rand.choice(game.state.legal_actions()))
    seats = default_seats(3)
    rec, done = records.progress(rec, game.state, seats, 0)
    match = saves.SavedMatch(game, seats, (None,) * 3, recorded=done)
    return Settings(four_colour=True, players=3), rec, h, match


DATA = _data()
GOOD = backup.make(*DATA, when=0).dumps()


def _store(settings_, rec, h, match) -> None:
    settings_store.save(settings_)
    records.save(rec)
    history.save(h)
    saves.autosave(match)


def _stored() -> dict:
    return {key: platform.read(key) for key in backup.KEYS}


def test_a_backup_round_trips_every_part():
    b = backup.parse(GOOD)
    settings_, rec, h, match = DATA
    assert (b.settings, b.records, b.history) == (settings_, rec, h)
    assert b.match.game.actions == match.game.actions and b.match.seats == match.seats
    assert b.match.recorded == match.recorded and b.made == "1970-01-01T00:00:00Z"
    assert json.loads(GOOD)["game_version"] == __version__  # for a bug report


def test_an_import_replaces_the_data_and_can_be_undone_once():
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    backup.import_text(GOOD)
    assert settings_store.load()[0] == DATA[0] and records.load()[0] == DATA[1]
    assert history.load()[0] == DATA[2]
    assert saves.load_autosave().match.game.actions == DATA[3].game.actions
    assert platform.read(backup.PENDING_KEY) is None and backup.can_undo()
    backup.undo()
    assert _stored() == before and not backup.can_undo()
    with pytest.raises(BackupError, match="no import to undo"):
        backup.undo()


def test_an_import_without_a_saved_match_removes_the_one_there():
    _store(*DATA)
    empty = backup.make(Settings(), Records(), History(), None).dumps()
    backup.import_text(empty)
    assert saves.load_autosave().match is None and records.load()[0] == Records()


def _mutations():
    good = json.loads(GOOD)
    foreign = {"name": "other-game", "scores": [1, 2, 3]}
    edited = json.loads(GOOD)
    edited["statistics"]["tables"][0]["matches"] = 0  # fewer matches than the history lists
    return [
        (GOOD[: len(GOOD) // 2], "not valid JSON"),
        (" " * (backup.MAX_CHARS + 1), "at most"),
        (json.dumps(good | {"version": 2}), "newer Arlington"),
        (json.dumps(good | {"version": "1"}), "version"),
        (json.dumps(foreign), "not an Arlington backup"),
        (json.dumps(good["match"]), "saved match of Arlington"),
        (json.dumps(good | {"extra": 1}), "missing or unknown"),
        (json.dumps({k: v for k, v in good.items() if k != "game_version"}), "missing"),
        (json.dumps(good | {"game_version": 2}), "game version"),
        (json.dumps(good | {"settings": {"version": 1, "four_colour": "yes"}}), "settings"),
        (json.dumps(edited), "cannot be right|do not add up"),
        (json.dumps(good | {"history": good["history"] | {"folded": -1}}), "history"),
        (json.dumps(good | {"match": good["match"] | {"recorded": 99}}), "saved match"),
        ("[1, 2, 3]", "not an Arlington backup"),
        ("\x00\x01", "not valid JSON"),
    ]


@pytest.mark.parametrize("text, words", _mutations())
def test_a_hostile_or_foreign_file_is_refused_and_changes_nothing(text, words):
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    with pytest.raises(BackupError, match=words):
        backup.import_text(text)
    assert _stored() == before and not backup.can_undo()


def _paths(value, path=()):
    """Every path into a JSON value."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


GOOD_DATA = json.loads(GOOD)
PATHS = [p for p in _paths(GOOD_DATA) if p]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                 st.lists(st.integers(-5, 5), max_size=3), st.dictionaries(
                     st.text(max_size=4), st.integers(), max_size=2), st.floats(allow_nan=True))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PATHS), JUNK,
                          st.sampled_from(["set", "delete"])), min_size=1, max_size=3))
def test_a_mutated_backup_applies_whole_or_not_at_all(edits):
    data = json.loads(GOOD)
    for path, junk, how in edits:
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if how == "delete" and isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    try:
        b = backup.import_text(json.dumps(data))
    except BackupError as e:
        assert str(e) and _stored() == before  # refused: every key as it was
        return
    assert _stored() == b.texts()  # taken: every key the backup's, none left behind


def test_an_import_a_crash_interrupted_is_finished_at_the_next_start():
    _store(Settings(), Records(), History(), DATA[3])
    new = backup.parse(GOOD).texts()
    platform.write(backup.PENDING_KEY, json.dumps({"format": "arlington-pending",
                                                   "version": 1, "keys": new}))
    platform.write(records.KEY, new[records.KEY])  # the crash: one key written, three not
    assert "finished" in backup.recover()
    assert _stored() == new and platform.read(backup.PENDING_KEY) is None
    assert backup.recover() is None


def test_a_storage_failure_mid_import_puts_the_old_data_back(monkeypatch):
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    real = platform.write
    failures = [history.KEY]  # the history's write fails once; putting it back works

    def failing(key, text):
        if key in failures:
            failures.remove(key)
            raise platform.StorageError("disk full")
        real(key, text)

    monkeypatch.setattr(platform, "write", failing)
    with pytest.raises(BackupError, match="disk full.*as it was"):
        backup.import_text(GOOD)
    monkeypatch.setattr(platform, "write", real)
    assert _stored() == before and platform.read(backup.PENDING_KEY) is None


def test_export_writes_the_file_into_the_documents_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(platform.DOCUMENTS_DIR_ENV, str(tmp_path))
    said = backup.export(backup.parse(GOOD))
    path = tmp_path / backup.FILE_NAME
    assert str(path) in said and backup.parse(path.read_text()).records == DATA[1]


def test_the_command_line_imports_a_file_and_undoes_it(tmp_path, capsys):
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    good = tmp_path / "arlington-backup.json"
    good.write_text(GOOD)
    assert keep_command(parse_args(["--import", str(good)])) == 0
    assert records.load()[0] == DATA[1] and "Imported" in capsys.readouterr().out
    bad = tmp_path / "other.json"
    bad.write_text('{"format": "arlington-backup", "version": 1}')
    assert keep_command(parse_args(["--import", str(bad)])) == 1
    assert "missing or unknown" in capsys.readouterr().err
    assert records.load()[0] == DATA[1]
    assert keep_command(parse_args(["--import", str(tmp_path / "none.json")])) == 1
    assert "cannot be read" in capsys.readouterr().err
    assert keep_command(parse_args(["--undo-import"])) == 0
    assert _stored() == before
    assert keep_command(parse_args(["--undo-import"])) == 1
    assert keep_command(parse_args([])) is None


def test_a_computer_levels_setting_round_trip_is_exact():
    changed = dataclasses.replace(DATA[0], level="hard")
    text = backup.make(changed, *DATA[1:]).dumps()
    assert backup.parse(text).settings == changed


def test_a_file_too_big_or_unreadable_is_refused_before_it_is_read(tmp_path):
    _store(Settings(), Records(), History(), DATA[3])
    before = _stored()
    big = platform.Handed("huge.json", 50_000_000, None)
    with pytest.raises(BackupError, match="50.0 MB"):
        backup.import_handed(big)
    with pytest.raises(BackupError, match="could not be read"):
        backup.import_handed(platform.Handed("x.json", 10, None, "it is not text"))
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\xff\xd8\xff\xe0" * 100)
    with pytest.raises(BackupError, match="not text"):
        backup.import_handed(platform.read_handed(binary, backup.MAX_CHARS))
    assert platform.read_handed(binary, 10).text is None  # over the limit: never read
    assert _stored() == before
