"""The habits family: every member's text reads back as the same member, mutations stay in
every knob's range, a member plays its meld timing, decides from its view alone, and is
seatable by its text or, once promoted, by its exploiter name."""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import habits as H
from game.ai import population as P
from game.ai.knowledge import SeatKnowledge
from game.ai.outs import outs
from game.ai.population import Habits
from game.ai.registry import make_agent
from game.ai.selfplay import play_match
from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.options import CLASSIC, DIGITAL
from game.rules.save import Setup
from game.rules.state import Phase, State


def cards(text):
    return [parse_card(c) for c in text.split()]


def knob_value(knob):
    if knob.whole:
        return st.integers(int(knob.low), int(knob.high))
    return st.floats(knob.low, knob.high, allow_nan=False)


@st.composite
def members(draw):
    changes = {k.field: draw(knob_value(k)) for k in H.KNOBS}
    changes["hold"] = draw(st.booleans())
    if not changes["hold"]:
        changes["hold_until"] = 0  # "now" has no hand size to hold until
    return Habits(**changes)


def in_range(h: Habits) -> bool:
    return all(k.low <= getattr(h, k.field) <= k.high for k in H.KNOBS)


def test_every_habit_is_a_knob():
    assert {k.field for k in H.KNOBS} | {"hold"} == {f.name for f in dataclasses.fields(Habits)}
    assert in_range(Habits())


@given(members())
@settings(max_examples=300)
def test_text_reads_back_as_the_same_member(h):
    assert H.parse(H.text(h)) == h
    assert H.parse(H.spec(h)) == h
    assert "," not in H.text(h)  # the arena separates seats by commas


def test_meld_timing_is_written_in_words():
    assert H.parse("meld=now") == Habits()
    assert H.parse("meld=out") == Habits(hold=True)
    assert H.parse("meld=8/outs=1.5") == Habits(hold=True, hold_until=8, outs_weight=1.5)
    assert H.text(Habits(hold=True)).startswith("meld=out/")


@pytest.mark.parametrize("bad, said", [
    ("pile=3", "knob"), ("least", "KNOB=VALUE"), ("least=lots", "number"),
    ("least=31", "0 to 30"), ("least=nan", "0 to 30"), ("hungry=2.5", "whole number"),
    ("meld=soon", "now or out"), ("outs=1/outs=2", "twice"), ("search=0", "5 to 80"),
])
def test_a_bad_text_is_refused_with_a_reason(bad, said):
    with pytest.raises(ValueError, match=said):
        H.parse(bad)


@given(members(), st.integers(0, 2**32), st.integers(1, 4))
@settings(max_examples=200)
def test_mutations_stay_in_range_and_move(h, seed, knobs):
    child = H.mutate(h, random.Random(seed), knobs)
    assert child != h
    assert in_range(child)
    assert child == H.mutate(h, random.Random(seed), knobs)  # seeded: a search repeats


def test_random_members_are_named_by_their_seed_and_in_range():
    drawn = [H.random_member(random.Random(s)) for s in range(30)]
    assert drawn[3] == H.random_member(random.Random(3))
    assert len(set(drawn)) == 30
    assert all(in_range(h) for h in drawn)
    assert {h.hold for h in drawn} == {True, False}
    assert len({H.name_of(h) for h in drawn}) == 30


def position(hand, other="3D 4H 5C 6H 7C 8D JH AH KC AD AC 10D 9C"):
    deal = Deal.arranged(DIGITAL, [cards(hand), cards(other)], pile=cards("4D"),
                         stock_top=cards("6S"))
    state = State(DIGITAL, 2, 1, deal=deal)
    state.apply(next(a for a in state.legal_actions() if a.kind is Act.DRAW))
    return state


