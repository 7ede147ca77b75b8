"""A failed autosave at the table (here a folder in place of the save file, as a full disk or a
read-only folder would fail): the player is told at once, the save is tried again a few frames
later, the next save that works says so, and closing the window while the match is unsaved
asks for a second close. Driven through real events via ``App.step``."""

from __future__ import annotations

import pygame
from scene_nav import make_app, step
from ui_events import E, key

from game import platform
from game.rules.actions import Act
from game.rules.options import DIGITAL
from game.rules.save import Setup
from game.services import saves
from game.services.seats import Seat
from game.ui.keeper import SAVE_RETRY_FRAMES, SAVED_AGAIN

SEATS = (Seat("You"), Seat("Computer 1", "easy"))


def at_the_table(seed=5):
    app = make_app()
    table = app.start_match(Setup(DIGITAL, 2, seed, 0), SEATS)
    for _ in range(3000):
        if not table.busy and table.seats[table.game.state.turn].is_person:
            break
        step(app)
    return app, table


def break_the_save() -> None:
    platform.remove(saves.KEY)
    (platform.data_dir() / saves.KEY).mkdir()


def mend_the_save() -> None:
    (platform.data_dir() / saves.KEY).rmdir()


def test_a_failed_autosave_is_shown_at_once_retried_and_its_success_said():
    app, table = at_the_table()
    break_the_save()
    step(app, key(pygame.K_d))  # draw: this action cannot be saved
    assert table.game.actions[-1].kind is Act.DRAW
    assert table.model.message.startswith("The match could not be saved")
    assert "a folder, not a file" in table.model.message
    assert table._toast.text == table.model.message  # drawn at the table, not kept for later
    mend_the_save()
    for _ in range(SAVE_RETRY_FRAMES - 2):
        step(app)
    assert platform.read(saves.KEY) is None  # not yet: the retry waits its frames
    step(app, frames=3)
    saved = saves.load_autosave().match
    assert saved is not None and saved.game.actions == table.game.actions
    assert table.model.message == SAVED_AGAIN and table._toast.text == SAVED_AGAIN
    assert app.keeper.take_message() is None  # the title will not warn about a saved match


def test_closing_the_window_while_unsaved_is_refused_once_with_a_reason():
    app, table = at_the_table()
    break_the_save()
    step(app, key(pygame.K_d))
    step(app, [E(pygame.QUIT)])
    assert app.running  # the first close is refused...
    assert "close again to quit anyway" in table.model.message
    assert "could not be saved" in table.model.message
    step(app, [E(pygame.QUIT)])
    assert not app.running  # ...the second is the player's choice


def test_closing_after_the_save_works_again_is_not_held_up():
    app, table = at_the_table()
    break_the_save()
    step(app, key(pygame.K_d))
    mend_the_save()
    step(app, [E(pygame.QUIT)])  # the close tries the save once more, and it works
    assert not app.running
    assert saves.load_autosave().match.game.actions == table.game.actions


def test_a_data_folder_that_is_a_file_is_said_in_a_players_words(tmp_path, monkeypatch):
    folder = tmp_path / "arlington"
    folder.write_text("not a folder")
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(folder))
    app = make_app()  # the settings and statistics read as none kept
    table = app.start_match(Setup(DIGITAL, 2, 5, 0), SEATS)
    step(app)
    message = table.model.message
    assert message == (f"The match could not be saved: {folder} is a file, not the folder the "
                       "game keeps its files in")
    assert "File exists" not in message and "Errno" not in message
    assert table._toast.text == message  # drawn at the table
    app, table = at_the_table()
    step(app, key(pygame.K_d))
    assert table.game.actions[-1].kind is Act.DRAW  # the game goes on
    nested = folder / "saves"  # a folder inside it: the same words name the file in the way
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(nested))
    app, table = at_the_table()
    assert table.model.message.endswith(f"{folder} is a file, not the folder the game keeps "
                                        "its files in")
