"""What the table shows in seven-hand Arlington (``game.ui.table.seven``), checked against the rules
and against what happened in play: the offer (which card, from whom, to whom now, who passed),
who must answer, the status strip, partners and their totals, and an answer in a few words."""

from __future__ import annotations

import pytest
from seven_positions import NAMES, Played, three_seats

from game.rules.actions import parse_action
from game.rules.events import Ev
from game.rules.options import DIGITAL
from game.rules.state import Phase, State
from game.ui.table import seven
from game.ui.table.seven import MarkAt

SCHEDULE = (100, 100, 100, 200, 300, 400, 500)
"""rules.md section 4: the going-out bonus of hands 1 to 7."""


def offer_history(events):
    """(discarder, seats that passed since) of the last discard, read from the events."""
    discarder, passed = -1, []
    for e in events:
        if e.kind is Ev.DISCARDED:
            discarder, passed = e.seat, []
        elif e.kind is Ev.PASSED and e.cards:
            passed.append(e.seat)
    return discarder, tuple(passed)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_offer_shown_is_the_discard_and_the_seats_asked(players, seed):
    game = Played(players, seed)
    checked = 0
    while checked < 12 and not game.state.over:
        st = game.state
        offer = seven.pending_offer(st.view(0))
        if st.phase is not Phase.DISCARD_OFFER:
            assert offer is None
            game.step()
            continue
        discarder, passed = offer_history(game.events)
        assert offer.card == [e for e in game.events if e.kind is Ev.DISCARDED][-1].cards[0]
        assert (offer.discarder, offer.passed, offer.asked) == (discarder, passed, st.turn)
        # asked from the discarder's left, each seat once, the discarder never
        order = [(discarder + i) % players for i in range(1, players)]
        assert order == [*offer.passed, offer.asked, *offer.waiting]
        for s in range(players):  # everyone sees the same offer; only the seat asked answers
            assert seven.pending_offer(st.view(s)) == offer
            assert seven.must_answer(st.view(s)) == (s == st.turn)
        assert offer.take in st.legal_actions() and offer.refuse in st.legal_actions()
        checked += 1
        game.step()
    assert checked == 12


def test_the_worked_example_in_words():
    """Seat 1 discards the 9♣, seat 2 passes, seat 3 (holding 9♠ 9♥) is asked and takes it."""
    s = three_seats()
    names = ("South", "West", "North")
    for text in ("draw", "discard 9C"):
        s.apply(parse_action(text))
    offer = seven.pending_offer(s.view(1))
    assert seven.offer_prompt(offer, names, viewer=1) == "South offers you the 9\u2663"
    assert seven.offer_prompt(offer, names, viewer=0) == "Your 9\u2663 is offered to West"
    assert seven.offer_prompt(offer, names, viewer=2) == "South's 9\u2663 is offered to West"
    assert seven.offer_prompt(offer, names, viewer=1, partner=0) == \
        "Your partner South offers you the 9\u2663"
    assert seven.offer_prompt(offer, names, viewer=1, partner=2) == \
        "South offers you the 9\u2663"
    assert seven.offer_passed(offer, names, 1) == ""
    assert seven.offer_note(offer, names, 1) == "If you pass, North is asked next"
    assert seven.offer_note(offer, names, 0) == "Waiting for West to take it or pass"
    [passed] = s.apply(parse_action("pass"))
    assert seven.decision_line(passed, names, viewer=0) == "West passed"
    offer = seven.pending_offer(s.view(2))
    assert (offer.discarder, offer.asked, offer.passed, offer.waiting) == (0, 2, (1,), ())
    assert seven.offer_prompt(offer, names, viewer=2) == "South offers you the 9\u2663"
    assert seven.offer_passed(offer, names, 2) == "West passed"
    assert seven.offer_passed(offer, names, 1) == "You passed"
    assert seven.offer_note(offer, names, 2) == \
        "If you pass, it is out of play for the rest of the hand"
    [took] = s.apply(offer.take)
    assert seven.decision_line(took, names, viewer=0) == "North took the 9\u2663"
    assert seven.decision_line(took, names, viewer=2) == "You took the 9\u2663"
    assert seven.pending_offer(s.view(2)) is None and not seven.must_answer(s.view(1))


def test_an_offer_refused_by_all_is_counted_out_of_play():
    s = three_seats()
    assert seven.status_text(s.view(0)) == "Hand 1 of 7 \u00b7 bonus 100 \u00b7 none out of play"
    lines = []
    for text in ("draw", "discard 9C", "pass", "pass"):
        lines += [seven.decision_line(e, NAMES) for e in s.apply(parse_action(text))]
    assert lines[-1] == "Nobody took it: the 9\u2663 is out of play"
    assert seven.status_parts(s.view(1))[2] == "1 card out of play"
    for text in ("draw", "discard 3D", "pass", "pass"):
        s.apply(parse_action(text))
    assert seven.status_parts(s.view(2))[2] == "2 cards out of play"
    assert all(seven.status_text(s.view(x)) == seven.status_text(s.view(0)) for x in range(3))


