"""Every test keeps the game's files (autosave, settings, statistics) in its own temporary
folder, so no test reads or writes the player's real data folder, and none sees another's."""

import pytest

from game import platform


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(tmp_path_factory.mktemp("data")))
