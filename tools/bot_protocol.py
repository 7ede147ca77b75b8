"""The messages of the outside-bot protocol (version 1), as plain JSON-able values.

An outside bot is a program that reads one JSON object a line on its standard input and answers
on its standard output (``docs/bots.md`` has every message and an example exchange). This
module only builds and reads those messages; ``tools.bots`` runs the processes. Everything a
message holds comes from the seat's ``View`` and the events that seat was shown, so a bot
learns exactly what a person in its seat would, and nothing of the true state.

Seats are numbered from 0 in messages (seat ``s`` is ``hand_counts[s]``), as in ``View``; meld
numbers in action texts count from 1, as everywhere in the game.
"""

from __future__ import annotations

import dataclasses
import json

from game.rules.actions import Action, parse_action, run_text
from game.rules.cards import card_text, cards_text
from game.rules.events import Event
from game.rules.melds import Meld, MeldKind
from game.rules.options import RuleOptions
from game.rules.state import Phase
from game.rules.view import View

PROTOCOL = 1
"""Version of the messages below; a bot's hello answer must name it."""

MAX_LINE = 65536
"""Longest answer line read from a bot, in bytes; a longer one is an unreadable answer."""
MAX_DEPTH = 8
"""Deepest nesting of arrays and objects read in a bot's JSON line (an answer needs 1): a
deeper one is unreadable, refused before the parser would recurse into it."""


def _cards(cards) -> list[str]:
    return [card_text(c) for c in cards]


def meld_json(meld: Meld) -> dict:
    """A meld: its kind, its cards in table order, and its text as in a ``run``/``set``
    action (a run's wilds are followed by ``=`` and the card they stand for)."""
    data = {"kind": meld.kind.name.lower(), "cards": _cards(meld.cards),
            "text": run_text(meld.cards) if meld.kind is MeldKind.RUN else cards_text(meld.cards)}
    if meld.kind is MeldKind.RUN:
        data["low"] = meld.rank
        data["suit"] = "SHDC"[meld.suit]
    return data


_FIELDS = {
    "options": None,  # sent once, in the hello
    "phase": lambda p: Phase(p).name.lower(),
    "hand": _cards,
    "pile": _cards,
    "out_of_play": _cards,
    "known": lambda per_seat: [_cards(k) for k in per_seat],
    "melds": lambda per_seat: [[meld_json(m) for m in melds] for melds in per_seat],
}
"""How a ``View`` field that is not a plain number (or tuple of numbers) is written."""


def _plain(value):
    if isinstance(value, bool | int | None):
        return value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    raise TypeError(f"a view field of type {type(value).__name__} has no JSON form")


def view_json(view: View) -> dict:
    """Every field of the view but its rule options, cards as their codes."""
    data = {}
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        if f.name not in _FIELDS:
            data[f.name] = _plain(value)
        elif (write := _FIELDS[f.name]) is not None:
            data[f.name] = write(value)
    return data


def hello(seat: int, players: int, options: RuleOptions, seed: int) -> dict:
    """The first message: who the bot plays, at which table, under which rules. ``seed`` is
    the bot's own seed (independent of the deal), for bots that want reproducible play."""
    return {"type": "hello", "protocol": PROTOCOL, "seat": seat, "players": players,
            "seed": seed, "options": options.to_json()}


def decide(number: int, view: View, legal: list[Action]) -> dict:
    """A decision: the seat's view and its legal actions as text; the bot answers one line."""
    return {"type": "decide", "id": number, "view": view_json(view),
            "legal": [str(a) for a in legal]}


def event(ev: Event) -> dict:
    """Something the seat saw happen (another seat's drawn card has no ``cards``)."""
    data = {"type": "event", "kind": ev.kind.name.lower(), "seat": ev.seat,
            "cards": _cards(ev.cards), "text": str(ev)}
    if ev.meld >= 0:
        data["meld"] = ev.meld
    if ev.scores:
        data["scores"] = list(ev.scores)
    return data


def refused(number: int, answer: str, reason: str, played: Action) -> dict:
    """The answer to decision ``number`` could not be played; ``played`` was played instead."""
    return {"type": "refused", "id": number, "answer": answer[:200], "reason": reason,
            "played": str(played)}


QUIT = {"type": "quit"}
"""The last message: the match is over (or the bot is being let go); exit now."""


def encode(message: dict) -> bytes:
    """One message as a line of UTF-8 JSON."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def _nesting(text: str) -> int:
    """How deep arrays and objects nest in JSON text (brackets inside strings not counted);
    one pass, no recursion, whatever the text holds."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def parse_line(line: str):
    """The JSON value of a bot's line; ValueError (in the bot author's words) when it is not
    JSON, is longer than ``MAX_LINE`` or nests deeper than ``MAX_DEPTH``."""
    if len(line) > MAX_LINE:
        raise ValueError(f"a line longer than {MAX_LINE} bytes")
    if _nesting(line) > MAX_DEPTH:
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(line)
    except ValueError:
        raise ValueError(f"unreadable JSON {line[:80]!r}") from None


def read_hello(line: str) -> str:
    """The bot's name from its hello answer; ValueError if it is not one for this version."""
    try:
        data = parse_line(line)
    except ValueError as e:
        raise ValueError(f"expected a hello object, got {line[:80]!r}: {e}") from None
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise ValueError(f"expected a hello object, got {line[:80]!r}")
    if data.get("protocol") != PROTOCOL:
        raise ValueError(f"bot speaks protocol {data.get('protocol')!r}, the game {PROTOCOL}")
    name = data.get("name", "")
    return name[:80] if isinstance(name, str) else ""


def read_answer(line: str) -> tuple[str, Action]:
    """The action text of an answer (the bare text, or ``{"action": text}``) and the action
    it names. ValueError says why the line is not an answer."""
    text = line.strip()
    if text.startswith("{"):
        data = parse_line(text)
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise ValueError("a JSON answer needs an \"action\" string")
        text = data["action"]
    if not text.isascii() or not text.isprintable():
        raise ValueError(f"an action is written in plain ASCII, not {text[:80]!r}")
    try:
        return text, parse_action(text)
    except ValueError as e:
        raise ValueError(str(e)[:200]) from None
