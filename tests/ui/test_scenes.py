"""The scenes around the table, driven through real pygame events via ``App.step``: what a
tap does is checked on the app's state, the engine's setup and the scene stack."""

import ast
import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from scene_nav import make_app, press, step
from ui_events import key, mouse_drag, mouse_tap, resize, touch_tap, wheel

from game.rules.options import INFO, PRESETS, PileTake
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import Seat, default_seats
from game.services.settings import Settings
from game.ui import scenes
from game.ui.app import SCENES, App, scene_class
from game.ui.presets import TABLE_PRESETS
from game.ui.scene import Host, Scene
from game.ui.scenes.cover import ARM_SECONDS
from game.ui.scenes.settings import SPECS
from game.ui.scenes.summary import hand_lines, next_match
from game.ui.scenes.table import TableScene


def titled(size=(390, 844), settings=None):
    app = make_app(size) if settings is None else make_app(size, settings)
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    return app


def table_of(app) -> TableScene:
    table = app.scenes.find(TableScene)
    assert table is not None, [type(s).__name__ for s in app.scenes.stack]
    return table


def finished_hand(players=3, seed=4, options=PRESETS["digital"]) -> Game:
    """A game whose first hand was played to its end by random legal moves."""
    game = Game(Setup(options, players, seed))
    rng = random.Random(seed)
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        game.play(rng.choice(game.state.legal_actions()))
    return game


# --------------------------------------------------------------------------- navigation

HELPERS = {"menu", "page", "rules_text"}
"""The modules of game/ui/scenes that are shared drawing code, not scenes."""


def test_scenes_ask_for_each_other_by_name():
    """No scene module imports another scene: each asks the app (``App.open``) by name."""
    folder = Path(scenes.__file__).parent
    found = []
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
                found += [f"{path.name} imports {n}" for n in names if n not in HELPERS]
    assert found == []


def _imports(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports, absolute, wherever the import stands (the top, a
    function, ``if TYPE_CHECKING``)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] \
                if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def test_the_table_package_and_the_keeper_never_import_a_scene():
    """The keeper asks the match in play through ``MatchTable`` and the table's controls ask
    their scene through ``Controlled``: neither names a scene, so no import circle runs
    through the scenes (keeper -> table scene -> controls -> table scene)."""
    ui = Path(scenes.__file__).parent.parent
    files = [(p, "game.ui.table") for p in sorted((ui / "table").glob("*.py"))]
    files.append((ui / "keeper.py", "game.ui"))
    found = {f"{p.name} imports {m}" for p, package in files for m in _imports(p, package)
             if m.startswith("game.ui.scenes")}
    assert len(files) >= 10 and found == set()


def test_the_keeper_watches_the_table_it_is_given_and_refuses_any_other_scene():
    from game.ui.keeper import MatchTable, as_table

    app = titled()
    with pytest.raises(TypeError, match="TitleScene is not a table"):
        as_table(app.scenes.top)
    table = app.start_match(Setup(PRESETS["digital"], 2, 3), default_seats(2))
    assert isinstance(table, MatchTable) and app.keeper.table is table


def test_the_app_is_the_host_scenes_are_written_against():
    app = make_app()
    assert isinstance(app, Host)
    for name in ("open", "start_match", "continue_match", "match_changed", "apply_settings",
                 "tidy_soon", "quit"):
        assert callable(getattr(app, name)), name


def test_every_scene_name_is_a_scene():
    assert {"title", "table", "rules", "settings", "replay"} <= set(SCENES)
    for name in SCENES:
        assert issubclass(scene_class(name), Scene), name


def test_an_unknown_scene_name_is_refused_and_the_stack_kept():
    app = titled()
    before = list(app.scenes.stack)
    with pytest.raises(ValueError, match="no scene is called 'credits'.*title"):
        app.open("credits")
    assert app.scenes.stack == before


def test_title_statistics_opens_by_name_and_back_returns():
    app = titled()
    press(app, "stats")
    assert type(app.scenes.top).__name__ == "StatisticsScene"
    step(app, key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, scenes.TitleScene) and len(app.scenes.stack) == 1


TITLE_ONLY = """
import sys, pygame
pygame.init()
from game.ui.app import App
app = App(pygame.Surface((390, 844)))
app.open("title")
app.step([], 1 / 60)
print(" ".join(sorted(m for m in sys.modules if m.startswith("game.ai"))))
"""


