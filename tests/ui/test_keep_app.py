"""The app keeps a game, driven through real pygame events via ``App.step``: quit mid
turn and reopen at the same position, hand order and settings; broken files set aside with a
message on the title while the game goes on; statistics counted, shown, exported and reset."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_nav import locate, make_app, press, step
from ui_events import key, mouse_drag, mouse_tap

from game import platform
from game.rules.actions import Act
from game.rules.cards import QUEEN_OF_SPADES, parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL, SEVEN
from game.rules.save import Game, Setup, load
from game.rules.state import Phase
from game.services import hints, records, saves
from game.services import settings as settings_store
from game.services.records import Records
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui import scenes
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene
from game.ui.table.kinds import Sort

SEATS = (Seat("You"), Seat("Computer 1", "easy"))
SEVEN_SEATS = (Seat("You"), Seat("West", "easy"), Seat("North", "easy"), Seat("East", "easy"))
SLOW = Settings(animation_speed=0.0, think_seconds=0.1, four_colour=True, volume=0.3)


def settle(app, table, limit=3000):
    """Frames until the person is to move (or the hand is over)."""
    for _ in range(limit):
        st = table.game.state
        if not table.busy and (st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
                               or table.seats[st.turn].is_person):
            step(app)
            return
        step(app)
    raise AssertionError("the person never got the turn")


def quick_turn(app, table):
    """Your turn the quick way, by keys and a tap: draw, then discard the first card that is
    not the Q♠ (confirmed when the table asks)."""
    step(app, key(pygame.K_d))
    if table.game.state.phase is Phase.MELD:
        hand = table.model.order
        i = next((j for j, c in enumerate(hand) if c != QUEEN_OF_SPADES), 0)
        r = table.layout.hand.cards[i]
        step(app, mouse_tap((r.x + max(4, r.w // 8), r.y + r.h // 3)))
        step(app, key(pygame.K_x))
        if table.model.confirm is not None:
            step(app, key(pygame.K_RETURN))


def titled(app):
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    return app


def reopened():
    """A fresh app, as after closing the window or reloading the tab."""
    return titled(make_app(settings=None))


def test_quit_mid_turn_and_reopen_gives_the_same_position_order_and_settings():
    app = make_app(settings=None)
    app.apply_settings(SLOW)
    table = app.start_match(Setup(DIGITAL, 2, 31, 0), SEATS)
    settle(app, table)
    step(app, key(pygame.K_d))  # draw: now mid-turn
    assert table.game.actions[-1].kind is Act.DRAW and table.game.state.phase is Phase.MELD
    step(app, key(pygame.K_s))  # sort by suit
    first, last = table.layout.hand.cards[0], table.layout.hand.cards[-1]
    y = first.y + first.h // 2
    step(app, mouse_drag((first.x + 6, y), (last.x + last.w - 2, y), 8))
    step(app)
    model = table.model
    assert model.sort_mode is Sort.CUSTOM  # the player's own order now
    order, snapshot = list(model.order), table.game.state.snapshot()

    again = reopened()
    assert again.settings == SLOW
    press(again, "continue")
    back = again.scenes.top
    assert isinstance(back, TableScene)
    assert back.game.state.snapshot() == snapshot
    assert back.model.order == order and back.model.sort_mode is Sort.CUSTOM
    assert back.game.state.phase is Phase.MELD and back.model.my_turn


def test_every_action_is_saved_at_once():
    app = make_app()
    table = app.start_match(Setup(DIGITAL, 2, 5, 0), SEATS)
    assert saves.load_autosave().match.game.actions == []  # saved before the first move
    settle(app, table)
    step(app, key(pygame.K_d))
    saved = saves.load_autosave().match
    assert saved.game.actions == table.game.actions and saved.seats == SEATS


def test_a_broken_save_is_set_aside_and_the_title_says_so():
    platform.write(saves.KEY, '{"format": "arlington-match", "version": 2, "game": ')
    app = reopened()
    assert locate(app, "continue") is not None
    title = app.scenes.top
    step(app)
    assert "could not be loaded" in title._toast.text and "new game" in title._toast.text
    press(app, "continue")  # disabled: nothing happens
    assert app.scenes.top is title
    assert platform.read(saves.KEY) is None
    kept = list(platform.data_dir().glob("match.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text().endswith('"game": ')
    press(app, "new")
    press(app, "start")
    assert isinstance(app.scenes.top, TableScene)  # and the game goes on


def test_a_broken_settings_file_gives_defaults_and_a_message():
    platform.write(settings_store.KEY, "{{{")
    app = reopened()
    assert app.settings == Settings()
    step(app)
    assert "settings were unreadable" in app.scenes.top._toast.text


def test_settings_changed_in_the_scene_are_kept():
    app = titled(make_app(settings=None))
    press(app, "settings")
    press(app, "four_colour")
    press(app, "sound")
    assert settings_store.load() == (Settings(four_colour=True, sound=False), None)
    assert not app.keeper.sounds.enabled


def test_a_finished_hand_is_counted_and_shown():
    app = make_app()
    table = app.start_match(Setup(DIGITAL.with_changes(target=10**5), 2, 8, 0), SEATS)
    for _ in range(400):
        settle(app, table)
        st = table.game.state
        if st.phase is Phase.HAND_OVER:
            break
        quick_turn(app, table)
    assert table.game.state.phase is Phase.HAND_OVER
    mine = table.game.state.hand_scores[0][0]
    line = app.keeper.records.line("custom", 2)
    assert (line.hands, line.hand_points, line.matches) == (1, mine, 0)
    assert records.load()[0] == app.keeper.records
    assert saves.load_autosave().match.recorded == 1  # a reload will not count it again


def test_statistics_scene_shows_exports_and_resets():
    stored = Records().with_hand("digital", 2, 85).with_match("digital", 2, True, 1085)
    records.save(stored)
    app = reopened()
    press(app, "stats")
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    texts = [getattr(r, "text", "") for r in scene.rows()]
    assert "Digital, 2 players" in texts
    assert "Matches played 1, won 1 (100%)" in texts
    press(app, "export")
    assert scene.note.startswith("Statistics exported to")
    exported = (platform.data_dir() / "arlington-statistics.txt").read_text()
    assert "best hand 85" in exported
    press(app, "reset")
    assert records.load()[0] == stored  # the first tap only asks
    press(app, "reset")
    assert records.load()[0] == Records() and app.keeper.records == Records()
    assert scene.note == "Statistics and matches reset"
    press(app, "done")
    assert isinstance(app.scenes.top, scenes.TitleScene)


# ----------------------------------------------------------------- undo and hints at the table

def melding_table():
    """You hold three sevens and draw; the computer waits."""
    deal = Deal.arranged(DIGITAL, [["7S", "7H", "7D", "KC", "4S"], ["3H", "6H", "9S", "JD"]],
                         pile=["QD"], stock_top=["8S", "5C"])
    app = make_app()
    table = app.start_match(Setup(DIGITAL, 2, 1, 0, deal), SEATS)
    settle(app, table)
    return app, table


def bar_button(table, label):
    for rect, _, text in table._button_slots():
        if text == label:
            return (rect.x + rect.w // 2, rect.y + rect.h // 2)
    return None


def tap_cards(app, table, codes):
    for code in codes:
        c = parse_card(code)
        i = next(j for j, x in enumerate(table.model.order)
                 if x == c and j not in table.model.selected)
        r = table.layout.hand.cards[i]
        step(app, mouse_tap((r.x + max(4, r.w // 8), r.y + r.h // 3)))


def test_undo_takes_back_a_meld_and_never_the_draw():
    app, table = melding_table()
    assert bar_button(table, "Undo") is None
    step(app, key(pygame.K_d))
    assert bar_button(table, "Undo") is None  # the draw showed a card: it stays
    views = [table.game.state.view(s) for s in range(2)]
    tap_cards(app, table, ["7S", "7H", "7D"])
    r = table.layout.my_melds
    step(app, mouse_tap((r.x + r.w // 2, r.y + r.h // 2)))
    assert table.game.actions[-1].kind is Act.SET
    step(app, mouse_tap(bar_button(table, "Undo")))
    assert [table.game.state.view(s) for s in range(2)] == views
    assert table.game.actions[-1].kind is Act.DRAW and len(table.model.order) == 6
    assert table.model.message.startswith("Taken back: the meld 7")
    assert bar_button(table, "Undo") is None
    assert saves.load_autosave().match.game.actions == table.game.actions  # saved undone
    step(app, key(pygame.K_u))  # nothing left to take back: nothing happens
    assert [table.game.state.view(s) for s in range(2)] == views


def test_a_hint_is_the_hard_levels_move_with_its_cards_lifted():
    app, table = melding_table()
    step(app, key(pygame.K_d))
    state = table.game.state
    expected = hints.suggest(state.view(0), state.legal_actions(), len(table.game.actions))
    step(app, mouse_tap(bar_button(table, "Hint")))
    for _ in range(600):  # thought over frames (this one is obvious: at once)
        if not table.model.message.startswith("Thinking"):
            break
        step(app)
    assert table.model.message == expected.text
    lifted = sorted(table.model.order[i] for i in table.model.selected)
    assert lifted == sorted(expected.action.cards)
    assert table._toast.kind == "info"  # shown as help, not as a refusal
    assert app.keeper.records.line("digital", 2).hints == 1
    assert table.game.actions[-1].kind is Act.DRAW  # a hint plays nothing itself


def ticking(step: float = 0.001):
    """A clock that moves ``step`` seconds each time it is read: frames filled by it hold a
    fixed count of think slices, whatever the machine's speed."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]
    return clock


