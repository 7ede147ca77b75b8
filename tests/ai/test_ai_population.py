"""The sparring population: every style plays whole legal matches under every preset, is
seatable by name, and plays its own habits (meld now with 2s, take any pile, spare the next
player's ranks, shun big piles, a seed per family member). That each decides from its view
alone is checked with the sparring partners (test_ai_sparring.py)."""


import pytest

from game.ai import population as P
from game.ai.registry import make_agent
from game.ai.selfplay import play_match
from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL, PRESETS
from game.rules.save import Setup
from game.rules.state import State

STYLES = [P.MeldNow, P.PileHungry, P.Careful, P.Sprinter, P.Patient, P.Family]


def cards(text):
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_full_matches_are_legal(preset):
    options = PRESETS[preset].with_changes(target=300)
    for players in (2, 4):
        for first in range(0, len(STYLES), players):  # every style seated once at least
            chosen = (STYLES * 2)[first:first + players]
            agents = [cls(i) for i, cls in enumerate(chosen)]
            result = play_match(agents, Setup(options, players, 11 + players + first))
            assert result.game.state.over
            assert sum(result.illegal) == 0, result.refusals


def test_every_style_is_seatable_by_name():
    for cls in STYLES:
        assert isinstance(make_agent(cls.name, 1), cls)


OTHER = "3D 4H 5C 6H 7C 8D JH AH KC AD AC 10D 9C"


def position(hand, pile, other=OTHER, draw=True):
    deal = Deal.arranged(DIGITAL, [cards(hand), cards(other)], pile=cards(pile),
                         stock_top=cards("6S"))
    state = State(DIGITAL, 2, 1, deal=deal)
    if draw:
        state.apply(next(a for a in state.legal_actions() if a.kind is Act.DRAW))
    return state


def test_patient_holds_its_melds_until_an_opponent_is_down_to_ten_cards():
    hand = "9H 9D 9C 4C 7D 8S 10C KD 3S 6H JD QC 5H"
    state = position(hand, "4D")
    action = P.Patient(0).choose(state.view(0), state.legal_actions())
    assert action.kind is Act.DISCARD and parse_card("9H") not in action.cards
    state = position(hand, "4D", other="3D 4H 5C 6H 7C 8D JH AH KC AD")
    assert P.Patient(0).choose(state.view(0), state.legal_actions()).kind is Act.SET


def test_meldnow_spends_its_twos_at_once():
    state = position("9H 9D 2C 4C 7D 8S 10C KD 3S 6H JD QC 5H", "4D")
    view, legal = state.view(0), state.legal_actions()
    action = P.MeldNow(0).choose(view, legal)
    assert action.kind is Act.SET and parse_card("2C") in action.cards
    assert P.Careful(0).choose(view, legal).kind is Act.DISCARD


def test_pilehungry_takes_a_pile_the_others_leave():
    # Under the 7S lies an unpartnered Q♠: the take does not pay, but the hungry player takes.
    state = position("7H 7C 4C 9D 8H 10C KD 3S 6H JD 5H 3C 4H", "QS 7S", draw=False)
    view, legal = state.view(0), state.legal_actions()
    assert P.PileHungry(0).choose(view, legal).kind is Act.TAKE_SET
    assert P.MeldNow(0).choose(view, legal).kind is Act.DRAW


def test_sprinter_shuns_a_big_pile_meldnow_takes():
    state = position("7H 7C 4C 9D 8H 10C KD 3S 6H JD 5H 3C 4H", "KS JS 10S 7S", draw=False)
    view, legal = state.view(0), state.legal_actions()
    assert P.MeldNow(0).choose(view, legal).kind is Act.TAKE_SET
    assert P.Sprinter(0).choose(view, legal).kind is Act.DRAW


def test_careful_spares_the_rank_the_next_player_collects():
    state = position("AC KD 3S 4H 6C 8D 10H 3C 5D 7S 9C JH 4S", "5H",
                     other="AH AS 4D 6H 7C 8H JD KC QD 10D 9H 3H 5C")
    state.known[1] = cards("AH AS")  # as if seat 2 had taken them with the pile
    view, legal = state.view(0), state.legal_actions()
    assert P.MeldNow(0).choose(view, legal).cards == (parse_card("AC"),)
    assert P.Careful(0).choose(view, legal).cards != (parse_card("AC"),)


def test_family_members_are_named_by_their_seed():
    assert P.Family(3).habits == P.Family(3).habits
    assert len({P.Family(s).habits for s in range(10)}) == 10
