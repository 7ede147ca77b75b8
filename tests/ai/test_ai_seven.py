"""The AI answers offered discards (rules.md section 4): take what promises more than it costs
in hand and in delay, in light of this hand's going-out bonus; the hard level searches the
offer like any other decision."""

from __future__ import annotations

from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.medium import MediumAgent
from game.rules.actions import Act, parse_action
from game.rules.deal import Deal
from game.rules.options import SEVEN
from game.rules.state import Phase, State

ASKED = ["QH", "4C", "7D", "9S", "5H", "JC", "3D", "6S", "8C", "10D", "AC", "4S", "6D"]
"""Seat 2's hand: a queen with the 9 of spades; nothing else near the offered cards."""


def offered(card: str, options=SEVEN) -> State:
    """Seat 1 draws and discards ``card``: the offer to seat 2."""
    deal = Deal.arranged(options, [[card, "3C", "5S", "7C", "9D", "JD", "KC", "2H", "4H",
                                    "6C", "8D", "10S", "AD"], ASKED], stock_top=["5C"])
    state = State(options, 2, 3, deal=deal)
    state.apply(parse_action("draw"))
    state.apply(parse_action(f"discard {card}"))
    assert state.phase is Phase.DISCARD_OFFER and state.turn == 1
    return state


def answer(agent, state: State):
    return agent.choose(state.view(state.turn), state.legal_actions()).kind


def test_medium_takes_a_card_that_makes_a_set_and_passes_one_that_fits_nothing():
    deal_pair = Deal.arranged(SEVEN, [["QD", "3C", "5S", "7C", "9D", "JD", "KC", "2H", "4H",
                                       "6C", "8D", "10S", "AD"],
                                      ["QH", "QC", *ASKED[1:12]]], stock_top=["5C"])
    s = State(SEVEN, 2, 3, deal=deal_pair)
    s.apply(parse_action("draw"))
    s.apply(parse_action("discard QD"))
    assert answer(MediumAgent(1), s) is Act.TAKE_OFFER  # Q Q + Q: a set at once
    assert answer(MediumAgent(1), offered("KD")) is Act.PASS  # a king that fits nothing


def test_the_same_card_is_worth_taking_early_but_not_with_a_big_bonus_at_stake():
    # The jack of hearts beside the queen of hearts, and another jack: some promise, one more
    # card to shed. Worth it for a 100 bonus; not when going out is worth 500.
    hand = ["QH", "JC", "4C", "7D", "9S", "5H", "3D", "6S", "8C", "10D", "AC", "4S", "6D"]

    def state(options):
        deal = Deal.arranged(options, [["JH", "3C", "5S", "7C", "9D", "JD", "KC", "2H", "4H",
                                        "6C", "8D", "10S", "AD"], hand], stock_top=["5C"])
        s = State(options, 2, 3, deal=deal)
        s.apply(parse_action("draw"))
        s.apply(parse_action("discard JH"))
        return s

    assert answer(MediumAgent(1), state(SEVEN)) is Act.TAKE_OFFER
    assert answer(MediumAgent(1), state(SEVEN.with_changes(going_out_bonus=(500,)))) is Act.PASS


def test_easy_and_hard_answer_offers_with_one_of_the_two_actions_and_hard_searches_it():
    state = offered("QS")
    legal = state.legal_actions()
    assert EasyAgent(4).choose(state.view(1), legal) in legal
    hard = HardAgent(5, budget_seconds=None, iterations=16)
    assert hard.choose(state.view(1), legal) in legal
    assert hard.playouts > 0  # both answers played out in sampled worlds
