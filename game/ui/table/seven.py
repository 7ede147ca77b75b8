"""What the table says in seven-hand Arlington, as pure functions over a seat's view.

Where discards are offered instead of piled, the table must show the discard held out (who
offered it, who is asked now, who passed already), the hand number with this hand's bonus and
the cards out of play, the partners and their combined total, and, briefly, what a computer
did with an offer. Each is read here from a ``View`` (or the ``State`` a summary reads once
every hand is revealed): they use only the fields both carry, so nothing here can show a
seat what it may not see. No pygame; the drawing is ``offer_panel``'s.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...rules.actions import PASS, Act, Action
from ...rules.cards import Card
from ...rules.events import Ev, Event
from ...rules.options import RuleOptions
from ...rules.phase import Phase
from ...rules.scoring import team_of, team_totals
from ...services.sides import Side, sides
from .model import counted, short


@dataclass(frozen=True, slots=True)
class Offer:
    """A discard being offered: the card, the seat that discarded it, the seat asked now,
    the seats that passed it already (in the order asked) and those still to be asked after
    the one asked now."""

    card: Card
    discarder: int
    asked: int
    passed: tuple[int, ...]
    waiting: tuple[int, ...]

    @property
    def take(self) -> Action:
        """The action that takes the card (the asked seat's ``take 9C``)."""
        return Action(Act.TAKE_OFFER, (self.card,))

    @property
    def refuse(self) -> Action:
        """The action that passes it on."""
        return PASS


def pending_offer(view) -> Offer | None:
    """The discard offered now, or None when no discard waits for an answer. ``view`` is a
    ``View`` (or a ``State``): the offered card lies alone on the pile, and ``offer`` counts
    the seats asked so far, so the discarder sits that many seats before the one asked."""
    if view.phase is not Phase.DISCARD_OFFER or not view.pile:
        return None
    n, asked = view.players, view.turn
    discarder = (asked - view.offer) % n
    passed = tuple((discarder + i) % n for i in range(1, view.offer))
    waiting = tuple((asked + i) % n for i in range(1, n - view.offer))
    return Offer(view.pile[-1], discarder, asked, passed, waiting)


def must_answer(view) -> bool:
    """Whether the seat of ``view`` is asked to take or pass a discard now."""
    offer = pending_offer(view)
    return offer is not None and offer.asked == view.seat


def _who(seat: int, names, viewer: int) -> str:
    return "you" if seat == viewer else names[seat]


def _listed(words) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def offer_prompt(offer: Offer, names, viewer: int, partner: int | None = None) -> str:
    """The panel's headline: ``North offers you the 9♣`` to the seat asked (``Your partner
    North offers…`` from the viewer's ``partner``), else ``North's 9♣ is offered to East``
    (``names``: each seat's name; ``viewer``: whose eyes)."""
    card = short(offer.card)
    if offer.asked == viewer:
        who = names[offer.discarder]
        return ("Your partner " if offer.discarder == partner else "") + \
            f"{who} offers you the {card}"
    owner = "Your" if offer.discarder == viewer else f"{names[offer.discarder]}'s"
    return f"{owner} {card} is offered to {names[offer.asked]}"


def offer_passed(offer: Offer, names, viewer: int) -> str:
    """Who passed it already, as a line under the headline (empty while nobody has):
    ``East passed`` / ``You and East passed``."""
    if not offer.passed:
        return ""
    text = _listed(_who(s, names, viewer) for s in offer.passed) + " passed"
    return text[0].upper() + text[1:]


def offer_note(offer: Offer, names, viewer: int) -> str:
    """What happens next: to the seat asked, who is asked after it or that the card goes
    out of play if it passes too; to anyone else, whose answer the table waits for."""
    if offer.asked != viewer:
        return f"Waiting for {names[offer.asked]} to take it or pass"
    if offer.waiting:
        return f"If you pass, {names[offer.waiting[0]]} is asked next"
    return "If you pass, it is out of play for the rest of the hand"


def decision_line(event: Event, names, viewer: int = -1) -> str:
    """A computer's (or anyone's) answer to an offer in a few words, for the brief line the
    table shows: ``North took the 7♠``, ``East passed``, ``7♠ is out of play``; empty for
    any other event (a passed upcard included, which names no card)."""
    if event.kind is Ev.TOOK_OFFER:
        who = "You" if event.seat == viewer else names[event.seat]
        return f"{who} took the {short(event.cards[0])}"
    if event.kind is Ev.PASSED and event.cards:
        return f"{'You' if event.seat == viewer else names[event.seat]} passed"
    if event.kind is Ev.OUT_OF_PLAY:
        return f"Nobody took it: the {short(event.cards[0])} is out of play"
    return ""


# --------------------------------------------------------------------------- the status strip


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of the strip, in words and in short words (the same fact, fewer letters),
    and in the fewest letters it can be said in (only where nothing else fits)."""

    words: str
    short: str
    least: str = ""

    @property
    def fewest(self) -> str:
        return self.least or self.short


def strip_pieces(view, viewer: int, teams: bool = False) -> tuple[Piece, ...]:
    """The strip's pieces, most important first: ``Hand 3 of 7`` (``Hand 3/7``, at the
    fewest ``3/7``); where the strip carries the teams' totals (``teams``, with
    partnerships) both of them as one piece, ``your team 1,135 · theirs 1,525`` (``us
    1,135 · them 1,525``; ``team_pieces``), which decide the match and so give way only to
    the hand's number; ``bonus 200``; ``5 cards out of play`` (``5 out of play``; ``none
    out of play`` before the first)."""
    o = view.options
    of = f" of {o.hand_limit}" if o.hand_limit else ""
    gone = len(view.out_of_play)
    bonus = f"bonus {o.bonus(view.hand_no):,}"
    number = f"{view.hand_no + 1}{of.replace(' of ', '/')}"
    both = team_pieces(view, viewer) if teams else None
    totals = joined(both) if both else None
    return tuple(p for p in (
        Piece(f"Hand {view.hand_no + 1}{of}", f"Hand {number}", number if of else ""),
        totals,
        Piece(bonus, bonus),
        Piece(f"{counted(gone, 'card')} out of play" if gone else "none out of play",
              f"{gone} out of play" if gone else "none out of play")) if p is not None)


def joined(pieces) -> Piece:
    """Pieces said as one, in words and in short words: ``us 1,135 · them 1,525``."""
    return Piece(" \u00b7 ".join(p.words for p in pieces),
                 " \u00b7 ".join(p.short for p in pieces))


def team_pieces(view, viewer: int) -> tuple[Piece, Piece] | None:
    """Each team's total, ``viewer``'s team first: ``your team 1,135`` (``us 1,135``) and
    ``theirs 1,525`` (``them 1,525``); None without partnerships. Shown together, never
    one alone (it would say who leads no better than none)."""
    o = view.options
    if not o.partnerships:
        return None
    ours, theirs = team_totals(view.totals, o)[::1 if team_of(viewer, o) == 0 else -1]
    return (Piece(f"your team {ours:,}", f"us {ours:,}"),
            Piece(f"theirs {theirs:,}", f"them {theirs:,}"))


def status_parts(view) -> tuple[str, ...]:
    """The strip's own pieces in words: ``Hand 3 of 7``, ``bonus 200``, ``5 cards out of
    play``."""
    return tuple(p.words for p in strip_pieces(view, view.seat))


def status_text(view) -> str:
    """The whole strip as one line: ``Hand 3 of 7 · bonus 200 · 5 cards out of play``."""
    return " \u00b7 ".join(status_parts(view))


# --------------------------------------------------------------------------- partners


def partner_of(seat: int, options: RuleOptions, players: int) -> int | None:
    """``seat``'s partner (the seat across the table), or None without partnerships."""
    if not options.partnerships or players != 4:
        return None
    return (seat + 2) % 4


