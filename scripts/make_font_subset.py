"""Make the small fonts the game ships in assets/fonts/ (a dev-time tool, never imported).

The game needs one text face that looks the same on the desktop and under pygbag (pygame's
default font differs there) and fits the 1 MB web archive. Inter (SIL OFL 1.1, Debian package
``fonts-inter``) is cut down to Latin-1, a little of Latin Extended-A, punctuation and the few
symbols the UI writes (minus, times, ellipsis, arrows, check mark), and its CFF outlines
converted to TrueType quadratics, which every FreeType build reads (the web runtime's
included). Digits stay proportional: they sit in labels ("13 cards", "+120") far more than in
columns, and Inter's tabular 1 leaves a gap there.

    apt-get install fonts-inter && pip install fonttools
    python scripts/make_font_subset.py            # writes assets/fonts/Arlington-*.ttf
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

SOURCE = Path("/usr/share/fonts/opentype/inter")
OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FACES = {"Regular": "Inter-Regular.otf", "Bold": "Inter-Bold.otf"}

CODEPOINTS = sorted(
    set(range(0x20, 0x7F))
    | set(range(0xA0, 0x100))
    | {0x0131, 0x0141, 0x0142, 0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017D, 0x017E}
    | {0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x2212}
    | {0x2190, 0x2191, 0x2192, 0x2193, 0x2713, 0x25B2, 0x25B6, 0x25BC, 0x25C0}
)
MAX_ERR = 1.0  # font units: the quadratic approximation error, invisible at UI sizes


def cff_to_glyf(font: TTFont) -> None:
    """Replace CFF outlines by TrueType ones (quadratic), so any FreeType build reads them."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def make(face: str, source: Path, out: Path) -> int:
    """Write one subset face; return its size in bytes."""
    font = TTFont(source, recalcTimestamp=False)  # same bytes on every run
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.hinting = False
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CODEPOINTS)
    subsetter.subset(font)
    cff_to_glyf(font)
    target = out / f"Arlington-{face}.ttf"
    font.save(target)
    return target.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="folder of Inter's .otf")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for face, name in FACES.items():
        size = make(face, args.source / name, args.out)
        print(f"Arlington-{face}.ttf  {size / 1024:.1f} KB  ({len(CODEPOINTS)} characters)")


if __name__ == "__main__":
    main()
