"""The autosaved match: both save versions load (checked-in fixtures), a match quit mid-turn
reopens exactly, and every kind of broken save is refused with a message, kept aside, never
overwritten; the loader fuzzed with random bytes, random JSON and mutated real saves."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import platform
from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.options import DIGITAL
from game.rules.save import Game, SaveError, Setup, replay
from game.rules.state import Phase
from game.services import saves
from game.services.saves import SavedMatch
from game.services.seats import Seat, default_seats

FIXTURES = Path(__file__).parent / "fixtures"
V1 = (FIXTURES / "match_v1.json").read_text(encoding="utf-8")
V2 = (FIXTURES / "match_v2.json").read_text(encoding="utf-8")
FUZZ = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def played(seed=3, players=3, length=60, choice=1) -> Game:
    """A game played at random for ``length`` actions (melds preferred, so melds are down)."""
    game = Game(Setup(DIGITAL, players, seed, 0))
    rand = random.Random(choice)
    while len(game.actions) < length and not game.state.over:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        acts = game.state.legal_actions()
        melds = [a for a in acts if a.kind not in (Act.DRAW, Act.DISCARD)]
        game.play(rand.choice(melds) if melds and rand.random() < 0.7 else rand.choice(acts))
    return game


# ----------------------------------------------------------------- versions

def test_version_1_fixture_loads_with_default_seats():
    match = saves.loads(V1)
    engine = replay(json.loads(V1))
    assert engine.ok
    assert match.game.state.snapshot() == engine.game.state.snapshot()
    assert match.seats == default_seats(3)
    assert match.hand_order == (None, None, None)
    state = match.game.state
    assert (state.hand_no, state.phase, state.turn) == (1, Phase.MELD, 0)
    assert match.recorded == 1  # the hand finished before counts as already recorded


def test_version_2_fixture_loads_seats_and_hand_order():
    data = json.loads(V2)
    match = saves.loads(V2)
    assert match.seats == (Seat("Ada"), Seat("Ben"), Seat("Computer 2", "hard"))
    assert match.hand_order[0] == tuple(parse_card(c) for c in data["hand_order"][0])
    assert sorted(match.hand_order[0]) == sorted(match.game.state.hands[0])
    assert match.hand_order[1:] == (None, None) and match.recorded == 1
    assert match.hand_sort == ()  # written before the sort was kept: the table's default
    assert match.game.state.snapshot() == saves.loads(V1).game.state.snapshot()


def test_round_trip_keeps_everything():
    game = played(length=140)
    order = tuple(reversed(game.state.hands[1]))
    match = SavedMatch(game, (Seat("A", "easy"), Seat("B"), Seat("C", "hard")),
                       (None, order, None), (None, "suit", None), len(game.state.hand_scores))
    back = saves.loads(match.dumps())
    assert back.game.state.snapshot() == game.state.snapshot()
    assert back.game.actions == game.actions
    assert (back.seats, back.hand_order, back.hand_sort, back.recorded) == \
        (match.seats, match.hand_order, (None, "suit", None), match.recorded)
    assert back.dumps() == match.dumps()


def test_quit_mid_turn_and_reopen_gives_the_same_position_and_hand_order():
    game = played(length=45)
    while game.state.phase is not Phase.MELD:  # stop right after a draw: mid-turn
        game.play(game.state.legal_actions()[0])
    hand = game.state.hands[game.state.turn]
    order = tuple(hand[1::2] + hand[::2])
    seats = default_seats(3, "hard")
    orders = tuple(order if s == game.state.turn else None for s in range(3))
    assert saves.autosave(SavedMatch(game, seats, orders)) is None
    loaded = saves.load_autosave()
    assert loaded.message is None
    assert loaded.match.game.state.snapshot() == game.state.snapshot()
    assert loaded.match.hand_order == orders and loaded.match.seats == seats
    assert loaded.match.game.state.legal_actions() == game.state.legal_actions()


def test_arrange_follows_the_order_as_far_as_it_applies():
    qs, qh, c7, c8 = (parse_card(c) for c in ("QS", "QH", "7C", "8C"))
    assert saves.arrange([c7, qs, qh], [qh, c7, qs]) == [qh, c7, qs]
    assert saves.arrange([c7, qs, qh, c8], [qh, c7, qs]) == [qh, c7, qs, c8]  # drawn: last
    assert saves.arrange([c7, qh], [qh, qs, c7]) == [qh, c7]  # melded: skipped
    assert saves.arrange([c7, c7, qh], [c7, qh, qh]) == [c7, qh, c7]


def test_nothing_saved_and_a_finished_match():
    assert saves.load_autosave() == saves.Loaded(None)
    game = played(length=10**6)
    assert game.state.over
    saves.autosave(SavedMatch(game, default_seats(3), (None,) * 3))
    assert saves.load_autosave() == saves.Loaded(None)  # nothing left to continue
    assert platform.read(saves.KEY) is None


def test_a_failing_write_is_a_message_not_a_crash(monkeypatch):
    def full(key, text):
        raise platform.StorageError("disk full")
    monkeypatch.setattr(platform, "write", full)
    message = saves.autosave(SavedMatch(played(length=5), default_seats(3), (None,) * 3))
    assert "could not be saved" in message and "disk full" in message


# ----------------------------------------------------------------- refused saves

def _with(path, value, text=V2):
    data = json.loads(text)
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return json.dumps(data)


def _illegal_action():
    data = json.loads(V2)
    data["game"]["actions"][5] = "discard QS"  # the Q♠ may not be discarded then
    return json.dumps(data)


def _undrawn_card():
    """An action using a card the player never drew (a hand of 13 cannot have three 9♦)."""
    data = json.loads(V2)
    data["game"]["actions"][1] = "set 9D 9D 9D"
    return json.dumps(data)


BROKEN = {
    "truncated": (V2[: len(V2) // 2], "not valid JSON"),
    "empty": ("", "not valid JSON"),
    "not JSON": ("hello, this is not a save", "not valid JSON"),
    "not a save": ('{"hello": 1}', "not an Arlington save"),
    "a list": ("[1, 2, 3]", "not an Arlington save"),
    "unknown version": (_with(["version"], 99), "version 99 is not supported"),
    "illegal action": (_illegal_action(), "move 6 of the saved match is refused"),
    "card nobody drew": (_undrawn_card(), "move 2 of the saved match is refused"),
    "unreadable action": (_with(["game", "actions", 3], "fly away"), "cannot read action"),
    "seat count": (_with(["seats"], [{"name": "You", "level": None}]), "seats"),
    "unknown level": (_with(["seats", 2, "level"], "genius"), "unknown computer level"),
    "bad hand order": (_with(["hand_order", 0], ["QS", "ZZ"]), "not a card"),
    "recorded too many": (_with(["recorded"], 40), "recorded"),
    "unknown sort": (_with(["hand_sort"], ["by colour", None, None]), "hand_sort"),
    "sort count": (_with(["hand_sort"], ["rank"]), "hand_sort"),
    "engine version": (_with(["game", "version"], 7), "version 7"),
    "a number of 5,000 digits": (V2.replace('"recorded": 1', '"recorded": 1' + "0" * 4999),
                                 "holds a number too long to be one of the game's .5,000 "
                                 "digits"),
    "nested 100,000 deep": ("[" * 100_000, "not valid JSON .nested too deeply"),
}
PYTHON_WORDS = ("sys.", "set_int_max_str_digits", "recursion", "unicode string", "(char ")
"""Words of Python's own messages, which no player should read."""


