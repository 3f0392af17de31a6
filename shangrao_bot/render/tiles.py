"""Tile art: the 34 kinds and the back, drawn once per size and look, then cached.

Every image is composed by pasting these sprites, which is what keeps a board under a few tens
of milliseconds. Faces are drawn at 4× and scaled down (Pillow's shape drawing has no
anti-aliasing), in the traditional layouts: dots as ringed circles, bamboo as jointed sticks
(1s a bird), characters as a numeral over a red 萬, winds black, 中 red, 發 green, 白 a blue
frame. A 宝 carries a gold ring and a gold corner badge on every image (:class:`Look`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFilter

from shangrao_bot.render import palette as pal
from shangrao_bot.render.fonts import Face, font
from shangrao_bot.render.labels import (
    BAO,
    BAO_TRAD,
    FLOWN_TAG,
    FLOWN_TAG_TRAD,
    HONOR_FACES,
    NUMERALS,
    WAN,
)
from shangrao_bot.rules.tiles import HONOR_START, rank_of, suit_of

SS = 4  # supersampling factor
BACK = -1  # the kind of a face-down tile

RGB = pal.RGB
Box = tuple[float, float, float, float]


class Look(NamedTuple):
    """Everything that changes a sprite's pixels (the sprite cache key).

    ``bao``: a 宝 tile (gold ring and badge). ``acting``: an acting 宝 drawn as the kind it
    stood for (gold-tinted face, badge). ``dim``: a discard claimed by another seat.
    ``flown``: a discarded 宝 (飞宝) tag. ``sideways``: lying on its side (a claimed tile in a
    meld). ``last``: the discard that may still be claimed (an orange ring). ``trad``: the
    badge and the 飞宝 tag in traditional script (寶, 飛) for zh-TW images.
    """

    kind: int
    width: int
    bao: bool = False
    acting: bool = False
    dim: bool = False
    flown: bool = False
    sideways: bool = False
    last: bool = False
    trad: bool = False


class Geometry(NamedTuple):
    """Pixel sizes of one tile width: a margin on top (room for the 宝 badge, which straddles
    the face's corner like an app badge), the face, the visible thickness below it, the shadow.
    Every sprite of a width has the same geometry, badge or not, so layouts never shift."""

    face_w: int
    face_h: int
    depth: int
    pad: int
    top: int

    @property
    def size(self) -> tuple[int, int]:
        """The sprite's size (badge margin, face, thickness and shadow)."""
        return self.face_w + self.pad, self.top + self.face_h + self.depth + self.pad

    @property
    def face_box(self) -> tuple[int, int, int, int]:
        """The face inside the sprite (x0, y0, x1, y1)."""
        return 0, self.top, self.face_w, self.top + self.face_h


@lru_cache(maxsize=256)
def geometry(width: int, sideways: bool = False) -> Geometry:
    face_h = round(width * 1.34)
    depth = max(2, round(width * 0.13))
    pad = max(1, round(width * 0.06))
    top = max(2, round(width * 0.13))
    if sideways:
        return Geometry(face_h, width, depth, pad, top)
    return Geometry(width, face_h, depth, pad, top)


def badge_box(look: Look) -> tuple[int, int, int, int]:
    """Where the gold 宝 badge sits in a sprite (x0, y0, x1, y1): tests look for it here."""
    g = geometry(look.width, look.sideways)
    d = round(look.width * 0.44)
    x1 = g.face_w + g.pad
    return x1 - d, 0, x1, d


# --- small drawing helpers (supersampled coordinates) -------------------------------------------


def _rounded(draw: ImageDraw.ImageDraw, box: Box, r: float, fill: RGB | tuple[int, ...]) -> None:
    draw.rounded_rectangle(box, radius=r, fill=fill)


def _glyph(
    layer: Image.Image, ch: str, face: Face, size: int, centre: tuple[float, float], fill: RGB
) -> None:
    """Draw one glyph centred on its ink (not its advance box), so tiles look balanced."""
    f = font(face, size)
    x0, y0, x1, y1 = f.getbbox(ch)
    cx, cy = centre
    ImageDraw.Draw(layer).text((cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), ch, font=f, fill=fill)


def _dot(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """A traditional dot: coloured ring, ivory ring, coloured centre with a spark."""
    dark = tuple(max(0, c - 50) for c in colour)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dark)
    r1 = r * 0.9
    draw.ellipse((cx - r1, cy - r1, cx + r1, cy + r1), fill=colour)
    r2 = r * 0.64
    draw.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=pal.IVORY)
    r3 = r * 0.46
    draw.ellipse((cx - r3, cy - r3, cx + r3, cy + r3), fill=colour)
    r4 = r * 0.14
    draw.ellipse((cx - r4, cy - r4, cx + r4, cy + r4), fill=pal.IVORY)


