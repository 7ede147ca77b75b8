"""The table at the moments hands are decided: real late-hand positions (medium agents in
every seat until yours has four to six melds down, several seeds, digital / classic / book)
at every reference size and 2-8 seats. Every one of your melds is drawn, whole, inside the
window and clear of your hand and the button bar; every opponent's meld is drawn in their
panel or one tap away, in a view that holds them all. The layout is checked as pure
functions over the whole matrix; a subset is drawn and its pixels looked at."""

import itertools

import pygame
import pytest
from late_hands import late_hands, play_until, replayed
from scene_nav import make_app, step
from test_text_large import melded_late
from ui_events import mouse_tap

from game.ai.registry import make_agent
from game.rules.options import PRESETS, preset
from game.rules.save import Game, Setup
from game.rules.scoring import meld_points
from game.rules.state import Phase
from game.services.seats import default_seats
from game.services.settings import Settings
from game.ui import theme
from game.ui.cardart import MIN_READABLE_WIDTH
from game.ui.scenes.table import TableScene
from game.ui.table import offer_panel, seven
from game.ui.table.draw import header_words
from game.ui.table.layout import (
    STATUS_SHORT,
    Rect,
    beside_meld_rects,
    card_height,
    inspect_meld_rects,
    meld_captions,
    meld_label,
    my_meld_rects,
    opponent_meld_preview,
    opponent_meld_rects,
    scale_of,
    seven_table,
    status_fits,
    status_lines,
    status_text,
    table_layout,
)
from game.ui.table.model import TableModel

SIZES = [(360, 640), (390, 844), (844, 390), (1024, 768), (1280, 720), (1920, 1080)]
SHORT_LANDSCAPE = (640, 360)
"""A small phone on its side: at 100 % text your six melds fit, across the band under the
stock where one row beside it cannot hold them (at larger text, see docs/ui.md)."""
SETTINGS = [Settings(), Settings(left_handed=True, pile_assist=True)]


def sizes_of(game, seat: int) -> tuple[int, ...]:
    return tuple(len(m.cards) for m in game.state.melds[seat])


def layout_for(game, size, settings=SETTINGS[0]):
    n = game.state.players
    theirs = tuple(sizes_of(game, s) for s in range(1, n))
    return table_layout(size, n, len(game.state.hands[0]), settings, sizes_of(game, 0), theirs)


def check_position(game, size, settings) -> list[str]:
    """What a player would find wrong with this table (empty: nothing)."""
    L = layout_for(game, size, settings)
    window = Rect(0, 0, *size)
    mine = sizes_of(game, 0)
    problems = []
    cw, rects = my_meld_rects(L, mine)
    if cw < MIN_READABLE_WIDTH:
        problems.append(f"your meld cards are {cw} px wide")
    bar = [r for _, r in L.controls() if _ not in ("my_melds", "stock", "pile")] + [L.plate]
    for i, r in enumerate(rects):
        if not r.w:
            problems.append(f"your meld {i + 1} is not drawn")
        elif not r.inside(window) or not r.inside(L.my_melds):
            problems.append(f"your meld {i + 1} {r} is outside its band {L.my_melds}")
        elif any(r.overlaps(b) for b in bar) or r.overlaps(L.stock) or r.overlaps(L.pile):
            problems.append(f"your meld {i + 1} {r} is under the hand, a button or the pile")
    for a, b in itertools.combinations([r for r in rects if r.w], 2):
        if a.overlaps(b):
            problems.append(f"your melds {a} and {b} overlap")
    for i, o in enumerate(L.opponents):
        theirs = sizes_of(game, i + 1)
        if not theirs:
            continue
        drawn = opponent_meld_rects(L, i, theirs)
        if drawn is not None:
            if not all(r.inside(o.melds) for r in drawn[1]):
                problems.append(f"opponent {i + 1}'s melds spill out of their panel")
            if drawn[0] < MIN_READABLE_WIDTH:
                problems.append(f"opponent {i + 1}'s meld cards are {drawn[0]} px wide")
            continue
        # Not in the panel: a tap on it opens a view that must hold them all.
        panel, cw, shown = inspect_meld_rects(L, theirs)
        if o.box.h < 20 or not o.box.inside(window):
            problems.append(f"opponent {i + 1}'s panel {o.box} cannot be tapped")
        if not all(r.w and r.inside(panel) for r in shown) or cw < MIN_READABLE_WIDTH:
            problems.append(f"opponent {i + 1}'s melds do not fit their view either")
    for (a, ra), (b, rb) in itertools.combinations(L.panels(), 2):
        if ra.overlaps(rb):
            problems.append(f"{a} {ra} overlaps {b} {rb}")
    return problems


