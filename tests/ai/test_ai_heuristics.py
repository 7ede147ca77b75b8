"""The playouts' quick discard choice is the medium judgement's best discard, card for card,
in every kind of position (hands of every length, piles of every size, every preset); the hard
level's judgement lets a dead pair go first and takes only piles that pay well."""

import random
from dataclasses import replace

import pytest

from game.ai import heuristics as H
from game.ai.knowledge import SeatKnowledge
from game.ai.registry import make_agent
from game.ai.sparring import hoarder_choice
from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.melds import new_run
from game.rules.options import CLASSIC, DIGITAL, PRESETS
from game.rules.state import Phase, State


@pytest.mark.parametrize("preset", list(PRESETS))
def test_best_discard_is_the_top_of_the_ranking(preset):
    compared = 0
    for seed in range(40):
        state = State(PRESETS[preset], 2 + seed % 3, seed)
        rand = random.Random(seed)
        for _ in range(rand.randrange(10, 120)):
            if state.phase not in (Phase.DRAW, Phase.MELD, Phase.OFFER, Phase.DISCARD_OFFER):
                break
            t = SeatKnowledge.of_state(state, state.turn)
            legal = state.legal_actions()
            if state.phase is Phase.MELD:
                for style in (H.MEDIUM, H.PLAYOUT, H.HARD, H.HARD_PLAYOUT, H.HARD_SHORT,
                              H.Style(feed_weight=0.0, keep_weight=0.6)):
                    ranked = H.discard_scores(t, legal, style)
                    if ranked:
                        assert H.best_discard(t, legal, style) == ranked[0][1]
                        compared += 1
            state.apply(hoarder_choice(t, legal))
    assert compared > 300


def cards(text):
    return [parse_card(c) for c in text.split()]


def after_drawing(hand, pile, drawn):
    """Seat 0 of two with ``hand``, facing ``pile`` (bottom first), has drawn ``drawn`` from
    the stock and must meld or discard."""
    deal = Deal.arranged(DIGITAL, [cards(hand), cards("3H 4H 5C 6D 8C 8D JH QH KC KD AH AD 10C")],
                         pile=cards(pile), stock_top=cards(drawn))
    state = State(DIGITAL, 2, 1, deal=deal)
    state.apply(next(a for a in state.legal_actions() if a.kind is Act.DRAW))
    return SeatKnowledge.of_state(state, 0), state.legal_actions()


def discard_score(t, legal, style, card):
    return next(v for v, a in H.discard_scores(t, legal, style) if a.cards[0] == parse_card(card))


def test_the_hard_judgement_lets_a_dead_pair_go_before_a_live_one():
    # Both other 6s lie in the pile, while the 4D and 4S are unseen: the 6s' pair is dead.
    # Medium's promise sees two alike pairs (the same penalty, each beside a card of its suit
    # two places off).
    # (What the discard feeds the next seat is left out: the dead 6s feed less as it is.)
    t, legal = after_drawing("4H 4C 6H 6C KS QD 9S JC 3D 7S 10D AS 5S", "6S 6D 2C", "KH")
    medium, hard = (replace(style, feed_weight=0.0) for style in (H.MEDIUM, H.HARD))
    assert discard_score(t, legal, medium, "6H") == discard_score(t, legal, medium, "4H")
    assert discard_score(t, legal, hard, "6H") > discard_score(t, legal, hard, "4H")
    assert discard_score(t, legal, hard, "6C") > discard_score(t, legal, hard, "4C")


def draw_choice(hand, pile, level, options=DIGITAL):
    deal = Deal.arranged(options, [cards(hand), cards("3H 4H 5C 6D 8C 8D JH QH KC KD AH AD 10C")],
                         pile=cards(pile))
    state = State(options, 2, 1, deal=deal)
    return make_agent(level, 0).choose(state.view(0), state.legal_actions()).kind


def test_the_hard_judgement_takes_only_a_pile_that_pays_well():
    # A pile of a 4 and the 5 on top: medium takes it to lay three 5s; the hard judgement
    # draws, since fifteen points laid do not pay for the 4 to shed.
    modest = ("5H 5D 9C KS QD 4S JC 3D 6S 10D AS 7S JD", "4C 5C")
    assert draw_choice(*modest, "medium") is not Act.DRAW
    assert draw_choice(*modest, "hard-prior") is Act.DRAW
    # Three aces and a pair of kings come with the top ace: both take it.
    rich = ("AC AS 9C KS QD 4S JC 3D 6S 10D 7S JD 5D", "KH KD 6C 10H AD")
    assert draw_choice(*rich, "medium") is not Act.DRAW
    assert draw_choice(*rich, "hard-prior") is not Act.DRAW


def test_the_hard_judgement_leaves_a_big_pile_where_melds_stop_at_four_cards():
    # Three aces with the top ace, and five other cards: under classic rules the runs grow
    # without end and the extra cards find homes, so the hard judgement takes it; under
    # digital rules (no meld past four cards) the five must be shed a turn each, so it draws.
    big = ("AC AS 9C KS QD 4S JC 3D 6S 10D 7S JD 5D", "KH KD 6C 10H 8S AD")
    assert draw_choice(*big, "hard-prior", CLASSIC) is not Act.DRAW
    assert draw_choice(*big, "hard-prior", DIGITAL) is Act.DRAW
    assert draw_choice(*big, "medium", DIGITAL) is not Act.DRAW


def test_a_way_out_that_needs_the_wilds_is_found_in_a_dozen_positions():
    # Four 2s, and the 3H and 5H need one between them: a search that spends the 2s on the
    # sets first (the longest melds) looks at more than sixty positions; the playouts'
    # own seats look at twelve.
    hand = sorted(cards("AS 2S 2H 2D 2C 3H 5H 9H KS KH"))
    melds = [new_run(cards("8H 9H 10H JH"), CLASSIC)]
    path = H.go_out_path(hand, melds, CLASSIC, None, 12)
    assert path
    for action in path:
        hand, melds = H.apply_own(hand, melds, action, CLASSIC)
    assert len(hand) <= 1
