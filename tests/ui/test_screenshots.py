"""Every scene at the five reference sizes: drawn to PNG files (test artifacts, in
$ARLINGTON_ARTIFACTS or a pytest temporary folder) and checked for what a player would
notice: every control inside the window, none overlapping another, none too small for a
finger, and the panel's content reachable by scrolling."""

import itertools
import random

import pygame
import pytest
from scene_nav import make_app, step

from game.rules.options import PRESETS
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.records import Records
from game.services.seats import Seat, default_seats
from game.services.settings import Settings
from game.ui import scenes, widgets
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import PageScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene

STATS = Records()
for _table, _players, _won in (("digital", 2, True), ("digital", 2, False), ("classic", 4, True),
                               ("book", 3, False), ("custom", 8, True)):
    STATS = STATS.with_hand(_table, _players, 120).with_hand(_table, _players, -35)
    STATS = STATS.with_match(_table, _players, _won, 1040 if _won else 610)
"""Enough statistics that the page scrolls on a phone."""

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080)]
SCENES = ["title", "newgame", "settings", "rules", "table", "pause", "summary", "result",
          "cover", "stats", "replay"]


def _game(players, seed, options, to_end: bool, moves: int = 0) -> Game:
    game = Game(Setup(options, players, seed))
    rng = random.Random(seed)
    n = 0
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and \
            (to_end or n < moves):
        game.play(rng.choice(game.state.legal_actions()))
        n += 1
    return game


def show(name: str, size, players: int = 4):
    """An app at ``size`` with scene ``name`` on top (over a table where it belongs)."""
    app = make_app(size, Settings(animation_speed=0.0))
    seats = default_seats(players, "easy")
    if name in ("table", "pause", "summary", "result", "cover", "replay"):
        options = PRESETS["digital"]
        if name == "result":
            options = PRESETS["book"].with_changes(hand_limit=1)
            players, seats = 4, default_seats(4, "easy")
        game = _game(players, 3, options, to_end=name in ("summary", "result", "replay"),
                     moves=24)
        if name == "cover":
            seats = (Seat("Ann"),) + tuple(Seat(f"Guest {i}") for i in range(2, players + 1))
        table = TableScene(app, game, seats)
        app.scenes.reset(table)
        step(app, frames=2)
        if name == "pause":
            app.scenes.push(scenes.PauseScene(app, table))
        elif name == "cover":
            app.scenes.push(scenes.CoverScene(app, "Guest 2"))
        elif name == "replay":
            app.scenes.push(ReplayScene(app, game, seats))
            app.scenes.top.go(app.scenes.top.first + 7)
    else:
        app.scenes.push(scenes.TitleScene(app))
        app.keeper.records = STATS
        make = {"newgame": scenes.NewGameScene, "settings": scenes.SettingsScene,
                "rules": lambda a: scenes.RulesScene(a, PRESETS["digital"]),
                "stats": StatisticsScene}
        if name in make:
            app.scenes.push(make[name](app))
    step(app)
    expected = {"title": scenes.TitleScene, "newgame": scenes.NewGameScene,
                "settings": scenes.SettingsScene, "rules": scenes.RulesScene,
                "table": TableScene, "pause": scenes.PauseScene,
                "summary": scenes.HandSummaryScene, "result": scenes.MatchResultScene,
                "cover": scenes.CoverScene, "stats": StatisticsScene,
                "replay": ReplayScene}[name]
    assert isinstance(app.scenes.top, expected), app.scenes.stack
    return app


@pytest.mark.parametrize(("name", "size"), list(itertools.product(SCENES, SIZES)))
def test_screenshot(name, size, artifacts):
    app = show(name, size)
    path = artifacts / f"{name}_{size[0]}x{size[1]}.png"
    pygame.image.save(app.surface, str(path))
    assert path.stat().st_size > 1000
    top = app.scenes.top
    if isinstance(top, (MenuScene, PageScene)):
        check_controls(app)


def _inside(rect, size) -> bool:
    return pygame.Rect((0, 0), size).contains(rect)


def check_controls(app) -> None:
    """What a finger must hit is inside the window, big enough, and apart from the rest."""
    size, top = app.size, app.scenes.top
    if isinstance(top, MenuScene):
        lay = top.layout()
        rects = [b.rect for b in lay.buttons]
        assert lay.head.bottom <= min(r.top for r in rects)
        if lay.panel is not None:
            assert _inside(lay.panel, size)
            assert all(lay.panel.contains(r) for r in rects)
    else:
        lay = top.layout()
        rects = [b.rect for b in lay.footer] + ([lay.back.rect] if lay.back else [])
        assert _inside(lay.panel, size)
        assert all(not lay.panel.colliderect(r) for r in rects), "a button over the panel"
        # every row's controls: inside the panel's width, tall enough, apart from each other
        content = [t.rect for targets in lay.targets for t in targets]
        for r in content:
            assert 0 <= r.x and r.right <= lay.view.w + 1, (r, lay.view)
            assert r.h >= widgets.MIN_TARGET, r
        for a, b in itertools.combinations(content, 2):
            assert not a.colliderect(b), (a, b)
    for r in rects:
        assert _inside(r, size), (r, size)
        assert r.h >= widgets.MIN_TARGET and r.w >= widgets.MIN_TARGET, r
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", SIZES)
def test_eight_players_summary_fits_by_scrolling(size, artifacts):
    app = make_app(size, Settings(animation_speed=0.0))
    game = _game(8, 5, PRESETS["digital"], to_end=True)
    app.scenes.reset(TableScene(app, game, default_seats(8, "easy")))
    step(app, frames=2)
    summary = app.scenes.top
    assert isinstance(summary, scenes.HandSummaryScene)
    lay = summary.layout()
    summary.scroll_to(lay.max_scroll)
    step(app)
    assert summary.scroll == lay.content_h - lay.view.h or lay.max_scroll == 0
    pygame.image.save(app.surface, str(artifacts / f"summary8_end_{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("name", ["title", "pause", "newgame", "settings", "summary", "cover"])
def test_a_phone_on_its_side_still_fits(name, artifacts):
    app = show(name, (844, 390))
    pygame.image.save(app.surface, str(artifacts / f"{name}_844x390.png"))
    check_controls(app)
