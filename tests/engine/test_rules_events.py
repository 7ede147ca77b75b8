"""rules.md §1 and §3: every applied action reports the right events, a drawn card is hidden
from the other seats, and every refused action (including junk) leaves the state exactly as
it was, with a reason rather than a crash."""

import pytest
from positions import IllegalAction, cards, exact_position, play, position, refuse

from game.rules.actions import Act, Action, parse_action
from game.rules.cards import parse_card
from game.rules.events import Ev, Event


def kinds(events):
    return [e.kind for e in events]


def test_draw_reports_drew_and_hides_the_card_from_other_seats():
    s = position("5S 9H", "3C 4D", "6H 6D", pile="JC", stock="7C")
    events = play(s, "draw")
    assert kinds(events) == [Ev.DREW]
    e = events[0]
    assert e.seat == 0 and e.cards == tuple(cards("7C"))
    assert e.seen_by(0) == e
    assert e.seen_by(1).cards == () and e.seen_by(2).cards == ()
    assert e.seen_by(1).kind is Ev.DREW and e.seen_by(1).seat == 0


def test_other_events_are_seen_alike_by_every_seat():
    s = position("QH QD 7S 5C", "3C 4D", pile="8C QS")
    events = play(s, "take set QS QH QD")
    assert kinds(events) == [Ev.TOOK_PILE, Ev.MELDED]
    for e in events:
        assert e.seen_by(1) == e
    assert events[0].cards == tuple(cards("8C QS")) and events[0].meld == 0
    assert events[1].meld == 0 and sorted(events[1].cards) == sorted(cards("QS QH QD"))
    d = play(s, "discard 7S")[0]
    assert d.kind is Ev.DISCARDED and d.seen_by(1) == d and d.cards == tuple(cards("7S"))


def test_meld_add_discard_events():
    s = position("5S 6S 7S 8S 9H 9D 9C KD", "3C 4D", pile="JC", stock="2C")
    play(s, "draw")
    e = play(s, "run 5S 6S 7S")
    assert kinds(e) == [Ev.MELDED] and e[0].seat == 0 and e[0].meld == 0
    e = play(s, "set 9H 9D 9C")
    assert kinds(e) == [Ev.MELDED] and e[0].meld == 1
    e = play(s, "add 8S to 1")
    assert kinds(e) == [Ev.ADDED] and e[0].meld == 0 and e[0].cards == tuple(cards("8S"))
    e = play(s, "add 2C to 2")
    assert kinds(e) == [Ev.ADDED] and e[0].meld == 1
    e = play(s, "discard KD")
    assert kinds(e) == [Ev.DISCARDED, Ev.HAND_ENDED]


def test_reshuffle_event_then_drew():
    s = exact_position("KH 9D 5C", "", pile="4C 3D", stock="8H")
    play(s, "draw", "discard 8H")
    e = play(s, "draw")
    assert kinds(e) == [Ev.RESHUFFLED, Ev.DREW]
    assert e[1].seen_by(0).cards == () and e[0].seen_by(0) == e[0]


def test_hand_and_match_ended_events():
    s = position("7H 7D 9C", "3H", pile="JC", stock="7C")
    s.totals = [900, 0]
    e = play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert kinds(e) == [Ev.DISCARDED, Ev.HAND_ENDED, Ev.MATCH_ENDED]
    assert e[1].seat == 0 and e[1].scores == (115, -5)
    assert e[2].seat == 0 and e[2].scores == (1015, -5)
    assert all(isinstance(str(x), str) for x in e)


# ------------------------------------------------------------------ refusals of every kind

def _meld_phase():
    """Seat 1 has drawn and has a run down: every kind of action can be tried."""
    s = position("5S 6S 7S QS 9H 9D 2C", "3C 4D 8H", pile="JC", stock="KC")
    play(s, "draw", "run 5S 6S 7S")
    return s


@pytest.mark.parametrize("text,reason", [
    ("draw", "already drawn"),
    ("take set JC 9H 9D", "only instead of drawing"),
    ("set 9H 9D 9S", "do not hold the nine of spades"),
    ("set 9H 9D KC 2C", "one rank"),
    ("run 9H 10H JH", "do not hold"),
    ("run KC 9H 9D", "one suit"),
    ("add 9H to 1", "That run is in spades"),
    ("add 2C to 1", "Say which card"),
    ("add KC to 3", "no meld number 3"),
    ("discard QS", "queen of spades"),
    ("discard AH", "do not hold the ace of hearts"),
])
def test_refused_action_of_every_kind_leaves_the_state_unchanged(text, reason):
    refuse(_meld_phase(), text, reason)


@pytest.mark.parametrize("text,reason", [
    ("discard 9H", "Draw from the stock"),
    ("set 9H 9D 2C", "Draw from the stock"),
    ("run 5S 6S 7S", "Draw from the stock"),
    ("add 9H to 1", "Draw from the stock"),
    ("take set JC 9H 9D", "J♣, at once in a new set with exactly two cards from your hand: you "
                          "hold J♥ 2♣ for a set"),
    ("take set JC JH", "exactly two"),
])
def test_refused_action_in_the_draw_phase_leaves_the_state_unchanged(text, reason):
    s = position("5S 6S 7S QS 9H 9D 2C JH", "3C 4D 8H", pile="JC", stock="KC")
    refuse(s, text, reason)


JUNK = [
    "draw",
    None,
    ("draw",),
    42,
    Action(Act.SET, (999, 1000, 1001)),
    Action(Act.SET, (1, 2, 3)),
    Action(Act.SET, ("QS", "QH", "QD")),
    Action(Act.ADD, ("x",), 0),
    Action(Act.ADD, (parse_card("KC"),), "a"),
    Action(Act.ADD, (parse_card("2C"),), 0, 999),
    Action(Act.DISCARD, ()),
    Action(Act.DISCARD, tuple(cards("9H 9D"))),
    Action(Act.DISCARD, (-5,)),
    Action(Act.DRAW, None),
    Action(99),
    Action(Act.RUN, (parse_card("5S"),) * 3),
    Action(Act.SET, (True, True, True)),
]


@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:40] for j in JUNK])
def test_junk_input_is_refused_with_a_message_not_a_crash(junk):
    s = _meld_phase()
    before = s.snapshot()
    why = s.check(junk)
    assert isinstance(why, str) and why
    with pytest.raises(IllegalAction) as info:
        s.apply(junk)
    assert str(info.value)
    assert s.snapshot() == before


@pytest.mark.parametrize("text", ["jump", "", "take 5S 6S", "add 5S 1", "discard XX",
                                  "add 5S=6S to 1", "run 5S 2C=9S 7S", "set 2C=5S 5H 5D",
                                  "add 5S to 0"])
def test_unreadable_action_text_raises_a_readable_value_error(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_refusal_after_the_hand_is_over_leaves_the_state_unchanged():
    s = position("7H 7D 9C", "3C 4D 8H", pile="JC", stock="7C")
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    for text in ("draw", "discard 3C", "take set 9C 9H 9D", "set 3C 3D 3H", "add 7S to 1"):
        refuse(s, text, "hand is over")


def test_event_is_a_plain_value():
    e = Event(Ev.DREW, 0, (parse_card("5S"),))
    assert e.seen_by(1) == Event(Ev.DREW, 0, ())
