"""Every test keeps the game's files (autosave, settings, statistics, exported backups) in its
own temporary folders, so no test reads or writes the player's real data or Documents folder,
and none sees another's.

The suite runs on every core (pytest-xdist, ``-n auto --dist loadgroup`` in pyproject.toml);
the tests in ``tests/web`` keep to one worker, so the standalone build and Chromium are made
once and two browsers never compete for the machine's time."""

from pathlib import Path

import pytest

from game import platform


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(tmp_path_factory.mktemp("data")))
    # exported backups too: a test never writes into the user's Documents folder
    monkeypatch.setenv(platform.DOCUMENTS_DIR_ENV, str(tmp_path_factory.mktemp("documents")))


BROWSER_TESTS = Path(__file__).parent / "web"


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.parent == BROWSER_TESTS:
            item.add_marker(pytest.mark.xdist_group("browser"))