@pytest.mark.parametrize("players", range(2, 9))
def test_every_meld_of_a_late_hand_is_drawn_or_a_tap_away(players):
    positions = late_hands(players)
    assert len(positions) >= 4, "each preset that seats them gives two positions"
    assert all(len(g.state.melds[0]) >= 4 for _, g in positions)
    found = {}
    for (name, game), size, settings in itertools.product(positions, SIZES + [SHORT_LANDSCAPE],
                                                          SETTINGS):
        problems = check_position(game, size, settings)
        if problems:
            found[f"{name} {size[0]}x{size[1]} left={settings.left_handed}"] = problems
    assert not found, found



LARGE_TEXT = (150, 200)


@pytest.mark.parametrize("text_size", LARGE_TEXT)
@pytest.mark.parametrize("players", range(2, 9))
def test_at_a_large_text_size_every_meld_of_a_late_hand_is_still_drawn(players, text_size):
    """At 150 % and 200 % text the same late hands at every size, the smallest phones with
    eight seats included: every one of your melds drawn whole inside the window, every
    opponent's a tap away, nothing overlapping, and your melds' captions ("2: 45 pts", or
    shorter) each within its meld, so two never run into each other."""
    found = {}
    with theme.using(Settings(text_size=text_size)):
        for (name, game), size, settings in itertools.product(
                late_hands(players), SIZES, SETTINGS):
            problems = check_position(game, size, settings)
            L = layout_for(game, size, settings)
            _, rects = my_meld_rects(L, sizes_of(game, 0))
            points = [meld_points(m, game.state.options) for m in game.state.melds[0]]
            words, px = meld_captions(points, [r.w - 2 for r in rects], L.font)
            for r, w in zip(rects, words):
                if theme.text_width(w, px) > r.w - 2:
                    problems.append(f"caption {w!r} is wider than its meld {r}")
            if problems:
                found[f"{name} {size[0]}x{size[1]} left={settings.left_handed}"] = problems
    assert not found, found


STATUSES = ("Draw from the stock or take the pile", "Meld, lay off, or discard to end your turn",
            "Take the 10\u2665 or pass it on", "The match is over: Computer 7 wins",
            "The hand is over: nobody went out", "Tap a glowing place or a button")


@pytest.mark.parametrize("players", [2, 4, 8])
def test_at_150_percent_on_a_small_phone_the_status_is_never_cut_short(players):
    """360x640 at 150 % text: what is expected of you shows whole in the status bar beside
    the Log and Menu buttons (on up to three lines), and every control is taller than at
    100 %, so a finger finds it as easily as the eye reads it."""
    (_, game), size = late_hands(players)[0], (360, 640)
    usual = layout_for(game, size)
    with theme.using(Settings(text_size=150)):
        L = layout_for(game, size)
        for text in STATUSES:
            px, lines = status_lines(text, L.font, L.status)
            assert " ".join(lines) == text, (L.status, lines)
            assert all(theme.text_width(line, px, True) <= L.status.w for line in lines)
            assert len(lines) * theme.line_height(px) <= L.status.h
        assert L.target > usual.target
        assert all(r.h >= L.target for _, r in L.controls() if _.startswith("action"))
        assert min(L.pause.h, L.log_button.h, L.sort.h) >= L.target


OTHER_STATUSES = (
    ("Take the 10\u2665 or pass it on", "Take the 10\u2665 or pass"),
    ("Take the upcard or pass", "Take the upcard or pass"),
    ("The match is over: Computer 7 wins", "Computer 7 wins the match"),
    ("The match is over: you win", "You win the match"),
    ("The match is over: Computer 1 & Computer 3 win", "Computer 1 & Computer 3 win"),
    ("The match is over: you and your partner win", "You and your partner win"),
    ("The hand is over: nobody went out", "Nobody went out"),
    ("Tap a glowing place or a button", "Tap a lit place or a button"))
