"""The save file: a match's setup and its list of actions, as JSON.

Format (version 1)::

    {
      "format": "arlington-save", "version": 1,
      "options": {...every rule option...},      # or "preset": "digital" (options override it)
      "players": 3, "seed": 12345,
      "first_seat": 1,        # who opens the first hand, counting from 1; omitted: the rules
                              # decide (seat 1, or a dealer chosen from the seed)
      "deal": {"hands": [["AS", "10H", ...], ...], "stock": ["7C", ...], "pile": ["QD"]},
      "actions": ["draw", "discard 7S", "take set QS QH 2C", ...]
    }

``deal`` is optional: without it the first hand is dealt from the seed; with it, the first
hand starts from exactly those cards (stock listed top card first; ``"upcard": "QD"`` may
replace a one-card ``pile``) and later hands and reshuffles still come from the seed. Replaying
the actions reproduces the match exactly; between hands the next hand is dealt automatically.
The same file is the bug report and the test fixture.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .actions import Action, parse_action
from .deal import Deal
from .events import Event
from .options import RuleOptions, preset
from .state import IllegalAction, Phase, State

FORMAT = "arlington-save"
VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be read; the message says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a match starts from."""

    options: RuleOptions
    players: int
    seed: int = 0
    first_seat: int | None = None
    """The seat (0-based) that opens the first hand; None: as the rules decide (see
    ``state.first_opener``)."""
    deal: Deal | None = None

    def start(self) -> State:
        """The state before the first action."""
        return State(self.options, self.players, self.seed, first_seat=self.first_seat,
                     deal=self.deal)


class Game:
    """A match together with its record: what the UI plays and what a save file holds."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.state = setup.start()
        self.actions: list[Action] = []

    def play(self, action: Action) -> list[Event]:
        """Apply an action (refused with ``IllegalAction``, the game unchanged) and record it."""
        events = self.state.apply(action)
        self.actions.append(action)
        return events

    def next_hand(self) -> list[Event]:
        """Deal the next hand (not recorded: it follows from the seed)."""
        return self.state.next_hand()

    def to_json(self) -> dict:
        """The save file as a JSON object."""
        data = {"format": FORMAT, "version": VERSION, "options": self.setup.options.to_json(),
                "players": self.setup.players, "seed": self.setup.seed,
                "first_seat": self.state.first_seat + 1}
        if self.setup.deal is not None:
            data["deal"] = self.setup.deal.to_json()
        data["actions"] = [str(a) for a in self.actions]
        return data

    def dumps(self) -> str:
        """The save file as text."""
        return json.dumps(self.to_json(), ensure_ascii=False)


def read_setup(data) -> tuple[Setup, list]:
    """The setup and the raw action list of a parsed save file. Raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not an Arlington save file")
    if data.get("version") != VERSION:
        raise SaveError(f"save format version {data.get('version')!r} is not supported "
                        f"(this game reads version {VERSION})")
    try:
        base = preset(data.get("preset", "digital"))
        options = RuleOptions.from_json(base.to_json() | data.get("options", {}))
        players, seed, first = data.get("players"), data.get("seed", 0), data.get("first_seat")
        if not all(type(v) is int for v in (players, seed, 1 if first is None else first)):
            raise ValueError("players, seed and first_seat must be whole numbers")
        deal = Deal.from_json(data["deal"]) if "deal" in data else None
        setup = Setup(options, players, seed, None if first is None else first - 1, deal)
        setup.start()  # validates players, seat and deal
    except (ValueError, TypeError) as e:
        raise SaveError(f"bad save file: {e}") from None
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("bad save file: actions must be a list of action texts")
    return setup, actions


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying a save: the game as far as it went, and the first refusal."""

    game: Game
    refused_index: int | None = None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        """Whether every action was legal."""
        return self.refused_index is None


def replay(data) -> Replay:
    """Replay a parsed save file, stopping at the first action the rules refuse."""
    setup, texts = read_setup(data)
    game = Game(setup)
    for i, text in enumerate(texts):
        try:
            action = parse_action(text)
            if game.state.phase is Phase.HAND_OVER:
                game.next_hand()
            game.play(action)
        except (ValueError, IllegalAction) as e:
            return Replay(game, i, str(e))
    return Replay(game)


def load(text: str) -> Game:
    """A game from save text, every action replayed. Raises SaveError on any problem."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, or a number too long
        raise SaveError(f"the save file is not valid JSON ({e})") from None
    result = replay(data)
    if not result.ok:
        raise SaveError(f"action {result.refused_index + 1} of the save is refused: "
                        f"{result.reason}")
    return result.game
