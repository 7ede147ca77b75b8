"""Statistics: counted from real matches (each hand once, even across a reload), kept per
preset and player count, exported as text, reset; a corrupted file is set aside with a message
and the statistics start again; the loader fuzzed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import platform
from game.rules.options import BOOK, DIGITAL
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services import records, saves
from game.services.records import Line, Records
from game.services.seats import Seat, default_seats
from tests.services.finished_matches import partnership


def play(game: Game, rand: random.Random, until) -> None:
    while not until(game) and not game.state.over:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.play(rand.choice(game.state.legal_actions()))


def test_a_whole_match_is_counted_once_hand_by_hand():
    game = Game(Setup(DIGITAL.with_changes(target=150), 2, 11, 0))
    rand = random.Random(4)
    seats = default_seats(2)
    rec, recorded = Records(), 0
    while not game.state.over:  # the app calls progress after every action
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            game.play(rand.choice(game.state.legal_actions()))
        rec, recorded = records.progress(rec, game.state, seats, recorded)
    state = game.state
    mine = [s[0] for s in state.hand_scores]
    line = rec.line("custom", 2)  # target 150 is no preset
    assert line.hands == len(mine) and line.hand_points == sum(mine)
    assert line.best_hand == max(mine) and line.average_hand == sum(mine) / len(mine)
    assert line.matches == 1 and line.won == (state.winner == 0)
    assert line.best_match == state.totals[0]
    assert line.streak == line.best_streak == (state.winner == 0)
    assert records.progress(rec, state, seats, recorded) == (rec, recorded)  # nothing twice


def test_a_reload_mid_match_counts_no_hand_twice():
    game = Game(Setup(DIGITAL, 3, 5, 0))
    rand = random.Random(8)
    seats = default_seats(3)
    play(game, rand, lambda g: len(g.state.hand_scores) == 2)
    rec, recorded = records.progress(Records(), game.state, seats, 0)
    saves.autosave(saves.SavedMatch(game, seats, (None,) * 3, recorded=recorded))
    back = saves.load_autosave().match
    assert back.recorded == 2
    again, count = records.progress(rec, back.game.state, back.seats, back.recorded)
    assert (again, count) == (rec, 2) and rec.line("digital", 3).hands == 2


def test_only_the_first_person_is_recorded():
    seats = (Seat("Computer 1", "easy"), Seat("Ada"), Seat("Ben"))
    game = Game(Setup(DIGITAL, 3, 2, 0))
    play(game, random.Random(1), lambda g: len(g.state.hand_scores) == 1)
    rec, _ = records.progress(Records(), game.state, seats, 0)
    assert rec.line("digital", 3).hand_points == game.state.hand_scores[0][1]
    computers = default_seats(3)[1:] + (Seat("Computer 9", "hard"),)
    assert records.progress(Records(), game.state, computers, 0) == (Records(), 1)


def counted_after_every_action(game: Game, seats) -> Records:
    """The statistics of ``game`` replayed from its start, ``progress`` called after every
    action and every new deal, as the app calls it."""
    replay = Game(game.setup)
    rec, recorded = Records(), 0
    for action in game.actions:
        if replay.state.phase is Phase.HAND_OVER:
            replay.next_hand()
            rec, recorded = records.progress(rec, replay.state, seats, recorded)
        replay.play(action)
        rec, recorded = records.progress(rec, replay.state, seats, recorded)
    assert replay.state.over
    return rec


@pytest.mark.parametrize(("seed", "you", "won"), [(1, 2, True), (3, 3, True), (3, 2, False)])
def test_a_partnership_match_is_yours_when_your_team_wins_from_either_seat(seed, you, won):
    """Seven hands, two teams: the person in seat 3 (or 4) sits beside the team's first seat,
    whom the engine names the winner. A win of their team is counted as their win (a streak
    started), their hands as their own scores, and their match total as their team's, the
    total the match was decided on (as the history shows it)."""
    seats = tuple(Seat("You") if s == you else Seat(f"Computer {s}", "easy")
                  for s in range(4))
    game, _ = partnership(seed)
    state = game.state
    teams = [state.totals[0] + state.totals[2], state.totals[1] + state.totals[3]]
    assert state.winner != you and (state.winner % 2 == you % 2) == won
    assert (teams[you % 2] > teams[1 - you % 2]) == won
    line = counted_after_every_action(game, seats).line("custom", 4)
    assert (line.matches, line.won, line.streak) == (1, int(won), int(won))
    assert line.hand_points == sum(scores[you] for scores in state.hand_scores)
    assert line.best_match == teams[you % 2] != state.totals[you]


def test_streaks_and_tables_are_kept_apart():
    rec = Records()
    for won in (True, True, False, True):
        rec = rec.with_match("digital", 2, won, 1000 if won else 600)
    rec = rec.with_match("book", 4, False, -50).with_hint("book", 4).with_hint("book", 4)
    assert rec.line("digital", 2) == Line(matches=4, won=3, best_match=1000, streak=1,
                                          best_streak=2)
    assert rec.line("book", 4) == Line(matches=1, best_match=-50, hints=2)
    assert rec.line("classic", 5) == Line()
    assert records.table_name(BOOK) == "book" and records.table_name(DIGITAL) == "digital"


def test_saved_and_loaded_statistics_are_the_same():
    rec = Records().with_hand("classic", 5, -40).with_hand("classic", 5, 120)
    rec = rec.with_hand("book", 2, -150).with_match("book", 2, False, -310)  # below zero
    rec = rec.with_match("classic", 5, True, 1010).with_hint("digital", 2)
    assert records.save(rec) is None
    assert records.load() == (rec, None)


def test_export_and_reset():
    rec = Records().with_hand("digital", 2, 85).with_match("digital", 2, True, 1085)
    message = records.export(rec)
    text = (platform.data_dir() / "arlington-statistics.txt").read_text(encoding="utf-8")
    assert message.startswith("Statistics exported to ")
    assert "digital, 2 players" in text and "won 1 (100%)" in text and "best hand 85" in text
    assert "Highest match total 1085" in text
    records.save(rec)
    assert records.reset() is None
    assert records.load() == (Records(), None)
    assert "No match played yet." in Records().text()


def _stored(rec: Records, **change) -> str:
    data = rec.to_json()
    data["tables"][0].update(change)
    return json.dumps(data)


REC = Records().with_hand("digital", 2, 50).with_match("digital", 2, True, 1000)
BROKEN = ["", "{", "[]", '{"format": "arlington-records", "version": 9, "tables": []}',
          _stored(REC, won=5), _stored(REC, hands=-1), _stored(REC, table="poker"),
          _stored(REC, players=12), _stored(REC, streak=3), _stored(REC, best_hand=None),
          _stored(REC, hints=1.5), _stored(REC, table=["digital"]),
          _stored(REC, hands=7).replace('"hands": 7', '"hands": 7' + "0" * 4999),
          "[" * 100_000]


@pytest.mark.parametrize("text", BROKEN)
def test_a_corrupted_file_is_kept_aside_and_statistics_start_again(text):
    platform.write(records.KEY, text)
    rec, message = records.load()
    assert rec == Records()
    assert message.startswith("Your statistics could not be read")
    assert not any(w in message for w in ("sys.", "set_int_max_str_digits", "recursion")), \
        message
    assert platform.read(message.split("kept as ")[1].rstrip(".")) == text
    assert platform.read(records.KEY) is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=4),
    max_leaves=25)
FIELDS = ["table", "players", "matches", "won", "hands", "best_hand", "hand_points",
          "best_match", "streak", "best_streak", "hints"]


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(json_values.map(json.dumps), st.binary(max_size=60).map(
    lambda b: b.decode("utf-8", "replace")),
    st.tuples(st.sampled_from(FIELDS), json_values).map(lambda kv: _stored(REC, **{kv[0]: kv[1]}))))
def test_fuzz_the_statistics_loader(text):
    platform.write(records.KEY, text)
    rec, message = records.load()  # never raises
    for _, line in rec.lines:
        assert line.problem() is None
    assert (message is None) == (rec != Records() or text == json.dumps(Records().to_json()))
