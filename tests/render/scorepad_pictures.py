"""Draw the README's pictures of the scorepad (a developer tool; never imported by the bot).

Why: the README shows each step of recording a hand with the scorepad as a phone shows it. The
pictures are drawn from the real pad — its text (``pad_content``, with the running payments the
scorebook computes on a throwaway SQLite ledger) and its buttons (``pad_view``) — in a Discord
dark-theme message at a phone's width (360 px, drawn at twice that). They need a full CJK
font, as the font subsets hold only what the bot's own images draw. From the repository root::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    python -m tests.render.scorepad_pictures /tmp/noto/usr/share/fonts/opentype/noto docs/images
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from shangrao_bot.service.score_pad import pad_habits
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.ui.score_pads import Pad, ScorePads, apply, pad_content, pad_view

SCALE = 2
WIDTH = 360 * SCALE
PAD = 16 * SCALE
TEXT = 15 * SCALE
SMALL = 12 * SCALE
BG, FG, GREY = (49, 51, 56), (219, 222, 225), (148, 155, 164)
STYLES = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
NOT_DRAWN = re.compile("[\U0001f300-\U0001faff\u2600-\u26ff\ufe0f]")  # emoji: not in Noto CJK


class Fonts:
    def __init__(self, folder: Path) -> None:
        regular, bold = folder / "NotoSansCJK-Regular.ttc", folder / "NotoSansCJK-Bold.ttc"
        self.text = ImageFont.truetype(str(regular), TEXT, index=2)  # the SC face
        self.bold = ImageFont.truetype(str(bold), TEXT, index=2)
        self.small = ImageFont.truetype(str(regular), SMALL, index=2)
        self.button = ImageFont.truetype(str(bold), 14 * SCALE, index=2)


def _clean(text: str) -> str:
    return NOT_DRAWN.sub("", text).replace("▸", "▶").strip()


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> list[str]:
    lines, line = [], ""
    for ch in text:
        if draw.textlength(line + ch, font=font) > width:
            lines.append(line)
            line = ch
        else:
            line += ch
    return [*lines, line]


def draw_message(content: str, components: list[dict[str, Any]], fonts: Fonts) -> Image.Image:
    """A bot's ephemeral message with its text and components, as Discord's app draws it."""
    image = Image.new("RGB", (WIDTH, 4000), BG)
    draw = ImageDraw.Draw(image)
    y = PAD
    draw.text((PAD, y), "shangrao-bot", font=fonts.bold, fill=(255, 255, 255))
    draw.text(
        (PAD + draw.textlength("shangrao-bot ", font=fonts.bold), y + 6 * SCALE),
        "APP",
        font=fonts.small,
        fill=(88, 101, 242),
    )
    y += TEXT + 10 * SCALE
    for raw in content.splitlines():
        bold = raw.startswith("**") and raw.endswith("**")
        line = _clean(raw.replace("**", ""))
        font = fonts.bold if bold else fonts.text
        for part in _wrap(draw, line, font, WIDTH - 2 * PAD):
            draw.text((PAD, y), part, font=font, fill=(255, 255, 255) if bold else FG)
            y += int(TEXT * 1.45)
    y += 6 * SCALE
    for row in components:
        x = PAD
        height = 34 * SCALE
        for comp in row["components"]:
            if comp["type"] == 3:  # a select: the whole row
                chosen = [o["label"] for o in comp.get("options", []) if o.get("default")]
                label = _clean(chosen[0] if chosen else comp.get("placeholder", ""))
                box = (PAD, y, WIDTH - PAD, y + height + 6 * SCALE)
                draw.rounded_rectangle(box, 6 * SCALE, fill=(30, 31, 34))
                colour = FG if chosen else GREY
                draw.text((PAD + 12 * SCALE, y + 9 * SCALE), label, font=fonts.text, fill=colour)
                draw.text((WIDTH - PAD - 26 * SCALE, y + 8 * SCALE), "▼", font=fonts.text, fill=FG)
                y += height + 14 * SCALE
                x = PAD
                continue
            label = _clean(comp.get("label", ""))
            w = int(draw.textlength(label, font=fonts.button)) + 28 * SCALE
            if x + w > WIDTH - PAD:  # the phone wraps a row that does not fit
                x, y = PAD, y + height + 8 * SCALE
            colour = STYLES.get(comp.get("style", 2), STYLES[2])
            if comp.get("disabled"):
                colour = tuple(int(c * 0.55 + b * 0.45) for c, b in zip(colour, BG, strict=True))
            draw.rounded_rectangle((x, y, x + w, y + height), 4 * SCALE, fill=colour)
            text_y = y + (height - 14 * SCALE) // 2 - 3 * SCALE
            draw.text((x + 14 * SCALE, text_y), label, font=fonts.button, fill=(255, 255, 255))
            x += w + 8 * SCALE
        if row["components"] and row["components"][0]["type"] != 3:
            y += height + 8 * SCALE
    y += 4 * SCALE
    draw.text((PAD, y), "只有你能看到 · 忽略消息", font=fonts.small, fill=GREY)
    y += SMALL + PAD
    return image.crop((0, 0, WIDTH, y))


async def pictures(font_dir: Path, out: Path) -> list[Path]:
    fonts = Fonts(font_dir)
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "pad.db")
        try:
            book = ScoreBook(db, now=lambda: datetime.now(UTC))
            bob = Actor(102, "Bob")
            roster = [
                RosterEntry("", 101),
                RosterEntry("", 102),
                RosterEntry("老王"),
                RosterEntry("小李"),
            ]
            info = await book.start(1, 10, bob, roster, {101: "Dave", 102: "Bob"})
            dave = Actor(101, "Dave")
            for n, winner in enumerate(("3", "2")):  # two counted hands: the pad's habits
                sent = await book.preview_quick(
                    1, 10, bob, winner=winner, pattern="碰碰胡", key=f"earlier{n}"
                )
                assert sent.hand is not None
                await book.confirm(1, sent.hand.id, dave)
            pad, _ = ScorePads().open(info, bob, "zh-CN", await pad_habits(book, info))
            taps: list[tuple[str, str]] = [
                ("win", "2"),  # 西 老王
                ("how", "self"),  # 自摸
                ("pattern", "平胡自摸"),
                ("nav", "next"),
                ("seat", "0"),  # 东 Dave
                ("step", "flown.up"),  # Dave flew a 宝
            ]
            shots = {0: "winner", 1: "how", 3: "pattern", 6: "counts"}
            written = []
            for i in range(len(taps) + 1):
                if i in shots:
                    written.append(await _shot(book, pad, bob, fonts, out, shots[i]))
                if i < len(taps):
                    op, arg = taps[i]
                    if op == "pattern":
                        pad.hand = pad.hand.with_(pattern=arg)
                    else:
                        apply(pad, op, arg)
            return written
        finally:
            await db.close()


async def _shot(
    book: ScoreBook, pad: Pad, actor: Actor, fonts: Fonts, out: Path, name: str
) -> Path:
    content = await pad_content(book, pad, actor)
    image = draw_message(content, pad_view(pad).to_components(), fonts)
    path = out / f"scorepad_{name}.png"
    image.save(path, optimize=True)
    return path


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        sys.exit(__doc__)
    for path in asyncio.run(pictures(Path(argv[0]), Path(argv[1]))):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
