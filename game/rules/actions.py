"""Actions: small immutable values with a stable text form.

Text forms (card codes as in ``cards.py``; meld numbers count the player's own melds from 1):

=============================  ==========================================================
``draw``                       take the top card of the stock
``take set QS QH 2C``          take the whole pile, laying the top card (here QS) in a new
                               set with cards from hand
``take run 5S 6S 7S``          the same with a new run (options where runs may take the pile)
``set 7S 7H 2C``               lay a new set (naturals, then wilds) or a meld of 2s
``run 2C=4S 5S 6S``            lay a new run, lowest card first; a 2 (or joker) is followed
                               by ``=`` and the card it stands for
``add 8S to 2``                add a natural card to your meld number 2
``add 2C=4S to 2``             add a 2 (or joker) to your run, naming the card it stands for
``add 2C to 1``                add a wild to your set or meld of 2s
``discard QS``                 discard a card, ending the turn
``swap 7S into 2``             put a natural card in place of your joker in your meld 2,
                               taking the joker back into your hand
``take add QS to 2``           take the pile by adding its top card to your meld 2
                               (options where that may take the pile); wilds name their card
``take swap QS into 2``        take the pile by swapping its top card for your joker
``take upcard``                take the first upcard when it is offered (then discard)
``pass``                       refuse the offered upcard, or the offered discard
``take 7H``                    take the discard offered to you into your hand (presets
                               where discards are offered instead of piled)
=============================  ==========================================================

Parsing is the inverse of ``str``: ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .cards import (
    ACE_HIGH,
    JOKER,
    Card,
    card,
    card_text,
    is_wild,
    parse_card,
    suit_of,
)
from .melds import run_start
from .text import quote, words


class Act(enum.IntEnum):
    """What kind of thing a player does."""

    DRAW = 0
    TAKE_SET = 1
    TAKE_RUN = 2
    SET = 3
    RUN = 4
    ADD = 5
    DISCARD = 6
    SWAP = 7
    TAKE_ADD = 8
    TAKE_SWAP = 9
    TAKE_UPCARD = 10
    PASS = 11
    TAKE_OFFER = 12


PILE_TAKES = frozenset((Act.TAKE_SET, Act.TAKE_RUN, Act.TAKE_ADD, Act.TAKE_SWAP))
"""The kinds that take the whole discard pile (taking the first upcard takes one card)."""


class Action(NamedTuple):
    """One decision. ``cards`` are the cards involved (for a take, the whole new meld, top card
    included; for ``TAKE_ADD`` and ``TAKE_SWAP`` the top card); ``target`` is the index of the
    player's own meld for adds and swaps; ``stands`` is the card a 2 or joker added to a run
    stands for (-1 otherwise). An ace it stands for goes at
    whichever end of the run takes an ace (the low end if both do: the results are alike)."""

    kind: Act
    cards: tuple[Card, ...] = ()
    target: int = -1
    stands: Card = -1

    def __str__(self) -> str:
        kind = self.kind
        if kind is Act.DRAW:
            return "draw"
        if kind is Act.PASS:
            return "pass"
        if kind is Act.TAKE_UPCARD:
            return "take upcard"
        if kind is Act.DISCARD:
            return f"discard {card_text(self.cards[0])}"
        if kind is Act.TAKE_OFFER:
            return f"take {card_text(self.cards[0])}"
        if kind is Act.ADD or kind is Act.TAKE_ADD:
            c = self.cards[0]
            named = f"={card_text(self.stands)}" if self.stands >= 0 else ""
            verb = "add" if kind is Act.ADD else "take add"
            return f"{verb} {card_text(c)}{named} to {self.target + 1}"
        if kind is Act.SWAP or kind is Act.TAKE_SWAP:
            verb = "swap" if kind is Act.SWAP else "take swap"
            return f"{verb} {card_text(self.cards[0])} into {self.target + 1}"
        words = {Act.TAKE_SET: "take set", Act.TAKE_RUN: "take run", Act.SET: "set",
                 Act.RUN: "run"}[kind]
        if kind in (Act.RUN, Act.TAKE_RUN):
            return f"{words} {run_text(self.cards)}"
        return f"{words} {' '.join(card_text(c) for c in self.cards)}"


def run_text(cards) -> str:
    """A run's cards lowest first, each wild followed by ``=`` and the card it stands for."""
    low = run_start(cards)
    suit = next((suit_of(c) for c in cards if not is_wild(c)), 0)
    out = []
    for i, c in enumerate(cards):
        text = card_text(c)
        if is_wild(c) and low is not None and 1 <= low + i <= ACE_HIGH:
            text += "=" + card_text(card(low + i, suit))
        out.append(text)
    return " ".join(out)


