"""Where the player's games are kept, in their words: the line Settings shows.

A browser may clear a site's storage unless asked to keep it (``platform.keep_storage``, asked
after a finished match); the player should know which it is and how much room the game
takes, as on the desktop where the folder is named.
"""

from __future__ import annotations

from ..platform import StorageReport


def size_text(n: int) -> str:
    """A number of bytes as a player reads it: 900 bytes, 12 KB, 1.2 MB, 27 MB."""
    if n < 1000:
        return f"{n} bytes"
    if n < 1_000_000:
        return f"{round(n / 1000)} KB"
    mb = n / 1_000_000
    return f"{mb:.1f} MB" if mb < 10 else f"{round(mb)} MB"


def storage_line(report: StorageReport) -> str:
    """Whether the games are kept, and how much room they take, in a player's words."""
    used = "" if report.used is None else f" ({size_text(report.used)})"
    if report.where is not None:
        return f"Your games are kept in {report.where}{used}."
    if report.used is not None:
        used = f" ({size_text(report.used)} used, the offline copy of the game included)"
    if report.kept:
        return f"This browser keeps your games{used}."
    if report.kept is False:
        return (f"This browser may clear your games when it runs short of space or after "
                f"weeks without a visit{used}. It is asked to keep them once you finish a match.")
    return "Asking this browser whether it keeps your games\u2026"
