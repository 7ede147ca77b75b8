"""The table's logic, apart from its drawing: whose eyes we draw for, the hand's order, the
selection, what the selection can become, the status line, the log and the last moves.

No pygame here. The model reads only ``state.view(viewer)`` for anything a seat may not see
(the hand shown is the viewer's own); other hands are read only once a hand has ended, for the
reveal. What the selection can become is built from the selected cards and kept where the
engine's ``check`` accepts it: never a listing of every legal action.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from ...rules.actions import DRAW, PASS, PILE_TAKES, TAKE_UPCARD, Act, Action
from ...rules.cards import (
    ACE,
    ACE_HIGH,
    JOKER,
    card,
    card_symbol,
    is_wild,
    rank_of,
    suit_of,
)
from ...rules.events import Ev, Event
from ...rules.melds import MeldKind, run_start, sort_set
from ...rules.options import RuleOptions
from ...rules.phase import ACTING
from ...rules.scoring import meld_points
from ...rules.state import IllegalAction, Phase, Rule
from ...services import tips
from ...services.settings import Settings
from ..words import match_won
from .kinds import Say, Sort, Where

DEFAULT = Settings()


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the player can do now, with the words on its button."""

    action: Action
    label: str
    where: Where
    meld: int = -1


@dataclass(frozen=True, slots=True)
class Group:
    """Choices that are one button: placing the same cards in the same place, differing only
    in what a wild stands for (asked only when there is more than one)."""

    label: str
    where: Where
    meld: int
    choices: tuple[Choice, ...]


def sort_key(mode: Sort):
    """The hand's order: by rank (wilds last) or by suit then rank (wilds last)."""
    if mode is Sort.SUIT:
        return lambda c: (5 if is_wild(c) else suit_of(c), rank_of(c), c)
    return lambda c: (20 if is_wild(c) else rank_of(c), suit_of(c), c)


def run_orders(cards) -> list[tuple[int, ...]]:
    """Every way to lay ``cards`` as one run lowest first: the naturals at their places (an
    ace low or high), each 2 or joker in one of the free places. The engine judges them."""
    naturals = [c for c in cards if not is_wild(c)]
    wilds = [c for c in cards if is_wild(c)]
    if not naturals or len({suit_of(c) for c in naturals}) > 1:
        return []
    n = len(cards)
    aces = (False, True) if any(rank_of(c) == ACE for c in naturals) else (False,)
    out: dict[tuple, None] = {}
    for high in aces:
        places = [ACE_HIGH if (rank_of(c) == ACE and high) else rank_of(c) for c in naturals]
        if len(set(places)) < len(places):
            continue
        lo, hi = min(places), max(places)
        for low in range(max(ACE, hi - n + 1), min(lo, ACE_HIGH - n + 1) + 1):
            free = [p for p in range(low, low + n) if p not in places]
            at = dict(zip(places, naturals))
            for perm in dict.fromkeys(permutations(wilds)):
                row = dict(at)
                row.update(zip(free, perm))
                out[tuple(row[p] for p in range(low, low + n))] = None
    return list(out)


def short(c: int) -> str:
    """A card for text, compact: ``7♥``, ``10♠``, ``joker``. Drawn through
    ``theme.text``, the suit characters become the cards' suit shapes."""
    return "joker" if c == JOKER else card_symbol(c)


def cards_short(cards) -> str:
    return " ".join(short(c) for c in cards)


def wild_names(cards) -> str:
    """What the wilds of a run stand for, for a button: ``as 4♠``, ``as 4♥ &
    7♥``; a run whose 2s are all in their own places is ``natural``."""
    low = run_start(cards)
    if low is None:
        raise ValueError("a run names its wilds by its natural cards; these have none")
    suit = next(suit_of(c) for c in cards if not is_wild(c))
    places = [short(card(low + i, suit)) for i, c in enumerate(cards)
              if is_wild(c) and card(low + i, suit) != c]
    return f"as {' & '.join(places)}" if places else "natural"