"""What the table says in phases a late hand does not pass through, whole and brief."""


def said(game) -> set[tuple[str, str]]:
    """Every status the table gives while ``game``'s actions are replayed and then played on
    to the end of its hand (whole and in its essential words), by a model that reads it."""
    replay = Game(game.setup)
    model = TableModel(replay, default_seats(game.state.players))
    found = set()
    for action in game.actions:
        if replay.state.phase is Phase.HAND_OVER:
            found.add((model.status(), model.status(brief=True)))
            replay.next_hand()
        found.add((model.status(), model.status(brief=True)))
        replay.play(action)
    played_out(replay)
    return found | {(model.status(), model.status(brief=True))}


def status_problems(L, statuses, size) -> list[str]:
    """Where the status bar of ``L`` fails a status of ``statuses``: cut short, a line
    wider than the bar, more lines than its height holds, or the bar over something else."""
    problems = []
    if not L.status.inside(Rect(0, 0, *size)):
        problems.append(f"the status bar {L.status} leaves the window")
    problems += [f"the status bar {L.status} overlaps {name} {r}" for name, r in L.panels()
                 if r.overlaps(L.status)]
    for whole, brief in statuses:
        words = status_text(whole, brief, L.font, L.status)
        px, lines = status_lines(words, L.font, L.status)
        wide = [line for line in lines if theme.text_width(line, px, True) > L.status.w]
        if " ".join(lines) != words or wide \
                or len(lines) * theme.line_height(px) > L.status.h:
            problems.append(f"{whole!r} shows as {lines} at {px} px in {L.status}")
    return problems


@pytest.mark.parametrize("text_size", (100, 150, 200))
@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_status_is_never_cut_short_at_any_size(players, text_size):
    """What is expected of you shows whole, at every size and text size, with two, four
    and eight seats in late hands: every line of the status within its bar, the bar within
    the window and over nothing else (where a large text size leaves no room beside the
    Log and Menu buttons it has a row of its own, and a short window says the instruction
    in its essential words)."""
    positions = late_hands(players)
    statuses = set(OTHER_STATUSES).union(*(said(game) for _, game in positions))
    found = {}
    with theme.using(Settings(text_size=text_size)):
        for (name, game), size, settings in itertools.product(positions, SIZES, SETTINGS):
            problems = status_problems(layout_for(game, size, settings), statuses, size)
            if problems:
                found[f"{name} {size[0]}x{size[1]} left={settings.left_handed}"] = problems
    assert not found, found


def test_when_the_match_is_over_the_status_says_who_won_in_their_grammar():
    """Easy agents play whole two-seat matches: where you win the table says so to you
    ("you win", never "You wins"), where the computer does it names it, whole and brief."""
    said_for = {}
    for seed in range(1, 7):
        game = Game(Setup(PRESETS["digital"], 2, seed))
        play_until(game, [make_agent("easy", seed * 7 + i) for i in range(2)])
        assert game.state.phase is Phase.MATCH_OVER
        model = TableModel(game, default_seats(2))
        said_for[game.state.winner] = (model.status(), model.status(brief=True))
    assert said_for[0] == ("The match is over: you win", "You win the match")
    assert said_for[1] == ("The match is over: Computer 1 wins", "Computer 1 wins the match")


