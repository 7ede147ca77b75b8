"""The page says what the game is where a newcomer looks first, since most pages using the name
describe Oklahoma Gin: its tab title, the cover's tagline and its search description."""

from __future__ import annotations

import re
from pathlib import Path

from game import TAGLINE
from tools.web.page import page

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_page_title_tagline_and_description_say_oklahoma_rummy_not_gin():
    html = page(head="", boot="", icon="icon.png")
    assert re.search(r"<title>Arlington: Oklahoma Rummy — not Oklahoma Gin</title>", html)
    assert f'<p class="tagline">{TAGLINE}</p>' in html
    description = re.search(r'<meta name="description" content="([^"]+)">', html)
    assert description and description.group(1).startswith(
        "Arlington is Oklahoma Rummy, not Oklahoma Gin")


def test_the_readme_says_it_in_its_first_line():
    assert README.read_text().splitlines()[0] == "# Arlington — Oklahoma Rummy, not Oklahoma Gin"


def test_the_itch_io_text_in_the_hosting_guide_opens_with_it():
    guide = (README.parent / "docs" / "web.md").read_text()
    block = guide[guide.index("**The itch.io page's text.**"):]
    first = next(line for line in block.splitlines() if line.startswith("> "))
    assert first.startswith(f"> **Arlington: {TAGLINE}.**")
