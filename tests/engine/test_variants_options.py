"""rules.md §2: the rule options themselves. Every field is labelled and explained, the presets
are the combinations of the options table, they round-trip through JSON, out-of-range values are
refused, and each preset allows exactly its player counts and deals its deck (104 + jokers)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules import options as opts_mod
from game.rules.cards import JOKER, deck
from game.rules.deal import Deal
from game.rules.options import (
    BOOK,
    CLASSIC,
    DIGITAL,
    INFO,
    PRESETS,
    Opener,
    PileTake,
    RuleOptions,
    StockOut,
    describe,
    preset,
)
from game.rules.save import Setup
from game.rules.state import State

PRESET_NAMES = sorted(PRESETS)
FIELDS = list(RuleOptions._fields)


# ----------------------------------------------------------------- labels and explanations

def test_every_option_field_has_a_label_and_an_explanation():
    assert list(INFO) == FIELDS
    for name in FIELDS:
        label, explain = INFO[name].label, INFO[name].explain
        assert isinstance(label, str) and label.strip(), f"{name} has no label"
        assert isinstance(explain, str) and len(explain.strip()) > 10, \
            f"{name} has no explanation"
        assert explain.rstrip().endswith((".", ")")), f"{name}: explanation is not a sentence"


def test_labels_are_distinct():
    labels = [INFO[name].label for name in FIELDS]
    assert len(set(labels)) == len(labels)


def test_the_documented_fields_all_exist():
    documented = {"min_players", "max_players", "jokers", "run_max", "wilds_in_new_runs",
                  "meld_slots", "pile_take", "easy_pile", "stock_out", "opener",
                  "upcard_offer", "go_out_by_melding", "wild_queen_of_spades_value",
                  "one_turn_out_bonus", "match_bonus", "settlement_rounding", "target",
                  "hand_limit"}
    assert documented <= set(FIELDS), documented - set(FIELDS)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_describe_lists_every_option_with_its_value(name):
    o = PRESETS[name]
    rows = describe(o)
    assert len(rows) == len(FIELDS)
    for (label, explain, value), name in zip(rows, FIELDS):
        assert label == INFO[name].label
        assert explain == INFO[name].explain
        assert value == getattr(o, name)


# ----------------------------------------------------------------- presets

def test_digital_is_the_default_rule_set():
    assert DIGITAL == RuleOptions()
    assert preset("digital") is DIGITAL


def test_preset_values_digital():
    o = DIGITAL
    assert (o.min_players, o.max_players) == (2, 8)
    assert o.jokers == 0
    assert o.run_max == 4
    assert o.wilds_in_new_runs is False
    assert o.meld_slots == 6
    assert o.pile_take is PileTake.NEW_SET
    assert o.easy_pile is False
    assert o.stock_out is StockOut.RESHUFFLE_ONCE
    assert o.opener is Opener.MATCH_SEAT
    assert o.upcard_offer is False
    assert o.go_out_by_melding is True
    assert o.wild_queen_of_spades_value == 50
    assert o.one_turn_out_bonus == 0
    assert o.match_bonus == 0
    assert o.settlement_rounding is False
    assert o.target == 1000
    assert o.hand_limit == 100


def test_preset_values_classic():
    o = CLASSIC
    assert (o.min_players, o.max_players) == (2, 8)
    assert o.jokers == 0
    assert o.run_max is None
    assert o.wilds_in_new_runs is True
    assert o.meld_slots is None
    assert o.pile_take is PileTake.NEW_MELD
    assert o.easy_pile is False, "easier pile pickups is off in every preset"
    assert o.stock_out is StockOut.TURN_OVER
    assert o.opener is Opener.DEAL_PASSES_LEFT
    assert o.upcard_offer is False
    assert o.go_out_by_melding is True
    assert o.wild_queen_of_spades_value == 50
    assert o.one_turn_out_bonus == 0
    assert o.match_bonus == 0
    assert o.settlement_rounding is False
    assert o.target == 1000


def test_preset_values_book():
    o = BOOK
    assert (o.min_players, o.max_players) == (2, 4)
    assert o.jokers == 0, "book: 0 or 1 joker, player's choice (0 by default)"
    assert o.run_max is None
    assert o.wilds_in_new_runs is True
    assert o.meld_slots is None
    assert o.pile_take is PileTake.USE_TOP
    assert o.easy_pile is False
    assert o.stock_out is StockOut.BLOCKED
    assert o.opener is Opener.WINNER_DEALS
    assert o.upcard_offer is True
    assert o.go_out_by_melding is False
    assert o.wild_queen_of_spades_value == 10
    assert o.one_turn_out_bonus == 250
    assert o.match_bonus == 200
    assert o.settlement_rounding is True
    assert o.target == 1000


def test_unknown_preset_names_the_ones_that_exist():
    with pytest.raises(ValueError) as info:
        preset("vegas")
    for name in PRESET_NAMES:
        assert name in str(info.value)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_options_json_round_trip(name):
    o = PRESETS[name]
    assert RuleOptions.from_json(o.to_json()) == o


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_options_json_round_trip_with_a_joker(name):
    o = PRESETS[name].with_changes(jokers=1, easy_pile=True)
    data = o.to_json()
    assert data["jokers"] == 1 and data["easy_pile"] is True
    assert RuleOptions.from_json(data) == o


def test_options_json_uses_plain_values():
    data = BOOK.to_json()
    assert data["pile_take"] == "use_top"
    assert data["stock_out"] == "blocked"
    assert data["opener"] == "winner_deals"
    assert data["run_max"] is None and data["meld_slots"] is None
    assert set(data) == set(FIELDS)


@pytest.mark.parametrize("bad", [
    {"jokers": 3}, {"jokers": -1}, {"min_players": 1}, {"max_players": 9},
    {"min_players": 5, "max_players": 4}, {"run_max": 2}, {"meld_slots": 0},
    {"target": 0}, {"hand_limit": 0}, {"pile_take": "anything"}, {"stock_out": "never"},
    {"opener": 3}, {"jokers": "1"}, {"easy_pile": 1}, {"no_such_option": True},
    {"target": None, "hand_limit": None},
])
def test_out_of_range_options_are_refused(bad):
    with pytest.raises(ValueError):
        RuleOptions.from_json(bad)


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        DIGITAL.jokers = 1  # type: ignore[misc]


def test_with_changes_keeps_the_rest():
    o = BOOK.with_changes(jokers=1)
    assert o.jokers == 1
    assert o.with_changes(jokers=0) == BOOK
    assert BOOK.jokers == 0


# ----------------------------------------------------------------- players per preset

@pytest.mark.parametrize("name", ["digital", "classic"])
@pytest.mark.parametrize("n", range(2, 9))
def test_players_2_to_8_digital_and_classic(name, n):
    s = State(PRESETS[name], n, 3)
    assert len(s.hands) == n
    assert all(len(h) == (12 if n == 8 else 13) for h in s.hands)


@pytest.mark.parametrize("name", ["digital", "classic"])
@pytest.mark.parametrize("n", [0, 1, 9])
def test_players_outside_2_to_8_refused_digital_and_classic(name, n):
    with pytest.raises(ValueError, match="2 to 8 players"):
        State(PRESETS[name], n, 3)


@pytest.mark.parametrize("n", range(2, 5))
def test_players_2_to_4_book(n):
    s = State(BOOK, n, 3)
    assert len(s.hands) == n
    assert all(len(h) == 13 for h in s.hands)


@pytest.mark.parametrize("n", [1, 5, 6, 8])
def test_players_outside_2_to_4_refused_book(n):
    with pytest.raises(ValueError) as info:
        State(BOOK, n, 3)
    assert "2 to 4 players" in str(info.value) and str(n) in str(info.value)


def test_book_five_players_refused_by_the_save_setup_too():
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        Setup(BOOK, 5, 1).start()


# ----------------------------------------------------------------- decks per joker count

@pytest.mark.parametrize("jokers,size", [(0, 104), (1, 105), (2, 106)])
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_deck_size_with_jokers(name, jokers, size):
    o = PRESETS[name].with_changes(jokers=jokers)
    assert len(deck(jokers)) == size
    assert Counter(deck(jokers))[JOKER] == jokers
    s = State(o, 4, 11)
    dealt = sum(map(len, s.hands)) + len(s.stock) + len(s.pile)
    assert dealt == size
    everything = Counter(c for h in s.hands for c in h) + Counter(s.stock) + Counter(s.pile)
    assert everything == Counter(deck(jokers))


def test_a_deal_must_match_the_joker_count():
    one = DIGITAL.with_changes(jokers=1)
    deal = Deal.shuffled(DIGITAL, 2, 5, 0)  # 104 cards, no joker
    assert "missing JK" in deal.problem(one, 2)
    with pytest.raises(ValueError, match="missing JK"):
        State(one, 2, 5, deal=deal)
    assert "too many JK" in Deal.shuffled(one, 2, 5, 0).problem(DIGITAL, 2)


def test_options_module_exports_the_presets_by_name():
    assert set(opts_mod.PRESETS) == {"digital", "classic", "book", "seven"}
    assert opts_mod.PRESETS["classic"] is CLASSIC and opts_mod.PRESETS["book"] is BOOK
