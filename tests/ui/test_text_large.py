"""What a player reads at the largest text size and on narrow phones, drawn through the
scenes themselves: the partners' totals beside the stock, the seven-hand strip, the hand
summary's names and the pass-the-tablet cover. Every word drawn is recorded (``theme.text``,
as the scenes draw words) with its size and rect, and checked whole, inside its box, never
broken inside a word and never smaller than the table's smallest text."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pygame
import pytest
from late_hands import play_until, replayed
from test_keep_app import quick_turn
from test_table_play import FRAME, settle
from ui_events import key, touch_tap

from game.ai.registry import make_agent
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import Seat, default_seats
from game.services.settings import Settings
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.cover import ARM_SECONDS, CoverScene
from game.ui.scenes.page import metrics
from game.ui.scenes.summary import HandSummaryScene
from game.ui.table import seven
from game.ui.table.layout import MIN_LABEL_PX


class Drawn:
    """Every word on each surface since its felt was last laid (what it shows now, however
    the scene caches its layers): (words, px asked, rect)."""

    def __init__(self, monkeypatch):
        self.on: dict[int, list[tuple[str, int, pygame.Rect]]] = {}
        text, felt = theme.text, theme.draw_felt

        def record(target, words, px, *args, **kw):
            rect = text(target, words, px, *args, **kw)
            if words.strip():
                self.on.setdefault(id(target), []).append((words, int(px), rect))
            return rect

        def lay(target, *args, **kw):
            self.on[id(target)] = []
            return felt(target, *args, **kw)

        monkeypatch.setattr(theme, "text", record)
        monkeypatch.setattr(theme, "draw_felt", lay)

    def inside(self, box) -> list[tuple[str, int, pygame.Rect]]:
        """The words drawn over ``box`` on any surface (the board and the screen alike)."""
        box = pygame.Rect(box)
        return [w for words in self.on.values() for w in words if box.colliderect(w[2])]


def seven_table(size, text_size: int = 100, partnerships: bool = True):
    """A four-seat seven-hand table, you against computers, waiting for you."""
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=text_size))
    options = preset("seven").with_changes(partnerships=partnerships)
    table = app.start_match(Setup(options, 4, seed=5), default_seats(4))
    settle(app, table)
    return app, table


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_partners_totals_name_each_team_whole(size, monkeypatch, artifacts):
    """Beside the stock, ``You & Computer 2`` reads whole on a phone too: wrapped between
    partners where it has no room on one line, never cut short, no smaller than the table's
    smallest text, every line inside the plate."""
    drawn = Drawn(monkeypatch)
    app, table = seven_table(size)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"teams_whole_{size[0]}x{size[1]}.png"))
    box = table.frame().seven.teams
    assert box is not None, "the felt beside the stock holds the totals at this size"
    words = drawn.inside((box.x, box.y, box.w, box.h))
    said = " ".join(w for w, _, _ in words)
    for team in seven.teams(table.game.state.view(0), [s.name for s in table.seats]):
        assert team.name in said, (team.name, said)
    assert "\u2026" not in said
    for w, px, rect in words:
        assert px >= MIN_LABEL_PX and pygame.Rect(box.x, box.y, box.w, box.h).contains(rect), \
            (w, px, rect, box)


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seven_hand_strip_says_which_hand_in_words_at_200_percent(size, monkeypatch,
                                                                     artifacts):
    """On a phone at 200 % text the strip beside Log and Menu has room for one piece: it
    says ``Hand 5 of 7`` (on two lines, as tall as the buttons), not a bare ``5/7``, inside
    its strip and no smaller than the table's smallest text."""
    drawn = Drawn(monkeypatch)
    app, table = seven_table(size, text_size=200)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"seven_strip_{size[0]}x{size[1]}_200.png"))
    strip = table.frame().seven.strip
    box = pygame.Rect(strip.x, strip.y, strip.w, strip.h)
    words = drawn.inside(box)
    assert " ".join(w for w, _, _ in words) == f"Hand {table.game.state.hand_no + 1} of 7"
    for w, px, rect in words:
        assert px >= MIN_LABEL_PX and box.contains(rect), (w, px, rect, box)