@pytest.mark.parametrize("text_size", (100, 150, 200))
@pytest.mark.parametrize("players", [2, 4])
def test_in_seven_hand_the_status_and_its_strip_are_never_cut_short(players, text_size):
    """Seven-hand's late hands: the status shows whole beside the strip (the hand, its
    bonus, the cards out of play) wherever the strip stands, and the strip's words, the
    most of them that fit, stand within it, clear of the status, the buttons and the
    opponents."""
    positions = late_hands(players, presets=("seven",))
    assert positions
    statuses = set(OTHER_STATUSES).union(*(said(game) for _, game in positions))
    found = {}
    with theme.using(Settings(text_size=text_size)):
        for (name, game), size, settings in itertools.product(positions, SIZES, SETTINGS):
            n = game.state.players
            L, areas = seven_table(size, n, len(game.state.hands[0]), settings,
                                   sizes_of(game, 0),
                                   tuple(sizes_of(game, s) for s in range(1, n)), False,
                                   offer_panel.least_height(scale_of(size)))
            problems = status_problems(L, statuses, size)
            strip = areas.strip
            text, px = offer_panel.strip_fit(seven.strip_pieces(game.state.view(0), 0),
                                             pygame.Rect(strip.x, strip.y, strip.w, strip.h),
                                             L.scale)
            lines = text.split("\n")  # two lines where the strip is tall enough
            if max(theme.text_width(line, px) for line in lines) > strip.w - round(16 * L.scale) \
                    or len(lines) * theme.line_height(px) > max(strip.h, theme.line_height(px)):
                problems.append(f"the strip's {text!r} is wider than {strip}")
            if not strip.inside(Rect(0, 0, *size)) or any(
                    strip.overlaps(r) for r in (L.status, L.pause, L.log_button,
                                                *(o.box for o in L.opponents))):
                problems.append(f"the strip {strip} is over the status, a button or a panel")
            if problems:
                found[f"{name} {size[0]}x{size[1]} left={settings.left_handed}"] = problems
    assert not found, found


DESKTOP = [(1024, 768), (1280, 720), (1920, 1080)]


def summarised(game, size, settings) -> list[str]:
    """The opponents whose melds are written as text in their panel, not drawn as cards."""
    L = layout_for(game, size, settings)
    return [f"opponent {i + 1} {sizes_of(game, i + 1)} in {o.melds}"
            for i, o in enumerate(L.opponents)
            if sizes_of(game, i + 1) and opponent_meld_rects(L, i, sizes_of(game, i + 1)) is None]


@pytest.mark.parametrize("players", range(2, 9))
def test_on_a_desktop_window_every_opponents_melds_are_drawn_as_cards(players):
    """The felt of a desktop window has room for everyone's melds: the stock and the pile
    give up their size before an opponent's melds become a line of text (eight seats at
    1280x720 included, where the panels are two rows)."""
    found = {}
    for (name, game), size, settings in itertools.product(late_hands(players), DESKTOP,
                                                          SETTINGS):
        text = summarised(game, size, settings)
        if text:
            found[f"{name} {size[0]}x{size[1]} left={settings.left_handed}"] = text
    assert not found, found


def shown(game, size, settings=SETTINGS[0]) -> tuple[int, int, int]:
    """How many opponents with melds have them all drawn as cards, the first few drawn (the
    rest counted on a line), or only written as text."""
    L = layout_for(game, size, settings)
    counts = [0, 0, 0]
    for i in range(len(L.opponents)):
        theirs = sizes_of(game, i + 1)
        if not theirs:
            continue
        if opponent_meld_rects(L, i, theirs) is not None:
            counts[0] += 1
        elif opponent_meld_preview(L, i, theirs) is not None:
            counts[1] += 1
        else:
            counts[2] += 1
    return tuple(counts)


@pytest.mark.parametrize("players", range(2, 5))
def test_on_a_tall_phone_every_opponent_with_melds_shows_some_as_cards(players):
    """At 390x844 with up to four seats every opponent's panel has a row of readable cards:
    their first melds are drawn there and a line counts the rest (a tap shows them all)."""
    found = {}
    for (name, game), settings in itertools.product(late_hands(players), SETTINGS):
        drawn, some, text = shown(game, (390, 844), settings)
        L = layout_for(game, (390, 844), settings)
        for i, o in enumerate(L.opponents):
            preview = opponent_meld_preview(L, i, sizes_of(game, i + 1))
            if preview is not None and (preview[0] < MIN_READABLE_WIDTH or not all(
                    r.inside(o.melds) for r in preview[1])):
                found[f"{name} opponent {i + 1}"] = preview
        if text:
            found[f"{name} left={settings.left_handed}"] = (drawn, some, text)
    assert not found, found