def test_the_title_loads_no_computer_player():
    """Opening the title loads the agent protocol alone: the levels and the search load with
    the first table or hint (the settings only name the default thinking time)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", TITLE_ONLY], capture_output=True, text=True,
                         cwd=root, env=env, check=True).stdout.split()
    assert out == ["game.ai", "game.ai.agent"]


# --------------------------------------------------------------------------- title, new game


@pytest.mark.parametrize("touch", [False, True])
def test_title_new_game_start_opens_the_table(touch):
    app = titled()
    press(app, "new", touch=touch)
    assert isinstance(app.scenes.top, scenes.NewGameScene)
    press(app, "start", touch=touch)
    table = table_of(app)
    assert app.scenes.stack == [table]
    assert table.game.setup.players == 2
    assert table.game.setup.options == PRESETS["digital"]
    assert table.seats[0].is_person and table.seats[1].level == "medium"


def test_disabled_title_buttons_do_nothing():
    app = titled()  # nothing saved: Continue is disabled
    press(app, "continue")
    assert isinstance(app.scenes.top, scenes.TitleScene)


def test_new_game_choices_arrive_in_the_setup():
    app = titled()
    press(app, "new")
    press(app, "players", "+")
    press(app, "players", "+")             # 4 players
    press(app, "preset", "+")              # digital -> classic
    press(app, "seat3", "+")               # medium -> hard
    press(app, "seat4", "+")
    press(app, "seat4", "+")               # medium -> hard -> person
    press(app, "opt:easy_pile")            # a toggle, far down the page: scrolled to by drag
    press(app, "opt:pile_take", "-")       # classic's new meld -> new set
    for digit in "4711":
        step(app, key(pygame.K_0 + int(digit), digit))
    press(app, "start")
    setup = table_of(app).game.setup
    assert setup.players == 4 and setup.seed == 4711
    assert setup.options == PRESETS["classic"].with_changes(easy_pile=True,
                                                            pile_take=PileTake.NEW_SET)
    seats = table_of(app).seats
    assert [s.level for s in seats] == [None, "medium", "hard", None]
    assert seats[0].name != seats[3].name  # two people: told apart on the cover screen
    assert app.settings.players == 4 and app.settings.preset == "classic"


def test_preset_limits_the_player_count():
    app = titled()
    press(app, "new")
    for _ in range(6):
        press(app, "players", "+")
    assert app.scenes.top.state.players == 8
    with pytest.raises(AssertionError):
        press(app, "players", "+")         # no + beyond the most the rules allow
    press(app, "preset", "-")              # digital -> seven (2-4 players)
    assert app.scenes.top.state.preset == "seven"
    assert app.scenes.top.state.players == 4
    press(app, "preset", "-")              # seven -> book (2-4 players)
    assert app.scenes.top.state.preset == "book"
    assert app.scenes.top.state.players == 4
    press(app, "start")
    assert table_of(app).game.setup.players == 4


def test_refused_option_leaves_the_choices_and_says_why(monkeypatch):
    app = titled()
    press(app, "new")
    scene = app.scenes.top
    before = scene.state
    monkeypatch.setitem(scenes.newgame.OPTION_VALUES, "target", (1000, 0))
    press(app, "opt:target", "+")          # a target of 0 is refused by RuleOptions
    assert scene.state == before
    assert "target" in scene.message


def test_seed_typed_then_backspaced_to_random():
    app = titled()
    press(app, "new")
    for d in "12":
        step(app, key(pygame.K_0 + int(d), d))
    assert app.scenes.top.state.seed == 12
    step(app, key(pygame.K_BACKSPACE) + key(pygame.K_BACKSPACE))
    assert app.scenes.top.state.seed is None
    press(app, "seed")                      # a tap picks a seed to share
    assert app.scenes.top.state.seed is not None


def test_escape_goes_back_from_new_game():
    app = titled()
    press(app, "new")
    step(app, key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, scenes.TitleScene)


# --------------------------------------------------------------------------- pause


def at_table(size=(390, 844), seats=None):
    app = titled(size)
    app.start_match(Setup(PRESETS["digital"], 2, 9), seats or default_seats(2))
    step(app)
    return app


def test_pause_over_the_table_then_resume():
    app = at_table()
    table = table_of(app)
    step(app, key(pygame.K_ESCAPE))
    pause = app.scenes.top
    assert isinstance(pause, scenes.PauseScene) and not pause.opaque
    assert app.scenes.stack == [table, pause]
    before = pygame.image.tobytes(app.surface, "RGB")
    press(app, "resume")
    assert app.scenes.top is table
    assert pygame.image.tobytes(app.surface, "RGB") != before  # the veil is gone


def test_pause_rules_and_settings_return_to_pause():
    app = at_table()
    step(app, key(pygame.K_ESCAPE))
    press(app, "rules")
    assert isinstance(app.scenes.top, scenes.RulesScene)
    assert app.scenes.top.options == table_of(app).game.state.options
    press(app, "done")
    press(app, "settings")
    assert isinstance(app.scenes.top, scenes.SettingsScene)
    press(app, "back")
    assert isinstance(app.scenes.top, scenes.PauseScene)


def test_quit_to_title_asks_twice():
    app = at_table()
    step(app, key(pygame.K_ESCAPE))
    press(app, "quit")
    assert isinstance(app.scenes.top, scenes.PauseScene)
    press(app, "resume")
    step(app, key(pygame.K_ESCAPE))
    press(app, "quit")
    press(app, "quit")
    assert [type(s) for s in app.scenes.stack] == [scenes.TitleScene]


# --------------------------------------------------------------------------- rules


def test_rules_scroll_by_drag_wheel_and_keys():
    app = make_app((390, 844))
    app.scenes.push(scenes.RulesScene(app, PRESETS["book"]))
    step(app)
    rules = app.scenes.top
    top = pygame.image.tobytes(app.surface, "RGB")
    assert rules.layout().max_scroll > 0
    view = rules.layout().view
    step(app, mouse_drag((view.centerx, view.bottom - 20), (view.centerx, view.y + 20)))
    assert rules.scroll == view.h - 40
    assert pygame.image.tobytes(app.surface, "RGB") != top
    step(app, wheel(1))
    assert rules.scroll < view.h - 40
    step(app, key(pygame.K_END))
    assert rules.scroll == rules.layout().max_scroll
    step(app, key(pygame.K_HOME))
    assert rules.scroll == 0


def test_rules_follow_the_options():
    text = " ".join(p.text for p in scenes.rules.rules_text(PRESETS["book"]))
    assert "only by discarding your last card" in text
    assert "+250" in text and "nearest hundred" in text
    digital = " ".join(p.text for p in scenes.rules.rules_text(PRESETS["digital"]))
    assert "by melding every card" in digital and "at most 6 melds" in digital
    for info in INFO.values():
        assert info.label in digital  # every option with the engine's own words
        assert info.explain in digital


def test_rules_describe_the_seven_hand_game_and_its_teams():
    seven = PRESETS["seven"].with_changes(partnerships=True)
    text = " ".join(p.text for p in scenes.rules.rules_text(seven))
    assert "Exactly 7 hands are played" in text and "by team" in text
    assert "no upcard and no discard pile" in text and "offered to the other players" in text
    assert "100, 100, 100, 200, 300, 400, 500 in hands 1 to 7" in text
    assert "Joker: 50 melded, \u2212100 in hand" in text and "Melds of only 2s are not" in text
    discard = next(p.text for p in scenes.rules.rules_text(seven) if p.text.startswith("3."))
    assert "queen of spades" not in discard  # an ordinary queen here
    assert "seats 1 and 3 against seats 2 and 4" in text


def test_a_match_starts_under_every_preset_seven_hands_too():
    assert TABLE_PRESETS == tuple(PRESETS) and "seven" in TABLE_PRESETS


# --------------------------------------------------------------------------- settings


def test_every_setting_has_a_control():
    kept = {"tips_seen"}  # which tips were shown: a record kept with the settings, not a choice
    assert set(SPECS) == {f.name for f in dataclasses.fields(Settings)} - kept


def test_rule_tips_switch_off_and_on_again_shows_each_once_more():
    app = make_app(settings=dataclasses.replace(Settings(), tips_seen=("queen_discard",)))
    app.scenes.push(scenes.SettingsScene(app))
    step(app)
    press(app, "tips", touch=True)
    assert app.settings.tips is False and app.settings.tips_seen == ("queen_discard",)
    press(app, "tips", touch=True)
    assert app.settings.tips is True and app.settings.tips_seen == ()


def test_four_colour_applies_at_once_to_the_table():
    app = at_table()
    step(app, key(pygame.K_ESCAPE))
    press(app, "settings")
    press(app, "four_colour", touch=True)
    assert app.settings.four_colour is True
    assert table_of(app).model.settings.four_colour is True
    press(app, "animation_speed", "+")
    assert app.settings.animation_speed == 0.5
    press(app, "players", "+")
    assert app.settings.players == 3


def test_volume_is_disabled_while_sound_is_off():
    app = make_app()
    app.scenes.push(scenes.SettingsScene(app))
    step(app)
    press(app, "sound")
    assert app.settings.sound is False
    with pytest.raises(AssertionError):
        press(app, "volume", "+")
    assert app.settings.volume == Settings().volume


# --------------------------------------------------------------------------- summary, result


def test_hand_summary_then_next_hand():
    app = make_app()
    game = finished_hand()
    seats = default_seats(3, "easy")
    app.scenes.reset(TableScene(app, game, seats))
    step(app, frames=3)
    summary = app.scenes.top
    assert isinstance(summary, scenes.HandSummaryScene)
    lines = hand_lines(game.state, seats)
    assert [ln.score for ln in lines] == list(game.state.hand_scores[-1])
    for ln, s in zip(lines, range(3)):
        assert ln.melded - ln.penalty + ln.bonus == ln.score
        assert ln.cards == tuple(sorted(game.state.hands[s]))
    press(app, "next")
    assert isinstance(app.scenes.top, TableScene)
    assert game.state.hand_no == 1 and game.state.phase in (Phase.DRAW, Phase.OFFER)


def test_match_result_next_match_is_opened_by_the_next_seat():
    app = make_app()
    game = finished_hand(options=PRESETS["digital"].with_changes(hand_limit=1))
    seats = default_seats(3, "easy")
    app.scenes.reset(TableScene(app, game, seats))
    step(app, frames=3)
    result = app.scenes.top
    assert isinstance(result, scenes.MatchResultScene)
    assert seats[game.state.winner].name in result.title
    press(app, "next")
    new = table_of(app)
    assert new.game is not game and new.seats == seats
    assert new.game.state.first_seat == (game.state.first_seat + 1) % 3
    assert new.game.setup.seed != game.setup.seed
    assert next_match(game.setup, game.state) == new.game.setup  # a seeded sitting replays


def test_seven_hand_sitting_second_match_opened_by_the_next_seat():
    """Seven hands open in turn; in a sitting, match m starts one seat further on (rules.md
    section 4): match 2's first hand is opened by seat 2, its second by seat 3."""
    app = make_app()
    game = finished_hand(options=PRESETS["seven"].with_changes(hand_limit=1))
    assert game.state.first_seat == 0 and game.state.over
    seats = default_seats(3, "easy")
    app.scenes.reset(TableScene(app, game, seats))
    step(app, frames=3)
    assert isinstance(app.scenes.top, scenes.MatchResultScene)
    press(app, "next")
    new = table_of(app).game
    assert (new.state.first_seat, new.state.hand_no, new.state.turn) == (1, 0, 1)
    # Within that match the hands still go round: hand 2 is opened by seat 3.
    second = Game(next_match(Setup(PRESETS["seven"], 3, game.setup.seed), game.state))
    rng = random.Random(5)
    while second.state.phase is not Phase.HAND_OVER:
        second.play(rng.choice(second.state.legal_actions()))
    second.next_hand()
    assert (second.state.hand_no, second.state.turn) == (1, 2)


