"""Tips when a rule bites: the first time a player's move is refused by one of the rules new
players meet first, the refusal also says the rule itself, in one line.

A refusal comes tagged by the engine with the ``Rule`` it ran into (``IllegalAction.rule``,
``State.rule_of``); this module picks the tip's words from that tag and the match's options,
and keeps which tips were shown in the settings (``Settings.tips_seen``), so each shows once
and the player can switch them all off (``Settings.tips``). It is pure: the table shows the
line and offers the Rules screen beside it, and keeps the settings it is given back.
"""

from __future__ import annotations

import dataclasses

from ..rules.options import PileTake, RuleOptions
from ..rules.state import Rule
from .settings import Settings

SAID_ALREADY = frozenset({Rule.PILE_TAKE})
"""Rules whose refusal states the rule itself (the pile's names the rule and what your hand
can do): their tip adds only the Rules screen."""


def line(rule: Rule, options: RuleOptions) -> str:
    """The rule ``rule`` of these options in one line, as a player reads it."""
    if rule is Rule.PILE_TAKE:
        if options.pile_take is PileTake.NEW_SET and not options.easy_pile:
            return ("Rule: take the pile only to lay its top card at once in a new set with "
                    "exactly two cards of yours")
        return "Rule: take the pile only to use its top card at once in a meld"
    if rule is Rule.RUN_LENGTH:
        return f"Rule: a run holds at most {options.run_max} cards, in a row of one suit"
    if rule is Rule.WILD_IN_NEW_RUN:
        return ("Rule: a new run is laid with natural cards only; a wild may join it later, "
                "as one more card")
    if rule is Rule.QUEEN_DISCARD:
        return ("Rule: the Q♠ may be discarded only as your last card; meld it for 50, or "
                "it costs 100 when the hand ends")
    slots = options.meld_slots
    return f"Rule: at most {slots} melds each in a hand; add to the melds you have"


def due(rule: Rule | None, settings: Settings) -> bool:
    """Whether a refusal tagged ``rule`` gets its tip now: tips are on and this one is new."""
    return rule is not None and settings.tips and rule.value not in settings.tips_seen


def shown(settings: Settings, rule: Rule) -> Settings:
    """``settings`` once the tip of ``rule`` has been shown (kept, so it never shows again)."""
    if rule.value in settings.tips_seen:
        return settings
    seen = tuple(r.value for r in Rule if r.value in settings.tips_seen or r is rule)
    return dataclasses.replace(settings, tips_seen=seen)


def switched(settings: Settings, on: bool) -> Settings:
    """Tips switched on (every tip shows once more) or off."""
    return dataclasses.replace(settings, tips=on, tips_seen=() if on else settings.tips_seen)


def on_refusal(reason: str, rule: Rule | None, settings: Settings,
               options: RuleOptions) -> tuple[str, Settings, bool]:
    """What a refused move shows, and the settings to keep: the reason, and, the first time
    the rule bites, the rule's line after it (then the third value is True: offer Rules)."""
    if not due(rule, settings):
        return reason, settings, False
    assert rule is not None
    text = reason if rule in SAID_ALREADY else f"{reason}. {line(rule, options)}"
    return text, shown(settings, rule), True
