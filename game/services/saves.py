"""The autosaved match: the engine's save, who sits where, and how each person ordered their hand.

Written after every action (``autosave``) through ``game.platform``, read back on the title's
Continue (``load_autosave``). A save is trusted only after replaying it: a file that is
truncated, not JSON, of an unknown version, with a refused action or with cards that do not add
up is refused with a message the player reads, kept aside under another name (never
overwritten) and a new game is offered. When there is no autosave, the copies kept aside are
read again: one this version can load (an earlier version set aside saves whose seed it
refused, which this one reads) becomes the autosave again, and Continue brings it back.

Versions:

- **1**: the engine's save file alone (``game.rules.save``, format ``arlington-save``). It loads
  with the default seats (you, then computers) and the table's own hand order.
- **2** (written now)::

    {"format": "arlington-match", "version": 2,
     "game": {...the engine's save...},
     "seats": [{"name": "You", "level": null}, {"name": "Computer 1", "level": "medium"}],
     "hand_order": [["QS", "QH", "7C"], null],   # per seat, card codes; null: table's order
     "hand_sort": ["custom", null],              # per seat: rank, suit, custom or null
     "recorded": 3,                              # hands already counted in the statistics
     "game_version": "0.3.0"}                    # the game that wrote it (game.__version__)

``hand_sort`` may be missing (files written before it was added: the table's default).
``game_version`` is for a bug report to name the game that wrote the file: it is not read
back, and files written before it was added load as ever.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from .. import __version__, platform
from ..rules.cards import Card, card_text, deck, parse_card
from ..rules.save import FORMAT as ENGINE_FORMAT
from ..rules.save import Game, SaveError, parse_json, replay
from .seats import Seat, default_seats

KEY = "match.json"
FORMAT = "arlington-match"
VERSION = 2
SORTS = ("rank", "suit", "custom")
"""How a person may keep their hand sorted (the table's words)."""
NAME_MAX = 40
"""Longest seat name a save may carry (the new-game scene allows fewer)."""


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match as the app keeps it between sessions."""

    game: Game
    seats: tuple[Seat, ...]
    hand_order: tuple[tuple[Card, ...] | None, ...]
    """Per seat, the order a person gave their hand (None: the table sorts it)."""
    hand_sort: tuple[str | None, ...] = ()
    """Per seat, how that hand is kept sorted (one of ``SORTS``, or None: the table's
    default); empty: the default for every seat."""
    recorded: int = 0
    """How many finished hands the statistics have counted (so none is counted twice)."""

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "game": self.game.to_json(),
                "seats": [{"name": s.name, "level": s.level} for s in self.seats],
                "hand_order": [None if o is None else [card_text(c) for c in o]
                               for o in self.hand_order],
                "hand_sort": list(self.hand_sort) or [None] * len(self.seats),
                "recorded": self.recorded, "game_version": __version__}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def arrange(hand, order) -> list[Card]:
    """``hand`` in the player's ``order`` as far as it still applies: cards of the order that
    are in the hand keep their places, cards it does not mention (just drawn) go last, cards it
    names that left the hand are skipped."""
    left = Counter(hand)
    out = []
    for c in order or ():
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    rest = Counter(hand)
    rest.subtract(out)
    for c in hand:
        if rest[c] > 0:
            rest[c] -= 1
            out.append(c)
    return out


# ----------------------------------------------------------------- reading

def migrate(data) -> dict:
    """Any supported version as a version-2 object (``recorded`` None: all finished hands)."""
    if not isinstance(data, dict):
        raise SaveError("this is not an Arlington save file")
    if data.get("format") == ENGINE_FORMAT:  # version 1: the engine's save alone
        players = data.get("players")
        if type(players) is not int or not 2 <= players <= 8:
            raise SaveError("bad save file: players must be a whole number from 2 to 8")
        return {"format": FORMAT, "version": VERSION, "game": data,
                "seats": [{"name": s.name, "level": s.level} for s in default_seats(players)],
                "hand_order": [None] * players, "recorded": None}
    if data.get("format") != FORMAT:
        raise SaveError("this is not an Arlington save file")
    if data.get("version") != VERSION:
        raise SaveError(f"save version {data.get('version')!r} is not supported (this game "
                        f"reads versions 1 and {VERSION})")
    return data


def engine_save(data):
    """The engine's save a parsed file holds: an autosave's ``game`` (of any version this
    module reads), or the file itself when it is an engine save (or neither: ``replay`` says
    so). What the tools read, so they take the game's own ``match.json`` too."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return migrate(data).get("game")
    return data


def from_json(data) -> SavedMatch:
    """A match from a parsed save of any version, every action replayed. Raises SaveError."""
    data = migrate(data)
    result = replay(data.get("game"))
    if result.refused_index is not None:
        raise SaveError(f"move {result.refused_index + 1} of the saved match is refused: "
                        f"{result.reason}")
    game = result.game
    players = game.setup.players
    seats = _seats(data.get("seats"), players)
    orders = _orders(data.get("hand_order"), players)
    sorts = data.get("hand_sort", [None] * players)
    if not isinstance(sorts, list) or len(sorts) != players or \
            not all(s is None or (isinstance(s, str) and s in SORTS) for s in sorts):
        raise SaveError(f"bad save file: hand_sort must give each seat one of "
                        f"{', '.join(SORTS)} or null")
    state = game.state
    if (problem := conservation_problem(state)) is not None:
        raise SaveError(f"bad save file: {problem}")
    finished = len(state.hand_scores)
    recorded = data.get("recorded")
    if recorded is None:
        recorded = finished
    if type(recorded) is not int or not 0 <= recorded <= finished:
        raise SaveError(f"bad save file: recorded must be a whole number from 0 to {finished}")
    orders = tuple(None if o is None else tuple(arrange(state.hands[s], o))
                   for s, o in enumerate(orders))
    return SavedMatch(game, seats, orders, tuple(sorts) if any(sorts) else (), recorded)


def loads(text) -> SavedMatch:
    """A match from save text. Raises SaveError with a message for the player."""
    return from_json(parse_json(text, "the save"))


def _seats(raw, players: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError(f"bad save file: seats must list the {players} seats")
    seats = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"name", "level"}:
            raise SaveError("bad save file: each seat needs a name and a level")
        name, level = entry["name"], entry["level"]
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX or not name.isprintable():
            raise SaveError(f"bad save file: a seat's name must be 1 to {NAME_MAX} letters")
        if level is not None and not isinstance(level, str):
            raise SaveError("bad save file: a seat's level must be a name or null")
        try:
            seats.append(Seat(name, level))
        except ValueError as e:
            raise SaveError(f"bad save file: {e}") from None
    return tuple(seats)


def _orders(raw, players: int) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError(f"bad save file: hand_order must have one entry for each of the "
                        f"{players} seats")
    out: list[tuple[Card, ...] | None] = []
    for order in raw:
        if order is None:
            out.append(None)
            continue
        if not isinstance(order, list) or len(order) > 120 or \
                not all(isinstance(c, str) for c in order):
            raise SaveError("bad save file: a hand order must be a list of card codes")
        try:
            out.append(tuple(parse_card(c) for c in order))
        except ValueError as e:
            raise SaveError(f"bad save file: {e}") from None
    return tuple(out)


def conservation_problem(state) -> str | None:
    """Why the cards of ``state`` do not add up to the decks (hands, melds, stock and pile
    together), or None when every card is there exactly once per copy."""
    if state.cards_in_play() != Counter(deck(state.options.jokers)):
        return "the cards of the match do not add up to the decks"
    return None


# ----------------------------------------------------------------- the autosave

@dataclass(frozen=True, slots=True)
class Loaded:
    """What ``load_autosave`` found: a match to continue, and/or a message for the player."""

    match: SavedMatch | None
    message: str | None = None


def autosave(match: SavedMatch) -> str | None:
    """Write the autosave; returns a message for the player when it could not be written (the
    game goes on: the next action tries again)."""
    try:
        platform.write(KEY, match.dumps())
    except platform.StorageError as e:
        return f"The match could not be saved: {e}"
    return None


def load_autosave() -> Loaded:
    """The autosaved match, validated by replaying it. A save that cannot be used is set aside
    (never overwritten) and reported; a finished match is not offered."""
    try:
        text = platform.read(KEY)
        if text is None:
            return _set_aside_match() or Loaded(None)
        match = loads(text)
    except (SaveError, platform.StorageError) as e:
        kept = platform.set_aside(KEY)
        where = f" It was kept as {kept}." if kept else ""
        return Loaded(None, f"The saved match could not be loaded: {e}.{where} "
                            "A new game can start.")
    if match.game.state.over:
        clear_autosave()
        return Loaded(None)
    return Loaded(match)


OFFERED_BACK = "A match set aside earlier can be played again: Continue brings it back"


def _set_aside_match() -> Loaded | None:
    """The newest unfinished match among the copies ``load_autosave`` set aside that loads
    now, made the autosave again (its copy removed, so it is offered once); None when no copy
    does."""
    for name in platform.set_aside_copies(KEY):
        try:
            text = platform.read(name)
            if text is None:
                continue
            match = loads(text)
        except (SaveError, platform.StorageError):
            continue
        if match.game.state.over:
            continue
        try:
            platform.write(KEY, text)
            platform.remove(name)
        except platform.StorageError:
            pass  # offered from the copy this time; the next autosave keeps it
        return Loaded(match, OFFERED_BACK)
    return None


def clear_autosave() -> None:
    """Forget the autosave (the match ended, or the player started another)."""
    try:
        platform.remove(KEY)
    except platform.StorageError:
        pass
