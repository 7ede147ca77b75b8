"""The save file: a match's setup and its list of actions, as JSON.

Format (version 1)::

    {
      "format": "arlington-save", "version": 1,
      "options": {...every rule option...},      # or "preset": "digital" (options override it)
      "players": 3, "seed": 12345,
      "first_seat": 1,        # who opens the first hand, counting from 1; omitted: the rules
                              # decide (seat 1, or a dealer chosen from the seed)
      "deal": {"hands": [["AS", "10H", ...], ...], "stock": ["7C", ...], "pile": ["QD"]},
      "actions": ["draw", "discard 7S", "take set QS QH 2C", ...],
      "dealt": true           # the hand after the last action's was dealt; omitted: not yet
    }

``seed`` is what every deal comes from: a seed of ``seeds.SEEDS`` (0 to 2**63 - 1) for a
match begun by this version. Earlier versions took any whole number; a save of theirs with a
seed outside that range is read back as it was played (``Setup.earlier_seed``), and written
back with the same number, so it is never set aside for it.

``dealt`` is written between the table's Next hand and the first action of that hand: the
actions end with the last hand's end, and without it a match reopened then would be back at
that end instead of the hand it was in.

``deal`` is optional: without it the first hand is dealt from the seed; with it, the first
hand starts from exactly those cards (stock listed top card first; ``"upcard": "QD"`` may
replace a one-card ``pile``) and later hands and reshuffles still come from the seed. Replaying
the actions reproduces the match exactly; between hands the next hand is dealt automatically.
The same file is the bug report and the test fixture.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action, parse_action
from .deal import Deal
from .events import Event
from .options import RuleOptions, preset
from .seeds import SEEDS, check_seed
from .state import IllegalAction, Phase, State
from .text import show

FORMAT = "arlington-save"
VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be read; the message says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a match starts from. A seed outside ``SEEDS`` is refused (ValueError in a
    player's words), but for ``earlier_seed``."""

    options: RuleOptions
    players: int
    seed: int = 0
    first_seat: int | None = None
    """The seat (0-based) that opens the first hand; None: as the rules decide (see
    ``state.first_opener``)."""
    deal: Deal | None = None
    earlier_seed: int | None = None
    """The seed of a match an earlier version began outside ``SEEDS`` (it took any whole
    number), read back from its save: the deals come from it, and ``seed`` is 0. None for
    every match begun now."""

    def __post_init__(self):
        check_seed(self.seed)
        if self.earlier_seed is not None and (type(self.earlier_seed) is not int
                                              or self.earlier_seed in SEEDS or self.seed):
            raise ValueError("an earlier version's seed is a whole number outside the seeds "
                             "of this one, and the seed is then 0")

    @property
    def deal_seed(self) -> int:
        """The number every deal and reshuffle of the match comes from."""
        return self.seed if self.earlier_seed is None else self.earlier_seed

    def start(self) -> State:
        """The state before the first action."""
        return State(self.options, self.players, self.deal_seed, first_seat=self.first_seat,
                     deal=self.deal)

    def state_after(self, actions: Iterable[Action]) -> State:
        """The state after these actions of a record, replayed from the start (trusted: each
        was legal when it was recorded)."""
        state = self.start()
        for action in actions:
            advance(state, action, trusted=True)
        return state


def advance(state: State, action: Action, *, trusted: bool = False) -> list[Event]:
    """Apply the next action of a match's record to ``state``, dealing the next hand first when
    the last one has ended, and return the events of both. A record holds no deals (each
    follows from the seed), so every replay of one (a save loading, undo, rewind) steps
    through here. A refused action raises ``IllegalAction`` as ``State.apply`` does; a deal
    made before it stays made."""
    events = state.next_hand() if state.phase is Phase.HAND_OVER else []
    return events + state.apply(action, trusted=trusted)


