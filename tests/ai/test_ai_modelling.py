"""Opponents modelled from their play: a seat that keeps a long hand quiet for many turns is
believed to hide melds, is dealt them in the sampled worlds and goes out in the playouts more
often; a seat that melds at once is not. Only the observing seat's views are read."""

import random

from game.ai import search, sparring
from game.ai.hard import HardAgent
from game.ai.knowledge import SeatKnowledge
from game.ai.medium import MediumAgent
from game.ai.modelling import HOARDER, PRIOR, QUIET, STYLE_NAMES, Profiles, deal
from game.ai.population import MeldNow
from game.rules.actions import Act
from game.rules.options import CLASSIC, DIGITAL
from game.rules.state import Phase, State
from tools.model_tables import measure_turns, melds_held

SEEDS = (3, 4, 5)


PATIENT = STYLE_NAMES.index("patient")
QUIET_THREAT = 0.03
"""A threat that tells a long quiet hand from a short hand that lays as it goes (which goes out
next turn now and then: a quarter of the prior's opponents are patient, which does so more)."""


def concealer(view, legal):
    """Never lays a meld: draws from the stock and throws its least promising card."""
    draw = next((a for a in legal if a.kind is Act.DRAW), None)
    return draw if draw is not None else sparring.best_discard(view, legal)


def meld_at_once(view, legal):
    return MeldNow(0).decide(view, legal)


def watch(opponent, turns: int, seed: int, options=DIGITAL):
    """Seat 0 (medium) watches seat 1 play ``turns`` turns of a hand, reading only its own
    views into ``Profiles``; returns the state at seat 0's next draw and the profiles, or
    None if the hand ended first."""
    state = State(options, 2, seed)
    profiles = Profiles()
    medium = MediumAgent(0)
    while state.phase in (Phase.DRAW, Phase.MELD):
        seat = state.turn
        view = state.view(seat)
        if seat == 0:
            profiles.observe(view)
            if state.phase is Phase.DRAW and state.turns[1] >= turns:
                return state, profiles
            state.apply(medium.choose(view, state.legal_actions()))
        else:
            state.apply(opponent(view, state.legal_actions()))
    return None


def goes_out(view, beliefs, worlds: int = 100, horizon: int = 8) -> int:
    """In how many sampled worlds seat 1 goes out within ``horizon`` turns each, played by the
    search's own policies (its style drawn from the beliefs' mixture, or the prior)."""
    rand = random.Random(7)
    out = 0
    for _ in range(worlds):
        world = deal(view, rand, beliefs)
        weights = beliefs.weights[1] if beliefs is not None else PRIOR
        policies = [search._medium, search._style(rand.random(), weights)]
        turns = 0
        while world.phase in (Phase.DRAW, Phase.MELD) and turns < 2 * horizon:
            turns += world.phase is Phase.DRAW
            seat = world.turn
            world.apply(policies[seat](SeatKnowledge.of_state(world, seat),
                                       world.legal_actions()), trusted=True)
        out += world.phase is not Phase.DRAW and world.phase is not Phase.MELD \
            and world.hand_outs[-1] == 1
    return out


def test_each_turn_is_read_from_the_views():
    """Eight quiet turns of a 13-card hand are eight quiet turns in the longest band."""
    state, profiles = watch(concealer, 8, SEEDS[0])
    table = profiles.counts[1]
    assert table[3][QUIET] == 8
    assert sum(map(sum, table)) == 8
    assert profiles.quiet_turns(state.view(0), 1) == 8


def test_a_long_quiet_hand_is_played_out_as_likely_to_go_out():
    """The prior already gives a quarter of the worlds a patient opponent; a seat that has
    held 13 cards for eight turns without laying anything leans to the concealing hoarder, is
    dealt about twice the natural melds of a plain re-deal, threatens to go out, and goes out
    more often in the playouts than under the prior."""
    plain_out = model_out = plain_melds = model_melds = 0
    for seed in SEEDS:
        state, profiles = watch(concealer, 8, seed)
        view = state.view(0)
        assert view.hand_counts[1] >= 10 and not view.melds[1]
        beliefs = profiles.beliefs(view)
        assert beliefs.weights[1][HOARDER] > 2 * PRIOR[HOARDER]  # leans to the concealing style
        assert beliefs.hides[1] >= 1.0
        assert beliefs.threat > QUIET_THREAT
        rand = random.Random(seed)
        plain_melds += sum(melds_held(view.determinize(rand).hands[1]) for _ in range(100))
        rand = random.Random(seed)
        model_melds += sum(melds_held(deal(view, rand, beliefs).hands[1]) for _ in range(100))
        plain_out += goes_out(view, None)
        model_out += goes_out(view, beliefs)
    assert model_melds > 1.8 * plain_melds
    assert model_out > 1.2 * plain_out


