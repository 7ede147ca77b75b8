"""The player's statistics, per rule preset and player count: what the statistics scene shows.

Counted for the first person seat (``you``) of each match, from the engine's own hand scores
and totals; kept through ``game.platform`` beside the autosave and handled the same way when
the file is corrupted (set aside with a message, the game goes on with empty statistics).
``progress`` is the one place that turns a match's finished hands into records, and the
autosave's ``recorded`` count makes sure no hand is counted twice across a reload.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

from .. import __version__, platform
from ..rules.options import PRESETS, RuleOptions
from ..rules.scoring import team_of, team_totals
from ..rules.text import show
from . import stored

KEY = "records.json"
FORMAT = "arlington-records"
VERSION = 1
CUSTOM = "custom"
"""The table name of rules that match no preset."""


@dataclass(frozen=True, slots=True)
class Line:
    """The statistics of one table (preset and player count)."""

    matches: int = 0
    won: int = 0
    hands: int = 0
    best_hand: int | None = None
    hand_points: int = 0
    """Sum of your hand scores (for the average)."""
    best_match: int | None = None
    """Your highest final total in a match."""
    streak: int = 0
    """Matches won in a row, up to the last one."""
    best_streak: int = 0
    hints: int = 0

    @property
    def average_hand(self) -> float | None:
        return self.hand_points / self.hands if self.hands else None

    def problem(self) -> str | None:
        """Why these numbers cannot be real statistics, or None."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("best_hand", "best_match"):
                if value is not None and type(value) is not int:
                    return f"{f.name} must be a whole number or null"
            elif f.name == "hand_points":  # hands can score below zero
                if type(value) is not int:
                    return "hand_points must be a whole number"
            elif type(value) is not int or value < 0:
                return f"{f.name} must be a whole number, 0 or more"
        if self.won > self.matches or self.best_streak > self.won:
            return "more wins than matches"
        if self.streak > self.best_streak:
            return "the current streak is longer than the longest"
        if (self.best_hand is None) != (self.hands == 0):
            return "a best hand needs hands played"
        if (self.best_match is None) != (self.matches == 0):
            return "a best match total needs matches played"
        return None


def table_name(options: RuleOptions) -> str:
    """The preset these options are, or ``custom``."""
    return next((name for name, rules in PRESETS.items() if rules == options), CUSTOM)


