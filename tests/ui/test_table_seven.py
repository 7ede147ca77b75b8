"""Seven-hand Arlington at the table, played only through raw pygame events: the person
answers offered discards on the offer panel (Take / Pass), draws from the stock, melds on
the band and discards on the discard spot, computers in the other seats, through every hand
summary to the final sheet. Each step checks what the engine became and what the table says.
"""

import itertools
import re

import pygame
import pytest
from late_hands import play_until, replayed
from scene_nav import make_app, press
from seven_positions import Played
from test_keep_app import reopened
from test_table_play import (
    FRAME,
    Mouse,
    Touch,
    button_pos,
    card_pos,
    natural_meld,
    settle,
    table_spot,
)
from test_text_large import Drawn
from ui_events import key

from game.ai.registry import make_agent
from game.rules.actions import Act
from game.rules.cards import parse_card, rank_of
from game.rules.events import Ev, Event
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import Seat, default_seats
from game.services.settings import Settings
from game.ui import cardart, theme
from game.ui.app import App
from game.ui.mirror import walk
from game.ui.scenes.table import TableScene
from game.ui.table import draw, offer_panel, seven
from game.ui.table import mirror as table_mirror
from game.ui.table.kinds import Say
from game.ui.table.layout import (
    Rect,
    card_height,
    my_meld_rects,
    scale_of,
    seven_layout,
    seven_table,
    table_layout,
)
from game.ui.table.model import describe

NAMES = ("You", "West", "North", "East")


def start(size, players: int, seed: int, partnerships: bool = False):
    options = preset("seven").with_changes(partnerships=partnerships)
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, confirm_go_out=True))
    seats = (Seat("You"),) + tuple(Seat(n, "easy") for n in NAMES[1:players])
    return app, app.start_match(Setup(options, players, seed=seed), seats)


def wanted(state, c) -> bool:
    """The test's simple answer to an offer: take a card whose rank the hand holds."""
    return any(rank_of(x) == rank_of(c) for x in state.hands[0])


class Tally:
    """What the person did and saw over a match."""

    def __init__(self):
        self.taken = self.passed = self.turns = 0
        self.decisions: set[str] = set()
        self.strips: set[str] = set()


def watch(app, table, tally: Tally) -> None:
    """Frames until the person is to act, noting each computer answer the table showed."""
    for _ in range(20_000):
        m = table.model
        if m.message_kind is Say.DECISION and m.message:
            tally.decisions.add(m.message)
        st = table.game.state
        if app.scenes.top is not table or not table.busy and (
                st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
                or table.seats[st.turn].is_person):
            return
        app.step([], FRAME)
    raise AssertionError("the computers never let the person play")


def answer_offer(app, table, device, tally: Tally) -> None:
    """The person is asked: the panel is drawn with the offered card; Take or Pass is
    tapped, and the engine and the log follow."""
    st, m = table.game.state, table.model
    offer = seven.pending_offer(st)
    assert offer is not None and offer.asked == 0 and seven.must_answer(m.view)
    panel = table.frame().offer_panel()
    assert panel.take is not None and panel.pass_ is not None
    inside = app.surface.get_at((panel.rect.x + 6, panel.rect.centery))
    assert sum(inside[:3]) > 600, "the panel is drawn over the felt"
    assert {text for _, _, text in table._button_slots()} <= {"Hint", "Undo"}, \
        "the bar holds no other choice meanwhile"
    done = len(table.game.actions)
    hand = len(st.hands[0])
    take = wanted(st, offer.card)
    device.tap((panel.take if take else panel.pass_).rect.center)
    assert len(table.game.actions) > done  # (a computer may move in the same frame)
    action = table.game.actions[done]
    if take:
        assert action.kind is Act.TAKE_OFFER and offer.card in st.hands[0]
        assert len(st.hands[0]) == hand + 1 and offer.card in m.order
        assert f"You: took the offered {seven.short(offer.card)}" in m.log
        tally.taken += 1
    else:
        assert action.kind is Act.PASS and len(st.hands[0]) == hand
        assert f"You: passed the {seven.short(offer.card)}" in m.log
        tally.passed += 1