DRAW = Action(Act.DRAW)
PASS = Action(Act.PASS)
TAKE_UPCARD = Action(Act.TAKE_UPCARD)
DISCARD = tuple(Action(Act.DISCARD, (c,)) for c in range(56))
"""The discard action of each card, made once (actions are compared by value anyway)."""


def parse_action(text: str) -> Action:
    """Action from its text form. Raises ValueError, with a message for the player, for any
    text that is not an action (``docs/engine.md``, "Action text": ASCII only, words separated
    by spaces or tabs, keywords and card codes in any case)."""
    try:
        return _parse(words(text))
    except ValueError as e:
        shown = quote(text) if isinstance(text, str) else "that"
        raise ValueError(f"cannot read action {shown}: {e}") from None


def _parse(words: list[str]) -> Action:
    if not words:
        raise ValueError("empty action")
    lower = [w.lower() for w in words[:3]]
    verb = lower[0]
    if verb == "draw" and len(words) == 1:
        return DRAW
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "take" and len(words) == 2 and lower[1] == "upcard":
        return TAKE_UPCARD
    if verb == "take" and len(words) > 1 and lower[1] in ("add", "swap"):
        inner = _parse(words[1:])
        kind = Act.TAKE_ADD if inner.kind is Act.ADD else Act.TAKE_SWAP
        return inner._replace(kind=kind)
    if verb == "take" and len(words) == 2 and lower[1] not in ("set", "run"):
        return Action(Act.TAKE_OFFER, (parse_card(words[1]),))
    if verb == "swap" and len(words) == 4 and lower[2] == "into":
        return Action(Act.SWAP, (parse_card(words[1]),), _meld_number(words[3]))
    if verb == "discard" and len(words) == 2:
        return Action(Act.DISCARD, (parse_card(words[1]),))
    if verb == "take" and len(words) >= 2 and lower[1] in ("set", "run"):
        is_run = lower[1] == "run"
        kind = Act.TAKE_RUN if is_run else Act.TAKE_SET
        return Action(kind, _meld_cards(words[2:], is_run))
    if verb in ("set", "run"):
        kind = Act.RUN if verb == "run" else Act.SET
        return Action(kind, _meld_cards(words[1:], verb == "run"))
    if verb == "add" and len(words) == 4 and lower[2] == "to":
        target = _meld_number(words[3])
        code, _, named = words[1].partition("=")
        c = parse_card(code)
        stands = parse_card(named) if named else -1
        if named and (not is_wild(c) or stands == JOKER):
            raise ValueError("only a 2 or a joker names the card it stands for")
        return Action(Act.ADD, (c,), target, stands)
    raise ValueError("expected draw, take set|run CARDS, "
                     "set CARDS, run CARDS, add CARD to N, swap CARD into N, discard CARD, "
                     "take add|swap ..., take upcard, take CARD or pass")


_MELD_NUMBER_DIGITS = 3
"""Meld numbers are written with at most this many digits (no player has 1,000 melds)."""


def _meld_number(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > _MELD_NUMBER_DIGITS:
        raise ValueError(f"{quote(word)} is not a meld number (write 1, 2, 3...)")
    number = int(word)
    if number < 1:
        raise ValueError("meld numbers start at 1")
    return number - 1


def _meld_cards(words, is_run: bool) -> tuple[Card, ...]:
    """Cards of a written meld; a run's ``=`` names must agree with the cards' order."""
    cards, named = [], {}
    for i, w in enumerate(words):
        c, _, stands = w.partition("=")
        c = parse_card(c)
        if stands:
            if not is_run or not is_wild(c):
                raise ValueError("only a 2 or a joker in a run names the card it stands for")
            named[i] = parse_card(stands)
        cards.append(c)
    if not cards:
        raise ValueError("no cards given")
    low = run_start(cards) if is_run else None
    if low is not None:
        suit = next(suit_of(c) for c in cards if not is_wild(c))
        for i, stands in named.items():
            if not 1 <= low + i <= ACE_HIGH or card(low + i, suit) != stands:
                raise ValueError(f"{quote(words[i])} does not fit that place in the run")
    return tuple(cards)