@dataclass(frozen=True, slots=True)
class Records:
    """Every table's statistics; an immutable value replaced by each change."""

    lines: tuple[tuple[tuple[str, int], Line], ...] = ()
    """((table name, players), Line), presets in their usual order, then by players."""

    def line(self, table: str, players: int) -> Line:
        return dict(self.lines).get((table, players), Line())

    def _with(self, table: str, players: int, line: Line) -> Records:
        lines = dict(self.lines)
        lines[(table, players)] = line
        return Records(_in_order(lines))

    def with_hand(self, table: str, players: int, score: int) -> Records:
        """One more hand with your ``score``."""
        old = self.line(table, players)
        best = score if old.best_hand is None else max(old.best_hand, score)
        return self._with(table, players, dataclasses.replace(
            old, hands=old.hands + 1, best_hand=best, hand_points=old.hand_points + score))

    def with_match(self, table: str, players: int, won: bool, total: int) -> Records:
        """One more finished match, won or not, with your final ``total``."""
        old = self.line(table, players)
        streak = old.streak + 1 if won else 0
        best = total if old.best_match is None else max(old.best_match, total)
        return self._with(table, players, dataclasses.replace(
            old, matches=old.matches + 1, won=old.won + won, best_match=best, streak=streak,
            best_streak=max(old.best_streak, streak)))

    def with_hint(self, table: str, players: int) -> Records:
        old = self.line(table, players)
        return self._with(table, players, dataclasses.replace(old, hints=old.hints + 1))

    # ------------------------------------------------------------- JSON and text

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION,
                "tables": [{"table": t, "players": p} | dataclasses.asdict(line)
                           for (t, p), line in self.lines]}

    @classmethod
    def from_json(cls, data) -> Records:
        """Parse the stored form; ValueError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this is not an Arlington statistics file")
        if data.get("version") != VERSION:
            raise ValueError(f"statistics version {show(data.get('version'))} is not supported")
        tables = data.get("tables")
        if not isinstance(tables, list):
            raise ValueError("the statistics list no tables")
        names = {f.name for f in dataclasses.fields(Line)}
        lines = {}
        for entry in tables:
            if not isinstance(entry, dict) or set(entry) != names | {"table", "players"}:
                raise ValueError("a table of the statistics has missing or unknown fields")
            table, players = entry["table"], entry["players"]
            if not isinstance(table, str) or (table not in PRESETS and table != CUSTOM):
                raise ValueError(f"unknown table {show(table)}")
            if type(players) is not int or not 2 <= players <= 8:
                raise ValueError("players must be from 2 to 8")
            if (table, players) in lines:
                raise ValueError(f"{table} with {players} players is listed twice")
            line = Line(**{n: entry[n] for n in names})
            if (problem := line.problem()) is not None:
                raise ValueError(f"{table} with {players} players: {problem}")
            lines[(table, players)] = line
        return cls(_in_order(lines))

    def text(self) -> str:
        """The statistics as plain text, for the export."""
        out = [f"Arlington statistics (version {__version__})", ""]
        if not self.lines:
            out.append("No match played yet.")
        for (table, players), line in self.lines:
            out.append(f"{table}, {players} players")
            out.extend("  " + row for row in describe(line))
            out.append("")
        return "\n".join(out).rstrip() + "\n"


def _in_order(lines: dict) -> tuple:
    order = [*PRESETS, CUSTOM]
    return tuple(sorted(lines.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1])))


def describe(line: Line) -> list[str]:
    """The lines a player reads about one table (the scene and the export share them)."""
    rate = f" ({round(100 * line.won / line.matches)}%)" if line.matches else ""
    average = "-" if line.average_hand is None else f"{line.average_hand:.1f}"
    best_hand = "-" if line.best_hand is None else str(line.best_hand)
    best_match = "-" if line.best_match is None else str(line.best_match)
    return [f"Matches played {line.matches}, won {line.won}{rate}",
            f"Hands {line.hands}, best hand {best_hand}, average hand {average}",
            f"Highest match total {best_match}",
            f"Longest winning streak {line.best_streak} (now {line.streak})",
            f"Hints used {line.hints}"]


# ----------------------------------------------------------------- from a match

def you(seats) -> int | None:
    """The seat whose results are recorded: the first person, or None (computers only)."""
    return next((i for i, s in enumerate(seats) if s.is_person), None)


def progress(records: Records, state, seats, recorded: int) -> tuple[Records, int]:
    """Count the hands of ``state`` finished since ``recorded`` (and the match, once it is
    over). Returns the new records and the new count of recorded hands. With partnerships
    the match is yours when your team wins (the engine names the team's lower seat as
    winner, who may be your partner) and your total is your team's, the total it was
    decided on (a seat's own total lacks its partner's points and, but for the lower seat,
    the match bonus), as the history and its plots read it."""
    finished = len(state.hand_scores)
    seat = you(seats)
    if seat is None or finished <= recorded:
        return records, max(recorded, finished)
    table = table_name(state.options)
    for scores in state.hand_scores[recorded:]:
        records = records.with_hand(table, state.players, scores[seat])
    if state.over:
        options = state.options
        team = team_of(seat, options)
        records = records.with_match(table, state.players,
                                     team_of(state.winner, options) == team,
                                     team_totals(state.totals, options)[team])
    return records, finished


# ----------------------------------------------------------------- storage

def load() -> tuple[Records, str | None]:
    """The stored statistics, and a message when the file was unusable (then it is kept
    aside and the statistics start again)."""
    return stored.load(KEY, "the statistics file", Records.from_json, Records(),
                       "Your statistics could not be read ({reason}) and start again.")


def save(records: Records) -> str | None:
    """Store the statistics; a message for the player when that failed."""
    try:
        platform.write(KEY, json.dumps(records.to_json()))
    except platform.StorageError as e:
        return f"Your statistics could not be saved: {e}"
    return None


def reset() -> str | None:
    """Forget every statistic (the scene asks for confirmation first)."""
    return save(Records())


def export(records: Records) -> str:
    """Hand the statistics to the player as a text file; returns what to tell them."""
    try:
        where = platform.export("arlington-statistics.txt", records.text())
    except platform.StorageError as e:
        return f"The statistics could not be exported: {e}"
    return f"Statistics exported to {where}" if not platform.IS_BROWSER else \
        f"Statistics downloaded as {where}"