def test_match_result_to_title():
    app = make_app()
    game = finished_hand(options=PRESETS["book"].with_changes(hand_limit=1))
    app.scenes.reset(TableScene(app, game, default_seats(3, "easy")))
    step(app, frames=3)
    press(app, "title")
    assert [type(s) for s in app.scenes.stack] == [scenes.TitleScene]


# --------------------------------------------------------------------------- cover


def test_cover_hides_until_the_next_person_taps():
    app = at_table()
    cover = scenes.CoverScene(app, "Player 2")
    app.scenes.push(cover)
    step(app, mouse_tap((200, 400)))            # the previous player's late tap
    assert app.scenes.top is cover
    step(app, frames=int(ARM_SECONDS * 60) + 2)
    step(app, touch_tap((200, 400), app.size))
    assert app.scenes.top is table_of(app)


def test_the_cover_shows_nothing_of_the_table():
    app = at_table()
    app.scenes.push(scenes.CoverScene(app, "Player 2"))
    step(app)
    alone = make_app(app.size)
    alone.scenes.push(scenes.CoverScene(alone, "Player 2"))
    step(alone)
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(alone.surface, "RGB")


def test_two_people_get_the_cover_between_their_turns():
    seats = (Seat("Player 1"), Seat("Player 2"))
    app = at_table(seats=seats)
    table = table_of(app)
    for _ in range(600):
        if isinstance(app.scenes.top, scenes.CoverScene):
            break
        if app.scenes.top is table and table.game.state.turn == 0:
            table.model.play(table.game.state.legal_actions()[0])  # seat 1 plays on
        step(app)
    assert isinstance(app.scenes.top, scenes.CoverScene)
    assert app.scenes.top.seat_name == "Player 2"


