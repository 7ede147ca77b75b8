"""What the computer did, told in full: each seat's last turn as one line listing its whole
turn, the log of the hand the same after Continue as before it, plural forms right."""

import pygame
from scene_nav import make_app, press, step
from test_keep_app import reopened, settle
from ui_events import key

from game.rules.actions import parse_action
from game.rules.deal import Deal
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup
from game.services.seats import Seat
from game.ui import theme
from game.ui.scenes.table import TableScene
from game.ui.table.draw import MIN_LABEL_PX, latest
from game.ui.table.layout import table_layout
from game.ui.table.model import TableModel, counted

SEATS = (Seat("You"), Seat("Computer 1", "medium"), Seat("Computer 2", "medium"))


def test_a_turn_of_several_actions_reads_as_one_line_in_order():
    deal = Deal.arranged(DIGITAL, [["3H", "6H", "9S", "JD", "5C"],
                                   ["QH", "QD", "7S", "7H", "7D", "4C", "9C"]],
                         pile=["KD", "2S", "QS"], stock_top=["8S"])
    game = Game(Setup(DIGITAL, 2, 1, 1, deal))  # the computer opens
    model = TableModel(game, SEATS[:2])
    for text in ("take set QS QH QD", "set 7S 7H 7D", "discard 4C"):
        model.play(parse_action(text))
    assert model.last_move[1] == ("took the pile (3 cards) \u00b7 melded Q\u2660 Q\u2665 "
                                  "Q\u2666 \u00b7 melded 7\u2660 7\u2665 7\u2666 \u00b7 "
                                  "discarded 4\u2663")
    model.play(parse_action("draw"))  # your turn begins: the computer's line stays
    assert model.last_move[1].endswith("discarded 4\u2663")
    assert model.last_move[0] == "drew 8\u2660"


def test_the_next_turn_starts_a_new_line():
    deal = Deal.arranged(DIGITAL, [["3H", "6H", "9S", "JD", "5C"],
                                   ["QH", "QD", "7S", "7H", "7D", "4C", "9C"]],
                         pile=["KD"], stock_top=["8S", "10C", "2H"])
    game = Game(Setup(DIGITAL, 2, 1, 1, deal))
    model = TableModel(game, SEATS[:2])
    for text in ("draw", "discard 4C", "draw", "discard 5C", "draw"):
        model.play(parse_action(text))
    assert model.last_move[1] == "drew a card"  # you see only its back
    assert model.last_move[0] == "drew 10\u2663 \u00b7 discarded 5\u2663"


def test_plural_forms():
    assert counted(1, "card") == "1 card" and counted(7, "card") == "7 cards"
    assert counted(0, "meld") == "0 melds"


def test_the_log_after_continue_equals_the_log_before_it():
    app = make_app(settings=None)
    table = app.start_match(Setup(DIGITAL, 3, 8, 0), SEATS)
    for _ in range(3):  # three of your turns, the computers' between them
        settle(app, table)
        step(app, key(pygame.K_d))
        st = table.game.state
        discard = next(a for a in st.legal_actions() if a.kind.name == "DISCARD")
        table.model.play(discard)
        table._changed()
    settle(app, table)
    log, last = list(table.model.log), dict(table.model.last_move)
    assert len(log) > 8 and set(last) == {0, 1, 2}
    again = reopened()
    press(again, "continue")
    back = again.scenes.top
    assert isinstance(back, TableScene)
    assert back.model.log == log
    assert back.model.last_move == last


def test_a_long_turn_in_a_narrow_panel_keeps_its_latest_part():
    """On a phone an opponent's caption cannot hold the whole turn: its first parts give way
    (marked …), the discard stays, and the line fits its panel without shrinking below
    11 px."""
    turn = ("took the pile (3 cards) \u00b7 melded Q\u2660 Q\u2665 Q\u2666 \u00b7 melded "
            "7\u2660 7\u2665 7\u2666 \u00b7 discarded 4\u2663")
    layout = table_layout((390, 844), 4, 11)
    box = layout.opponents[0].caption
    px = round(layout.font * 0.9)
    line = latest("4 cards", turn, px, box.w)
    assert line.startswith("4 cards \u00b7 \u2026") and line.endswith("discarded 4\u2663")
    assert "\u2026 \u00b7" not in line  # the ellipsis leads into what it kept
    assert theme.text_width(line, max(MIN_LABEL_PX, round(px * 0.8))) <= box.w
    wide = table_layout((1920, 1080), 2, 11).opponents[0].caption
    assert latest("4 cards", turn, px, wide.w) == "4 cards \u00b7 " + turn  # room: all of it
