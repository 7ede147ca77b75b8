"""The table's small things a player notices: a tap on empty felt lets go of a selection, the
card you drew stays marked once sorted in, the takes that spend fewest wilds come first, the
stock's count is never clipped, and the summary says which total is the match's."""

import pytest
from test_table_choices import arranged, select
from test_table_play import Mouse, button_pos, table_spot

from game.rules.cards import is_wild, parse_card
from game.services.settings import Settings
from game.ui import theme
from game.ui.scenes.summary import HandLine
from game.ui.table.frame import bar_items
from game.ui.table.layout import Rect, table_layout


def test_a_tap_on_empty_felt_lets_go_of_the_selection_and_changes_nothing():
    app, table = arranged([["KS", "KC", "5D", "9C", "3H"], ["4H", "8C", "JD"]])
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)  # draw: the meld phase
    select(app, table, "5D", "9C")  # no meld: the band does not glow
    before = st.snapshot()
    Mouse(app).tap(table_spot(table))
    assert not table.model.selected and not table.model.message
    assert st.snapshot() == before


def test_a_tap_on_the_glowing_band_still_lays_the_meld():
    app, table = arranged([["KS", "KC", "KH", "5D", "9C"], ["4H", "8C", "JD"]])
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "KS", "KC", "KH")
    Mouse(app).tap(table_spot(table))
    assert len(table.game.state.melds[0]) == 1


def accent_above(app, table, i) -> bool:
    r = table.layout.hand.cards[i]
    return app.surface.get_at((r.center[0], r.y - 4))[:3] == theme.ACCENT[:3]


def test_the_card_you_drew_stays_marked_once_sorted_in_until_you_discard():
    app, table = arranged([["KS", "KC", "5D", "9C", "3H"], ["4H", "8C", "JD"]],
                          stock_top=("7S",))
    Mouse(app).tap(table.layout.stock.center)
    m = table.model
    drawn = m.order.index(parse_card("7S"))
    assert drawn not in (0, len(m.order) - 1), "sorted in among the others"
    app.step([], 1 / 60)
    assert accent_above(app, table, drawn)
    assert not any(accent_above(app, table, i) for i in range(len(m.order)) if i != drawn)
    m.sort()  # by suit: it moves, the mark with it
    app.step([], 1 / 60)
    assert accent_above(app, table, m.order.index(parse_card("7S")))
    select(app, table, "3H")
    Mouse(app).tap(table.layout.pile.center)  # discarded: the turn is over
    assert m.drawn_index() is None


def test_the_takes_that_spend_fewest_wilds_are_offered_first():
    app, table = arranged([["QH", "QD", "2C", "2D", "9C"], ["4H", "8C", "JD"]],
                          pile=("5S", "QS"))
    Mouse(app).tap(table.layout.pile.center)
    offered = [c.action for _, c in table.model.buttons() if c != "cancel"]
    wilds = [sum(map(is_wild, a.cards)) for a in offered]
    assert len(offered) >= 3 and wilds == sorted(wilds) and wilds[0] == 0, offered


@pytest.mark.parametrize("size", [(844, 390), (360, 640), (390, 844), (1280, 720)])
@pytest.mark.parametrize("seats", [2, 8])
def test_the_stock_and_pile_counts_fit_under_them(size, seats):
    for settings in (Settings(), Settings(pile_assist=True, left_handed=True)):
        L = table_layout(size, seats, 13, settings)
        for label, box in (("Stock 108", L.stock), ("Pile 108", L.pile)):
            assert theme.text_width(label, L.font) <= box.w, (label, box)
        assert L.stock.inside(Rect(0, 0, *size)) and not L.stock.overlaps(L.pile)


def test_the_summary_says_its_total_is_the_matchs():
    line = HandLine("Ann", True, 60, 5, 0, 55, 410, (), False)
    assert line.detail().endswith("match total 410") and "in hand \u22125" in line.detail()


def test_a_free_slot_before_more_holds_the_first_extra_not_felt():
    """Nothing selected, so the model offers no button of its own, and a rule's tip, Undo
    and Hint do not fit a phone's two slots: Rules (the tip's, first) keeps the first slot
    and More… the second, which opens all three."""
    app, table = arranged([["7S", "7H", "7D", "7C", "KC", "4S"], ["3H", "6H", "9S", "JD"]],
                          stock_top=("8S",))
    Mouse(app).tap(table.layout.stock.center)
    assert table.model.buttons() == [] and len(table.layout.actions) == 2
    extras = [("Rules", "rules"), ("Undo", "undo"), ("Hint", "hint")]
    assert bar_items(table.model, 2, False, extras) == [("Rules", "rules"), ("More\u2026", "more")]
    assert bar_items(table.model, 2, True, extras) == [*extras, ("Cancel", "close")]


def test_on_a_phone_hint_and_undo_stay_reachable_when_the_bar_is_full():
    """Three sevens laid, one more selected that can go onto the meld or be discarded: the
    bar's two slots cannot hold those and Undo and Hint; More… opens them all."""
    app, table = arranged([["7S", "7H", "7D", "7C", "KC", "4S"], ["3H", "6H", "9S", "JD"]],
                          stock_top=("8S",))
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "7S", "7H", "7D")
    Mouse(app).tap(table_spot(table))
    select(app, table, "7C")
    words = [t for _, _, t in table._button_slots()]
    assert len(table.layout.actions) == 2 and words[-1] == "More\u2026", words
    Mouse(app).tap(button_pos(table, "More\u2026"))
    words = [t for _, _, t in table._button_slots()]
    assert {"Onto meld 1", "Discard", "Undo", "Hint", "Cancel"} <= set(words), words
    Mouse(app).tap(button_pos(table, "Hint"))
    assert table.model.message.startswith(("Thinking", "Add", "Discard", "Lay"))
    assert not table.more