class TableModel:
    """The table for one match: built from a ``Game`` and its seats."""

    def __init__(self, game, seats, settings: Settings = DEFAULT):
        self.game = game
        self.seats = tuple(seats)
        self.settings = settings
        people = [i for i, s in enumerate(self.seats) if s.is_person]
        self.people = people
        self.viewer = self._first_viewer()
        self.order: list[int] = []
        self.sort_mode = Sort.RANK
        self.selected: set[int] = set()
        self.cursor = 0
        self.focus: str | None = None
        """What the keyboard's Tab reached: ``"slot2"`` (the bar's third button), ``"sort"``,
        ``"log"``, ``"pause"``, or an offered discard's Take or Pass (``offer_panel.TAKE``,
        ``PASS``); None is your hand, where the arrows move ``cursor``."""
        self.drawn: int | None = None
        """The card you drew this turn (marked in the hand until you discard)."""
        self.message = ""
        """A refusal, a question or a hint, shown in the message strip until the next action."""
        self.message_kind = Say.REFUSAL
        self.tip: Rule | None = None
        """The rule whose tip the message now showing carries, the first time that rule
        stopped a move (the table offers Rules beside it; any later message clears it)."""
        self.picking: Group | None = None
        """A group whose alternatives (which card a wild stands for) are being asked."""
        self.confirm: Choice | None = None
        """An action that ends the hand, waiting for a second tap."""
        self.log: list[str] = []
        self.last_move: dict[int, str] = {}
        """Each seat's last turn in one line: ``took the pile (7 cards) · melded 7♠ 7♥ 7♦ ·
        discarded Q♥``."""
        self._turn: dict[int, list[str]] = {}
        self._groups_key: tuple | None = None
        self._groups: tuple[Group, ...] = ()
        self.record(hand_events(game))  # the hand so far: the same log after Continue
        self.sync()

    # ----------------------------------------------------------------- what we see

    @property
    def state(self):
        return self.game.state

    @property
    def view(self):
        return self.state.view(self.viewer)

    @property
    def my_turn(self) -> bool:
        """The viewer is a person and it is their turn (in a phase a person acts in)."""
        st = self.state
        return (st.phase in ACTING and st.turn == self.viewer
                and self.seats[st.turn].is_person)

    def _first_viewer(self) -> int:
        st = self.state
        if self.seats[st.turn].is_person:
            return st.turn
        return self.people[0] if self.people else 0

    def follow_turn(self) -> bool:
        """Move the viewer to the seat to move if that is a person; True if the viewer is now
        a different person than before (pass the tablet: the cover screen goes up)."""
        st = self.state
        if st.phase not in ACTING:
            return False
        if self.seats[st.turn].is_person and st.turn != self.viewer:
            before = self.viewer
            self.viewer = st.turn
            self.order = []
            self.sync()
            return self.seats[before].is_person
        return False

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def sync(self) -> list[int]:
        """Bring the shown order in line with the viewer's hand: cards gone leave, new cards
        join (sorted in, or at the end of a hand the player arranged). Returns the new cards."""
        hand = list(self.view.hand)
        left = list(hand)
        kept = []
        for c in self.order:
            if c in left:
                left.remove(c)
                kept.append(c)
        if self.sort_mode is Sort.CUSTOM:
            self.order = kept + left
        else:
            self.order = sorted(kept + left, key=sort_key(self.sort_mode))
        self.selected = {i for i in self.selected if i < len(self.order)}
        self.cursor = min(self.cursor, max(0, len(self.order) - 1))
        return left

    # ----------------------------------------------------------------- the hand

    def selected_cards(self) -> tuple[int, ...]:
        return tuple(self.order[i] for i in sorted(self.selected))

    def toggle(self, index: int) -> None:
        if 0 <= index < len(self.order):
            self.selected ^= {index}
            self.cursor = index
            self._changed()

    def clear_selection(self) -> None:
        self.selected = set()
        self._changed()

    def sort(self, mode: Sort | None = None) -> Sort:
        """Sort the hand (by default: by suit, or by rank when it is by suit already); the
        selection keeps its cards."""
        if mode is None:
            mode = Sort.RANK if self.sort_mode is Sort.SUIT else Sort.SUIT
        chosen = self.selected_cards()
        self.sort_mode = mode
        self.order.sort(key=sort_key(mode))
        self.selected = set()
        for c in chosen:
            i = next(i for i, x in enumerate(self.order) if x == c and i not in self.selected)
            self.selected.add(i)
        return mode

    def move(self, index: int, to: int) -> None:
        """Drag card ``index`` to place ``to`` (0..len) of the hand; the order is now the
        player's own."""
        if not 0 <= index < len(self.order):
            return
        chosen = {i: True for i in self.selected}
        cards = list(enumerate(self.order))
        item = cards.pop(index)
        to = max(0, min(len(cards), to - (1 if to > index else 0)))
        cards.insert(to, item)
        self.order = [c for _, c in cards]
        self.selected = {j for j, (i, _) in enumerate(cards) if i in chosen}
        self.sort_mode = Sort.CUSTOM
        self.cursor = to

    def _changed(self) -> None:
        self.picking = None
        self.confirm = None
        self.say("")

    def say(self, text: str, kind: Say = Say.REFUSAL) -> None:
        """Put ``text`` in the message strip (empty: clear it)."""
        self.message, self.message_kind, self.tip = text, kind, None

    # ----------------------------------------------------------------- what can be done

    def groups(self) -> tuple[Group, ...]:
        """What the selection can become now, one group per button (cached until the state or
        the selection changes)."""
        key = (len(self.game.actions), self.state.hand_no, self.state.phase, self.viewer,
               self.selected_cards())
        if key != self._groups_key:
            self._groups_key = key
            self._groups = self._build_groups() if self.my_turn else ()
        return self._groups

    def _build_groups(self) -> tuple[Group, ...]:
        st = self.state
        sel = self.selected_cards()
        check = st.check
        groups: list[Group] = []

        def add(label, where, meld, actions, name=None):
            ok = tuple(Choice(a, name(a) if name else label, where, meld)
                       for a in dict.fromkeys(actions) if check(a) is None)
            if ok:
                groups.append(Group(label, where, meld, ok))

        if st.phase is Phase.OFFER:
            add("Take upcard", Where.PILE, -1, [TAKE_UPCARD])
            add("Pass", Where.NONE, -1, [PASS])
            return tuple(groups)
        if st.phase is Phase.DISCARD_OFFER:
            return ()  # the offer panel holds Take and Pass
        if st.phase is Phase.DRAW:
            add("Draw", Where.STOCK, -1, [DRAW])
            if not sel and st.pile and not st.must_draw:
                # Nothing selected: the takes that are legal, so the pile glows when it may
                # be taken (a listing filtered to takes, once per turn: groups are cached).
                takes = sorted((a for a in st.legal_actions() if a.kind in PILE_TAKES),
                               key=lambda a: sum(map(is_wild, a.cards)))  # fewest wilds first
                add("Take the pile", Where.PILE, -1, takes, lambda a: _take_words(a, st))
            if sel and st.pile:
                with_top = sel + (st.pile[-1],)
                add("Take the pile", Where.PILE, -1,
                    [Action(Act.TAKE_SET, sort_set(with_top))]
                    + [Action(Act.TAKE_RUN, r) for r in run_orders(with_top)],
                    lambda a: ("as a set" if a.kind is Act.TAKE_SET
                               else f"run {wild_names(a.cards)}"))
            return tuple(groups)
        if len(sel) >= 3:
            add("Lay set", Where.TABLE, -1, [Action(Act.SET, sort_set(sel))])
            add("Lay run", Where.TABLE, -1, [Action(Act.RUN, r) for r in run_orders(sel)],
                lambda a: wild_names(a.cards))
        if len(sel) == 1:
            c = sel[0]
            for i, meld in enumerate(st.melds[st.turn]):
                if is_wild(c) and meld.wild_places and meld.kind is MeldKind.RUN:
                    adds = [Action(Act.ADD, (c,), i, stands) for stands, _ in meld.wild_places]
                else:
                    adds = [Action(Act.ADD, (c,), i)]
                add(f"Onto meld {i + 1}", Where.MELD, i, adds,
                    lambda a: (f"as {short(a.stands)}"
                               if a.stands >= 0 else f"Onto meld {a.target + 1}"))
                if JOKER in meld.cards and not is_wild(c):
                    add(f"Swap joker {i + 1}", Where.MELD, i,
                        [Action(Act.SWAP, (c,), i)])
            add("Discard", Where.PILE, -1, [Action(Act.DISCARD, (c,))])
        return tuple(groups)

    def targets(self) -> set[tuple[Where, int]]:
        """Places that glow: where the selection could go now."""
        return {(g.where, g.meld) for g in self.groups() if g.where is not Where.NONE}

    def buttons(self) -> list[tuple[str, object]]:
        """The action bar now, as (label, what a tap does): a Group, a Choice, or "cancel"."""
        if self.confirm is not None:
            return [("Go out", self.confirm), ("Cancel", "cancel")]
        if self.picking is not None:
            return [(c.label, c) for c in self.picking.choices] + [("Cancel", "cancel")]
        return [(g.label, g) for g in self.groups()]

    # ----------------------------------------------------------------- taps

    def choose(self, item) -> list[Event] | None:
        """A button or a target was chosen: a Group (asks which card a wild stands for when it
        may stand for more than one), a Choice, or "cancel"."""
        if item == "cancel":
            self._changed()
            return None
        if isinstance(item, Group):
            if len(item.choices) > 1:
                self.picking = item
                self.confirm = None
                first = item.choices[0].action
                self.say("Choose how to take the pile, or select the cards first"
                         if first.kind in PILE_TAKES and not self.selected else
                         "Choose how to take the pile" if first.kind in PILE_TAKES else
                         "Which card does the wild stand for?"
                         if any(is_wild(c) for c in first.cards) else
                         "Choose what to lay", Say.QUESTION)
                return None
            item = item.choices[0]
        if isinstance(item, Choice):
            if (self.settings.confirm_go_out and self.confirm != item
                    and self._goes_out(item.action)):
                self.confirm = item
                self.picking = None
                self.say("This ends the hand. Go out?", Say.QUESTION)
                return None
            return self.play(item.action)
        return None

    def _goes_out(self, action: Action) -> bool:
        hand = len(self.state.hands[self.state.turn])
        if action.kind in (Act.DISCARD, Act.ADD):
            return hand == 1
        if action.kind in (Act.SET, Act.RUN):
            return hand == len(action.cards)
        return False

    def tap_stock(self) -> list[Event] | None:
        return self._attempt(Where.STOCK, -1, DRAW)

    def tap_pile(self) -> list[Event] | None:
        """With cards selected: take the pile with them (draw phase) or discard the one card.
        With nothing selected in the draw phase: the takes that are legal (one is taken at
        once, several are offered)."""
        st = self.state
        if not self.my_turn:
            self._refuse(self._not_yours())
            return None
        if st.phase is Phase.DRAW and not self.selected:
            if any(g.where is Where.PILE for g in self.groups()):
                return self._attempt(Where.PILE, -1, DRAW)
            if st.pile:
                self._refuse(st.pile_advice(), Rule.PILE_TAKE)
                return None
            self._refuse("The discard pile is empty: draw from the stock")
            return None
        if st.phase is Phase.DRAW:
            fallback = Action(Act.TAKE_SET, sort_set(self.selected_cards() + tuple(st.pile[-1:])))
        elif len(self.selected) == 1:
            fallback = Action(Act.DISCARD, self.selected_cards())
        elif st.phase is Phase.MELD:
            self._refuse("Select one card to discard" if not self.selected
                         else "Discard one card: select only that card")
            return None
        else:
            fallback = TAKE_UPCARD
        return self._attempt(Where.PILE, -1, fallback)

    def tap_table(self) -> list[Event] | None:
        """Your melds' empty space: lay the selection as a new meld."""
        sel = self.selected_cards()
        if not sel:
            self._refuse("Select cards to lay a meld" if self._drawn_this_turn()
                         else self._not_now())
            return None
        orders = run_orders(sel)
        fallback = Action(Act.SET, sort_set(sel)) if len({rank_of(c) for c in sel
                                                           if not is_wild(c)}) <= 1 \
            or not orders else Action(Act.RUN, orders[0])
        return self._attempt(Where.TABLE, -1, fallback)

    def tap_meld(self, i: int) -> list[Event] | None:
        """One of your melds: add the selected card to it (or swap it for the joker)."""
        sel = self.selected_cards()
        if not sel or (len(sel) > 1 and self._drawn_this_turn()):
            self._refuse("Select one card to add to a meld" if self._drawn_this_turn()
                         else self._not_now())
            return None
        return self._attempt(Where.MELD, i, Action(Act.ADD, sel, i))

    def _drawn_this_turn(self) -> bool:
        """Whether it is your turn and you have drawn: the selection then says what a tap on
        the table does; before it, the engine's reason (draw first, answer the offer) does."""
        return self.my_turn and self.state.phase is Phase.MELD

    def _not_now(self) -> str:
        """Why no card of yours may be played now: not your turn, or the engine's reason for
        this phase (draw first, answer the offer), asked of your first card's discard."""
        if not self.my_turn:
            return self._not_yours()
        hand = tuple(self.state.hands[self.viewer][:1])
        return self.state.check(Action(Act.DISCARD, hand)) or self.status()

    def _attempt(self, where: Where, meld: int, fallback: Action):
        """Do what the selection can become at this place, or try ``fallback`` to show the
        engine's reason it cannot."""
        if not self.my_turn:
            self._refuse(self._not_yours())
            return None
        here = [g for g in self.groups() if g.where is where and g.meld == meld]
        if len(here) == 1:
            return self.choose(here[0])
        if len(here) > 1:  # e.g. a set and a run of the same cards
            self.picking = Group("", where, meld, tuple(c for g in here for c in g.choices))
            self.say("Choose what to lay", Say.QUESTION)
            return None
        return self.play(fallback)

    def _not_yours(self) -> str:
        st = self.state
        if st.phase is Phase.HAND_OVER:
            return "The hand is over"
        if st.phase is Phase.MATCH_OVER:
            return "The match is over"
        return f"Wait for {self.name(st.turn)} to play"

    def _refuse(self, reason: str, rule: Rule | None = None) -> None:
        """Say why a move is refused. The first time one of the rules new players meet bites,
        the rule's own line follows (``game.services.tips``); that tip is then kept as seen in
        ``settings``, which the table hands on to the app."""
        text, self.settings, tip = tips.on_refusal(reason, rule, self.settings,
                                                   self.state.options)
        self.say(text)
        self.tip = rule if tip else None

    # ----------------------------------------------------------------- playing

    def play(self, action: Action) -> list[Event] | None:
        """Apply ``action`` for the seat to move. Refused: the reason goes to the message
        strip and nothing changes. Done: the log and last moves learn what happened."""
        try:
            events = self.game.play(action)
        except IllegalAction as e:
            self._refuse(str(e), e.rule)
            return None
        self.selected = set()
        self._changed()
        self.record(events)
        self._note_drawn(events)
        self.sync()
        return events

    def _note_drawn(self, events) -> None:
        """Keep the card you drew this turn, to mark it once it is sorted in; forget it once
        your turn is over."""
        for e in events:
            if e.seat != self.viewer:
                continue
            if e.kind in (Ev.DREW, Ev.TOOK_UPCARD) and e.cards:
                self.drawn = e.cards[0]
            elif e.kind in (Ev.DISCARDED, Ev.HAND_ENDED):
                self.drawn = None

    def drawn_index(self) -> int | None:
        """Where the card you drew this turn is in your hand now (None: not this turn)."""
        if self.drawn is None or self.drawn not in self.order or not self.my_turn:
            return None
        return self.order.index(self.drawn)

    def record(self, events) -> None:
        """Log lines and last turns for ``events`` (as the viewer may see them)."""
        for e in events:
            text = self.describe(e.seen_by(self.viewer))
            if not text:
                continue
            self.log.append(text)
            if e.seat < 0 or e.kind in (Ev.HAND_ENDED, Ev.MATCH_ENDED, Ev.DEALT) \
                    or (e.kind is Ev.PASSED and e.cards):
                continue  # an offered discard passed: the log says so, not the seat's turn
            if e.kind in TURN_OPENS:
                self._turn[e.seat] = []
            parts = self._turn.setdefault(e.seat, [])
            parts.append(text.split(": ", 1)[-1])
            self.last_move[e.seat] = " \u00b7 ".join(parts)

    def describe(self, e: Event) -> str:
        """``e`` in a player's words, ``Computer 1: took the pile (7 cards)``."""
        return describe(e, [s.name for s in self.seats], self.state.hand_no,
                        self.state.options, self._you())

    def _you(self) -> int:
        """The seat the table speaks to as "you": the one person's (-1 in pass-and-play,
        where every seat is named)."""
        return self.people[0] if len(self.people) == 1 else -1

    def new_hand(self) -> list[Event]:
        """Deal the next hand (after the summary)."""
        events = self.game.next_hand()
        self.drawn = None
        self.log = []
        self.last_move = {}
        self._turn = {}
        self.selected = set()
        self._changed()
        self.follow_turn()
        self.record(events)
        self.order = []
        self.sync()
        return events

    # ----------------------------------------------------------------- words

    def status(self, spoken: bool = False, brief: bool = False) -> str:
        """What is expected now, in one line (``spoken``: for the mirror, whose player has
        no glowing places to tap, only the actions it lists; ``brief``: its essential words,
        for a status bar too small for them all at a large text size)."""
        st = self.state
        if st.phase is Phase.MATCH_OVER:  # the winner, or with partnerships the team
            names, you = [s.name for s in self.seats], self._you()
            if brief:  # a team's two names leave room for no more on a phone's bar
                won = match_won(st.winner, names, st.options, you)
                return won if st.options.partnerships else won + " the match"
            return "The match is over: " + match_won(st.winner, names, st.options, you,
                                                     start=False)
        if st.phase is Phase.HAND_OVER:
            out = st.hand_outs[-1] if st.hand_outs else -1
            if out < 0:
                return "Nobody went out" if brief else "The hand is over: nobody went out"
            return ("You went out" if self.seats[out].is_person and len(self.people) == 1
                    else f"{self.name(out)} went out")
        mover = self.name(st.turn)
        if not self.seats[st.turn].is_person:
            return f"{mover} is thinking..."
        who = f"{mover}: " if len(self.people) > 1 else ""
        if st.phase is Phase.OFFER:
            return who + "Take the upcard or pass"
        if st.phase is Phase.DISCARD_OFFER:
            return who + f"Take the {short(st.pile[-1])} or pass" + ("" if brief
                                                                          else " it on")
        if st.phase is Phase.DRAW:
            if st.must_draw or not st.pile:
                return who + "Draw from the stock"
            return who + ("Draw, or take the pile" if brief
                          else "Draw from the stock or take the pile")
        if self.selected and self.groups():
            return who + ("Choose an action for the selected cards" if spoken
                          else "Tap a lit place or a button" if brief
                          else "Tap a glowing place or a button")
        return who + ("Meld, lay off, or discard" if brief
                      else "Meld, lay off, or discard to end your turn")

    def meld_points(self, seat: int) -> list[int]:
        opts = self.state.options
        return [meld_points(m, opts) for m in self.state.melds[seat]]


