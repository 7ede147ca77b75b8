"""A searchable family of heuristic players: every member one set of population ``Habits``
(``population.py``), each habit a knob with a range, written as a stable text the arena can
seat (``habits:meld=out/least=4/margin=10/...``) and read back exactly.

The knobs: meld timing (``meld``: ``now``; ``out``, held until the hand can go out or waiting
gets dangerous; or a number, held while the hand holds more cards), the smallest meld worth
laying (``least``), pile appetite (``margin`` a take must clear, ``hungry`` pile size taken
regardless, ``cap`` on the cards a take may bring, ``wildcost`` of a 2 spent on it), wild use
(``wilds``: 2s stay out of new melds while the hand holds more cards), discard weights
(``penalty``, ``promise``, ``defence`` against the next seat, ``outs``: the unseen cards that
would complete a partial meld), going-out patience (``nerve``: a held hand melds once an
opponent holds this many cards or fewer) and the search for a way out (``search``).

Knobs are separated by ``/`` (the arena separates seats by commas). A member plays through the
ordinary agent protocol from its seat's view alone, like every population style.

``exploiter:NAME`` seats a member the league (``tools/league.py``) found beating the hard
level and promoted into ``exploiters.json`` beside this module: named sparring partners.
"""

from __future__ import annotations

import json
import random
import zlib
from dataclasses import dataclass, replace
from importlib import resources

from .population import Habits, Styled

PREFIX = "habits:"
EXPLOITER = "exploiter:"
SEPARATOR = "/"
EXPLOITERS_FILE = "exploiters.json"
"""The promoted exploiters, a file of this package (``exploiters_path``)."""


@dataclass(frozen=True)
class Knob:
    """One habit of the family: its key in the text, its ``Habits`` field and its range
    (``step``: the grid mutations and random members keep to, so their texts stay short)."""

    key: str
    field: str
    low: float
    high: float
    step: float
    whole: bool = False


MELD_TIMING = Knob("meld", "hold_until", 0, 20, 1, whole=True)
"""Meld timing, written ``now`` (no holding), ``out`` (hold with ``hold_until`` 0) or N."""
KNOBS = (
    MELD_TIMING,
    Knob("least", "meld_least", 0.0, 30.0, 0.5),
    Knob("margin", "take_margin", -10.0, 30.0, 0.5),
    Knob("hungry", "hungry_pile", 0, 8, 1, whole=True),
    Knob("cap", "pile_cap", 0, 8, 1, whole=True),
    Knob("wildcost", "wild_cost", 0.0, 30.0, 0.5),
    Knob("wilds", "spare_wilds", 0, 20, 1, whole=True),
    Knob("penalty", "penalty_weight", 0.0, 2.5, 0.05),
    Knob("promise", "promise_weight", 0.0, 2.5, 0.05),
    Knob("defence", "danger_weight", 0.0, 2.0, 0.05),
    Knob("nerve", "nerve", 1, 10, 1, whole=True),
    Knob("outs", "outs_weight", 0.0, 4.0, 0.05),
    Knob("search", "out_nodes", 5, 80, 1, whole=True),
)
"""Every knob, in the order the text writes them."""
BY_KEY = {k.key: k for k in KNOBS}


def _number(value: float, knob: Knob) -> str:
    if knob.whole or value == int(value):
        return str(int(value))
    return repr(float(value))


def text(h: Habits) -> str:
    """The member's stable text (without ``habits:``): every knob, in ``KNOBS`` order."""
    parts = []
    for knob in KNOBS:
        if knob is MELD_TIMING:
            word = "now" if not h.hold else "out" if h.hold_until == 0 else str(h.hold_until)
        else:
            word = _number(getattr(h, knob.field), knob)
        parts.append(f"{knob.key}={word}")
    return SEPARATOR.join(parts)


def spec(h: Habits) -> str:
    """The name the arena seats the member by."""
    return PREFIX + text(h)


def _value(knob: Knob, word: str):
    if knob is MELD_TIMING and word in ("now", "out"):
        return word
    try:
        value: float = int(word) if knob.whole else float(word)
    except ValueError:
        kind = "a whole number" if knob.whole else "a number"
        extra = ", now or out" if knob is MELD_TIMING else ""
        raise ValueError(f"{knob.key}={word!r}: write {kind}{extra}") from None
    if not knob.low <= value <= knob.high:
        raise ValueError(f"{knob.key}={word}: must be {knob.low:g} to {knob.high:g}")
    return value


