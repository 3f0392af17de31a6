"""Reading tiles back off an image: compare a region with the sprites (Pillow only).

A region is compared with a sprite on the sprite's solid pixels (alpha 255); the shadow and the
transparent badge margin are left out, since neighbours and backgrounds show through there.
"""

from __future__ import annotations

from functools import lru_cache
from io import BytesIO

from PIL import Image, ImageChops, ImageStat

from shangrao_bot.render.tiles import BACK, Look, badge_box, sprite
from shangrao_bot.rules.tiles import NUM_KINDS


@lru_cache(maxsize=4096)
def _solid(look: Look) -> tuple[Image.Image, Image.Image]:
    s = sprite(look)
    mask = s.getchannel("A").point(lambda a: 255 if a == 255 else 0)
    return s.convert("RGB"), mask


def difference(img: Image.Image, look: Look, xy: tuple[int, int]) -> float:
    """Mean absolute difference (0-255, summed over R, G, B) between the image at ``xy`` and
    ``look``'s sprite, over the sprite's solid pixels."""
    rgb, mask = _solid(look)
    x, y = xy
    region = img.crop((x, y, x + rgb.width, y + rgb.height)).convert("RGB")
    return float(sum(ImageStat.Stat(ImageChops.difference(region, rgb), mask).mean))


def candidates(look: Look, bao: int) -> list[Look]:
    """Every kind (and the back) in ``look``'s size and state, the 宝 kind with its badge."""
    out = [
        look._replace(kind=k, bao=k == bao and not look.acting, flown=look.flown and k == bao)
        for k in range(NUM_KINDS)
    ]
    out.append(Look(BACK, look.width, sideways=look.sideways))
    return out


def identify(
    img: Image.Image, look: Look, xy: tuple[int, int], bao: int
) -> list[tuple[float, int]]:
    """(difference, kind) for every candidate, best first: what the pixels at ``xy`` show."""
    return sorted((difference(img, c, xy), c.kind) for c in candidates(look, bao))


def gold_share(img: Image.Image, look: Look, xy: tuple[int, int]) -> float:
    """Share of gold pixels where ``look``'s 宝 badge would be."""
    x0, y0, x1, y1 = badge_box(look)
    x, y = xy
    region = img.crop((x + x0, y + y0, x + x1, y + y1)).convert("RGB")
    raw = region.tobytes()
    gold = sum(
        1
        for i in range(0, len(raw), 3)
        if raw[i] > 200 and 140 < raw[i + 1] < 235 and raw[i + 2] < 120
    )
    return gold / max(1, region.width * region.height)


def decode(png: bytes) -> Image.Image:
    return Image.open(BytesIO(png)).convert("RGB")