def test_a_hint_that_needs_search_fills_each_frame_and_says_so_until_the_answer():
    app = make_app()
    app.keeper.clock = ticking()
    table = app.start_match(Setup(DIGITAL, 2, 37, 0), SEATS)  # a meld worth weighing
    settle(app, table)
    step(app, key(pygame.K_d))
    state = table.game.state
    expected = hints.suggest(state.view(0), state.legal_actions(), len(table.game.actions))
    step(app, key(pygame.K_h))
    per_frame = [app.keeper.hint_calls]
    while table.model.message.startswith("Thinking"):
        assert table._toast is not None and table._toast.text.startswith("Thinking")
        before = app.keeper.hint_calls
        step(app)
        per_frame.append(app.keeper.hint_calls - before)
        assert len(per_frame) < 2000
    assert table.model.message == expected.text  # the search's answer, its cards lifted
    lifted = sorted(table.model.order[i] for i in table.model.selected)
    assert lifted == sorted(expected.action.cards)
    full = per_frame[:-1]  # the last frame stops at the answer
    assert len(full) >= 2, "a search that spans frames"
    assert min(full) == max(full) >= 3, f"several slices in every frame: {per_frame}"


def test_a_match_saved_between_hands_reopens_at_its_summary():
    game = Game(Setup(DIGITAL, 2, 12, 0))
    rand = random.Random(3)
    while game.state.phase is not Phase.HAND_OVER:
        game.play(rand.choice(game.state.legal_actions()))
    saves.autosave(saves.SavedMatch(game, SEATS, (None, None), recorded=1))
    app = reopened()
    press(app, "continue")
    for _ in range(200):
        if isinstance(app.scenes.top, scenes.HandSummaryScene):
            break
        step(app)
    assert isinstance(app.scenes.top, scenes.HandSummaryScene)
    press(app, "next")
    table = app.scenes.find(TableScene)
    assert table.game.state.hand_no == 1 and table.game.state.phase is not Phase.HAND_OVER
    assert app.keeper.records.line("digital", 2).hands == 0  # counted before the save


