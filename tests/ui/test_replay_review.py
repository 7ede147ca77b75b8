"""The replay with a review: it thinks the review out over frames, lists the costliest moves,
opens at the dearest with the hard level's move named and its cards raised, and a tap shows
another. Few worlds, so the searches run fast."""

from __future__ import annotations

import pygame
from scene_nav import make_app, press, step
from ui_events import key

from game.ai.registry import make_agent
from game.rules.options import preset
from game.rules.phase import ACTING
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.hints import explain
from game.services.review import SeatReviewer, review
from game.services.seats import default_seats
from game.ui import theme
from game.ui.scenes.page import Field, metrics
from game.ui.scenes.replay import Callout, CardsRow, ReplayScene

WORLDS = 6
FRAMES = 20_000
"""More frames than any review here needs (each frame thinks for about 12 ms)."""


def finished_hand(choose_seat_one) -> Game:
    """A two-player hand played to its end: seat 1 by ``choose_seat_one(view, legal, index)``,
    seat 2 by medium."""
    game, other = Game(Setup(preset("digital"), 2, 7)), make_agent("medium", 2)
    while game.state.phase is not Phase.HAND_OVER:
        state = game.state
        view, legal = state.view(state.turn), state.legal_actions()
        game.play(choose_seat_one(view, legal, len(game.actions)) if state.turn == 0
                  else other.choose(view, legal))
    return game


def opened(app, game) -> ReplayScene:
    """The replay with the review of seat 1, as the hand summary opens it, thought out."""
    scene = app.open("replay", game, default_seats(2), review_seat=0, review_worlds=WORLDS)
    step(app)
    frames = 1
    while scene.review is None:
        assert frames < FRAMES
        step(app)
        frames += 1
    step(app)
    return scene


def seat_one_hand(scene) -> CardsRow:
    return [r for r in scene.rows() if isinstance(r, CardsRow) and r.label.startswith("Hand")][0]


def callouts(scene) -> list[Callout]:
    return [r for r in scene.rows() if isinstance(r, Callout)]


def test_the_replay_opens_at_the_dearest_move_with_hards_move_raised():
    easy = make_agent("easy", 2)
    game = finished_hand(lambda view, legal, _: easy.choose(view, legal))
    actions = list(game.actions)
    app = make_app()
    scene = app.open("replay", game, default_seats(2), review_seat=0, review_worlds=WORLDS)
    step(app)
    assert scene.review is None
    assert scene.rows()[0].text.startswith("Reviewing the moves of seat 1 (You)")
    scene = opened(app, game)
    expected = review(game.setup, actions, 0, worlds=WORLDS)
    assert scene.review == expected  # the tool's review, thought a frame at a time
    dear = expected.costliest()
    assert len(dear) >= 2
    fields = [r for r in scene.rows() if isinstance(r, Field)]
    assert [f.key for f in fields] == [f"mistake{n}" for n in range(len(dear))]
    assert [f.value for f in fields][:2] == ["Shown", "Show"]

    def shows(decision):
        assert scene.index == decision.index
        state = game.setup.state_after(actions[:decision.index])
        assert state.turn == 0 and state.phase in ACTING
        hand = seat_one_hand(scene)
        assert hand.groups == (tuple(state.hands[0]),)
        assert hand.raised == decision.hard.cards
        [callout] = callouts(scene)
        assert callout.lines[0] == f"Better: {explain(state.view(0), decision.hard)}"
        assert f"over {WORLDS} sampled worlds" in callout.lines[1]

    shows(dear[0])
    press(app, "mistake1", touch=True)  # a browser touch
    shows(dear[1])
    press(app, "next")  # one move on: what was played, no word on it
    assert scene.index == dear[1].index + 1 and not callouts(scene)
    assert not seat_one_hand(scene).raised
    step(app, key(pygame.K_LEFT))
    shows(dear[1])
    assert game.actions == actions  # the match itself untouched


def test_raised_cards_are_drawn_lifted_and_outlined():
    m = metrics((390, 844))
    plain = CardsRow("Hand (3)", ((20, 24, 28),))
    raised = CardsRow("Hand (3)", ((20, 24, 28),), raised=(24,))
    assert raised.measure(m, 360) > plain.measure(m, 360)  # room for the lift

    def drawn(row):
        surface = pygame.Surface((360, row.measure(m, 360)))
        surface.fill((0, 0, 0))
        row.draw(surface, m, surface.get_rect(), None)
        return surface

    def outline(surface) -> int:
        colour = surface.map_rgb(theme.SELECT)
        return sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
                   if surface.get_at_mapped((x, y)) == colour)

    assert outline(drawn(plain)) == 0 and outline(drawn(raised)) > 50


def test_a_hand_played_as_hard_would_has_nothing_to_show():
    reviewer = SeatReviewer(0, WORLDS)
    game = finished_hand(lambda view, legal, index: reviewer.judge(view, legal, index,
                                                                   None).chosen)
    app = make_app((1280, 720))
    scene = opened(app, game)
    assert scene.review.costliest() == () and scene.shown is None
    assert scene.index == len(scene.rewind) - 1  # still at the end of the hand
    assert scene.rows()[0].text.startswith("Review: every move of seat 1 (You) was the hard")
    assert not callouts(scene)
