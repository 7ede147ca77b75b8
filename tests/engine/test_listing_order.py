"""The listing's exact output, pinned: what ``legal_actions()`` lists, action for action and in
order, at every position of seeded random play under each preset with two, four and eight
seats (where the preset allows them), has a fixed fingerprint. The AI's playouts, the bench's
same-run comparisons and every replay of a seeded random choice depend on that order, so a
change made only for speed must leave these fingerprints as they are; a change that means to
list something else updates them in the same commit and says why.

The fingerprints were taken from the listing before its memos were rekeyed for speed (classic
new runs with wilds, natural takes with wilds held); ``test_legal_memo`` holds warm memos to
cold ones, this holds today's listing to yesterday's."""

import hashlib
import random

import pytest

from game.rules.options import PRESETS
from game.rules.state import Phase, State

STEPS = 3000
"""Decisions of each play: a few hands at eight seats, dozens of listings with wilds."""

FINGERPRINTS = {
    # (preset, players, seed): the first 16 hex digits of the SHA-256 of every listing
    ("digital", 2, 1): "36f2759bfb416bf0",
    ("digital", 4, 1): "165735f57169e36c",
    ("digital", 8, 1): "9e867b86b7ff55fb",
    ("digital", 2, 2): "4149386d52855911",
    ("digital", 4, 2): "bc7ddb8af42436f2",
    ("digital", 8, 2): "60df13db320c9085",
    ("classic", 2, 1): "b8117e621ef90618",
    ("classic", 4, 1): "7e50f8e6179aa974",
    ("classic", 8, 1): "0243335746e46152",
    ("classic", 2, 2): "2040eed1c54af4fb",
    ("classic", 4, 2): "0129272f1f1c8cf5",
    ("classic", 8, 2): "ab709ceb6dad6093",
    ("book", 2, 1): "a393de79f7161544",
    ("book", 4, 1): "3c40b7649cc8864c",
    ("book", 2, 2): "4d80e8043c782bba",
    ("book", 4, 2): "7931a7d80ab31dc5",
    ("seven", 2, 1): "98925635be219840",
    ("seven", 4, 1): "ec1ea47a81faef4a",
    ("seven", 2, 2): "97ac0339a7e8f898",
    ("seven", 4, 2): "2c7c6092947017b0",
}


def fingerprint(preset: str, players: int, seed: int, steps: int = STEPS) -> str:
    """The fingerprint of the listings of ``steps`` decisions of seeded uniform random play
    (a new match, seeded from the same stream, whenever one ends)."""
    options = PRESETS[preset]
    rand = random.Random(seed)
    state = State(options, players, seed)
    digest = hashlib.sha256()
    for _ in range(steps):
        if state.phase is Phase.MATCH_OVER:
            state = State(options, players, rand.getrandbits(32))
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            continue
        listed = state.legal_actions()
        digest.update(repr([(int(a.kind), a.cards, a.target, a.stands) for a in listed])
                      .encode())
        state.apply(rand.choice(listed), trusted=True)
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(FINGERPRINTS))
def test_the_listing_lists_what_it_listed(key):
    assert fingerprint(*key) == FINGERPRINTS[key], (
        f"{key}: the listing changed (actions or their order) at some position of this play")
