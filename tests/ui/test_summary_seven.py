"""The hand summary and the final sheet of seven-hand Arlington, from matches played to a
hand's end and to the seventh hand's: partners' hands and their combined total, the team
with the higher total named the winner, this hand's bonus (and the next one's) shown, and the
players' own lines kept beside the teams'."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest
from scene_nav import make_app, step
from seven_positions import SEATS, Played

from game.rules.events import Ev
from game.rules.phase import Phase
from game.ui import theme
from game.ui.scenes.page import Heading, Text, metrics
from game.ui.scenes.summary import (
    HandLine,
    HandSummaryScene,
    MatchResultScene,
    TeamLine,
    name_lines,
)
from game.ui.sheet import SheetLine, Standing

SCHEDULE = (100, 100, 100, 200, 300, 400, 500)


@dataclass
class Sitting:
    """What the summary scenes read of the table: the match and its seats."""

    game: Played
    seats: tuple


def shown(app, scene, size, artifacts, name):
    app.scenes.push(scene)
    step(app, frames=2)
    assert app.scenes.top is scene
    pygame.image.save(app.surface, str(artifacts / f"{name}_{size[0]}x{size[1]}.png"))
    return scene.rows()


def ended(game: Played):
    """The last HAND_ENDED event: who went out and the hand's scores, as played."""
    return [e for e in game.events if e.kind is Ev.HAND_ENDED][-1]


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_hand_summary_by_team(size, artifacts):
    game = Played(4, 6, partnerships=True).until(
        lambda st: st.phase is Phase.HAND_OVER and st.hand_no >= 3 and st.hand_outs[-1] >= 0)
    st, end = game.state, ended(game)
    app = make_app(size)
    rows = shown(app, HandSummaryScene(app, Sitting(game, SEATS)), size, artifacts,
                 "seven_summary")
    teams = [r for r in rows if isinstance(r, TeamLine)]
    assert [(t.name, t.seats) for t in teams] == [("You & North", "Seats 1 & 3"),
                                                 ("West & East", "Seats 2 & 4")]
    for t, seats in zip(teams, ((0, 2), (1, 3))):
        assert t.score == sum(end.scores[s] for s in seats)
        assert t.total == sum(st.totals[s] for s in seats)
    assert [t.ahead for t in teams] == [teams[0].total >= teams[1].total,
                                       teams[0].total < teams[1].total]
    players = [r for r in rows if isinstance(r, HandLine)]
    assert [p.score for p in players] == list(end.scores)
    k = st.hand_no
    assert players[end.seat].went_out and players[end.seat].bonus == SCHEDULE[k]
    notes = [r.text for r in rows if isinstance(r, Text)]
    bonus = f"The going-out bonus of hand {k + 1} was {SCHEDULE[k]}"
    if SCHEDULE[k + 1] != SCHEDULE[k]:
        bonus += f"; hand {k + 2} pays {SCHEDULE[k + 1]}"
    assert bonus + "." in notes
    lead = max(teams, key=lambda t: t.total)
    assert f"Leading: {lead.name} with {lead.total:,}".replace("-", "\u2212") + \
        f" after {k + 1} of 7 hands." in notes
    assert [r.text for r in rows if isinstance(r, Heading)][:2] == ["Teams", "Players"]


def test_a_team_behind_zero_is_spoken_minus_as_a_player_is():
    """A screen reader hears a team's running total below zero as "minus 115", as it hears
    a player's, never a bare minus sign (read as "dash" or nothing by some readers)."""
    said = TeamLine("West & East", "Seats 2 & 4", -40, -115).mirror()[0].name
    assert said == "West & East (Seats 2 & 4): minus 40 this hand, total minus 115"