def felt_at(size):
    surface = pygame.Surface(size)
    theme.draw_felt(surface)
    return surface


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (1280, 720),
                                  (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_late_hand_is_drawn_with_every_meld_on_the_felt(players, size, artifacts):
    """Drawn through the table scene (and saved as late_<seats>p_<size>.png): each of your
    melds shows a card, not felt, at its first card's corner and at its last card's."""
    name, game = late_hands(players)[0]
    app = make_app(size, Settings(animation_speed=0.0))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    step(app)
    pygame.image.save(app.surface, str(artifacts / f"late_{players}p_{size[0]}x{size[1]}.png"))
    felt = felt_at(size)
    cw, rects = table.my_meld_rects()
    melds = game.state.melds[0]
    for r in rects:
        last = round(r.x + (r.w - cw))
        for x in (r.x + 3, last + 3):
            assert app.surface.get_at((x, r.y + 3)) != felt.get_at((x, r.y + 3)), (name, r)
    assert len(rects) == len(melds) and all(r.w for r in rects)


def played_out(game):
    """``game`` played on by medium agents to the end of its hand."""
    agents = [make_agent("medium", 90 + i) for i in range(game.state.players)]
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        st = game.state
        view = st.view(st.turn)
        game.play(agents[st.turn].choose(view, view.legal_actions()))
    return game


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 720)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_reveal_melds_stay_and_the_status_says_who_went_out(players, size, artifacts):
    name, game = late_hands(players)[0]
    game = played_out(game)
    app = make_app(size, Settings(animation_speed=1.0))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    for _ in range(20):  # the reveal begins: hands turn face up where their owners sit
        step(app)
    assert table.timeline.busy and app.scenes.top is table
    pygame.image.save(app.surface, str(artifacts / f"reveal_{players}p_{size[0]}x{size[1]}.png"))
    st = game.state
    words = table.model.status()
    if st.phase is Phase.MATCH_OVER:
        assert words == ("The match is over: you win" if st.winner == 0
                         else f"The match is over: {table.model.name(st.winner)} wins")
    elif st.hand_outs[-1] < 0:
        assert words == "The hand is over: nobody went out"
    else:
        out = st.hand_outs[-1]
        assert words == ("You went out" if out == 0 else f"{table.model.name(out)} went out")
    L = table.layout
    for seat in range(1, players):
        box = L.opponents[table.opponent_index(seat)]
        together = table._revealed_melds(seat)
        if together is not None:  # melds and hand side by side in the panel
            assert all(r.w and r.inside(box.melds) for r in together[1]), (name, seat)
        elif st.melds[seat]:  # the hand covers the panel: its melds are one tap away
            panel, cw, shown = inspect_meld_rects(L, sizes_of(game, seat))
            assert all(r.w and r.inside(panel) for r in shown), (name, seat)


