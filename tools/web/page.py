"""The page both builds share: ``web/page.html`` with the shell (CSS, JS) and a boot part.

Markers are ``{{arlington.KEY}}``, filled here; the pygbag template then still carries
pygbag's own ``{{cookiecutter.KEY}}`` markers, which pygbag fills. A marker left unfilled is a
build error, not a broken page.
"""

from __future__ import annotations

import re

from game import TAGLINE, TITLE

from .files import REPO

WEB = REPO / "web"
"""The page's sources: page.html, page.css, page.js, the boot parts, sw.js, icon.png."""

MARKER = re.compile(r"\{\{arlington\.(\w+)\}\}")


def fill(template: str, values: dict[str, str]) -> str:
    """Replace every ``{{arlington.KEY}}``; KeyError names a marker with no value."""
    def one(match: re.Match) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"no value for the page marker {{{{arlington.{key}}}}}")
        return values[key]
    return MARKER.sub(one, template)


def page(head: str, boot: str, icon: str, title: str = TITLE, touch_icon: str = "") -> str:
    """The whole page: shell inlined (so pygbag's single index.html carries it), then ``boot``.
    ``icon`` is the tab's icon, ``touch_icon`` the one iOS puts on a home screen (``icon``
    when not given)."""
    return fill((WEB / "page.html").read_text(), {
        "title": title,
        "tagline": TAGLINE,
        "icon": icon,
        "touch_icon": touch_icon or icon,
        "css": (WEB / "page.css").read_text(),
        "shell": (WEB / "page.js").read_text(),
        "head": head,
        "boot": boot,
    })
