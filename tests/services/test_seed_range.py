"""One seed range, checked where a seed comes in: every setup the game can start (any preset
and option, any seat count, a seed anywhere in the range, its ends included, every deal code
it prints) survives save and load at the same position; a seed outside the range is refused
by ``Setup``, ``--seed`` and the deal-code reader in a player's words; and a match an earlier
version began outside the range (it took any whole number) is read back as it was played."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dealcode import raw_code, setups

from game import launcher, platform
from game.rules.options import DIGITAL, PRESETS, SEVEN
from game.rules.save import Game, Setup, load
from game.rules.seeds import SEEDS, check_seed
from game.rules.state import Phase, State
from game.services import dealcode, saves
from game.services.seats import default_seats

ENDS = st.sampled_from([0, 1, SEEDS[-1] - 1, SEEDS[-1]])
IN_RANGE = ENDS | st.integers(0, SEEDS[-1])
OUTSIDE = (st.sampled_from([-1, -5, SEEDS[-1] + 1, 2**70, -(2**63)])
           | st.integers(max_value=-1) | st.integers(min_value=SEEDS[-1] + 1))
RANGE_WORDS = "a seed is a whole number from 0 to 9,223,372,036,854,775,807"


def play(game: Game, rand: random.Random, moves: int, deal_last: bool) -> Game:
    """``moves`` random actions, the next hand dealt at each hand's end as the table does;
    with ``deal_last``, a hand that has just ended is dealt too (Next hand, nothing played)."""
    for _ in range(moves):
        state = game.state
        if state.over:
            break
        if state.phase is Phase.HAND_OVER:
            game.next_hand()
        game.play(rand.choice(game.state.legal_actions()))
    if deal_last and game.state.phase is Phase.HAND_OVER:
        game.next_hand()
    return game


def saved_and_loaded(game: Game) -> saves.SavedMatch:
    """The match through the autosave's text, as a restart reads it."""
    players = game.setup.players
    match = saves.SavedMatch(game, default_seats(players), (None,) * players)
    return saves.loads(match.dumps())


@settings(max_examples=60, deadline=None, database=None)
@given(setup=setups(), seed=IN_RANGE, moves=st.integers(0, 250), choice=st.integers(0, 2**32),
       deal_last=st.booleans())
def test_every_setup_the_game_can_start_comes_back_at_the_same_position(
        setup, seed, moves, choice, deal_last):
    setup = dataclasses.replace(setup, seed=seed)
    assert dealcode.decode(dealcode.encode(setup)) == setup  # every code it prints is read
    game = play(Game(setup), random.Random(choice), moves, deal_last)
    back = saved_and_loaded(game).game
    assert back.setup == dataclasses.replace(setup, first_seat=game.state.first_seat)
    assert back.state.snapshot() == game.state.snapshot()
    assert back.dealt == game.dealt
    assert load(game.dumps()).state.snapshot() == game.state.snapshot()


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [0, SEEDS[-1]])
def test_every_preset_at_every_seat_count_and_the_range_ends(name, seed):
    options = PRESETS[name]
    for players in range(options.min_players, options.max_players + 1):
        setup = Setup(options, players, seed)
        game = play(Game(setup), random.Random(players), 40, False)
        assert saved_and_loaded(game).game.state.snapshot() == game.state.snapshot()
        assert dealcode.decode(dealcode.encode(setup)) == setup


@settings(max_examples=60, deadline=None, database=None)
@given(seed=OUTSIDE)
def test_a_seed_outside_the_range_is_refused_where_it_comes_in(seed):
    with pytest.raises(ValueError, match=RANGE_WORDS):
        Setup(DIGITAL, 2, seed)
    with pytest.raises(ValueError, match=RANGE_WORDS):
        check_seed(seed)
    if abs(seed) < 10**4000:
        with pytest.raises(argparse.ArgumentTypeError):
            launcher._seed(str(seed))
    if -(2**75) <= seed < 2**75:  # what a code's number can hold (a larger one: "too large")
        with pytest.raises(dealcode.DealCodeError, match="seed is outside the seeds"):
            dealcode.decode(raw_code(seed))


@pytest.mark.parametrize("text", ["-1", "-5", str(2**63), str(2**70), "1e3", "", "9" * 5000])
def test_seed_on_the_command_line_is_a_usage_error_in_words(text):
    with pytest.raises(SystemExit) as stop:
        launcher.parse_args(["--seed", text])
    assert stop.value.code == 2


