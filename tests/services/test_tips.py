"""Tips when a rule bites: each of the five rules new players meet is recognised from the
refused move itself, says the rule in one line the first time, never again once seen (kept
in the saved settings), and not at all when tips are off."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules.actions import parse_action
from game.rules.deal import Deal
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import IllegalAction, Rule
from game.services import settings as settings_store
from game.services import tips
from game.services.settings import Settings

DIGITAL = preset("digital")


def at_meld(hand: str, melds=(), options=DIGITAL):
    """Seat 1 to meld with ``hand`` after drawing, having laid ``melds`` first."""
    cards = hand.split()
    deal = Deal.arranged(options, hands=(cards, "3C 4C 6D 7S 10C JH AC AD 5S 6C 8H 9D 9S".split()),
                         pile=["7D"], stock_top=["4D"])
    state = Setup(options, 2, 1, 0, deal).start()
    state.apply(parse_action("draw"))
    for m in melds:
        state.apply(parse_action(m))
    return state


CASES = [
    # (rule, hand, melds laid before, the refused move)
    (Rule.QUEEN_DISCARD, "QS 5H 6H 7H 8S", (), "discard QS"),
    (Rule.RUN_LENGTH, "5H 6H 7H 8H 9H KS", (), "run 5H 6H 7H 8H 9H"),
    (Rule.RUN_LENGTH, "5H 6H 7H 8H 9H KS", ("run 5H 6H 7H 8H",), "add 9H to 1"),
    (Rule.WILD_IN_NEW_RUN, "2C 5H 6H KS", (), "run 2C=4H 5H 6H"),
    (Rule.MELD_SLOTS, "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9C 9H 9D KS",
     ("set 3S 3H 3D", "set 4S 4H 4D", "set 5S 5H 5D", "set 6S 6H 6D", "set 7S 7H 7D",
      "set 8S 8H 8D"), "set 9C 9H 9D"),
]


@pytest.mark.parametrize("rule,hand,melds,move", CASES)
def test_each_rule_is_read_from_the_refused_move(rule, hand, melds, move):
    state = at_meld(hand, melds)
    action = parse_action(move)
    assert state.check(action) is not None
    assert state.rule_of(action) is rule
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.rule is rule


def test_a_refused_pile_take_is_the_pile_rule_and_other_refusals_are_no_rule():
    deal = Deal.arranged(DIGITAL, hands=("JS QS 5H 6H 7H".split(), "3C 4C 6D".split()),
                         pile=["10S"])
    state = Setup(DIGITAL, 2, 1, 0, deal).start()
    take = parse_action("take set JS QS 10S")  # the refusal in the issue: J♠ Q♠ on a 10♠
    assert state.rule_of(take) is Rule.PILE_TAKE
    assert state.rule_of(parse_action("draw")) is None  # legal
    state.apply(parse_action("draw"))
    assert state.rule_of(parse_action("draw")) is None  # refused, but by no rule of these
    assert state.rule_of(parse_action("run 5H 6H 7H")) is None  # legal
    assert state.rule_of(parse_action("run 5H 6H 8H")) is None  # just not a run


def test_rules_the_options_do_not_have_never_bite():
    classic = preset("classic")  # runs of any length, wilds in new runs, no meld limit
    state = at_meld("2C 5H 6H 7H 8H 9H KS", options=classic)
    assert state.check(parse_action("run 5H 6H 7H 8H 9H")) is None
    assert state.rule_of(parse_action("run 5H 6H 7H 8H 9H")) is None


@pytest.mark.parametrize("rule", list(Rule))
def test_the_first_refusal_says_the_rule_once_and_keeps_that_it_did(rule):
    reason = "Refused"
    text, after, offer_rules = tips.on_refusal(reason, rule, Settings(), DIGITAL)
    assert offer_rules
    if rule in tips.SAID_ALREADY:
        assert text == reason
    else:
        assert text == f"{reason}. {tips.line(rule, DIGITAL)}"
        assert text.count("Rule: ") == 1 and "\n" not in text
    assert after.tips_seen == (rule.value,)
    again = tips.on_refusal(reason, rule, after, DIGITAL)
    assert again == (reason, after, False)


def test_tips_off_say_nothing_more_and_on_again_show_each_once_more():
    off = tips.switched(Settings(), False)
    assert tips.on_refusal("No", Rule.QUEEN_DISCARD, off, DIGITAL) == ("No", off, False)
    seen = tips.shown(tips.shown(Settings(), Rule.MELD_SLOTS), Rule.QUEEN_DISCARD)
    assert seen.tips_seen == ("queen_discard", "meld_slots")  # in the rules' order
    assert tips.switched(seen, True).tips_seen == ()
    assert tips.on_refusal("No", None, Settings(), DIGITAL) == ("No", Settings(), False)


def test_the_tips_seen_are_kept_with_the_settings():
    kept = dataclasses.replace(tips.shown(Settings(), Rule.RUN_LENGTH), tips=True)
    assert settings_store.save(kept) is None
    loaded, message = settings_store.load()
    assert message is None and loaded.tips_seen == ("run_length",)
    assert not tips.due(Rule.RUN_LENGTH, loaded) and tips.due(Rule.PILE_TAKE, loaded)


def test_the_lines_follow_the_options():
    house = DIGITAL.with_changes(meld_slots=5)
    assert "at most 5 melds" in tips.line(Rule.MELD_SLOTS, house)
    assert "at most 4 cards" in tips.line(Rule.RUN_LENGTH, DIGITAL)
