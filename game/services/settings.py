"""How the player likes the table: one frozen value the UI reads and replaces.

Persistence (desktop file or browser ``localStorage``, through ``game.platform``) and the
fallback to defaults for a corrupted file belong beside this value; the UI only ever holds a
``Settings`` and swaps it for a changed copy (``dataclasses.replace``).
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass

from .. import platform
from ..ai.agent import DEFAULT_BUDGET
from ..rules.options import PRESETS
from ..rules.save import parse_json
from ..rules.state import Rule
from .seats import LEVELS


class Motion(enum.Enum):
    """Whether cards fly, shake or slide: as the device asks (a browser's
    ``prefers-reduced-motion``; the desktop asks for nothing), or always calm, or never."""

    DEVICE = "device"
    REDUCED = "reduced"
    FULL = "full"


TEXT_SIZES = (100, 125, 150, 200)
"""The text sizes a player may choose, in per cent of the table's own."""


class CardSize(enum.Enum):
    """How large the player's own hand is drawn, relative to what the layout fits."""

    SMALL = "small"
    NORMAL = "normal"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class Settings:
    """Every player preference, with the defaults a new player gets."""

    animation_speed: float = 1.0
    """Multiplier on every animation's speed: 0.5 calm .. 4 fast; 0 means no animation."""
    think_seconds: float = DEFAULT_BUDGET
    """The budget of a computer's decision (also paces its turns so a person can follow)."""
    four_colour: bool = False
    """Spades black, hearts red, diamonds blue, clubs green (shapes always drawn)."""
    card_size: CardSize = CardSize.NORMAL
    sound: bool = True
    volume: float = 0.7
    """0..1."""
    left_handed: bool = False
    """Mirror the controls: the action buttons on the left."""
    text_size: int = 100
    """Every text, in per cent (``TEXT_SIZES``); controls grow with it."""
    high_contrast: bool = False
    """Text at least 7:1 against its background, card faces and focus rings with a 3:1 edge."""
    reduced_motion: Motion = Motion.DEVICE
    """Cards appear where they land, nothing shakes or slides (``moves_calmly``)."""
    pile_assist: bool = False
    """Show the whole discard pile fanned (every card in it was seen face up)."""
    confirm_go_out: bool = True
    """Ask before an action that ends the hand."""
    tips: bool = True
    """The first time a rule stops a move, the refusal says the rule (``services.tips``)."""
    tips_seen: tuple[str, ...] = ()
    """The rules (``Rule`` values, in their order) whose tip has been shown already."""
    players: int = 2
    """New-game default: seats at the table."""
    preset: str = "digital"
    """New-game default: rule preset."""
    level: str = "medium"
    """New-game default: computer level."""


# ----------------------------------------------------------------- persistence

KEY = "settings.json"
VERSION = 1
_DEFAULTS = Settings()

_NUMBER_RANGES = {"animation_speed": (0.0, 4.0), "think_seconds": (0.05, 5.0),
                  "volume": (0.0, 1.0), "players": (2, 8)}
"""Inclusive bounds of every numeric setting."""


_CHOICES: dict[str, tuple] = {"preset": tuple(PRESETS), "level": LEVELS,
                              "card_size": tuple(s.value for s in CardSize),
                              "reduced_motion": tuple(m.value for m in Motion),
                              "text_size": TEXT_SIZES}
"""The values each choice setting may take (JSON form)."""


RULE_NAMES = tuple(r.value for r in Rule)
"""What ``tips_seen`` may hold, in the order it keeps them."""


def problem(name: str, value) -> str | None:
    """Why ``value`` cannot be the setting ``name`` (its JSON form), or None when it can."""
    default = getattr(_DEFAULTS, name)
    if name == "tips_seen":
        ok = isinstance(value, list) and all(v in RULE_NAMES for v in value)
        return None if ok else f"must be a list of {', '.join(RULE_NAMES)}"
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "must be on or off"
    if name in _CHOICES:
        allowed = _CHOICES[name]
        ok = value in allowed and not isinstance(value, bool) and type(value) is type(allowed[0])
        return None if ok else f"must be one of {', '.join(map(str, allowed))}"
    low, high = _NUMBER_RANGES[name]
    kinds = (int,) if isinstance(default, int) else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds):
        return "must be a number"
    if not low <= value <= high:  # NaN fails both comparisons
        return f"must be from {low} to {high}"
    return None


def to_json(settings: Settings) -> dict:
    """The settings as a JSON object (enums by value, the tips seen as a list)."""
    data: dict[str, object] = {"version": VERSION}
    for name in Settings.__slots__:
        value = getattr(settings, name)
        data[name] = value.value if isinstance(value, enum.Enum) else \
            list(value) if isinstance(value, tuple) else value
    return data


def from_json(data) -> tuple[Settings, list[str]]:
    """Settings from their JSON form, and the names of the fields that were unusable (those keep
    their defaults; missing fields take defaults silently, as when a version adds a setting)."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return Settings(), ["all"]
    values, bad = {}, []
    for name in Settings.__slots__:
        if name not in data:
            continue
        if problem(name, data[name]) is not None:
            bad.append(name)
            continue
        value = data[name]
        if name == "card_size":
            value = CardSize(value)
        elif name == "reduced_motion":
            value = Motion(value)
        elif name == "tips_seen":
            value = tuple(r for r in RULE_NAMES if r in value)
        elif isinstance(getattr(_DEFAULTS, name), float):
            value = float(value)
        values[name] = value
    rules = PRESETS[values.get("preset", _DEFAULTS.preset)]
    if not rules.min_players <= values.get("players", _DEFAULTS.players) <= rules.max_players:
        values.pop("players", None)  # e.g. 8 players kept from before choosing ``book``
        bad.append("players")
    return Settings(**values), bad


def moves_calmly(settings: Settings) -> bool:
    """Whether the table moves nothing: the player chose reduced motion, or left it to the
    device and the device asks for it (only ``platform`` knows the browser's wish)."""
    if settings.reduced_motion is Motion.DEVICE:
        return platform.prefers_reduced_motion()
    return settings.reduced_motion is Motion.REDUCED


def load() -> tuple[Settings, str | None]:
    """The saved settings and a message for the player when the file was unusable (then it is
    kept aside and the unusable values fall back to their defaults)."""
    try:
        text = platform.read(KEY)
        if text is None:
            return Settings(), None
        settings, bad = from_json(parse_json(text, "the settings file"))
    except (platform.StorageError, ValueError):
        settings, bad = Settings(), ["all"]
    if not bad:
        return settings, None
    kept = platform.set_aside(KEY)
    which = "were" if bad == ["all"] else f"({', '.join(bad)}) were"
    where = f" The old file was kept as {kept}." if kept else ""
    return settings, f"Your settings {which} unreadable and reset to the defaults.{where}"


def save(settings: Settings) -> str | None:
    """Store the settings; a message for the player when that failed (they still apply now)."""
    try:
        platform.write(KEY, json.dumps(to_json(settings)))
    except platform.StorageError as e:
        return f"Your settings could not be saved: {e}"
    return None