@pytest.mark.parametrize("name", BROKEN)
def test_broken_saves_are_refused_kept_aside_and_a_new_game_offered(name):
    text, reason = BROKEN[name]
    with pytest.raises(SaveError, match=reason):
        saves.loads(text)
    platform.write(saves.KEY, text)
    loaded = saves.load_autosave()
    assert loaded.match is None
    assert loaded.message.startswith("The saved match could not be loaded")
    assert re.search(reason.lower(), loaded.message.lower()) and "new game" in loaded.message
    assert not any(w in loaded.message for w in PYTHON_WORDS), loaded.message
    kept = loaded.message.split("It was kept as ")[1].split(". ")[0]
    assert platform.read(kept) == text  # the player's file, whole, under another name
    assert platform.read(saves.KEY) is None


def test_undecodable_bytes_are_refused_and_kept():
    platform.data_dir().mkdir(parents=True, exist_ok=True)
    (platform.data_dir() / saves.KEY).write_bytes(b"\xff\xfe\x00garbage")
    loaded = saves.load_autosave()
    assert loaded.match is None and "not text" in loaded.message
    assert len(list(platform.data_dir().glob("match.json.corrupt-*"))) == 1


def test_a_second_corrupted_save_never_overwrites_the_first():
    for text in ("broken one", "broken two"):
        platform.write(saves.KEY, text)
        assert saves.load_autosave().match is None
    kept = sorted(p.read_text() for p in platform.data_dir().glob("match.json.corrupt-*"))
    assert kept == ["broken one", "broken two"]


