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


# --- browser canvas --------------------------------------------------------------------------
# The page (web/page.js) sizes the canvas to the viewport at the device's pixel ratio and
# publishes the size it wants as window.arlington.canvasWidth / canvasHeight; it follows
# rotation and resize. pygbag would otherwise scale a fixed canvas (blurred on phones) and never
# tell the game about a resize. The app asks once per frame and calls set_mode when it changed.


def browser_canvas_size() -> tuple[int, int] | None:
    """The canvas size in device pixels the page wants now; None on the desktop, or when the
    page does not say (pygbag's own page, a page still loading)."""
    window = browser_window()
    page = getattr(window, "arlington", None) if window is not None else None
    if page is None:
        return None
    try:
        width, height = int(page.canvasWidth), int(page.canvasHeight)
    except (AttributeError, TypeError, ValueError):
        return None
    return (width, height) if width > 0 and height > 0 else None

