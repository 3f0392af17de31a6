"""The result card of a hand: who won, how the hand reads, what it is worth, who pays whom.

Designed for the width Discord shows it at: the card is an embed's image, shown about 400 px
wide, so it is drawn 800 px wide (2×) and no label is under 11 px on screen.

Players check a score by looking at the tiles, so the card shows the scorer's chosen
interpretation set by set, on one row (two — concealed sets, then melds — when a hand with many
kongs would not fit): a 宝 standing for itself carries the gold badge, an acting 宝 is drawn as
the kind it stood for on a gold face (with the badge), the winning tile is ringed, each meld is
captioned (吃, 碰, 明杠 …). Below come the pattern and each modifier with its factor, the value
per payer, then the payments grouped by reason — a payer whose share was doubled by the 宝 they
flew gets a line saying so (北付 4 = 2 × 2（飞宝 1 张）) — and the net result per seat. A 流局
card shows the bonuses settled, if any. 800 px wide and 370 (a 流局) to 770 px high (400 × 185
to 385 on screen).

Seats are labelled by wind when the dealer is known (tables), else numbered 1-4 (``/score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from shangrao_bot.catalog.fields import term
from shangrao_bot.engine.hand_records import SEATS, HandResult
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import (
    EMBED_DISPLAY,
    Box,
    encode_png,
    fit_size,
    min_text,
    pill,
    pill_size,
    shorten,
    signed,
    text,
    text_width,
)
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.labels import DEFAULT_LANG, Labels, gloss, labels_for
from shangrao_bot.render.tiles import Look, geometry, sprite
from shangrao_bot.rules.interpret import Group, GroupType, Interpretation
from shangrao_bot.rules.payments import payer_doubling
from shangrao_bot.rules.score_model import Payment, Reason, ScoreResult, WinHow
from shangrao_bot.rules.tile_names import tile_label

WIDTH = 800
DISPLAY_WIDTH = EMBED_DISPLAY
MIN_TEXT = min_text(WIDTH, DISPLAY_WIDTH)  # 22
MARGIN = 20
TILE_MAX = 52
TILE_ONE_ROW = 40  # below this, a hand is drawn on two rows instead
TILE_MIN = 30
GROUP_GAP = 10
TITLE_H = 96
BAO_TILE = 44
VALUE_W = 140  # the value per payer, right of the pattern
LINE = 40  # a line of payments
EXPLAIN = 32  # a line explaining a payer's 飞宝 doubling
CAPTION_H = MIN_TEXT + 20  # a meld's caption under it


@dataclass(frozen=True)
class Winner:
    """One winner as the card needs it (from a WinRecord, or a /score input)."""

    seat: int
    how: WinHow
    winning_tile: int | None
    score: ScoreResult


@dataclass(frozen=True)
class CardPiece:
    look: Look
    x: int
    y: int
    zone: str  # "hand" (the interpretation), "bao"


@dataclass(frozen=True)
class Span:
    """A meld's tiles on the card (for its caption)."""

    x0: int
    x1: int
    bottom: int
    group: Group


@dataclass
class _Seats:
    dealer: int | None
    lb: Labels

    def label(self, seat: int) -> str:
        if self.dealer is None:
            return self.lb.seat_no(seat)
        return self.lb.winds[(seat - self.dealer) % SEATS]

    def order(self) -> list[int]:
        if self.dealer is None:
            return list(range(SEATS))
        return [(self.dealer + i) % SEATS for i in range(SEATS)]


def _display_order(interp: Interpretation) -> list[Group]:
    """Concealed sets by their first tile, then the pair(s), then the melds."""
    concealed = [g for g in interp.groups if g.meld is None]
    sets = sorted((g for g in concealed if g.type is not GroupType.PAIR), key=lambda g: g.tiles)
    pairs = sorted((g for g in concealed if g.type is GroupType.PAIR), key=lambda g: g.tiles)
    return sets + pairs + [g for g in interp.groups if g.meld is not None]


