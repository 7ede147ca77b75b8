"""The sparring partners: they play whole legal matches under every preset, decide from their
view alone, and play their styles (the greedy player melds at once and keeps its 2s while its
hand is long; the hoarder holds melds back until it can go out or must not wait)."""

import random

import pytest

from game.ai import population as P
from game.ai.medium import MediumAgent
from game.ai.registry import make_agent
from game.ai.selfplay import play_match
from game.ai.sparring import Greedy, Hoarder
from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.melds import new_run
from game.rules.options import CLASSIC, DIGITAL, PRESETS
from game.rules.save import Setup
from game.rules.state import Phase, State


def cards(text):
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_full_matches_are_legal(preset, players):
    options = PRESETS[preset].with_changes(target=300)
    agents = [Greedy(1), Hoarder(2), MediumAgent(3), Greedy(4)][:players]
    result = play_match(agents, Setup(options, players, 7 + players))
    assert result.game.state.over
    assert sum(result.illegal) == 0, result.refusals


def test_reachable_by_name_and_module():
    assert isinstance(make_agent("greedy", 1), Greedy)
    assert isinstance(make_agent("hoarder", 1), Hoarder)
    assert isinstance(make_agent("game.ai.sparring:Greedy", 1), Greedy)


@pytest.mark.parametrize("maker", [Greedy, Hoarder, P.MeldNow, P.PileHungry, P.Careful,
                                   P.Sprinter, P.Family])
def test_same_view_same_choice(maker):
    checked = 0
    for seed in range(10):
        state = State(DIGITAL, 3, seed)
        rand = random.Random(seed)
        for _ in range(rand.randrange(6, 40)):
            if state.phase not in (Phase.DRAW, Phase.MELD):
                break
            state.apply(maker(0).choose(state.view(state.turn), state.legal_actions()))
        if state.phase not in (Phase.DRAW, Phase.MELD):
            continue
        seat = state.turn
        view = state.view(seat)
        other = view.determinize(random.Random(seed + 50))
        assert other.snapshot() != state.snapshot()
        assert other.view(seat) == view
        legal = state.legal_actions()
        true_hands, state.hands = state.hands, None  # any read of the true hands would fail
        first = maker(0).choose(view, legal)
        state.hands = true_hands
        assert maker(0).choose(other.view(seat), other.legal_actions()) == first
        checked += 1
    assert checked >= 5


def meld_phase(hand, other="3D 4H 5C 6H 7C 8D JH AH KC AD AC 10D 9C", options=DIGITAL):
    deal = Deal.arranged(options, [cards(hand), cards(other)], pile=cards("4D"),
                         stock_top=cards("6S"))
    state = State(options, 2, 1, deal=deal)
    state.apply(state.legal_actions()[0])  # draw the 6S
    return state


def test_greedy_melds_now_hoarder_holds():
    state = meld_phase("9H 9D 9C 4C 7D 8H 10C KD 3S 7H JD JC 5H")
    view, legal = state.view(0), state.legal_actions()
    greedy = Greedy(0).choose(view, legal)
    assert greedy.kind is Act.SET and sorted(greedy.cards) == sorted(cards("9H 9D 9C"))
    assert Hoarder(0).choose(view, legal).kind is Act.DISCARD


def test_greedy_keeps_its_twos_while_the_hand_is_long():
    state = meld_phase("9H 9D 2C 4C 7D 8S 10C KD 3S 6H JD QC 5H")
    action = Greedy(0).choose(state.view(0), state.legal_actions())
    assert action.kind is Act.DISCARD and action.cards[0] != parse_card("2C")


def test_hoarder_goes_out_when_it_can():
    state = meld_phase("5H 6H 7H 9D 9C 9S")
    seat = 0
    while state.turn == seat and state.phase is Phase.MELD:
        state.apply(Hoarder(0).choose(state.view(seat), state.legal_actions()))
    assert state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert not state.hands[0]


@pytest.mark.parametrize("player", ["hoarder", "patient", "careful", "pilehungry"])
def test_goes_out_when_only_the_twos_make_it_possible(player):
    # Classic: four 2s, and only a 2 joins the 3H and 5H (the drawn 6S is the discard).
    # Spending the 2s first on the kings, the ace or the run on the table (the longest melds)
    # strands the hearts within the styles' search of thirty to forty positions.
    state = meld_phase("AS 2S 2H 2D 2C 3H 5H KS KH", "3D 4H 5C 6H 7C 8D JH AH KC", CLASSIC)
    state.melds[0] = [new_run(cards("8H 9H 10H JH"), CLASSIC)]
    agent = make_agent(player, 0)
    while state.turn == 0 and state.phase is Phase.MELD:
        state.apply(agent.choose(state.view(0), state.legal_actions()))
    assert not state.hands[0]
