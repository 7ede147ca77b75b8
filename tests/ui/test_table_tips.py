"""Tips at the table: the first time a rule new players meet stops a move, the refusal says
the rule itself, once (kept as seen in the app's settings), and never with tips off; the
match is left exactly as it was."""

import pygame
from scene_nav import press
from test_table_choices import select
from test_table_play import Mouse, button_pos, settle

from game.rules.deal import Deal
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Rule
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui.app import App

DIGITAL = preset("digital")


def table_with_the_queen(settings: Settings):
    app = App(pygame.Surface((390, 844)), settings)
    deal = Deal.arranged(DIGITAL, [["QS", "KC", "3D", "7H"], ["4H", "8C", "JD"]], ("KD",), ("9H",))
    table = app.start_match(Setup(DIGITAL, 2, seed=1, first_seat=0, deal=deal),
                            (Seat("You"), Seat("Computer", "easy")))
    settle(app, table)
    Mouse(app).tap(table.layout.stock.center)  # draw: now the meld phase
    return app, table


def discard_the_queen(app, table) -> str:
    before = table.game.state.snapshot()
    select(app, table, "QS")
    Mouse(app).tap(table.layout.pile.center)
    assert table.game.state.snapshot() == before  # refused: nothing changed
    return table.model.message


def test_the_first_queen_of_spades_discard_says_the_rule_once_and_keeps_it_seen():
    app, table = table_with_the_queen(Settings(animation_speed=0.0))
    first = discard_the_queen(app, table)
    assert "Rule: the Q♠ may be discarded only as your last card" in first
    assert Rule.QUEEN_DISCARD.value in app.settings.tips_seen
    table.model.selected = set()
    again = discard_the_queen(app, table)
    assert again and "Rule:" not in again  # the reason alone the second time


def test_with_tips_off_a_refusal_gives_the_reason_alone():
    app, table = table_with_the_queen(Settings(animation_speed=0.0, tips=False))
    message = discard_the_queen(app, table)
    assert message and "Rule:" not in message
    assert app.settings.tips_seen == ()


def test_rules_is_a_tap_away_while_the_tip_shows_and_leaves_the_match_as_it_was():
    app, table = table_with_the_queen(Settings(animation_speed=0.0))
    discard_the_queen(app, table)
    labels = [text for _, _, text in table.button_slots()]
    assert "Rules" in labels
    before = table.game.state.snapshot()
    Mouse(app).tap(button_pos(table, "Rules"))
    assert type(app.scenes.top).__name__ == "RulesScene"
    press(app, "back")
    assert app.scenes.top is table and table.game.state.snapshot() == before
    table.model.selected = set()
    discard_the_queen(app, table)  # the reason alone now: no tip, no Rules
    assert "Rules" not in [text for _, _, text in table.button_slots()]