def _big_dot(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """1p: a large flower of rings with petals."""
    for i in range(8):
        a = i * math.pi / 4
        px, py = cx + math.cos(a) * r * 0.78, cy + math.sin(a) * r * 0.78
        pr = r * 0.2
        draw.ellipse((px - pr, py - pr, px + pr, py + pr), fill=pal.GREEN if i % 2 else pal.BLUE)
    for rr, colour in (
        (0.62, pal.BLUE),
        (0.55, pal.IVORY),
        (0.46, pal.GREEN),
        (0.36, pal.IVORY),
        (0.28, pal.RED),
        (0.1, pal.IVORY),
    ):
        q = r * rr
        draw.ellipse((cx - q, cy - q, cx + q, cy + q), fill=colour)


def _stick(
    layer: Image.Image, cx: float, cy: float, length: float, width: float, colour: RGB, angle: float
) -> None:
    """A bamboo stick with three joints; ``angle`` in degrees (8s leans its inner sticks)."""
    w, h = int(width * 2.2), int(length * 1.2)
    stick = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(stick)
    x0, x1 = (w - width) / 2, (w + width) / 2
    y0, y1 = (h - length) / 2, (h + length) / 2
    dark = (*tuple(max(0, c - 60) for c in colour), 255)
    light = (*tuple(min(255, c + 70) for c in colour), 255)
    d.rounded_rectangle((x0, y0, x1, y1), radius=width * 0.45, fill=dark)
    inset = width * 0.16
    d.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        radius=width * 0.35,
        fill=(*colour, 255),
    )
    d.rectangle(
        (x0 + width * 0.3, y0 + width * 0.6, x0 + width * 0.45, y1 - width * 0.6), fill=light
    )
    for jy in (y0 + width * 0.2, (y0 + y1) / 2, y1 - width * 0.2):
        d.rounded_rectangle(
            (x0 - width * 0.12, jy - width * 0.16, x1 + width * 0.12, jy + width * 0.16),
            radius=width * 0.12,
            fill=dark,
        )
    if angle:
        stick = stick.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    layer.alpha_composite(stick, (int(cx - stick.width / 2), int(cy - stick.height / 2)))