def _group_looks(group: Group, bao: int | None, width: int, trad: bool) -> list[Look]:
    out = []
    for t, is_bao in zip(group.tiles, group.bao, strict=True):
        if is_bao and t != bao:
            out.append(Look(t, width, acting=True, trad=trad))
        else:
            out.append(Look(t, width, bao=t == bao, trad=trad))
    return out


def _mark_winning(
    groups: list[list[Look]], metas: list[Group], win: int | None, bao: int | None
) -> None:
    """Ring the winning tile: the first concealed position that holds it as drawn."""
    if win is None:
        return
    for looks, g in zip(groups, metas, strict=True):
        if g.meld is not None:
            continue
        for i, (t, is_bao) in enumerate(zip(g.tiles, g.bao, strict=True)):
            if (win == bao and is_bao) or (win != bao and t == win and not is_bao):
                looks[i] = looks[i]._replace(last=True)
                return


def _row_width(metas: list[Group], width: int) -> int:
    tiles = sum(len(g.tiles) for g in metas)
    return tiles * (geometry(width).size[0] + 1) + GROUP_GAP * max(0, len(metas) - 1)


def _rows(metas: list[Group]) -> tuple[list[list[Group]], int]:
    """The groups on one row at the largest width from 52 down to 40 that fits, else on two
    rows (concealed, then melds) at the largest width that fits both."""
    room = WIDTH - 2 * MARGIN
    for width in range(TILE_MAX, TILE_ONE_ROW - 1, -2):
        if _row_width(metas, width) <= room:
            return [metas], width
    rows = [[g for g in metas if g.meld is None], [g for g in metas if g.meld is not None]]
    rows = [r for r in rows if r]
    for width in range(TILE_MAX, TILE_MIN - 1, -2):
        if all(_row_width(r, width) <= room for r in rows):
            return rows, width
    return rows, TILE_MIN


def _grouped_payments(
    payments: Sequence[Payment],
) -> list[tuple[Reason, int, list[tuple[int, int]]]]:
    """(reason, payee, [(payer, total)…]) in the order first seen: one line per reason and
    receiver, each payer once (four kongs make one 自摸杠 line, not four)."""
    out: dict[tuple[Reason, int], dict[int, int]] = {}
    for p in payments:
        row = out.setdefault((p.reason, p.payee), {})
        row[p.payer] = row.get(p.payer, 0) + p.amount
    return [(r, payee, list(rows.items())) for (r, payee), rows in out.items()]


def flown_of_payer(amount: int, winner: Winner) -> int | None:
    """How many 宝 a payer of ``winner`` flew, read back from what they pay: the ``n`` with
    ``value × payer_doubling(n) == amount`` (None when no count gives it, e.g. a baike hand,
    where a payer's share is never doubled)."""
    score = winner.score
    for n in range(5):
        if score.value * payer_doubling(score.preset, winner.how, n) == amount:
            return n
    return None


def doubling_line(payer: str, amount: int, winner: Winner, lb: Labels) -> str | None:
    """``北付 4 = 2 × 2（飞宝 1 张）`` for a payer whose share the 宝 they flew doubled."""
    n = flown_of_payer(amount, winner)
    if not n:
        return None
    factor = payer_doubling(winner.score.preset, winner.how, n)
    if factor == 1:
        return None
    return lb.doubling.format(
        who=payer,
        amount=amount,
        value=winner.score.value,
        factor=factor,
        n=n,
        count=lb.count_words[n],
    )


def _chips(score: ScoreResult, lb: Labels) -> list[tuple[str, str, str, int]]:
    """(name, ×factor, note, size) of the pattern and each modifier."""
    lang = lb.lang
    out = [(term(score.pattern or "", lang), f"×{score.pattern_factor}", "", 28)]
    for m in score.modifiers:
        n = m.factor.bit_length() - 1
        note = ""
        if m.name == "杠开":
            note = lb.kong_chain.format(n=n)
        elif m.name == "飞宝":
            note = lb.winner_flown.format(n=n)
        if lang == "en" and gloss(m.name) and m.name != "飞宝":
            note = f"{gloss(m.name)}, {note}" if note else gloss(m.name)
        out.append((term(m.name, lang), f"×{m.factor}", note, 24))
    return out


