"""Statistics: plots of how you are doing, the matches you finished (each opening its final
sheet and, while its record is kept, its replay; a partnership match by team, as its end
showed it), your numbers by rules and player count, and the backup (export, import, undo the
import).

The plots are drawn here from ``game.ui.plots`` (their numbers, geometry and the sentence
beside each, which says what the plot shows in words). The lines by table are
``game.services.records.describe``'s, the same the exported text carries. Reset asks a second
tap first (nothing brings the numbers back) and forgets the history too.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ... import platform
from ...rules.save import SaveError, load
from ...services import backup, records
from ...services import history as history_store
from ...services.history import History, Played
from ...services.records import CUSTOM, Records
from .. import mirror, plots, theme, words
from ..sheet import final_rows, number, sheet_lines, team_sheet_lines, unbroken
from .page import BUTTON, Field, FooterButton, Heading, PageScene, Row, Target, Text

PAGE = 20
"""Matches listed at first, and added by each Show more."""
LEVEL_INK = {"easy": (126, 200, 255), "medium": theme.ACCENT, "hard": (255, 128, 116)}
"""Each computer level's line (never colour alone: its name is written at the line's end)."""
GRID = (255, 255, 255, 34)
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
TEAMS_APART = " \u00b7 "
"""Between a partnership match's teams on its line in the list."""


def when(date: str) -> str:
    """``2026-12-04T17:05:00Z`` as ``4 Dec 2026, 17:05`` (UTC, as stored)."""
    return f"{int(date[8:10])} {MONTHS[int(date[5:7]) - 1]} {date[:4]}, {date[11:16]}"


def rules_name(p: Played) -> str:
    """The rules and who played: ``Classic, 3 players``, ``Custom rules, two teams of two``."""
    who = "two teams of two" if p.options.partnerships else f"{p.players} players"
    return f"{'Custom rules' if p.table == CUSTOM else p.table.capitalize()}, {who}"