def _bird(layer: Image.Image, box: Box) -> None:
    """1s: a small peacock standing on a branch, drawn from ellipses and polygons."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = ImageDraw.Draw(layer)

    def p(x: float, y: float) -> tuple[float, float]:
        return x0 + x * w, y0 + y * h

    # tail feathers fanning down to the left, each with an eye
    for i, (ang, colour) in enumerate(
        ((200, pal.BLUE), (215, pal.GREEN), (230, pal.BLUE), (245, pal.GREEN), (260, pal.RED))
    ):
        a = math.radians(ang)
        tx, ty = p(0.5 + math.cos(a) * 0.42, 0.55 - math.sin(a) * 0.42)
        bx, by = p(0.5, 0.55)
        feather = [(bx, by), p(0.5 + math.cos(a - 0.16) * 0.3, 0.55 - math.sin(a - 0.16) * 0.3)]
        feather += [(tx, ty), p(0.5 + math.cos(a + 0.16) * 0.3, 0.55 - math.sin(a + 0.16) * 0.3)]
        d.polygon(feather, fill=colour)
        er = w * 0.055
        ex, ey = p(0.5 + math.cos(a) * 0.36, 0.55 - math.sin(a) * 0.36)
        d.ellipse((ex - er, ey - er, ex + er, ey + er), fill=pal.GOLD if i % 2 else pal.RED)
    # branch and legs
    d.line([p(0.18, 0.93), p(0.92, 0.84)], fill=(120, 80, 40), width=int(w * 0.06))
    for lx in (0.52, 0.62):
        d.line([p(lx, 0.7), p(lx - 0.03, 0.88)], fill=(150, 90, 30), width=int(w * 0.035))
    # body, wing, neck and head
    d.ellipse((*p(0.36, 0.42), *p(0.8, 0.75)), fill=pal.GREEN)
    d.ellipse((*p(0.44, 0.48), *p(0.74, 0.68)), fill=(14, 84, 44))
    d.polygon([p(0.62, 0.48), p(0.74, 0.22), p(0.84, 0.26), p(0.78, 0.52)], fill=pal.BLUE)
    d.ellipse((*p(0.68, 0.12), *p(0.92, 0.32)), fill=pal.BLUE)
    d.polygon([p(0.9, 0.2), p(1.0, 0.25), p(0.9, 0.27)], fill=pal.GOLD_DARK)
    er = w * 0.035
    ex, ey = p(0.82, 0.2)
    d.ellipse((ex - er, ey - er, ex + er, ey + er), fill=pal.IVORY)
    for cx in (0.74, 0.79, 0.84):
        d.line([p(cx, 0.13), p(cx - 0.02, 0.03)], fill=pal.RED, width=int(w * 0.03))
        cr = w * 0.03
        tx, ty = p(cx - 0.02, 0.03)
        d.ellipse((tx - cr, ty - cr, tx + cr, ty + cr), fill=pal.RED)


# --- faces -------------------------------------------------------------------------------------

# dot layouts: (x, y, colour) in the content box (0..1 each way), radius in box widths
_B, _G, _R = pal.BLUE, pal.GREEN, pal.RED
_DOTS: dict[int, tuple[float, tuple[tuple[float, float, RGB], ...]]] = {
    2: (0.25, ((0.5, 0.25, _G), (0.5, 0.75, _B))),
    3: (0.2, ((0.21, 0.16, _B), (0.5, 0.5, _R), (0.79, 0.84, _G))),
    4: (0.22, ((0.27, 0.25, _B), (0.73, 0.25, _G), (0.27, 0.75, _G), (0.73, 0.75, _B))),
    5: (
        0.2,
        ((0.24, 0.17, _B), (0.76, 0.17, _G), (0.5, 0.5, _R), (0.24, 0.83, _G), (0.76, 0.83, _B)),
    ),
    6: (
        0.19,
        (
            (0.27, 0.15, _G),
            (0.73, 0.15, _G),
            (0.27, 0.55, _R),
            (0.73, 0.55, _R),
            (0.27, 0.85, _R),
            (0.73, 0.85, _R),
        ),
    ),
    7: (
        0.16,
        (
            (0.2, 0.1, _G),
            (0.5, 0.22, _G),
            (0.8, 0.34, _G),
            (0.28, 0.62, _R),
            (0.72, 0.62, _R),
            (0.28, 0.89, _R),
            (0.72, 0.89, _R),
        ),
    ),
    8: (0.16, tuple((x, y, _B) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.28, 0.72))),
    9: (
        0.16,
        tuple((x, y, c) for y, c in ((0.13, _B), (0.5, _R), (0.87, _G)) for x in (0.18, 0.5, 0.82)),
    ),
}

# bamboo layouts: (x, y, colour, angle) in the content box, stick length in box heights
_BAMBOO: dict[int, tuple[float, tuple[tuple[float, float, RGB, float], ...]]] = {
    2: (0.4, ((0.5, 0.26, _B, 0), (0.5, 0.74, _G, 0))),
    3: (0.4, ((0.5, 0.26, _B, 0), (0.28, 0.74, _G, 0), (0.72, 0.74, _G, 0))),
    4: (0.4, ((0.28, 0.26, _B, 0), (0.72, 0.26, _G, 0), (0.28, 0.74, _G, 0), (0.72, 0.74, _B, 0))),
    5: (
        0.36,
        (
            (0.2, 0.24, _G, 0),
            (0.8, 0.24, _B, 0),
            (0.5, 0.5, _R, 0),
            (0.2, 0.76, _B, 0),
            (0.8, 0.76, _G, 0),
        ),
    ),
    6: (0.4, tuple((x, y, c, 0) for y, c in ((0.26, _G), (0.74, _B)) for x in (0.2, 0.5, 0.8))),
    7: (
        0.28,
        ((0.5, 0.16, _R, 0), *tuple((x, y, _G, 0) for y in (0.5, 0.84) for x in (0.2, 0.5, 0.8))),
    ),
    8: (
        0.4,
        (
            (0.1, 0.26, _G, 0),
            (0.38, 0.26, _G, -14),
            (0.62, 0.26, _G, 14),
            (0.9, 0.26, _G, 0),
            (0.1, 0.74, _B, 0),
            (0.38, 0.74, _B, 14),
            (0.62, 0.74, _B, -14),
            (0.9, 0.74, _B, 0),
        ),
    ),
    9: (
        0.28,
        tuple(
            (x, y, _R if x == 0.5 else (_G if y != 0.5 else _B), 0)
            for y in (0.16, 0.5, 0.84)
            for x in (0.2, 0.5, 0.8)
        ),
    ),
}


def _draw_face(layer: Image.Image, kind: int) -> None:
    """The art of ``kind`` on a transparent face-sized layer (supersampled)."""
    w, h = layer.size
    mx, my = w * 0.1, h * 0.08
    box: Box = (mx, my, w - mx, h - my)
    bw, bh = box[2] - box[0], box[3] - box[1]
    draw = ImageDraw.Draw(layer)
    suit, rank = suit_of(kind), rank_of(kind)
    if suit == 0:  # characters: numeral over 萬
        _glyph(layer, NUMERALS[rank - 1], Face.TILE, int(w * 0.6), (w / 2, h * 0.3), pal.BLACK)
        _glyph(layer, WAN, Face.TILE, int(w * 0.64), (w / 2, h * 0.7), pal.RED)
    elif suit == 1:  # dots
        if rank == 1:
            _big_dot(draw, w / 2, h / 2, bw * 0.5)
        else:
            r, spots = _DOTS[rank]
            for x, y, colour in spots:
                _dot(draw, box[0] + x * bw, box[1] + y * bh, r * bw, colour)
    elif suit == 2:  # bamboo
        if rank == 1:
            _bird(layer, box)
        else:
            length, sticks = _BAMBOO[rank]
            for x, y, colour, angle in sticks:
                cx, cy = box[0] + x * bw, box[1] + y * bh
                width = bw * (0.14 if rank == 8 else 0.17)
                _stick(layer, cx, cy, length * bh, width, colour, angle)
    else:
        glyph = HONOR_FACES[kind - HONOR_START]
        if kind - HONOR_START == 4:  # 白: a blue frame
            fx, fy = w * 0.2, h * 0.17
            for inset, width in ((0, 0.07), (0.11, 0.035)):
                ix, iy = fx + w * inset, fy + w * inset
                draw.rounded_rectangle(
                    (ix, iy, w - ix, h - iy),
                    radius=w * 0.05,
                    outline=pal.BLUE,
                    width=int(w * width),
                )
        else:
            colour = {5: pal.GREEN, 6: pal.RED}.get(kind - HONOR_START, pal.BLACK)
            _glyph(layer, glyph, Face.TILE, int(w * 0.78), (w / 2, h / 2), colour)


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    col = Image.new("RGB", (1, 2))
    col.putpixel((0, 0), top)
    col.putpixel((0, 1), bottom)
    return col.resize(size, Image.Resampling.BILINEAR)


@lru_cache(maxsize=64)
def _tile_base(g: Geometry, face_top: RGB, face_bottom: RGB, body: RGB, back: RGB) -> Image.Image:
    """Shadow, thickness (body over back colour) and face, supersampled; the face has a bevel.
    The same for every kind of a width and look (cached: callers draw on a copy); its blurred
    shadow was the largest part of drawing a sprite."""
    fw, fh, depth, pad, top = (v * SS for v in g)
    r = min(fw, fh) * 0.12
    img = Image.new("RGBA", (fw + pad, top + fh + depth + pad), (0, 0, 0, 0))
    shadow = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (pad * 0.6, top + pad * 0.9, fw + pad * 0.6, top + fh + depth + pad * 0.9),
        radius=r,
        fill=(0, 0, 0, 90),
    )
    img = Image.alpha_composite(img, shadow.filter(ImageFilter.GaussianBlur(pad * 0.35)))
    d = ImageDraw.Draw(img)
    _rounded(d, (0, top, fw - 1, top + fh + depth - 1), r, back)
    _rounded(d, (0, top, fw - 1, top + fh + depth * 0.45), r, body)
    edge = tuple(max(0, c - 40) for c in face_bottom)
    _rounded(d, (0, top, fw - 1, top + fh - 1), r, edge)
    grad = _gradient((fw, fh), face_top, face_bottom)
    mask = Image.new("L", (fw, fh), 0)
    lw = max(SS, int(fw * 0.03))
    ImageDraw.Draw(mask).rounded_rectangle(
        (lw, lw, fw - 1 - lw, fh - 1 - lw), radius=r * 0.85, fill=255
    )
    img.paste(grad, (0, top), mask)
    hl = (*tuple(min(255, c + 12) for c in face_top), 255)
    ImageDraw.Draw(img).rounded_rectangle(
        (lw, top + lw, fw - 1 - lw, top + fh - 1 - lw),
        radius=r * 0.85,
        outline=hl,
        width=max(1, lw // 2),
    )
    return img


def _badge(img: Image.Image, look: Look) -> None:
    x0, y0, x1, y1 = (v * SS for v in badge_box(look))
    d = ImageDraw.Draw(img)
    d.ellipse((x0, y0, x1, y1), fill=pal.GOLD_DARK)
    e = (x1 - x0) * 0.08
    d.ellipse((x0 + e, y0 + e, x1 - e, y1 - e), fill=pal.GOLD)
    e2 = (x1 - x0) * 0.18
    d.ellipse((x0 + e2, y0 + e2 * 0.8, x1 - e2, y1 - e2 * 1.3), fill=pal.GOLD_LIGHT)
    glyph, scale = (BAO_TRAD, 0.62) if look.trad else (BAO, 0.7)  # 寶 is denser: a touch smaller
    _glyph(
        img, glyph, Face.BOLD, int((x1 - x0) * scale), ((x0 + x1) / 2, (y0 + y1) / 2), pal.BAO_INK
    )


def _ring(img: Image.Image, g: Geometry, colour: RGB, thickness: float) -> None:
    fw, fh, top = g.face_w * SS, g.face_h * SS, g.top * SS
    w = max(SS * 2, int(min(fw, fh) * thickness))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, top, fw - 1, top + fh - 1), radius=min(fw, fh) * 0.12, outline=colour, width=w
    )


def _flown_tag(img: Image.Image, g: Geometry, trad: bool) -> None:
    fw, fh = g.face_w * SS, g.face_h * SS
    s = min(fw, fh) * 0.42
    x0, y1 = fw * 0.04, g.top * SS + fh * 0.96
    ImageDraw.Draw(img).rounded_rectangle((x0, y1 - s, x0 + s, y1), radius=s * 0.2, fill=pal.FLOWN)
    tag = FLOWN_TAG_TRAD if trad else FLOWN_TAG
    _glyph(img, tag, Face.BOLD, int(s * 0.8), (x0 + s / 2, y1 - s / 2), pal.IVORY)


@lru_cache(maxsize=4096)
def sprite(look: Look) -> Image.Image:
    """The RGBA sprite of one look, shadow included (cached: pasted, never redrawn)."""
    if look.trad and not (look.bao or look.acting or look.flown):
        return sprite(look._replace(trad=False))  # no script on this tile: one sprite
    if look.dim:  # the same tile, shaded
        out = sprite(look._replace(dim=False))
        shade = Image.new("RGBA", out.size, (20, 30, 25, 110))
        return Image.alpha_composite(out, Image.composite(shade, Image.new("RGBA", out.size), out))
    g = geometry(look.width, look.sideways)
    if look.kind == BACK:
        img = _tile_base(
            g, pal.BACK_GREEN_LIGHT, pal.BACK_GREEN, pal.TILE_BODY, pal.IVORY_SHADE
        ).copy()
        fw, fh, top = g.face_w * SS, g.face_h * SS, g.top * SS
        inset = min(fw, fh) * 0.16
        ImageDraw.Draw(img).rounded_rectangle(
            (inset, top + inset, fw - inset, top + fh - inset),
            radius=inset * 0.6,
            outline=pal.BACK_GREEN_DARK,
            width=max(SS, int(inset * 0.18)),
        )
    else:
        if look.acting:
            face_top, face_bottom = pal.ACTING_TINT, pal.GOLD_LIGHT
        else:
            face_top, face_bottom = pal.IVORY, pal.IVORY_SHADE
        img = _tile_base(g, face_top, face_bottom, pal.TILE_BODY, pal.BACK_GREEN).copy()
        upright = geometry(look.width)
        layer = Image.new("RGBA", (upright.face_w * SS, upright.face_h * SS), (0, 0, 0, 0))
        _draw_face(layer, look.kind)
        if look.sideways:
            layer = layer.transpose(Image.Transpose.ROTATE_90)
        img.alpha_composite(layer, (0, g.top * SS))
        if look.last:
            _ring(img, g, pal.LAST_DISCARD, 0.11)
        if look.bao or look.acting:
            _ring(img, g, pal.GOLD, 0.07)
            _badge(img, look)
        if look.flown:
            _flown_tag(img, g, look.trad)
    return img.resize(g.size, Image.Resampling.LANCZOS)


def strip(looks: Sequence[Look], gap: int = 2) -> Image.Image:
    """Sprites side by side, bottoms aligned (a quick look at a set of tiles)."""
    sprites = [sprite(lk) for lk in looks]
    w = sum(s.width for s in sprites) + gap * max(0, len(sprites) - 1)
    h = max((s.height for s in sprites), default=1)
    out = Image.new("RGBA", (max(1, w), h), (0, 0, 0, 0))
    x = 0
    for s in sprites:
        out.alpha_composite(s, (x, h - s.height))
        x += s.width + gap
    return out
