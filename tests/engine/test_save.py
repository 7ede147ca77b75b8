"""The save file: round trips, explicit deals, replay stopping at the first refused action, and
corrupted files refused with ``SaveError`` (a clear message, never another exception)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import choices, play_game, players, prop_settings, seeds

from game.rules import save
from game.rules.actions import parse_action
from game.rules.cards import ALL_CARDS, card_text, parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL
from game.rules.save import SaveError
from game.rules.state import Phase


def played(seed=7, n=3, choice=7, length=150, first=0, deal=None) -> save.Game:
    return play_game(save.Game(save.Setup(DIGITAL, n, seed, first, deal)),
                     random.Random(choice), length)


# ----------------------------------------------------------------- round trips

@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, length=st.integers(0, 800),
       first=st.integers(0, 7))
def test_round_trip(seed, n, choice, length, first):
    game = played(seed, n, choice, length, first % n)
    text = game.dumps()
    data = json.loads(text)
    assert data["format"] == "arlington-save" and data["version"] == 1
    assert data["players"] == n and data["seed"] == seed and data["first_seat"] == first % n + 1
    assert data["actions"] == [str(a) for a in game.actions]
    loaded = save.load(text)
    assert loaded.state.snapshot() == game.state.snapshot()
    assert loaded.dumps() == text
    result = save.replay(data)
    assert result.ok and result.refused_index is None and result.reason is None
    assert result.game.state.snapshot() == game.state.snapshot()


def test_preset_and_option_override():
    game = played()
    data = game.to_json()
    del data["options"]
    data["preset"] = "digital"
    assert save.replay(data).game.state.snapshot() == game.state.snapshot()
    data["options"] = {"target": 50}
    assert save.replay(data).game.setup.options == DIGITAL.with_changes(target=50)


@prop_settings(20)
@given(seed=seeds, n=players, choice=choices, data=st.data())
def test_explicit_deal_round_trip(seed, n, choice, data):
    """A save with a hand-made first deal starts from exactly those cards, and round-trips."""
    rand = random.Random(seed)
    deck = [c for c in ALL_CARDS for _ in range(2)]
    rand.shuffle(deck)
    sizes = data.draw(st.lists(st.integers(1, 12), min_size=n, max_size=n))
    hands, at = [], 0
    for k in sizes:
        hands.append(tuple(sorted(deck[at:at + k])))
        at += k
    pile_n = data.draw(st.integers(0, 3))
    pile = tuple(deck[at:at + pile_n])
    stock = tuple(deck[at + pile_n:])
    deal = Deal(tuple(hands), stock, pile)
    game = save.Game(save.Setup(DIGITAL, n, seed, 0, deal))
    assert [tuple(h) for h in game.state.hands] == list(hands)
    assert game.state.pile == list(pile)
    assert game.state.stock[::-1] == list(stock)  # the stock is listed top card first
    game = played(seed, n, choice, data.draw(st.integers(0, 300)), 0, deal)
    text = game.dumps()
    saved = json.loads(text)
    assert saved["deal"] == {"hands": [[card_text(c) for c in h] for h in hands],
                             "stock": [card_text(c) for c in stock],
                             "pile": [card_text(c) for c in pile]}
    assert save.load(text).state.snapshot() == game.state.snapshot()


def test_deal_upcard_form():
    deal = Deal.arranged(DIGITAL, hands=[["AS", "KS", "QH"], ["2C", "3C", "4C"]], pile=["9D"])
    data = save.Game(save.Setup(DIGITAL, 2, 1, 0, deal)).to_json()
    data["deal"]["upcard"] = data["deal"].pop("pile")[0]
    state = save.replay(data).game.state
    assert state.pile == [parse_card("9D")]
    assert state.hands[0] == sorted(parse_card(c) for c in ["AS", "KS", "QH"])


# ----------------------------------------------------------------- replay stops at a refusal

def illegal_text(state, rand: random.Random) -> str:
    """An action text the rules refuse in ``state``."""
    hand = state.hands[state.turn]
    if state.phase is Phase.DRAW:
        return rand.choice([f"discard {card_text(hand[0])}", "add 2C to 9",
                            f"set {card_text(hand[0])} {card_text(hand[0])} {card_text(hand[0])}"
                            if hand.count(hand[0]) < 3 else "run AS 3S 5S"])
    missing = next(c for c in ALL_CARDS if c not in hand)
    return rand.choice(["draw", f"discard {card_text(missing)}", "add 2C to 7",
                        "take set AS AH AD"])


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, length=st.integers(1, 400), data=st.data())
def test_replay_reports_the_first_refused_action(seed, n, choice, length, data):
    game = played(seed, n, choice, length)
    texts = [str(a) for a in game.actions]
    i = data.draw(st.integers(0, len(texts)))
    # The state just before action i, as replay will have it.
    prefix = save.replay(game.to_json() | {"actions": texts[:i]})
    assert prefix.ok
    state = prefix.game.state
    if state.phase is Phase.HAND_OVER:
        state.next_hand()
    if state.over:
        bad = "draw"
    else:
        bad = illegal_text(state, random.Random(choice))
    assert state.check(parse_action(bad)) is not None, bad
    data_json = game.to_json() | {"actions": texts[:i] + [bad] + texts[i:]}
    result = save.replay(data_json)
    assert not result.ok
    assert result.refused_index == i
    assert isinstance(result.reason, str) and result.reason
    assert result.game.actions == game.actions[:i]
    with pytest.raises(SaveError, match=f"action {i + 1} "):
        save.load(json.dumps(data_json))


def test_replay_unreadable_action_text():
    game = played(length=10)
    data = game.to_json()
    data["actions"] = data["actions"][:4] + ["dance a jig"] + data["actions"][4:]
    result = save.replay(data)
    assert result.refused_index == 4 and "cannot read action" in result.reason


# ----------------------------------------------------------------- corrupted saves

def valid() -> dict:
    return played(length=40).to_json()


def with_deal() -> dict:
    deal = Deal.arranged(DIGITAL, hands=[["AS", "KS", "QH", "9C"], ["2C", "3C", "4C", "7D"]],
                         pile=["9D"])
    return save.Game(save.Setup(DIGITAL, 2, 1, 0, deal)).to_json()


def edit(base, fn):
    data = copy.deepcopy(base)
    fn(data)
    return json.dumps(data)


def set_(key, value):
    return lambda d: d.__setitem__(key, value)


def drop(key):
    return lambda d: d.pop(key)


def dup_card(d):
    d["deal"]["hands"][0][0] = d["deal"]["hands"][1][0]


CORRUPT = {
    "empty file": lambda: "",
    "not JSON": lambda: "{this is not json",
    "JSON but a list": lambda: "[1, 2, 3]",
    "JSON null": lambda: "null",
    "wrong format tag": lambda: edit(valid(), set_("format", "rummy-save")),
    "no format tag": lambda: edit(valid(), drop("format")),
    "wrong version": lambda: edit(valid(), set_("version", 2)),
    "version as text": lambda: edit(valid(), set_("version", "1")),
    "missing players": lambda: edit(valid(), drop("players")),
    "players as text": lambda: edit(valid(), set_("players", "3")),
    "players = 1": lambda: edit(valid(), set_("players", 1)),
    "players = 9": lambda: edit(valid(), set_("players", 9)),
    "players = 0": lambda: edit(valid(), set_("players", 0)),
    "seed as float": lambda: edit(valid(), set_("seed", 1.5)),
    "first_seat 0": lambda: edit(valid(), set_("first_seat", 0)),
    "first_seat past the table": lambda: edit(valid(), set_("first_seat", 4)),
    "unknown preset": lambda: edit(valid(), set_("preset", "poker")),
    "preset not a string": lambda: edit(valid(), set_("preset", ["digital"])),
    "options not an object": lambda: edit(valid(), set_("options", [1, 2])),
    "unknown option": lambda: edit(valid(), set_("options", {"cheat": True})),
    "option of the wrong type": lambda: edit(valid(), set_("options", {"target": "lots"})),
    "option enum value unknown": lambda: edit(valid(), set_("options", {"stock_out": "x"})),
    "unplayable option": lambda: edit(valid(), set_("options", {"jokers": 1})),
    "actions not a list": lambda: edit(valid(), set_("actions", "draw")),
    "action not a string": lambda: edit(valid(), set_("actions", ["draw", 5])),
    "refused action": lambda: edit(valid(), set_("actions", ["discard QS"])),
    "unreadable action": lambda: edit(valid(), set_("actions", ["draw", "fly"])),
    "bad card code in an action": lambda: edit(valid(), set_("actions", ["draw", "discard 1X"])),
    "bad card code in the deal": lambda: edit(with_deal(), lambda d: d["deal"]["hands"][0]
                                              .__setitem__(0, "ZZ")),
    "deal card not a string": lambda: edit(with_deal(), lambda d: d["deal"]["hands"][0]
                                           .__setitem__(0, 7)),
    "duplicated card in the deal": lambda: edit(with_deal(), dup_card),
    "deal missing a card": lambda: edit(with_deal(), lambda d: d["deal"]["stock"].pop()),
    "deal hands for the wrong table": lambda: edit(with_deal(), lambda d: d["deal"]["hands"]
                                                   .append(["5S"])),
    "deal with an empty hand": lambda: edit(with_deal(), lambda d: d["deal"]["hands"][0].clear()),
    "deal not an object": lambda: edit(with_deal(), set_("deal", ["AS"])),
    "deal without hands": lambda: edit(with_deal(), lambda d: d["deal"].pop("hands")),
    "deal hands not lists": lambda: edit(with_deal(), lambda d: d["deal"].__setitem__(
        "hands", [5, 6])),
    "deep nesting": lambda: "[" * 100000 + "]" * 100000,
    "players = 9 with max_players 9": lambda: edit(valid(), lambda d: (
        d.__setitem__("players", 9), d["options"].__setitem__("max_players", 9))),
    # Regression (found by this suite): json.loads raises a plain ValueError (not
    # JSONDecodeError) for an
    # integer of more than 4,300 digits, and load() lets it escape.
    "a number too long to read": lambda: edit(valid(), set_("seed", 0)).replace(
        '"seed": 0', '"seed": ' + "9" * 5000),
    "version true": lambda: edit(valid(), set_("version", True)),
    "version 1.0": lambda: edit(valid(), set_("version", 1.0)),
    "dealt as text": lambda: edit(valid(), set_("dealt", "yes")),
    "dealt mid-hand": lambda: edit(valid(), set_("dealt", True)),
    "players huge": lambda: edit(valid(), set_("players", 10**30)),
    "first_seat huge": lambda: edit(valid(), set_("first_seat", 10**30)),
    "preset a number": lambda: edit(valid(), set_("preset", 3)),
    "option enum as a list": lambda: edit(valid(), set_("options", {"pile_take": [1]})),
    "option 10**400": lambda: edit(valid(), set_("options", {"wild_queen_of_spades_value": 0}))
    .replace('"wild_queen_of_spades_value": 0', '"wild_queen_of_spades_value": 1' + "0" * 400),
    "match bonus of 4,300 digits": lambda: edit(valid(), set_("options", {"match_bonus": 0}))
    .replace('"match_bonus": 0', '"match_bonus": ' + "9" * 4300),
    "option past its bounds": lambda: edit(valid(), set_("options", {"target": 10**7})),
    "negative bonus": lambda: edit(valid(), set_("options", {"match_bonus": -5})),
    "action with odd spaces": lambda: edit(valid(), set_("actions", ["draw", "discard\u00a09C"])),
    "a huge action": lambda: edit(valid(), set_("actions", ["discard " + "9" * 10**6])),
}

PYTHON_WORDS = ("Traceback", "sys.", "int()", "unhashable", "unsupported operand", "BOM",
                "utf-8-sig", "Expecting", "object has no attribute", "NoneType", "Exceeds the")
"""Phrases of Python's own messages: none may reach a player."""