def test_the_strip_follows_the_hands_and_their_bonus_to_the_seventh():
    game = Played(3, 4)
    seen = {}
    while not game.state.over:
        st = game.state
        if st.phase in (Phase.DRAW, Phase.MELD, Phase.DISCARD_OFFER):
            hand, bonus, away = seven.status_parts(st.view(st.turn))
            seen[hand] = bonus
            gone = len(st.out_of_play)
            assert away == {0: "none out of play", 1: "1 card out of play"}.get(
                gone, f"{gone} cards out of play")
        game.step()
    assert seen == {f"Hand {k} of 7": f"bonus {SCHEDULE[k - 1]}" for k in range(1, 8)}


def test_a_match_without_a_hand_limit_counts_hands_alone():
    st = State(DIGITAL.with_changes(hand_limit=None), 2, 3)
    assert seven.status_parts(st.view(0))[:2] == ("Hand 1", "bonus 100")


def test_partners_and_their_combined_totals():
    game = Played(4, 2, partnerships=True)
    game.until(lambda st: len(st.hand_scores) >= 3)
    st = game.state
    assert all(t != 0 for t in st.totals)
    one, two = seven.teams(st.view(1), NAMES)
    assert (one.seats, one.name, one.label) == ((0, 2), "You & North", "Seats 1 & 3")
    assert (two.seats, two.name, two.label) == ((1, 3), "West & East", "Seats 2 & 4")
    assert one.total == st.totals[0] + st.totals[2]
    assert two.total == st.totals[1] + st.totals[3]
    assert [seven.partner_of(s, st.options, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [seven.partner_mark(s, 0, st.options, 4) for s in range(4)] == \
        ["", "team 2 & 4", "partner", "team 2 & 4"]
    assert [seven.partner_mark(s, 3, st.options, 4) for s in range(4)] == \
        ["team 1 & 3", "partner", "team 1 & 3", ""]
    game.until(lambda st: st.over)
    leader = seven.team_leader(st.view(0), NAMES)
    assert st.winner in leader.seats  # the engine's winner is in the team shown ahead
    assert leader.total == max(t.total for t in seven.teams(st.view(0), NAMES))


PILL, ROOM_NAME, WORD = 80, 40, 60
"""A pill 80 px wide with its gap, the initials 40 px, the word ``partner`` 60 px."""


@pytest.mark.parametrize(("mark", "room", "caption", "melds_line", "at"), [
    ("partner", 120, True, True, MarkAt.PILL),  # room for the pill and the initials
    ("partner", 119, True, True, MarkAt.CAPTION),  # a pixel short: the line under it
    ("partner", 119, False, True, MarkAt.HEADER),  # no such line: leading the name
    ("partner", 60, False, True, MarkAt.HEADER),  # the word alone fits
    ("partner", 59, False, True, MarkAt.MELDS),  # nor that: the melds' line
    ("partner", 59, False, False, MarkAt.NOWHERE),  # no melds' line (melds drawn, or none)
    ("team 2 & 4", 120, True, True, MarkAt.PILL),
    ("team 2 & 4", 119, True, True, MarkAt.NOWHERE),  # a rival's pill gives way
    ("team 2 & 4", 119, False, True, MarkAt.NOWHERE),
    ("", 500, True, True, MarkAt.NOWHERE),  # no partnerships
])
def test_the_partners_word_goes_where_the_panel_has_room_for_it(mark, room, caption,
                                                                melds_line, at):
    """The pill in the header where the name still shows beside it; else (your partner
    only) the caption line, else the header's name where the word fits there, else the
    melds' line, else nowhere."""
    assert seven.mark_at(mark, room, PILL, ROOM_NAME, WORD, caption, melds_line) is at


def test_without_partnerships_there_are_no_teams_and_no_marks():
    st = Played(4, 1).state
    assert seven.teams(st.view(0), NAMES) == () and seven.team_leader(st.view(0), NAMES) is None
    assert {seven.partner_mark(s, 0, st.options, 4) for s in range(4)} == {""}
    assert seven.partner_of(1, st.options, 4) is None


def test_other_events_say_nothing_in_the_decision_line():
    game = Played(3, 5)
    game.until(lambda st: len(st.hand_scores) >= 1)
    offers = {Ev.TOOK_OFFER, Ev.OUT_OF_PLAY}
    for e in game.events:
        line = seven.decision_line(e, NAMES)
        assert bool(line) == (e.kind in offers or (e.kind is Ev.PASSED and bool(e.cards)))
