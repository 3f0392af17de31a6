"""Rebuild the shipped font subsets (a developer tool; never imported by the bot).

Why: the images must render the same on every machine without system fonts, and the full Noto
CJK fonts are tens of megabytes. The subsets hold only the glyphs the images draw (see
``shangrao_bot/render/charset.py``), a few hundred kilobytes in all.

Source fonts: Debian's ``fonts-noto-cjk`` package (Noto Sans CJK and Noto Serif CJK, SIL Open
Font License 1.1, see ``shangrao_bot/render/assets/OFL.txt``). Steps, from the repository root::

    apt-get download fonts-noto-cjk fonts-noto-cjk-extra   # the .deb files, no install needed
    dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    dpkg-deb -x fonts-noto-cjk-extra_*.deb /tmp/noto
    pip install fonttools                                  # dev-time only
    python -m tests.render.make_font_subset /tmp/noto/usr/share/fonts/opentype/noto

Then run ``python -m tests.render.regenerate`` if the drawn text changed (golden images).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped,import-not-found,unused-ignore]
from fontTools.ttLib import TTCollection  # type: ignore[import-untyped,import-not-found,unused-ignore]

from shangrao_bot.render.charset import tile_charset, ui_charset

ASSETS = Path(__file__).resolve().parents[2] / "shangrao_bot" / "render" / "assets"

# (collection file, face name inside it, output file, characters)
FACES = (
    ("NotoSansCJK-Bold.ttc", "Noto Sans CJK SC Bold", "NotoSansCJKsc-Bold.subset.otf", "ui"),
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK SC", "NotoSansCJKsc-Regular.subset.otf", "ui"),
    (
        "NotoSerifCJK-Black.ttc",
        "Noto Serif CJK TC Black",
        "NotoSerifCJKtc-Black.subset.otf",
        "tile",
    ),
)


def _face(collection: Path, name: str) -> int:
    for i, font in enumerate(TTCollection(str(collection)).fonts):
        if font["name"].getDebugName(4) == name:
            return i
    raise SystemExit(f"{name!r} is not in {collection}")


def build(source_dir: Path) -> None:
    for ttc, name, out, which in FACES:
        chars = ui_charset() if which == "ui" else tile_charset()
        src = source_dir / ttc
        options = subset.Options()
        options.font_number = _face(src, name)
        options.layout_features = ["kern", "palt"]
        options.name_IDs = ["*"]  # keep the copyright and licence records
        options.notdef_outline = True
        options.hinting = False
        options.desubroutinize = False
        font = subset.load_font(str(src), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=chars)
        subsetter.subset(font)
        subset.save_font(font, str(ASSETS / out), options)
        size = (ASSETS / out).stat().st_size
        print(f"{out}: {len(chars)} characters, {size / 1024:.0f} KB")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    build(Path(sys.argv[1]))
