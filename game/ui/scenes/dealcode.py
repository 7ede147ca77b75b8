"""Typing a deal code: a keypad of the code's 32 letters on screen (a phone in a browser gets
no keyboard from pygbag), the desktop keyboard as well, and the code checked as it is typed.

When the code names a deal, Use hands its setup (rules, players, seed) to ``on_code`` and
closes; a mistyped code says what is wrong and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...rules.save import Setup
from ...services import dealcode
from .. import mirror, theme, widgets
from ..pointer import P
from ..scene import Scene
from .page import metrics

KEYS = tuple(dealcode.ALPHABET) + ("back",)
COLUMNS = (6, 9, 11)
"""Keys per row to try, fewest first (a short landscape window needs more)."""
MAX_LETTERS = 40


@dataclass(frozen=True)
class CodeLayout:
    """Where the parts of the scene go for one window size (pure)."""

    title: tuple[int, int]
    field: pygame.Rect
    note: tuple[int, int]
    keys: tuple[widgets.Button, ...]
    cancel: widgets.Button
    use: widgets.Button
    px: int


def code_layout(size) -> CodeLayout:
    """The title, the typed code, the keypad and the two buttons in one column that fits the
    window: six keys a row, or more on a short wide window, every key a finger wide and
    tall."""
    w, h = size
    m = metrics(size)
    gap = max(4, m.gap // 2)
    fixed = m.target * 3 + theme.line_height(m.small_px) + m.gap * 3 + m.gap // 2 + m.margin * 2
    for columns in COLUMNS:
        rows = -(-len(KEYS) // columns)
        widest = round(460 * m.s) if columns == COLUMNS[0] else w
        col_w = max(columns * widgets.MIN_TARGET + (columns - 1) * gap,
                    min(w - 2 * m.margin, widest))
        key_w = (col_w - gap * (columns - 1)) // columns
        key_h = min(key_w, (h - fixed - gap * (rows - 1)) // rows)
        if key_h >= widgets.MIN_TARGET:
            break
    key_h = max(widgets.MIN_TARGET, key_h)
    x0 = (w - col_w) // 2
    y = m.margin
    title = (w // 2, y + m.target // 2)
    y += m.target + m.gap
    field = pygame.Rect(x0, y, col_w, m.target)
    y += m.target + m.gap // 2
    note = (w // 2, y)
    y += theme.line_height(m.small_px) + m.gap
    keys = []
    for i, k in enumerate(KEYS):
        r, c = divmod(i, columns)
        rect = pygame.Rect(x0 + c * (key_w + gap), y + r * (key_h + gap), key_w, key_h)
        keys.append(widgets.Button(rect, "\u2190" if k == "back" else k, k))
    y += rows * (key_h + gap) - gap + m.gap
    half = (col_w - m.gap) // 2
    cancel = widgets.Button(pygame.Rect(x0, y, half, m.target), "Cancel", "cancel")
    use = widgets.Button(pygame.Rect(x0 + col_w - half, y, half, m.target), "Use this deal",
                         "use", primary=True)
    return CodeLayout(title, field, note, tuple(keys), cancel, use, m.label_px)


class DealCodeScene(Scene):
    """Enter a deal code; ``on_code(setup)`` gets the deal it names."""

    def __init__(self, app, on_code: Callable[[Setup], None]):
        super().__init__(app)
        self.on_code = on_code
        self.text = ""
        self._press: str | None = None

    # --- what the typed text means

    def setup(self) -> Setup | None:
        try:
            setup = dealcode.decode(self.text)
        except dealcode.DealCodeError:
            return None
        return setup

    def note(self) -> str:
        if not self.text:
            return "Type the code a friend sees on their pause screen"
        try:
            setup = dealcode.decode(self.text)
        except dealcode.DealCodeError as e:
            return str(e)[0].upper() + str(e)[1:]
        return f"A deal for {setup.players} players: tap Use this deal"

    def shown(self) -> str:
        letters = self.text
        return "-".join(letters[i:i + 4] for i in range(0, len(letters), 4))

    # --- input

    def _type(self, k: str) -> None:
        if k == "back":
            self.text = self.text[:-1]
        elif k == "use":
            setup = self.setup()
            if setup is not None:
                self.app.scenes.remove(self)
                self.on_code(setup)
        elif k == "cancel":
            self.app.scenes.remove(self)
        elif len(self.text) < MAX_LETTERS:
            self.text += k

    def _hit(self, pos) -> str | None:
        lay = code_layout(self.app.size)
        for b in (*lay.keys, lay.cancel, lay.use):
            if b.hit(pos):
                return b.key
        return None

    def pointer(self, e) -> None:
        if e.kind is P.DOWN:
            self._press = self._hit(e.pos)
        elif e.kind is P.TAP:
            k = self._hit(e.pos)
            self._press = None
            if k is not None and k == self._hit(e.start):
                self._type(k)
        elif e.kind is not P.DRAG:
            self._press = None

    def key(self, event) -> None:
        k = event.key
        if k in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self._type("cancel")
        elif k == pygame.K_BACKSPACE:
            self._type("back")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._type("use")
        else:
            char = getattr(event, "unicode", "").upper()
            char = {"O": "0", "I": "1", "L": "1"}.get(char, char)
            if len(char) == 1 and char in dealcode.ALPHABET:
                self._type(char)

    def resize(self, size) -> None:
        self._press = None

    def mirror(self):
        """The code typed so far, what it means, the letter keys, Cancel and Use."""
        lay = code_layout(self.app.size)
        keys = [mirror.button("Delete" if b.key == "back" else b.label, b.key)
                for b in lay.keys]
        return mirror.scene_tree(
            "Play a deal code",
            mirror.text(f"Code: {self.shown()}" if self.text else "No code typed yet."),
            mirror.text(self.note()),
            mirror.group("Letters and digits (or type them)", *keys),
            mirror.button(lay.cancel.label, "cancel"),
            mirror.button(lay.use.label, "use", self.setup() is not None))

    def mirror_activate(self, action: str) -> None:
        if action in mirror.actions(self.mirror()):
            self._type(action)

    # --- drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = code_layout(self.app.size)
        m = metrics(self.app.size)
        theme.draw_felt(surface)
        theme.text(surface, "Play a deal code", m.title_px, lay.title, theme.INK, "center", True)
        widgets.draw_panel(surface, lay.field, radius=m.radius // 2)
        shown = self.shown() or " "
        px = theme.fit_px(shown, round(lay.px * 1.3), lay.field.w - 2 * m.pad, True)
        theme.text(surface, shown, px, lay.field.center, theme.PANEL_INK, "center", True)
        note = self.note()
        theme.text(surface, note, theme.fit_px(note, m.small_px, lay.field.w), lay.note,
                   theme.INK_DIM, "midtop")
        for b in lay.keys:
            widgets.draw_button(surface, b, self._press == b.key)
        widgets.draw_button(surface, lay.cancel, self._press == "cancel")
        use = lay.use if self.setup() is not None else \
            widgets.Button(lay.use.rect, lay.use.label, "use", False, True)
        widgets.draw_button(surface, use, self._press == "use")
