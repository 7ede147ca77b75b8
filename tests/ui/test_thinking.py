"""Thinking fills a frame's spare time: several slices a frame, up to the frame's budget,
stopping at once when the answer is ready. Counted with a clock that ticks per reading,
never timed."""

from scene_nav import make_app, step
from test_keep_app import SEATS, ticking

from game.rules.options import DIGITAL
from game.rules.save import Setup
from game.services.seats import Seat
from game.ui.thinking import LEAST_SLICE, fill_frame


def counting(ready_after: int):
    """A think that is ready on its ``ready_after``-th call, keeping the slices asked for."""
    asked = []

    def think(slice_seconds: float) -> bool:
        asked.append(slice_seconds)
        return len(asked) >= ready_after
    return think, asked


def test_a_frame_holds_slices_until_its_budget_is_spent():
    think, asked = counting(10**6)
    ready, calls = fill_frame(think, budget=0.008, clock=ticking(0.001))
    assert not ready and calls == len(asked) >= 3
    assert all(LEAST_SLICE <= s <= 0.008 for s in asked)
    assert asked == sorted(asked, reverse=True), "each slice is what the frame has left"


def test_thinking_stops_at_the_answer():
    think, asked = counting(2)
    assert fill_frame(think, budget=1.0, clock=ticking(0.001)) == (True, 2)


def test_one_slice_at_least_even_with_nothing_left():
    think, asked = counting(10**6)
    assert fill_frame(think, budget=0.0, clock=ticking(0.001)) == (False, 1)


def test_a_computer_seat_thinks_several_slices_a_frame():
    """Over the hard level's decisions of a hand (0.1 s of thinking each, so the ones that
    search span frames), every frame but a decision's last holds several slices."""
    app = make_app()
    seats = (SEATS[0], Seat("Computer 1", "hard"))
    table = app.start_match(Setup(DIGITAL, 2, 5, 1), seats)  # the computer opens
    ctrl = table.controllers[1]
    ctrl.clock = ticking()
    decisions: dict[int, list[int]] = {}
    for _ in range(3000):
        st = table.game.state
        if st.phase.name in ("HAND_OVER", "MATCH_OVER"):
            break
        if st.turn == 0:
            table.model.play(st.legal_actions()[0])  # the person plays at once
            table._changed()
            continue
        at = len(table.game.actions)
        step(app)
        decisions.setdefault(at, []).append(ctrl.think_calls)  # counted from 0 a decision
    per_frame = [[d[0]] + [b - a for a, b in zip(d, d[1:])] for d in decisions.values()]
    long = [d[:-1] for d in per_frame if len(d) >= 3]
    assert long, f"some decision spans frames: {decisions}"
    for frames in long:
        assert min(frames) >= 3, frames
