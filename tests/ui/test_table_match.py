"""A whole match at the table with computer seats at the fastest speed, through the hand
summaries to the match result."""

import pygame
from test_table_play import FRAME, start

from game.rules.state import Phase
from game.services.seats import Seat
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
    for _ in range(int(pace_for(table.settings) / FRAME) - 2):
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
