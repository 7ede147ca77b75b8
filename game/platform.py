"""The one place that knows desktop from browser.

Everything else asks here (``IS_BROWSER``) instead of testing ``sys.platform`` itself, so the
difference stays in one file. Under pygbag (and under our Pyodide page, which follows pygbag's
conventions) ``sys.platform`` is ``"emscripten"`` and the stdlib module ``platform`` carries the
page's ``window`` object.
"""

from __future__ import annotations

import sys

IS_BROWSER = sys.platform == "emscripten"
"""True inside a browser tab (pygbag or Pyodide), False on the desktop."""


def browser_window():
    """The page's JavaScript ``window`` (pygbag's ``platform.window``), or None on desktop."""
    if not IS_BROWSER:
        return None
    import platform as _stdlib_platform  # pygbag puts the JS window here

    return getattr(_stdlib_platform, "window", None)
