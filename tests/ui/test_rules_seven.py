"""The Rules screen explains seven-hand Arlington as rules.md section 4 plays it: the offer
(asked from the left, taking is not a turn, known to all, out of play face down, the turn
passing on as before), no last discard offered, the joker swapped back known to all, the tie
rule, and with partnerships the partner asked like anyone, own melds only, team totals. None
of it appears for a game with a discard pile."""

from __future__ import annotations

from game.rules.options import PRESETS, SEVEN
from game.ui.scenes.rules_text import rules_text


def text_of(options) -> str:
    """The rules as written out, before the closing list of every option (whose labels and
    explanations are the engine's for every game)."""
    paras = rules_text(options)
    end = [p.text for p in paras].index("These rules, option by option")
    return " ".join(p.text for p in paras[:end])


def test_the_offer_and_the_end_of_a_hand_are_explained():
    text = text_of(SEVEN)
    assert "This is seven-hand Arlington" in text
    for said in ("starting on your left", "Taking it is not a turn",
                 "the taker still draws on their own turn",
                 "everyone knows the card is in their hand",
                 "out of play for the rest of the hand, set aside face down",
                 "the player on your left plays next", "a last discard is not offered",
                 "where everyone knows it is", "an exact tie goes to the lower-numbered seat.",
                 "the next seat the second hand", "The next match starts one seat further on."):
        assert said in text, said
    assert "partner" not in text


def test_partnerships_are_explained_when_chosen():
    text = text_of(SEVEN.with_changes(partnerships=True))
    for said in ("your partner is asked in turn like anyone else", "(nor to your partner's)",
                 "the final sheet shows the totals by team",
                 "the higher team total", "lower-numbered seat's team."):
        assert said in text, said


def test_none_of_it_for_a_game_with_a_pile():
    for name in ("digital", "classic", "book"):
        text = text_of(PRESETS[name])
        assert "seven-hand Arlington" not in text and "offered to the other players" not in text
        assert "not offered" not in text and "partner's" not in text
