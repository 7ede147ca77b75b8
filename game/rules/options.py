"""Rule options: every way the source texts differ, as one frozen object.

Code asks the options what to do; it never asks which preset is on. ``PRESETS`` names the four
combinations from ``rules.md`` (``digital`` is the default). ``INFO`` gives each field a short
label, a one-sentence explanation and, for numbers, its bounds, so the setup screen, the in-game
rules and the docs show the same words (see ``describe``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from .text import show


class PileTake(enum.Enum):
    """What a player must do with the top discard to take the whole pile."""

    NEW_SET = "new_set"
    """Top card plus exactly two cards from hand form a new set, laid at once."""
    NEW_MELD = "new_meld"
    """Top card plus at least two cards from hand form a new set or run, laid at once."""
    USE_TOP = "use_top"
    """Top card goes at once into a new meld, onto one of your melds, or swaps your joker."""


class StockOut(enum.Enum):
    """What happens when a player must draw from an empty stock."""

    RESHUFFLE_ONCE = "reshuffle_once"
    """The pile is shuffled into a new stock once; the second time the hand ends."""
    TURN_OVER = "turn_over"
    """The pile (less its top card) is turned over as the new stock, at most three times."""
    BLOCKED = "blocked"
    """The hand ends when the player who drew the last stock card discards without going out."""


class Opener(enum.Enum):
    """Who plays first in each hand of a match."""

    MATCH_SEAT = "match_seat"
    """The match's first seat opens every hand."""
    DEAL_PASSES_LEFT = "deal_passes_left"
    """The player left of the dealer opens; the deal passes left each hand."""
    WINNER_DEALS = "winner_deals"
    """The player left of the dealer opens; the first dealer is drawn by lot, then the
    winner of the previous hand deals."""
    IN_TURN = "in_turn"
    """The match's first seat opens the first hand, the next seat the second, and so on."""


class Discards(enum.Enum):
    """Where a discarded card goes."""

    PILE = "pile"
    """Onto the discard pile, dealt with an upcard; the next player may take the pile."""
    OFFERED = "offered"
    """No upcard and no pile: the discard is offered to each other player in turn from the
    discarder's left; the first who takes it puts it in hand (not a turn); if all pass it is
    out of play for the rest of the hand."""


class CardValues(enum.Enum):
    """Which table of card values scores a hand."""

    OKLAHOMA = "oklahoma"
    """Ace 20, 8 to K 10, 3 to 7 5; the queen of spades 50 (-100 in hand); a joker 100
    (-200); a 2 in hand -20; a wild counts the card it stands for."""
    SEVEN_HAND = "seven_hand"
    """Ace 15, 10 to K 10, 3 to 9 5, the same in hand (negative); a joker 50 (-100); a 2 used
    as a wild 25, a natural 2 in its run place 5, either in hand -50."""


class OptionInfo(NamedTuple):
    """What the setup screen, the in-game rules and the docs say about one option."""

    label: str
    explain: str
    bounds: tuple[int, int] | None = None
    """For an integer option, the smallest and largest values allowed (inclusive)."""


class _Fields(NamedTuple):
    min_players: int = 2
    max_players: int = 8
    jokers: int = 0
    run_max: int | None = 4
    wilds_in_new_runs: bool = False
    meld_slots: int | None = 6
    pile_take: PileTake = PileTake.NEW_SET
    easy_pile: bool = False
    stock_out: StockOut = StockOut.RESHUFFLE_ONCE
    opener: Opener = Opener.MATCH_SEAT
    upcard_offer: bool = False
    go_out_by_melding: bool = True
    wild_queen_of_spades_value: int = 50
    one_turn_out_bonus: int = 0
    match_bonus: int = 0
    settlement_rounding: bool = False
    target: int | None = 1000
    hand_limit: int | None = 100
    discards: Discards = Discards.PILE
    card_values: CardValues = CardValues.OKLAHOMA
    queen_of_spades_rules: bool = True
    twos_melds: bool = True
    set_naturals: int = 1
    going_out_bonus: tuple[int, ...] = (100,)
    partnerships: bool = False