def test_thinking_time_is_the_hard_levels_budget():
    app = make_app(settings=Settings(think_seconds=1.0))
    seats = (Seat("You"), Seat("Computer 1", "hard"), Seat("Computer 2", "easy"))
    table = app.start_match(Setup(DIGITAL, 3, 4, 0), seats)
    hard, easy = table.controllers[1].agent, table.controllers[2].agent
    assert (hard.budget_seconds, hard.iterations) == (1.0, None)
    assert not hasattr(easy, "budget_seconds")  # nothing to budget: it answers at once
    app.apply_settings(Settings(think_seconds=0.1))
    assert hard.budget_seconds == 0.1


def test_new_game_warns_that_it_replaces_the_saved_match():
    fresh = reopened()
    press(fresh, "new")
    assert fresh.scenes.top.subtitle() == ""  # nothing saved: nothing to warn about
    make_app().start_match(Setup(DIGITAL, 2, 5, 0), SEATS)
    again = reopened()
    press(again, "new")
    assert again.scenes.top.subtitle() == "Start replaces the match saved for Continue"


def test_a_hard_seat_reloaded_mid_hand_keeps_the_clues_it_had_gathered():
    """The hard level weighs its worlds by what its opponents passed and threw this hand; a
    match reopened mid-hand gives its hard seat the same clues it had (rebuilt from the
    record), not a blank slate."""
    from game.ai.hard import HardAgent
    from game.ai.registry import make_agent

    game = Game(Setup(DIGITAL, 2, 4, 0))
    hard = HardAgent(7, budget_seconds=None, iterations=4)
    agents = [make_agent("medium", 1), hard]
    while not (hard.evidence.clues and game.state.turn == 0) and game.state.hand_no == 0:
        state = game.state
        view, legal = state.view(state.turn), state.legal_actions()
        agent = agents[state.turn]
        if agent is hard:
            hard.start(view, legal)
            while not hard.think():
                pass
            game.play(hard.answer())
        else:
            game.play(agent.choose(view, legal))
    assert hard.evidence.clues and game.state.hand_no == 0
    app = make_app()
    again = load(game.dumps())
    table = TableScene(app, again, (Seat("You"), Seat("Computer", "hard")))
    kept = table.controllers[1].agent.evidence
    assert (kept.hand_no, kept.clues) == (hard.evidence.hand_no, hard.evidence.clues)
    fresh = TableScene(make_app(), Game(Setup(DIGITAL, 2, 4, 0)),
                       (Seat("You"), Seat("Computer", "hard")))
    assert not fresh.controllers[1].agent.evidence.clues


