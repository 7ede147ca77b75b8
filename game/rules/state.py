"""The state of a match: the current hand, whose turn and phase, and the running totals.

``State`` is the one object the UI, the AI and the tools drive. It is pure (no I/O, no clock):
given its options, seed and the actions applied, it is always the same. Actions come from
``legal_actions()`` or from anywhere else (a click, a save file): ``apply`` checks the latter
and refuses with a reason a player understands, leaving the state exactly as it was.
"""

from __future__ import annotations

import enum
from bisect import insort
from collections import Counter

from . import legal, pile_advice
from .actions import PILE_TAKES, Act, Action
from .cards import CARD_SLOTS, JOKER, QUEEN_OF_SPADES, Card, card_name, card_text, is_wild
from .deal import Deal, rng, shuffle
from .events import Ev, Event
from .melds import Meld, MeldKind, accepted, add_to, new_run, new_set, swap_joker
from .options import INFO, Discards, Opener, PileTake, RuleOptions, StockOut
from .phase import Phase
from .scoring import hand_score, match_winner

# The enum members a step reads, bound once as globals: CPython 3.11 reads a member through
# its class (``Act.DRAW``) the slow way, since ``enum.EnumType`` defines ``__getattr__``, at
# some 700 instructions against a global's 20 (docs/engine.md, "Speed").
_DISCARD, _DRAW, _ADD, _SET, _RUN, _SWAP, _PASS, _TAKE_OFFER, _TAKE_UPCARD = (
    Act.DISCARD, Act.DRAW, Act.ADD, Act.SET, Act.RUN, Act.SWAP, Act.PASS, Act.TAKE_OFFER,
    Act.TAKE_UPCARD)
_TAKE_SET, _TAKE_RUN, _TAKE_ADD, _TAKE_SWAP = (
    Act.TAKE_SET, Act.TAKE_RUN, Act.TAKE_ADD, Act.TAKE_SWAP)
_DRAW_PHASE, _MELD_PHASE, _DISCARD_OFFER_PHASE = Phase.DRAW, Phase.MELD, Phase.DISCARD_OFFER
_MELDED, _ADDED, _TOOK_PILE = Ev.MELDED, Ev.ADDED, Ev.TOOK_PILE
_RUN_MELD = MeldKind.RUN
_OFFERED, _TURN_OVER, _BLOCKED = Discards.OFFERED, StockOut.TURN_OVER, StockOut.BLOCKED


class Rule(enum.Enum):
    """The rules a new player runs into first: a refusal tagged with one can say the rule
    itself (``game.services.tips``)."""

    PILE_TAKE = "pile_take"
    RUN_LENGTH = "run_length"
    WILD_IN_NEW_RUN = "wild_in_new_run"
    QUEEN_DISCARD = "queen_discard"
    MELD_SLOTS = "meld_slots"


class IllegalAction(ValueError):
    """An action the rules refuse. ``str(e)`` is the reason, written for the player;
    ``rule`` is the rule of ``Rule`` it ran into, if any."""

    def __init__(self, reason: str, rule: Rule | None = None):
        super().__init__(reason)
        self.rule = rule


_REBUILDS = {StockOut.RESHUFFLE_ONCE: 1, StockOut.TURN_OVER: 3, StockOut.BLOCKED: 0}
"""How many times the stock may be rebuilt from the pile in one hand."""


def first_opener(options: RuleOptions, players: int, seed: int) -> int:
    """The seat that opens a match's first hand when the setup does not name one: seat 1
    where the match seat opens, else the seat left of a dealer chosen at random (``classic``)
    or drawn by lot (``book``), both from the seed."""
    if options.opener is Opener.MATCH_SEAT or options.opener is Opener.IN_TURN:
        return 0
    return (rng(seed, "first dealer").randrange(players) + 1) % players