def play_turn(app, table, device, tally: Tally) -> None:
    """Draw by a tap on the stock, lay a natural meld if there is one, discard on the
    discard spot (a tap on a card, then on the spot)."""
    st, m = table.game.state, table.model
    tally.strips.add(seven.status_text(st))
    done = len(table.game.actions)
    device.tap(table.layout.stock.center)
    assert table.game.actions[done].kind is Act.DRAW, m.message
    settle(app, table)
    if st.phase is not Phase.MELD:
        return
    meld = natural_meld(st)
    if meld is not None:
        for c in meld.cards:
            i = next(j for j, x in enumerate(m.order) if x == c and j not in m.selected)
            device.tap(card_pos(table, i))
        device.tap(table_spot(table))
        if m.confirm is not None:
            device.tap(button_pos(table, "Go out"))
        settle(app, table)
        if st.phase is not Phase.MELD:
            tally.turns += 1
            return
    c = st.hands[0][-1]
    i = m.order.index(c)
    device.tap(card_pos(table, i))
    done = len(table.game.actions)
    device.tap(table.layout.pile.center)
    if m.confirm is not None:
        device.tap(button_pos(table, "Go out"))
    assert table.game.actions[done] == (Act.DISCARD, (c,), -1, -1), m.message
    tally.turns += 1


def play_hand(app, table, device, tally: Tally) -> None:
    """The person's part of one hand, until the hand ends."""
    for _ in range(2000):
        watch(app, table, tally)
        st = table.game.state
        if app.scenes.top is not table or st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        assert table.model.viewer == 0 == st.turn
        if st.phase is Phase.DISCARD_OFFER:
            answer_offer(app, table, device, tally)
        else:
            play_turn(app, table, device, tally)
    raise AssertionError("the hand never ended")


def to_next_hand(app, table, device) -> None:
    """The hand summary is up: a tap on Continue (Enter) deals the next hand."""
    for _ in range(20):
        if type(app.scenes.top).__name__ == "HandSummaryScene":
            break
        app.step([], FRAME)
    assert type(app.scenes.top).__name__ == "HandSummaryScene"
    hand = table.game.state.hand_no
    app.step(key(pygame.K_RETURN, "\r"), FRAME)
    assert app.scenes.top is table and table.game.state.hand_no == hand + 1


@pytest.mark.parametrize("size,device", [((390, 844), Touch), ((1280, 720), Mouse)],
                         ids=["phone-touch", "desktop-mouse"])
def test_a_whole_seven_hand_match_by_taps_reaches_the_final_sheet(size, device):
    app, table = start(size, 3, seed=7)
    tally = Tally()
    tap = device(app)
    for hand in range(7):
        play_hand(app, table, tap, tally)
        if hand < 6:
            assert table.game.state.phase is Phase.HAND_OVER
            to_next_hand(app, table, tap)
    for _ in range(20):
        if type(app.scenes.top).__name__ == "MatchResultScene":
            break
        app.step([], FRAME)
    st = table.game.state
    assert type(app.scenes.top).__name__ == "MatchResultScene"
    assert st.phase is Phase.MATCH_OVER and len(st.hand_scores) == 7 and st.winner >= 0
    assert tally.taken and tally.passed and tally.turns >= 7, vars(tally)
    assert {s.split(" \u00b7 ")[0] for s in tally.strips} == {f"Hand {n} of 7"
                                                           for n in range(1, 8)}
    assert any(d.endswith("passed") for d in tally.decisions), tally.decisions
    assert any(" took the " in d or "out of play" in d for d in tally.decisions)


def test_four_partners_play_a_hand_by_taps():
    app, table = start((390, 844), 4, seed=3, partnerships=True)
    tally = Tally()
    play_hand(app, table, Touch(app), tally)
    st = table.game.state
    assert st.phase is Phase.HAND_OVER and tally.turns >= 1
    assert tally.taken + tally.passed >= 1
    assert seven.partner_of(0, st.options, 4) == 2
    assert not table.frame().queen_mark  # an ordinary queen of spades: no "50" drawn
    teams = seven.teams(st, NAMES)
    assert [t.total for t in teams] == [st.totals[0] + st.totals[2], st.totals[1] + st.totals[3]]


def to_the_first_offer(app, table):
    """Turns played by taps (the computers' at their pace) until a discard is offered; the
    offer pending then."""
    tally = Tally()
    for _ in range(400):
        watch(app, table, tally)
        if table.game.state.phase is Phase.DISCARD_OFFER:
            break
        play_turn(app, table, Mouse(app), tally)
    return seven.pending_offer(table.game.state)


