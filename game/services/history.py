"""Every finished match the player took part in: the list Statistics shows, newest first, and
the numbers its plots are drawn from.

A match is kept when it ends (``Played.from_game``, called by the keeper once per match) with
its date, rules, seats, the whole score sheet and, for the newest ``REPLAYS_KEPT`` matches, the
engine's save so it can be replayed. The list holds the last ``CAP`` matches; an older one is
folded into the totals: it leaves the list and ``folded`` counts it (the statistics in
``game.services.records`` counted it when it was played and keep it). Stored through
``game.platform`` as ``history.json`` and handled as the statistics are when the file is
corrupted (set aside with a message, the list starts again).

Stored form::

    {"format": "arlington-history", "version": 1, "folded": 0,
     "matches": [{"date": "2026-12-04T17:05:00Z", "table": "digital",
                  "options": {...rule options...},
                  "seats": [{"name": "You", "level": null}, {"name": "Computer 1",
                            "level": "medium"}],
                  "you": 0, "scores": [[55, -10], [120, 35]], "outs": [0, 0],
                  "totals": [175, 25], "winner": 0,
                  "save": null}, ...]}                # oldest first

``save`` is the engine's save file as text (``game.rules.save``), or null once the match is
older than the newest ``REPLAYS_KEPT``.

A partnership match (``options.partnerships``) is read by team: its two teams, seats 1 & 3
and seats 2 & 4, follow from its seats and totals (``game.services.sides``), as its winner
team, your team's place and whether you won do, so they cannot disagree with the sheet and a
history written before the list showed teams shows them too.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from dataclasses import dataclass

from .. import platform
from ..rules.options import RuleOptions
from ..rules.save import FORMAT as SAVE_FORMAT
from ..rules.save import Game
from ..rules.scoring import team_of
from ..rules.text import show
from . import stored
from .records import Records, table_name, you
from .saves import NAME_MAX
from .seats import Seat
from .sides import Side, final_order, sides

KEY = "history.json"
FORMAT = "arlington-history"
VERSION = 1
CAP = 500
"""Matches the list keeps; older ones are folded into the totals."""
REPLAYS_KEPT = 20
"""The newest matches whose whole record is kept, so they can be replayed (a record is some
kilobytes; a browser gives a site about five megabytes)."""
SAVE_CHARS = 400_000
"""Longest replay record one match may carry (the longest real match is far shorter)."""
DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
ENDINGS = ("target", "hands")
PARTNERS = 4
"""Players at a partnership match (two teams of two, as the engine plays them)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One finished match, as the person in seat ``you`` played it."""

    date: str
    """When it ended, UTC, ``2026-12-04T17:05:00Z``."""
    table: str
    """The preset its rules are, or ``custom``."""
    options: RuleOptions
    seats: tuple[Seat, ...]
    you: int
    scores: tuple[tuple[int, ...], ...]
    """Every hand's scores, one per seat."""
    outs: tuple[int, ...]
    """Who went out of each hand (-1: nobody)."""
    totals: tuple[int, ...]
    """The final totals (the winner's with the match bonus)."""
    winner: int
    save: str | None = None
    """The engine's save (the whole record, for a replay), or None."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def hands(self) -> int:
        return len(self.scores)

    @property
    def sides(self) -> tuple[Side, ...]:
        """Who played against whom: every seat, or with partnerships the two teams."""
        return sides([s.name for s in self.seats], self.totals, self.options)

    @property
    def order(self) -> tuple[Side, ...]:
        """The sides in the final order, the winner's first."""
        return final_order(self.sides, self.winner, self.options)

    @property
    def yours(self) -> Side:
        """Your side: your seat, or with partnerships your team."""
        return self.sides[team_of(self.you, self.options)]

    @property
    def won(self) -> bool:
        """Whether you won: your seat is the engine's winner (with partnerships, your team is
        the winner's team)."""
        return team_of(self.winner, self.options) == team_of(self.you, self.options)

    @property
    def ended(self) -> str:
        """How it ended: ``target`` (someone reached the target) or ``hands`` (the hand limit
        was played)."""
        target = self.options.target
        return "target" if target is not None and max(self.totals) >= target else "hands"

    @property
    def place(self) -> int:
        """Your place in the final order (the winner first, then by total; with partnerships
        your team's place)."""
        return self.order.index(self.yours) + 1

    @property
    def partners(self) -> tuple[int, ...]:
        """Your partners' seats (none without partnerships)."""
        mine = team_of(self.you, self.options)
        return tuple(s for s in range(self.players)
                     if s != self.you and team_of(s, self.options) == mine)

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels you played against (never your partner's), each once, in
        seat order. (Read of every kept match when the plots are drawn: it asks each seat's
        team, not the sides, whose totals it does not need.)"""
        mine = team_of(self.you, self.options)
        return tuple(dict.fromkeys(s.level for i, s in enumerate(self.seats)
                                   if s.level is not None and team_of(i, self.options) != mine))

    def ending(self) -> str:
        """How it ended, in a player's words (``to 1,000 in 6 hands``, ``all 7 hands``)."""
        hands = f"{self.hands} hand{'s' if self.hands != 1 else ''}"
        if self.ended == "target":
            return f"to {self.options.target:,} in {hands}"
        return f"all {hands}" if self.hands > 1 else "one hand"

    @classmethod
    def from_game(cls, game: Game, seats, when: float | None = None) -> Played | None:
        """The finished match of ``game`` (None when it is not over, or no person played)."""
        state = game.state
        seat = you(seats)
        if not state.over or seat is None:
            return None
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))
        return cls(stamp, table_name(state.options), state.options, tuple(seats), seat,
                   tuple(tuple(s) for s in state.hand_scores), tuple(state.hand_outs),
                   tuple(state.totals), state.winner, game.dumps())

    # ------------------------------------------------------------- JSON

    def to_json(self) -> dict:
        return {"date": self.date, "table": self.table, "options": self.options.to_json(),
                "seats": [{"name": s.name, "level": s.level} for s in self.seats],
                "you": self.you, "scores": [list(s) for s in self.scores],
                "outs": list(self.outs), "totals": list(self.totals), "winner": self.winner,
                "save": self.save}

    @classmethod
    def from_json(cls, data, known: dict[str, RuleOptions] | None = None) -> Played:
        """A match from its stored form; ValueError says what is wrong (hand-edited totals
        that do not add up to the hands' scores included). ``known``: rule options already
        read, by their JSON text (most matches of a history share a few)."""
        if not isinstance(data, dict) or set(data) != FIELDS:
            raise ValueError("a match of the history has missing or unknown fields")
        date = data["date"]
        if not isinstance(date, str) or not DATE.fullmatch(date):
            raise ValueError(f"a match's date {show(date)} is not a date")
        options = _options(data["options"], {} if known is None else known)
        table = data["table"]
        if table != table_name(options):
            raise ValueError(f"a match's table {show(table)} does not match its rules")
        seats = _seats(data["seats"], options)
        players = len(seats)
        seat = data["you"]
        if type(seat) is not int or not 0 <= seat < players or not seats[seat].is_person:
            raise ValueError("a match's own seat must be a person's seat")
        scores = _ints(data["scores"], "scores", players, rows=True)
        outs = _ints(data["outs"], "outs", None)
        totals = _ints(data["totals"], "totals", players)
        winner = data["winner"]
        if not scores or len(outs) != len(scores) or \
                not all(-1 <= o < players for o in outs):
            raise ValueError("a match's hands and who went out of them do not agree")
        if type(winner) is not int or not 0 <= winner < players:
            raise ValueError("a match's winner must be one of its seats")
        if options.partnerships and winner != team_of(winner, options):
            raise ValueError("a partnership match's winner must be its team's first seat")
        added = [sum(row[s] for row in scores) for s in range(players)]
        added[winner] += options.match_bonus
        if list(totals) != added:
            raise ValueError("a match's totals do not add up to its hands' scores")
        save = data["save"]
        if save is not None and (not isinstance(save, str) or len(save) > SAVE_CHARS
                                 or f'"{SAVE_FORMAT}"' not in save):
            raise ValueError("a match's replay record is not a save")
        return cls(date, table, options, seats, seat, scores, outs, totals, winner, save)