def later_seven_table(size, text_size: int, hand: int = 4):
    """The four-seat partnership table of ``seven_table`` at the start of hand ``hand`` + 1,
    the hands before it played by the easy agent in every seat: totals in the hundreds
    (``675 pts``) take more of each header than the opening's zeros."""
    game = Game(Setup(preset("seven").with_changes(partnerships=True), 4, 5))
    reached = play_until(game, [make_agent("easy", i) for i in range(4)],
                         lambda st: st.hand_no >= hand and st.phase is not Phase.HAND_OVER)
    assert reached, f"the match ended before hand {hand + 1}"
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=text_size))
    table = app.open("table", game, default_seats(4), reset=True)
    settle(app, table)
    return app, table


PARTNER_SIZES = [((390, 844), 200), ((360, 640), 200), ((390, 844), 100), ((360, 640), 100),
                 ((844, 390), 200), ((1280, 720), 200)]


@pytest.mark.parametrize("when", ["opening", "later", "late"])
@pytest.mark.parametrize(("size", "text_size"), PARTNER_SIZES,
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else f"{v}")
def test_the_partners_panel_says_partner_and_their_name_whole(size, text_size, when,
                                                             monkeypatch, artifacts):
    """Your partner's panel (seat 3, across the table) on a phone, at 100 % and 200 % text,
    at the opening deal, in the fifth hand and late in a hand with three melds a seat or
    more (the panel then holds its melds' line, not the last turn): the word ``partner`` is
    drawn whole (in its pill, or leading a line), so is the partner's name (``Computer 2``,
    or ``C2`` as every header at that size shows names), no word is cut short (never
    ``Com…`` nor ``p…``), and every word is inside the panel at the table's smallest text or
    larger. One panel is too small for the word: a panel of its header alone (no line under
    it) whose header has room for the initials and the total only (360x640 at 200 %, late):
    the name is drawn there, never the bare total, and the teams' totals line says ``us``."""
    drawn = Drawn(monkeypatch)
    app, table = seven_table(size, text_size) if when == "opening" \
        else later_seven_table(size, text_size) if when == "later" \
        else melded_seven_table(size, text_size)
    app.step([], FRAME)
    f = table.frame()
    box = f.layout.opponents[f.opponent_index(2)].box
    panel = pygame.Rect(box.x, box.y, box.w, box.h)
    pygame.image.save(app.surface, str(artifacts / f"partner_{when}_{size[0]}x{size[1]}_"
                                                   f"{text_size}.png"))
    words = drawn.inside(panel)
    said = " | ".join(w for w, _, _ in words)
    lines = f.layout.opponents[f.opponent_index(2)]
    one_line = not lines.caption.h and lines.melds.h < theme.line_height(f.layout.font)
    assert one_line or re.search(r"\bpartner\b", said), said
    assert re.search(r"\b(Computer 2|C2)\b", said), said
    assert not any(w.endswith("\u2026") for w, _, _ in words), said
    for w, px, rect in words:
        assert px >= MIN_LABEL_PX and panel.contains(rect), (w, px, rect, panel)


@pytest.mark.parametrize("when", ["opening", "later"])
def test_the_strip_carries_both_teams_totals_at_1280x720_and_200_percent(when, monkeypatch,
                                                                          artifacts):
    """A laptop at 200 % text: your melds' band takes the felt beside the stock, so the
    strip beside Log and Menu carries the teams' totals. It says the hand, its bonus and
    the cards out of play, and both totals, yours and theirs (on a line of their own),
    every word inside the strip at the table's smallest text or larger."""
    drawn = Drawn(monkeypatch)
    app, table = seven_table((1280, 720), 200) if when == "opening" \
        else later_seven_table((1280, 720), 200)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"strip_teams_{when}_1280x720_200.png"))
    f = table.frame()
    assert f.seven.teams is None, "no felt beside the stock: the strip carries the totals"
    strip = pygame.Rect(f.seven.strip.x, f.seven.strip.y, f.seven.strip.w, f.seven.strip.h)
    words = drawn.inside(strip)
    said = " ".join(w for w, _, _ in words)
    view = table.game.state.view(0)
    ours, theirs = view.totals[0] + view.totals[2], view.totals[1] + view.totals[3]
    assert re.search(rf"(your team|us) {ours:,} \u00b7 (theirs|them) {theirs:,}", said), said
    assert f"Hand {view.hand_no + 1}" in said and "out of play" in said, said
    for w, px, rect in words:
        assert px >= MIN_LABEL_PX and strip.contains(rect), (w, px, rect, strip)


