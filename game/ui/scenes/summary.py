"""The end of a hand and the end of a match, drawn over the table.

``hand_lines``, ``standings`` and the team pieces read the engine's state once a hand is
scored (every hand is revealed then, so reading them shows nothing a seat may not see) and are
pure; the scenes only lay them out. With partnerships the teams come first: partners' hand
scores and totals added, the team with the higher total named the winner, and a score sheet
by team above the players' own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from ...rules.save import Setup
from ...rules.scoring import hand_penalty, meld_points
from ...rules.state import Phase
from .. import cardart, mirror, theme, words
from ..sheet import (
    SheetLine,
    final_rows,
    number,
    sheet_lines,
    signed,
    team_sheet_lines,
    unbroken,
    wrapped_unbroken,
)
from ..table import seven
from ..table.draw import short_name
from ..words import cards_words
from .page import BUTTON, Field, FooterButton, Heading, PageScene, Row, Text


@dataclass(frozen=True, slots=True)
class HandLine(Row):
    """One player's hand: what they melded, what they were left holding, the score."""

    tile = True

    name: str
    went_out: bool
    melded: int
    penalty: int
    """What the cards left in hand cost (positive)."""
    bonus: int
    score: int
    total: int
    cards: tuple[int, ...]
    four_colour: bool = False
    queen: bool = True
    """The queen of spades carries its "50" (``cardart.queen_marked``: not in seven hands)."""

    def _parts(self, sign=signed, whole=number) -> list[str]:
        """This hand's points, then the match's running total (named so, beside this hand's
        numbers); ``sign`` writes a signed number and ``whole`` the total (``words.signed``
        and ``words.total`` for the ear)."""
        parts = [f"melded {self.melded}", f"in hand {sign(-self.penalty)}"]
        if self.bonus:
            parts.append(f"bonus {sign(self.bonus)}")
        parts.append(f"match total {whole(self.total)}")
        return parts

    def detail(self) -> str:
        """The line under the name: ``melded 70  •  in hand −10  •  match total 60``."""
        return DOT.join(self._parts())

    def mirror(self):
        out = ", went out" if self.went_out else ""
        left = f" Left in hand: {cards_words(self.cards)}." if self.cards else ""
        return (mirror.heading(f"{self.name}{out}: {words.signed(self.score)} this hand", 3),
                mirror.text(", ".join(self._parts(words.signed, words.total)) + "." + left))

    def _card_w(self, m) -> int:
        return max(cardart.MIN_READABLE_WIDTH + 4, round(50 * m.s))

    def _card_rows(self, m, width) -> list[tuple[int, ...]]:
        if not self.cards:
            return []
        cw = self._card_w(m)
        step = max(1, round(cw * 0.42))
        per_row = max(1, (width - cw) // step + 1)
        return [self.cards[i:i + per_row] for i in range(0, len(self.cards), per_row)]

    def _badge_w(self, m) -> int:
        return theme.text_width(BADGE, m.small_px, True) + m.gap * 2 if self.went_out else 0

    def _head(self, m, width) -> tuple[int, list[str], bool]:
        """The name's size and lines left of the score (``name_lines``), and whether the
        went-out badge has room beside the name (else it stands on a line of its own)."""
        big = m.label_px + 2
        room = width - theme.text_width(signed(self.score), big + 4, True) - m.gap
        badge = self._badge_w(m)
        if badge:  # beside a name on one line, else under the name
            px, lines = name_lines(self.name, big, room - badge - m.gap, m)
            if len(lines) == 1 and theme.text_width(lines[0], px, True) + m.gap + badge <= room:
                return px, lines, True
        return (*name_lines(self.name, big, room, m), not badge)

    def measure(self, m, width):
        rows = self._card_rows(m, width)
        ch = cardart.height(self._card_w(m))
        cards_h = len(rows) * ch + max(0, len(rows) - 1) * m.gap // 2 if rows \
            else theme.line_height(m.small_px)
        name_px, names, beside = self._head(m, width)
        badge = 0 if beside else theme.line_height(m.small_px) + 2 + m.gap // 2
        return (m.gap + head_h(names, name_px, m) + badge
                + len(detail_lines(self._parts(), m, width)) * theme.line_height(m.small_px)
                + m.gap // 2 + cards_h + m.gap)

    def draw(self, surface, m, rect, pressed):
        y = rect.y + m.gap
        big = m.label_px + 2
        score = signed(self.score)
        theme.text(surface, score, big + 4, (rect.right, y - 2),
                   theme.ACCENT if self.went_out else theme.INK, "topright", True)
        name_px, names, beside = self._head(m, rect.w)
        r = theme.draw_text_block(surface, names, name_px, (rect.x, y), theme.INK, True)
        y += head_h(names, name_px, m)
        if self.went_out:
            bw, bh = self._badge_w(m), theme.line_height(m.small_px) + 2
            b = pygame.Rect(r.right + m.gap, r.bottom - theme.line_height(name_px) // 2
                            - bh // 2, bw, bh) if beside else pygame.Rect(rect.x, y, bw, bh)
            surface.blit(theme.rounded(b.size, b.h // 2, theme.ACCENT), b)
            theme.text(surface, BADGE, m.small_px, b.center, theme.ACCENT_INK, "center", True)
            if not beside:
                y += bh + m.gap // 2
        y = draw_details(surface, self._parts(), m, rect.x, y, rect.w) + m.gap // 2
        rows = self._card_rows(m, rect.w)
        if not rows:
            theme.text(surface, "no cards left", m.small_px, (rect.x, y), theme.INK_DIM)
            return
        cw = self._card_w(m)
        ch = cardart.height(cw)
        step = max(1, round(cw * 0.42))
        for row in rows:
            for i, c in enumerate(row):
                surface.blit(cardart.face(c, cw, self.four_colour, self.queen),
                             (rect.x + i * step, y))
            y += ch + m.gap // 2


DOT = "  \u2022  "
"""Between the numbers of a line under a name."""
BADGE = "went out"


def name_lines(name: str, px: int, room: int, m) -> tuple[int, list[str]]:
    """A player's or a team's name in ``room``: on one line a little smaller if need be,
    else at the largest size from ``px`` down to the page's small text at which it shows on
    one line, or wrapped between partners (a name
    such as ``Computer 2`` kept whole); only where a name alone is wider than the room
    even then, wrapped between its words. A word is broken only where it alone is wider
    than the room at the small size (rather than run into the score)."""
    whole = unbroken(name)
    # a little smaller on one line first: wrapping starts only where two sizes less will not do
    shrinks = theme.text_width(name, max(m.small_px, px - 2), True) <= room
    for size in range(px, m.small_px - 1, -1):
        if theme.text_width(name, size, True) <= room:
            return size, [name]
        if not shrinks and all(theme.text_width(w, size, True) <= room
                               for w in whole.split(" ")):
            return size, wrapped_unbroken(name, size, room, True)
    for size in range(px, m.small_px - 1, -1):
        if all(theme.text_width(w, size, True) <= room for w in name.split(" ")):
            return size, theme.wrap(name, size, room, True)
    return m.small_px, theme.wrap(name, m.small_px, room, True)


def head_h(names: list[str], px: int, m) -> int:
    """The height of a name's lines, at least one line of the page's large label."""
    return max(theme.line_height(m.label_px + 2), len(names) * theme.line_height(px))


def detail_lines(parts: list[str], m, width: int) -> list[str]:
    """The numbers under a name at the page's small text, as many to a line as fit, a line
    broken only between them (``melded 70`` is never split)."""
    lines: list[str] = []
    for part in parts:
        joined = DOT.join([lines[-1], part]) if lines else part
        if lines and theme.text_width(joined, m.small_px) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


def draw_details(surface, parts: list[str], m, x: int, y: int, width: int) -> int:
    """``detail_lines`` drawn from ``(x, y)``, a part wider than ``width`` alone a little
    smaller; returns the y under them."""
    for line in detail_lines(parts, m, width):
        theme.text(surface, line, theme.fit_px(line, m.small_px, width), (x, y), theme.INK_DIM)
        y += theme.line_height(m.small_px)
    return y


def hand_lines(state, seats, four_colour: bool = False) -> list[HandLine]:
    """Every player's line for the hand just scored (``state`` in HAND_OVER or MATCH_OVER)."""
    if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) or not state.hand_scores:
        return []
    scores, out = state.hand_scores[-1], state.hand_outs[-1]
    lines = []
    for s in range(state.players):
        melded = sum(meld_points(m, state.options) for m in state.melds[s])
        penalty = hand_penalty(state.hands[s], state.options)
        bonus = scores[s] - (melded - penalty)
        lines.append(HandLine(seats[s].name, s == out, melded, penalty, bonus, scores[s],
                              state.totals[s], tuple(sorted(state.hands[s])), four_colour,
                              cardart.queen_marked(state.options)))
    return lines


@dataclass(frozen=True, slots=True)
class TeamLine(Row):
    """A team at the end of a hand: the partners, this hand's combined score, the total."""

    name: str
    seats: str
    """``Seats 1 & 3``."""
    score: int
    total: int
    ahead: bool = False

    def mirror(self):
        ahead = ", ahead" if self.ahead else ""
        return (mirror.text(f"{self.name} ({self.seats}): {words.signed(self.score)} this "
                            f"hand, total {words.total(self.total)}{ahead}"),)

    def _parts(self) -> list[str]:
        return [self.seats, f"team total {number(self.total)}"]

    def _head(self, m, width) -> tuple[int, list[str]]:
        """The name's size and lines left of the score (``name_lines``)."""
        big = m.label_px + 2
        room = width - theme.text_width(signed(self.score), big + 2, True) - m.gap
        return name_lines(self.name, big, room, m)

    def measure(self, m, width):
        px, names = self._head(m, width)
        return (m.gap + head_h(names, px, m) + theme.line_height(m.small_px)
                * len(detail_lines(self._parts(), m, width)) + m.gap)

    def draw(self, surface, m, rect, pressed):
        y = rect.y + m.gap
        big = m.label_px + 2
        ink = theme.ACCENT if self.ahead else theme.INK
        theme.text(surface, signed(self.score), big + 2, (rect.right, y), ink, "topright",
                   True)
        px, names = self._head(m, rect.w)
        theme.draw_text_block(surface, names, px, (rect.x, y), ink, True)
        draw_details(surface, self._parts(), m, rect.x, y + head_h(names, px, m), rect.w)


def _teams(state, seats) -> tuple:
    """The partnerships' teams (``seven.teams``: seats, joined names, combined total), or ()
    when every seat plays for itself."""
    return seven.teams(state, [s.name for s in seats])


def team_lines(state, seats) -> list[TeamLine]:
    """The teams' lines for the hand just scored (none without partnerships): partners'
    hand scores and totals added; the team ahead marked (a tie: the team of seat 1)."""
    teams = _teams(state, seats)
    if not teams or not state.hand_scores:
        return []
    scores = state.hand_scores[-1]
    ahead = seven.team_leader(state, [s.name for s in seats])
    return [TeamLine(t.name, t.label, sum(scores[s] for s in t.seats), t.total, t == ahead)
            for t in teams]


def bonus_note(state) -> str:
    """This hand's going-out bonus and who took it, and the next hand's where it differs."""
    o, k = state.options, len(state.hand_scores) - 1
    bonus = o.bonus(k)
    out = state.hand_outs[-1] if state.hand_outs else -1
    said = (f"The going-out bonus of hand {k + 1} was {bonus:,}" if out >= 0 else
            f"Nobody went out, so nobody took hand {k + 1}'s bonus of {bonus:,}")
    if state.phase is Phase.HAND_OVER and o.bonus(k + 1) != bonus:
        said += f"; hand {k + 2} pays {o.bonus(k + 1):,}"
    return said + "."


def leading_note(state, seats) -> str:
    """Who leads after this hand (a team with partnerships), against the target or the
    hands left."""
    o = state.options
    sides = [(t.name, t.total) for t in _teams(state, seats)] or \
        [(seats[s].name, state.totals[s]) for s in range(state.players)]
    first = max(total for _, total in sides)
    leaders = [name for name, total in sides if total == first]
    said = f"Leading: {', '.join(leaders)} with {number(first)}"
    if o.target is not None:
        return said + f" of {o.target:,}."
    return said + f" after {len(state.hand_scores)} of {o.hand_limit} hands."


def winner_titles(state, seats) -> tuple[str, ...]:
    """The result's headline, the winning player or the winning partners as the table's
    status names them (``words.match_won``), then shorter ways of saying it for a narrow
    page (``PageScene.title_forms``): without "the match", then the names by their
    initials (``C1 & C3 win``)."""
    if state.winner < 0:
        return ("Nobody wins the match", "Nobody wins")
    names = [s.name for s in seats]
    you = names.index("You") if "You" in names else -1
    won = words.match_won(state.winner, names, state.options, you)
    cheer = "!" if won.startswith("You") else ""
    forms = [f"{won} the match{cheer}", f"{won}{cheer}"]
    initials = words.match_won(state.winner, [short_name(n) for n in names], state.options,
                               you)
    if initials != won:
        forms.append(f"{initials}{cheer}")
    if you >= 0 and won.startswith("You and your partner"):
        forms.append("Your team wins!")
    return tuple(forms)


def score_sheet(state, seats) -> list[SheetLine]:
    """Every hand's scores, a column per player, and the totals."""
    return sheet_lines([s.name for s in seats[:state.players]], state.hand_scores, state.totals)


def final_totals(state, seats) -> list[Row]:
    """The final order (with partnerships, the teams) and what the totals include, as the
    match history shows it again (``sheet.final_rows``)."""
    return final_rows([s.name for s in seats[:state.players]], state.totals, state.winner,
                      state.options)


def team_sheet(state, seats) -> list[SheetLine]:
    """Every hand's scores a column per team, and the team totals (none without
    partnerships)."""
    return team_sheet_lines([s.name for s in seats[:state.players]], state.hand_scores,
                            state.totals, state.options)


class HandSummaryScene(PageScene):
    """Who went out, every hand revealed and scored, the running totals; Next hand."""

    opaque = False
    has_back = False
    dim_below = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        state = table.game.state
        self.title = f"Hand {state.hand_no + 1} is over"
        self._rows = None

    def subtitle(self):
        state = self.table.game.state
        out = state.hand_outs[-1] if state.hand_outs else -1
        if out < 0:
            return "Nobody went out: the stock ran out"
        return f"{self.table.seats[out].name} went out"

    def rows(self):
        key = self.app.settings.four_colour
        if self._rows is None or self._rows[0] != key:
            state = self.table.game.state
            seats = self.table.seats
            lines = hand_lines(state, seats, key)
            teams = team_lines(state, seats)
            if teams:
                lines = [Heading("Teams"), *teams, Heading("Players"), *lines]
            notes = [Text(leading_note(state, seats), dim=True)]
            if len(set(state.options.going_out_bonus)) > 1:
                notes.insert(0, Text(bonus_note(state), dim=True))
            self._rows = (key, [*lines, *notes, REPLAY_HAND, *review_field(seats)])
        return self._rows[1]

    def settings_changed(self):
        self._rows = None

    def footer(self):
        return [FooterButton("next", "Next hand", primary=True)]

    def activate(self, key, part):
        if key == "next":
            self.app.scenes.remove(self)
            self.table.continue_after_summary()
            self.app.tidy_soon()  # the last hand's garbage goes now, not mid-deal
        else:
            replay(self, key)

    def back(self):
        """Escape does not skip the scores: the table waits for Next hand."""


class MatchResultScene(PageScene):
    """The winner, the final totals, hands played; a next match (opened by the next seat) or
    the title."""

    opaque = False
    has_back = False
    dim_below = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self._titles = winner_titles(table.game.state, table.seats)
        self.title = self._titles[0]
        self._rows = None

    def title_forms(self) -> tuple[str, ...]:
        return self._titles

    def subtitle(self):
        n = len(self.table.game.state.hand_scores)
        return f"after {n} hand{'s' if n != 1 else ''}"

    def rows(self):
        key = self.app.settings.four_colour
        if self._rows is None or self._rows[0] != key:
            state, seats = self.table.game.state, self.table.seats
            rows = final_totals(state, seats)
            teams = team_sheet(state, seats)
            if len(set(state.options.going_out_bonus)) > 1:
                rows.append(Text(bonus_note(state), dim=True))
            rows += [Heading("The last hand"), *team_lines(state, seats),
                     *hand_lines(state, seats, key), REPLAY_HAND, *review_field(seats)]
            if teams:
                rows += [Heading("Score sheet by team"), *teams]
            rows += [Heading("Score sheet"), *score_sheet(state, seats), REPLAY_MATCH]
            self._rows = (key, rows)
        return self._rows[1]

    def settings_changed(self):
        self._rows = None

    def footer(self):
        return [FooterButton("title", "Title"),
                FooterButton("next", "Next match", primary=True)]

    def activate(self, key, part):
        if key == "next":
            self.app.start_match(next_match(self.table.game.setup, self.table.game.state),
                                 self.table.seats)
        elif key == "title":
            self.app.open("title", reset=True)
        else:
            replay(self, key)

    def back(self):
        """Escape does nothing here: the match is over, choose where to go."""


REPLAY_HAND = Field("replay_hand", "Replay this hand", BUTTON, "Replay",
                    "Step through it move by move, every player's cards shown.")
REPLAY_MATCH = Field("replay_match", "Replay the whole match", BUTTON, "Replay",
                     "Every hand from the first deal, move by move.")


REVIEW_HAND = Field("review_hand", "Review your play", BUTTON, "Review",
                    "Your costliest decisions of this hand, and what the hard level would "
                    "have played.")


def reviewed_seat(seats) -> int | None:
    """The seat a review looks at: the first person's (with several people at the table, the
    one who holds the first seat); none when only computers played."""
    return next((i for i, s in enumerate(seats) if s.is_person), None)


def review_field(seats) -> list[Field]:
    """The review's button, where a person played this hand."""
    return [] if reviewed_seat(seats) is None else [REVIEW_HAND]


def replay(page, key: str) -> None:
    """Open the replay of the table's last hand or whole match, or the review of the hand."""
    if key in ("replay_hand", "replay_match"):
        page.app.open("replay", page.table.game, page.table.seats,
                      whole_match=key == "replay_match")
    elif key == "review_hand":
        page.app.open("replay", page.table.game, page.table.seats,
                      review_seat=reviewed_seat(page.table.seats))


def next_match(setup: Setup, state) -> Setup:
    """The next match of a sitting: same rules and seats, opened by the next seat (match 2
    by seat 2, rules.md section 1), a new deal drawn from the previous seed so a seeded
    sitting replays exactly."""
    seed = random.Random(setup.seed).randrange(1, 1_000_000)
    return Setup(setup.options, setup.players, seed, (state.first_seat + 1) % setup.players)
