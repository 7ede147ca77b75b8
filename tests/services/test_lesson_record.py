"""The guided first hand played through the engine alone: the record is a whole, legal hand
that you win by going out; every move of yours is a step that says which cards it uses; the
lesson's game refuses any other move and stays as it was; the scripted computer plays only
legal moves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.actions import Act, Action, parse_action
from game.rules.melds import sort_set
from game.rules.scoring import hand_score
from game.rules.state import IllegalAction, Phase
from game.services import tutorial as lesson


def test_the_record_is_a_whole_hand_that_you_end_by_going_out():
    state = lesson.SETUP.start()
    for a in lesson.RECORD:
        assert state.check(a) is None, f"{a} is refused: {state.check(a)}"
        state.apply(a)
    assert state.phase is Phase.HAND_OVER
    assert state.hand_outs == [lesson.YOU]
    assert state.hands[lesson.YOU] == []
    yours, sams = state.hand_scores[-1]
    assert yours == hand_score(state.melds[lesson.YOU], [], True, state.options)
    assert yours > 0 > sams


def test_every_move_of_yours_is_one_step_and_the_computers_are_none():
    steps = [s.action for s in lesson.STEPS if s.action is not None]
    yours = [i for i, seat in enumerate(lesson.MOVERS) if seat == lesson.YOU]
    assert steps == yours  # in order, each once
    assert lesson.moves_of(lesson.SAM) == tuple(
        a for a, seat in zip(lesson.RECORD, lesson.MOVERS) if seat == lesson.SAM)
    assert lesson.STEPS[0].action is None and lesson.STEPS[-1].action is None


def test_each_step_names_the_cards_its_move_takes_from_your_hand():
    state = lesson.SETUP.start()
    by_action = {s.action: s for s in lesson.STEPS if s.action is not None}
    for i, a in enumerate(lesson.RECORD):
        step = by_action.get(i)
        if step is not None:
            hand = list(state.hands[lesson.YOU])
            for c in step.cards:
                assert c in hand, f"step {step.title!r}: {c} is not in your hand"
                hand.remove(c)
            from_hand = list(a.cards)
            if a.kind is Act.TAKE_SET:
                from_hand.remove(state.pile[-1])  # the pile's top card joins them
            assert sorted(from_hand) == sorted(step.cards), step.title
            target = {Act.DRAW: lesson.Target.STOCK, Act.DISCARD: lesson.Target.PILE,
                      Act.TAKE_SET: lesson.Target.PILE, Act.SET: lesson.Target.TABLE,
                      Act.RUN: lesson.Target.TABLE, Act.ADD: lesson.Target.MELD}[a.kind]
            assert step.target is target, step.title
            if a.kind is Act.ADD:
                assert step.meld == a.target
        state.apply(a)


def test_sets_in_the_record_are_written_as_the_table_builds_them():
    for a in lesson.RECORD:
        if a.kind in (Act.SET, Act.TAKE_SET):
            assert a == Action(a.kind, sort_set(a.cards))


def test_the_step_follows_the_moves_played_and_the_steps_read():
    assert lesson.step_at(0, 0) == 0  # welcome
    assert lesson.STEPS[lesson.step_at(0, 1)].action == 0  # read: the first move
    after_discard = lesson.step_at(2, 1)
    assert lesson.STEPS[after_discard].action == 4  # Sam's two moves are no step
    assert lesson.STEPS[lesson.step_at(5, 0)].action == 5  # resumed: welcome counts as read
    last = len(lesson.STEPS) - 1
    assert lesson.step_at(len(lesson.RECORD), 0) == last
    assert lesson.step_at(len(lesson.RECORD), last + 1) == last


def test_an_other_legal_move_is_refused_with_the_steps_words_and_changes_nothing():
    game = lesson.LessonGame()
    game.read = 1
    game.play(parse_action("draw"))
    before = (list(game.state.hands[0]), list(game.state.pile), len(game.actions))
    try:
        game.play(parse_action("discard 10D"))  # legal, but the step wants the 9C
    except IllegalAction as e:
        assert str(e) == "Not in this lesson: tap the 9♣, then the pile"
    else:
        raise AssertionError("an off-script discard was played")
    assert (list(game.state.hands[0]), list(game.state.pile), len(game.actions)) == before


def test_a_move_the_rules_refuse_gets_the_rules_reason():
    game = lesson.LessonGame()
    game.play(parse_action("draw"))
    try:
        game.play(parse_action("discard QS"))
    except IllegalAction as e:
        assert "queen of spades" in str(e)
    else:
        raise AssertionError("the Q♠ was discarded")
    assert len(game.actions) == 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60))
def test_whatever_is_tried_the_lesson_stays_on_its_record(picks):
    """Any legal move tried at any moment, with the record's own moves among them: the game's
    actions are always the start of the record."""
    game = lesson.LessonGame()
    for k in picks:
        if game.state.phase is not Phase.DRAW and game.state.phase is not Phase.MELD:
            break
        legal = game.state.legal_actions()
        move = legal[k % len(legal)] if k % 3 else lesson.RECORD[len(game.actions)]
        try:
            game.play(move)
        except IllegalAction:
            pass
        assert game.actions == list(lesson.RECORD[:len(game.actions)])


def test_the_scripted_computer_plays_its_moves_and_refuses_a_broken_script():
    state = lesson.SETUP.start()
    agent = lesson.ScriptedAgent(lesson.moves_of(lesson.SAM))
    for a in lesson.RECORD:
        if state.turn == lesson.SAM:
            view = state.view(lesson.SAM)
            a = agent.choose(view, view.legal_actions())
        state.apply(a)
    assert agent.played == len(lesson.moves_of(lesson.SAM))
    broken = lesson.ScriptedAgent([parse_action("discard QS")])
    state = lesson.SETUP.start()
    view = state.view(lesson.YOU)
    try:
        broken.start(view, view.legal_actions())
    except ValueError as e:
        assert "not legal" in str(e)
    else:
        raise AssertionError("an illegal scripted move was accepted")
