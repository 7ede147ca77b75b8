"""The accessible mirror: what a screen reader is given of each scene, and that acting on it
changes the game exactly as the canvas's taps do. No browser here: the trees are read and
activated as the page would (``game.ui.mirror``); tests/web/test_browser_mirror.py drives the
real page."""

import json

import pygame
import pytest
from test_table_choices import arranged, select
from test_table_play import FRAME, Mouse, Touch, button_pos, card_pos, settle
from ui_events import key

from game import platform
from game.rules.cards import QUEEN_OF_SPADES, parse_card
from game.rules.events import Ev, Event
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui import mirror, words
from game.ui.app import App
from game.ui.mirror import Role, actions, find, walk
from game.ui.table import draw
from game.ui.table import mirror as table_mirror
from game.ui.table.layout import Rect

DIGITAL = preset("digital")
HANDS = [["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]]


def cards(*codes):
    return tuple(parse_card(c) for c in codes)


def names(node, role):
    return [n.name for n in walk(node) if n.role is role]


# ----------------------------------------------------------------------------- words


def test_cards_and_melds_are_said_in_words():
    assert words.card_words(QUEEN_OF_SPADES, DIGITAL) == "queen of spades, 50 points"
    assert words.card_words(parse_card("7H"), DIGITAL) == "seven of hearts"
    assert words.card_words(parse_card("2C"), DIGITAL) == "two of clubs, wild"
    assert words.run_words(cards("5H", "6H", "7H")) == "run: five, six, seven of hearts"
    assert words.run_words(cards("5H", "JK", "7H")) == "run: five, joker as six, seven of hearts"
    assert words.set_words(cards("7S", "7H", "7D")) == "set of three sevens"
    assert words.set_words(cards("6S", "6H", "2C")) == \
        "set of three sixes: six of spades, six of hearts and two of clubs"
    assert words.spoken("Take the Q♠ or pass it on") == "Take the queen of spades or pass it on"


def test_events_are_one_plain_sentence_each():
    seats = ["You", "Computer 2"]
    pile = cards("9C", "4D", "KH", "3S", "JD", "7C", "7S")
    took = [Event(Ev.TOOK_PILE, 1, pile, meld=0),
            Event(Ev.MELDED, 1, cards("7S", "7H", "7D"), meld=0),
            Event(Ev.DISCARDED, 1, cards("QH"))]
    assert words.event_sentences(took, seats, 0) == [
        "Computer 2 took the pile, 7 cards, and laid down a set of three sevens.",
        "Computer 2 discarded the queen of hearts."]
    assert words.event_sentences([Event(Ev.DREW, 1, ())], seats, 0) == \
        ["Computer 2 drew from the stock."]
    ended = Event(Ev.HAND_ENDED, 0, scores=(250, -35))
    assert words.event_sentences([ended], seats, 0) == \
        ["You went out: plus 250. Hand scores: You plus 250, Computer 2 minus 35."]
    nobody = Event(Ev.HAND_ENDED, -1, scores=(0, 40))
    assert words.event_sentences([nobody], seats, 0) == \
        ["The hand ended; nobody went out. Hand scores: You 0, Computer 2 plus 40."]


# ----------------------------------------------------------------------------- the table


def test_the_table_mirror_names_the_hand_the_actions_and_the_melds():
    app, table = arranged([["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]])
    tree = table.mirror()
    hand = [n for n in walk(tree) if n.role is Role.TOGGLE and n.action.startswith("card:")]
    assert sorted(n.name for n in hand) == sorted(
        ["five of spades", "six of spades", "seven of spades", "queen of spades, 50 points",
         "king of clubs", "king of hearts", "three of diamonds"])
    assert not any(n.state for n in hand)
    assert "Draw" in names(tree, Role.BUTTON)
    piles = find(tree, "Stock and pile", Role.REGION)
    assert names(piles, Role.BUTTON) == [
        f"Stock: {len(table.game.state.stock)} cards.",
        "Discard pile: 1 card, the top one the king of diamonds."]
    assert any(n.startswith("Computer") for n in names(tree, Role.HEADING))
    assert "3 cards in hand, score 0, 0 melds" in names(tree, Role.TEXT)

    Mouse(app).tap(table.layout.stock.center)  # draw (a tap), then lay the run by the mirror
    for code in ("5S", "6S", "7S"):
        c = parse_card(code)
        i = next(j for j, x in enumerate(table.model.order)
                 if x == c and j not in table.model.selected)
        table.mirror_activate(f"card:{i}:{c}")
    tree = table.mirror()
    pressed = [n.name for n in walk(tree) if n.role is Role.TOGGLE and n.state]
    assert set(pressed) == {"five of spades", "six of spades", "seven of spades"}
    lay = actions(tree)
    run = next(a for a, n in lay.items() if n.name == "Lay run")
    table.mirror_activate(run)
    settle(app, table)
    tree = table.mirror()
    mine = find(tree, "Your melds", Role.LIST)
    assert mine is not None
    assert [n.name for n in mine.children] == ["Meld 1: run: five, six, seven of spades, "
                                               "15 points"]
    assert len(table.game.state.melds[0]) == 1


def test_a_mirror_card_and_a_tap_select_the_same_card():
    hands = [["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]]
    app_a, tapped = arranged(hands)
    app_b, mirrored = arranged(hands)
    Mouse(app_a).tap(card_pos(tapped, 2))
    c = mirrored.model.order[2]
    mirrored.mirror_activate(f"card:2:{c}")
    assert tapped.model.selected == mirrored.model.selected == {2}
    node = next(n for n in walk(mirrored.mirror()) if n.action == f"card:2:{c}")
    assert node.state is True
    mirrored.mirror_activate(f"card:3:{c}")  # a stale card (another one is there): nothing
    assert mirrored.model.selected == {2}


def test_the_mirrors_status_speaks_of_actions_not_of_glowing_places():
    hands = [["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]]
    _, scene = arranged(hands)
    scene.mirror_activate(next(a for a, n in actions(scene.mirror()).items()
                               if n.name == "Draw"))
    for code in ("5S", "6S", "7S"):  # a run the bar offers to lay down
        c = parse_card(code)
        scene.mirror_activate(f"card:{scene.model.order.index(c)}:{c}")
    said = [n.name for n in walk(scene.mirror())]
    assert "Choose an action for the selected cards" in said
    assert not any("glowing" in name for name in said)
    assert scene.model.status() == "Tap a glowing place or a button"  # the canvas's words


def test_mirror_buttons_play_the_moves_the_canvas_buttons_play():
    hands = [["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]]
    app_a, tapped = arranged(hands)
    app_b, mirrored = arranged(hands)
    Mouse(app_a).tap(tapped.layout.stock.center)
    draw = next(a for a, n in actions(mirrored.mirror()).items() if n.name == "Draw")
    mirrored.mirror_activate(draw)
    select(app_a, tapped, "KC")
    c = parse_card("KC")
    mirrored.mirror_activate(f"card:{mirrored.model.order.index(c)}:{c}")
    Mouse(app_a).tap(button_pos(tapped, "Discard"))
    discard = next(a for a, n in actions(mirrored.mirror()).items() if n.name == "Discard")
    mirrored.mirror_activate(discard)
    assert [str(a) for a in mirrored.game.actions[:2]] == ["draw", "discard KC"]
    assert [str(a) for a in tapped.game.actions[:2]] == ["draw", "discard KC"]
    mirrored.mirror_activate(discard)  # gone from the bar now: nothing happens
    assert len(mirrored.game.actions) == 2


def test_a_refusal_is_announced_and_kept_in_the_log():
    app, table = arranged([["5S", "6S", "7S", "QS", "KC", "KH", "3D"], ["4H", "8C", "JD"]])
    Mouse(app).tap(table.layout.stock.center)
    select(app, table, "QS")
    app.step(key(pygame.K_x), FRAME)  # the queen of spades may not be discarded yet
    app.step([], FRAME)
    said = [line for _, line in app.mirror.lines]
    assert any("queen of spades" in line.lower() for line in said), said
    assert table.model.message in table.model.log
    assert any("drew the nine of hearts" in line for line in said), said


def test_the_seven_hand_offer_has_take_and_pass():
    options = preset("seven")
    app = App(pygame.Surface((1280, 720)), Settings(animation_speed=0.0, think_seconds=0.1))
    seats = (Seat("You"), Seat("North", "easy"), Seat("East", "easy"))
    table = app.start_match(Setup(options, 3, seed=4), seats)
    for _ in range(3000):  # the computers play until one of their discards is offered to you
        settle(app, table)
        st = table.game.state
        if st.phase is Phase.DISCARD_OFFER and st.turn == 0:
            break
        tree = table.mirror()
        acts = actions(tree)
        if st.phase is Phase.DRAW:
            table.mirror_activate(next(a for a, n in acts.items() if n.name == "Draw"))
        elif st.phase is Phase.MELD:
            first = next(a for a in acts if a.startswith("card:"))
            table.mirror_activate(first)
            table.mirror_activate(next(a for a, n in actions(table.mirror()).items()
                                       if n.name == "Discard"))
        elif st.phase is Phase.DISCARD_OFFER:
            table.mirror_activate("offer:pass")
        else:
            app.step([], FRAME)
    else:
        raise AssertionError("no discard was offered to you")
    tree = table.mirror()
    where = table.mirror_places()  # asked: Take and Pass are where the panel draws them
    assert {"offer:take", "offer:pass"} <= set(where) and "stock" not in where
    offer = find(tree, "Offered discard", Role.REGION)
    assert offer is not None
    said = names(offer, Role.TEXT)
    assert any("offers you the" in s for s in said), said
    top = table.game.state.pile[-1]
    assert f"Take the {words.card_words(top)}" in names(offer, Role.BUTTON)
    hand = len(table.game.state.hands[0])
    table.mirror_activate("offer:take")
    assert len(table.game.state.hands[0]) == hand + 1
    assert top in table.game.state.hands[0]


# ----------------------------------------------------------------------------- where they are drawn


def placed(data) -> dict[str, tuple]:
    """The controls of a payload the page lays over the canvas: action -> (name, place)."""
    out, todo = {}, [data["tree"]]
    while todo:
        node = todo.pop()
        todo += node.get("c", [])
        if "b" in node:
            out[node["a"]] = (node["n"], Rect(*node["b"]))
    return out


def what_the_table_draws(monkeypatch, app, table) -> dict[str, list]:
    """Every card the table's drawing lays down, by what is drawing it (your hand, the stock,
    the pile): (card, rect) in drawing order, read off a whole frame drawn afresh."""
    drawn: dict[str, list] = {"hand": [], "stock": [], "pile": []}
    drawing: list[str] = []
    real_card = draw.card

    def card(surface, f, c, rect, **kw):
        if drawing:
            drawn[drawing[-1]].append((c, rect))
        real_card(surface, f, c, rect, **kw)

    def part(name, real):
        def drawn_by(*args):
            drawing.append(name)
            real(*args)
            drawing.pop()
        return drawn_by

    monkeypatch.setattr(draw, "card", card)
    for name in drawn:
        monkeypatch.setattr(draw, f"_draw_{name}", part(name, getattr(draw, f"_draw_{name}")))
    draw.draw_table(pygame.Surface(app.size), table.frame())
    return drawn


def test_the_tables_mirror_lays_each_card_the_stock_and_the_pile_where_they_are_drawn(
        monkeypatch):
    app, table = arranged(HANDS)
    table.mirror_activate("stock")  # eight cards now, two of them selected (drawn raised)
    select(app, table, "6S", "KC")
    data = json.loads(app.mirror.payload(table))  # what the page is sent
    assert data["at"] == [390, 844]
    where = placed(data)
    drawn = what_the_table_draws(monkeypatch, app, table)
    m = table.model
    assert [c for c, _ in drawn["hand"]] == m.order
    for i, (c, rect) in enumerate(drawn["hand"]):
        name, place = where[f"card:{i}:{c}"]
        assert name == words.card_words(c, DIGITAL) + (", just drawn" if i == m.drawn_index()
                                                        else "")
        assert place.inside(Rect(*rect)), f"{name} is laid off its card"
        for _, later in drawn["hand"][i + 1:]:  # the cards drawn over it leave it all showing
            assert not place.overlaps(Rect(*later)), f"{name} is laid under another card"
        assert place.w >= 10 and place.h >= table.layout.hand.card_h // 2
    for pile in ("stock", "pile"):  # the card on top (the one under it peeks out by 2 px)
        assert Rect(*drawn[pile][-1][1]).inside(where[pile][1]), pile
    assert where["stock"][0] == f"Stock: {len(table.game.state.stock)} cards."
    assert where["pile"][0] == "Discard pile: 1 card, the top one the king of diamonds."


def outcome(app, table) -> tuple:
    """What a player notices of the table after a tap or a mirror control."""
    m = table.model
    return ([str(a) for a in table.game.actions], sorted(m.selected_cards()), list(m.order),
            m.sort_mode, table.show_log, type(app.scenes.top).__name__, m.picking, m.confirm,
            m.message)


def prepared(state: str):
    """A table in ``state``, reached through the mirror (the same way every time)."""
    app, table = arranged(HANDS)
    for action in {"draw": [], "log open": ["log"], "one selected": ["stock", "KC"],
                   "a run selected": ["stock", "5S", "6S", "7S"]}[state]:
        if action in ("log", "stock"):
            table.mirror_activate(action)
        else:
            c = parse_card(action)
            table.mirror_activate(f"card:{table.model.order.index(c)}:{c}")
    settle(app, table)
    return app, table


@pytest.mark.parametrize("state", ["draw", "log open", "one selected", "a run selected"])
def test_a_touch_where_the_mirror_lays_a_control_does_what_the_control_does(state):
    """A double tap of a screen reader may reach the canvas as a touch at the control's
    centre instead of activating it: either way the same must happen. The same holds for
    every control laid over the canvas, in every state: covered or dead spots have none."""
    _, table = prepared(state)
    where = table.mirror_places()
    assert {"sort", "menu", "log"} <= set(where)
    assert any(a.startswith("card:") for a in where) and any(a.startswith("act:") for a in where)
    assert ("stock" in where) is (state != "log open")  # the open log lies over them
    for action, place in where.items():
        app_a, tapped = prepared(state)
        app_b, activated = prepared(state)
        Touch(app_a).tap(Rect(*place).center)
        activated.mirror_activate(action)
        for app, table in ((app_a, tapped), (app_b, activated)):
            app.step([], FRAME)
            settle(app, table)
        assert outcome(app_a, tapped) == outcome(app_b, activated), action


def opened(which):
    """The title (a menu), or Settings (a page) scrolled ``which`` pixels down."""
    app = App(pygame.Surface((390, 844)), Settings(animation_speed=0.0))
    app.open("title")
    if which != "title":
        app.scenes.top.mirror_activate("settings")
        app.scenes.top.scroll_to(which)
    return app


@pytest.mark.parametrize("which", ["title", 0, 400])
def test_menus_and_pages_lay_each_control_where_a_touch_acts_as_it(which):
    page = opened(which).scenes.top
    where = page.mirror_places()
    controls = {n.action for n in walk(page.mirror()) if n.action}  # the dimmed ones too
    assert where and set(where) <= controls, set(where) - controls
    for action, place in where.items():
        tapped, activated = opened(which), opened(which)
        Touch(tapped).tap(Rect(*place).center)
        activated.scenes.top.mirror_activate(action)
        for app in (tapped, activated):
            app.step([], FRAME)
        assert type(tapped.scenes.top) is type(activated.scenes.top), action
        assert tapped.settings == activated.settings, action


def test_a_pages_controls_are_laid_where_its_scroll_takes_them():
    top, lower = (opened(y).scenes.top.mirror_places() for y in (0, 400))
    assert set(top) != set(lower)  # rows scrolled in, others out
    assert lower["back"] == top["back"] and lower["done|"] == top["done|"]  # fixed ones stay


def test_the_lesson_lays_the_coachs_buttons_and_what_of_the_table_the_coach_leaves_free():
    app = App(pygame.Surface((360, 640)), Settings(animation_speed=0.0))
    app.open("title")
    app.scenes.top.mirror_activate("learn")
    lesson = app.scenes.top
    for _ in range(30):
        app.step([], FRAME)
    coach = lesson.coach()
    where = lesson.mirror_places()
    assert {f"coach:{b.key}": mirror.box(b.rect) for b in coach.buttons}.items() <= where.items()
    table = [place for action, place in where.items() if not action.startswith("coach:")]
    assert table and not any(coach.rect.colliderect(place) for place in table)
    assert "stock" in table_mirror.places(lesson.table) and "stock" not in where  # covered
    controls = {n.action for n in walk(lesson.mirror()) if n.action}
    assert set(where) <= controls


# ----------------------------------------------------------------------------- other scenes


def test_pages_and_menus_act_through_the_mirror_as_through_taps():
    app = App(pygame.Surface((390, 844)), Settings(animation_speed=0.0))
    app.open("title")
    app.step([], FRAME)
    title = app.scenes.top.mirror()
    assert title.name == "Arlington"
    assert "New game" in names(title, Role.BUTTON)
    app.scenes.top.mirror_activate("new")
    page = app.scenes.top
    assert type(page).__name__ == "NewGameScene"
    tree = page.mirror()
    group = find(tree, "Players at the table", Role.GROUP)
    assert group is not None and group.detail.startswith("These rules allow")
    page.mirror_activate("players|+")
    assert page.state.players == 3
    page.mirror_activate("players|-")
    page.mirror_activate("players|-")  # at the least already: disabled, ignored
    assert page.state.players == 2
    page.mirror_activate("back")
    app.scenes.top.mirror_activate("settings")
    settings = app.scenes.top
    four = find(settings.mirror(), "Four-colour suits", Role.TOGGLE)
    assert four is not None and four.state is False
    settings.mirror_activate(four.action)
    assert app.settings.four_colour is True
    assert find(settings.mirror(), "Four-colour suits", Role.TOGGLE).state is True
    settings.mirror_focus(four.action)
    assert settings.focus == "four_colour"  # the canvas rings the same control


def test_the_mirror_is_sent_only_when_it_changed(monkeypatch):
    sent, inbox = [], []
    monkeypatch.setattr(platform, "mirror_show", sent.append)
    monkeypatch.setattr(platform, "mirror_inbox", lambda: [inbox.pop(0)] if inbox else [])
    app = App(pygame.Surface((390, 844)), Settings(animation_speed=0.0))
    app.mirror = mirror.Mirror(live=True)
    app.open("title")
    for _ in range(30):
        app.step([], FRAME)
    assert len(sent) == 1
    assert json.loads(sent[0])["tree"]["n"] == "Arlington"
    inbox.append(("activate", "rules"))
    app.step([], FRAME)
    app.step([], FRAME)
    assert json.loads(sent[-1])["tree"]["n"] == "Rules"
    app.mirror.announce("The pile was shuffled into a new stock.")
    app.step([], FRAME)
    assert json.loads(sent[-1])["log"][-1][1] == "The pile was shuffled into a new stock."


def test_going_out_by_the_mirror_reaches_a_summary_that_reads_in_words():
    app, table = arranged([["5S", "6S", "7S"], ["4H", "8C", "JD", "QD"]])

    def press(name):
        tree = app.scenes.top.mirror()
        action = next(a for a, n in actions(tree).items() if n.name == name)
        app.scenes.top.mirror_activate(action)

    press("Draw")
    for name in ("five of spades", "six of spades", "seven of spades"):
        press(name)
    press("Lay run")
    press("nine of hearts, just drawn")
    press("Discard")
    assert table.game.state.phase is not Phase.HAND_OVER  # asked first
    assert "This ends the hand. Go out?" in names(table.mirror(), Role.TEXT)
    press("Go out")
    assert table.mirror_places() == {}  # a tap anywhere goes on: nothing is laid on the table
    settle(app, table)
    for _ in range(5):
        app.step([], FRAME)
    summary = app.scenes.top.mirror()
    assert summary.name == "Hand 1 is over"
    heads = names(summary, Role.HEADING)
    assert any(h.startswith("You, went out: plus ") for h in heads), heads
    assert any(h.startswith("Computer: minus") for h in heads), heads
    # the numbers under a name, spoken with their signs in words as the headings are
    details = [t for t in names(summary, Role.TEXT) if t.startswith("melded ")]
    assert any("in hand minus " in t for t in details), details
    assert any("match total minus " in t for t in details), details  # the first hand's
    assert not any("+" in t or "\u2212" in t for t in details), details
    assert "Next hand" in names(summary, Role.BUTTON)
    said = [line for _, line in app.mirror.lines]
    assert "You laid down a run: five, six, seven of spades." in said
    assert any(line.startswith("You went out: plus ") for line in said), said
    review = next(a for a, n in actions(summary).items() if n.name == "Review")
    app.scenes.top.mirror_activate(review)
    for _ in range(5):
        app.step([], FRAME)
    assert app.scenes.top.mirror().name not in ("", "Hand 1 is over")
