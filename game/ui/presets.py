"""The presets a new game may start with, their names and what each is, for players.

The New game screen offers every preset, seven-hand Arlington too, with its options and
their checks, and the table plays each of them (a discard offered to a person is held out
with Take and Pass).
"""

from __future__ import annotations

from ..rules.options import PRESETS

NEW_GAME_PRESETS = TABLE_PRESETS = tuple(PRESETS)
"""Preset names the New game screen offers and a match may start with (the settings and the
command line name them too), in the engine's order."""

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