def test_a_seat_that_melds_at_once_is_not():
    """Its mixture does not lean to the concealing styles (hoarder, patient), no melds are
    dealt to it, and the model does not make it go out more often in the playouts than the
    plain re-deal does."""
    plain_out = model_out = 0
    for seed in (3, 5, 7):
        found = watch(meld_at_once, 8, seed)
        assert found is not None
        state, profiles = found
        view = state.view(0)
        beliefs = profiles.beliefs(view)
        concealing = beliefs.weights[1][HOARDER] + beliefs.weights[1][PATIENT]
        assert concealing <= PRIOR[HOARDER] + PRIOR[PATIENT]
        assert beliefs.hides[1] == 0.0 and beliefs.threat < QUIET_THREAT
        plain_out += goes_out(view, None)
        model_out += goes_out(view, beliefs)
    assert model_out <= plain_out


def test_modelled_worlds_agree_with_the_view():
    """The re-deal with hidden melds is still a world the seat's view allows."""
    for options in (DIGITAL, CLASSIC):
        for seed in SEEDS:
            found = watch(concealer, 6, seed, options)
            assert found is not None
            state, profiles = found
            view = state.view(0)
            beliefs = profiles.beliefs(view)
            assert beliefs.hides[1] > 0
            rand = random.Random(seed)
            for _ in range(30):
                world = deal(view, rand, beliefs)
                assert world.view(0) == view
                assert sorted(world.hands[1] + world.stock) == \
                    sorted(state.hands[1] + state.stock)


def test_the_profiles_last_the_match_and_count_who_went_out():
    """Hands end and begin: the turns of earlier hands still count, and each hand the seat was
    seen going out is counted so."""
    state = State(DIGITAL, 2, 11)
    agents = [HardAgent(1, budget_seconds=None, iterations=2, horizon=2),
              MeldNow(2)]
    profiles = agents[0].evidence.profiles
    seen = []
    while len(state.hand_outs) < 4:
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
        seat = state.turn
        if seat == 0 and state.turns[0] == 1 and state.phase is not Phase.MELD:
            seen.append(sum(map(sum, profiles.counts.get(1, []))))
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    assert seen == sorted(seen) and seen[-1] > seen[1] > 0  # never forgotten at a new hand
    outs = sum(row[3] for row in profiles.counts[1])
    assert 0 < outs == sum(1 for s in state.hand_outs[:3] if s == 1)


def test_the_threat_of_a_quiet_hand_sheds_points_sooner():
    """With some chance that an opponent goes out next turn (``SeatKnowledge.threat``), the
    discard judgement changes in some positions, and never to a card cheaper in hand."""
    from game.ai import heuristics as H

    changed = 0
    for options in (DIGITAL, CLASSIC):
        for seed in range(12):
            state = State(options, 3, seed)
            medium = MediumAgent(0)
            while state.phase in (Phase.DRAW, Phase.MELD):
                legal = state.legal_actions()
                if state.phase is Phase.MELD:
                    calm = SeatKnowledge.of_state(state, state.turn)
                    wary = SeatKnowledge.of_state(state, state.turn)
                    wary.threat = 0.05
                    assert wary.lateness() >= max(calm.lateness(), 0.4)
                    before, after = H.best_discard(calm, legal), H.best_discard(wary, legal)
                    if before is not None and before != after:
                        changed += 1
                        assert calm.in_hand[after.cards[0]] >= calm.in_hand[before.cards[0]]
                state.apply(medium.choose(state.view(state.turn), legal))
    assert changed >= 5


def test_the_tables_tell_the_styles_apart_as_they_play():
    """A fresh small measurement agrees with ``TURN_RATES`` where the model leans on it: with
    a long hand (8 cards or more) the hoarder's turns are quieter and lay melds less often
    than medium's and greedy's."""
    from game.ai.modelling import MELD, TURN_RATES

    fresh = [measure_turns(style, 150, DIGITAL) for style in range(3)]
    for table in (TURN_RATES, [[[c / max(1, sum(row)) for c in row] for row in t]
                               for t in fresh]):
        for band in (2, 3):
            hoarder = table[HOARDER][band]
            for other in (0, 1):
                assert hoarder[QUIET] > table[other][band][QUIET]
                assert hoarder[MELD] < table[other][band][MELD]
