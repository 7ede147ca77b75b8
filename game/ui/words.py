"""Cards, melds and the table's events in words a screen reader speaks well.

The canvas shows ``Q♠`` and draws the suits; a listener hears "queen of spades". These are the
words of the accessible mirror (``game.ui.mirror``) and of its live log: one plain sentence
per event ("Computer 2 took the pile, 7 cards, and laid down a set of three sevens."). Card
names and rank plurals come from the engine (``card_name``, ``rank_plural``), so a refusal
from the engine and a line here name a card the same way. No pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..rules.cards import (
    JOKER,
    RANK_NAMES,
    RANK_TEXT,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    card,
    card_name,
    is_wild,
    rank_of,
    suit_of,
)
from ..rules.events import FACE_DOWN, Ev, Event
from ..rules.melds import Meld, MeldKind, rank_plural, run_start
from ..rules.options import RuleOptions
from ..rules.scoring import values
from ..services.sides import sides

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen")
"""Small counts spoken as words ("three sevens"); larger ones stay digits."""

WORTH_SAYING = 20
"""A card in hand is named with its points when it melds for at least this many (aces, the
queen of spades, jokers): the cards whose value changes a decision. A 2 is named wild."""


def number(n: int) -> str:
    """``n`` as a word when it is small: ``three``; ``14`` stays ``14``."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def counted(n: int, noun: str) -> str:
    """``1 card``, ``7 cards``: a count the listener compares, so in digits."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def total(points: int) -> str:
    """A running total for the ear: ``1,250``, ``minus 115`` (a minus sign alone is read
    as "minus", "dash" or nothing, by the reader's settings)."""
    return f"minus {-points:,}" if points < 0 else f"{points:,}"


def signed(points: int) -> str:
    """A hand's score for the ear, its sign in words either way: ``plus 250``, ``minus 45``,
    ``0`` (a screen reader says a bare ``+`` as "plus" or not at all, by its settings)."""
    if points > 0:
        return f"plus {points}"
    return f"minus {-points}" if points < 0 else "0"


_SYMBOL = re.compile(r"\b(10|[2-9AJQK])([%s])" % SUIT_SYMBOLS)


def spoken(text: str) -> str:
    """Text the canvas shows with suit symbols, for the ear: ``Take the Q♠`` becomes ``Take
    the queen of spades`` (a screen reader says "black spade suit" for the symbol)."""
    return _SYMBOL.sub(lambda m: card_name(card(RANK_TEXT.index(m[1]),
                                                SUIT_SYMBOLS.index(m[2]))), text)


@lru_cache(maxsize=512)
def card_words(c: Card, options: RuleOptions | None = None) -> str:
    """A card in words: ``queen of spades``; with ``options``, ``queen of spades, 50
    points`` for the cards worth saying (``WORTH_SAYING``) and ``two of clubs, wild``.
    Cached: a hand is named again at every change of the table."""
    if c == FACE_DOWN:
        return "a face-down card"
    name = card_name(c)
    if options is None:
        return name
    if is_wild(c):
        return f"{name}, wild"
    worth = values(options)[0][c]
    return f"{name}, {worth} points" if worth >= WORTH_SAYING else name


def cards_words(cards: Sequence[Card]) -> str:
    """Cards listed for the ear: ``seven of hearts, seven of clubs and the joker``."""
    names = [card_name(c) for c in cards]
    return listed(names)


def listed(words: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def run_words(cards: Sequence[Card]) -> str:
    """A run lowest first: ``run: five, six, seven of hearts``; a wild says what it stands
    for, ``run: five, joker as six, seven of hearts``."""
    low = run_start(cards)
    naturals = [c for c in cards if not is_wild(c)]
    if low is None or not naturals:
        return "run: " + cards_words(cards)
    suit = suit_of(naturals[0])
    parts = []
    for i, c in enumerate(cards):
        place = card(low + i, suit)
        stands = RANK_NAMES[min(low + i, 14)]
        if c == place:
            parts.append(stands)
        else:
            parts.append(f"{'joker' if c == JOKER else card_name(c)} as {stands}")
    return f"run: {', '.join(parts)} of {SUIT_NAMES[suit]}"


def set_words(cards: Sequence[Card]) -> str:
    """A set: ``set of three sevens``; with wilds, every card named, ``set of three sevens:
    seven of spades, seven of hearts and two of clubs``; a meld of 2s, ``three twos: …``."""
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:  # a meld of 2s (or wilds alone)
        return f"{number(len(cards))} twos: {cards_words(cards)}"
    head = f"set of {number(len(cards))} {rank_plural(rank_of(naturals[0]))}"
    return head + (f": {cards_words(cards)}" if len(naturals) < len(cards) else "")


def meld_words(meld: Meld) -> str:
    """A meld on the table in words (``run: …`` or ``set of …``)."""
    if meld.kind is MeldKind.RUN:
        return run_words(meld.cards)
    return set_words(meld.cards)


def laid_words(cards: Sequence[Card], run: bool) -> str:
    """The meld an event laid: ``a run: …`` / ``a set of …``."""
    return "a " + (run_words(cards) if run else set_words(cards))


def _who(seat: int, names: Sequence[str], you: int) -> str:
    if seat == you:
        return "You"
    return names[seat] if 0 <= seat < len(names) else "Someone"


def event_sentence(e: Event, names: Sequence[str], you: int = -1,
                   then: Event | None = None, options: RuleOptions | None = None) -> str:
    """One event as a sentence; ``you`` is the seat spoken to as "You" (-1: nobody, in
    pass-and-play every seat is named). ``then``, the event after a take of the pile, is
    folded in: "took the pile, 7 cards, and laid down a set of three sevens". The match's
    end names the winning team where the match's ``options`` have partnerships. Empty for
    an event that says nothing."""
    who = _who(e.seat, names, you)
    k = e.kind
    if k is Ev.DEALT:
        count = max((len(h) for h in e.hands), default=0)
        return f"New hand dealt, {counted(count, 'card')} each. {who} {_verb('open', who)}."
    if k is Ev.DREW:
        if e.cards and e.cards[0] != FACE_DOWN:
            return f"{who} drew the {card_name(e.cards[0])}."
        return f"{who} drew from the stock."
    if k is Ev.TOOK_PILE:
        took = f"{who} took the pile, {counted(len(e.cards), 'card')}"
        if then is not None and then.kind is Ev.MELDED:
            return f"{took}, and laid down {laid_words(then.cards, then.run)}."
        if then is not None and then.kind is Ev.ADDED:
            return f"{took}, and added the {card_name(then.cards[0])} to meld {then.meld + 1}."
        return took + "."
    if k is Ev.MELDED:
        return f"{who} laid down {laid_words(e.cards, e.run)}."
    if k is Ev.ADDED:
        stands = f" as the {card_name(e.stands)}" if e.stands >= 0 and e.cards \
            and e.stands != e.cards[0] else ""
        return f"{who} added the {cards_words(e.cards)}{stands} to meld {e.meld + 1}."
    if k is Ev.DISCARDED:
        return f"{who} discarded the {cards_words(e.cards)}."
    if k is Ev.SWAPPED:
        return (f"{who} put the {card_name(e.cards[0])} in meld {e.meld + 1} and took back "
                "the joker.")
    if k is Ev.TOOK_UPCARD:
        return f"{who} took the upcard, the {cards_words(e.cards)}."
    if k is Ev.PASSED:
        return f"{who} passed the {cards_words(e.cards)}." if e.cards \
            else f"{who} passed on the upcard."
    if k is Ev.TOOK_OFFER:
        return f"{who} took the offered {cards_words(e.cards)}."
    if k is Ev.OUT_OF_PLAY:
        return f"Nobody took the {cards_words(e.cards)}: it is out of play."
    if k is Ev.RESHUFFLED:
        return "The discard pile was shuffled into a new stock."
    if k is Ev.HAND_ENDED:
        scores = ", ".join(f"{_who(s, names, you)} {signed(p)}" for s, p in enumerate(e.scores))
        head = f"{who} went out" if e.seat >= 0 else "The hand ended; nobody went out"
        if e.seat >= 0 and e.seat < len(e.scores):
            head += f": {signed(e.scores[e.seat])}"
        return f"{head}. Hand scores: {scores}." if scores else head + "."
    if k is Ev.MATCH_ENDED:
        return f"{match_won(e.seat, names, options, you)} the match."
    return ""


def _verb(verb: str, who: str) -> str:
    return verb if who == "You" else verb + "s"


def match_won(winner: int, names: Sequence[str], options: RuleOptions | None,
              you: int = -1, start: bool = True) -> str:
    """Who won the match and the verb, as the match's result names them: the engine's
    ``winner`` seat (``Computer 1 wins``, ``You win`` for ``you``, the seat spoken to), or
    with partnerships the winner's team, as the hand summary and the history name it
    (``Computer 1 & Computer 3 win``, ``You and your partner win``). ``start``: at the
    head of a sentence (else ``you win``, ``you and your partner win``)."""
    # the teams as sides names them (their totals unread here)
    teams = sides(names, (0,) * len(names), options) \
        if options is not None and options.partnerships else ()
    team = next((t for t in teams if winner in t.seats), None)
    if team is None:
        who = _who(winner, names, you)
        said = f"{who} {_verb('win', who)}"
    else:
        said = "You and your partner win" if you in team.seats else f"{team.name} win"
    return said if start or not said.startswith("You ") else "y" + said[1:]


def event_sentences(events: Sequence[Event], names: Sequence[str], you: int = -1,
                    options: RuleOptions | None = None) -> list[str]:
    """Each event's sentence, a take of the pile and the meld it made as one line (the
    match's ``options``: see ``event_sentence``)."""
    out: list[str] = []
    skip = False
    for i, e in enumerate(events):
        if skip:
            skip = False
            continue
        then = events[i + 1] if i + 1 < len(events) else None
        if e.kind is Ev.TOOK_PILE and then is not None and then.seat == e.seat \
                and then.kind in (Ev.MELDED, Ev.ADDED):
            skip = True
        else:
            then = None
        line = event_sentence(e, names, you, then, options)
        if line:
            out.append(line)
    return out