def assert_plain_message(message: str) -> None:
    assert message and (message[0].isalpha() or message[0] == "'"), message
    assert len(message) < 400, f"a {len(message)}-character message"
    assert not any(w in message for w in PYTHON_WORDS), message


@pytest.mark.parametrize("name", list(CORRUPT))
def test_corrupted_save_is_refused_with_a_clear_message(name):
    text = CORRUPT[name]()
    try:
        save.load(text)
    except SaveError as e:
        message = str(e)
        assert len(message) > 10
        assert_plain_message(message)
    except Exception as e:  # noqa: BLE001 - the point of the test
        pytest.fail(f"{name}: {type(e).__name__} escaped instead of SaveError: {e}"[:500])
    else:
        pytest.fail(f"{name}: the corrupted save was accepted")


# ----------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["AS", "QS", "2C", "10H", "draw", "digital",
                                             "reshuffle_once", "turn_over", "blocked"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=6)

OPTION_NAMES = list(DIGITAL.to_json())


def paths(node, prefix=()):
    """Every place in a JSON tree, as key paths."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def mutate_value(data, draw):
    all_paths = list(paths(data))
    path = draw(st.sampled_from(all_paths))
    if not path:
        return draw(json_values)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    how = draw(st.sampled_from(["replace", "delete", "insert", "option"]))
    if how == "option":
        if not isinstance(data, dict):
            return data
        data.setdefault("options", {})
        if isinstance(data["options"], dict):
            data["options"][draw(st.sampled_from(OPTION_NAMES))] = draw(json_values)
        return data
    if how == "delete":
        del parent[path[-1]]
    elif how == "insert" and isinstance(parent, list):
        parent.insert(path[-1], draw(json_values))
    elif how == "insert" and isinstance(parent, dict):
        parent[draw(st.text(max_size=8))] = draw(json_values)
    else:
        parent[path[-1]] = draw(json_values)
    return data


def assert_save_error_or_success(text):
    try:
        game = save.load(text)
    except SaveError as e:
        assert_plain_message(str(e))
    else:
        assert game.state.snapshot() == save.load(game.dumps()).state.snapshot()


BASES = [played(length=60).to_json(), played(5, 2, 5, length=30).to_json(), with_deal()]


@prop_settings(150)
@given(base=st.sampled_from(range(len(BASES))), data=st.data())
def test_mutated_save_values_give_save_error_or_a_game(base, data):
    doc = copy.deepcopy(BASES[base])
    for _ in range(data.draw(st.integers(1, 4))):
        doc = mutate_value(doc, data.draw)
    assert_save_error_or_success(json.dumps(doc))


@prop_settings(150)
@given(base=st.sampled_from(range(len(BASES))), data=st.data())
def test_mutated_save_text_gives_save_error_or_a_game(base, data):
    text = json.dumps(BASES[base])
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.sampled_from(['"', ",", "]", "}", "{", "[", "0", "9", "-", "1e9",
                                           " ", "null", "true", "\\", "A", "S", "x"])
                          | st.text(max_size=3))
        if how == "insert":
            text = text[:i] + piece + text[i:]
        elif how == "delete":
            text = text[:i] + text[i + len(piece):]
        else:
            text = text[:i] + piece + text[i + len(piece):]
    assert_save_error_or_success(text)


def test_a_byte_order_mark_before_the_save_is_allowed():
    """Some editors start a UTF-8 file with a byte-order mark; the save still loads."""
    text = json.dumps(valid())
    assert save.load("\ufeff" + text).state.snapshot() == save.load(text).state.snapshot()


def test_bad_json_is_located_in_the_game_words():
    with pytest.raises(SaveError, match=r"not valid JSON \(line 2, column 1\)"):
        save.load('{"format": "arlington-save",\n}')
