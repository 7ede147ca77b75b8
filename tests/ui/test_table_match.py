"""A whole match at the table with computer seats at the fastest speed, through the hand
summaries to the match result."""

import pygame
from test_table_play import FRAME, start

from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui.app import App
from game.ui.controllers import pace_for


def test_computers_play_a_match_to_the_result():
    seats = (Seat("North", "easy"), Seat("East", "easy"), Seat("South", "medium"))
    app, table = start(seed=21, seats=seats, target=1000, hand_limit=2)
    summaries = 0
    for _ in range(20000):
        top = app.scenes.top
        name = type(top).__name__
        if name == "MatchResultScene":
            break
        if name == "HandSummaryScene":
            summaries += 1
            hand = table.game.state.hand_no
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)], FRAME)
            assert app.scenes.top is table and table.game.state.hand_no == hand + 1
            continue
        app.step([], FRAME)
    else:
        raise AssertionError("the match did not end")
    st = table.game.state
    assert st.phase is Phase.MATCH_OVER and st.winner >= 0
    assert len(st.hand_scores) == 2 and summaries == 1  # the hand limit ends it
    # the computers' moves are in the log and each seat's last move is shown
    assert table.model.log and set(table.model.last_move) <= {0, 1, 2}


def test_a_computer_turn_is_paced_so_a_person_can_follow():
    """At normal speed a computer never answers in the frame it is asked: it thinks a slice
    a frame and answers after a pace a person can follow."""
    seats = (Seat("North", "hard"), Seat("Computer", "hard"))
    app, table = start(seed=4, seats=seats, speed=1.0)
    table.timeline.skip()
    actions = len(table.game.actions)
    for _ in range(int(pace_for(table.settings, 2, True) / FRAME) - 2):
        app.step([], FRAME)
        assert len(table.game.actions) == actions  # thinking, paced: not yet
        assert table.busy and table.model.status() == "North is thinking..."
    for _ in range(600):
        app.step([], FRAME)
        if len(table.game.actions) > actions:
            break
    assert len(table.game.actions) > actions
    assert table.model.status() == "Computer is thinking..." or table.model.last_move[0]
    assert table.model.last_move[0].startswith(("drew", "took")), "its move stays shown"


def round_seconds(players: int) -> float:
    """Seconds of play (frames at 60 a second, normal speed) from the first computer being
    asked to the person's turn coming round, medium computers in every other seat."""
    seats = (Seat("You"),) + tuple(Seat(f"C{i}", "medium") for i in range(1, players))
    app = App(pygame.Surface((1280, 720)), Settings())
    table = app.start_match(Setup(preset("digital"), players, 9, first_seat=1), seats)
    table.timeline.skip()  # the deal
    frames = 0
    while table.game.state.turn != 0 or table.busy:
        app.step([], FRAME)
        frames += 1
        assert frames < 100_000
    return frames * FRAME


def test_a_round_of_seven_computers_is_not_a_long_wait():
    seven = round_seconds(8)  # 13.6 s with a full beat and the thinking time for every move
    assert seven <= 8.5, f"{seven:.1f} s for seven computer turns"
    assert pace_for(Settings(), 8, False) < pace_for(Settings(), 2, False) \
        < pace_for(Settings(), 2, True)