def parse(words: str) -> Habits:
    """The member a text names (``text``'s form, ``habits:`` optional; knobs left out keep
    their default); ValueError says what is wrong."""
    if words.startswith(PREFIX):
        words = words[len(PREFIX):]
    changes: dict = {}
    seen = set()
    for part in filter(None, words.split(SEPARATOR)):
        key, eq, word = part.partition("=")
        knob = BY_KEY.get(key.strip())
        if not eq or knob is None:
            raise ValueError(f"{part!r}: write KNOB=VALUE with a knob of "
                             f"{', '.join(BY_KEY)}, separated by {SEPARATOR}")
        if knob.key in seen:
            raise ValueError(f"{knob.key} given twice")
        seen.add(knob.key)
        value = _value(knob, word.strip())
        if knob is MELD_TIMING:
            changes["hold"] = value != "now"
            changes["hold_until"] = value if isinstance(value, int) else 0
        else:
            changes[knob.field] = value
    return replace(Habits(), **changes)


def _on_grid(knob: Knob, value: float):
    value = min(knob.high, max(knob.low, round(value / knob.step) * knob.step))
    return int(round(value)) if knob.whole else round(value, 2)


def _timing(rand: random.Random) -> dict:
    """A meld timing drawn at random: now, out, or held while longer than 4 to 12 cards."""
    pick = rand.choice(("now", "out", "hand"))
    if pick == "now":
        return {"hold": False, "hold_until": 0}
    return {"hold": True, "hold_until": 0 if pick == "out" else rand.randint(4, 12)}


def random_member(rand: random.Random) -> Habits:
    """A member drawn uniformly from every knob's range (a fixed number of draws: a seeded
    ``rand`` names one member)."""
    changes = _timing(rand)
    for knob in KNOBS[1:]:
        changes[knob.field] = _on_grid(knob, rand.uniform(knob.low, knob.high))
    return replace(Habits(), **changes)


def mutate(h: Habits, rand: random.Random, knobs: int = 2) -> Habits:
    """A neighbour of ``h`` for the league's search: up to ``knobs`` knobs moved (a number by
    a Gaussian step of a sixth of its range, on the grid, clipped to the range; the timing
    redrawn), never ``h`` itself."""
    while True:
        changes: dict = {}
        for knob in rand.sample(KNOBS, knobs):
            if knob is MELD_TIMING:
                changes |= _timing(rand)
            else:
                old = getattr(h, knob.field)
                width = (knob.high - knob.low) / 6
                changes[knob.field] = _on_grid(knob, old + rand.gauss(0.0, width))
        child = replace(h, **changes)
        if child != h:
            return child


def name_of(h: Habits) -> str:
    """A short name for a member, the same wherever it is found: ``x`` and the eight hex
    digits of its text's CRC-32 (``zlib``, which the browser build has already)."""
    return f"x{zlib.crc32(text(h).encode()):08x}"


class HabitsAgent(Styled):
    """A member of the family at a seat."""

    def __init__(self, seed: int = 0, habits: Habits | None = None, name: str | None = None):
        super().__init__(seed)
        self.habits = Habits() if habits is None else habits
        self.name = name or spec(self.habits)


def exploiters_path():
    """Where the promoted exploiters are kept (a resource of this package)."""
    return resources.files(__package__) / EXPLOITERS_FILE


def read_exploiters(path=None) -> dict[str, Habits]:
    """The promoted exploiters by name (``path``: another file of the same form)."""
    source = exploiters_path() if path is None else path
    with source.open(encoding="utf-8") as f:
        data = json.load(f)
    return {entry["name"]: parse(entry["habits"]) for entry in data["exploiters"]}


def agent_of(name: str, seed: int = 0) -> HabitsAgent:
    """``habits:TEXT`` or ``exploiter:NAME`` as an agent; ValueError says what is wrong."""
    if name.startswith(EXPLOITER):
        wanted = name[len(EXPLOITER):]
        known = read_exploiters()
        if wanted not in known:
            listed = ", ".join(known) or "none yet (tools/league.py --promote adds them)"
            raise ValueError(f"no exploiter {wanted!r}; promoted: {listed}")
        return HabitsAgent(seed, known[wanted], name)
    if not name.startswith(PREFIX):
        raise ValueError(f"{name!r}: write {PREFIX}TEXT or {EXPLOITER}NAME")
    return HabitsAgent(seed, parse(name))
