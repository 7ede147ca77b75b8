"""Words for a refused pile take: the pile rule of these options, and what the hand could do.

A player refused the pile learns little from why the chosen cards fail ("a set needs cards of
one rank"); they need the rule itself and the takes their own cards allow. Both are worded from
the options and from the legal takes, never from a preset's name, so a house rule reads right.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Act, Action
from .cards import JOKER, Card, card_symbol, is_wild
from .options import PileTake, RuleOptions

_SHOWN = 3
"""At most this many card combinations are named for each kind of take: a line, not a list."""


def _text(c: Card) -> str:
    return "joker" if c == JOKER else card_symbol(c)


def rule_line(top: Card, options: RuleOptions) -> str:
    """The pile rule in one sentence, for this top card."""
    rule, easy = options.pile_take, options.easy_pile
    exact = rule is PileTake.NEW_SET and not easy
    meld = "a new set" if exact else "a new set or run"
    places = [f"in {meld} with {'exactly two cards' if exact else 'cards'} from your hand"]
    if easy or rule is PileTake.USE_TOP:
        places.append("on one of your melds")
    if rule is PileTake.USE_TOP and options.jokers:
        places.append("in place of your joker")
    where = places[0] if len(places) == 1 else f"{', '.join(places[:-1])}, or {places[-1]}"
    card = "the joker" if top == JOKER else card_symbol(top)
    return f"To take the pile you must lay its top card, {card}, at once {where}"


def _combos(top: Card, takes: Iterable[Action]) -> str:
    """The cards from hand of each take, natural ones first, once each however many equal
    cards there are."""
    shown = []
    for a in takes:
        rest = list(a.cards)
        rest.remove(top)
        shown.append((sum(map(is_wild, rest)), " ".join(_text(c) for c in rest)))
    names = list(dict.fromkeys(text for _, text in sorted(shown, key=lambda w: w[0])))
    return " / ".join(names[:_SHOWN]) + (" / …" if len(names) > _SHOWN else "")


def _melds(takes: Iterable[Action]) -> str:
    numbers = list(dict.fromkeys(str(a.target + 1) for a in takes))
    return f"meld{'s' if len(numbers) > 1 else ''} {' or '.join(numbers)}"


def what_works(top: Card, takes: Iterable[Action]) -> str:
    """What the legal pile takes ``takes`` let the hand do, or that it can do none."""
    by_kind: dict[Act, list[Action]] = {}
    for a in takes:
        by_kind.setdefault(a.kind, []).append(a)
    held = [f"{_combos(top, by_kind[k])} for a {word}"
            for k, word in ((Act.TAKE_SET, "set"), (Act.TAKE_RUN, "run")) if k in by_kind]
    ways = [f"you hold {' or '.join(held)}"] if held else []
    if adds := by_kind.get(Act.TAKE_ADD):
        ways.append(f"it fits your {_melds(adds)}")
    if swaps := by_kind.get(Act.TAKE_SWAP):
        ways.append(f"it can replace the joker in your {_melds(swaps)}")
    if not ways:
        return "nothing in your hand can, so draw from the stock"
    return ", or ".join(ways)


def advice(top: Card, options: RuleOptions, takes: Iterable[Action]) -> str:
    """The rule and what would work, as one line: the refusal of any ill-formed pile take."""
    return f"{rule_line(top, options)}: {what_works(top, takes)}"