INFO: Mapping[str, OptionInfo] = MappingProxyType({
    "min_players": OptionInfo("Fewest players", "The smallest table these rules allow.", (2, 8)),
    "max_players": OptionInfo("Most players", "The largest table these rules allow.", (2, 8)),
    "jokers": OptionInfo("Jokers", "Jokers added to the two decks; each is a wild (worth 100 "
                         "melded and -200 in hand in the Oklahoma card values).", (0, 2)),
    "run_max": OptionInfo("Longest run", "The most cards a run may hold (None: as long as the "
                          "suit allows).", (3, 13)),
    "wilds_in_new_runs": OptionInfo("Wilds in new runs", "Whether a new run may include wilds "
                                    "(it still needs at least two naturals); if not, a wild can "
                                    "only be added to a run later."),
    "meld_slots": OptionInfo("Melds per player", "The most melds one player may have on the "
                             "table in a hand (None: unlimited).", (1, 36)),
    "pile_take": OptionInfo("Taking the pile", "What you must do with the top discard to take "
                            "the whole pile."),
    "easy_pile": OptionInfo("Easier pile pickups", "Take the pile whenever the top card can be "
                            "melded at once, even with one card from hand or laid off on your "
                            "own meld."),
    "stock_out": OptionInfo("When the stock runs out", "How the hand goes on, or ends, once the "
                            "stock is empty."),
    "opener": OptionInfo("Who opens a hand", "Which seat plays first in each hand."),
    "upcard_offer": OptionInfo("First upcard offered", "The first upcard is offered to each "
                               "player in turn; whoever takes it opens the hand."),
    "go_out_by_melding": OptionInfo("Going out by melding", "Whether you may go out by melding "
                                    "every card, not only by discarding your last one."),
    "wild_queen_of_spades_value": OptionInfo("2 as queen of spades", "What a wild standing for "
                                             "the queen of spades in a run scores melded.",
                                             (0, 1000)),
    "one_turn_out_bonus": OptionInfo("One-turn going out", "Bonus for going out in one turn "
                                     "with no meld laid before (not on your first turn).",
                                     (0, 10_000)),
    "match_bonus": OptionInfo("Match winner bonus", "Points added to the match winner.",
                              (0, 10_000)),
    "settlement_rounding": OptionInfo("Settle in hundreds", "The final sheet shows every total "
                                      "rounded to the nearest hundred for settling up."),
    "target": OptionInfo("Match target", "The match ends after the hand in which someone "
                         "reaches this total (None: only the hand limit ends it).",
                         (1, 1_000_000)),
    "hand_limit": OptionInfo("Hand limit", "The match also ends after this many hands, highest "
                             "total winning, so a table that never reaches the target still "
                             "finishes (None: no limit).", (1, 1000)),
    "discards": OptionInfo("Discards", "Whether discards go on a pile the next player may "
                           "take, or each is offered to the other players in turn."),
    "card_values": OptionInfo("Card values", "Which table of card values scores the melds "
                              "and the cards left in hand."),
    "queen_of_spades_rules": OptionInfo("Queen of spades rules", "The queen of spades may "
                                        "be discarded only as your last card or when you "
                                        "hold nothing else, and a 2 may stand for it in a "
                                        "run only as the run's only wild."),
    "twos_melds": OptionInfo("Melds of 2s", "Whether three or four 2s alone may be laid as a "
                             "meld."),
    "set_naturals": OptionInfo("Naturals in a set", "The fewest natural cards a new set "
                               "holds; the rest may be wilds.", (1, 2)),
    "going_out_bonus": OptionInfo("Going-out bonus", "Points for going out in hands 1, 2, 3 "
                                  "and so on; the last one given holds for every later hand.",
                                  (0, 10_000)),
    "partnerships": OptionInfo("Partnerships", "With four players, seats 1 and 3 play "
                               "against seats 2 and 4; partners' scores are added and the "
                               "higher team total wins."),
})
"""Label, explanation and bounds of every option, in declaration order."""

_SCHEDULE_MAX = 1000
"""The most steps a bonus schedule may have (as many as the longest match has hands)."""

_OPTIONAL = frozenset(("run_max", "meld_slots", "hand_limit", "target"))
"""Options that may be None (no limit)."""


