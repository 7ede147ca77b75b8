"""The match history: a finished match kept whole (rules, seats, sheet, place, how it ended),
the list capped with older matches folded away, replay records kept for the newest only, a
hand-edited file refused, and totals the statistics cannot have refused."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game import platform
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup, load
from game.services import history, records
from game.services.history import CAP, REPLAYS_KEPT, History, Played
from game.services.records import Records
from game.services.seats import Seat, default_seats
from tests.services.finished_matches import finished


@pytest.fixture(scope="module")
def matches() -> list[tuple[Game, tuple]]:
    return [finished(seed) for seed in (3, 4, 5)]


def test_a_finished_match_is_kept_with_its_sheet_place_and_ending(matches):
    game, seats = matches[0]
    state = game.state
    played = Played.from_game(game, seats, when=0)
    assert played.date == "1970-01-01T00:00:00Z" and played.table == "custom"
    assert played.seats == seats and played.you == 0 and played.hands == len(state.hand_scores)
    assert played.scores == tuple(tuple(s) for s in state.hand_scores)
    assert played.totals == tuple(state.totals) and played.won == (state.winner == 0)
    assert played.place == (1 if state.winner == 0 else 2)
    assert played.ended == "target" and played.ending().startswith("to 150 in ")
    assert played.levels == ("medium",)
    assert load(played.save).state.hand_scores == state.hand_scores  # it replays
    assert Played.from_json(json.loads(json.dumps(played.to_json()))) == played


def test_unfinished_matches_and_computer_only_matches_are_not_kept(matches):
    game = Game(Setup(DIGITAL, 2, 1, 0))
    assert Played.from_game(game, default_seats(2)) is None
    done, _ = matches[1]
    assert Played.from_game(done, (Seat("A", "easy"), Seat("B", "hard"))) is None


def test_the_list_keeps_the_last_matches_and_folds_the_older_away(matches):
    base = Played.from_game(*matches[0], when=0)
    h = History()
    for i in range(CAP + 7):
        h = h.with_match(dataclasses.replace(base, date=f"2026-01-01T00:{i // 60 % 60:02d}:"
                                                          f"{i % 60:02d}Z"))
    assert len(h.matches) == CAP and h.folded == 7
    assert h.matches[-1].date == "2026-01-01T00:08:26Z"  # the newest is kept...
    assert h.matches[0].date == "2026-01-01T00:00:07Z"  # ...the seven oldest are folded
    assert all(p.save is None for p in h.matches[:-REPLAYS_KEPT])
    assert all(p.save is not None for p in h.matches[-REPLAYS_KEPT:])
    assert History.from_json(json.loads(json.dumps(h.to_json()))) == h
    assert h.newest_first()[0] == h.matches[-1]


def test_stored_and_read_back_and_a_corrupt_file_is_set_aside(matches):
    h = History().with_match(Played.from_game(*matches[0]))
    assert history.save(h) is None
    assert history.load() == (h, None)
    platform.write(history.KEY, '{"format": "arlington-history", "version": 1, "fo')
    again, message = history.load()
    assert again == History() and "could not be read" in message and "kept as" in message


def _edited(played: Played, **changes) -> dict:
    data = played.to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize("change, words", [
    ({"totals": [9999, 0]}, "do not add up"),
    ({"winner": 5}, "winner"),
    ({"you": 1}, "person"),
    ({"table": "book"}, "does not match its rules"),
    ({"date": "yesterday"}, "not a date"),
    ({"scores": [["10", 0]]}, "whole numbers"),
    ({"outs": []}, "do not agree"),
    ({"seats": [{"name": "You", "level": None}]}, "do not fit"),
    ({"save": "rm -rf /"}, "not a save"),
])
def test_a_hand_edited_match_is_refused(matches, change, words):
    played = Played.from_game(*matches[0])
    with pytest.raises(ValueError, match=words):
        Played.from_json(_edited(played, **change))


def test_history_beyond_the_statistics_is_a_disagreement(matches):
    rec, h = Records(), History()
    for game, seats in matches:
        rec, _ = records.progress(rec, game.state, seats, 0)
        h = h.with_match(Played.from_game(game, seats))
    assert history.disagreement(h, rec) is None
    assert history.disagreement(History(h.matches[1:]), rec) is None  # fewer: folded ones
    line = rec.line("custom", 2)
    fewer = Records(((("custom", 2), dataclasses.replace(
        line, matches=2, won=min(line.won, 2), best_streak=min(line.best_streak, 2),
        streak=min(line.streak, 2))),))
    assert "more matches" in history.disagreement(h, fewer)
    lower = Records(((("custom", 2), dataclasses.replace(line, best_hand=-1000)),))
    assert "best hand" in history.disagreement(h, lower)