def test_keys_answer_an_offer_and_a_stray_tap_only_says_what_is_asked():
    app, table = start((1280, 720), 3, seed=7)
    offer = to_the_first_offer(app, table)
    st, m = table.game.state, table.model
    assert offer is not None and offer.asked == 0
    done, hand = len(table.game.actions), list(st.hands[0])
    Mouse(app).tap(table.layout.stock.center)  # not the time to draw
    assert len(table.game.actions) == done and st.hands[0] == hand
    assert m.message == f"Take the {seven.short(offer.card)} or pass it on"
    app.step(key(pygame.K_t, "t"), FRAME)
    assert table.game.actions[done].kind is Act.TAKE_OFFER and offer.card in st.hands[0]


def test_a_seven_hand_match_saved_during_an_offer_continues_at_the_offer():
    app = make_app(settings=None)
    app.apply_settings(Settings(animation_speed=0.0, think_seconds=0.1))
    table = app.start_match(Setup(preset("seven"), 3, seed=7),
                            (Seat("You"), Seat("West", "easy"), Seat("North", "easy")))
    offer = to_the_first_offer(app, table)
    snapshot = table.game.state.snapshot()
    assert offer is not None and offer.asked == 0

    again = reopened()
    press(again, "continue")
    back = again.scenes.top
    assert isinstance(back, TableScene) and back.game.state.snapshot() == snapshot
    panel = back.frame().offer_panel()
    assert panel.offer == offer and panel.take is not None
    Mouse(again).tap(panel.pass_.rect.center)
    assert back.game.actions[len(table.game.actions)].kind is Act.PASS


def test_the_log_names_an_offered_card_taken_passed_and_put_out_of_play():
    names = ["You", "West", "North"]
    seven_card = parse_card("7S")
    took = describe(Event(Ev.TOOK_OFFER, 1, (seven_card,)), names, 0)
    passed = describe(Event(Ev.PASSED, 2, (seven_card,)), names, 0)
    gone = describe(Event(Ev.OUT_OF_PLAY, -1, (seven_card,)), names, 0)
    assert (took, passed, gone) == ("West: took the offered 7\u2660",
                                    "North: passed the 7\u2660",
                                    "Nobody took the 7\u2660: out of play")
    assert describe(Event(Ev.PASSED, 2), names, 0) == "North: passed"  # the upcard


@pytest.mark.parametrize("size", [(390, 844), (1280, 720), (844, 390), (360, 640)])
@pytest.mark.parametrize("players,teams", [(2, False), (3, False), (4, True)])
def test_the_strip_and_the_offer_keep_clear_of_the_melds_and_the_bar(size, players, teams):
    base = table_layout(size, players, 13, Settings(), (), ((),) * (players - 1))
    least = offer_panel.least_height(base.scale)
    L, areas = seven_layout(base, teams, least)
    assert not areas.strip.overlaps(L.my_melds) and areas.strip.inside(
        Rect(0, 0, *size)), areas
    assert L.my_melds.h >= card_height(L.meld_card_w), "a row of melds still fits"
    assert not areas.strip.overlaps(L.status) and not areas.strip.overlaps(L.pause)
    assert not any(areas.strip.overlaps(b) for b in L.actions)
    if areas.teams is not None:
        assert not areas.teams.overlaps(L.my_melds) and not areas.teams.overlaps(areas.strip)
    assert areas.offer.h >= least and areas.offer.bottom <= L.actions[0].y


STATUSES = ("Meld, lay off, or discard to end your turn", "Take the 10\u2665 or pass it on",
            "Draw from the stock or take the pile", "Computer 3 is thinking...")


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (1280, 720)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players,teams", [(2, False), (4, True)])
def test_the_status_says_all_of_what_to_do_beside_the_strip(size, players, teams):
    """Where seven's strip takes the right of the status bar, what is expected of you still
    shows whole (smaller or on three lines), never cut short, and no smaller than the table's
    smallest text; late in a hand too (six melds of yours down)."""
    for hand, mine in ((13, ()), (3, (3, 4, 4, 3, 3, 4))):
        base = table_layout(size, players, hand, Settings(), mine, ((3, 3),) * (players - 1))
        L, _ = seven_layout(base, teams, offer_panel.least_height(base.scale))
        for text in STATUSES:
            px, lines = draw.status_lines(text, L.font, L.status)
            assert " ".join(lines) == text and px >= draw.MIN_LABEL_PX, (L.status, lines)
            assert all(theme.text_width(line, px, True) <= L.status.w for line in lines)
            assert len(lines) * theme.line_height(px) <= max(L.status.h, 2 * theme.line_height(px))