@pytest.mark.parametrize(("options", "seats"), [(SEVEN, SEVEN_SEATS), (DIGITAL, SEATS)])
def test_a_match_reopened_right_after_next_hand_is_at_the_new_hand(options, seats):
    game = Game(Setup(options, len(seats), 12, 0))
    rand = random.Random(3)
    while game.state.phase is not Phase.HAND_OVER:
        game.play(rand.choice(game.state.legal_actions()))
    saves.autosave(saves.SavedMatch(game, seats, (None,) * len(seats), recorded=1))
    app = reopened()
    press(app, "continue")
    for _ in range(200):
        if isinstance(app.scenes.top, scenes.HandSummaryScene):
            break
        step(app)
    press(app, "next")  # Next hand: dealt, and the window closed before anyone acts
    table = app.scenes.find(TableScene)
    dealt = table.game.state.snapshot()
    assert table.game.state.hand_no == 1 and not table.game.actions[len(game.actions):]

    again = reopened()
    press(again, "continue")
    back = again.scenes.find(TableScene)
    assert not isinstance(again.scenes.top, scenes.HandSummaryScene)
    assert back.game.state.hand_no == 1 and back.game.state.phase is not Phase.HAND_OVER
    if back.game.actions == game.actions:  # nobody has acted yet: the very position
        assert back.game.state.snapshot() == dealt
