"""``python -m game``: the desktop game, as the ``arlington`` command."""

from .launcher import run

run()
