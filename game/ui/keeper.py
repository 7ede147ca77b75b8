"""What the app keeps between sessions: the settings, the autosaved match, the statistics and
the match history; and what it adds to a match in play: undo, hints and sound.

The App holds one ``Keeper`` (``app.keeper``). The table reports every change through
``app.match_changed(table)``; the keeper then autosaves the match (after every action, and when
the player reorders their hand), counts finished hands into the statistics once, plays the
action's sound and remembers where the turn's melding began, for undo. Every storage problem
becomes a message (``take_message``) the next scene shows; none stops the game. A failed
autosave is also shown at the table at once and tried again (at the next action, and after
``SAVE_RETRY_FRAMES``) until one works, which the table then says; while it fails, the first
close of the window is refused with a warning (``may_close``).

The keeper never names the table scene: it asks the match in play through ``MatchTable``, a
Protocol the table scene meets (the app, which opens scenes by name, hands it over). What only
a match in play needs (undo, hints, the thinking budget) is imported where it is used: the app
makes its keeper before the title's first frame, and in the browser every module imported by
then delays that frame. The message kinds (``table.kinds``) load nothing else.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .. import platform
from ..rules.actions import PILE_TAKES, Act
from ..rules.cards import card_symbol
from ..rules.state import Phase
from ..services import backup, history, records, saves
from ..services import settings as settings_store
from ..services.settings import Settings
from ..services.sound import Sounds, for_action
from .table.kinds import Say

if TYPE_CHECKING:
    from ..rules.save import Game
    from ..services.hints import Hint
    from ..services.seats import Seat
    from ..services.undo import Undo
    from .table.model import TableModel

SAVE_RETRY_FRAMES = 90
"""Frames after a failed autosave before it is tried again (also at the next action)."""
SAVED_AGAIN = "The match is saved again"


@runtime_checkable
class MatchTable(Protocol):
    """What the keeper asks of the match in play (``game.ui.scenes.table.TableScene`` is the
    one): its game, seats and model to save and count, and the few things it is told to do."""

    game: Game
    seats: tuple[Seat, ...]
    model: TableModel

    def tell(self, text: str, kind: Say) -> None:
        """Show ``text`` in the message strip, as a ``kind`` of line."""
        ...

    def select_cards(self, cards: Iterable[int]) -> None:
        """Select these cards of the viewer's hand, and nothing else."""
        ...

    def taken_back(self) -> None:
        """An action of this turn was taken back: the hand follows the state."""
        ...

    def restore_hand(self, sort: str | None, order: Iterable[int] | None) -> None:
        """The viewer's hand as it was saved: its sort and the order they arranged."""
        ...


def as_table(scene: object) -> MatchTable:
    """``scene`` as the match in play (the app opens the table by name, as a ``Scene``);
    TypeError for a scene that is not one."""
    if not isinstance(scene, MatchTable):
        raise TypeError(f"{type(scene).__name__} is not a table the keeper can watch")
    return scene