class Game:
    """A match together with its record: what the UI plays and what a save file holds."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.state = setup.start()
        self.actions: list[Action] = []
        self.dealt = False
        """Whether the hand after the last action's was dealt (``next_hand``) and nothing
        played in it yet: the one thing about the position the actions do not say."""

    def play(self, action: Action) -> list[Event]:
        """Apply an action (refused with ``IllegalAction``, the game unchanged) and record it.
        At a hand's end it is refused: the table deals (``next_hand``) when the player has
        read the scores."""
        events = self.state.apply(action)
        self.actions.append(action)
        self.dealt = False
        return events

    def push(self, action: Action) -> list[Event]:
        """Apply the next action of a record being read back and record it: as ``play``, but
        at a hand's end the next hand is dealt first (see ``advance``)."""
        events = advance(self.state, action)
        self.actions.append(action)
        self.dealt = False
        return events

    def next_hand(self) -> list[Event]:
        """Deal the next hand (not recorded as an action: it follows from the seed; the save
        says it was dealt)."""
        events = self.state.next_hand()
        self.dealt = True
        return events

    def to_json(self) -> dict:
        """The save file as a JSON object."""
        data = {"format": FORMAT, "version": VERSION, "options": self.setup.options.to_json(),
                "players": self.setup.players, "seed": self.setup.deal_seed,
                "first_seat": self.state.first_seat + 1}
        if self.setup.deal is not None:
            data["deal"] = self.setup.deal.to_json()
        data["actions"] = [str(a) for a in self.actions]
        if self.dealt:
            data["dealt"] = True
        return data

    def dumps(self) -> str:
        """The save file as text."""
        return json.dumps(self.to_json(), ensure_ascii=False)


def read_setup(data) -> tuple[Setup, list]:
    """The setup and the raw action list of a parsed save file. Raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not an Arlington save file")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(f"save format version {show(version)} is not supported "
                        f"(this game reads version {VERSION})")
    try:
        name = data.get("preset", "digital")
        if not isinstance(name, str):
            raise ValueError(f"the preset must be a name, not {show(name)}")
        changes = data.get("options", {})
        if not isinstance(changes, dict):
            raise ValueError("the options must be a JSON object")
        options = RuleOptions.from_json(preset(name).to_json() | changes)
        players, seed, first = data.get("players"), data.get("seed", 0), data.get("first_seat")
        if not (type(players) is int and type(seed) is int
                and (first is None or type(first) is int)):
            raise ValueError("players, seed and first_seat must be whole numbers")
        if not 2 <= players <= 8:
            raise ValueError(f"a match is for 2 to 8 players, not {show(players)}")
        if first is not None and not 1 <= first <= players:
            raise ValueError(f"first seat must be 1 to {players}, not {show(first)}")
        deal = Deal.from_json(data["deal"]) if "deal" in data else None
        earlier = None if seed in SEEDS else seed  # an earlier version's (see the top)
        setup = Setup(options, players, 0 if earlier is not None else seed,
                      None if first is None else first - 1, deal, earlier)
        setup.start()  # validates players, seat and deal
    except ValueError as e:
        raise SaveError(f"bad save file: {e}") from None
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("bad save file: actions must be a list of action texts")
    return setup, actions


JSON_DIGITS = 40
"""The longest number a save file may hold: every number the game writes is far shorter, and
a longer one is refused before Python would spend time (or refuse, past 4,300 digits) reading
it."""


def parse_json(text: str, what: str = "the save file"):
    """The JSON value of save text, or SaveError in the game's words, never Python's
    (``what`` names the file in them; a leading byte-order mark, which some editors add, is
    allowed)."""
    if not isinstance(text, str):
        raise SaveError(f"{what} is not text")

    def read_int(digits: str) -> int:
        if len(digits.lstrip("-")) > JSON_DIGITS:
            raise SaveError(f"{what} holds a number too long to be one of the game's "
                            f"({len(digits):,} digits)")
        return int(digits)

    try:
        return json.loads(text.removeprefix("\ufeff"), parse_int=read_int)
    except SaveError:
        raise
    except json.JSONDecodeError as e:
        raise SaveError(f"{what} is not valid JSON (line {e.lineno}, column {e.colno})"
                        ) from None
    except RecursionError:
        raise SaveError(f"{what} is not valid JSON (nested too deeply)") from None
    except ValueError:
        raise SaveError(f"{what} is not valid JSON") from None


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
    """Replay a parsed save file, stopping at the first action the rules refuse; the next
    hand dealt when the save says it was (``dealt``)."""
    setup, texts = read_setup(data)
    dealt = data.get("dealt", False)
    if type(dealt) is not bool:
        raise SaveError(f"bad save file: dealt must be true or false, not {show(dealt)}")
    game = Game(setup)
    for i, text in enumerate(texts):
        try:
            game.push(parse_action(text))
        except (ValueError, IllegalAction) as e:
            return Replay(game, i, str(e))
    if dealt:
        if game.state.phase is not Phase.HAND_OVER:
            raise SaveError("bad save file: it says the next hand was dealt, but its last "
                            "action did not end a hand")
        game.next_hand()
    return Replay(game)


def load(text: str) -> Game:
    """A game from save text, every action replayed. Raises SaveError on any problem."""
    result = replay(parse_json(text))
    if result.refused_index is not None:
        raise SaveError(f"action {result.refused_index + 1} of the save is refused: "
                        f"{result.reason}")
    return result.game
