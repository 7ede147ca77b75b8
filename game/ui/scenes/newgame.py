"""The new-game screen: who sits where, which rules, and the deal.

Every rule option that can matter under the others is offered with the engine's own label
and explanation (``RuleOptions`` field metadata); a preset fills them all in, and any change
after that is shown as a change of that preset. Every preset is offered, seven-hand Arlington
with its partnerships at four players too; Start opens only what the table plays
(``ui.presets``). The choices live in ``NewGameState``, a frozen value the
scene replaces, so what a tap does is a pure function tested without drawing.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from dataclasses import dataclass

import pygame

from ...rules.options import INFO, PRESETS, CardValues, Discards, RuleOptions
from ...rules.save import Setup
from ...services.seats import LEVELS, Seat
from ..presets import (
    NEW_GAME_PRESETS,
    PRESET_NAMES,
    PRESET_NOTES,
    TABLE_PRESETS,
)
from .page import BUTTON, CHOICE, STEPPER, TOGGLE, Field, FooterButton, Heading, PageScene, Text
from .rules_text import value_text

PERSON = "person"
SEAT_KINDS = (*LEVELS, PERSON)
SEAT_NAMES = {"easy": "Computer: easy", "medium": "Computer: medium",
              "hard": "Computer: hard", PERSON: "Person (pass the tablet)"}

OPTION_VALUES = {
    "jokers": (0, 1, 2),
    "run_max": (3, 4, 5, 6, None),
    "meld_slots": (3, 4, 5, 6, 8, 10, None),
    "wild_queen_of_spades_value": (10, 50),
    "one_turn_out_bonus": (0, 100, 250),
    "match_bonus": (0, 100, 200),
    "target": (500, 1000, 1500, 2000, 3000, None),
    "hand_limit": (10, 25, 50, 100, None),
}
"""The values offered for the options that are numbers (an enum offers all its members, a
yes/no option is a toggle). A value a preset uses is always among them (no target: the seven
hands alone end the match)."""

HIDDEN = ("min_players", "max_players", "discards", "card_values", "queen_of_spades_rules",
          "twos_melds", "set_naturals", "going_out_bonus")
"""Limits of the table, shown with the player count rather than as controls of their own;
and the options that make seven-hand Arlington another game rather than a variant (where
discards go, its card values, its bonus steps, its melds), which come with its preset and
are described under it."""

PARTNERS = 4
"""Partnerships are for exactly this many players (seats 1 and 3 against 2 and 4)."""
PARTNERS_ONLY_FOUR = "Partnerships are for four players: seats 1 and 3 against seats 2 and 4"
PARTNERS_OFF = "Partnerships need four players, so they are off"


def shown_options(options: RuleOptions, players: int) -> tuple[str, ...]:
    """The options offered as controls, in the engine's order: every one but ``HIDDEN``, the
    partnerships only at four players of the seven-hand game (the only one whose rules have
    teams), and none that cannot matter under the rest (the pile's
    rules and the first upcard where there is no pile, what a 2 standing for the queen of
    spades scores where the card values give every wild its own)."""
    moot = set(HIDDEN)
    if players != PARTNERS or options.discards is not Discards.OFFERED:
        moot.add("partnerships")
    if options.discards is Discards.OFFERED:
        moot.update(("pile_take", "easy_pile", "upcard_offer"))
    if options.card_values is not CardValues.OKLAHOMA:
        moot.add("wild_queen_of_spades_value")
    return tuple(name for name in INFO if name not in moot)

MAX_SEED = 999_999
SEED_DIGITS = len(str(MAX_SEED))
"""Digits a seed typed here may have (a deal code may bring a longer one; every seed either
way is one of ``seeds.SEEDS``, which the deal code scene and ``Setup`` check)."""


def typed_seed(seed: int | None, text: str) -> tuple[int | None, str]:
    """The seed after typing ``text`` (one key, or a paste) into the seed field, and what to
    tell the player: digits are added as long as the seed keeps at most ``SEED_DIGITS`` of
    them, and anything else is refused whole (the seed stays as it was) with the reason."""
    digits = "" if seed is None else str(seed)
    if not (text.isascii() and text.isdigit()):
        bad = next(c for c in text if not (c.isascii() and c.isdigit()))
        shown = repr(bad) if bad.isprintable() else "that key"
        return seed, f"A seed is typed with the digits 0 to 9; {shown} is not one of them"
    if len((digits + text).lstrip("0") or "0") > SEED_DIGITS:
        return seed, f"A seed typed here has at most {SEED_DIGITS} digits"
    return int(digits + text), ""


def erased_seed(seed: int | None) -> int | None:
    """The seed after Backspace: its last digit gone; None (a random deal) once no digit is
    left."""
    digits = "" if seed is None else str(seed)[:-1]
    return int(digits) if digits else None


def option_values(name: str, current) -> tuple:
    """The values offered for option ``name`` (the current one always among them)."""
    default = getattr(RuleOptions(), name)
    if isinstance(default, enum.Enum):
        return tuple(type(default))
    values = OPTION_VALUES[name]
    return values if current in values else tuple(sorted(
        (v for v in (*values, current) if v is not None))) + ((None,) if None in values else ())


@dataclass(frozen=True, slots=True)
class NewGameState:
    """Everything chosen on the screen so far."""

    players: int = 2
    seats: tuple[str, ...] = ("medium",) * 7
    """What sits in seats 2..8: a computer level or PERSON (seat 1 is always a person)."""
    preset: str = "digital"
    options: RuleOptions = PRESETS["digital"]
    seed: int | None = None

    @classmethod
    def from_settings(cls, settings) -> NewGameState:
        preset = settings.preset if settings.preset in TABLE_PRESETS else "digital"
        options = PRESETS[preset]
        players = max(options.min_players, min(options.max_players, settings.players))
        level = settings.level if settings.level in LEVELS else "medium"
        return cls(players, (level,) * 7, preset, options)

    @property
    def changed(self) -> bool:
        """Whether the options differ from the preset's."""
        return self.options != PRESETS[self.preset]

    def with_players(self, n: int) -> NewGameState:
        """``n`` players, within the rules' limits; partnerships go off away from four."""
        o = self.options
        players = max(o.min_players, min(o.max_players, n))
        if o.partnerships and players != PARTNERS:
            o = o.with_changes(partnerships=False)
        return dataclasses.replace(self, players=players, options=o)

    def with_seat(self, seat: int, kind: str) -> NewGameState:
        """Seat ``seat`` (1-based, 2..8) becomes ``kind``."""
        seats = list(self.seats)
        seats[seat - 2] = kind
        return dataclasses.replace(self, seats=tuple(seats))

    def with_preset(self, name: str) -> NewGameState:
        new = dataclasses.replace(self, preset=name, options=PRESETS[name])
        return new.with_players(self.players)

    def with_option(self, name: str, value) -> NewGameState:
        """One option changed; ValueError (the engine's reason) if the rules refuse it."""
        if name == "partnerships" and value and self.players != PARTNERS:
            raise ValueError(PARTNERS_ONLY_FOUR)
        new = dataclasses.replace(self, options=self.options.with_changes(**{name: value}))
        return new.with_players(self.players)

    def seat_list(self) -> tuple[Seat, ...]:
        """The seats of the match: names for the table, the cover screen and the scores."""
        kinds = (PERSON, *self.seats[:self.players - 1])
        people = kinds.count(PERSON)
        out, computers = [], 0
        for i, kind in enumerate(kinds):
            if kind == PERSON:
                out.append(Seat("You" if people == 1 else f"Player {i + 1}"))
            else:
                computers += 1
                out.append(Seat(f"Computer {computers}", kind))
        return tuple(out)

    def setup(self, rng: random.Random | None = None) -> Setup:
        """The match to start (a random deal unless a seed was given)."""
        seed = self.seed if self.seed is not None else \
            (rng or random.Random()).randrange(1, MAX_SEED + 1)
        return Setup(self.options, self.players, seed)