class State:
    """A match in progress. Seats are numbered 0..players-1 here (1..n to players).

    ``dealt`` is the ``DEALT`` event that started the current hand (the first hand's too, which
    no ``apply`` returns): what each seat was dealt, for the table's deal animation and for an
    ``observer.Observer``; hand it to a seat only through ``seen_by``. A determinized state
    has none (None).

    ``turn`` is the seat to move: in the offer phases the seat being asked, not the one
    whose turn it is. While a discard is offered (``Phase.DISCARD_OFFER``) it lies alone on
    the pile, and ``offer`` counts the seats asked so far (the discarder is ``offer`` seats
    before ``turn``). ``out_of_play`` holds the discards everyone passed, this hand.
    """

    __slots__ = ("options", "players", "seed", "first_seat", "hand_no", "dealer", "hands",
                 "melds", "stock", "pile", "known", "totals", "turn", "phase", "rebuilds",
                 "hand_scores", "hand_outs", "winner", "turns", "turn_start_melds", "offer",
                 "must_draw", "dealt", "out_of_play")

    def __init__(self, options: RuleOptions, players: int, seed: int = 0, *,
                 first_seat: int | None = None, deal: Deal | None = None):
        if not options.min_players <= players <= options.max_players:
            raise ValueError(f"these rules are for {options.min_players} to "
                             f"{options.max_players} players, not {players}")
        if first_seat is None:
            first_seat = first_opener(options, players, seed)
        if not 0 <= first_seat < players:
            raise ValueError(f"first seat must be 1 to {players}")
        if options.partnerships and players != 4:
            raise ValueError(f"partnerships are for four players, not {players}")
        self.options = options
        self.players = players
        self.seed = seed
        self.first_seat = first_seat
        self.hand_no = 0
        self.dealer = (first_seat - 1) % players
        self.totals = [0] * players
        self.hand_scores: list[tuple[int, ...]] = []
        self.hand_outs: list[int] = []
        self.winner = -1
        if deal is not None and (reason := deal.problem(options, players)):
            raise ValueError(reason)
        self._start_hand(deal or Deal.shuffled(options, players, seed, 0))

    # ----------------------------------------------------------------- queries

    @property
    def seat(self) -> int:
        """The seat to move."""
        return self.turn

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.MATCH_OVER

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move (empty between hands and after the match)."""
        seat = self.turn
        return legal.legal_actions(self.phase, self.hands[seat], self.melds[seat], self.pile,
                                   self.options, self.must_draw)

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        try:
            return self._problem(self.named(action))
        except (TypeError, ValueError, IndexError, AttributeError):
            return "That is not an action this game understands"

    # ----------------------------------------------------------------- changes

    def apply(self, action: Action, *, trusted: bool = False) -> list[Event]:
        """Play ``action`` for the seat to move and return what happened.

        Raises ``IllegalAction`` with the reason, leaving the state unchanged, when the action
        is illegal. ``trusted=True`` skips that check: only for an action taken from this very
        state's ``legal_actions()`` (the AI's inner loop).
        """
        if not trusted:
            if reason := self.check(action):
                raise IllegalAction(reason, self.rule_of(action))
            action = self.named(action)
        kind = action.kind
        if kind is _DISCARD:
            return self._discard(action.cards[0])
        if kind is _DRAW:
            return self._draw()
        if kind is _ADD:
            return self._add(action)
        if kind is _SET or kind is _RUN:
            return self._meld(action)
        if kind is _SWAP:
            return self._swap(action)
        if kind is _TAKE_OFFER or (kind is _PASS and self.phase is _DISCARD_OFFER_PHASE):
            return self._answer_discard_offer(kind is _TAKE_OFFER)
        if kind is _PASS or kind is _TAKE_UPCARD:
            return self._answer_offer(kind is _TAKE_UPCARD)
        return self._take(action)

    def next_hand(self) -> list[Event]:
        """Deal the next hand after a hand has ended (the match goes on)."""
        if self.phase is not Phase.HAND_OVER:
            raise IllegalAction("The match is over" if self.phase is Phase.MATCH_OVER
                                else "The hand is not over yet")
        self.hand_no += 1
        if self.options.opener is Opener.WINNER_DEALS:
            self.dealer = _hand_winner(self.hand_scores[-1], self.hand_outs[-1])
        else:
            self.dealer = (self.dealer + 1) % self.players
        return self._start_hand(Deal.shuffled(self.options, self.players, self.seed,
                                              self.hand_no))

    @classmethod
    def assemble(cls, **fields) -> State:
        """A state from every one of its fields (``__slots__``), e.g. a determinized view."""
        if set(fields) != set(cls.__slots__):
            raise TypeError(f"assemble needs exactly the fields {cls.__slots__}")
        new = cls.__new__(cls)
        for name, value in fields.items():
            setattr(new, name, value)
        return new

    def copy(self) -> State:
        """An independent copy, cheap enough for search."""
        new = State.__new__(State)
        new.options = self.options
        new.players = self.players
        new.seed = self.seed
        new.first_seat = self.first_seat
        new.hand_no = self.hand_no
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.melds = [m[:] for m in self.melds]
        new.stock = self.stock[:]
        new.pile = self.pile[:]
        new.known = [k[:] for k in self.known]
        new.totals = self.totals[:]
        new.turn = self.turn
        new.phase = self.phase
        new.rebuilds = self.rebuilds
        new.hand_scores = self.hand_scores[:]
        new.hand_outs = self.hand_outs[:]
        new.winner = self.winner
        new.turns = self.turns[:]
        new.turn_start_melds = self.turn_start_melds
        new.offer = self.offer
        new.must_draw = self.must_draw
        new.dealt = self.dealt
        new.out_of_play = self.out_of_play[:]
        return new

    def view(self, seat: int):
        """What ``seat`` may see (see ``view.View``)."""
        from .view import View
        return View.of(self, seat)

    # ----------------------------------------------------------------- the rules

    def _start_hand(self, deal: Deal) -> list[Event]:
        self.hands = [list(h) for h in deal.hands]
        self.melds: list[list[Meld]] = [[] for _ in range(self.players)]
        self.stock = list(reversed(deal.stock))
        self.pile = list(deal.pile)
        self.known: list[list[Card]] = [[] for _ in range(self.players)]
        self.out_of_play: list[Card] = []
        self.rebuilds = 0
        self.turns = [0] * self.players
        self.must_draw = False
        if self.options.opener is Opener.MATCH_SEAT:
            opener = self.first_seat
        else:
            opener = (self.dealer + 1) % self.players
        if self.options.upcard_offer and self.pile:
            self.turn, self.phase, self.offer = opener, Phase.OFFER, 0
            self.turn_start_melds = 0
        else:
            self.offer = -1
            self._begin_turn(opener)
        self.dealt = Event(Ev.DEALT, opener, tuple(deal.pile),
                           hands=tuple(map(tuple, deal.hands)))
        return [self.dealt]

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = _DRAW_PHASE
        self.turns[seat] += 1
        self.turn_start_melds = len(self.melds[seat])

    def _problem(self, action: Action) -> str | None:
        """The rule check behind ``check``: None, or the reason the action is refused."""
        if not isinstance(action, Action) or not isinstance(action.kind, Act):
            return "That is not an action this game understands"
        phase = self.phase
        if phase is Phase.MATCH_OVER:
            return "The match is over"
        if phase is Phase.HAND_OVER:
            return "The hand is over; deal the next hand"
        kind, cards = action.kind, action.cards
        if type(cards) is not tuple or not all(map(_is_card, cards)) \
                or type(action.target) is not int or type(action.stands) is not int \
                or not (action.stands == -1 or (_is_card(action.stands) and action.stands)) \
                or (kind in _CARDLESS) == bool(cards) \
                or (action.target != -1 and kind not in _ON_A_MELD) \
                or (action.stands != -1 and kind not in _NAMING):
            return "That is not an action this game understands"
        if phase is Phase.OFFER:
            if kind is Act.TAKE_UPCARD or kind is Act.PASS:
                return None
            return "First answer the upcard offer: take it or pass"
        if phase is Phase.DISCARD_OFFER:
            offered = self.pile[-1]
            if kind is Act.PASS or (kind is Act.TAKE_OFFER and cards == (offered,)):
                return None
            return f"The {card_name(offered)} is offered to you: take it or pass"
        if kind is Act.TAKE_OFFER or kind is Act.TAKE_UPCARD or kind is Act.PASS:
            return self._no_offer_problem(kind)
        if kind is Act.DRAW:
            return None if phase is Phase.DRAW else \
                "You have already drawn this turn: meld, or discard to end your turn"
        if kind in PILE_TAKES:
            return self._take_problem(action)
        if phase is Phase.DRAW:
            return "Draw from the stock or take the pile first"
        hand = self.hands[self.turn]
        if reason := _missing(hand, cards):
            return reason
        if kind is Act.DISCARD:
            if len(cards) != 1:
                return "Discard one card"
            return _queen_discard_problem(hand, cards[0]) if self.options.queen_of_spades_rules \
                else None
        if kind is Act.ADD:
            return self._addition_problem(action) or self._emptying_problem(1)
        if kind is Act.SWAP:
            return self._swap_problem(action)
        made = self._new_meld(action)
        if isinstance(made, str):
            return made
        return self._slot_problem() or self._emptying_problem(len(cards))

    def _no_offer_problem(self, kind: Act) -> str:
        """Why taking or passing an offer is refused on one's own turn, where nothing is
        offered: said in this game's words (a game without a pile has no upcard, one without
        the upcard offer never offers it), with what the player may do instead."""
        offered = self.options.discards is Discards.OFFERED
        if kind is Act.PASS:
            what = "Nothing is offered to you" if offered else \
                "There is no upcard offer to pass" if not self.options.upcard_offer else \
                "The upcard offer is over: there is nothing to pass"
        elif kind is Act.TAKE_UPCARD:
            what = "There is no upcard in this game" if offered else \
                "There is no upcard offer in this game" if not self.options.upcard_offer else \
                "The upcard offer is over"
        else:
            what = "No discard is being offered to you" if offered else \
                "Discards are not offered in this game"
        if self.phase is Phase.MELD:
            return f"{what}: it is your turn, meld or discard to end it"
        if offered or self.must_draw or not self.pile:
            return f"{what}: it is your turn, draw from the stock"
        return f"{what}: it is your turn, draw from the stock or take the pile"

    def _take_problem(self, action: Action) -> str | None:
        if self.phase is not Phase.DRAW:
            return "You may take the pile only instead of drawing, at the start of your turn"
        if self.must_draw:
            return "Everyone refused the upcard: draw from the stock"
        if self.options.discards is Discards.OFFERED:
            return "There is no discard pile in this game: draw from the stock"
        if not self.pile:
            return "The discard pile is empty"
        top = self.pile[-1]
        kind, cards = action.kind, list(action.cards)
        rule, easy = self.options.pile_take, self.options.easy_pile
        if top not in cards:
            return self.pile_advice()
        if kind is Act.TAKE_ADD or kind is Act.TAKE_SWAP:
            if rule is not PileTake.USE_TOP and not (easy and kind is Act.TAKE_ADD) \
                    or len(cards) != 1:
                return self.pile_advice()
            return self._addition_problem(action) if kind is Act.TAKE_ADD \
                else self._swap_problem(action)
        if rule is PileTake.NEW_SET and not easy and (kind is not Act.TAKE_SET or len(cards) != 3):
            return self.pile_advice()
        cards.remove(top)
        if reason := _missing(self.hands[self.turn], cards):
            return reason
        if isinstance(self._new_meld(action), str):
            return self.pile_advice()
        return self._slot_problem() or self._emptying_problem(len(cards),
                                                              taking=len(self.pile) - 1)

    def rule_of(self, action: Action) -> Rule | None:
        """Which rule of ``Rule`` a refused ``action`` runs into (None: legal, or refused for
        another reason), read from the action and the options, never from the words."""
        if self.phase not in (Phase.DRAW, Phase.MELD) or self.check(action) is None:
            return None
        try:
            return self._rule_of(action)
        except (TypeError, ValueError, IndexError, AttributeError):  # not an action at all
            return None

    def _rule_of(self, action: Action) -> Rule | None:
        kind, cards, opts = action.kind, action.cards, self.options
        if kind in (Act.SET, Act.RUN, Act.TAKE_SET, Act.TAKE_RUN) and self._slot_problem():
            return Rule.MELD_SLOTS
        if kind in PILE_TAKES:
            return Rule.PILE_TAKE if (self.phase is Phase.DRAW and self.pile
                                      and not self.must_draw) else None
        if self.phase is not Phase.MELD or _missing(self.hands[self.turn], cards):
            return None
        if kind is Act.DISCARD:
            queen = opts.queen_of_spades_rules and len(cards) == 1 \
                and _queen_discard_problem(self.hands[self.turn], cards[0])
            return Rule.QUEEN_DISCARD if queen else None
        if kind is Act.RUN:
            if opts.run_max is not None and len(cards) > opts.run_max:
                return Rule.RUN_LENGTH
            wild_only = not opts.wilds_in_new_runs and isinstance(new_run(cards, opts), str) \
                and not isinstance(new_run(cards, opts, laid_new=False), str)
            return Rule.WILD_IN_NEW_RUN if wild_only else None
        if kind is Act.ADD and 0 <= action.target < len(self.melds[self.turn]):
            meld = self.melds[self.turn][action.target]
            full = opts.run_max is not None and len(meld.cards) >= opts.run_max
            return Rule.RUN_LENGTH if meld.kind is MeldKind.RUN and full else None
        return None

    def pile_advice(self) -> str:
        """The pile rule and the takes the mover's hand allows, as one line (the pile has a
        top card): the refusal of an ill-formed take, and the table's answer to a tap."""
        takes = [a for a in self.legal_actions() if a.kind in PILE_TAKES]
        return pile_advice.advice(self.pile[-1], self.options, takes)

    def _own_meld(self, action: Action) -> Meld | str:
        melds = self.melds[self.turn]
        if not 0 <= action.target < len(melds):
            return (f"You have no meld number {action.target + 1}; you may add only to your "
                    "own melds")
        return melds[action.target]

    def _addition_problem(self, action: Action) -> str | None:
        meld = self._own_meld(action)
        if isinstance(meld, str):
            return meld
        c = action.cards[0]
        if len(action.cards) != 1:
            return "Add one card at a time"
        if action.stands >= 0 and (not is_wild(c) or meld.kind is not MeldKind.RUN):
            return "Only a 2 or a joker added to a run names the card it stands for"
        if is_wild(c) and meld.kind is MeldKind.RUN and action.stands < 0:
            places = self._wild_places(meld, c)
            if not places:
                return f"The {card_name(c)} has no place to go in that run"
            text = card_text(c)
            return ("Say which card the wild stands for in the run: "
                    + " or ".join(f"{text}={card_text(p)}" for p in places))
        grown = self._grown(meld, action)
        return grown if isinstance(grown, str) else None

    def named(self, action):
        """``action``, or for a wild added to a run without naming its card (``add 2C to 1``)
        the same action naming it when only one place fits: a player need not name what the
        rules leave no choice about."""
        if type(action) is not Action or action.kind not in _NAMING or action.stands != -1 \
                or type(action.cards) is not tuple or len(action.cards) != 1 \
                or not _is_card(c := action.cards[0]) or not is_wild(c) \
                or type(action.target) is not int:
            return action
        melds = self.melds[self.turn]
        if not 0 <= action.target < len(melds) or melds[action.target].kind is not MeldKind.RUN:
            return action
        places = self._wild_places(melds[action.target], c)
        return action._replace(stands=places[0]) if len(places) == 1 else action

    def _wild_places(self, run: Meld, c: Card) -> list[Card]:
        """The cards wild ``c`` could stand for, added to ``run`` now."""
        places = run.wild_places if self.options.queen_of_spades_rules else run.open_places
        return [stands for stands, joker_only in places
                if (c == JOKER or not joker_only)
                and isinstance(add_to(run, c, stands, self.options), Meld)]

    def _swap_problem(self, action: Action) -> str | None:
        if not self.options.jokers:
            return "There are no jokers in this game to swap"
        if len(action.cards) != 1:
            return "Swap one natural card for your joker"
        meld = self._own_meld(action)
        if isinstance(meld, str):
            return meld
        swapped = swap_joker(meld, action.cards[0])
        return swapped if isinstance(swapped, str) else None

    def _slot_problem(self) -> str | None:
        slots = self.options.meld_slots
        if slots is not None and len(self.melds[self.turn]) >= slots:
            return f"You already have {slots} melds on the table, the most allowed"
        return None

    def _emptying_problem(self, used: int, taking: int = 0) -> str | None:
        if not self.options.go_out_by_melding and len(self.hands[self.turn]) + taking <= used:
            return "You may go out only by discarding your last card: keep one to discard"
        return None

    def _new_meld(self, action: Action) -> Meld | str:
        if action.kind is _RUN or action.kind is _TAKE_RUN:
            return new_run(action.cards, self.options)
        return new_set(action.cards, self.options)

    def _grown(self, meld: Meld, action: Action) -> Meld | str:
        c = action.cards[0]
        return add_to(meld, c, action.stands if action.stands >= 0 else c, self.options)

    # ----------------------------------------------------------------- doing it

    def _answer_offer(self, take: bool) -> list[Event]:
        seat = self.turn
        if take:
            c = self.pile.pop()
            insort(self.hands[seat], c)
            insort(self.known[seat], c)
            self.offer = -1
            self.turns[seat] += 1
            self.phase = Phase.MELD  # the upcard is this player's draw; they open the hand
            return [Event(Ev.TOOK_UPCARD, seat, (c,))]
        self.offer += 1
        if self.offer < self.players:
            self.turn = (seat + 1) % self.players
            return [Event(Ev.PASSED, seat)]
        self.offer = -1
        self._begin_turn((seat + 1) % self.players)  # back to the opener, who must draw
        self.must_draw = True
        return [Event(Ev.PASSED, seat)]

    def _answer_discard_offer(self, take: bool) -> list[Event]:
        """The seat asked takes the offered discard (into hand, known to all; not a turn) or
        passes it on; when the last seat asked passes, it is out of play. Either way the turn
        then goes to the discarder's left, as it would have without the offer."""
        seat = self.turn
        c = self.pile[-1]
        if take:
            self.pile.pop()
            insort(self.hands[seat], c)
            insort(self.known[seat], c)
            events = [Event(Ev.TOOK_OFFER, seat, (c,))]
        else:
            events = [Event(Ev.PASSED, seat, (c,))]
            if self.offer < self.players - 1:
                self.offer += 1
                self.turn = (seat + 1) % self.players
                return events
            self.out_of_play.append(self.pile.pop())
            events.append(Event(Ev.OUT_OF_PLAY, -1, (c,)))
        discarder = (seat - self.offer) % self.players
        self.offer = -1
        self._begin_turn((discarder + 1) % self.players)
        return events

    def _draw(self) -> list[Event]:
        events = []
        self.must_draw = False
        if not self.stock:
            rebuilt = self._rebuild_stock()
            if rebuilt is None:
                return self._end_hand(-1)
            events.append(rebuilt)
        c = self.stock.pop()
        insort(self.hands[self.turn], c)
        self.phase = _MELD_PHASE
        events.append(_DREW_BY[self.turn][c])
        return events

    def _rebuild_stock(self) -> Event | None:
        """Turn the pile into a new stock, or None when the hand must end instead."""
        how = self.options.stock_out
        keep = 1 if how is _TURN_OVER else 0
        if self.rebuilds >= _REBUILDS[how] or len(self.pile) <= keep:
            return None
        self.rebuilds += 1
        if how is _TURN_OVER:
            top = self.pile.pop()
            self.pile.reverse()  # turned face down: the pile's bottom card is drawn first
            self.stock = self.pile
            self.pile = [top]
        else:
            self.stock = self.pile
            shuffle(rng(self.seed, "reshuffle", self.hand_no, self.rebuilds), self.stock)
            self.pile = []
        return Event(Ev.RESHUFFLED)

    def _discard(self, c: Card) -> list[Event]:
        seat = self.turn
        hand = self.hands[seat]
        self._leave_hand(seat, (c,))
        self.pile.append(c)
        events = [_DISCARDED_BY[seat][c]]
        if not hand:
            return events + self._end_hand(seat)
        if not self.stock and self.options.stock_out is _BLOCKED:
            return events + self._end_hand(-1)
        if self.options.discards is _OFFERED:
            self.turn, self.phase, self.offer = (seat + 1) % self.players, _DISCARD_OFFER_PHASE, 1
            return events
        self._begin_turn((seat + 1) % self.players)
        return events

    def _take(self, action: Action) -> list[Event]:
        """Take the whole pile, using its top card as the action says, the rest to hand."""
        seat = self.turn
        hand = self.hands[seat]
        taken = self.pile
        self.pile = []
        top = taken[-1]
        kind = action.kind
        melds = self.melds[seat]
        events = [Event(_TOOK_PILE, seat, tuple(taken),
                        len(melds) if kind is _TAKE_SET or kind is _TAKE_RUN else action.target)]
        if kind is _TAKE_ADD:
            melds[action.target] = accepted(self._grown(melds[action.target], action))
            events.append(Event(_ADDED, seat, (top,), action.target, stands=action.stands))
        elif kind is _TAKE_SWAP:
            events.append(self._put_in_place_of_joker(action.target, top))
        else:
            own = list(action.cards)
            own.remove(top)
            self._leave_hand(seat, own)
            meld = accepted(self._new_meld(action))
            melds.append(meld)
            events.append(Event(_MELDED, seat, meld.cards, len(melds) - 1,
                                run=meld.kind is _RUN_MELD))
        # the rest of the pile joins the hand, seen by all: added and sorted once (a card at a
        # time, a pile of twenty was forty insertions)
        rest = taken[:-1]
        hand += rest
        hand.sort()
        known = self.known[seat]
        known += rest
        known.sort()
        self.phase = _MELD_PHASE
        if not hand:
            events += self._end_hand(seat)
        return events

    def _meld(self, action: Action) -> list[Event]:
        seat = self.turn
        hand = self.hands[seat]
        self._leave_hand(seat, action.cards)
        meld = accepted(self._new_meld(action))
        self.melds[seat].append(meld)
        events = [Event(_MELDED, seat, meld.cards, len(self.melds[seat]) - 1,
                        run=meld.kind is _RUN_MELD)]
        if not hand:
            events += self._end_hand(seat)
        return events

    def _add(self, action: Action) -> list[Event]:
        seat = self.turn
        c = action.cards[0]
        melds = self.melds[seat]
        melds[action.target] = accepted(self._grown(melds[action.target], action))
        self._leave_hand(seat, (c,))
        events = [Event(_ADDED, seat, (c,), action.target, stands=action.stands)]
        if not self.hands[seat]:
            events += self._end_hand(seat)
        return events

    def _swap(self, action: Action) -> list[Event]:
        seat = self.turn
        c = action.cards[0]
        self._leave_hand(seat, (c,))
        return [self._put_in_place_of_joker(action.target, c)]

    def _put_in_place_of_joker(self, target: int, natural: Card) -> Event:
        """Swap ``natural`` into the mover's meld ``target``; the joker, seen by all, goes to
        their hand as a known card."""
        seat = self.turn
        self.melds[seat][target] = accepted(swap_joker(self.melds[seat][target], natural))
        insort(self.hands[seat], JOKER)
        insort(self.known[seat], JOKER)
        return Event(Ev.SWAPPED, seat, (natural, JOKER), target)

    def _leave_hand(self, seat: int, cards) -> None:
        """Cards leave the seat's hand, face up. Others know a seat holds a card only from
        what they saw: a copy came in face up (the pile, the upcard, a joker swapped back),
        and each copy of that card seen leaving takes one known copy away, whatever other
        copies the hand may hide (counting those would leak them)."""
        hand, known = self.hands[seat], self.known[seat]
        for c in cards:
            hand.remove(c)
            if known and c in known:
                known.remove(c)

    def _end_hand(self, out: int) -> list[Event]:
        opts = self.options
        each = [hand_score(self.melds[s], self.hands[s], s == out, opts, self.hand_no)
                for s in range(self.players)]
        if out >= 0 and opts.one_turn_out_bonus and self.turn_start_melds == 0 \
                and self.turns[out] > 1:
            each[out] += opts.one_turn_out_bonus  # out in one turn, nothing melded before
        scores = tuple(each)
        self.hand_scores.append(scores)
        self.hand_outs.append(out)
        for s in range(self.players):
            self.totals[s] += scores[s]
        events = [Event(Ev.HAND_ENDED, out, scores=scores)]
        if (opts.target is not None and max(self.totals) >= opts.target) or (
                opts.hand_limit is not None and self.hand_no + 1 >= opts.hand_limit):
            self.winner = match_winner(self.totals, opts)
            self.totals[self.winner] += opts.match_bonus
            self.phase = Phase.MATCH_OVER
            events.append(Event(Ev.MATCH_ENDED, self.winner, scores=tuple(self.totals)))
        else:
            self.phase = Phase.HAND_OVER
        return events

    # ----------------------------------------------------------------- comparing

    def cards_in_play(self) -> Counter:
        """Every card of the hand being played: hands, melds, stock, pile and out of play.
        Equal to the decks (``cards.deck(options.jokers)``) exactly when no card was lost or
        made up."""
        found = Counter(self.stock)
        found.update(self.pile)
        found.update(self.out_of_play)
        for hand in self.hands:
            found.update(hand)
        for seat_melds in self.melds:
            for meld in seat_melds:
                found.update(meld.cards)
        return found

    def snapshot(self) -> tuple:
        """Everything that makes this state, as plain values (for equality and tests)."""
        return tuple(_frozen(getattr(self, name)) for name in self.__slots__)


