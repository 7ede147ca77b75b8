"""Arlington: Oklahoma Rummy for the browser and the desktop."""

TAGLINE = "Oklahoma Rummy — not Oklahoma Gin"
"""What the game is, in one line: most pages that use the name describe Oklahoma Gin, a different
game, so the title screen and the web page say so where a newcomer looks first."""

TITLE = f"Arlington: {TAGLINE}"
"""The window's caption, which the browser also shows as the tab's title, and the page's."""