TEAM_SIZES = [(360, 640), (390, 844), (844, 390), (1024, 768), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", TEAM_SIZES)
def test_partners_totals_stand_beside_the_stock_or_ride_in_the_strip(size):
    """With partnerships both teams' totals are in sight on every window: on the felt beside
    the stock (or the opponents' empty cell), clear of everything else there (drawn: both
    teams' marks show in it where the teams' names fit it whole), or, where that felt is
    taken, in the strip, in short words if need be. Both the opening deal and a late hand
    (six melds of yours, three each of theirs) are checked."""
    app, table = start(size, 4, seed=5, partnerships=True)
    settle(app, table)
    view = table.game.state.view(0)
    f = table.frame()
    app.step([], FRAME)  # a frame drawn
    box = f.seven.teams and pygame.Rect(f.seven.teams.x, f.seven.teams.y, f.seven.teams.w,
                                        f.seven.teams.h)
    if box and offer_panel.names_fit(box, seven.teams(view, NAMES), f.layout.scale):
        inks = {app.surface.get_at((x, y))[:3] for x in range(box.x, box.right, 2)
                for y in range(box.y, box.bottom, 2)}
        for colour in theme.TEAMS:
            assert any(max(abs(a - b) for a, b in zip(ink, colour)) < 12 for ink in inks)
    melds = ((3, 4, 4, 3, 3, 4),) + ((3, 3, 3),) * 3
    for hand, mine, theirs in ((13, (), ((),) * 3), (3, melds[0], melds[1:])):
        base = table_layout(size, 4, hand, Settings(), mine, theirs)
        L, areas = seven_layout(base, True, offer_panel.least_height(base.scale))
        window = Rect(0, 0, *size)
        place = areas.teams or areas.totals
        if place is not None:
            others = [L.status, L.pause, L.log_button, L.stock, L.pile, L.my_melds, L.plate,
                      L.sort, areas.strip, *L.actions, *(o.box for o in L.opponents)]
            assert place.inside(window)
            assert not any(place.overlaps(r) for r in others if r is not None), areas
            assert L.beside is None or not place.overlaps(L.beside)
            continue
        strip = pygame.Rect(areas.strip.x, areas.strip.y, areas.strip.w, areas.strip.h)
        text, _ = offer_panel.strip_fit(seven.strip_pieces(view, 0, teams=True), strip,
                                        L.scale)
        assert ("your team" in text or "us " in text) and ("theirs" in text or "them " in text)
        assert "out of play" in text, (size, text)
        assert not areas.strip.overlaps(L.log_button)


WINDOWS = [(320, 568), (360, 640), (375, 667), (390, 844), (412, 915), (640, 360), (844, 390),
           (768, 1024), (1024, 768), (1280, 720), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("text_size", [100, 150, 200])
def test_the_teams_totals_have_a_place_on_every_table(text_size):
    """Partnerships at a dozen window sizes, left- and right-handed, at the opening deal
    and with three to six melds of yours and three to five each of theirs: both teams'
    totals always have a place, clear of everything else on the table (the felt beside the
    stock, the opponents' empty cell or a line under the status), or else the strip says
    them (``us 1,285 · them 1,270``) with the hand's number."""
    game = Played(4, 3, partnerships=True).until(
        lambda x: len(x.hand_scores) >= 4 and x.phase is Phase.DRAW)
    view = game.state.view(0)
    ours, theirs = view.totals[0] + view.totals[2], view.totals[1] + view.totals[3]
    wrong = []
    with theme.using(Settings(text_size=text_size)):
        for size, left, mine, them in itertools.product(
                WINDOWS, (False, True), ((), (3, 3, 3), (3, 4, 4, 3, 3), (3, 4, 4, 3, 3, 4)),
                (((),) * 3, ((3, 3, 3),) * 3, ((3, 4, 4, 3, 3),) * 3)):
            settings = Settings(text_size=text_size, left_handed=left)
            L, areas = seven_table(size, 4, 13 - len(mine), settings, mine, them, True,
                                   offer_panel.least_height(scale_of(size)))
            place = areas.teams or areas.totals
            where = f"{size} left={left} {mine} {them}"
            if place is None:
                strip = pygame.Rect(areas.strip.x, areas.strip.y, areas.strip.w, areas.strip.h)
                text, _ = offer_panel.strip_fit(seven.strip_pieces(view, 0, teams=True), strip,
                                                L.scale)
                if not re.search(rf"(your team|us) {ours:,} \u00b7 (theirs|them) {theirs:,}",
                                 text):
                    wrong.append(f"{where}: the strip says only {text!r}")
                continue
            others = [r for _, r in L.panels()] + [L.status, areas.strip] + \
                [r for r in my_meld_rects(L, mine)[1] if r.w]
            if not place.inside(Rect(0, 0, *size)) or any(place.overlaps(r) for r in others):
                wrong.append(f"{where}: {place} over {[r for r in others if place.overlaps(r)]}")
    assert not wrong, wrong


def test_take_shows_pushed_in_while_held_and_sliding_off_answers_nothing():
    """A button held down is drawn pushed in (as on every other screen); let go on it, it
    answers; slide off it first, nothing is answered and it comes back up."""
    app, table = start((390, 844), 3, seed=7)
    offer = to_the_first_offer(app, table)
    st = table.game.state
    assert offer is not None and offer.asked == 0
    take = table.frame().offer_panel().take.rect
    done = len(table.game.actions)

    def pixels():
        app.step([], FRAME)
        return pygame.image.tobytes(app.surface.subsurface(take.inflate(4, 4)), "RGB")

    up = pixels()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=take.center, button=1, touch=False)
    app.step([down], FRAME)
    assert table.held == offer_panel.TAKE and pixels() != up, "held: pushed in"
    away = (take.centerx, take.bottom + 120)
    slide = [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0),
                                touch=False) for p in ((take.centerx, take.bottom + 40), away)]
    app.step([*slide, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=away, button=1,
                                         touch=False)], FRAME)
    assert table.held is None and pixels() == up, "slid off: back up"
    assert len(table.game.actions) == done and seven.pending_offer(st) == offer
    Mouse(app).tap(take.center)
    assert table.game.actions[done].kind is Act.TAKE_OFFER and offer.card in st.hands[0]
    assert table.held is None