_MOST_SEATS = INFO["max_players"].bounds
assert _MOST_SEATS is not None  # a count option always has its bounds
_SEATS = range(_MOST_SEATS[1])
_DREW_BY = tuple(tuple(Event(Ev.DREW, seat, (c,)) for c in range(CARD_SLOTS))
                 for seat in _SEATS)
_DISCARDED_BY = tuple(tuple(Event(Ev.DISCARDED, seat, (c,)) for c in range(CARD_SLOTS))
                      for seat in _SEATS)
"""Each seat's draw and discard of each card, the events of almost every step, made once:
events are values, and making one (a tuple subclass) cost some 2,000 instructions a step."""

_CARDLESS = frozenset((Act.DRAW, Act.PASS, Act.TAKE_UPCARD))
_ON_A_MELD = frozenset((Act.ADD, Act.TAKE_ADD, Act.SWAP, Act.TAKE_SWAP))
_NAMING = frozenset((Act.ADD, Act.TAKE_ADD))
"""Which kinds of action use cards, a meld number and a named card: any other field set makes
an action this game does not understand (its text form could not carry it)."""


def _is_card(c) -> bool:
    return type(c) is int and (c == 0 or 4 <= c < 56)


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _hand_winner(scores: tuple[int, ...], out: int) -> int:
    """Who won a hand: the player who went out, else the best score (tie: lower seat)."""
    return out if out >= 0 else match_winner(scores)


def _missing(hand: list[Card], cards) -> str | None:
    """Why ``hand`` does not hold all of ``cards`` (a multiset), or None."""
    if not cards:
        return "Name the cards to play"
    for c in dict.fromkeys(cards):
        want = cards.count(c)
        have = hand.count(c)
        if have < want:
            if have == 0:
                return f"You do not hold the {card_name(c)}"
            return f"You hold only {have} {card_name(c)}"
    return None


def _queen_discard_problem(hand: list[Card], c: Card) -> str | None:
    """The queen of spades may be discarded only as your last card or when you hold nothing
    else (with two decks a hand can be two queens of spades and must still end its turn)."""
    if c == QUEEN_OF_SPADES and any(x != QUEEN_OF_SPADES for x in hand):
        return "You may not discard the queen of spades while you hold other cards"
    return None
