"""The guided first hand: a hand-picked deal, the whole record of the hand, and the steps that
explain it, as data.

The lesson is one hand of the default rules against one computer. Every action of both seats
is fixed in ``RECORD``, so the lesson always goes the same way: the player makes each of their
own moves (a ``LessonGame`` refuses any other, saying what the step wants), and the computer
plays its part through a ``ScriptedAgent`` that checks each of its moves is legal. Each
``Step`` says, at the moment it matters, what to do and why, which cards to touch and where
they go. Nothing here draws: the tutorial scene reads these steps and the table plays them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from ..rules.actions import Action, parse_action
from ..rules.cards import Card, parse_card
from ..rules.deal import Deal
from ..rules.events import Event
from ..rules.options import preset
from ..rules.save import Game, Setup
from ..rules.state import IllegalAction
from ..rules.view import View
from .seats import Seat

OPTIONS = preset("digital")
SEATS = (Seat("You"), Seat("Sam", "easy"))
"""You against one computer. The level only sizes its pace: its moves come from ``RECORD``."""
YOU, SAM = 0, 1


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


DEAL = Deal.arranged(
    OPTIONS,
    hands=(_cards("8S 8D 5H 6H 7H KC KH 2C JS QS KS 9C 10D"),
           _cards("9S 9D 3C 4C 6D 7S 10C JH AC AD 5S 6C 8H")),
    pile=_cards("7D"),
    stock_top=_cards("4H 4S 3D"),
)
"""Your hand holds a pair of 8s, a heart run, two kings and a wild 2, and J-Q-K of spades;
the stock gives you the 4♥, Sam the 4♠ and you, on your last turn, the 3♦; Sam holds a pair
of 9s and the 8♥ he throws you after taking the pile."""

SETUP = Setup(OPTIONS, len(SEATS), seed=1, first_seat=YOU, deal=DEAL)

RECORD: tuple[Action, ...] = tuple(parse_action(a) for a in (
    "draw",                 # 0 you: the 4H
    "discard 9C",           # 1 you
    "take set 9S 9D 9C",    # 2 Sam takes the pile with his 9s
    "discard 8H",           # 3 Sam
    "take set 8S 8H 8D",    # 4 you take the pile with your 8s
    "run 5H 6H 7H",         # 5 you
    "add 4H to 2",          # 6 you
    "discard 10D",          # 7 you
    "draw",                 # 8 Sam: the 4S
    "discard 4S",           # 9 Sam
    "draw",                 # 10 you: the 3D
    "set KH KC 2C",         # 11 you
    "run JS QS KS",         # 12 you
    "discard 3D",           # 13 you go out
))
"""Every action of the hand, both seats, in order: the lesson's match record."""


class Target(enum.Enum):
    """Where a step's cards go (or what to tap when it has no cards)."""

    NONE = "none"
    STOCK = "stock"
    PILE = "pile"
    TABLE = "table"
    """Your melds' empty space: a new meld."""
    MELD = "meld"
    """One of your melds (``Step.meld``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of the lesson: its words, and what the player does to move on."""

    title: str
    text: str
    do: str
    """What to do now, in a few words (also the refusal of any other move)."""
    action: int | None = None
    """The index in ``RECORD`` of the player's action that completes this step (None: a step
    to read, finished with Next)."""
    cards: tuple[Card, ...] = ()
    """The cards of your hand to touch, in order."""
    target: Target = Target.NONE
    meld: int = -1
    """For ``Target.MELD``: which of your melds (0-based)."""

    @property
    def expects(self) -> Action | None:
        """The action that completes this step (None: read, then Next)."""
        return None if self.action is None else RECORD[self.action]