FIELDS = {"date", "table", "options", "seats", "you", "scores", "outs", "totals", "winner",
          "save"}


def _options(raw, known: dict[str, RuleOptions]) -> RuleOptions:
    key = json.dumps(raw, sort_keys=True)
    if key not in known:
        known[key] = RuleOptions.from_json(raw)
    return known[key]


def _seats(raw, options: RuleOptions) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or not options.min_players <= len(raw) <= options.max_players \
            or (options.partnerships and len(raw) != PARTNERS):
        raise ValueError("a match's seats do not fit its rules")
    seats = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"name", "level"}:
            raise ValueError("each seat of a match needs a name and a level")
        name, level = entry["name"], entry["level"]
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX or not name.isprintable():
            raise ValueError(f"a seat's name must be 1 to {NAME_MAX} letters")
        if level is not None and not isinstance(level, str):
            raise ValueError("a seat's level must be a name or null")
        seats.append(Seat(name, level))  # ValueError for an unknown level
    return tuple(seats)


def _ints(raw, name: str, length: int | None, rows: bool = False):
    """A list of whole numbers (``rows``: a list of such lists) of ``length`` each."""
    if not isinstance(raw, list):
        raise ValueError(f"a match's {name} must be a list")
    if rows:
        return tuple(_ints(row, name, length) for row in raw)
    if (length is not None and len(raw) != length) or any(type(v) is not int for v in raw):
        raise ValueError(f"a match's {name} must be whole numbers, one per seat")
    return tuple(raw)