def teams(view, names) -> tuple[Side, ...]:
    """The two teams with their combined totals (team 1 & 3 first, ``services.sides``), or ()
    when every seat plays for itself."""
    if not view.options.partnerships:
        return ()
    return sides(names, view.totals, view.options)


def partner_mark(seat: int, viewer: int, options: RuleOptions, players: int) -> str:
    """The word on a seat's plate with partnerships: ``partner`` for the viewer's partner,
    ``team 2 & 4`` (or ``team 1 & 3``) for the others; empty without partnerships and for
    the viewer's own seat."""
    if partner_of(seat, options, players) is None or seat == viewer:
        return ""
    if seat == partner_of(viewer, options, players):
        return "partner"
    team = team_of(seat, options)
    return f"team {team + 1} & {team + 3}"


class MarkAt(enum.Enum):
    """Where a seat's partnership word (``partner_mark``) goes in its panel (``mark_at``)."""

    PILL = "pill"
    """Its pill, in the header left of the total."""
    HEADER = "header"
    """Leading the header's name: ``partner · C2``."""
    CAPTION = "caption"
    """Leading the line under the header (its pill, or the word)."""
    MELDS = "melds"
    """Leading the melds' line: ``partner · 3 melds``."""
    NOWHERE = "nowhere"


def mark_at(mark: str, room: int, pill: int, beside: int, word: int, caption: bool,
            melds_line: bool) -> MarkAt:
    """Where ``mark`` goes in a panel whose header has ``room`` left of the total: its
    pill there (``pill`` wide with its gap) where what must show beside it (``beside``: the
    partner's initials, a rival's whole name) still does; else, for your partner, leading
    the panel's caption line where it has one, else the header's name where the word
    (``word`` wide, as small as a header line shrinks) fits the header, else the melds'
    line where the panel says its melds in words (``melds_line``). A rival team's pill with
    no room gives way (the teams' totals say who plays with whom), as the partner's word
    must where the panel has no line with room for it."""
    if not mark:
        return MarkAt.NOWHERE
    if room - pill >= beside:
        return MarkAt.PILL
    if mark != "partner":
        return MarkAt.NOWHERE
    if caption:
        return MarkAt.CAPTION
    if word <= room:
        return MarkAt.HEADER
    return MarkAt.MELDS if melds_line else MarkAt.NOWHERE


def team_leader(view, names) -> Side | None:
    """The team ahead (an exact tie: the team of seat 1, as the engine decides), or None
    without partnerships."""
    both = teams(view, names)
    return max(both, key=lambda t: (t.total, -t.number)) if both else None