# ----------------------------------------------------------------- fuzz

def check_loaded(match: SavedMatch) -> None:
    """What any loaded match must satisfy: the cards add up, the seats and orders fit, and
    the game can go on (the seat to move has a legal action)."""
    state = match.game.state
    assert saves.conservation_problem(state) is None
    assert len(match.seats) == len(match.hand_order) == state.players
    for seat, order in enumerate(match.hand_order):
        assert order is None or sorted(order) == sorted(state.hands[seat])
    if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        assert state.legal_actions()


def load_or_refuse(text) -> None:
    try:
        match = saves.loads(text)
    except SaveError as e:
        assert str(e)
        return
    check_loaded(match)


@FUZZ
@given(st.binary(max_size=400))
def test_fuzz_random_bytes(data):
    load_or_refuse(data.decode("utf-8", errors="replace"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=30)


@FUZZ
@given(json_values)
def test_fuzz_random_json(value):
    load_or_refuse(json.dumps(value))


@FUZZ
@given(st.sampled_from(["game", "seats", "hand_order", "hand_sort", "recorded", "version",
                        "format"]),
       json_values)
def test_fuzz_random_json_under_real_keys(key, value):
    data = json.loads(V2)
    data[key] = value
    load_or_refuse(json.dumps(data))


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


ACTION_WORDS = ["draw", "discard", "set", "run", "add", "to", "take", "swap", "into", "QS", "2C",
                "10H", "AS", "JK", "7D=7D", "2C=4S", "1", "9", "0", "-1", "pass", "upcard"]


@FUZZ
@given(st.sampled_from([V1, V2]), st.data())
def test_fuzz_mutated_real_saves(text, data):
    """Real saves with a few changes anywhere: a value replaced, a key or list entry removed,
    actions swapped, repeated or rewritten from action words."""
    save = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(save))
        path = data.draw(st.sampled_from(paths))
        how = data.draw(st.sampled_from(["replace", "delete", "action", "swap", "repeat"]))
        parent = save
        for k in path[:-1]:
            parent = parent[k]
        inner = save.get("game", save) if isinstance(save, dict) else None
        actions = inner.get("actions") if isinstance(inner, dict) else None
        if how == "action" and isinstance(actions, list) and actions:
            i = data.draw(st.integers(0, len(actions) - 1))
            actions[i] = " ".join(data.draw(st.lists(st.sampled_from(ACTION_WORDS), max_size=5)))
        elif how in ("swap", "repeat") and isinstance(actions, list) and len(actions) > 1:
            i = data.draw(st.integers(0, len(actions) - 2))
            if how == "swap":
                actions[i], actions[i + 1] = actions[i + 1], actions[i]
            else:
                actions.insert(i, actions[i])
        elif not path:
            save = data.draw(json_values)
        elif how == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(json_values)
        if not isinstance(save, (dict, list)):
            break
    load_or_refuse(json.dumps(save))