@pytest.mark.parametrize(("size", "text_size"), [((360, 640), 150), ((390, 844), 200)],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else f"{v}")
def test_a_partner_with_no_room_in_the_header_is_named_on_the_melds_line(size, text_size,
                                                                         monkeypatch,
                                                                         artifacts):
    """Late in a hand on a phone at 150 % and 200 %, your partner's panel is its header and
    a line for its melds: the header has no room for ``partner``, so the word leads the
    melds' line (``seven.mark_at``), and the header says what the others' say, their cards
    in hand too where the others' show them (it kept them out for a word it then did not
    draw there)."""
    drawn = Drawn(monkeypatch)
    app, table = melded_seven_table(size, text_size)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"partner_melds_line_{size[0]}x{size[1]}_"
                                                   f"{text_size}.png"))
    f = table.frame()
    panels = {seat: f.layout.opponents[f.opponent_index(seat)] for seat in (1, 2, 3)}
    assert not any(p.caption.h for p in panels.values())

    def said(rect) -> list[str]:
        return [w for w, _, _ in drawn.inside((rect.x, rect.y, rect.w, rect.h))]

    line = said(panels[2].melds)
    assert line and line[0].startswith("partner"), line
    assert not any("partner" in w for w in said(panels[2].header)), said(panels[2].header)
    hands = table.game.state.hands
    for seat in (1, 3):
        if str(len(hands[seat])) in said(panels[seat].header):
            assert str(len(hands[2])) in said(panels[2].header), said(panels[2].header)


@functools.cache
def melded_late() -> tuple:
    """The actions of a partnership match played by medium agents in every seat until, in
    its fourth hand or later, you are to draw with every seat three melds down or more (the
    fullest table a team's totals must still find room on)."""
    game = Game(Setup(preset("seven").with_changes(partnerships=True), 4, 6))
    found = play_until(game, [make_agent("medium", 6 * 31 + i) for i in range(4)],
                       lambda st: st.hand_no >= 3 and st.turn == 0 and st.phase is Phase.DRAW
                       and min(len(m) for m in st.melds) >= 3, limit=5000)
    assert found, "no late hand with three melds a seat"
    return tuple(game.actions)


def melded_seven_table(size, text_size: int):
    """The partnership table of ``melded_late``, waiting for you to draw."""
    game = replayed(Setup(preset("seven").with_changes(partnerships=True), 4, 6),
                    melded_late())
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=text_size))
    table = app.open("table", game, default_seats(4), reset=True)
    settle(app, table)
    return app, table


TEAM_SIZES = [(360, 640), (390, 844), (844, 390), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("when", ["opening", "late"])
@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("size", TEAM_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_both_teams_totals_are_on_the_table_at_every_size(size, text_size, when,
                                                          monkeypatch, artifacts):
    """Partners play for their team's total, so both teams' totals are always drawn: at
    the opening deal and late in a hand (three melds a seat or more), on phones, landscape
    and desktop windows, at 100 % and 200 % text. Wherever they stand (beside the stock by
    the teams' names, or in words, ``us 1,390 · them 820``, there, in a felt of their own
    or in the seven-hand strip), both totals are there, yours and theirs, nothing cut
    short, inside their place at the table's smallest text or larger, and that place is
    clear of the buttons, the status, the panels, your plate, your melds and the strip."""
    drawn = Drawn(monkeypatch)
    app, table = seven_table(size, text_size) if when == "opening" \
        else melded_seven_table(size, text_size)
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"teams_{when}_{size[0]}x{size[1]}_"
                                                   f"{text_size}.png"))
    f = table.frame()
    L, st = f.layout, table.game.state
    assert when == "opening" or min(len(m) for m in st.melds) >= 3
    place = f.seven.teams or f.seven.totals or f.seven.strip
    box = pygame.Rect(place.x, place.y, place.w, place.h)
    words = drawn.inside(box)
    said = " ".join(w for w, _, _ in words)  # a name wrapped between partners reads whole
    ours, theirs = st.totals[0] + st.totals[2], st.totals[1] + st.totals[3]
    named = all(team.name in said and (f"{team.total:,}" if team.total >= 0 else
                                       f"\u2212{-team.total:,}") in [w for w, _, _ in words]
                for team in seven.teams(st.view(0), [s.name for s in table.seats]))
    in_words = re.search(rf"\b(your team|us) {ours:,}\b", said) and \
        re.search(rf"\b(theirs|them) {theirs:,}\b", said)
    assert (named and f.seven.teams is not None) or in_words, said
    assert "\u2026" not in said, said  # nothing cut short
    for w, px, rect in words:
        assert px >= MIN_LABEL_PX and box.contains(rect), (w, px, rect, box)
    melds = [r for r in table.my_meld_rects()[1] if r.w]
    others = [r for name, r in L.panels()] + [L.status, *melds] + \
        ([f.seven.strip] if place is not f.seven.strip else [])
    clash = [r for r in others if box.colliderect(r.x, r.y, r.w, r.h)]
    assert not clash, (box, clash)


