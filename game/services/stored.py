"""Reading a file the game keeps that starts again when it cannot be read: the statistics and
the match history. A file that is unusable is set aside (kept, not deleted: a player may want
it, a bug report needs it) and the player is told in a sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .. import platform
from ..rules.save import parse_json

T = TypeVar("T")


def load(key: str, what: str, from_json: Callable[[object], T], empty: T,
         lost: str) -> tuple[T, str | None]:
    """What is stored under ``key`` (``empty`` when nothing is), and a message when it was
    unusable: ``lost`` with ``{reason}`` filled in, then where the old file was kept. ``what``
    names the file in the parser's reasons ("the statistics file")."""
    try:
        text = platform.read(key)
        if text is None:
            return empty, None
        return from_json(parse_json(text, what)), None
    except (platform.StorageError, ValueError) as e:
        reason = str(e)
    kept = platform.set_aside(key)
    where = f" The old file was kept as {kept}." if kept else ""
    return empty, lost.format(reason=reason) + where
