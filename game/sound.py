"""Sound effects: short .ogg files played for what happens at the table.

Browsers allow audio only after the player's first tap or click, so nothing touches the mixer
before ``unlock()`` (the app calls it on the first pointer or key event); the files are loaded
then, once. Muted and scaled by the settings (``apply``). A machine without an audio device
(``SDL_AUDIODRIVER=dummy``, no sound card, a mixer that fails to start) plays nothing and never
raises: sound is a courtesy, never a reason for the game to stop.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .rules.events import Ev, Event

FOLDER = Path(__file__).resolve().parent.parent / "assets" / "sounds"
NAMES = ("deal", "draw", "pile_sweep", "meld", "discard", "go_out", "match_won")

_FOR_EVENT = {Ev.DEALT: "deal", Ev.DREW: "draw", Ev.RESHUFFLED: "deal", Ev.TOOK_PILE: "pile_sweep",
              Ev.TOOK_UPCARD: "draw", Ev.MELDED: "meld", Ev.ADDED: "meld", Ev.SWAPPED: "meld",
              Ev.DISCARDED: "discard", Ev.MATCH_ENDED: "match_won"}
_RANK = {name: i for i, name in enumerate(("draw", "deal", "discard", "meld", "pile_sweep",
                                           "go_out", "match_won"))}
"""When one action makes several events, the most telling one is heard."""


def for_events(events: list[Event]) -> str | None:
    """The effect for what one action did (a pile take that lays a meld sounds like a sweep;
    going out outranks the discard that did it), or None."""
    names = [_FOR_EVENT.get(e.kind) for e in events]
    names += ["go_out" for e in events if e.kind is Ev.HAND_ENDED and e.seat >= 0]
    names = [n for n in names if n]
    return max(names, key=_RANK.__getitem__) if names else None


class Sounds:
    """The effects of one app."""

    def __init__(self, folder: Path = FOLDER):
        self.folder = folder
        self.enabled = True
        self.volume = 0.7
        self.unlocked = False
        self.available: bool | None = None
        """None until first needed; then whether the mixer started and the files loaded."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def apply(self, settings) -> None:
        """Follow the player's sound and volume settings."""
        self.enabled = bool(settings.sound)
        self.volume = max(0.0, min(1.0, float(settings.volume)))

    def unlock(self) -> None:
        """The player has tapped, clicked or pressed a key: audio may start now."""
        self.unlocked = True

    def play(self, name: str | None) -> bool:
        """Play effect ``name``; whether it was started (False when muted, locked, or there is
        no audio)."""
        if name is None or not (self.enabled and self.unlocked and self.volume > 0):
            return False
        if self.available is None:
            self.available = self._load()
        sound = self._sounds.get(name) if self.available else None
        if sound is None:
            return False
        try:
            sound.set_volume(self.volume)
            return sound.play() is not None
        except pygame.error:
            return False

    def play_events(self, events: list[Event]) -> bool:
        """Play the effect for one action's events."""
        return self.play(for_events(events))

    def _load(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self._sounds = {n: pygame.mixer.Sound(str(self.folder / f"{n}.ogg")) for n in NAMES}
        except (pygame.error, OSError):
            self._sounds = {}
            return False
        return True