@pytest.mark.parametrize("value", [1.0, "7", True, None])
def test_a_seed_that_is_no_whole_number_is_refused(value):
    with pytest.raises(ValueError, match="a seed is a whole number, not"):
        Setup(DIGITAL, 2, value)


# ----------------------------------------------------------------- earlier versions' seeds

def earlier_save(seed: int, players: int, moves: int, choice: int, options=DIGITAL) -> tuple:
    """A save as an earlier version wrote it for a match it dealt from ``seed`` (any whole
    number): the engine played from that seed, the file written by hand in that format. The
    final state is returned with it."""
    state = State(options, players, seed)
    rand = random.Random(choice)
    actions = []
    for _ in range(moves):
        if state.over:
            break
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
        action = rand.choice(state.legal_actions())
        state.apply(action)
        actions.append(str(action))
    data = {"format": "arlington-save", "version": 1, "options": options.to_json(),
            "players": players, "seed": seed, "first_seat": state.first_seat + 1,
            "actions": actions}
    return data, state


@settings(max_examples=30, deadline=None, database=None)
@given(seed=OUTSIDE.filter(lambda s: abs(s) < 10**39), players=st.integers(2, 6),
       moves=st.integers(0, 200), choice=st.integers(0, 2**32))
def test_an_earlier_versions_seed_is_read_back_at_the_same_position(seed, players, moves,
                                                                     choice):
    data, state = earlier_save(seed, players, moves, choice)
    text = json.dumps(data)
    game = load(text)
    assert game.setup.earlier_seed == seed and game.setup.seed == 0  # kept apart
    assert game.state.snapshot() == state.snapshot()
    assert json.loads(game.dumps())["seed"] == seed  # written back as it came
    assert load(game.dumps()).state.snapshot() == state.snapshot()  # never set aside after
    assert saved_and_loaded(game).game.state.snapshot() == state.snapshot()
    with pytest.raises(ValueError, match="no deal code"):
        dealcode.encode(game.setup)


def test_an_earlier_seed_is_only_one_outside_the_range():
    with pytest.raises(ValueError, match="outside the seeds of this one"):
        Setup(DIGITAL, 2, 0, earlier_seed=5)
    with pytest.raises(ValueError, match="the seed is then 0"):
        Setup(DIGITAL, 2, 3, earlier_seed=-5)


def match_file(seed: int, moves: int = 30, players: int = 3, options=DIGITAL) -> tuple:
    """An earlier version's autosave (the app's format) of a match dealt from ``seed``."""
    data, state = earlier_save(seed, players, moves, 4, options)
    seats = [{"name": s.name, "level": s.level} for s in default_seats(players)]
    match = {"format": "arlington-match", "version": 2, "game": data, "seats": seats,
             "hand_order": [None] * players, "recorded": 0}
    return json.dumps(match), state


def test_a_save_set_aside_for_its_seed_is_offered_back_and_continues():
    text, state = match_file(-1)
    kept = "match.json.corrupt-20250101-120000"
    broken = "match.json.corrupt-20250102-120000"
    platform.write(kept, text)
    platform.write(broken, '{"format": "arlington-match", "version": 2, "game": ')  # newer
    loaded = saves.load_autosave()
    assert loaded.match is not None and loaded.message == saves.OFFERED_BACK
    assert loaded.match.game.state.snapshot() == state.snapshot()
    assert platform.read(saves.KEY) == text and platform.read(kept) is None  # put back
    assert platform.read(broken) is not None  # one that still cannot load stays aside
    again = saves.load_autosave()  # Continue finds it again, as any autosave
    assert again.message is None and again.match.game.state.snapshot() == state.snapshot()


def test_no_copy_is_offered_while_there_is_an_autosave_nor_a_finished_match():
    text, _ = match_file(2**64)
    platform.write("match.json.corrupt-20250101-120000", text)
    current = Game(Setup(SEVEN, 4, 9))
    saves.autosave(saves.SavedMatch(current, default_seats(4), (None,) * 4))
    assert saves.load_autosave().match.game.setup.seed == 9
    saves.clear_autosave()
    assert saves.load_autosave().match is not None  # with the autosave gone, it comes back
    platform.remove(saves.KEY)
    game = Game(Setup(DIGITAL.with_changes(hand_limit=1), 2, 3))
    while not game.state.over:
        game.play(random.Random(1).choice(game.state.legal_actions()))
    finished = saves.SavedMatch(game, default_seats(2), (None, None)).dumps()
    platform.write("match.json.corrupt-20250103-120000", finished)
    assert saves.load_autosave().match is None  # a finished match is not offered