@dataclass
class Sitting:
    """What the hand summary reads of the table: the match and its seats."""

    game: Game
    seats: tuple


def hand_over(players: int = 4, seed: int = 3) -> Game:
    """A classic match of ``players`` (you and computers) played by agents to its first
    hand's end."""
    game = Game(Setup(preset("digital"), players, seed))
    agents = [make_agent("easy", i) for i in range(players)]
    while game.state.phase is not Phase.HAND_OVER:
        st = game.state
        game.play(agents[st.turn].choose(st.view(st.turn), st.legal_actions()))
    return game


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_summary_keeps_each_name_whole_at_200_percent(size, monkeypatch, artifacts):
    """Paged through with Page Down as a player reads it: every name (``Computer 1``) is
    drawn whole on its line at the page's small text or larger, and every word inside the
    page (the numbers under a name wrap between them, none cut off at the panel's edge)."""
    drawn = Drawn(monkeypatch)
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=200))
    scene = HandSummaryScene(app, Sitting(hand_over(), default_seats(4)))
    app.scenes.push(scene)
    names = {s.name for s in default_seats(4)}
    seen: set[str] = set()
    for page in range(12):
        drawn.on.clear()
        app.step(key(pygame.K_PAGEDOWN) if page else [], FRAME)
        lay = scene.layout()
        for words, px, rect in drawn.inside(lay.view):
            assert lay.view.left <= rect.left and rect.right <= lay.view.right, (words, rect)
            if re.fullmatch(r"You|Computer.*", words):
                assert words in names and px >= lay.m.small_px, (words, px)
                seen.add(words)
        if page == 1:
            pygame.image.save(app.surface, str(artifacts / f"summary_200_{size[0]}.png"))
    assert seen == names


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_pass_the_tablet_cover_reads_whole_at_200_percent(size, monkeypatch, artifacts):
    """Two people at one phone at 200 % text: after Player 1's turn (keys and a tap) the
    cover says all it says (``... when ready``) and its button ``I am Player 2: show my
    cards`` whole, on two lines at the page's body text rather than one line at half the
    text size, everything inside the window; a tap on it, once armed, shows the table."""
    drawn = Drawn(monkeypatch)
    app = App(pygame.Surface(size), Settings(animation_speed=0.0, text_size=200))
    table = app.start_match(Setup(preset("digital"), 2, 9),
                            (Seat("Player 1"), Seat("Player 2")))
    settle(app, table)
    quick_turn(app, table)
    for _ in range(600):
        if isinstance(app.scenes.top, CoverScene):
            break
        app.step([], FRAME)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene) and cover.seat_name == "Player 2"
    drawn.on.clear()
    app.step([], FRAME)
    pygame.image.save(app.surface, str(artifacts / f"cover_200_{size[0]}x{size[1]}.png"))
    words = drawn.inside(app.surface.get_rect())
    said = " ".join(w for w, _, _ in words)
    assert "Hand the screen over, then tap anywhere when ready" in said, said
    assert "I am Player 2: show my cards" in said, said
    body = metrics(size).body_px
    button = cover.layout().buttons[0].rect
    for w, px, rect in words:
        assert px >= body and app.surface.get_rect().contains(rect), (w, px, rect)
    label = [rect for w, _, rect in words if button.colliderect(rect)]
    assert label and all(button.contains(rect) for rect in label)
    for _ in range(int(ARM_SECONDS * 60) + 2):
        app.step([], FRAME)
    app.step(touch_tap(label[-1].center, size), FRAME)
    assert app.scenes.top is table