class NewGameScene(PageScene):
    """Players, seats, the preset, every rule option, the seed; Start."""

    title = "New game"

    def __init__(self, app):
        super().__init__(app)
        self.state = NewGameState.from_settings(app.settings)
        self.message = ""
        """The engine's reason when an option change was refused."""

    # --- rows

    def subtitle(self):
        if not self.message and self.app.keeper.saved_match() is not None:
            return "Start replaces the match saved for Continue"
        return self.message

    def rows(self):
        st, o = self.state, self.state.options
        rows = [Heading("Players"),
                Field("players", "Players at the table", STEPPER, st.players,
                      f"These rules allow {o.min_players} to {o.max_players}.",
                      low=o.min_players, high=o.max_players),
                Text("Seat 1 is yours. Any other seat may be a computer or another person "
                     "sharing this screen.", dim=True)]
        for seat in range(2, st.players + 1):
            kind = st.seats[seat - 2]
            label = f"Seat {seat}" + (" (your partner)" if o.partnerships and seat == 3 else "")
            rows.append(Field(f"seat{seat}", label, CHOICE, SEAT_KINDS.index(kind),
                              names=tuple(SEAT_NAMES[k] for k in SEAT_KINDS)))
        rows += [Heading("Rules"),
                 Field("preset", "Preset", CHOICE, NEW_GAME_PRESETS.index(st.preset),
                       PRESET_NOTES[st.preset] + " It sets every option below, and any of "
                       "them can still be changed.",
                       names=tuple(PRESET_NAMES[p] + (" (changed)" if p == st.preset
                                                      and st.changed else "")
                                   for p in NEW_GAME_PRESETS))]
        for name in shown_options(o, st.players):
            info = INFO[name]
            value = getattr(o, name)
            if isinstance(value, bool):
                rows.append(Field(f"opt:{name}", info.label, TOGGLE, value, info.explain))
            else:
                values = option_values(name, value)
                rows.append(Field(f"opt:{name}", info.label, CHOICE, values.index(value),
                                  info.explain, names=tuple(value_text(v) for v in values)))
        seed = "Random" if st.seed is None else str(st.seed)
        rows += [Heading("The deal"),
                 Field("seed", "Seed", BUTTON, seed,
                       "The same seed deals the same cards, so two tables can play the same "
                       "match. Tap to pick one (or go back to random), or type its digits."),
                 Field("code", "Deal code", BUTTON, "Enter a code",
                       "A code from another table's pause screen sets these rules, the "
                       "players and the seed to that table's."),
                 Text("Start deals the first hand; the next match is opened by the next "
                      "seat.", dim=True)]
        return rows

    def footer(self):
        return [FooterButton("rules", "Rules"), FooterButton("start", "Start", primary=True)]

    # --- actions

    def activate(self, key, part):
        st = self.state
        self.message = ""
        step = -1 if part == "-" else 1
        if key == "start":
            self.start()
        elif key == "rules":
            self.app.open("rules", st.options)
        elif key == "players":
            self.state = st.with_players(st.players + step)
            if st.options.partnerships and not self.state.options.partnerships:
                self.message = PARTNERS_OFF
        elif key.startswith("seat"):
            seat = int(key[4:])
            i = SEAT_KINDS.index(st.seats[seat - 2])
            self.state = st.with_seat(seat, SEAT_KINDS[(i + step) % len(SEAT_KINDS)])
        elif key == "preset":
            names = NEW_GAME_PRESETS
            self.state = st.with_preset(names[(names.index(st.preset) + step) % len(names)])
        elif key.startswith("opt:"):
            self._change_option(key[4:], step)
        elif key == "code":
            self.app.open("deal_code", self.use_code)
        elif key == "seed":
            self.state = dataclasses.replace(
                st, seed=None if st.seed is not None else random.randrange(1, MAX_SEED + 1))

    def _change_option(self, name: str, step: int) -> None:
        current = getattr(self.state.options, name)
        if isinstance(current, bool):
            value = not current
        else:
            values = option_values(name, current)
            value = values[(values.index(current) + step) % len(values)]
        try:
            self.state = self.state.with_option(name, value)
        except ValueError as e:
            self.message = str(e)

    def key(self, event):
        """Backspace and printable keys edit the seed (the one text field here); any other
        key is the page's."""
        text = getattr(event, "unicode", "") or ""
        if event.key == pygame.K_BACKSPACE:
            self.message = ""
            self.state = dataclasses.replace(self.state, seed=erased_seed(self.state.seed))
        elif text.isprintable() and text.strip():
            seed, self.message = typed_seed(self.state.seed, text)
            self.state = dataclasses.replace(self.state, seed=seed)
        else:
            super().key(event)

    def use_code(self, setup: Setup) -> None:
        """Take the rules, players and seed of a deal code (the seats stay as chosen)."""
        preset = next((n for n in NEW_GAME_PRESETS if PRESETS[n] == setup.options),
                      self.state.preset)
        self.state = dataclasses.replace(self.state, preset=preset, options=setup.options,
                                         players=setup.players, seed=setup.seed)
        self.message = "The deal code's rules, players and seed are set"

    def start(self) -> None:
        """Open the table; the choices become the next new game's defaults."""
        st = self.state
        computers = [k for k in st.seats[:st.players - 1] if k != PERSON]
        settings = dataclasses.replace(
            self.app.settings, players=st.players,
            preset=st.preset, level=computers[0] if computers else self.app.settings.level)
        self.app.apply_settings(settings)
        self.app.start_match(st.setup(), st.seat_list())