def test_an_opponents_melds_that_do_not_fit_their_panel_open_with_one_tap():
    name, game = late_hands(4)[0]
    app = make_app((390, 844), Settings(animation_speed=0.0))
    table = TableScene(app, game, default_seats(4))
    app.scenes.reset(table)
    step(app)
    crowded = [s for s in range(1, 4) if game.state.melds[s]
               and table.opponent_meld_rects(s) is None]
    assert crowded, "a phone cannot hold every opponent's melds in their panel"
    seat = crowded[0]
    cw, first = table.opponent_meld_preview(seat)
    for r in first:  # the first of their melds as cards in the panel, the rest on a line
        red, green, blue, _ = app.surface.get_at((r.x + 3, r.y + card_height(cw) // 2))
        assert min(red, green, blue) > 200, r
    assert 0 < len(first) < len(game.state.melds[seat])
    box = table.layout.opponents[table.opponent_index(seat)].box
    step(app, mouse_tap(box.center))
    assert table.inspect == seat
    panel, cw, shown = inspect_meld_rects(table.layout, sizes_of(game, seat))
    for r in shown:  # every meld drawn in the view: a card's white face at its left edge
        red, green, blue, _ = app.surface.get_at((r.x + 4, r.y + card_height(cw) // 2))
        assert min(red, green, blue) > 200, r
    step(app, mouse_tap(box.center))
    assert table.inspect is None


@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_phone_the_felt_beside_the_pile_shows_the_latest_opponents_melds(players, size):
    """Panels with no room for meld cards: the stock and the pile move aside, and the felt
    they leave shows the melds of the opponent who played last, as cards; a tap there shows
    all of that opponent's melds, large."""
    _, game = late_hands(players)[0]
    app = make_app(size, Settings(animation_speed=0.0))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    step(app)
    L = table.layout
    assert L.beside is not None
    assert all(opponent_meld_rects(L, i, sizes_of(game, i + 1)) is None
               for i in range(players - 1) if game.state.melds[i + 1])
    st = game.state
    seat = next(s for s in ((st.turn - b) % players for b in range(players))
                if s != 0 and st.melds[s])
    cw, rects = table.frame().beside_meld_rects(seat)
    assert rects and cw >= MIN_READABLE_WIDTH
    felt = felt_at(size)
    for r in rects:
        assert r.inside(L.beside) and not r.overlaps(L.stock) and not r.overlaps(L.pile)
        x, y = r.x + 3, r.y + 3
        assert app.surface.get_at((x, y)) != felt.get_at((x, y)), r  # a card, not felt
    step(app, mouse_tap(L.beside.center))
    assert table.inspect == seat


def _pixels(surface, r) -> bytes:
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(r.x, r.y, r.w, r.h)), "RGB")


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (1280, 720),
                                  (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refusal_once_your_melds_are_down_hides_none_of_them(players, size, artifacts):
    """Tapping the stock after drawing is refused; the message's toast shows (some pixel of
    the table changes) and every pixel of your hand, your plate, the buttons and every one of
    your melds and its points is drawn exactly as before the tap."""
    name, game = late_hands(players)[0]
    app = make_app(size, Settings(animation_speed=0.0))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    step(app, frames=2)
    assert game.state.phase is Phase.MELD and game.state.turn == 0, name
    before = app.surface.copy()
    frame = table.frame()
    layout = frame.layout
    step(app, mouse_tap(layout.stock.center), frames=3)
    assert "already drawn" in table.model.message
    pygame.image.save(app.surface, str(artifacts / f"refusal_{players}p_{size[0]}x{size[1]}.png"))
    assert _pixels(app.surface, Rect(0, 0, *size)) != _pixels(before, Rect(0, 0, *size))
    kept = [layout.hand.rect, layout.plate] + [r for r, _, _ in frame.slots]
    _, rects = table.my_meld_rects()
    assert rects and all(r.w for r in rects)
    label = meld_label(layout.font)
    kept += [Rect(r.x, r.y, r.w, r.h + label) for r in rects]
    for r in kept:
        assert _pixels(app.surface, r) == _pixels(before, r), (name, r)


@pytest.mark.parametrize(("players", "size"), [(2, (390, 844)), (8, (360, 640)),
                                               (4, (1280, 720))],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else f"{v}p")
def test_before_you_draw_a_refusal_leaves_the_stock_and_the_pile_in_sight(players, size):
    """A late hand at the start of your turn: tapping one of your melds before drawing is
    refused, and the stock and the pile you are to draw from, and your melds, are drawn
    exactly as before (a phone's felt all taken, the toast stands over the opponents)."""
    name, late = late_hands(players)[0]
    replay = Game(late.setup)
    start = None  # the last moment you were to draw with melds down
    for i, action in enumerate(late.actions):
        st = replay.state
        if st.turn == 0 and st.phase is Phase.DRAW and st.melds[0]:
            start = i
        replay.push(action)
    game = Game(late.setup)
    for action in late.actions[:start]:
        game.push(action)
    app = make_app(size, Settings(animation_speed=0.0))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    step(app, frames=2)
    before = app.surface.copy()
    layout = table.frame().layout
    _, rects = table.my_meld_rects()
    step(app, mouse_tap(rects[0].center), frames=3)
    assert table.model.message == "Draw from the stock or take the pile first", name
    assert game.state.phase is Phase.DRAW, name
    assert _pixels(app.surface, Rect(0, 0, *size)) != _pixels(before, Rect(0, 0, *size))
    for r in (layout.stock, layout.pile, *rects):
        assert _pixels(app.surface, r) == _pixels(before, r), (name, r)


def test_at_a_larger_text_size_your_cards_grow_where_the_window_has_room():
    """The corner index of your cards grows with the text on an upright phone, whose cards
    are as wide as its width allows (the window's height and the opponents' felt keep a
    wide window's cards as they are)."""
    _, game = late_hands(4)[0]
    usual = layout_for(game, (390, 844))
    desk = layout_for(game, (1280, 720))
    with theme.using(Settings(text_size=150)):
        assert layout_for(game, (390, 844)).hand.card_w > usual.hand.card_w
        assert layout_for(game, (1280, 720)).hand.card_w == desk.hand.card_w


@pytest.mark.parametrize("size", [(360, 640), (844, 390)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_200_percent_every_opponent_is_named_in_their_one_line_panel(size):
    """Eight seats at 200 % text on the smallest phones: the panels are a line each, and
    every one still names its opponent beside their total, in initials where the whole
    name has no room ("C7" for Computer 7, "125" for "125 pts"), no two alike."""
    _, game = late_hands(8)[0]
    seats = default_seats(8)
    with theme.using(Settings(text_size=200)):
        L = layout_for(game, size)
        names = []
        for i, o in enumerate(L.opponents):
            seat = i + 1
            total, name, px = header_words(seats[seat].name, game.state.totals[seat],
                                           L.font, o.header.w)
            assert str(abs(game.state.totals[seat])) in total
            assert name and seats[seat].name.split()[-1] in name
            room = o.header.w - theme.text_width(total, px, True) - 8
            assert theme.text_width(name, round(L.font * 0.8), True) <= room, (name, total)
            names.append(name)
        assert len(set(names)) == len(names)


def _band_and_beside(L, mine, theirs) -> list[str]:
    """What a player misses on a table whose felt should hold both your melds (in the band
    under the stock) and the latest opponent's (beside the stock)."""
    problems = []
    _, rects = my_meld_rects(L, mine)
    if not all(r.w and r.y >= L.stock.bottom for r in rects):
        problems.append(f"your melds are not all in the band under the stock: {rects}")
    if L.beside is None or beside_meld_rects(L, theirs) is None:
        problems.append("no felt beside the stock shows an opponent's melds")
    if not status_fits(STATUS_SHORT, L.font, L.status):
        problems.append(f"the status's essential words do not fit {L.status}")
    return problems


def test_on_a_small_phone_at_200_percent_the_status_gives_way_before_the_felt_beside_the_stock():
    """360x640 at 200 % text, late hands with two to four seats: the whole instruction
    (``... to end your turn``) on a second line of the status would push your melds beside
    the stock, where the latest opponent's melds show otherwise; the status keeps its
    essential words (``Meld, lay off, or discard``) and the felt keeps both."""
    found = {}
    with theme.using(Settings(text_size=200)):
        for players in (2, 3, 4):
            for name, game in late_hands(players):
                L = layout_for(game, (360, 640))
                theirs = next(sizes_of(game, s) for s in range(players - 1, 0, -1)
                              if game.state.melds[s])
                problems = _band_and_beside(L, sizes_of(game, 0), theirs)
                if problems:
                    found[name] = problems
    assert not found, found


def test_seven_hands_teams_totals_line_costs_neither_your_band_nor_the_felt_beside_the_stock():
    """Seven-hand with partnerships, late, at 360x640 and 200 %: the teams' totals need a
    line of their own under the status; the status's row then holds its essential words,
    so your melds stay in the band under the stock and the felt beside it still shows
    the melds of the opponent who played last (Computer 3's)."""
    game = replayed(Setup(preset("seven").with_changes(partnerships=True), 4, 6), melded_late())
    mine = sizes_of(game, 0)
    theirs = tuple(sizes_of(game, s) for s in range(1, 4))
    with theme.using(Settings(text_size=200)):
        L, areas = seven_table((360, 640), 4, len(game.state.hands[0]), Settings(), mine,
                               theirs, True, offer_panel.least_height(scale_of((360, 640))))
        assert areas.totals is not None and not areas.totals.overlaps(L.status)
        assert all(not areas.totals.overlaps(o.box) for o in L.opponents)
        assert not _band_and_beside(L, mine, theirs[2])
