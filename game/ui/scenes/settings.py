"""Settings: every field of ``game.services.settings.Settings`` with a control (the tips already
seen are kept, not shown); a change applies at once (``app.apply_settings``, which also keeps
them for the next session). Last, one line on where the games are kept: whether the browser
keeps its storage and how much is used (``platform.storage_report``), or the desktop's folder."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ... import platform
from ...services import tips
from ...services.seats import LEVELS
from ...services.settings import TEXT_SIZES, CardSize, Motion, Settings
from ...services.storage import storage_line
from ..presets import PRESET_NAMES, TABLE_PRESETS
from .page import CHOICE, STEPPER, TOGGLE, Field, FooterButton, Heading, PageScene, Text


@dataclass(frozen=True, slots=True)
class Spec:
    """How one setting is shown: label, explanation, and for a choice its values and names."""

    name: str
    label: str
    explain: str
    values: tuple = ()
    names: tuple[str, ...] = ()


SECTIONS = (
    ("Seeing and moving", (
        Spec("text_size", "Text size", "Every text in the game, and the controls with it.",
             TEXT_SIZES, tuple(f"{v}%" for v in TEXT_SIZES)),
        Spec("high_contrast", "High contrast", "Stronger colours: text stands out 7:1 from "
             "its background, cards and the focus ring have firm edges."),
        Spec("reduced_motion", "Reduced motion", "Cards appear where they land instead of "
             "flying; nothing shakes or slides. \"As the device\" follows your system's "
             "setting in a browser.", tuple(Motion), ("As the device", "On", "Off")),
    )),
    ("The table", (
        Spec("animation_speed", "Animation speed", "How fast cards move. Off shows every "
             "move at once.", (0.0, 0.5, 1.0, 2.0, 4.0),
             ("Off", "Calm", "Normal", "Fast", "Fastest")),
        Spec("four_colour", "Four-colour suits", "Spades black, hearts red, diamonds blue, "
             "clubs green. The suit shapes are always drawn."),
        Spec("card_size", "Card size", "How large your own hand is drawn.", tuple(CardSize),
             ("Small", "Normal", "Large")),
        Spec("left_handed", "Left-handed", "The action buttons on the left."),
        Spec("pile_assist", "Show the whole pile", "Fan out the discard pile: every card in "
             "it was seen face up, so it is fair to see it again."),
        Spec("confirm_go_out", "Ask before going out", "A second tap confirms a move that "
             "ends the hand."),
        Spec("tips", "Rule tips", "The first time a rule stops your move, the refusal says "
             "the rule, with Rules a tap away. Switching them on shows each once more."),
    )),
    ("The computer", (
        Spec("think_seconds", "Thinking time", "How long a computer thinks about each "
             "decision; it also paces their turns so you can follow them.",
             (0.1, 0.3, 1.0, 2.0), ("Brisk (0.1 s)", "Normal (0.3 s)", "Careful (1 s)",
                                    "Deep (2 s)")),
    )),
    ("Sound", (
        Spec("sound", "Sound effects", "Sounds for dealing, drawing, melding and winning."),
        Spec("volume", "Volume", "", tuple(v / 10 for v in range(11)),
             tuple(f"{v * 10}%" for v in range(11))),
    )),
    ("New game defaults", (
        Spec("players", "Players", "How many seats a new game starts with."),
        Spec("preset", "Rules", "The preset a new game starts with.", TABLE_PRESETS,
             tuple(PRESET_NAMES[p].removesuffix(" (default)") for p in TABLE_PRESETS)),
        Spec("level", "Computer level", "The level of the computer seats.", LEVELS,
             ("Easy", "Medium", "Hard")),
    )),
)
SPECS = {spec.name: spec for _, specs in SECTIONS for spec in specs}


def nearest(values: tuple, value) -> int:
    """Index of ``value`` among ``values`` (the closest one for a number set elsewhere)."""
    if value in values:
        return values.index(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return min(range(len(values)), key=lambda i: abs(values[i] - value))
    return 0


def changed(settings: Settings, name: str, part: str) -> Settings:
    """``settings`` after a tap on control ``name`` (``part`` "-" or "+" for choices)."""
    spec, value = SPECS[name], getattr(settings, name)
    step = -1 if part == "-" else 1
    if isinstance(value, bool):
        new = not value
    elif spec.values:
        new = spec.values[(nearest(spec.values, value) + step) % len(spec.values)]
    else:  # the player count
        new = max(2, min(8, value + step))
    changes: dict[str, Any] = {name: new}  # one field, named at run time
    return dataclasses.replace(settings, **changes)


STORAGE_SECONDS = 1.0
"""How often the storage line is looked at again (the browser answers a moment later)."""


class SettingsScene(PageScene):
    """Every setting, grouped; changes apply as you tap."""

    title = "Settings"

    def __init__(self, app):
        super().__init__(app)
        self._storage = platform.storage_report()
        self._storage_age = 0.0

    def update(self, dt):
        super().update(dt)
        self._storage_age += dt
        if self._storage_age >= STORAGE_SECONDS:
            self._storage, self._storage_age = platform.storage_report(), 0.0

    def subtitle(self):
        return "Changes apply at once and are kept for next time"

    def rows(self):
        s = self.app.settings
        rows = []
        for heading, specs in SECTIONS:
            rows.append(Heading(heading))
            for spec in specs:
                value = getattr(s, spec.name)
                enabled = spec.name != "volume" or s.sound
                if isinstance(value, bool):
                    rows.append(Field(spec.name, spec.label, TOGGLE, value, spec.explain))
                elif spec.values:
                    rows.append(Field(spec.name, spec.label, CHOICE,
                                      nearest(spec.values, value), spec.explain, enabled,
                                      names=spec.names))
                else:
                    rows.append(Field(spec.name, spec.label, STEPPER, value, spec.explain,
                                      low=2, high=8))
        rows += [Heading("Your games"), Text(storage_line(self._storage), dim=True)]
        return rows

    def footer(self):
        return [FooterButton("done", "Done", primary=True)]

    def activate(self, key, part):
        if key == "done":
            self.back()
        elif key == "tips":
            self.app.apply_settings(tips.switched(self.app.settings, not self.app.settings.tips))
        elif key in SPECS:
            self.app.apply_settings(changed(self.app.settings, key, part))
