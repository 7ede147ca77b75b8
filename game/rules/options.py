"""Rule options: every way the source texts differ, as one frozen object.

Code asks the options what to do; it never asks which preset is on. ``PRESETS`` names the three
combinations from ``rules.md`` (``digital`` is the default). Each field carries a short label and
a one-sentence explanation in its metadata so the setup screen, the in-game rules and the docs
show the same words (see ``describe``).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field


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


def _opt(default, label: str, explain: str):
    return field(default=default, metadata={"label": label, "explain": explain})


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """One complete rule set. Frozen: a match's rules never change under it."""

    min_players: int = _opt(2, "Fewest players", "The smallest table these rules allow.")
    max_players: int = _opt(8, "Most players", "The largest table these rules allow.")
    jokers: int = _opt(0, "Jokers", "Jokers added to the two decks; each is a wild worth 100 "
                       "melded and -200 in hand.")
    run_max: int | None = _opt(4, "Longest run", "The most cards a run may hold (None: as long "
                               "as the suit allows).")
    wilds_in_new_runs: bool = _opt(False, "Wilds in new runs", "Whether a new run may include "
                                   "wilds (it still needs at least two naturals); if not, a "
                                   "wild can only be added to a run later.")
    meld_slots: int | None = _opt(6, "Melds per player", "The most melds one player may have "
                                  "on the table in a hand (None: unlimited).")
    pile_take: PileTake = _opt(PileTake.NEW_SET, "Taking the pile", "What you must do with the "
                               "top discard to take the whole pile.")
    easy_pile: bool = _opt(False, "Easier pile pickups", "Take the pile whenever the top card "
                           "can be melded at once, even with one card from hand or laid off on "
                           "your own meld.")
    stock_out: StockOut = _opt(StockOut.RESHUFFLE_ONCE, "When the stock runs out", "How the "
                               "hand goes on, or ends, once the stock is empty.")
    opener: Opener = _opt(Opener.MATCH_SEAT, "Who opens a hand", "Which seat plays first in "
                          "each hand.")
    upcard_offer: bool = _opt(False, "First upcard offered", "The first upcard is offered to "
                              "each player in turn; whoever takes it opens the hand.")
    go_out_by_melding: bool = _opt(True, "Going out by melding", "Whether you may go out by "
                                   "melding every card, not only by discarding your last one.")
    wild_queen_of_spades_value: int = _opt(50, "2 as queen of spades", "What a wild standing "
                                           "for the queen of spades in a run scores melded.")
    one_turn_out_bonus: int = _opt(0, "One-turn going out", "Bonus for going out in one turn "
                                   "with no meld laid before (not on your first turn).")
    match_bonus: int = _opt(0, "Match winner bonus", "Points added to the match winner.")
    settlement_rounding: bool = _opt(False, "Settle in hundreds", "The final sheet shows every "
                                     "total rounded to the nearest hundred for settling up.")
    target: int = _opt(1000, "Match target", "The match ends after the hand in which someone "
                       "reaches this total.")
    hand_limit: int | None = _opt(100, "Hand limit", "The match also ends after this many "
                                  "hands, highest total winning, so a table that never reaches "
                                  "the target still finishes (None: no limit).")

    def with_changes(self, **changes) -> RuleOptions:
        """A copy with some options changed."""
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict:
        """Plain JSON form (enums by value)."""
        return {f.name: (v.value if isinstance(v := getattr(self, f.name), enum.Enum) else v)
                for f in dataclasses.fields(self)}

    def __post_init__(self):
        if not 2 <= self.min_players <= self.max_players <= 8:
            raise ValueError("players must be between 2 and 8, fewest first")
        if not 0 <= self.jokers <= 2:
            raise ValueError("jokers must be 0, 1 or 2")
        for name, least in (("run_max", 3), ("meld_slots", 1), ("hand_limit", 1)):
            value = getattr(self, name)
            if value is not None and value < least:
                raise ValueError(f"{name} must be at least {least} (or None)")
        if self.target < 1:
            raise ValueError("the match target must be positive")

    @classmethod
    def from_json(cls, data: dict) -> RuleOptions:
        """Parse the JSON form (missing fields keep their default). Unknown, ill-typed or
        out-of-range values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("rule options must be a JSON object")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        defaults = cls()
        values = {}
        for name, raw in data.items():
            if name not in fields:
                raise ValueError(f"unknown rule option {name!r}")
            default = getattr(defaults, name)
            if isinstance(default, enum.Enum):
                try:
                    values[name] = type(default)(raw)
                except ValueError:
                    raise ValueError(f"rule option {name!r} cannot be {raw!r}") from None
            elif type(raw) is type(default) or (raw is None and "None" in fields[name].type):
                values[name] = raw
            else:
                raise ValueError(f"rule option {name!r} cannot be {raw!r}")
        return cls(**values)


def describe(options: RuleOptions) -> list[tuple[str, str, object]]:
    """(label, explanation, value) for every option, in declaration order."""
    return [(f.metadata["label"], f.metadata["explain"], getattr(options, f.name))
            for f in dataclasses.fields(options)]


DIGITAL = RuleOptions()
CLASSIC = RuleOptions(
    run_max=None, wilds_in_new_runs=True, meld_slots=None, pile_take=PileTake.NEW_MELD,
    stock_out=StockOut.TURN_OVER, opener=Opener.DEAL_PASSES_LEFT)
BOOK = RuleOptions(
    max_players=4, run_max=None, wilds_in_new_runs=True, meld_slots=None,
    pile_take=PileTake.USE_TOP, stock_out=StockOut.BLOCKED, opener=Opener.WINNER_DEALS,
    upcard_offer=True, go_out_by_melding=False, wild_queen_of_spades_value=10,
    one_turn_out_bonus=250, match_bonus=200, settlement_rounding=True)
PRESETS = {"digital": DIGITAL, "classic": CLASSIC, "book": BOOK}


def preset(name: str) -> RuleOptions:
    """Options of a named preset; ValueError names the ones that exist."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None
