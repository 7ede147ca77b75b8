"""Card values, hand scores and the match winner (rules.md, "Card values" and "Scoring").

Values are tables indexed by card so scoring a hand is a sum of lookups.
"""

from __future__ import annotations

from .cards import ACE, CARD_SLOTS, JOKER, QUEEN_OF_SPADES, TWO, TWOS, rank_of
from .melds import Meld, MeldKind
from .options import RuleOptions

GO_OUT_BONUS = 100
TWO_IN_TWOS_MELD = 25


def _ordinary(rank: int) -> int:
    """Melded value of a natural card of ``rank`` other than the queen of spades."""
    if rank == ACE:
        return 20
    if rank >= 8:
        return 10
    return 5  # 3 to 7, and a natural 2 in its own place in a run


MELDED = [0] * CARD_SLOTS
"""Melded value of each card standing as itself (a natural 2 only occurs in its own run place)."""
IN_HAND = [0] * CARD_SLOTS
"""What each card costs when left in hand (a positive number, subtracted)."""
for _c in range(4, CARD_SLOTS):
    MELDED[_c] = _ordinary(rank_of(_c))
    IN_HAND[_c] = 20 if rank_of(_c) == TWO else _ordinary(rank_of(_c))
MELDED[QUEEN_OF_SPADES] = 50
IN_HAND[QUEEN_OF_SPADES] = 100
MELDED[JOKER] = 100
IN_HAND[JOKER] = 200


def meld_points(meld: Meld, options: RuleOptions) -> int:
    """What a meld scores: naturals their own value, wilds the value of what they stand for."""
    if meld.kind is MeldKind.TWOS:
        return TWO_IN_TWOS_MELD * len(meld.cards)
    if meld.kind is MeldKind.SET:
        # A wild in a set counts the rank's ordinary value: 10 in a set of queens, never 50.
        wild_value = _ordinary(meld.rank)
        return sum(wild_value if c in TWOS else MELDED[c] for c in meld.cards)
    total = 0
    for i, c in enumerate(meld.cards):
        stands = meld.stands_for(i)
        if c == stands:
            total += MELDED[c]
        elif c == JOKER:
            total += MELDED[JOKER]
        elif stands == QUEEN_OF_SPADES:
            total += options.wild_queen_of_spades_value
        else:
            total += MELDED[stands]
    return total


def hand_penalty(hand) -> int:
    """What the cards left in a hand cost (a positive number)."""
    return sum(IN_HAND[c] for c in hand)


def hand_score(melds, hand, went_out: bool, options: RuleOptions) -> int:
    """One player's score for a hand: melded points less cards in hand, plus 100 for going out."""
    return (sum(meld_points(m, options) for m in melds) - hand_penalty(hand)
            + (GO_OUT_BONUS if went_out else 0))


def settlement(totals) -> list[int]:
    """Totals rounded to the nearest hundred (halves away from zero), for settling up."""
    return [int(t / 100 + (0.5 if t >= 0 else -0.5)) * 100 for t in totals]


def final_sheet(totals, options: RuleOptions) -> list[int]:
    """The totals as the final sheet shows them: rounded to the nearest hundred when the rules
    settle in hundreds (``settlement_rounding``, rules.md: "the final sheet shows every total
    rounded to the nearest hundred for settling up"), else exact. The winner is decided on the
    exact totals; the sheet is what the players settle by."""
    return settlement(totals) if options.settlement_rounding else list(totals)


def match_winner(totals) -> int:
    """The seat with the highest total; an exact tie goes to the lower seat."""
    best = max(totals)
    return totals.index(best)
