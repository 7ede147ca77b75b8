"""Card values, hand scores, teams and the match winner (rules.md, "Card values" and
"Scoring"; the seven-hand table).

Values are tables indexed by card so scoring a hand is a sum of lookups; ``values(options)``
gives the pair of tables the options' ``card_values`` names.
"""

from __future__ import annotations

from .cards import ACE, CARD_AT, CARD_SLOTS, JOKER, QUEEN_OF_SPADES, TWO, TWOS, rank_of
from .melds import Meld, MeldKind
from .options import DIGITAL, CardValues, RuleOptions

TWO_IN_TWOS_MELD = 25


def _ordinary(rank: int) -> int:
    """Melded value of a natural card of ``rank`` other than the queen of spades."""
    if rank == ACE:
        return 20
    if rank >= 8:
        return 10
    return 5  # 3 to 7, and a natural 2 in its own place in a run


def _tables(natural, two_in_hand: int, joker: tuple[int, int]) -> tuple[list[int], list[int]]:
    """(melded, in hand) by card: each natural card worth ``natural(rank)`` both ways, except a
    2 in hand (``two_in_hand``) and the joker (``joker``: melded, in hand)."""
    melded, in_hand = [0] * CARD_SLOTS, [0] * CARD_SLOTS
    for c in range(4, CARD_SLOTS):
        melded[c] = natural(rank_of(c))
        in_hand[c] = two_in_hand if rank_of(c) == TWO else natural(rank_of(c))
    melded[JOKER], in_hand[JOKER] = joker
    return melded, in_hand


MELDED, IN_HAND = _tables(_ordinary, 20, (100, 200))
"""The Oklahoma table: the melded value of each card standing as itself (a natural 2 only
occurs in its own run place), and what each costs left in hand (a positive number)."""
MELDED[QUEEN_OF_SPADES] = 50
IN_HAND[QUEEN_OF_SPADES] = 100


def _seven_hand(rank: int) -> int:
    """Value of a natural card of ``rank`` in the seven-hand table (a natural 2 in its run
    place is 5)."""
    if rank == ACE:
        return 15
    return 10 if rank >= 10 else 5


SEVEN_MELDED, SEVEN_IN_HAND = _tables(_seven_hand, 50, (50, 100))
"""The seven-hand table, the same way."""
SEVEN_WILD_TWO = 25
"""A 2 used as a wild, melded, in the seven-hand table (whatever it stands for)."""

_SEVEN_HAND, _TWOS_MELD, _SET_MELD = CardValues.SEVEN_HAND, MeldKind.TWOS, MeldKind.SET
"""Bound once as globals: every meld is scored at every hand's end, and CPython 3.11 reads an
enum member through its class the slow way (docs/engine.md, "Speed")."""

_OKLAHOMA_TABLES, _SEVEN_TABLES = (MELDED, IN_HAND), (SEVEN_MELDED, SEVEN_IN_HAND)


def values(options: RuleOptions) -> tuple[list[int], list[int]]:
    """(melded, in hand) values by card under these options (the in-hand costs positive).
    Chosen by identity, not looked up by the member: an ``enum.Enum`` member hashes through
    a Python method, and the AI asks this at every position it weighs."""
    return _SEVEN_TABLES if options.card_values is _SEVEN_HAND else _OKLAHOMA_TABLES


def meld_points(meld: Meld, options: RuleOptions) -> int:
    """What a meld scores: naturals their own value, wilds the value of what they stand for
    (in the seven-hand table a wild scores its own value: a joker 50, a 2 25)."""
    if options.card_values is _SEVEN_HAND:
        return sum(SEVEN_MELDED[c] if meld.is_natural_at(i) or c == JOKER else SEVEN_WILD_TWO
                   for i, c in enumerate(meld.cards))
    kind, cards = meld.kind, meld.cards
    if kind is _TWOS_MELD:
        return TWO_IN_TWOS_MELD * len(cards)
    total = 0
    if not meld.wilds:  # every card is itself (most melds): a sum of look-ups
        for c in cards:  # a loop: fewer instructions than ``sum(map(...))`` for a few cards
            total += MELDED[c]
        return total
    if kind is _SET_MELD:
        # A wild in a set counts the rank's ordinary value: 10 in a set of queens, never 50.
        wild_value = _ordinary(meld.rank)
        return sum(wild_value if c in TWOS else MELDED[c] for c in cards)
    at = meld.rank * 4 + meld.suit  # what each card stands for (``Meld.stands_for``), read
    for c in cards:                 # from ``CARD_AT`` place by place without a call a card
        stands = CARD_AT[at]
        at += 4
        if c == stands:
            total += MELDED[c]
        elif c == JOKER:
            total += MELDED[JOKER]
        elif stands == QUEEN_OF_SPADES:
            total += options.wild_queen_of_spades_value
        else:
            total += MELDED[stands]
    return total


def hand_penalty(hand, options: RuleOptions = DIGITAL) -> int:
    """What the cards left in a hand cost (a positive number), by the options' table."""
    costs = values(options)[1]
    total = 0
    for c in hand:  # a loop: fewer instructions than ``sum(map(...))`` for a dozen cards
        total += costs[c]
    return total


def hand_score(melds, hand, went_out: bool, options: RuleOptions, hand_no: int = 0) -> int:
    """One player's score for hand ``hand_no`` (0-based): melded points less cards in hand,
    plus that hand's going-out bonus for the player who went out."""
    total = -hand_penalty(hand, options)
    for meld in melds:
        total += meld_points(meld, options)
    return total + (options.bonus(hand_no) if went_out else 0)


def team_of(seat: int, options: RuleOptions) -> int:
    """The team of ``seat`` with partnerships (seats 1 and 3 are team 0, seats 2 and 4 team
    1); without them every seat is its own team."""
    return seat % 2 if options.partnerships else seat


def team_totals(totals, options: RuleOptions) -> list[int]:
    """The totals that decide the match: each team's seats added (with partnerships, team 0
    then team 1), else the seats' own totals."""
    if not options.partnerships:
        return list(totals)
    return [sum(totals[0::2]), sum(totals[1::2])]


def settlement(totals) -> list[int]:
    """Totals rounded to the nearest hundred (halves away from zero), for settling up."""
    return [int(t / 100 + (0.5 if t >= 0 else -0.5)) * 100 for t in totals]


def final_sheet(totals, options: RuleOptions) -> list[int]:
    """The totals as the final sheet shows them, one per team (``team_totals``: with
    partnerships team 1+3 then team 2+4, else one per seat): rounded to the nearest hundred
    when the rules settle in hundreds (``settlement_rounding``, rules.md: "the final sheet
    shows every total rounded to the nearest hundred for settling up"), else exact. The winner
    is decided on the exact totals; the sheet is what the players settle by."""
    teams = team_totals(totals, options)
    return settlement(teams) if options.settlement_rounding else teams


def match_winner(totals, options: RuleOptions | None = None) -> int:
    """The seat with the highest total; an exact tie goes to the lower seat. With
    partnerships (``options``), the team with the higher total wins, an exact tie going to the
    team of seat 1; the winner is that team's lower seat."""
    if options is not None:
        totals = team_totals(totals, options)
    best = max(totals)
    return totals.index(best)
