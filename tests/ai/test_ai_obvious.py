"""Every level finds the obvious: goes out when it can, melds the Q♠ when it can, and (medium
and hard) does not hand the next player a fat pile when a safe discard exists."""

import pytest

from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.medium import HardPriorAgent, MediumAgent
from game.rules.actions import Act
from game.rules.cards import QUEEN_OF_SPADES, deck, parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL
from game.rules.state import Phase, State

LEVELS = {
    "easy": lambda: EasyAgent(3),
    "medium": lambda: MediumAgent(3),
    "hard-prior": lambda: HardPriorAgent(3),
    "hard": lambda: HardAgent(3, budget_seconds=None, iterations=6),
    "hard-plain": lambda: HardAgent(3, budget_seconds=None, iterations=6, model=False),
}


def cards(text):
    return [parse_card(c) for c in text.split()]


def play_turn(state, agent):
    """Let ``agent`` play the current seat's whole turn; return the actions it chose."""
    seat = state.turn
    chosen = []
    while state.turn == seat and state.phase in (Phase.DRAW, Phase.MELD):
        action = agent.choose(state.view(seat), state.legal_actions())
        chosen.append(action)
        state.apply(action)
    return chosen


@pytest.mark.parametrize("level", list(LEVELS))
def test_goes_out_when_it_can(level):
    deal = Deal.arranged(DIGITAL, [cards("5S 6S 7S 9H 9D 9C 4D"),
                                   cards("3H 4H 5C 6D 7C 8D JH QH KC KD AH AD 10C")],
                         pile=cards("3C"), stock_top=cards("8S"))
    state = State(DIGITAL, 2, 1, deal=deal)
    play_turn(state, LEVELS[level]())
    assert state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert not state.hands[0]
    assert state.hand_scores[-1][0] > 100


@pytest.mark.parametrize("level", ["hard-prior", "hard", "hard-plain"])
def test_takes_a_big_pile_that_lets_it_go_out(level):
    # The 9C on top makes three 9s; the six cards under it make three 4s, three jacks and a
    # run of spades with the hand, and the 3C is discarded. Six other cards are more than the
    # hard judgement ever takes under digital rules, unless the take ends the hand.
    hand = "9H 9D 4C 4D 6S 7S 3C"
    deal = Deal.arranged(DIGITAL, [cards(hand), cards("3H 4H 5C 6D 8C 8D JH QH KC KD AH AD 10C")],
                         pile=cards("4S 8S 5S JS JD JC 9C"))
    state = State(DIGITAL, 2, 1, deal=deal)
    turn = play_turn(state, LEVELS[level]())
    assert turn[0].kind is Act.TAKE_SET
    assert state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert not state.hands[0]
    # One more loose card under the pile (the 7D) and no way out: the same pile is left.
    deal = Deal.arranged(DIGITAL, [cards(hand), cards("3H 4H 5C 6D 8C 8D JH QH KC KD AH AD 10C")],
                         pile=cards("7D 4S 8S 5S JS JD JC 9C"))
    state = State(DIGITAL, 2, 1, deal=deal)
    assert play_turn(state, LEVELS[level]())[0].kind is Act.DRAW


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("hand", ["QS QH QD 4C 6D 8H 10C KD 3S 7H 9D JC 5H",
                                  "QS JS KS 4C 6D 8H 10C KD 3H 7H 9D 5C 5H"])
def test_melds_the_queen_of_spades(level, hand):
    deal = Deal.arranged(DIGITAL, [cards(hand), cards("3D 4H 5C 6H 7C 8D JH AH KC AD AC 10D 9C")],
                         pile=cards("4D"), stock_top=cards("6S"))
    state = State(DIGITAL, 2, 1, deal=deal)
    play_turn(state, LEVELS[level]())
    assert any(QUEEN_OF_SPADES in m.cards for m in state.melds[0])


def fat_pile_position():
    """Seat 1 is known to hold 9♥ 9♦ (from an earlier pile take); the pile is fat. Seat 0 has
    drawn and must discard: the 9♠ would let seat 1 take it all; 4♦ and 6♣ are safe."""
    mine = cards("9S KH 4D 6C JD")
    theirs = cards("9H 9D 3C 5H 7S 8C 10H")
    pile = cards("AH KD QD 8S 7D 10S 3S 4H JC JS AD 6H")
    rest = deck()
    for c in mine + theirs + pile:
        rest.remove(c)
    stock = rest[:40]
    others = rest[40:]
    assert len(others) == 40
    theirs = theirs + others[:6]
    stock += others[6:]
    hands = [sorted(mine), sorted(theirs)]
    state = State(DIGITAL, 2, 5)  # then set up the position, whatever other fields exist
    state.hands = hands
    state.melds = [[], []]
    state.stock = stock
    state.pile = pile
    state.known = [[], sorted(cards("9H 9D"))]
    state.turn = 0
    state.phase = Phase.MELD
    return state


@pytest.mark.parametrize("level", ["medium", "hard-prior", "hard"])
def test_does_not_feed_the_next_player(level):
    state = fat_pile_position()
    action = LEVELS[level]().choose(state.view(0), state.legal_actions())
    assert action.kind is Act.DISCARD
    assert action.cards[0] != parse_card("9S")