TURN_OPENS = frozenset((Ev.DREW, Ev.TOOK_PILE, Ev.TOOK_UPCARD, Ev.PASSED))
"""Events that begin a seat's turn (its last-turn line starts again); a pass of an offered
discard is not one (``record`` leaves it to the log)."""


def hand_events(game) -> list[Event]:
    """The events of the hand in play, from its deal: the game's actions replayed from its
    setup (a match continued from a save has its whole log back)."""
    state = game.setup.start()
    events = [state.dealt]
    for action in game.actions:
        if state.phase is Phase.HAND_OVER:
            events = state.next_hand()
        events += state.apply(action, trusted=True)
    return events


_DOINGS = {Ev.MELDED: "melded {cards}", Ev.ADDED: "added {cards} to meld {meld}",
           Ev.DISCARDED: "discarded {cards}", Ev.SWAPPED: "swapped {first} for a joker",
           Ev.TOOK_UPCARD: "took the upcard {cards}", Ev.TOOK_OFFER: "took the offered {cards}"}
"""What a seat did, for the events whose words need only their cards and meld."""


def describe(e: Event, names, hand_no: int, options: RuleOptions | None = None,
             you: int = -1) -> str:
    """``e`` in a player's words, with ``names`` for the seats and ``hand_no`` the hand in
    play (0-based): ``Computer 1: took the pile (7 cards)``; empty for an event nobody reads.
    The match's end names the winning team where the match's ``options`` have
    partnerships (``words.match_won``; ``you``: the seat spoken to, -1 for none)."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    cards = cards_short(e.cards)
    k = e.kind
    if k in _DOINGS:
        first = short(e.cards[0]) if e.cards else ""
        return f"{who}: " + _DOINGS[k].format(cards=cards, meld=e.meld + 1, first=first)
    if k is Ev.PASSED:
        return f"{who}: passed the {cards}" if cards else f"{who}: passed"
    if k is Ev.OUT_OF_PLAY:
        return f"Nobody took the {cards}: out of play"
    if k is Ev.DEALT:
        return f"Hand {hand_no + 1}, opened by {who}"
    if k is Ev.DREW:
        return f"{who}: drew {cards}" if cards else f"{who}: drew a card"
    if k is Ev.RESHUFFLED:
        return "The pile was shuffled into a new stock"
    if k is Ev.TOOK_PILE:
        return f"{who}: took the pile ({counted(len(e.cards), 'card')})"
    if k is Ev.HAND_ENDED:
        return f"{who} went out" if e.seat >= 0 else "The hand ended; nobody went out"
    if k is Ev.MATCH_ENDED:
        return match_won(e.seat, names, options, you) + " the match"
    return ""


def counted(n: int, noun: str) -> str:
    """``n`` and a noun in the right number: ``1 card``, ``7 cards``, ``0 melds``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def points(total: int) -> str:
    """A running total for a plate: ``0 pts``, ``120 pts``, ``−45 pts`` (a real minus)."""
    return f"{total} pts" if total >= 0 else f"\u2212{-total} pts"


def _take_words(a: Action, st) -> str:
    """A take offered after a tap on the pile: the hand cards it uses."""
    top = st.pile[-1]
    if a.kind is Act.TAKE_ADD:
        return f"{short(top)} onto meld {a.target + 1}"
    if a.kind is Act.TAKE_SWAP:
        return f"{short(top)} for joker {a.target + 1}"
    own = list(a.cards)
    own.remove(top)
    return "With " + " ".join(short(c) for c in own)
