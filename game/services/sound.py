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

from .. import ASSETS
from ..rules.actions import Act, Action
from ..rules.state import Phase

FOLDER = ASSETS / "sounds"
NAMES = ("deal", "draw", "pile_sweep", "meld", "discard", "go_out", "match_won")

_FOR_ACTION = {Act.DRAW: "draw", Act.TAKE_UPCARD: "draw", Act.TAKE_OFFER: "draw",
               Act.TAKE_SET: "pile_sweep",
               Act.TAKE_RUN: "pile_sweep", Act.TAKE_ADD: "pile_sweep", Act.TAKE_SWAP: "pile_sweep",
               Act.SET: "meld", Act.RUN: "meld", Act.ADD: "meld", Act.SWAP: "meld",
               Act.DISCARD: "discard"}


def for_action(action: Action, state) -> str | None:
    """The effect for ``action`` just played, ``state`` being the match after it: the match
    won or a player going out outranks the discard or meld that did it."""
    if state.phase is Phase.MATCH_OVER:
        return "match_won"
    if state.phase is Phase.HAND_OVER and state.hand_outs and state.hand_outs[-1] >= 0:
        return "go_out"
    return _FOR_ACTION.get(action.kind)


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

    def _load(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self._sounds = {n: pygame.mixer.Sound(str(self.folder / f"{n}.ogg")) for n in NAMES}
        except (pygame.error, OSError):
            self._sounds = {}
            return False
        return True