def place_word(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


# --------------------------------------------------------------------------- rows


@dataclass(frozen=True, slots=True)
class Plot(Row):
    """A plot: lines (``bars`` False: one series per line, named at its end) or bars (one
    value per series, named under it), with its value axis."""

    series: tuple[tuple[str, tuple[float, ...]], ...]
    bars: bool = False
    percent: bool = False
    x_label: str = ""

    def _axis(self) -> plots.Axis:
        values = [v for _, vs in self.series for v in vs]
        if self.percent:
            return plots.axis(values, floor=0.0, ceiling=1.0)
        return plots.axis(values, whole=True)

    def _tick(self, v: float) -> str:
        if self.percent:
            return f"{round(100 * v)}%"
        return number(round(v))

    def measure(self, m, width):
        return max(round(150 * m.s), min(round(width * 0.42), round(240 * m.s))) + \
            theme.line_height(m.small_px) + m.gap

    def _box(self, m, rect) -> plots.Box:
        ax = self._axis()
        left = max(theme.text_width(self._tick(t), m.small_px) for t in ax.ticks) + m.gap
        named = not self.bars and any(name in LEVEL_INK for name, _ in self.series)
        right = round(64 * m.s) if named else 0  # room for the lines' names
        top = theme.line_height(m.small_px) // 2
        bottom = theme.line_height(m.small_px) + m.gap
        return (rect.x + left, rect.y + top, rect.w - left - right, rect.h - top - bottom)

    def draw(self, surface, m, rect, pressed):
        ax = self._axis()
        box = self._box(m, rect)
        x, y, w, h = box
        grid = pygame.Surface((w, 1), pygame.SRCALPHA)
        grid.fill(GRID)
        for t in ax.ticks:
            ty = plots.y_of(t, ax, box)
            surface.blit(grid, (x, ty))
            theme.text(surface, self._tick(t), m.small_px, (x - m.gap // 2, ty), theme.INK_DIM,
                       "midright")
        zero = plots.y_of(0, ax, box)
        pygame.draw.line(surface, theme.INK_DIM, (x, zero), (x + w, zero), 1)
        under = rect.bottom - theme.line_height(m.small_px) // 2 - m.gap // 2
        if self.bars:
            values = [vs[0] for _, vs in self.series]
            for (name, _), (bx, by, bw, bh) in zip(self.series, plots.bars(values, ax, box,
                                                                  widest=round(96 * m.s)),
                                                  strict=True):
                pygame.draw.rect(surface, theme.ACCENT, (bx, by, bw, bh),
                                 border_radius=max(2, round(3 * m.s)))
                px = theme.fit_px(name, m.small_px, bw + m.gap)
                theme.text(surface, name, px, (bx + bw // 2, under), theme.INK, "center")
            return
        slots = max(len(vs) for _, vs in self.series)
        width = max(2, round(2.5 * m.s))
        lines = [(name, plots.line_points(values, ax, box, slots))
                 for name, values in self.series]
        for name, points in lines:
            ink = LEVEL_INK.get(name, theme.ACCENT)
            if len(points) > 1:
                pygame.draw.lines(surface, ink, False, points, width)
            dot = max(3, round(3.5 * m.s)) if len(points) <= 24 else max(2, round(2 * m.s))
            for p in points:
                pygame.draw.circle(surface, ink, p, dot)
        named = [(name, points[-1]) for name, points in lines if name in LEVEL_INK]
        rows = plots.spread([end[1] for _, end in named], theme.line_height(m.small_px),
                            y, y + h)
        for (name, _), row in zip(named, rows, strict=True):
            theme.text(surface, name, m.small_px, (x + w + m.gap // 2, row),
                       LEVEL_INK[name], "midleft", True)
        if self.x_label:
            theme.text(surface, self.x_label, m.small_px, (x + w // 2, under), theme.INK_DIM,
                       "center")


@dataclass(frozen=True, slots=True)
class MatchLine(Row):
    """One finished match in the list: your place and score, the rules, the date; tapping it
    opens its sheet. With partnerships the teams and their totals too: on one line where it
    fits, else a line per team (a long name wrapped between partners, its total whole). Where
    the headline has no room beside the date (a large text size on a phone), the date goes
    under it."""

    key: str
    result: str
    """Your place (with partnerships, your team's): ``Won``, ``2nd``, ``Team 2nd``."""
    total: int
    """Your total (with partnerships, your team's)."""
    date: str
    detail: str
    won: bool
    teams: tuple[tuple[str, int], ...] = ()
    """With partnerships, each team's name and total, yours first."""

    @property
    def headline(self) -> str:
        """The row's first line: ``2nd  •  −115``."""
        return f"{self.result}  \u2022  {number(self.total)}"

    def _teams_text(self, say=number) -> str:
        """The teams and their totals on one line, each total as ``say`` writes it."""
        return TEAMS_APART.join(f"{name}: {say(total)}" for name, total in self.teams)

    def _lines(self, m, width) -> tuple[int, bool, list[str], list[str]]:
        """The words' room left of the chevron, whether the date fits beside the headline,
        the teams' lines and the detail's lines."""
        room = width - max(4, round(5 * m.s)) - m.gap * 2
        beside = room - theme.text_width(self.date, m.small_px) - m.gap
        date_beside = theme.text_width(self.headline, theme.fit_px(
            self.headline, m.label_px, beside, True, smallest=m.small_px), True) <= beside
        teams = [self._teams_text()] if self.teams else []
        if teams and theme.text_width(teams[0], m.small_px) > room:
            teams = [line for name, total in self.teams
                     for line in theme.wrap(f"{unbroken(name)}:\u00a0{number(total)}",
                                            m.small_px, room)]
        return room, date_beside, teams, theme.wrap(self.detail, m.small_px, room)

    def measure(self, m, width):
        _, date_beside, teams, detail = self._lines(m, width)
        lines = len(teams) + len(detail) + (0 if date_beside else 1)
        return max(m.target, m.gap + theme.line_height(m.label_px) +
                   lines * theme.line_height(m.small_px) + m.gap)

    def targets(self, m, rect):
        return [Target(self.key, "", rect.copy())]

    def mirror(self):
        """A button that opens the match, named as the row reads, a total below zero said
        ``minus 115`` (``words.total``) as everywhere else."""
        teams = self._teams_text(words.total)
        return (mirror.button(f"{self.result}, {words.total(self.total)} points, {self.date}",
                              f"{self.key}|",
                              detail=f"{teams}; {self.detail}" if teams else self.detail),)

    def draw(self, surface, m, rect, pressed):
        if pressed is not None and pressed[0] == self.key:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((255, 255, 255, 28))
            surface.blit(shade, rect.topleft)
        y = rect.y + m.gap
        ink = theme.ACCENT if self.won else theme.INK
        arm = max(4, round(5 * m.s))  # a chevron: the row opens the match
        tip = (rect.right - m.gap // 2, rect.centery)
        pygame.draw.lines(surface, theme.INK_DIM, False, [(tip[0] - arm, tip[1] - arm), tip,
                                                          (tip[0] - arm, tip[1] + arm)],
                          max(2, round(2 * m.s)))
        room, date_beside, teams, detail = self._lines(m, rect.w)
        beside = room - theme.text_width(self.date, m.small_px) - m.gap if date_beside \
            else room
        theme.text(surface, self.headline,
                   theme.fit_px(self.headline, m.label_px, beside, True, smallest=m.small_px),
                   (rect.x, y), ink, bold=True)
        if date_beside:
            theme.text(surface, self.date, m.small_px,
                       (rect.x + room, y + theme.line_height(m.label_px) // 2), theme.INK_DIM,
                       "midright")
        y += theme.line_height(m.label_px)
        if not date_beside:
            theme.text(surface, self.date, m.small_px, (rect.x, y), theme.INK_DIM)
            y += theme.line_height(m.small_px)
        theme.draw_text_block(surface, teams, m.small_px, (rect.x, y), theme.INK)
        y += len(teams) * theme.line_height(m.small_px)
        theme.draw_text_block(surface, detail, m.small_px, (rect.x, y), theme.INK_DIM)


def match_line(index: int, p: Played) -> MatchLine:
    """A match in the list: your place (with partnerships, your team's) and total."""
    if p.options.partnerships:
        result = "Won as a team" if p.won else f"Team {place_word(p.place)}"
    else:
        result = "Won" if p.won else place_word(p.place)
    return MatchLine(f"match:{index}", result, p.yours.total, when(p.date).partition(",")[0],
                     f"{rules_name(p)}, {p.ending()}", p.won, teams(p))


def teams(p: Played) -> tuple[tuple[str, int], ...]:
    """A partnership match's teams and their totals, yours first (none without
    partnerships)."""
    if not p.options.partnerships:
        return ()
    return tuple((side.name, side.total)
                 for side in sorted(p.sides, key=lambda side: side != p.yours))


def match_rows(p: Played, replayable: bool) -> list[Row]:
    """A kept match opened: the final order (with partnerships, by team), how it ended, the
    whole score sheet (by team, then by player), its replay."""
    names = [s.name for s in p.seats]
    rows = final_rows(names, p.totals, p.winner, p.options)
    hands = f"{p.hands} hand{'s' if p.hands != 1 else ''}"
    ended = f"A total reached {p.options.target:,} after {hands}" if p.ended == "target" \
        else f"All {hands} were played"
    rows.append(Text(f"{ended}. {you_finished(p)}", dim=True))
    by_team = team_sheet_lines(names, p.scores, p.totals, p.options)
    if by_team:
        rows += [Heading("Score sheet by team"), *by_team]
    rows += [Heading("Score sheet"), *sheet_lines(names, p.scores, p.totals)]
    if replayable:
        rows.append(Field("replay", "Replay the whole match", BUTTON, "Replay",
                          "Every hand from the first deal, move by move."))
    else:
        rows.append(Text(f"Only the newest {history_store.REPLAYS_KEPT} matches keep their "
                         "moves, so this one cannot be replayed.", dim=True))
    return rows


def you_finished(p: Played) -> str:
    """Your place in words, against the computers (with partnerships: you and your partner,
    against the other team)."""
    def named(seats) -> str:
        said = [p.seats[s].name + (f" ({p.seats[s].level})" if p.seats[s].level else "")
                for s in seats]
        return " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said)
    if p.partners:
        result = "won" if p.won else f"finished {place_word(p.place)}"
        against = named(s for s in range(p.players) if s not in p.yours.seats)
        return f"You and your partner {named(p.partners)} {result}, against {against}."
    against = named(s for s in range(p.players) if p.seats[s].level is not None)
    return f"You finished {place_word(p.place)}" + (f", against {against}." if against
                                                    else ".")


def plot_rows(history: History, records_: Records) -> list[Row]:
    """The three plots, each under its heading and over the sentence that says it."""
    scores = plots.scores(history)
    rates = plots.win_rates(history)
    averages = plots.averages(records_)
    rows: list[Row] = [Heading("Your score per match")]
    if scores:
        rows.append(Plot((("score", tuple(float(s) for s in scores)),),
                         x_label="older \u2192 newer"))
    rows += [Text(plots.score_sentence(scores), dim=True,
                  said=plots.score_sentence(scores, words.total)),
             Heading("Win rate against each level")]
    if rates:
        rows.append(Plot(rates, percent=True, x_label=f"rolling, last {plots.ROLLING} "
                                                      "matches"))
    rows += [Text(plots.rate_sentence(rates), dim=True),
             Heading("Average hand score by rules")]
    if averages:
        rows.append(Plot(tuple((t, (a,)) for t, a in averages), bars=True))
    rows.append(Text(plots.average_sentence(averages), dim=True))
    return rows


# --------------------------------------------------------------------------- the scene


class StatisticsScene(PageScene):
    """The statistics page (a kept match opened on it shows that match instead)."""

    title = "Statistics"

    def __init__(self, app, note: str = ""):
        super().__init__(app)
        self.confirm_reset = False
        self.note = note
        """The last export's, import's or reset's outcome, shown under the title."""
        self.shown = PAGE
        self.opened: int | None = None
        """The index (in ``history.matches``) of the match opened, or None: the list."""
        self._can_undo = backup.can_undo()
        self._rows: tuple[tuple, list[Row]] | None = None

    @property
    def records(self) -> Records:
        return self.app.keeper.records

    @property
    def history(self) -> History:
        return self.app.keeper.history

    def backup_news(self, news: str) -> None:
        """What became of an import or its undo that this page asked for."""
        self.note = news
        self._can_undo = backup.can_undo()

    def subtitle(self):
        if self.opened is not None:
            p = self.history.matches[self.opened]
            return f"{when(p.date)}  \u2022  {rules_name(p)}"
        if self.confirm_reset:
            return "Tap Reset again to forget every statistic and match"
        return self.note or "How you are doing, and every match you finished"

    def rows(self):
        key = (id(self.history), id(self.records), self.shown, self.opened, self._can_undo)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, self._opened_rows() if self.opened is not None
                          else self._list_rows())
        return self._rows[1]

    def _opened_rows(self) -> list[Row]:
        assert self.opened is not None
        p = self.history.matches[self.opened]
        return match_rows(p, p.save is not None)

    def _list_rows(self) -> list[Row]:
        h, rec = self.history, self.records
        rows = plot_rows(h, rec)
        kept = h.newest_first()
        count = len(kept)
        rows.append(Heading(f"Your matches ({count + h.folded:,})" if count else
                            "Your matches"))
        if not count:
            rows.append(Text("No match finished yet. Each one you finish is listed here, its "
                             "score sheet a tap away.", dim=True))
        for i, p in enumerate(kept[:self.shown]):
            rows.append(match_line(count - 1 - i, p))
        if count > self.shown:
            rows.append(Field("more", f"{count - self.shown:,} more", BUTTON, "Show more"))
        if h.folded:
            rows.append(Text(f"{h.folded:,} older matches are counted in the numbers below "
                             f"but no longer listed (the list keeps {history_store.CAP}).",
                             dim=True))
        for (table, players), line in rec.lines:
            rows.append(Heading(f"{table.capitalize()}, {players} players"))
            rows.extend(Text(text, bullet=True) for text in records.describe(line))
        rows += [Heading("Backup"),
                 Field("export", "Export the numbers as text", BUTTON, "Export text",
                       "A text file of the numbers by rules, to read or share.",
                       enabled=bool(rec.lines)),
                 Field("export_backup", "Export a backup", BUTTON, "Export",
                       f"One file, {backup.FILE_NAME}, with your settings, statistics, "
                       "matches and the match you are playing."),
                 Field("import_backup", "Import a backup", BUTTON, "Import",
                       "Choose a backup file: it replaces what is here (you can undo that)."
                       if platform.IS_BROWSER else
                       f"Takes {backup.FILE_NAME} from your Documents folder, or drop a "
                       "backup file on this window. It replaces what is here (you can undo "
                       "that)."),
                 Field("undo_import", "Undo the last import", BUTTON, "Undo",
                       "Puts back what the last import replaced.", enabled=self._can_undo)]
        return rows

    def footer(self):
        if self.opened is not None:
            return [FooterButton("list", "All matches", primary=True)]
        reset = "Tap again to reset" if self.confirm_reset else "Reset"
        empty = not self.records.lines and not self.history.matches
        return [FooterButton("reset", reset, enabled=not empty),
                FooterButton("done", "Done", primary=True)]

    def back(self):
        if self.opened is not None:
            self.opened = None
            self.scroll = 0
            return
        super().back()

    def activate(self, key, part):
        if key != "reset":
            self.confirm_reset = False
        if key.startswith("match:"):
            self.opened = int(key.partition(":")[2])
            self.scroll = 0
        elif key == "list":
            self.back()
        elif key == "replay":
            self._replay()
        elif key == "more":
            self.shown += PAGE
        elif key == "done":
            self.back()
        elif key == "export":
            self.note = records.export(self.records)
        elif key == "export_backup":
            keeper = self.app.keeper
            self.note = backup.export(backup.make(self.app.settings, keeper.records,
                                                  keeper.history, keeper.saved_match()))
        elif key == "import_backup":
            if not platform.pick_file():  # the desktop: the file Export made, if it is there
                folder = platform.documents_dir()
                path = folder / backup.FILE_NAME if folder is not None else None
                if path is not None and path.is_file():
                    self.app.import_backup(platform.read_handed(path, backup.MAX_CHARS))
                else:
                    self.note = f"No {backup.FILE_NAME} in {folder}: drop a backup file on " \
                        "this window to import it."
        elif key == "undo_import":
            self.app.undo_import()
        elif key == "reset":
            if not self.confirm_reset:
                self.confirm_reset = True
                return
            self.confirm_reset = False
            keeper = self.app.keeper
            problem = records.reset() or history_store.save(History())
            keeper.records, keeper.history = Records(), History()
            self.note = problem or "Statistics and matches reset"

    def _replay(self) -> None:
        assert self.opened is not None
        p = self.history.matches[self.opened]
        try:
            game = load(p.save or "")
        except SaveError:
            game = None
        if game is None or tuple(map(tuple, game.state.hand_scores)) != p.scores:
            self.note = "This match's record cannot be replayed."
            return
        self.app.open("replay", game, p.seats, whole_match=True)
