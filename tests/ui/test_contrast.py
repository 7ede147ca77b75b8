"""The contrast of every text and every edge the theme defines, in both looks, by the WCAG 2
formula (relative luminance of sRGB colours): text at least 7:1 on its background in high
contrast (4.5:1 in the usual look), and card faces, focus rings, selection, targets and team
marks at least 3:1 against what lies round them in high contrast. A translucent background
is laid over the felt's centre and its edge, and the worse of the two counts."""

import pytest

from game.ui import theme


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(colour) -> float:
    r, g, b = (_channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(colour, under):
    """``colour`` (alpha included, if any) laid over the opaque ``under``."""
    alpha = colour[3] / 255 if len(colour) > 3 else 1.0
    return tuple(round(c * alpha + u * (1 - alpha)) for c, u in zip(colour[:3], under[:3]))


def colours(look: theme.Look, name: str) -> list:
    value = getattr(look, name)
    return list(value) if name == "TEAMS" else [value]


def worst(look: theme.Look, fore: str, back: str) -> float:
    """The lowest contrast of ``fore`` on ``back`` (each team's colour, each felt under a
    translucent colour)."""
    felts = (look.FELT, look.FELT_EDGE)
    found = []
    for b in colours(look, back):
        grounds = [over(b, f) for f in felts] if len(b) > 3 else [b]
        for f in colours(look, fore):
            for ground in grounds:
                shown = [over(f, g) for g in felts] if len(f) > 3 else [f]
                found += [ratio(s, ground) for s in shown]
    return min(found)


def test_the_formula_gives_the_known_ratios():
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert ratio((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)


@pytest.mark.parametrize(("look", "least"), [(theme.HIGH_CONTRAST, 7.0), (theme.USUAL, 4.5)],
                         ids=["high-contrast", "usual"])
def test_every_text_stands_out_from_its_background(look, least):
    low = {f"{fore} on {back}": round(worst(look, fore, back), 2)
           for fore, back in theme.TEXT_ON if worst(look, fore, back) < least}
    assert not low, low


def test_in_high_contrast_every_edge_ring_and_mark_stands_out_three_to_one():
    low = {f"{fore} against {back}": round(worst(theme.HIGH_CONTRAST, fore, back), 2)
           for fore, back in theme.EDGES if worst(theme.HIGH_CONTRAST, fore, back) < 3.0}
    assert not low, low


def test_the_pairs_name_every_colour_text_is_drawn_in():
    """No text colour of the look is left out of the pairs tested (the edges' colours are
    not text)."""
    texts = {"INK", "INK_DIM", "PANEL_INK", "PANEL_DIM", "ACCENT_INK", "DANGER_INK",
             "SUIT_BLACK", "SUIT_RED", "SUIT_BLUE", "SUIT_GREEN"}
    assert texts <= {fore for fore, _ in theme.TEXT_ON}


def test_switching_the_look_switches_every_colour_of_the_theme():
    """Every colour of a look is a name of the theme, the usual look's by default, the high
    contrast one's while it is used (the scenes read ``theme.INK`` and the rest when they
    draw)."""
    from dataclasses import fields

    from game.services.settings import Settings

    names = [f.name for f in fields(theme.Look)]
    assert all(getattr(theme, n) == getattr(theme.USUAL, n) for n in names)
    with theme.using(Settings(high_contrast=True)):
        assert all(getattr(theme, n) == getattr(theme.HIGH_CONTRAST, n) for n in names)
    assert all(getattr(theme, n) == getattr(theme.USUAL, n) for n in names)
