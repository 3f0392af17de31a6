"""Tile art and fonts: every kind drawn, told apart, marked when it is a 宝."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from shangrao_bot.catalog import fields
from shangrao_bot.catalog.fields import term
from shangrao_bot.render import labels
from shangrao_bot.render.charset import tile_charset, ui_charset
from shangrao_bot.render.fonts import Face, font
from shangrao_bot.render.tiles import BACK, Look, badge_box, geometry, sprite
from shangrao_bot.rules import baike_preset, shangrao_preset
from shangrao_bot.rules.baike_preset import BAIKE_PATTERNS
from shangrao_bot.rules.shangrao_preset import SHANGRAO_MODIFIERS, SHANGRAO_PATTERNS
from tests.render.pixels import gold_share

KINDS = [*range(34), BACK]


@pytest.mark.parametrize("width", [24, 30, 36, 44, 60])
def test_sprite_size_and_mode(width: int) -> None:
    for kind in KINDS:
        s = sprite(Look(kind, width))
        assert s.mode == "RGBA"
        assert s.size == geometry(width).size
    side = sprite(Look(0, width, sideways=True))
    assert side.size == geometry(width, sideways=True).size
    assert side.width > side.height


def test_sprites_are_cached() -> None:
    assert sprite(Look(5, 44)) is sprite(Look(5, 44))


def _distance(a: Image.Image, b: Image.Image) -> float:
    return float(
        sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)
    )


@pytest.mark.parametrize("width", [24, 44])
def test_every_kind_looks_different(width: int) -> None:
    """Even the smallest tiles (the hand backs' size) are told apart by their pixels."""
    sprites = {k: sprite(Look(k, width)) for k in KINDS}
    for a, b in itertools.combinations(KINDS, 2):
        assert _distance(sprites[a], sprites[b]) > 2.0, (a, b)


def test_bao_badge_gold_only_on_bao_looks() -> None:
    for kind in KINDS:
        plain = Look(kind, 44)
        assert gold_share(sprite(plain), plain, (0, 0)) < 0.05, kind
        if kind != BACK:
            for look in (plain._replace(bao=True), plain._replace(acting=True)):
                assert gold_share(sprite(look), look, (0, 0)) > 0.25, look


def test_traditional_badge_only_where_there_is_script() -> None:
    """zh-TW images mark a 宝 with 寶 and a flown one with 飛; a plain tile is one sprite."""
    plain = Look(4, 44)
    assert sprite(plain._replace(trad=True)) is sprite(plain)
    for look in (
        Look(4, 44, bao=True),
        Look(13, 44, acting=True),
        Look(4, 44, bao=True, flown=True),
    ):
        trad = look._replace(trad=True)
        assert _distance(sprite(look), sprite(trad)) > 0.05, look
        assert gold_share(sprite(trad), trad, (0, 0)) > 0.25


def test_badge_inside_the_sprite() -> None:
    for width in (24, 44, 60):
        x0, y0, x1, y1 = badge_box(Look(0, width))
        w, h = geometry(width).size
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h


def _covers(face: Face, chars: str) -> list[str]:
    """Characters ``face`` lacks: they render exactly like the .notdef box."""
    f = font(face, 32)
    notdef = f.getmask("\ue000")
    missing = []
    for ch in chars:
        if ch == " ":
            continue
        m = f.getmask(ch)
        if m.size == notdef.size and bytes(m) == bytes(notdef):
            missing.append(ch)
    return missing


def test_shipped_fonts_hold_every_drawn_character() -> None:
    """Every label of every language, every pattern and modifier name of both presets (in both
    scripts), the tile faces."""
    assert _covers(Face.BOLD, ui_charset()) == []
    assert _covers(Face.REGULAR, ui_charset()) == []
    assert _covers(Face.TILE, tile_charset()) == []
    names = "".join(SHANGRAO_PATTERNS) + "".join(BAIKE_PATTERNS) + "".join(SHANGRAO_MODIFIERS)
    assert set(names.replace("/", "")) <= set(ui_charset())
    assert set(term(names, "zh-TW")) <= set(ui_charset())


def test_every_scorer_name_has_an_english_gloss() -> None:
    for name in labels.scorer_names():
        assert labels.gloss(name), name
    assert labels.gloss("碰碰胡宝吊头") == "all pongs, 宝 pair wait"
    assert fields.term("宝吊无宝", "zh-TW") == "寶吊無寶"


def test_composed_pattern_names_match_the_scorer() -> None:
    """Names the scorer builds in code (豪华七对, baike statuses) are in the label registry."""
    assert shangrao_preset.LUXURY[1:] == labels.LUXURY
    assert labels.BAIKE_STATUS == baike_preset.STATUS_NAMES


def test_fonts_are_small_and_licensed() -> None:
    from importlib import resources

    assets = resources.files("shangrao_bot.render") / "assets"
    total = sum(len((assets / f.value).read_bytes()) for f in Face)
    assert total < 1024 * 1024
    licence = (assets / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
