"""The match history: a finished match kept whole (rules, seats, sheet, place, how it ended),
a partnership match read by team (a history written before teams were shown too), the list
capped with older matches folded away, replay records kept for the newest only, a hand-edited
file refused, and totals the statistics cannot have refused."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game import platform
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup, load
from game.services import history, records
from game.services.history import CAP, REPLAYS_KEPT, History, Played
from game.services.records import Records
from game.services.seats import Seat, default_seats
from tests.services.finished_matches import finished, partnership

EARLIER = Path(__file__).parent / "fixtures" / "history_v1.json"
"""A history as the game wrote it before the list showed teams: a two-player match, then two
seven-hand partnership matches (lost, then won) against computers of every level."""


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


def _by_team(played: Played, totals, winner: int) -> None:
    """``played`` reads as two teams, seats 1 & 3 against 2 & 4, from these seat totals."""
    names = [s.name for s in played.seats]
    ours, theirs = totals[0] + totals[2], totals[1] + totals[3]
    assert [(side.seats, side.name, side.total) for side in played.sides] == [
        ((0, 2), f"{names[0]} & {names[2]}", ours), ((1, 3), f"{names[1]} & {names[3]}", theirs)]
    assert played.yours == played.sides[0] and played.partners == (2,)
    assert played.won == (winner % 2 == 0) == (ours >= theirs)  # a tie: the team of seat 1
    assert played.place == (1 if played.won else 2)
    assert played.order[0] == played.sides[winner % 2]


@pytest.mark.parametrize("seed", [1, 3])
def test_a_partnership_match_is_kept_by_team(seed):
    seats = (Seat("You"), Seat("Computer 1", "easy"), Seat("Computer 2", "hard"),
             Seat("Computer 3", "easy"))
    game, seats = partnership(seed, seats)
    state = game.state
    played = Played.from_game(game, seats, when=0)
    _by_team(played, state.totals, state.winner)
    assert played.levels == ("easy",)  # your partner's level is not one you played against
    assert Played.from_json(json.loads(json.dumps(played.to_json()))) == played


def test_a_history_written_before_teams_were_shown_reads_its_partnership_matches_by_team():
    platform.write(history.KEY, EARLIER.read_text(encoding="utf-8"))
    kept, message = history.load()
    assert message is None and len(kept.matches) == 3
    stored = json.loads(EARLIER.read_text(encoding="utf-8"))["matches"]
    two, lost, won = kept.matches
    assert not two.options.partnerships and [s.total for s in two.sides] == stored[0]["totals"]
    for played, raw in ((lost, stored[1]), (won, stored[2])):
        assert played.options.partnerships
        _by_team(played, raw["totals"], raw["winner"])
    assert not lost.won and won.won
    # Your own total is not the highest of the match you won with your partner: by seat you
    # would not be first; your team is.
    assert max(won.totals) > won.totals[won.you] and won.place == 1
    assert history.dumps(kept) == EARLIER.read_text(encoding="utf-8")  # written back as read


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


@pytest.mark.parametrize("change, words", [
    ({"winner": 2}, "team's first seat"),
    ({"winner": 3}, "team's first seat"),
    ({"seats": [{"name": "You", "level": None}, {"name": "Computer 1", "level": "easy"},
                {"name": "Computer 2", "level": "easy"}]}, "do not fit"),
])
def test_a_hand_edited_partnership_match_is_refused(change, words):
    played = Played.from_game(*partnership(1))
    with pytest.raises(ValueError, match=words):
        Played.from_json(_edited(played, **change))


@pytest.mark.parametrize(("seed", "you"), [(1, 2), (5, 1)])
def test_partnership_matches_from_any_seat_agree_with_their_statistics(seed, you):
    """A partnership match the person played from a seat other than their team's first
    (a win from seat 3, a loss from seat 2 whose own total beats their team's): the
    statistics and the history it came with agree, so a backup of both is no
    "disagreement"; both count the team's result and total."""
    seats = tuple(Seat("You") if s == you else Seat(f"Computer {s}", "easy")
                  for s in range(4))
    game, _ = partnership(seed, seats)
    rec, _ = records.progress(Records(), game.state, seats, 0)
    played = Played.from_game(game, seats)
    line = rec.line(played.table, played.players)
    assert (line.won, line.best_match) == (int(played.won), played.yours.total)
    assert history.disagreement(History((played,)), rec) is None


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
