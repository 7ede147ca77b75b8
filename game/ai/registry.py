"""Agents by name, for the arena and the setup screen: ``random``, ``easy``, ``medium``,
``hard``, the sparring partners ``greedy`` and ``hoarder`` (``sparring.py``: for measuring,
the setup screen offers only the levels), or ``module:Class`` for anyone's own bot (a class
taking a ``seed`` keyword, with ``name`` and ``choose``).

A ``module:Class`` bot runs inside the game's process, so it is trusted: it could reach the
true state through the interpreter. Untrusted bots are outside bots (``cmd:COMMAND``, see
``docs/bots.md``), which only the arena runs (``game.bots``): they need processes, which the
game itself never starts."""

from __future__ import annotations

import importlib

from .random_agent import RandomAgent


def _level(module: str, cls: str):
    def make(seed: int = 0):
        return getattr(importlib.import_module(f"game.ai.{module}"), cls)(seed=seed)
    return make


LEVELS = {"random": RandomAgent, "easy": _level("easy", "EasyAgent"),
          "medium": _level("medium", "MediumAgent"), "hard": _level("hard", "HardAgent"),
          "greedy": _level("sparring", "Greedy"), "hoarder": _level("sparring", "Hoarder")}


def make_agent(spec: str, seed: int):
    """A fresh agent from its name or ``module:Class``; ValueError says what exists."""
    if spec in LEVELS:
        return LEVELS[spec](seed=seed)
    if spec.startswith("cmd:"):
        raise ValueError(f"{spec!r} is an outside bot: those play in the arena "
                         "(python -m game.arena), not in the game")
    module_name, colon, class_name = spec.partition(":")
    if not colon:
        raise ValueError(f"unknown agent {spec!r}; use one of {', '.join(LEVELS)} "
                         "or module:Class")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"cannot load agent {spec!r}: {e}") from None
    return cls(seed=seed)
