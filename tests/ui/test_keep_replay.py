"""Replay after a hand or a match: every position is the match replayed to that point, every
seat's cards shown; stepping never touches the match at the table."""

from __future__ import annotations

import random

import pygame
from scene_nav import make_app, press, step
from ui_events import key

from game.rules.deal import Deal
from game.rules.options import PRESETS
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import Seat, default_seats
from game.ui import scenes
from game.ui.scenes import summary
from game.ui.scenes.replay import CardsRow, ReplayScene
from game.ui.scenes.table import TableScene


def after_hands(hands: int, options=PRESETS["digital"], seed=6):
    """An app whose table has just finished ``hands`` hands, its summary (or result) up."""
    game = Game(Setup(options, 3, seed, 0))
    rand = random.Random(seed)
    done = 0
    while True:
        if game.state.phase is Phase.HAND_OVER:
            done += 1
            if done == hands:
                break
            game.next_hand()
        if game.state.over:
            break
        game.play(rand.choice(game.state.legal_actions()))
    app = make_app()
    table = TableScene(app, game, default_seats(3, "easy"))
    app.scenes.reset(table)
    for _ in range(50):
        step(app)
        if isinstance(app.scenes.top, (scenes.HandSummaryScene, scenes.MatchResultScene)):
            return app, table
    raise AssertionError(app.scenes.stack)


def shown_hands(scene) -> list[tuple[int, ...]]:
    return [r.groups[0] for r in scene.rows() if isinstance(r, CardsRow)
            and r.label.startswith("Hand")]


def test_replay_the_hand_from_its_deal_to_its_end():
    app, table = after_hands(2)
    before = table.game.state.snapshot()
    press(app, "replay_hand")
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    state = table.game.state
    assert shown_hands(scene) == [tuple(h) for h in state.hands]  # the end: as it was left
    step(app, key(pygame.K_HOME))
    deal = Deal.shuffled(state.options, 3, state.seed, state.hand_no)
    assert shown_hands(scene) == [tuple(h) for h in deal.hands]  # every seat's deal
    assert scene.subtitle().startswith("Hand 2 \u00b7 move 0 of")
    press(app, "prev")  # disabled at the start: nothing happens
    assert shown_hands(scene) == [tuple(h) for h in deal.hands]
    press(app, "next")
    assert "move 1 of" in scene.subtitle()
    moves = 1
    while scene.index < len(scene.rewind) - 1:
        step(app, key(pygame.K_RIGHT))
        moves += 1
    assert shown_hands(scene) == [tuple(h) for h in state.hands]
    assert moves == len(table.game.actions) - scene.first
    assert table.game.state.snapshot() == before  # the table's match untouched
    press(app, "back")
    assert isinstance(app.scenes.top, scenes.HandSummaryScene)


def test_replay_the_whole_match_from_the_result():
    app, table = after_hands(99, PRESETS["digital"].with_changes(hand_limit=2))
    assert isinstance(app.scenes.top, scenes.MatchResultScene)
    press(app, "replay_match")
    scene = app.scenes.top
    assert scene.first == 0
    step(app, key(pygame.K_HOME))
    first = Deal.shuffled(table.game.setup.options, 3, table.game.setup.seed, 0)
    assert shown_hands(scene) == [tuple(h) for h in first.hands]
    assert scene.subtitle().startswith("Hand 1 \u00b7 move 0 of") and "The deal" in \
        scene.subtitle()


def test_review_your_play_opens_the_review_of_the_persons_seat():
    app, table = after_hands(1)
    before = table.game.state.snapshot()
    press(app, "review_hand")
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    assert scene.reviewing is not None and scene.reviewing.seat == 0  # the person's seat
    assert table.game.state.snapshot() == before
    press(app, "back")
    assert isinstance(app.scenes.top, scenes.HandSummaryScene)


def test_a_table_of_computers_offers_no_review_and_people_review_the_first_persons_seat():
    computers = tuple(Seat(f"Computer {i}", "easy") for i in range(3))
    assert summary.review_field(computers) == []
    hot_seat = (computers[0], Seat("Ann"), Seat("Bo"))
    assert summary.reviewed_seat(hot_seat) == 1


def test_the_queen_of_spades_carries_its_50_only_where_it_scores_apart():
    for options, marked in ((PRESETS["digital"], True), (PRESETS["seven"], False)):
        app, table = after_hands(1, options)
        lines = [r for r in app.scenes.top.rows() if isinstance(r, summary.HandLine)]
        assert lines and all(line.queen is marked for line in lines)
        press(app, "replay_hand")
        rows = [r for r in app.scenes.top.rows() if isinstance(r, CardsRow)]
        assert rows and all(r.queen is marked for r in rows)
