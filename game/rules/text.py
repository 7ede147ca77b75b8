"""The rules for text a player or a save file gives the engine, and how it is quoted back.

Typed and saved text is plain ASCII: card codes and meld numbers are ASCII letters and digits
(no look-alike letters, no other scripts' digits), and words are separated by spaces or tabs
only. Anything else is refused with a message in the game's words, and whatever is quoted back
is cut short: a refusal never echoes a huge input whole.
"""

from __future__ import annotations

import re

QUOTE_LIMIT = 40
"""The most characters of a player's text quoted back in a message."""

SEPARATORS = " \t"
"""What may separate the words of an action: spaces and tabs, nothing else."""


def quote(text: str) -> str:
    """``text`` quoted for a message, cut to ``QUOTE_LIMIT`` characters with ``…``; characters
    that do not print are shown escaped."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    cut = repr(text[:QUOTE_LIMIT])
    return cut[:-1] + "…" + cut[-1]


def show(value) -> str:
    """Any value from a save file as written in a message: short, never a 4,000-digit number."""
    if isinstance(value, str):
        return quote(value)
    if type(value) is int and not -10**12 < value < 10**12:
        return "a number that large" if value > 0 else "a number that small"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "a list"
    return "an object" if isinstance(value, dict) else "that value"


def words(text: str) -> list[str]:
    """The words of ``text``, split at runs of spaces and tabs. Raises ValueError when the text
    holds anything but printable ASCII characters, spaces and tabs."""
    if not isinstance(text, str):
        raise ValueError("an action is text")
    if not _PLAIN.fullmatch(text):
        raise ValueError("use only plain letters, digits, '=' and spaces")
    return _GAPS.split(text.strip(SEPARATORS)) if text.strip(SEPARATORS) else []


_PLAIN = re.compile(r"[\x20-\x7e\t]*")
_GAPS = re.compile(r"[ \t]+")