@dataclass
class _Op:
    kind: str
    y: int
    winner: Winner | None = None


class _Card:
    """Lays out and paints one card (a small class: the parts share the seat labels)."""

    def __init__(
        self,
        winners: Sequence[Winner],
        payments: Sequence[Payment],
        deltas: Sequence[int],
        dealer: int | None,
        bao: int,
        indicator: int | None,
        lang: str = DEFAULT_LANG,
    ) -> None:
        self.lb = labels_for(lang)
        self.trad = lang == "zh-TW"
        self.winners = list(winners)
        self.payments = list(payments)
        self.deltas = list(deltas)
        self.seats = _Seats(dealer, self.lb)
        self.bao = bao
        self.indicator = indicator
        self.pieces: list[CardPiece] = []
        self.spans: list[Span] = []
        self.ops: list[_Op] = []
        y = MARGIN
        self.ops.append(_Op("title", y))
        y += TITLE_H + 16
        for w in self.winners:
            self.ops.append(_Op("winner", y, w))
            y = self._hand(w, y + 48)
            self.ops.append(_Op("pattern", y, w))
            y += self._pattern_height(w) + 16
        if not self.winners:
            self.ops.append(_Op("exhausted", y))
            y += 50
        self.ops.append(_Op("payments", y))
        y += 44 + self._payments_height()
        self.ops.append(_Op("net", y))
        y += 92
        self.size = (WIDTH, y + 8)
        g = geometry(BAO_TILE)
        ty = MARGIN + (TITLE_H - g.size[1]) // 2
        look = Look(bao, BAO_TILE, bao=True, trad=self.trad)
        self.pieces.append(CardPiece(look, WIDTH - MARGIN - 14 - g.size[0], ty, "bao"))

    # --- layout --------------------------------------------------------------------------------

    def _hand(self, w: Winner, y: int) -> int:
        """Place one winner's tiles from ``y``; returns the y below them and their captions."""
        interp = w.score.interpretation
        assert interp is not None
        bao = interp.bao_kind
        metas = _display_order(interp)
        rows, width = _rows(metas)
        g = geometry(width)
        for row in rows:
            looks = [_group_looks(m, bao, width, self.trad) for m in row]
            _mark_winning(looks, row, w.winning_tile, bao)
            x = MARGIN
            for group_looks, meta in zip(looks, row, strict=True):
                start = x
                for lk in group_looks:
                    self.pieces.append(CardPiece(lk, x, y, "hand"))
                    x += g.size[0] + 1
                if meta.meld is not None:
                    self.spans.append(Span(start, x - 1, y + g.size[1], meta))
                x += GROUP_GAP
            y += g.size[1] + (CAPTION_H if any(m.meld is not None for m in row) else 6)
        return y + 8

    def _chip_lines(self, w: Winner) -> list[list[tuple[str, str, str, int, float]]]:
        """The pattern and modifiers flowed into lines left of the value: each chip with its
        x offset."""
        room = WIDTH - 2 * MARGIN - VALUE_W
        lines: list[list[tuple[str, str, str, int, float]]] = [[]]
        x = 0.0
        for name, factor, note, size in _chips(w.score, self.lb):
            cw = self._chip_width(name, factor, note, size)
            if lines[-1] and x + cw > room:
                lines.append([])
                x = 0.0
            lines[-1].append((name, factor, note, size, x))
            x += cw + 22
        return lines

    @staticmethod
    def _chip_width(name: str, factor: str, note: str, size: int) -> float:
        cw = text_width(name, size) + 4 + text_width(factor, size)
        if note:
            cw += 8 + text_width(f"({note})", MIN_TEXT, Face.REGULAR)
        return cw

    def _pattern_height(self, w: Winner) -> int:
        lines = len(self._chip_lines(w))
        extra = 1 if self.lb.lang == "en" and gloss(w.score.pattern or "") else 0
        return max(70, 40 * lines + 32 * extra + 12)

    def _payment_rows(self) -> list[tuple[Reason, int, list[tuple[int, int]], list[str]]]:
        """Each grouped payment with the lines explaining a payer's 飞宝 doubling."""
        by_seat = {w.seat: w for w in self.winners}
        out = []
        for reason, payee, payers in _grouped_payments(self.payments):
            notes: list[str] = []
            if reason is Reason.WIN and payee in by_seat:
                for payer, amount in payers:
                    line = doubling_line(self.seats.label(payer), amount, by_seat[payee], self.lb)
                    if line:
                        notes.append(line)
            out.append((reason, payee, payers, notes))
        return out

    def _payments_height(self) -> int:
        rows = self._payment_rows()
        if not rows:
            return LINE
        return sum(LINE + EXPLAIN * len(notes) for *_, notes in rows)

    # --- painting ------------------------------------------------------------------------------

    def paint(self) -> Image.Image:
        img = Image.new("RGB", self.size, pal.PAPER)
        draw = ImageDraw.Draw(img)
        for op in self.ops:
            if op.kind == "title":
                self._title(draw, op.y)
            elif op.kind == "winner" and op.winner is not None:
                self._winner(draw, op.y, op.winner)
            elif op.kind == "pattern" and op.winner is not None:
                self._pattern(draw, op.y, op.winner)
            elif op.kind == "exhausted":
                note = shorten(self.lb.exhausted_note, WIDTH - 2 * MARGIN, MIN_TEXT + 2)
                text(draw, (MARGIN, op.y + 4), note, MIN_TEXT + 2, pal.INK_MUTED)
            elif op.kind == "payments":
                self._payments(draw, op.y)
            elif op.kind == "net":
                self._net(draw, op.y)
        for span in self.spans:
            assert span.group.meld is not None
            by = span.bottom
            draw.line((span.x0 + 2, by + 3, span.x1 - 2, by + 3), fill=pal.INK_MUTED, width=2)
            caption = self.lb.meld_kinds[span.group.meld.kind.value]
            box: Box = (span.x0 - GROUP_GAP / 2, by, span.x1 + GROUP_GAP / 2, by + CAPTION_H)
            caption = shorten(caption, box[2] - box[0], MIN_TEXT)
            cx = (span.x0 + span.x1) / 2
            text(draw, (cx, by + 7), caption, MIN_TEXT, pal.INK_MUTED, anchor="ma", within=box)
        for p in self.pieces:
            s = sprite(p.look)
            img.paste(s, (p.x, p.y), s)
        return img

    def _title(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        lb = self.lb
        bar: Box = (MARGIN - 8, y, WIDTH - MARGIN + 8, y + TITLE_H)
        draw.rounded_rectangle(bar, radius=14, fill=pal.FELT_DARK)
        if self.winners:
            who = lb.join.join(self.seats.label(w.seat) for w in self.winners)
            won = lb.status_won_many if len(self.winners) > 1 else lb.status_won
            title = f"{won.format(who=who)} · {lb.how[self.winners[0].how]}"
        else:
            title = lb.exhausted
        g = geometry(BAO_TILE)
        bao_label_x = WIDTH - MARGIN - 14 - g.size[0] - 10
        right = bao_label_x - text_width(lb.bao, 28) - 24
        room = right - (MARGIN + 8)
        area: Box = (MARGIN, y, right, y + TITLE_H)
        one_line = self.indicator is None
        size = fit_size(title, room, 34, MIN_TEXT + 2)
        title = shorten(title, room, size)
        ty = y + TITLE_H / 2 if one_line else y + 35
        text(draw, (MARGIN + 8, ty), title, size, pal.TEXT_ON_FELT, anchor="lm", within=area)
        if self.indicator is not None:
            line = f"{lb.indicator} {tile_label(self.indicator, lb.lang)} →"
            line = shorten(line, room, MIN_TEXT)
            text(
                draw,
                (MARGIN + 8, y + 80),
                line,
                MIN_TEXT,
                pal.MUTED_ON_FELT,
                anchor="ls",
                within=area,
            )
        text(draw, (bao_label_x, y + TITLE_H / 2), lb.bao, 28, pal.GOLD, anchor="rm", within=bar)

    def _winner(self, draw: ImageDraw.ImageDraw, y: int, w: Winner) -> None:
        lb = self.lb
        interp = w.score.interpretation
        assert interp is not None
        size = MIN_TEXT + 2
        x: float = MARGIN
        x += pill(draw, (x, y), self.seats.label(w.seat), size, pal.IVORY, pal.FELT_DARK) + 12
        shape = lb.shapes.get(interp.shape.value, interp.shape.value)
        mid = y + pill_size("x", size)[1] / 2
        x += text(draw, (x, mid), shape, size + 2, pal.INK, anchor="lm") + 14
        if interp.clean:
            pill(draw, (x, y), lb.clean, size, pal.IVORY, pal.GAIN)
        else:
            pill(draw, (x, y), lb.with_bao, size, pal.INK, pal.GOLD)

    def _pattern(self, draw: ImageDraw.ImageDraw, y: int, w: Winner) -> None:
        lb = self.lb
        s = w.score
        lines = self._chip_lines(w)
        area: Box = (MARGIN, y, WIDTH - MARGIN - VALUE_W, y + self._pattern_height(w))
        by = y
        for line in lines:
            base = by + 32
            for name, factor, note, size, dx in line:
                x = MARGIN + dx
                x += text(draw, (x, base), name, size, pal.INK, anchor="ls", within=area) + 4
                x += text(draw, (x, base), factor, size, pal.LOSS, anchor="ls", within=area)
                if note:
                    text(
                        draw,
                        (x + 8, base),
                        f"({note})",
                        MIN_TEXT,
                        pal.INK_MUTED,
                        Face.REGULAR,
                        "ls",
                        within=area,
                    )
            by += 40
        pattern_gloss = gloss(s.pattern or "") if lb.lang == "en" else ""
        if pattern_gloss:
            room = area[2] - area[0]
            line_text = shorten(pattern_gloss, room, MIN_TEXT, Face.REGULAR)
            text(draw, (MARGIN, by + 24), line_text, MIN_TEXT, pal.INK_MUTED, Face.REGULAR, "ls")
        right = WIDTH - MARGIN
        value_box: Box = (right - VALUE_W, y, right, y + 70)
        text(draw, (right, y + 4), lb.per_payer, MIN_TEXT, pal.INK_MUTED, anchor="ra")
        text(draw, (right, y + 66), str(s.value), 40, pal.INK, anchor="rs", within=value_box)
        line_y = y + self._pattern_height(w) + 6
        draw.line((MARGIN, line_y, WIDTH - MARGIN, line_y), fill=pal.PAPER_LINE, width=2)

    def _payments(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        lb = self.lb
        text(draw, (MARGIN, y), lb.payments, 26, pal.INK)
        rows = self._payment_rows()
        ry = y + 44
        if not rows:
            text(draw, (MARGIN, ry), lb.no_payments, MIN_TEXT + 2, pal.INK_MUTED)
            return
        col = MARGIN + max(pill_size(r, MIN_TEXT)[0] for r in lb.reasons.values()) + 14
        size = MIN_TEXT + 2
        for reason, payee, payers, notes in rows:
            pill(draw, (MARGIN, ry), lb.reasons[reason], MIN_TEXT, pal.IVORY, pal.INK_MUTED)
            mid = ry + pill_size("x", MIN_TEXT)[1] / 2
            x: float = col
            x += text(draw, (x, mid), self.seats.label(payee), size, pal.GAIN, anchor="lm") + 8
            x += text(draw, (x, mid), "←", size, pal.INK_MUTED, anchor="lm") + 10
            for i, (payer, amount) in enumerate(payers):
                if i:
                    x += text(draw, (x, mid), "·", size, pal.INK_MUTED, anchor="lm") + 10
                x += text(draw, (x, mid), self.seats.label(payer), size, pal.INK, anchor="lm") + 6
                x += text(draw, (x, mid), str(amount), size, pal.LOSS, anchor="lm") + 12
            ry += LINE
            for note in notes:
                note = shorten(note, WIDTH - MARGIN - col, MIN_TEXT, Face.REGULAR)
                text(draw, (col, ry), note, MIN_TEXT, pal.INK_MUTED, Face.REGULAR)
                ry += EXPLAIN

    def _net(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        lb = self.lb
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=pal.PAPER_LINE, width=2)
        label_w = text_width(lb.net, 26) + 16
        text(draw, (MARGIN, y + 46), lb.net, 26, pal.INK, anchor="lm")
        left = MARGIN + label_w
        cell = (WIDTH - MARGIN - left + 10) / SEATS
        for i, seat in enumerate(self.seats.order()):
            x = left + i * cell
            box: Box = (x, y + 14, x + cell - 10, y + 78)
            draw.rounded_rectangle(box, radius=12, fill=pal.IVORY_SHADE)
            d = self.deltas[seat]
            colour = pal.GAIN if d > 0 else pal.LOSS if d < 0 else pal.INK_MUTED
            label = self.seats.label(seat)
            value = signed(d)
            inner = box[2] - box[0] - 20
            if text_width(label, MIN_TEXT + 2) + 8 + text_width(value, 28) <= inner:
                mid = (box[1] + box[3]) / 2
                text(draw, (x + 10, mid), label, MIN_TEXT + 2, pal.INK, anchor="lm", within=box)
                text(draw, (box[2] - 10, mid), value, 28, colour, anchor="rm", within=box)
            else:  # a long seat name over its number
                cx = (box[0] + box[2]) / 2
                size = fit_size(value, inner, 26, MIN_TEXT)
                text(draw, (cx, box[1] + 4), label, MIN_TEXT, pal.INK, anchor="ma", within=box)
                text(draw, (cx, box[3] - 4), value, size, colour, anchor="md", within=box)


def result_card(
    result: HandResult,
    dealer: int,
    bao: int,
    indicator: int | None = None,
    *,
    lang: str = DEFAULT_LANG,
) -> _Card:
    winners = [Winner(w.seat, w.how, w.winning_tile, w.score) for w in result.wins]
    return _Card(winners, result.payments, result.deltas, dealer, bao, indicator, lang)


def render_result(
    result: HandResult,
    *,
    dealer: int,
    bao: int,
    indicator: int | None = None,
    lang: str = DEFAULT_LANG,
) -> bytes:
    """The end of a table hand (a win or a 流局) as PNG bytes, seats labelled by wind, in
    ``lang`` ("en", "zh-CN" or "zh-TW")."""
    return encode_png(result_card(result, dealer, bao, indicator, lang=lang).paint())


def score_card(
    score: ScoreResult,
    bao: int,
    winning_tile: int | None,
    how: WinHow = WinHow.SELF,
    winner: int = 0,
    dealer: int | None = None,
    *,
    lang: str = DEFAULT_LANG,
) -> _Card:
    if not score.winning or score.interpretation is None:
        raise ValueError(f"not a win, nothing to draw: {score.reason}")
    w = Winner(winner, how, winning_tile, score)
    return _Card([w], score.payments, score.deltas, dealer, bao, None, lang)


def render_score(
    score: ScoreResult,
    *,
    bao: int,
    winning_tile: int | None,
    how: WinHow = WinHow.SELF,
    winner: int = 0,
    dealer: int | None = None,
    first_seat: int = 1,
    lang: str = DEFAULT_LANG,
) -> bytes:
    """A ``/score`` result as PNG bytes in ``lang``: seats numbered 1-4 unless ``dealer`` is
    given (then by wind). ``first_seat`` is accepted for older callers and ignored: seats are
    always counted from 1. Raises ValueError for a result that is not a win: the caller shows
    its reason as text."""
    del first_seat
    card = score_card(score, bao, winning_tile, how, winner, dealer, lang=lang)
    return encode_png(card.paint())