# --------------------------------------------------------------------------- keyboard, window


def test_keyboard_alone_starts_a_game():
    app = titled((1280, 720))
    step(app, key(pygame.K_DOWN))           # focus: New game (Continue is disabled)
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.scenes.top, scenes.NewGameScene)
    step(app, key(pygame.K_TAB))            # the first control: the player count
    assert app.scenes.top.focus == "players"
    step(app, key(pygame.K_RIGHT))
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT,
                                  unicode="", scancode=0)])
    assert app.scenes.top.focus == "start"  # Shift-Tab from the first wraps to the last
    step(app, key(pygame.K_RETURN))
    assert table_of(app).game.setup.players == 3


def test_window_resize_relayouts_and_cancels_the_gesture():
    app = titled()
    press(app, "new")
    page = app.scenes.top
    view = page.layout().view
    step(app, mouse_drag((view.centerx, view.bottom - 10), (view.centerx, view.y + 10))[:-1])
    assert page.scroll > 0
    step(app, resize((1280, 720)))
    assert app.size == (1280, 720) and app.surface.get_size() == (1280, 720)
    assert page.layout().panel.right <= 1280 and page.layout().panel.bottom <= 720
    assert 0 <= page.scroll <= page.layout().max_scroll
    before = page.state
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(view.centerx, view.y + 10),
                                  button=1, touch=False)])
    assert page.state == before and app.scenes.top is page