def test_the_last_discard_of_a_hand_is_not_left_lying_as_a_pile():
    """Seven-hand has no discard pile: the discard that ends a hand (no one is offered it)
    stays in the engine's pile, but the table draws the empty spot there, as between offers,
    until the next deal."""
    app, table = start((390, 844), 2, seed=3)
    seen = 0
    for _ in range(6):
        play_hand(app, table, Mouse(app), Tally())
        st = table.game.state
        if st.pile and st.phase is Phase.HAND_OVER:
            surface = pygame.Surface(app.size)
            table.draw(surface)
            r = table.layout.pile_card.inset(4)
            paper = [(x, y) for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2)
                     if min(surface.get_at((x, y))[:3]) > 235]
            assert not paper, f"a card is drawn on the discard spot at {paper[:3]}"
            seen += 1
        if st.phase is Phase.MATCH_OVER or seen:
            break
        to_next_hand(app, table, Mouse(app))
    assert seen, "no hand ended with a discard"


def before_the_end(seed: int):
    """A partnership match played by easy agents in every seat up to its last action, a
    computer's (so the table plays it): the ``Game`` there, and the seat that then wins."""
    setup = Setup(preset("seven").with_changes(partnerships=True), 4, seed)
    game = Game(setup)
    play_until(game, [make_agent("easy", seed * 7 + i) for i in range(4)])
    assert game.state.phase is Phase.MATCH_OVER
    winner = game.state.winner
    game = replayed(setup, game.actions[:-1])
    assert game.state.turn != 0, "the last move is a computer's"
    return game, winner