@dataclass(frozen=True, slots=True)
class History:
    """The matches kept, oldest first, and how many older ones were folded away."""

    matches: tuple[Played, ...] = ()
    folded: int = 0

    def with_match(self, played: Played) -> History:
        """One more finished match: the oldest beyond ``CAP`` folded away, the replay record
        of those beyond the newest ``REPLAYS_KEPT`` dropped."""
        kept = [*self.matches, played]
        over = max(0, len(kept) - CAP)
        kept = kept[over:]
        old = len(kept) - REPLAYS_KEPT
        kept = [dataclasses.replace(p, save=None) if i < old and p.save is not None else p
                for i, p in enumerate(kept)]
        return History(tuple(kept), self.folded + over)

    def newest_first(self) -> tuple[Played, ...]:
        return self.matches[::-1]

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "folded": self.folded,
                "matches": [p.to_json() for p in self.matches]}

    @classmethod
    def from_json(cls, data) -> History:
        """Parse the stored form; ValueError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this is not an Arlington match history")
        if data.get("version") != VERSION:
            raise ValueError(f"history version {show(data.get('version'))} is not supported")
        if set(data) != {"format", "version", "folded", "matches"}:
            raise ValueError("the match history has missing or unknown fields")
        folded, matches = data["folded"], data["matches"]
        if type(folded) is not int or folded < 0:
            raise ValueError("folded must be a whole number, 0 or more")
        if not isinstance(matches, list) or len(matches) > CAP:
            raise ValueError(f"the history must list at most {CAP} matches")
        known: dict[str, RuleOptions] = {}
        played = tuple(Played.from_json(m, known) for m in matches)
        if list(p.date for p in played) != sorted(p.date for p in played):
            raise ValueError("the history's matches are not in the order they were played")
        if any(p.save is not None for p in played[:max(0, len(played) - REPLAYS_KEPT)]):
            raise ValueError(f"only the newest {REPLAYS_KEPT} matches keep a replay")
        return cls(played, folded)


def disagreement(history: History, records: Records) -> str | None:
    """Why ``history`` cannot belong with these statistics (a hand-edited file), or None.
    The statistics count every match the history lists, and more (folded ones, those played
    before the history was kept), so per table no count of the list may exceed theirs and no
    best of the list beat theirs."""
    groups: dict[tuple[str, int], list[Played]] = {}
    for p in history.matches:
        groups.setdefault((p.table, p.players), []).append(p)
    for (table, players), played in groups.items():
        line = records.line(table, players)
        where = f"{table}, {players} players"
        mine = [row[p.you] for p in played for row in p.scores]
        if len(played) > line.matches or sum(p.won for p in played) > line.won:
            return f"the history lists more matches or wins than the statistics ({where})"
        if len(mine) > line.hands:
            return f"the history lists more hands than the statistics ({where})"
        if line.best_hand is not None and max(mine) > line.best_hand:
            return f"a hand of the history beats the statistics' best hand ({where})"
        if line.best_match is not None and \
                max(p.yours.total for p in played) > line.best_match:
            return f"a match of the history beats the statistics' best total ({where})"
    return None


# ----------------------------------------------------------------- storage

def load() -> tuple[History, str | None]:
    """The stored history, and a message when the file was unusable (then it is kept aside
    and the list starts again)."""
    return stored.load(KEY, "the match history", History.from_json, History(),
                       "Your match history could not be read ({reason}) and starts again.")


def dumps(history: History) -> str:
    return json.dumps(history.to_json(), ensure_ascii=False, separators=(",", ":"))


def save(history: History) -> str | None:
    """Store the history; a message for the player when that failed."""
    try:
        platform.write(KEY, dumps(history))
    except platform.StorageError as e:
        return f"Your match history could not be saved: {e}"
    return None