STEPS: tuple[Step, ...] = (
    Step("Welcome to Arlington",
         "Arlington is Oklahoma Rummy: lay sets and runs from your hand, and be the first to "
         "empty it. Every turn has three parts: draw a card, meld if you can, then discard "
         "one. This hand is arranged to show you each rule as it comes up; you make every move.",
         "Tap Next to begin"),
    Step("Draw a card",
         "Your turn begins with a draw. Take the top card of the stock, the face-down pile.",
         "Tap the stock", action=0, target=Target.STOCK),
    Step("Discard to end your turn",
         "You drew the 4♥ (marked in your hand): keep it, it fits your hearts. Every turn ends "
         "by putting one card face up on the discard pile. The 9♣ fits nothing: throw it.",
         "Tap the 9♣, then the pile", action=1, cards=_cards("9C"), target=Target.PILE),
    Step("Take the whole pile",
         "Sam took the pile with his two 9s and threw the 8♥. You may take the whole pile "
         "when its top card and exactly two cards of yours make a new set, laid at once. "
         "Your two 8s do: the set goes down and the rest of the pile comes to your hand.",
         "Tap 8♠ and 8♦, then the pile", action=4, cards=_cards("8S 8D"), target=Target.PILE),
    Step("Lay a run",
         "A run is three or four cards in a row of one suit. No meld ever holds more than "
         "four cards, and a new run is laid with three natural cards (no wild 2s).",
         "Tap 5♥ 6♥ 7♥, then your melds' space", action=5, cards=_cards("5H 6H 7H"),
         target=Target.TABLE),
    Step("Add to your meld",
         "You may add cards to your own melds (never to someone else's). The 4♥ came with "
         "the pile: it goes below 5♥ 6♥ 7♥, and the run is full at four.",
         "Tap the 4♥, then your run", action=6, cards=_cards("4H"), target=Target.MELD,
         meld=1),
    Step("Discard again",
         "Melding is optional, the discard is not. Throw the 10♦.",
         "Tap the 10♦, then the pile", action=7, cards=_cards("10D"), target=Target.PILE),
    Step("Your turn again",
         "Sam drew and threw the 4♠: no use to you. Draw from the stock.",
         "Tap the stock", action=10, target=Target.STOCK),
    Step("A wild 2",
         "Every 2 is wild. In a set it stands for the set's rank: K♥ K♣ 2♣ is three kings, "
         "and the 2 counts as a king, 10 points. A set may hold wilds (with one natural card "
         "at least); a run may take one wild later, as its fourth card, never when it is new.",
         "Tap K♥ K♣ 2♣, then your melds' space", action=11, cards=_cards("KH KC 2C"),
         target=Target.TABLE),
    Step("The queen of spades",
         "The Q♠ is worth 50 in a meld and costs you 100 if it is still in your hand when the "
         "hand ends. You may not discard it unless it is your last card. Meld it: J♠ Q♠ K♠.",
         "Tap J♠ Q♠ K♠, then your melds' space", action=12, cards=_cards("JS QS KS"),
         target=Target.TABLE),
    Step("Go out",
         "One card left. Discard it and your hand is empty: you go out, the hand ends and you "
         "score 100 more. (You may also go out by melding your last cards.) Each player may "
         "have at most six melds down in a hand.",
         "Tap the 3♦, then the pile (and Go out)", action=13, cards=_cards("3D"),
         target=Target.PILE),
    Step("The score",
         "Each player scores the cards in their melds minus the cards left in their hand; "
         "going out adds 100. A match goes on hand after hand until someone has 1,000: the "
         "highest total wins.",
         "Tap New game to play a real match"),
)
"""The lesson, in order."""


def step_at(actions: int, read: int) -> int:
    """The step the lesson is at after ``actions`` moves of ``RECORD`` and ``read`` steps to
    read acknowledged: the first step neither done nor read. A step to read counts as done
    once a later step's action has been played (a lesson resumed part way)."""
    done_to = max((i for i, s in enumerate(STEPS) if s.action is not None and s.action < actions),
                  default=-1)
    for i, s in enumerate(STEPS):
        if i > done_to and not (s.action is None and read > i):
            return i
    return len(STEPS) - 1


def refusal(actions: int, read: int) -> str:
    """Why the lesson refuses a move that is not the step's: what the step wants instead."""
    return f"Not in this lesson: {STEPS[step_at(actions, read)].do.lower()}"


class LessonGame(Game):
    """The lesson's match: the rules refuse what they refuse (their reason is the lesson
    too), and any legal move other than the record's next one is refused with what the step
    wants, so the hand always goes as ``RECORD`` says."""

    def __init__(self) -> None:
        super().__init__(SETUP)
        self.read = 0
        """Steps to read the player has finished (the tutorial scene moves it on)."""

    def play(self, action: Action) -> list[Event]:
        reason = self.state.check(action)
        i = len(self.actions)
        if reason is not None:
            raise IllegalAction(reason, self.state.rule_of(action))
        if i >= len(RECORD) or action != RECORD[i]:
            raise IllegalAction(refusal(i, self.read))
        return super().play(action)


class ScriptedAgent:
    """Plays a fixed list of moves in order, through the agent protocol, and checks each is
    legal when its turn comes (a lesson whose script went wrong says so at once)."""

    name = "scripted"

    def __init__(self, moves: Iterable[Action]):
        self.moves = tuple(moves)
        self.played = 0
        self._next: Action | None = None

    def start(self, view: View, legal: list[Action]) -> None:
        self._next = None
        if self.played >= len(self.moves):
            raise ValueError("the lesson's script has no move left for this seat")
        move = self.moves[self.played]
        if move not in legal:
            raise ValueError(f"the lesson's script is broken: {move} is not legal here")
        self._next = move

    def think(self, slice_seconds: float = 0.0) -> bool:
        return self._next is not None

    def answer(self) -> Action:
        if self._next is None:
            raise ValueError("no decision under way")
        move, self._next = self._next, None
        self.played += 1
        return move

    def choose(self, view: View, legal: list[Action]) -> Action:
        self.start(view, legal)
        return self.answer()


def _movers(record: tuple[Action, ...]) -> tuple[int, ...]:
    """Which seat plays each action of ``record`` (from the setup, played through)."""
    state = SETUP.start()
    out = []
    for a in record:
        out.append(state.turn)
        state.apply(a)
    return tuple(out)


MOVERS = _movers(RECORD)
"""The seat of each action of ``RECORD``."""


def moves_of(seat: int) -> tuple[Action, ...]:
    """One seat's actions of ``RECORD``, in order (what its ``ScriptedAgent`` plays)."""
    return tuple(a for a, s in zip(RECORD, MOVERS) if s == seat)
