"""Deal codes: every setup comes back from its code, codes stay short, a mistyped or made-up
code is refused with a message (never another exception), and the same code deals the same
cards."""

from __future__ import annotations

import enum
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.deal import Deal
from game.rules.options import BOOK, CLASSIC, DIGITAL, INFO, SEVEN, RuleOptions
from game.rules.save import Setup
from game.rules.seeds import SEEDS
from game.services import dealcode
from game.services.dealcode import ALPHABET, DealCodeError


def option_values(name):
    """Every value option ``name`` may take, from the options' own bounds."""
    default = RuleOptions._field_defaults[name]
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, enum.Enum):
        return st.sampled_from(type(default))
    if isinstance(default, tuple):
        return st.lists(st.integers(*INFO[name].bounds), min_size=1, max_size=8).map(tuple)
    values = st.integers(*INFO[name].bounds)
    return values | st.none() if dealcode._may_be_none(name) else values


@st.composite
def setups(draw):
    values = {name: draw(option_values(name)) for name in RuleOptions._fields}
    low, high = sorted((values["min_players"], values["max_players"]))
    if values["partnerships"]:  # partnerships are for four players
        low = high = 4
    if values["target"] is None and values["hand_limit"] is None:  # a match must end
        values["hand_limit"] = 100
    options = RuleOptions(**values | {"min_players": low, "max_players": high})
    options = draw(st.sampled_from([options, DIGITAL, CLASSIC, BOOK.with_changes(jokers=1),
                                    SEVEN, SEVEN.with_changes(partnerships=True,
                                                              min_players=4)]))
    players = draw(st.integers(options.min_players, options.max_players))
    first = draw(st.none() | st.integers(0, players - 1))
    seed = draw(st.sampled_from([0, 1, SEEDS[-1]]) | st.integers(0, SEEDS[-1]))
    return Setup(options, players, seed, first)


@settings(max_examples=300, deadline=None)
@given(setups())
def test_every_setup_comes_back_from_its_code(setup):
    code = dealcode.encode(setup)
    assert set(code) <= set(ALPHABET + "-")
    assert len(code.replace("-", "")) <= dealcode.MAX_LETTERS  # the cap refuses no code
    assert dealcode.decode(code) == setup
    assert dealcode.decode(code.lower().replace("-", " ")) == setup  # however it is typed


@pytest.mark.parametrize("letters", [dealcode.MAX_LETTERS + 1, 5_000, 100_000])
def test_a_text_longer_than_any_code_is_refused_unread(letters):
    # The cap is what keeps the work bounded: the base-32 reading grows faster than its input
    # (100,000 letters took 24 s), so nothing longer than a code may reach it.
    with pytest.raises(DealCodeError, match=f"too long for a deal code \\({letters} letters; "
                                            f"a code has at most {dealcode.MAX_LETTERS}\\)"):
        dealcode.decode("7" * letters)


def test_codes_of_ordinary_matches_are_short():
    for options in (DIGITAL, CLASSIC, BOOK):
        code = dealcode.encode(Setup(options, 4, 3_999_999_999))
        assert len(code.replace("-", "")) <= 16, code


def test_the_same_code_deals_the_same_cards():
    setup = Setup(CLASSIC, 5, 987654321, 2)
    other = dealcode.decode(dealcode.encode(setup))
    assert other.start().snapshot() == setup.start().snapshot()
    assert Deal.shuffled(other.options, 5, other.seed, 3) == Deal.shuffled(CLASSIC, 5,
                                                                            987654321, 3)


def test_confusable_letters_read_as_digits():
    code = dealcode.encode(Setup(DIGITAL, 2, 1010))
    typed = code.replace("0", "O").replace("1", "l")
    assert dealcode.decode(typed) == dealcode.decode(code)


CODES = [dealcode.encode(s) for s in (Setup(DIGITAL, 2, 12345), Setup(BOOK, 3, 7, 1),
                                      Setup(CLASSIC.with_changes(target=500), 8, 2**40))]


@pytest.mark.parametrize("code", CODES)
def test_every_single_typo_is_refused(code):
    letters = code.replace("-", "")
    for i in range(len(letters)):
        for other in ALPHABET:
            if other != letters[i]:
                with pytest.raises(DealCodeError):
                    dealcode.decode(letters[:i] + other + letters[i + 1:])
        if i + 1 < len(letters) and letters[i] != letters[i + 1]:
            swapped = letters[:i] + letters[i + 1] + letters[i] + letters[i + 2:]
            with pytest.raises(DealCodeError):
                dealcode.decode(swapped)
    for cut in range(1, len(letters)):
        with pytest.raises(DealCodeError):
            dealcode.decode(letters[:cut])


_GOOD = dealcode.encode(Setup(DIGITAL, 2, 12345))
CODE_TYPO = _GOOD[:-1] + ("0" if _GOOD[-1] != "0" else "1")


@pytest.mark.parametrize("text,reason", [
    ("", "type a deal code"), ("   ", "type a deal code"), ("HELLO-WORLD!", "not one of them"),
    ("ÄÖÜ", "not one of them"), ("00", "too short"), (CODE_TYPO, "mistyped"),
])
def test_bad_codes_are_refused_with_a_message(text, reason):
    with pytest.raises(DealCodeError, match=reason):
        dealcode.decode(text)


def test_an_arranged_deal_has_no_code():
    deal = Deal.shuffled(DIGITAL, 2, 1, 0)
    with pytest.raises(ValueError):
        dealcode.encode(Setup(DIGITAL, 2, 1, 0, deal))


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET + "-oil ", max_size=40) | st.text(max_size=20))
def test_any_text_is_a_setup_or_refused(text):
    try:
        setup = dealcode.decode(text)
    except DealCodeError as e:
        assert str(e)
        return
    setup.start()
    assert dealcode.decode(dealcode.encode(setup)) == setup


def raw_code(seed: int) -> str:
    """A well-formed code of two players under the digital rules with any ``seed``, made byte
    by byte as an earlier version's encoder (or a made-up code) would have it."""
    body = bytes([dealcode.FORMAT << 3]) + b"".join(
        map(dealcode._varint, [0, 0, dealcode._zigzag(seed)]))
    text = dealcode._base32(body + zlib.crc32(body).to_bytes(4, "big")[:2])
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def test_the_codes_earlier_versions_printed_are_the_seeds_outside_the_range():
    assert raw_code(-5) == "1000-02CX-5G" and raw_code(-1) == "1000-00CK-YW"
    assert raw_code(12345) == dealcode.encode(Setup(DIGITAL, 2, 12345))  # one format


@pytest.mark.parametrize("seed", [-1, -5, -(2**63), 2**63, 2**70, 2**75])
def test_a_code_whose_seed_is_outside_the_range_is_refused_with_a_message(seed):
    with pytest.raises(DealCodeError, match="^this deal code's seed is outside the seeds a "
                                            "game is dealt from$"):
        dealcode.decode(raw_code(seed))


def test_a_match_with_an_earlier_versions_seed_has_no_code():
    with pytest.raises(ValueError, match="no deal code"):
        dealcode.encode(Setup(DIGITAL, 2, 0, earlier_seed=-5))