@pytest.mark.parametrize("timing, melds", [
    ("meld=now", True), ("meld=out", False), ("meld=12", False),
    ("meld=14", True),
])
def test_a_member_melds_by_its_timing(timing, melds):
    # A natural set of 9s in a 14-card hand that cannot go out; the other hand is long.
    state = position("9H 9D 9C 4C 7D 8S 10C KD 3S 6H JD QC 5H")
    action = make_agent(H.PREFIX + timing, 0).choose(state.view(0), state.legal_actions())
    assert (action.kind is Act.SET) is melds


def test_outs_count_the_unseen_cards_that_complete_a_piece():
    state = position("7H 7C 5D 6D KS 9C 3H 10C QH JD 4S 8S AC")
    k = SeatKnowledge.of_view(state.view(0))
    hand, unseen = list(k.hand), k.unseen()
    wilds = unseen[0] + sum(unseen[8:12])
    sevens = sum(unseen[7 * 4 + s] for s in range(4))
    assert outs(parse_card("7H"), hand, True, unseen) == sevens + wilds
    assert outs(parse_card("5D"), hand, False, unseen) == \
        unseen[parse_card("4D")] + unseen[parse_card("7D")] + wilds
    # 9C 10C wait for 8C or JC, 7C 9C for 8C again: each card counts once.
    assert outs(parse_card("9C"), hand, False, unseen) == \
        unseen[parse_card("8C")] + unseen[parse_card("JC")] + wilds
    assert outs(parse_card("KS"), hand, False, unseen) == 0  # no piece: no outs


def mid_hand_states(count):
    out = []
    for seed in range(count):
        state = State(DIGITAL, 3, seed)
        medium = make_agent("medium", 0)
        for _ in range(random.Random(seed).randrange(4, 40)):
            if state.phase not in (Phase.DRAW, Phase.MELD):
                break
            state.apply(medium.choose(state.view(state.turn), state.legal_actions()))
        if state.phase in (Phase.DRAW, Phase.MELD):
            out.append(state)
    return out


def test_same_view_same_choice():
    chosen = [H.random_member(random.Random(s)) for s in range(6)]
    chosen.append(H.parse("meld=out/defence=1/outs=2"))
    for state in mid_hand_states(8):
        seat = state.turn
        view = state.view(seat)
        other = view.determinize(random.Random(99))
        assert other.snapshot() != state.snapshot()
        for h in chosen:
            first = H.HabitsAgent(1, h).choose(view, state.legal_actions())
            second = H.HabitsAgent(2, h).choose(other.view(seat), other.legal_actions())
            assert first == second


@pytest.mark.parametrize("options", [DIGITAL, CLASSIC])
def test_members_play_legal_matches(options):
    agents = [H.HabitsAgent(0, H.random_member(random.Random(s))) for s in range(3)]
    result = play_match(agents, Setup(options.with_changes(target=300), 3, 5))
    assert result.game.state.over
    assert sum(result.illegal) == 0, result.refusals


def test_exploiters_are_seated_by_name(tmp_path, monkeypatch):
    member = H.parse("meld=out/outs=2")
    path = tmp_path / "exploiters.json"
    path.write_text(json.dumps({"exploiters": [{"name": "xtest", "habits": H.text(member)}]}))
    monkeypatch.setattr(H, "exploiters_path", lambda: path)
    agent = make_agent("exploiter:xtest", 3)
    assert agent.habits == member and agent.name == "exploiter:xtest"
    with pytest.raises(ValueError, match="no exploiter 'other'; promoted: xtest"):
        make_agent("exploiter:other", 3)


def test_the_shipped_exploiters_are_members():
    for name, h in H.read_exploiters().items():
        assert in_range(h)
        assert make_agent(f"exploiter:{name}", 0).habits == h


def test_every_sparring_style_is_either_tuning_or_held_out():
    from game.ai.registry import LEVELS
    styles = {name for name in LEVELS if name not in {"random", "easy", "medium"}
              and not name.startswith("hard")}  # the levels, hard's variants among them
    assert set(P.TUNING) | set(P.HELD_OUT) == styles
    assert not set(P.TUNING) & set(P.HELD_OUT)
