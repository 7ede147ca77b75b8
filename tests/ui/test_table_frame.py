"""Drawing the table changes nothing: a frame read twice with no event between gives the same
state, log, toast and pixels, with a toast up, the log open and cards in flight. The board
(felt, panels, laid melds) composed once and reused draws the pixels of a board drawn anew."""

import pygame
import pytest
from late_hands import late_hands
from scene_nav import make_app, step
from ui_events import key

from game.rules.actions import Act
from game.rules.options import PRESETS
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import Seat, default_seats
from game.services.settings import Settings
from game.ui.scenes.table import TableScene
from game.ui.table import draw
from game.ui.table.kinds import Say


def snapshot(table):
    m = table.model
    return (tuple(table.game.actions), tuple(m.log), dict(m.last_move), m.message,
            m.message_kind, frozenset(m.selected), tuple(m.order), table._toast,
            table.log_list, table.timeline.clock, len(table.timeline.flights), table.layout)


@pytest.mark.parametrize("log", [False, True], ids=["toast", "log"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_drawing_twice_changes_nothing_and_gives_the_same_pixels(size, log):
    _, game = late_hands(4)[0]
    app = make_app(size, Settings(animation_speed=1.0))
    table = TableScene(app, game, default_seats(4))
    app.scenes.reset(table)
    table.model.toggle(0)
    table.tell("Try a meld of three", Say.HELP)
    if log:
        step(app, key(pygame.K_l))
    table.animate_deal()  # cards in flight over the table
    step(app, frames=3)
    assert table.timeline.active() and table._toast is not None
    assert (table.log_list is not None) == log
    before = snapshot(table)
    first = pygame.Surface(size)
    second = pygame.Surface(size)
    table.draw(first)
    assert snapshot(table) == before
    table.draw(second)
    assert snapshot(table) == before
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


def uncached(table, size) -> bytes:
    """The frame drawn from scratch, every layer anew."""
    surface = pygame.Surface(size)
    draw.draw_table(surface, table.frame())
    return pygame.image.tobytes(surface, "RGB")


def cached(table, size) -> bytes:
    surface = pygame.Surface(size)
    table.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("size", [(360, 640), (844, 390), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cached_board_gives_the_pixels_of_a_table_drawn_from_scratch(players, size):
    """Late-hand positions, nothing moving: the board composed once and reused is the
    board drawn anew, pixel for pixel."""
    for _, game in late_hands(players)[:2]:
        app = make_app(size, Settings(animation_speed=0.0))
        table = TableScene(app, game, default_seats(players))
        app.scenes.reset(table)
        step(app, frames=2)
        composed = table.board.composed
        assert cached(table, size) == uncached(table, size)
        assert table.board.composed == composed  # reused, not drawn again
        for i in (0, 1):  # a selection lights up where it could go: the board follows
            table.model.toggle(i)
            step(app)
            assert cached(table, size) == uncached(table, size), i


def test_the_board_follows_every_turn_of_an_animated_hand():
    """Computers play a late hand to its end with every flight, the reveal included: each
    frame drawn with the board cached equals the frame drawn from scratch, while the board
    is composed again only on some of the frames."""
    size = (390, 844)
    _, game = late_hands(6)[0]
    seats = (Seat("North", "easy"),) + default_seats(6, "easy")[1:]
    app = make_app(size, Settings(animation_speed=1.0, think_seconds=0.05))
    table = TableScene(app, game, seats)
    app.scenes.reset(table)
    frames = 0
    actions = len(game.actions)
    while app.scenes.top is table and frames < 1500:
        step(app)
        frames += 1
        if frames % 3 == 0 or table.timeline.active():
            assert cached(table, size) == uncached(table, size), frames
    assert len(game.actions) > actions + 6 and table._revealed  # turns played, then the reveal
    assert 6 < table.board.composed < frames // 2


def test_a_computers_turn_draws_only_the_panels_it_changed():
    """Eight computers at 1920x1080 play on with every flight: each opponent's panel is kept
    between composes and drawn again only when what it shows changed (a turn changes the
    mover's, and the outline passes to the next), and every frame checked equals the frame
    drawn from scratch."""
    size = (1920, 1080)
    game = Game(Setup(PRESETS["digital"], 8, 2))
    for _ in range(40):  # melds down in several panels
        legal = game.state.legal_actions()
        melds = [a for a in legal if a.kind in (Act.SET, Act.RUN)]
        game.play(melds[0] if melds and len(game.state.hands[game.state.turn]) > 4
                  else legal[0])
    seats = tuple(Seat(f"Computer {i}", "easy") for i in range(1, 9))
    app = make_app(size, Settings(animation_speed=1.0, think_seconds=0.05))
    table = TableScene(app, game, seats)
    app.scenes.reset(table)
    actions = len(game.actions)
    board = table.board
    for frame in range(600):  # to the end of the hand (its reveal draws every panel)
        composed = board.composed
        step(app)
        if game.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if board.composed > composed or frame % 8 == 0:
            assert cached(table, size) == uncached(table, size), frame
    assert len(game.actions) > actions + 4 and board.composed > 6
    assert board.panels_drawn * 2 < 7 * board.composed  # all seven were drawn every time
