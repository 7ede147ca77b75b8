"""What a selection can become, chosen by taps at the table: a wild is asked about only when
it could stand for more than one card, going out is confirmed first, and a tap on the pile
with nothing selected offers the takes that are legal."""

import pygame
from test_table_play import FRAME, Mouse, button_pos, card_pos, settle, table_spot
from ui_events import key, mouse_drag

from game.rules.actions import Act
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui.app import App
from game.ui.table.kinds import Where

DIGITAL = preset("digital")


def arranged(hands, pile=("KD",), stock_top=("9H",)):
    app = App(pygame.Surface((390, 844)), Settings(animation_speed=0.0))
    deal = Deal.arranged(DIGITAL, hands, pile, stock_top)
    seats = (Seat("You"), Seat("Computer", "easy"))
    table = app.start_match(Setup(DIGITAL, 2, seed=1, first_seat=0, deal=deal), seats)
    settle(app, table)
    return app, table


def select(app, table, *codes):
    m = table.model
    for code in codes:
        c = parse_card(code)
        i = next(j for j, x in enumerate(m.order) if x == c and j not in m.selected)
        Mouse(app).tap(card_pos(table, i))
    assert sorted(m.selected_cards()) == sorted(parse_card(c) for c in codes)


def test_a_wild_on_a_run_asks_which_card_only_when_two_places_fit():
    app, table = arranged([["5S", "6S", "7S", "2C", "KC", "KH", "3D"], ["4H", "8C", "JD"]])
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "5S", "6S", "7S")
    assert [g.label for g in table.model.groups()] == ["Lay run"]  # one way: no question
    Mouse(app).tap(table_spot(table))
    assert len(st.melds[0]) == 1
    select(app, table, "2C")
    Mouse(app).tap(table.my_meld_rects()[1][0].center)  # the run: 2C could be 4S or 8S
    assert len(st.melds[0][0].cards) == 3, "nothing played before the player says which"
    labels = [t for t, _ in table.model.buttons()]
    assert labels == ["as 4♠", "as 8♠", "Cancel"]
    Mouse(app).tap(button_pos(table, "as 8♠"))
    run = st.melds[0][0]
    assert run.cards == tuple(parse_card(c) for c in ("5S", "6S", "7S", "2C"))


def test_a_wild_on_a_set_is_added_without_a_question():
    app, table = arranged([["KS", "KC", "KH", "2C", "5D", "9C", "3D"], ["4H", "8C", "JD"]])
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "KS", "KC", "KH")
    Mouse(app).tap(table_spot(table))
    select(app, table, "2C")
    Mouse(app).tap(table.my_meld_rects()[1][0].center)
    assert len(st.melds[0][0].cards) == 4 and table.model.picking is None


def test_going_out_is_confirmed_first():
    app, table = arranged([["7S", "7H", "7D"], ["4H", "8C", "JD"]], stock_top=("KS",))
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "7S", "7H", "7D")
    Mouse(app).tap(table_spot(table))
    select(app, table, "KS")
    Mouse(app).tap(table.layout.pile.center)
    assert st.phase is Phase.MELD and len(st.hands[0]) == 1, "asked, not played"
    assert [t for t, _ in table.model.buttons()] == ["Go out", "Cancel"]
    Mouse(app).tap(button_pos(table, "Go out"))
    assert st.hand_outs == [0]
    for _ in range(3):
        app.step([], FRAME)
    assert type(app.scenes.top).__name__ == "HandSummaryScene"


def test_a_tap_on_the_pile_offers_the_legal_takes():
    app, table = arranged([["KS", "KC", "KH", "5D", "9C"], ["4H", "8C", "JD"]], pile=("KD",))
    st = table.game.state
    assert [t for t, _ in table.model.buttons()] == ["Draw", "Take the pile"]
    assert (Where.PILE, -1) in table.model.targets(), "the pile glows: it may be taken"
    Mouse(app).tap(table.layout.pile.center)
    offered = [c.action for _, c in table.model.buttons() if c != "cancel"]
    assert offered and all(a.kind is Act.TAKE_SET and st.check(a) is None for a in offered)
    assert len(offered) == 3  # KD with any two of KS KC KH
    slots = table._button_slots()
    assert [t for _, _, t in slots][-1] == "Cancel"
    for (a, _, _), (b, _, _) in zip(slots, slots[1:]):  # a column above the bar on a phone
        assert a.h >= 44 and not a.overlaps(b) and not a.overlaps(table.layout.hand.rect)
    Mouse(app).tap(slots[0][0].center)
    assert st.phase is Phase.MELD and len(st.melds[0]) == 1 and not st.pile


def test_selected_cards_and_a_tap_on_the_pile_take_it():
    app, table = arranged([["KS", "KC", "KH", "5D", "9C"], ["4H", "8C", "JD"]],
                          pile=("3C", "KD"))
    st = table.game.state
    select(app, table, "KS", "KC")
    Mouse(app).tap(table.layout.pile.center)
    assert st.melds[0][0].cards == tuple(sorted(parse_card(c) for c in ("KS", "KC", "KD")))
    assert parse_card("3C") in st.hands[0] and not st.pile


def test_escape_pauses_the_table():
    app, table = arranged([["KS", "KC", "KH", "5D", "9C"], ["4H", "8C", "JD"]])
    app.step(key(pygame.K_ESCAPE), FRAME)
    assert type(app.scenes.top).__name__ == "PauseScene"
    assert app.scenes.stack[-2] is table


def test_dragging_the_selection_to_the_table_lays_it():
    app, table = arranged([["KS", "KC", "KH", "2C", "5D", "9C", "3D"], ["4H", "8C", "JD"]])
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "KS", "KC", "KH")
    grab = card_pos(table, sorted(table.model.selected)[0])
    app.step(mouse_drag(grab, table_spot(table)), FRAME)
    assert len(st.melds[0]) == 1 and len(st.melds[0][0].cards) == 3
    select(app, table, "2C")
    grab = card_pos(table, sorted(table.model.selected)[0])
    app.step(mouse_drag(grab, table.my_meld_rects()[1][0].center), FRAME)
    assert len(st.melds[0][0].cards) == 4, "dropped on the meld: added to it"


def test_the_pile_does_not_glow_when_it_cannot_be_taken():
    app, table = arranged([["KS", "QC", "JH", "5D", "9C"], ["4H", "8C", "JD"]], pile=("3C",))
    assert [t for t, _ in table.model.buttons()] == ["Draw"]
    assert (Where.PILE, -1) not in table.model.targets()
    before = table.game.state.snapshot()
    Mouse(app).tap(table.layout.pile.center)
    assert table.game.state.snapshot() == before
    assert table.model.message == ("To take the pile you must lay its top card, 3♣, at once in a "
                                   "new set with exactly two cards from your hand: nothing in "
                                   "your hand can, so draw from the stock")


def test_a_refused_pile_take_states_the_rule_and_the_set_the_hand_holds():
    app, table = arranged([["10H", "10C", "8S", "9S", "JS", "QS", "5D"], ["4H", "8C", "JD"]],
                          pile=("10S",))
    before = table.game.state.snapshot()
    select(app, table, "JS", "QS")
    Mouse(app).tap(table.layout.pile.center)
    assert table.game.state.snapshot() == before
    assert table.model.message == ("To take the pile you must lay its top card, 10♠, at once in a "
                                   "new set with exactly two cards from your hand: you hold "
                                   "10♥ 10♣ for a set")
