"""The presets a new game may start with, their names and what each is, for players.

The New game screen offers every preset, seven-hand Arlington too, with its options and
their checks; a match starts only where the table can play it. Until the table shows a discard
offered to a person (take or pass), ``table_plays`` keeps a preset that offers discards
(``seven``) to the engine, the agents and the tools: Start, a deal code and a save of such a
match are refused with ``NOT_AT_THE_TABLE``.
"""

from __future__ import annotations

from ..rules.options import PRESETS, Discards, RuleOptions

NOT_AT_THE_TABLE = ("This deal is seven-hand Arlington, whose offered discards the table cannot "
                    "show yet")
"""Why a match of a preset the table cannot play is not opened (a deal code or a save)."""


def table_plays(options: RuleOptions) -> bool:
    """Whether the table can play a match under ``options`` (its discards go on a pile)."""
    return options.discards is Discards.PILE


NEW_GAME_PRESETS = tuple(PRESETS)
"""Preset names the New game screen offers, in the engine's order."""

TABLE_PRESETS = tuple(name for name, options in PRESETS.items() if table_plays(options))
"""Preset names a match may start with now, in the engine's order."""

PRESET_NAMES = {"digital": "Digital (default)", "classic": "Classic", "book": "Book",
                "seven": "Seven hands"}
"""What each preset is called on the screen."""

PRESET_NOTES = {
    "digital": "Oklahoma Rummy as most apps play it: runs of up to four cards, six melds "
               "each, the pile taken with a new set, one reshuffle of the stock.",
    "classic": "The older table game: runs as long as the suit allows, wilds in new runs, "
               "no limit on melds, the pile taken with a new set or run.",
    "book": "The rule book's game for two to four: the first upcard offered, the pile taken "
            "by using its top card at once, bonuses for going out in one turn and for the "
            "match, totals settled in hundreds.",
    "seven": "Seven-hand Arlington: 105 cards with one joker, no discard pile (each discard "
             "is offered to the others), a going-out bonus from 100 up to 500 over exactly "
             "seven hands; two to four players, partnerships with four.",
}
"""What each preset is, in one sentence under the choice."""
