"""The characters the shipped font subsets must hold: every label the images draw in every
language (:mod:`.labels`, the 何切 picture's and the replay caption's words too), every pattern
and modifier name in both scripts with its gloss, printable ASCII; and the tile faces.
``tests/render/make_font_subset.py`` cuts the fonts to these, and a test proves every
character the images can draw is in them. Above the modules whose words it gathers."""

from __future__ import annotations

from dataclasses import fields

from shangrao_bot.catalog.fields import term
from shangrao_bot.render.analysis import label_strings
from shangrao_bot.render.labels import (
    BAO,
    BAO_TRAD,
    FLOWN_TAG,
    FLOWN_TAG_TRAD,
    HONOR_FACES,
    LANGS,
    NUMERALS,
    WAN,
    Labels,
    gloss,
    labels_for,
    scorer_names,
)
from shangrao_bot.render.replay import caption_strings
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import HONOR_START


def tile_charset() -> str:
    """Characters the tile font must hold."""
    return "".join(sorted(set(NUMERALS + WAN + "".join(HONOR_FACES))))


_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
_EXTRA = "×→←·—−–…▲▼●○%+#：，。（）【】、" + BAO + BAO_TRAD + FLOWN_TAG + FLOWN_TAG_TRAD


def _label_strings(lb: Labels) -> list[str]:
    out: list[str] = []
    for f in fields(lb):
        value = getattr(lb, f.name)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            out.extend(v for v in value.values() if isinstance(v, str))
    return out


def ui_charset() -> str:
    """Characters the UI font must hold: every label in every language (the 何切 picture's
    and the replay caption's too), every pattern and modifier name in both scripts with its
    gloss, printable ASCII."""
    chars = set(_ASCII + _EXTRA)
    for lb in map(labels_for, LANGS):
        for s in _label_strings(lb):
            chars.update(s)
        chars.update("".join(tile_label(t, lb.lang) for t in range(HONOR_START + 7)))
    for name in scorer_names():
        chars.update(name + term(name, "zh-TW") + gloss(name))
    for s in [*label_strings(), *caption_strings()]:
        chars.update(s)
    chars.discard("\n")
    return "".join(sorted(chars))
