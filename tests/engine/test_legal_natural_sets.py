"""The new sets of a hand without wilds, listed from ``legal._SETS_OF`` (each rank's naturals
and the sets they make, made once), are the sets ``legal._sets_of_rank`` lists for the same
naturals with no wilds held, in the same order: the one rule for sets, met by both ways of
listing them, from empty and from warm memos alike."""

from hypothesis import given
from hypothesis import strategies as st
from strategies import prop_settings

from game.rules import legal
from game.rules.cards import ALL_CARDS, is_wild

NATURALS = [c for c in ALL_CARDS if not is_wild(c)]


@prop_settings(200)
@given(hand=st.lists(st.sampled_from(NATURALS), min_size=3, max_size=20).filter(
           lambda h: all(h.count(c) <= 2 for c in h)),
       longest=st.integers(3, 20), cold=st.booleans())
def test_natural_sets_are_the_sets_of_each_rank_without_wilds(hand, longest, cold):
    hand = sorted(hand)
    if cold:
        legal.clear_caches()
    ranks = legal._ranks_of(hand, 3)
    listed: list = []
    legal._natural_sets(hand, ranks, longest, listed)
    sizes = (3, 4) if longest >= 4 else (3,)
    expected = [a for group in legal._rank_groups(hand, ranks)
                for a in legal._sets_of_rank(group, 0, (), sizes, -1, 1)]
    assert listed == expected
    assert all(len(a.cards) <= longest for a in listed)
