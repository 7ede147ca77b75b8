"""Agents by name, for the arena and the setup screen: ``random``, ``easy``, ``medium``,
``hard``, the sparring population ``greedy``, ``hoarder`` (``sparring.py``), ``meldnow``,
``pilehungry``, ``careful``, ``sprinter``, ``patient`` and ``family`` (``population.py``; for
measuring, the setup screen offers only the levels), ``hard-plain`` (hard without its opponent
model, ``modelling.py``: what the model brings is measured against it), ``hard-prior`` (hard's
own judgement without its search, ``heuristics.hard_style``), ``hard@SECONDS`` (hard
with that budget per decision; ``hard@0.3cpu`` counts it in process time;
``hard-plain@SECONDS`` likewise), ``habits:TEXT`` (a member of the searchable family,
``habits.py``), ``exploiter:NAME`` (one the league found and promoted), or ``module:Class`` for
anyone's own bot (a class taking a ``seed`` keyword, with ``name`` and ``choose``).

A ``module:Class`` bot runs inside the game's process, so it is trusted: it could reach the
true state through the interpreter. Untrusted bots are outside bots (``cmd:COMMAND``, see
``docs/bots.md``), which only the arena runs (``tools.bots``): they need processes, which the
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
          "hard-prior": _level("medium", "HardPriorAgent"),
          "greedy": _level("sparring", "Greedy"), "hoarder": _level("sparring", "Hoarder"),
          "meldnow": _level("population", "MeldNow"),
          "pilehungry": _level("population", "PileHungry"),
          "careful": _level("population", "Careful"),
          "sprinter": _level("population", "Sprinter"),
          "patient": _level("population", "Patient"),
          "family": _level("population", "Family")}


def _plain_hard(seed: int = 0):
    from .hard import HardAgent
    return HardAgent(seed, model=False)


LEVELS["hard-plain"] = _plain_hard


def _timed_hard(spec: str, seed: int):
    """``hard@SECONDS`` (a budget in wall time, as the table counts it) or ``hard@SECONDScpu``
    (in process time: a busy machine then does not weaken the level in a measurement);
    ``hard-plain@...`` the same without the opponent model."""
    import time

    from .hard import HardAgent
    text = spec.partition("@")[2]
    cpu = text.endswith("cpu")
    try:
        seconds = float(text[:-3] if cpu else text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise ValueError(f"{spec!r}: write hard@SECONDS or hard@SECONDScpu, e.g. hard@0.3")
    return HardAgent(seed, budget_seconds=seconds,
                     clock=time.process_time if cpu else time.perf_counter,
                     model=not spec.startswith("hard-plain@"))


def make_agent(spec: str, seed: int, think_seconds: float | None = None):
    """A fresh agent from its name or ``module:Class``; ValueError says what exists.
    ``think_seconds`` (the table's AI-speed setting) is the hard level's budget per decision
    (None: its default)."""
    if spec in ("hard", "hard-plain") and think_seconds is not None:
        spec = f"{spec}@{think_seconds}"
    if spec in LEVELS:
        return LEVELS[spec](seed=seed)
    if spec.startswith(("hard@", "hard-plain@")):
        return _timed_hard(spec, seed)
    if spec.startswith(("habits:", "exploiter:")):
        from .habits import agent_of
        return agent_of(spec, seed)
    if spec.startswith("cmd:"):
        raise ValueError(f"{spec!r} is an outside bot: those play in the arena "
                         "(python -m tools.arena), not in the game")
    module_name, colon, class_name = spec.partition(":")
    if not colon:
        raise ValueError(f"unknown agent {spec!r}; use one of {', '.join(LEVELS)} "
                         "or module:Class")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"cannot load agent {spec!r}: {e}") from None
    return cls(seed=seed)
