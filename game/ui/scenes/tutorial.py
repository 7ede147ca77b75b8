"""Learn to play: the guided first hand, a table with a coach over it.

The scene wraps an ordinary ``TableScene`` playing the lesson's match (``services.tutorial``):
the table draws and takes the player's input as in any match, and this scene draws a coach
panel (what to do now, and why) and rings round what to touch next on top of it. The table
runs under a host of the lesson's own, so the lesson is never autosaved over a match in play
nor counted in the statistics, and its hand summary gives way to the lesson's last step.
Skip plays the step's move by tapping what the coach points at, as the player would.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from ...rules.scoring import hand_penalty, meld_points
from ...rules.state import Phase
from ...services import tips
from ...services import tutorial as lesson
from ...services.settings import moves_calmly
from ...services.sound import for_action
from .. import mirror, theme, widgets
from ..mirror import Box
from ..pointer import P, Pointer
from ..scene import Scene
from ..table import mirror as table_mirror
from ..table.kinds import Say
from ..table.layout import Rect

Target = lesson.Target
SKIP_TAPS = 12
"""Most taps Skip makes to play a step (cards, to let go of or to pick, the place, Go out)."""
STEADY_FRAMES = 6
"""Frames a new step's coach buttons wait before a tap counts (about 0.1 s). Skip stands
where the last step's Next stood, so a second tap that was meant for Next (a quick double
tap, or one touch the browser reported twice) would otherwise skip the new step unseen."""


@dataclass(frozen=True, slots=True)
class Coach:
    """The coach panel as drawn now: its rect, title and text lines, and buttons."""

    rect: pygame.Rect
    title: list[str]
    title_px: int
    words: list[str]
    doing: list[str]
    px: int
    pad: int
    head_h: int
    buttons: list[widgets.Button]


class _LessonHost:
    """What the lesson's table sees as its app: the real app's window, settings and scenes,
    but no keeper (no autosave, statistics, undo or hints: the coach is the help here), and
    the end of the hand told to the lesson instead of opening the summary."""

    keeper = None

    def __init__(self, app, lesson_scene: TutorialScene):
        self._app = app
        self._lesson = lesson_scene

    @property
    def size(self):
        return self._app.size

    @property
    def settings(self):
        return self._app.settings

    @property
    def scenes(self):
        return self._app.scenes

    @property
    def mirror(self):
        return self._app.mirror

    def open(self, name, *args, reset=False, **kwargs):
        if name in ("hand_summary", "match_result"):
            return self._lesson  # the lesson's last step is the score
        return self._app.open(name, *args, reset=reset, **kwargs)

    def start_match(self, setup, seats):
        return self._app.start_match(setup, seats)

    def continue_match(self):
        return self._app.continue_match()

    def match_changed(self, table) -> None:
        self._lesson.table_changed()

    def apply_settings(self, new) -> None:
        self._app.apply_settings(new)

    def tidy_soon(self) -> None:
        self._app.tidy_soon()

    def quit(self) -> None:
        self._app.quit()


class TutorialScene(Scene):
    """The guided first hand (see the module docstring): ``.table``, ``.game``, ``.step``,
    ``spot()`` (where to touch now) and ``skip()``."""

    def __init__(self, app):
        super().__init__(app)
        self.game = lesson.LessonGame()
        from ..app import scene_class  # by name, as scenes reach each other

        self.table = scene_class("table")(_LessonHost(app, self), self.game, lesson.SEATS)
        # The computer's moves come from the lesson's record (see the report on the table's
        # hooks): its controller keeps its pace, its agent is the script.
        self.table.controllers[lesson.SAM].agent = lesson.ScriptedAgent(
            lesson.moves_of(lesson.SAM))
        self._keyboard = False
        self._frames = 0
        self._moment = (self.index, self.finished)
        self._moment_at = 0
        """The frame the coach last changed step (``_moment``: its index, finished)."""
        self.tip: str | None = None
        """A rule the player just ran into, in one line (shown until OK or the next move)."""
        self._tip_at = 0

    # ----------------------------------------------------------------- where the lesson is

    @property
    def index(self) -> int:
        """The step the lesson is at (into ``lesson.STEPS``)."""
        return lesson.step_at(len(self.game.actions), self.game.read)

    @property
    def step(self) -> lesson.Step:
        return lesson.STEPS[self.index]

    @property
    def finished(self) -> bool:
        """The hand is over and scored: the last step."""
        return self.index == len(lesson.STEPS) - 1 and self.game.state.phase in (
            Phase.HAND_OVER, Phase.MATCH_OVER)

    def _waiting(self) -> bool:
        """The table is busy: Sam is to move, or cards are flying."""
        return self.table.busy or not self.table.model.my_turn

    def table_changed(self) -> None:
        """The table applied a move: its sound, as in a match."""
        if self.game.actions:
            self.app.keeper.sounds.play(for_action(self.game.actions[-1], self.game.state))

    @property
    def steady(self) -> bool:
        """Whether the coach's buttons take a tap now (``STEADY_FRAMES`` after a new step)."""
        return self._frames - self._moment_at >= STEADY_FRAMES

    # ----------------------------------------------------------------- what to touch

    def spot(self) -> tuple[Rect, str] | None:
        """Where the player touches next for this step, and what it is ("card", "stock",
        "pile", "table", "meld", "button"); None when there is nothing to touch at the
        table (a step to read, or the table is busy)."""
        step = self.step
        if step.action is None or self._waiting():
            return None
        t, m = self.table, self.table.model
        L = t.layout
        if m.confirm is not None or m.picking is not None:
            slot = self._button_for(step)
            return (L.actions[slot], "button") if slot is not None else None
        chosen = Counter(m.selected_cards())
        wanted = Counter(step.cards)
        for i, c in enumerate(m.order):  # a card selected that the step does not use
            if i in m.selected and chosen[c] > wanted[c]:
                return self._card_rect(i), "card"
        for c in step.cards:
            if chosen[c] < wanted[c]:
                i = next(j for j, x in enumerate(m.order) if x == c and j not in m.selected)
                return self._card_rect(i), "card"
        if step.target is Target.STOCK:
            return L.stock_card, "stock"
        if step.target is Target.PILE:
            return L.pile_card, "pile"
        if step.target is Target.MELD:
            return t.my_meld_rects()[1][step.meld], "meld"
        return self._empty_band(), "table"

    def _card_rect(self, i: int) -> Rect:
        """The part of card ``i`` of your hand that shows (and so takes a tap): the fan's
        later cards cover the rest (``HandLayout.face``)."""
        hand, sel = self.table.layout.hand, self.table.model.selected
        return hand.face(i, sel) or hand.drawn(i, sel)

    def _empty_band(self) -> Rect:
        """A part of your melds' band with no meld on it, for a new meld."""
        band = self.table.layout.my_melds
        rects = self.table.my_meld_rects()[1]
        right = max((r.right for r in rects if r.w and r.y < band.bottom), default=band.x)
        below = max((r.bottom for r in rects if r.w), default=band.y)
        if band.right - right >= 40:
            return Rect(right + 8, band.y + 8, band.right - right - 16, band.h - 16)
        return Rect(band.x + 8, below + 4, band.w - 16, max(20, band.bottom - below - 8))

    def _button_for(self, step: lesson.Step) -> int | None:
        """The action bar slot whose button plays the step's move (a question being asked:
        which take, which card a wild is, Go out)."""
        slots = self.table.layout.actions
        for i, (_, item) in enumerate(self.table.model.buttons()[:len(slots)]):
            choices = getattr(item, "choices", None) or (item,)
            if any(getattr(c, "action", None) == step.expects for c in choices):
                return i
        return None

    def keys_hint(self) -> str:
        """The same as ``spot``, for the keyboard."""
        spot = self.spot()
        if spot is None:
            return ""
        kind = spot[1]
        if kind == "card":
            return "← → to the card, Space to select it"
        if kind == "button":
            slot = self._button_for(self.step)
            return f"press {slot + 1}" if slot is not None else ""
        return {"stock": "press D", "pile": "press P", "table": "press M",
                "meld": "press Enter or the button's number"}[kind]

    # ----------------------------------------------------------------- acting

    def next_step(self) -> None:
        """Next on a step to read."""
        if self.step.action is None and not self.finished:
            self.game.read = self.index + 1

    def skip(self) -> None:
        """Play this step's move for the player, by tapping what the coach points at."""
        if self.step.action is None:
            self.next_step()
            return
        start = len(self.game.actions)
        for _ in range(SKIP_TAPS):
            if len(self.game.actions) > start:
                return
            spot = self.spot()  # None while Sam moves or cards fly: Skip waits for them
            if spot is None:
                return
            pos = spot[0].center
            self.table.pointer(Pointer(P.TAP, pos, pos))

    def new_game(self) -> None:
        """The lesson's end: the title, and a new game's setup over it."""
        self.app.open("title", reset=True)
        self.app.open("new_game")

    def leave(self) -> None:
        self.app.open("title", reset=True)

    # ----------------------------------------------------------------- input

    def pointer(self, p) -> None:
        self._keyboard = False
        coach = self.coach()
        if coach.rect.collidepoint(p.pos):
            if p.kind is P.TAP and self.steady:
                for b in coach.buttons:
                    if b.hit(p.pos):
                        self._press(b.key)
            elif p.kind is P.DROP:  # cards dragged onto the coach go back to the hand
                self.table.pointer(Pointer(P.CANCEL, p.pos, p.start))
            return
        if self.finished:
            return
        self.table.pointer(p)

    def _press(self, key: str) -> None:
        if key == "next":
            self.next_step()
        elif key == "skip":
            self.skip()
        elif key == "new":
            self.new_game()
        elif key == "leave":
            self.leave()
        elif key == "rules":
            self.app.open("rules", self.game.state.options)
        elif key == "ok":
            self.tip = None
            self.table.model.say("")

    def key(self, event) -> None:
        self._keyboard = True
        k = event.key
        if self.finished:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.new_game()
            elif k == pygame.K_ESCAPE:
                self.leave()
            return
        if self.tip is not None and k in (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._press("rules" if k == pygame.K_r else "ok")
        elif k == pygame.K_TAB:
            self.skip()
        elif self.step.action is None and k in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                 pygame.K_SPACE):
            self.next_step()
        elif k in (pygame.K_u, pygame.K_h):  # the lesson has no undo or hints: the coach
            self.table.tell(f"In the lesson: {self.step.do.lower()}", Say.HELP)
        else:
            self.table.key(event)

    def wheel(self, dy: int) -> None:
        self.table.wheel(dy)

    def mirror(self):
        """The coach (its words and buttons) above the lesson's table, as the mirror has
        them (``table.mirror``)."""
        step = self.step
        head, words, do = step.title, step.text, step.do
        if self.tip is not None:
            head, words, do = "A rule to know", "", self.tip.removeprefix("Rule: ")
        elif self.finished:
            do = f"{self._scores()} {do}"
        coach = mirror.region(
            "Coach", mirror.heading(f"{head} (step {self.index + 1} of {len(lesson.STEPS)})"),
            mirror.text(words) if words else None, mirror.text(do),
            *(mirror.button(label, f"coach:{key}") for label, key, _ in self._button_labels()))
        table = table_mirror.tree(self.table)
        return mirror.scene_tree("Learn to play", coach, *table.children[1:])

    def mirror_activate(self, action: str) -> None:
        kind, _, key = action.partition(":")
        if kind == "coach":
            if any(k == key for _, k, _ in self._button_labels()):
                self._press(key)
        elif not self.finished:
            table_mirror.activate(self.table, action)

    def mirror_places(self) -> dict[str, Box]:
        """The coach's buttons, and the table's controls the coach leaves uncovered (none
        once the lesson is over: the table takes no tap then)."""
        coach = self.coach()
        out = {} if self.finished else {
            action: place for action, place in table_mirror.places(self.table).items()
            if not coach.rect.colliderect(place)}
        out.update((f"coach:{b.key}", mirror.box(b.rect)) for b in coach.buttons)
        return out

    def resize(self, size) -> None:
        self.table.resize(size)

    def settings_changed(self) -> None:
        self.table.settings_changed()

    # ----------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        self._frames += 1
        if (self.index, self.finished) != self._moment:
            self._moment, self._moment_at = (self.index, self.finished), self._frames
        self.table.update(dt)
        self._follow_tip()

    def _follow_tip(self) -> None:
        """The coach says the rule the table has just tipped, with Rules a tap away, and keeps
        saying it after the table's message fades, until OK or the next move. Which refusal
        carries a tip, and keeping it as seen, is the table's (``TableModel.tip``)."""
        rule = self.table.model.tip
        if rule is not None:
            self.tip = tips.line(rule, self.game.state.options)
            self._tip_at = len(self.game.actions)
        elif self.tip is not None and len(self.game.actions) != self._tip_at:
            self.tip = None  # a move was made: the lesson goes on

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        spot = self.spot()
        if spot is not None:
            self._draw_rings(surface, spot)
        self._draw_coach(surface)

    def _draw_rings(self, surface, spot) -> None:
        """A ring round what to touch now, and a fainter one round the step's other cards."""
        m = self.table.model
        wanted = Counter(self.step.cards)
        for i, c in enumerate(m.order):
            if wanted[c] and i not in m.selected:
                wanted[c] -= 1
                r = _pg(self._card_rect(i)).inflate(6, 6)
                pygame.draw.rect(surface, theme.HILITE, r, 2, border_radius=8)
        r = _pg(spot[0]).inflate(12, 12)
        beat = 0 if moves_calmly(self.app.settings) else (self._frames // 20) % 2 * 2
        pulse = 3 + beat  # a steady beat of the ring, counted in frames (none: reduced motion)
        pygame.draw.rect(surface, theme.ACCENT, r, pulse, border_radius=10)

    def coach(self) -> Coach:
        """The coach panel for now: where it stands, its words and its buttons. It takes the
        first of a few places on the table that holds it clear of what the step touches,
        your hand, the action bar and the message strip."""
        L = self.table.layout
        step = self.step
        px = max(13, L.font)
        pad = max(8, px // 2)
        title_px = round(px * 1.15)
        heading, text = step.title, step.text
        do = f"{self._scores()} {step.do}" if self.finished else step.do
        if self.tip is not None:
            rule = self.tip.removeprefix("Rule: ")
            heading, text, do = "A rule to know", "", f"{rule[:1].upper()}{rule[1:]}."
        elif self._keyboard and (hint := self.keys_hint()):
            do = f"{do}. Keys: {hint}; Tab skips"
        elif self._keyboard and step.action is None:
            do = f"{do}. Keys: Enter"
        labels = self._button_labels()
        spot = self.spot()
        keep_clear = [spot[0]] if spot is not None else []
        if step.target in (Target.TABLE, Target.MELD) and step.action is not None:
            keep_clear.append(L.my_melds)
        elif step.target in (Target.STOCK, Target.PILE):
            keep_clear += [L.stock, L.pile]
        bw = [max(L.target * 2, theme.text_width(t, px, True) + 2 * px) for t, _, _ in labels]
        places = self._places(L)
        for mode in ("full", "short", "tiny"):  # the words give way, then the title
            for area in places:
                inner = area.w - 2 * pad
                head_w = max(40, inner - sum(bw) - pad * len(bw))
                words = theme.wrap(text, px, inner) if mode == "full" and text else []
                doing = theme.wrap(do, px, inner, True) if mode != "tiny" else []
                title = theme.wrap(heading, title_px, head_w, True) if mode != "tiny" \
                    else theme.wrap(do, px, head_w, True)
                size = title_px if mode != "tiny" else px
                head_h = max(L.target, len(title) * theme.line_height(size))
                h = pad * (3 if words or doing else 2) + head_h \
                    + (len(words) + len(doing)) * theme.line_height(px)
                rect = Rect(area.x, area.y, area.w, h)
                if h <= area.h and not any(rect.overlaps(k) for k in keep_clear):
                    break
            else:
                continue
            break
        buttons = []
        x = rect.right - pad
        for (label, key, primary), w in reversed(list(zip(labels, bw))):
            x -= w
            buttons.append(widgets.Button(pygame.Rect(x, rect.y + pad, w, L.target), label,
                                          key, True, primary))
            x -= pad
        return Coach(_pg(rect), title, size, words, doing, px, pad, head_h, buttons)

    def _places(self, L) -> list[Rect]:
        """Where the coach may stand, best first: beside Sam's panel (a wide window), over
        it, over your melds' band (above the message strip), over the top half, beside the
        stock and the pile (a short window); at the end, where your hand was; and, in a
        window too small for any of those, the whole window."""
        w, _ = self.app.size
        top = L.status.bottom + 4
        opp = L.opponents[0].box
        width = min(w - 12, round(640 * L.scale))
        x = (w - width) // 2
        low = L.message.y - 4
        first = [Rect(x, L.plate.bottom + 4, width, self.app.size[1] - 6 - L.plate.bottom)
                 ] if self.finished else []  # the hand is empty: Sam's cards show at the top
        beside = max(L.stock.right, L.pile.right) + 8
        return [p for p in (
            *first,
            Rect(6, top, min(opp.x, L.stock.x, L.pile.x) - 14, L.my_melds.y - 4 - top),
            Rect(x, top, width, min(L.stock.y, L.pile.y) - 4 - top),
            Rect(x, L.my_melds.y, width, low - L.my_melds.y),
            Rect(x, top, width, L.my_melds.y - 4 - top),
            Rect(beside, top, min(width, w - 6 - beside), low - top),
            Rect(x, top, width, low - top),
        ) if p.w >= 200 and p.h >= L.target * 2] + [Rect(0, 0, w, self.app.size[1])]

    def _button_labels(self) -> list[tuple[str, str, bool]]:
        if self.tip is not None:
            return [("Rules", "rules", True), ("OK", "ok", False)]
        if self.finished:
            return [("New game", "new", True), ("Title", "leave", False)]
        if self.step.action is None:
            return [("Next", "next", True), ("End", "leave", False)]
        return [("Skip", "skip", False), ("End", "leave", False)]

    def _draw_coach(self, surface) -> None:
        c = self.coach()
        widgets.draw_panel(surface, c.rect, fill=(16, 52, 38, 255), radius=12,
                           border=theme.ACCENT)
        x, y = c.rect.x + c.pad, c.rect.y + c.pad
        count = f"Step {self.index + 1} of {len(lesson.STEPS)}"
        ty = y
        for line in c.title:  # the step's title, or (no room for more) what to do
            theme.text(surface, line, c.title_px, (x, ty), theme.ACCENT, bold=True)
            ty += theme.line_height(c.title_px)
        if len(c.title) == 1 and c.head_h >= theme.line_height(c.title_px) + c.px:
            theme.text(surface, count, round(c.px * 0.85), (x, ty), theme.INK_DIM)
        y += c.head_h + c.pad
        for i, line in enumerate(c.words + c.doing):
            theme.text(surface, line, c.px, (x, y), theme.INK, bold=i >= len(c.words))
            y += theme.line_height(c.px)
        for b in c.buttons:
            widgets.draw_button(surface, b)

    def _scores(self) -> str:
        """The hand's scores, each as melds, hand and bonus, in one line per player."""
        st = self.game.state
        if not st.hand_scores:
            return ""
        parts = []
        for seat, s in enumerate(lesson.SEATS):
            score = st.hand_scores[-1][seat]
            melded = sum(meld_points(m, st.options) for m in st.melds[seat])
            left = hand_penalty(st.hands[seat], st.options)
            bonus = score - melded + left
            detail = ", ".join([f"melds {melded}"] + ([f"hand -{left}"] if left else [])
                               + ([f"going out +{bonus}"] if bonus else []))
            parts.append(f"{s.name} {score:+d} ({detail})")
        return ". ".join(parts) + "."


def _pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)
