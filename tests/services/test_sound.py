"""Sound: the shipped effects exist, decode and fit the budget; nothing touches the mixer before
the first gesture; the settings mute it; no audio device means silence, never an exception."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import parse_action
from game.rules.deal import Deal
from game.rules.options import BOOK, DIGITAL
from game.rules.state import State
from game.services import sound
from game.services.settings import Settings


@pytest.fixture
def mixer(monkeypatch):
    """A mixer on SDL's dummy audio driver, closed again after the test."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_effect_is_shipped_small():
    sizes = {n: (sound.FOLDER / f"{n}.ogg").stat().st_size for n in sound.NAMES}
    assert sum(sizes.values()) < 60_000, sizes
    assert sorted(p.stem for p in sound.FOLDER.glob("*.ogg")) == sorted(sound.NAMES)


def test_effects_decode_and_are_short(mixer):
    pygame.mixer.init()
    for name in sound.NAMES:
        length = pygame.mixer.Sound(str(sound.FOLDER / f"{name}.ogg")).get_length()
        assert 0.05 < length < 1.5, (name, length)


def test_nothing_starts_before_the_first_gesture(mixer):
    sounds = sound.Sounds()
    assert not sounds.play("deal")
    assert not pygame.mixer.get_init() and sounds.available is None
    sounds.unlock()
    assert sounds.play("deal")
    assert pygame.mixer.get_init() and sounds.available


def test_settings_mute_and_scale(mixer):
    sounds = sound.Sounds()
    sounds.unlock()
    sounds.apply(Settings(sound=False))
    assert not sounds.play("meld") and not pygame.mixer.get_init()
    sounds.apply(Settings(sound=True, volume=0.0))
    assert not sounds.play("meld")
    sounds.apply(Settings(sound=True, volume=0.4))
    assert sounds.play("meld")
    assert sounds._sounds["meld"].get_volume() == pytest.approx(0.4, abs=0.01)


def test_no_audio_device_is_silence_not_a_crash(mixer, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = sound.Sounds()
    sounds.unlock()
    assert not sounds.play("go_out") and sounds.available is False
    assert not sounds.play("discard")  # tried once, then quiet


def test_missing_files_are_silence(mixer, tmp_path):
    sounds = sound.Sounds(tmp_path)
    sounds.unlock()
    assert not sounds.play("draw") and sounds.available is False


def _effects(target, *texts):
    deal = Deal.arranged(DIGITAL, [["7S", "7H", "7D"], ["9S", "9D", "3H", "6H"]], pile=["9C"],
                         stock_top=["8S"])
    state = State(DIGITAL.with_changes(target=target), 2, 1, first_seat=1, deal=deal)
    out = []
    for text in texts:
        action = parse_action(text)
        state.apply(action)
        out.append(sound.for_action(action, state))
    return out


MOVES = ("take set 9C 9S 9D", "discard 3H", "draw", "set 7S 7H 7D", "discard 8S")


def test_each_action_gets_its_most_telling_effect():
    assert _effects(1000, *MOVES) == ["pile_sweep", "discard", "draw", "meld", "go_out"]
    assert sound.for_action(parse_action("pass"), State(BOOK, 2, 3)) is None


def test_the_winning_action_sounds_like_winning():
    assert _effects(100, *MOVES)[-1] == "match_won"  # 15 melded + 100 for going out