@pytest.mark.parametrize(("seed", "ours"), [(13, True), (8, False)])
def test_the_end_of_a_partnership_match_names_the_winning_team(seed, ours, monkeypatch):
    """Partners win together: where a computer's last move ends a partnership match, the
    table's status (drawn and in the mirror), its log and the live log name the winning
    team as the match's result does, ``You and your partner`` or ``Computer 1 & Computer
    3``, never one seat of it (``Computer 1 wins``)."""
    game, winner = before_the_end(seed)
    assert (winner % 2 == 0) == ours
    drawn: list[tuple[str, pygame.Rect]] = []
    text = theme.text

    def record(target, words, px, *args, **kw):
        rect = text(target, words, px, *args, **kw)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(theme, "text", record)
    app = App(pygame.Surface((390, 844)), Settings(animation_speed=0.0))
    table = app.open("table", game, default_seats(4), reset=True)
    settle(app, table)
    assert game.state.phase is Phase.MATCH_OVER and game.state.winner == winner
    who = "You and your partner" if ours else "Computer 1 & Computer 3"
    assert table.model.status() == "The match is over: " + \
        ("you and your partner win" if ours else f"{who} win")
    assert table.model.status(brief=True) == f"{who} win"  # room for the names first
    assert f"{who} win the match" in table.model.log
    assert f"{who} win the match." in [line for _, line in app.mirror.lines]
    assert table.model.status(spoken=True) in names_in(table_mirror.tree(table))
    drawn.clear()
    draw.draw_table(pygame.Surface((390, 844)), table.frame())  # the table under the result
    status = table.frame().layout.status
    shown = [w for w, rect in drawn if rect.colliderect(status.x, status.y, status.w, status.h)]
    said = " ".join(shown)  # the status bar's lines, wrapped or not
    assert said in (table.model.status(), table.model.status(brief=True)), shown
    assert not re.search(r"Computer \d wins", said + " ".join(table.model.log))


def test_at_the_match_end_revealed_hands_leave_each_panels_name_and_total_readable(
        artifacts):
    """The match is over and the computers' hands are shown. At 200 % text on a phone an
    opponent's panel cannot hold its melds and its hand together, so the hand is fanned in
    the panel: under its header (the name and total still read), inside the panel, wherever
    the panel has room under the header for a readable card."""
    game, _ = before_the_end(8)
    size = (390, 844)
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=200))
    table = app.open("table", game, default_seats(4), reset=True)
    settle(app, table)
    assert game.state.phase is Phase.MATCH_OVER
    pygame.image.save(app.surface, str(artifacts / f"match_end_{size[0]}x{size[1]}_200.png"))
    f = table.frame()
    fanned = 0
    for seat in (1, 2, 3):
        panel = f.layout.opponents[f.opponent_index(seat)]
        hand = game.state.hands[seat]
        if not hand or f.revealed_melds(seat) is not None:
            continue
        header = pygame.Rect(panel.header.x, panel.header.y, panel.header.w, panel.header.h)
        box = pygame.Rect(panel.box.x, panel.box.y, panel.box.w, panel.box.h)
        room = box.bottom - header.bottom
        for j in range(len(hand)):
            x, y, w = f.reveal_spot(seat, j)
            r = pygame.Rect(0, 0, round(w), cardart.height(round(w)))
            r.center = (round(x), round(y))
            if room >= cardart.height(cardart.MIN_READABLE_WIDTH) + 4:
                assert not r.colliderect(header), (seat, j, r, header)
                assert box.contains(r), (seat, j, r, box)
                fanned += 1
    assert fanned, "no hand fanned under a header"


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (1280, 720)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_match_result_names_the_winning_team_whole_at_a_large_text_size(
        size, monkeypatch, artifacts):
    """The match result's headline at 200 % text names the winning partners whole and
    inside the window (shorter on a phone, ``Computer 1 & Computer 3 win`` or ``C1 & C3
    win``, never cut at both edges), while the mirror reads the whole headline."""
    game, _ = before_the_end(8)
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=200))
    table = app.open("table", game, default_seats(4), reset=True)
    settle(app, table)
    drawn = Drawn(monkeypatch)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"result_{size[0]}x{size[1]}_200.png"))
    window = app.surface.get_rect()
    words = drawn.inside(window)
    heads = [(w, r) for w, _, r in words if re.fullmatch(
        r"(Computer 1 & Computer 3|C1 & C3) win( the match)?", w)]
    assert heads, [w for w, _, _ in words][:12]
    for w, r in heads:
        assert window.contains(r), (w, r)
    assert "Computer 1 & Computer 3 win the match" in names_in(app.scenes.top.mirror())


def names_in(node) -> list[str]:
    return [n.name for n in walk(node)]