class RuleOptions(_Fields):
    """One complete rule set. Immutable in fact (a tuple): a match's rules never change under
    it, and no code handed a match's options, an agent included, can change them or a preset.
    Every value is checked when the options are made (``ValueError`` says which and why)."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls, *args, **kwargs)
        if reason := self._problem():
            raise ValueError(reason)
        return self

    def _problem(self) -> str | None:
        defaults = _Fields._field_defaults
        for name, value in zip(self._fields, self):
            default = defaults[name]
            if value is None and name in _OPTIONAL:
                continue
            if type(value) is not type(default):
                return f"rule option {name!r} cannot be {show(value)}"
            bounds = INFO[name].bounds
            if bounds is None:
                continue
            numbers = value if type(value) is tuple else (value,)
            if type(value) is tuple and not 1 <= len(value) <= _SCHEDULE_MAX:
                return f"rule option {name!r} needs 1 to {_SCHEDULE_MAX} numbers"
            for number in numbers:
                if type(number) is not int:
                    return f"rule option {name!r} cannot hold {show(number)}"
                if not bounds[0] <= number <= bounds[1]:
                    return (f"rule option {name!r} must be {bounds[0]} to {bounds[1]}"
                            + (" (or None)" if name in _OPTIONAL else "")
                            + f", not {show(number)}")
        if self.min_players > self.max_players:
            return "players must be between 2 and 8, fewest first"
        if self.target is None and self.hand_limit is None:
            return "a match needs a target or a hand limit to end"
        return None

    def bonus(self, hand_no: int) -> int:
        """The going-out bonus of hand ``hand_no`` (0-based): its place in the schedule, or
        the schedule's last step for every later hand."""
        schedule = self.going_out_bonus
        return schedule[min(hand_no, len(schedule) - 1)]

    def _replace(self, **changes) -> RuleOptions:
        return type(self)(**(self._asdict() | changes))

    def with_changes(self, **changes) -> RuleOptions:
        """A copy with some options changed (checked like new options)."""
        return self._replace(**changes)

    def to_json(self) -> dict:
        """Plain JSON form (enums by value)."""
        return {name: (v.value if isinstance(v, enum.Enum) else list(v) if type(v) is tuple
                       else v)
                for name, v in zip(self._fields, self)}

    @classmethod
    def from_json(cls, data: dict) -> RuleOptions:
        """Parse the JSON form (missing fields keep their default). Unknown, ill-typed or
        out-of-range values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("rule options must be a JSON object")
        values: dict[str, object] = {}
        for name, raw in data.items():
            if name not in _Fields._field_defaults:
                raise ValueError(f"unknown rule option {show(name)}")
            default = _Fields._field_defaults[name]
            if isinstance(default, enum.Enum):
                try:
                    values[name] = type(default)(raw)
                except (ValueError, TypeError):
                    raise ValueError(f"rule option {name!r} cannot be {show(raw)}"
                                     ) from None
            elif isinstance(default, tuple) and isinstance(raw, list):
                values[name] = tuple(raw)
            else:
                values[name] = raw
        return cls(**values)


def describe(options: RuleOptions) -> list[tuple[str, str, object]]:
    """(label, explanation, value) for every option, in declaration order."""
    return [(INFO[name].label, INFO[name].explain, value)
            for name, value in zip(options._fields, options)]


DIGITAL = RuleOptions()
CLASSIC = RuleOptions(
    run_max=None, wilds_in_new_runs=True, meld_slots=None, pile_take=PileTake.NEW_MELD,
    stock_out=StockOut.TURN_OVER, opener=Opener.DEAL_PASSES_LEFT)
BOOK = RuleOptions(
    max_players=4, run_max=None, wilds_in_new_runs=True, meld_slots=None,
    pile_take=PileTake.USE_TOP, stock_out=StockOut.BLOCKED, opener=Opener.WINNER_DEALS,
    upcard_offer=True, go_out_by_melding=False, wild_queen_of_spades_value=10,
    one_turn_out_bonus=250, match_bonus=200, settlement_rounding=True)
SEVEN = RuleOptions(
    max_players=4, jokers=1, run_max=None, wilds_in_new_runs=True, meld_slots=None,
    stock_out=StockOut.BLOCKED, opener=Opener.IN_TURN, target=None, hand_limit=7,
    discards=Discards.OFFERED, card_values=CardValues.SEVEN_HAND, queen_of_spades_rules=False,
    twos_melds=False, set_naturals=2, going_out_bonus=(100, 100, 100, 200, 300, 400, 500))
PRESETS: Mapping[str, RuleOptions] = MappingProxyType(
    {"digital": DIGITAL, "classic": CLASSIC, "book": BOOK, "seven": SEVEN})


def preset(name: str) -> RuleOptions:
    """Options of a named preset; ValueError names the ones that exist."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None