def test_a_name_shrinks_a_little_on_one_line_before_it_wraps_between_partners():
    """A team's name two sizes too large stays on one line a little smaller; one that needs
    more than that wraps between partners at the size asked (``Computer 1 &`` over
    ``Computer 3``, never ``Computer`` alone); a word wider than the room at the page's small
    text is the only thing ever broken."""
    m = metrics((390, 844))
    name, px = "Computer 1 & Computer 3", m.label_px + 4
    assert name_lines(name, px, theme.text_width(name, px - 2, True), m) == (px - 2, [name])
    assert name_lines(name, px, theme.text_width(name, px - 1, True), m) == (px - 1, [name])
    narrow = theme.text_width(name, px - 2, True) - 1
    assert name_lines(name, px, narrow, m) == (px, ["Computer 1 &", "Computer 3"])
    least = max(theme.text_width(f"Computer\u00a0{n}", m.small_px, True) for n in (1, 3))
    assert name_lines(name, px, least, m) == (m.small_px, ["Computer 1", "&", "Computer 3"])
    size, lines = name_lines("Supercalifragilistic", px, least // 2, m)
    assert size == m.small_px and len(lines) > 1 and "".join(lines) == "Supercalifragilistic"


def test_a_hand_nobody_went_out_says_the_bonus_was_not_taken(artifacts):
    game = Played(3, 2).until(lambda st: st.phase is Phase.HAND_OVER and st.hand_outs[-1] < 0)
    app = make_app()
    rows = shown(app, HandSummaryScene(app, Sitting(game, SEATS[:3])), (390, 844), artifacts,
                 "seven_summary_nobody")
    k = game.state.hand_no
    notes = [r.text for r in rows if isinstance(r, Text)]
    assert any(n.startswith(f"Nobody went out, so nobody took hand {k + 1}'s bonus of "
                            f"{SCHEDULE[k]}") for n in notes)
    assert not any(isinstance(r, TeamLine) for r in rows)  # each for themselves
    assert app.scenes.top.subtitle() == "Nobody went out: the stock ran out"


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
@pytest.mark.parametrize("seed", [1, 8])
def test_the_final_sheet_by_team_names_the_higher_team(size, seed, artifacts):
    game = Played(4, seed, partnerships=True).until(lambda st: st.over)
    st = game.state
    assert len(st.hand_scores) == 7
    app = make_app(size)
    scene = MatchResultScene(app, Sitting(game, SEATS))
    rows = shown(app, scene, size, artifacts, f"seven_result_{seed}")
    one, two = st.totals[0] + st.totals[2], st.totals[1] + st.totals[3]
    ours = one >= two  # an exact tie goes to the team of seat 1
    assert scene.title == ("You and your partner win the match!" if ours
                           else "West & East win the match")
    standings = [r for r in rows if isinstance(r, Standing)]
    assert [(s.name, s.total, s.winner) for s in standings] == (
        [("You & North", one, True), ("West & East", two, False)] if ours else
        [("West & East", two, True), ("You & North", one, False)])
    sheets = [r for r in rows if isinstance(r, SheetLine)]
    by_team = sheets[:9]  # its head, seven hands, the totals; then the players' sheet
    assert by_team[0].cells == ("You & North", "West & East")
    for i, line in enumerate(by_team[1:8]):
        scores = st.hand_scores[i]
        assert line.cells == tuple(_signed(scores[a] + scores[b]) for a, b in ((0, 2), (1, 3)))
    assert by_team[8].cells == tuple(_number(t) for t in (one, two))
    assert sheets[9].cells == tuple(s.name for s in SEATS)
    assert [r.text for r in rows if isinstance(r, Heading)][0] == "Final totals by team"


def test_without_partnerships_the_final_sheet_is_by_player(artifacts):
    game = Played(3, 5).until(lambda st: st.over)
    st = game.state
    app = make_app()
    scene = MatchResultScene(app, Sitting(game, SEATS[:3]))
    rows = shown(app, scene, (390, 844), artifacts, "seven_result_players")
    standings = [r for r in rows if isinstance(r, Standing)]
    assert [s.name for s in standings][0] == SEATS[st.winner].name
    assert sorted(s.total for s in standings) == sorted(st.totals)
    assert not any(isinstance(r, TeamLine) for r in rows)
    assert scene.subtitle() == "after 7 hands"


def _signed(n):
    return f"+{n:,}" if n > 0 else _number(n)


def _number(n):
    return f"\u2212{-n:,}" if n < 0 else f"{n:,}"
