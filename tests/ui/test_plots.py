"""The Statistics plots' numbers and geometry, without pygame: round axis ticks covering the
values and zero, points and bars inside their box, line names kept apart, the rolling win
rate, and the sentence said beside each plot."""

from __future__ import annotations

import json
import math
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from game import platform
from game.rules.options import DIGITAL
from game.services import history
from game.services.history import History, Played
from game.services.records import Records
from game.services.seats import Seat
from game.ui import plots

BOX = (40, 10, 300, 150)
EARLIER = Path(__file__).parents[1] / "services" / "fixtures" / "history_v1.json"


def test_your_score_per_match_is_your_teams_in_a_partnership_match():
    """The history kept by 0.2.0: a two-player match, then two partnership matches."""
    platform.write(history.KEY, EARLIER.read_text(encoding="utf-8"))
    kept, _ = history.load()
    stored = json.loads(EARLIER.read_text(encoding="utf-8"))["matches"]
    mine = [stored[0]["totals"][0]] + [sum(m["totals"][0::2]) for m in stored[1:]]
    assert plots.scores(kept) == tuple(mine)
    assert all(m["totals"][0] != total for m, total in zip(stored[1:], mine[1:]))


@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=60))
def test_the_axis_covers_every_value_and_zero_in_round_steps(values):
    ax = plots.axis(values)
    assert ax.low <= min(values + [0]) and ax.high >= max(values + [0])
    steps = {round(b - a, 6) for a, b in zip(ax.ticks, ax.ticks[1:], strict=False)}
    assert len(steps) == 1
    step = steps.pop()
    assert round(step / 10 ** math.floor(math.log10(step)), 6) in (1, 2, 5)
    assert 2 <= len(ax.ticks) <= 9


def test_scores_all_zero_still_get_whole_distinct_ticks():
    assert plots.axis([0, 0], whole=True).ticks == (0, 1)


@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=60))
def test_points_stay_inside_the_box_left_to_right(values):
    ax = plots.axis(values)
    points = plots.line_points(values, ax, BOX)
    x, y, w, h = BOX
    assert all(x <= px <= x + w and y <= py <= y + h for px, py in points)
    assert [p[0] for p in points] == sorted(p[0] for p in points)
    if len(values) > 1:
        assert points[0][0] == x and points[-1][0] == x + w
    top = min(range(len(values)), key=lambda i: (-values[i], i))
    assert points[top][1] == min(p[1] for p in points)  # the highest value is drawn highest


def test_bars_stand_on_the_zero_line_up_or_down():
    ax = plots.axis([80, -20])
    up, down = plots.bars([80, -20], ax, BOX)
    zero = plots.y_of(0, ax, BOX)
    assert up[1] + up[3] == zero and up[3] > 0  # from zero upwards
    assert down[1] == zero and down[3] > 0  # from zero downwards
    assert up[3] > 3 * down[3] and up[0] + up[2] < down[0]
    (alone,) = plots.bars([50], ax, BOX, widest=40)
    assert alone[2] == 40 and alone[0] + 20 == BOX[0] + BOX[2] // 2  # centred, not a block


@given(st.lists(st.integers(0, 200), min_size=1, max_size=6), st.integers(8, 30))
def test_line_names_are_kept_apart_in_their_order(ys, gap):
    rows = plots.spread(ys, gap, 0, 200)
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = [rows[i] for i in order]
    assert all(b - a >= gap for a, b in zip(placed, placed[1:], strict=False))


ONE_HAND = DIGITAL.with_changes(target=None, hand_limit=1)


def _played(won: bool, level: str, total: int = 100) -> Played:
    """A one-hand match against ``level``, won or lost."""
    return Played("2026-01-01T00:00:00Z", "custom", ONE_HAND, (Seat("You"), Seat("C", level)),
                  0, ((total, 0) if won else (0, total),), (0,),
                  (total, 0) if won else (0, total), 0 if won else 1)


def test_the_win_rate_rolls_over_the_last_matches_against_each_level():
    results = [True] * 10 + [False] * 5
    h = History(tuple(_played(w, "hard") for w in results) + (_played(True, "easy"),))
    rates = dict(plots.win_rates(h))
    assert set(rates) == {"easy", "hard"}
    assert rates["hard"][9] == 1.0 and rates["hard"][-1] == 0.5  # 5 of the last 10
    assert rates["easy"] == (1.0,)
    said = plots.rate_sentence(plots.win_rates(h))
    assert "easy 100% (1 of 1)" in said and "hard 50% (5 of 10)" in said


def test_the_sentences_say_what_each_plot_shows():
    assert "No finished match yet" in plots.score_sentence(())
    said = plots.score_sentence((100, 100, 100, 300, 300, 300))
    assert "from 100 to 300, 200 on average" in said and "later half is higher" in said
    assert "\u2212" in plots.score_sentence((-40, 10))
    rec = Records().with_hand("digital", 2, 30).with_hand("digital", 3, -10) \
        .with_hand("book", 2, 7)
    averages = plots.averages(rec)
    assert dict(averages) == {"digital": 10.0, "book": 7.0}
    assert plots.average_sentence(averages) == \
        "Your average hand score by rules: digital +10.0, book +7.0."
