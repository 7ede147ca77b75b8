"""Settings persistence: what the player chose comes back next time; a corrupted file or an
out-of-range value falls back to the defaults with a message, and the file is kept aside."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from game import platform
from game.services import settings
from game.services.settings import TEXT_SIZES, CardSize, Motion, Settings

valid_settings = st.builds(
    Settings,
    animation_speed=st.floats(0, 4), think_seconds=st.floats(0.05, 5),
    four_colour=st.booleans(), card_size=st.sampled_from(CardSize), sound=st.booleans(),
    volume=st.floats(0, 1), left_handed=st.booleans(), pile_assist=st.booleans(),
    confirm_go_out=st.booleans(), players=st.integers(2, 4),
    preset=st.sampled_from(["digital", "classic", "book"]),
    level=st.sampled_from(["easy", "medium", "hard"]), tips=st.booleans(),
    text_size=st.sampled_from(TEXT_SIZES), high_contrast=st.booleans(),
    reduced_motion=st.sampled_from(Motion),
    tips_seen=st.sets(st.sampled_from(settings.RULE_NAMES)).map(
        lambda seen: tuple(r for r in settings.RULE_NAMES if r in seen)))


@hypothesis_settings(max_examples=40, deadline=None)  # each example writes a file (fsync)
@given(valid_settings)
def test_every_valid_setting_survives_a_save(chosen):
    assert settings.save(chosen) is None
    assert settings.load() == (chosen, None)


def test_no_file_gives_the_defaults_quietly():
    assert settings.load() == (Settings(), None)


def test_whole_numbers_are_accepted_for_fractional_settings():
    platform.write(settings.KEY, json.dumps({"version": 1, "volume": 1, "animation_speed": 2}))
    loaded, message = settings.load()
    assert message is None
    assert loaded.volume == 1.0 and isinstance(loaded.volume, float)
    assert loaded.animation_speed == 2.0


def test_a_file_from_before_the_text_size_contrast_and_motion_loads_as_it_was():
    """Every field a settings file had before text size, high contrast and reduced motion
    came: it loads without a message, the new three at their defaults (100 %, the usual
    look, as the device)."""
    old = Settings(four_colour=True, left_handed=True, volume=0.4, level="hard")
    data = {k: v for k, v in settings.to_json(old).items()
            if k not in ("text_size", "high_contrast", "reduced_motion")}
    platform.write(settings.KEY, json.dumps(data))
    loaded, message = settings.load()
    assert message is None and loaded == old
    assert (loaded.text_size, loaded.high_contrast, loaded.reduced_motion) == (
        100, False, Motion.DEVICE)


def test_missing_fields_take_defaults_without_complaint():
    platform.write(settings.KEY, json.dumps({"version": 1, "sound": False}))
    assert settings.load() == (Settings(sound=False), None)


BAD_VALUES = [("animation_speed", -1), ("animation_speed", 9.5), ("animation_speed", "fast"),
              ("think_seconds", 0), ("think_seconds", None), ("volume", 1.5),
              ("volume", float("nan")), ("volume", True), ("four_colour", 1),
              ("sound", "yes"), ("card_size", "huge"), ("players", 9), ("players", 2.0),
              ("players", 1), ("preset", "poker"), ("level", "genius"), ("left_handed", None),
              ("tips", "on"), ("tips_seen", "pile_take"), ("tips_seen", ["nonsense"]),
              ("tips_seen", [1]), ("text_size", 175), ("text_size", 150.0),
              ("text_size", "150"), ("text_size", True), ("high_contrast", "yes"),
              ("reduced_motion", "sometimes"), ("reduced_motion", True)]


@pytest.mark.parametrize("name,value", BAD_VALUES)
def test_one_bad_value_falls_back_alone_with_a_message(name, value):
    chosen = Settings(sound=False, volume=0.25, level="hard", four_colour=True)
    data = settings.to_json(chosen)
    data[name] = value
    text = json.dumps(data)
    platform.write(settings.KEY, text)
    loaded, message = settings.load()
    assert getattr(loaded, name) == getattr(Settings(), name)
    expected = dataclasses.replace(chosen, **{name: getattr(Settings(), name)})
    assert loaded == expected  # the other choices are kept
    assert name in message and "reset to the defaults" in message
    kept = message.split("kept as ")[1].rstrip(".")
    assert platform.read(kept) == text and platform.read(settings.KEY) is None


def test_players_beyond_the_chosen_rules_fall_back():
    data = settings.to_json(Settings(players=8, preset="book"))
    platform.write(settings.KEY, json.dumps(data))
    loaded, message = settings.load()
    assert loaded == Settings(preset="book") and "players" in message


@pytest.mark.parametrize("text", ["", "{not json", "[]", "null", '"settings"',
                                  '{"version": 2, "sound": false}', "[" * 100000])
def test_a_corrupted_file_gives_the_defaults_and_a_message(text):
    platform.write(settings.KEY, text)
    loaded, message = settings.load()
    assert loaded == Settings()
    assert message.startswith("Your settings were unreadable and reset to the defaults")
    assert platform.read(message.split("kept as ")[1].rstrip(".")) == text


def test_a_failed_save_says_so(monkeypatch):
    def broken(key, text):
        raise platform.StorageError("read-only folder")
    monkeypatch.setattr(platform, "write", broken)
    assert "read-only folder" in settings.save(Settings())