class Keeper:
    """The app's memory and helpers (one per app)."""

    def __init__(self):
        self.sounds = Sounds()
        self.messages: list[str] = []
        self._note(backup.recover())  # an import a crash interrupted, before anything is read
        self.records, message = records.load()
        self._note(message)
        self._history: history.History | None = None
        self._saved: saves.Loaded | None = None
        self.table: MatchTable | None = None
        self.undo: Undo | None = None
        """The match in play's undo (from ``watch``)."""
        self._actions = 0
        self._recorded = 0
        self._hand_key = None
        self._dealt = None
        self._hint: Hint | None = None
        self._hint_for = None
        self._unsaved: str | None = None
        """Why the last autosave failed (None: the match on the table is saved)."""
        self._retry = 0
        self._close_warned = False
        self.clock = time.perf_counter
        """The clock a hint's frames are filled by (tests count slices with one that ticks
        per call)."""
        self.hint_calls = 0
        """Slices the hint under way (or the last one) has thought."""

    # ----------------------------------------------------------------- messages

    def _note(self, message: str | None) -> None:
        if message:
            self.messages.append(message)

    def take_message(self) -> str | None:
        """The oldest message not shown yet (a save or file that could not be used)."""
        return self.messages.pop(0) if self.messages else None

    @property
    def history(self) -> history.History:
        """The finished matches, read on first use (not before the title's first frame: a
        long history takes a moment to check)."""
        if self._history is None:
            self._history, message = history.load()
            self._note(message)
        return self._history

    @history.setter
    def history(self, value: history.History) -> None:
        self._history = value

    def reload(self) -> None:
        """Read everything kept again (a backup was imported, or an import undone): the
        statistics, the history and the autosave; no match is in play any more."""
        self.records, message = records.load()
        self._note(message)
        self._history = None
        self._saved = None
        self.table = self.undo = self._hint = None
        self._unsaved = None

    # ----------------------------------------------------------------- settings

    def load_settings(self) -> Settings:
        """The stored settings (defaults, and a message, when the file was unusable)."""
        chosen, message = settings_store.load()
        self._note(message)
        self.sounds.apply(chosen)
        return chosen

    def settings_changed(self, new: Settings) -> None:
        """The player changed a setting: keep it, and follow it."""
        self._note(settings_store.save(new))
        self.sounds.apply(new)

    # ----------------------------------------------------------------- continuing

    def saved_match(self) -> saves.SavedMatch | None:
        """The autosaved match, checked once per app (a bad one is set aside, with a
        message)."""
        if self._saved is None:
            self._saved = saves.load_autosave()
            self._note(self._saved.message)
        return self._saved.match

    def resume(self, table: MatchTable, match: saves.SavedMatch) -> None:
        """``table`` (just opened for the autosaved ``match``) is the match in play: its
        hand as the player left it, its finished hands already counted."""
        viewer = table.model.viewer
        table.restore_hand(match.hand_sort[viewer] if match.hand_sort else None,
                           match.hand_order[viewer])
        self.watch(table, match.recorded)

    def watch(self, table: MatchTable, recorded: int = 0) -> None:
        """``table`` is the match in play from now on (new, or continued with ``recorded``
        hands already counted in the statistics)."""
        from ..services.undo import Undo

        self.table = table
        self.undo = Undo()
        self._actions = len(table.game.actions)
        self._recorded = recorded
        self._saved = None  # the autosave is this match now: read it afresh when asked
        self._dealt = None
        self._autosave(table)

    # ----------------------------------------------------------------- a match in play

    def match_changed(self, table: MatchTable) -> None:
        """After every change the table reports: an action played or taken back."""
        if table is not self.table:
            self.watch(table)
        game = table.game
        count = len(game.actions)
        if count == self._actions:
            return
        if count > self._actions:
            self.sounds.play(for_action(game.actions[-1], game.state))
            assert self.undo is not None  # made by ``watch`` with the table
            self.undo.note(game)
        self._actions = count
        before = self._recorded
        updated, self._recorded = records.progress(self.records, game.state, table.seats,
                                                   self._recorded)
        if updated != self.records:
            self.records = updated
            self._note(records.save(updated))
        if game.state.over and before < self._recorded:  # the match just ended: kept once
            played = history.Played.from_game(game, table.seats)
            if played is not None:
                self.history = self.history.with_match(played)
                self._note(history.save(self.history))
        if game.state.over:
            saves.clear_autosave()
            platform.keep_storage()  # a browser may clear what is not kept: ask it, now it matters
        else:
            self._autosave(table)

    def frame(self) -> None:
        """Once a frame: think a slice of a hint, keep a reordered hand, sound a new deal."""
        table = self.table
        if table is None or table.game.state.over:
            return
        if self._hint is not None:
            self._think(table, self._hint)
        model = table.model
        if self._unsaved:
            self._retry -= 1
        state = table.game.state
        dealt = (state.hand_no, state.phase is Phase.HAND_OVER)
        new_deal = dealt != self._dealt and self._dealt is not None and not dealt[1]
        self._dealt = dealt
        if new_deal:
            self.sounds.play("deal")
        if new_deal or (model.viewer, model.sort_mode, model.order) != self._hand_key or \
                (self._unsaved and self._retry <= 0):
            self._autosave(table)  # a new deal too: the save says the next hand was dealt

    def _autosave(self, table: MatchTable) -> None:
        model = table.model
        self._hand_key = (model.viewer, model.sort_mode, list(model.order))
        if table.game.state.over:
            self._unsaved = None  # a finished match is not kept: nothing is lost
            return
        mine = range(len(table.seats))
        orders = tuple(tuple(model.order) if s == model.viewer else None for s in mine)
        sorts = tuple(model.sort_mode.value if s == model.viewer else None for s in mine)
        match = saves.SavedMatch(table.game, table.seats, orders, sorts, self._recorded)
        message = saves.autosave(match)
        if message is None and self._unsaved:
            if self._unsaved in self.messages:
                self.messages.remove(self._unsaved)
            self._unsaved, self._close_warned = None, False
            table.tell(SAVED_AGAIN, Say.HELP)
        elif message is not None:
            if not self._unsaved:  # shown at the table at once; the title says it too
                table.tell(message, Say.REFUSAL)
                self._note(message)
            self._unsaved, self._retry = message, SAVE_RETRY_FRAMES

    def may_close(self) -> bool:
        """Whether the window may close now. While the match in play is not saved, one more
        save is tried; if that fails too, the first close is refused with a message at the
        table (a second close quits)."""
        table = self.table
        if self._unsaved and table is not None:
            self._autosave(table)
        if not self._unsaved or self._close_warned or table is None:
            return True
        self._close_warned = True
        table.tell(f"{self._unsaved}. Closing now loses the last moves; "
                        "close again to quit anyway.", Say.REFUSAL)
        return False

    # ----------------------------------------------------------------- helping the player

    def can_undo(self, table: MatchTable) -> bool:
        """Whether the person to move may take back a meld of this turn now."""
        seat = table.game.state.turn
        return (table.seats[seat].is_person and self.undo is not None
                and self.undo.can_undo(table.game))

    def take_back(self, table: MatchTable) -> bool:
        """Take back the last meld or lay-off of this turn; whether one was."""
        undo = self.undo
        if undo is None or not self.can_undo(table):
            return False
        action = undo.undo(table.game)
        self._hint = None  # a hint under way was for the position before the undo
        table.taken_back()
        self.match_changed(table)
        table.tell(f"Taken back: {describe_action(action)}", Say.HELP)
        return True

    def hint(self, table: MatchTable, seed: int = 0) -> bool:
        """Start a hint for the person to move: thought over the next frames (``frame``), then
        shown in the message strip with the cards it uses selected. Counted in the
        statistics. False when it is not a person's turn."""
        from ..services.hints import for_game

        state = table.game.state
        seat = state.turn
        legal = state.legal_actions()
        if not table.seats[seat].is_person or not legal or table.model.viewer != seat:
            return False
        if self._hint is None:
            table_name = records.table_name(state.options)
            self.records = self.records.with_hint(table_name, state.players)
            self._note(records.save(self.records))
            self._hint = for_game(table.game, seed + len(table.game.actions))
            self.hint_calls = 0
            self._hint_for = (table, len(table.game.actions))
        table.tell("Thinking about a hint\u2026", Say.THINKING)
        return True

    def _think(self, table: MatchTable, hint: Hint) -> None:
        from .thinking import fill_frame

        if self._hint_for != (table, len(table.game.actions)):
            self._hint = None  # the position moved on: that hint no longer applies
            return
        ready, calls = fill_frame(hint.think, clock=self.clock)
        self.hint_calls += calls
        if not ready:
            return
        suggestion = hint.suggestion()
        self._hint = None
        show = list(suggestion.action.cards)
        if suggestion.action.kind in PILE_TAKES:
            show.remove(table.game.state.pile[-1])  # the top card is on the pile, not in hand
        table.select_cards(show)
        table.tell(suggestion.text, Say.HELP)


def describe_action(action) -> str:
    """An action in a player's words, e.g. ``set 7♠ 7♥ 7♦`` or ``add 8♠ to meld 2``."""
    if action.kind is Act.ADD:
        return f"{card_symbol(action.cards[0])} added to meld {action.target + 1}"
    if action.kind is Act.SWAP:
        return f"{card_symbol(action.cards[0])} swapped into meld {action.target + 1}"
    return "the meld " + " ".join(card_symbol(c) for c in action.cards)