def test_window_size_set_by_the_page():
    display = pygame.display.set_mode((400, 300), pygame.RESIZABLE)
    app = App(display)
    app.scenes.push(scenes.TitleScene(app))
    app.set_window_size((600, 900))
    step(app)
    assert app.size == (600, 900) and app.surface is pygame.display.get_surface()
    assert app.surface.get_size() == (600, 900)


def test_desktop_window_resize_event_follows_the_window():
    display = pygame.display.set_mode((500, 500), pygame.RESIZABLE)
    app = App(display)
    app.scenes.push(scenes.TitleScene(app))
    display = pygame.display.set_mode((700, 400), pygame.RESIZABLE)  # as SDL resizes it
    step(app, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=700, y=400)])
    assert app.size == (700, 400) and app.surface is pygame.display.get_surface()


def test_the_start_shows_its_first_frame_before_collecting_garbage_and_without_pacing(
        monkeypatch):
    import asyncio
    import gc

    ticks = []

    class Clock:
        def tick(self, fps=0):
            ticks.append(fps)
            return 16

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    gc.unfreeze()
    app = make_app((390, 844))
    app.open("title")
    asyncio.run(app.run(frames=1))
    assert ticks == [] and gc.get_freeze_count() == 0, "the first frame waited"
    asyncio.run(app.run(frames=2))
    assert ticks == [60] and gc.get_freeze_count() > 0, "then the loop paces and tidies"
    gc.unfreeze()


def test_scene_changes_collect_then_freeze_the_heap():
    import gc

    gc.unfreeze()
    app = titled()
    press(app, "new")
    press(app, "start")
    step(app)
    assert gc.get_freeze_count() > 0
    gc.unfreeze()
