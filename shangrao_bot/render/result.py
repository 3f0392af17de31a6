"""The result card of a hand: who won, how the hand reads, what it is worth, who pays whom.

Players check a score by looking at the tiles, so the card shows the scorer's chosen
interpretation set by set: a 宝 standing for itself carries the gold badge, an acting 宝 is
drawn as the kind it stood for on a gold face (with the badge), the winning tile is ringed.
Below come the pattern and each modifier with its factor, then the payments grouped by reason
and the net result per seat. A 流局 card shows the bonuses settled, if any.

Seats are labelled by wind when the dealer is known (tables), else as 座0-座3 (``/score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from shangrao_bot.engine.state import SEATS, HandResult, Outcome
from shangrao_bot.render import labels as L
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import encode_png, pill, signed, text, text_width
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.tiles import Look, geometry, sprite
from shangrao_bot.rules.interpret import Group, GroupType, Interpretation
from shangrao_bot.rules.scoring import Payment, Reason, ScoreResult, WinHow
from shangrao_bot.rules.tiles import format_tiles, tile_str

WIDTH = 1000
MARGIN = 20
TILE = 48
GROUP_GAP = 14


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


@dataclass
class _Seats:
    dealer: int | None
    first: int = 0  # the number of seat 0 when seats are numbered (座0… or 座1…)

    def label(self, seat: int) -> str:
        if self.dealer is None:
            return f"{L.SEAT_ZH}{seat + self.first}"
        return L.WINDS[(seat - self.dealer) % SEATS]


def _display_order(interp: Interpretation) -> list[Group]:
    """Concealed sets by their first tile, then the pair(s), then the melds."""
    concealed = [g for g in interp.groups if g.meld is None]
    sets = sorted((g for g in concealed if g.type is not GroupType.PAIR), key=lambda g: g.tiles)
    pairs = sorted((g for g in concealed if g.type is GroupType.PAIR), key=lambda g: g.tiles)
    return sets + pairs + [g for g in interp.groups if g.meld is not None]


def _group_looks(group: Group, bao: int | None) -> list[Look]:
    out = []
    for t, is_bao in zip(group.tiles, group.bao, strict=True):
        if is_bao and t != bao:
            out.append(Look(t, TILE, acting=True))
        else:
            out.append(Look(t, TILE, bao=t == bao))
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


def _tile_width(metas: list[Group]) -> int:
    """The largest tile width (48 down to 36) at which every group fits on one line."""
    tiles = sum(len(g.tiles) for g in metas)
    room = WIDTH - 2 * MARGIN - GROUP_GAP * (len(metas) - 1)
    for width in range(TILE, 35, -2):
        if tiles * (geometry(width).size[0] + 1) <= room:
            return width
    return 36


def _hand_pieces(w: Winner, y: int) -> tuple[list[CardPiece], list[tuple[int, int, Group]], int]:
    """Tiles of one winner's interpretation from ``y``; also each group's span (for captions)."""
    interp = w.score.interpretation
    assert interp is not None
    bao = interp.bao_kind
    metas = _display_order(interp)
    width = _tile_width(metas)
    groups = [[lk._replace(width=width) for lk in _group_looks(g, bao)] for g in metas]
    _mark_winning(groups, metas, w.winning_tile, bao)
    g = geometry(width)
    pieces: list[CardPiece] = []
    spans: list[tuple[int, int, Group]] = []
    x = MARGIN
    loose_gap = 1
    for looks, meta in zip(groups, metas, strict=True):
        start = x
        for lk in looks:
            pieces.append(CardPiece(lk, x, y, "hand"))
            x += sprite(lk).size[0] + loose_gap
        spans.append((start, x - loose_gap, meta))
        x += GROUP_GAP
    return pieces, spans, y + g.size[1]


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


def _modifier_line(score: ScoreResult) -> list[tuple[str, str]]:
    parts = [(score.pattern or "", f"{L.TIMES}{score.pattern_factor}")]
    parts += [(m.name, f"{L.TIMES}{m.factor}") for m in score.modifiers]
    return parts


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
        first_seat: int = 0,
    ) -> None:
        self.winners = list(winners)
        self.payments = list(payments)
        self.deltas = list(deltas)
        self.seats = _Seats(dealer, first_seat)
        self.bao = bao
        self.indicator = indicator
        self.pieces: list[CardPiece] = []
        self.spans: list[tuple[int, int, Group]] = []
        self.ops: list[tuple[str, int, Winner | None]] = []
        y = MARGIN
        self.ops.append(("title", y, None))
        y += 76
        for w in self.winners:
            self.ops.append(("winner", y, w))
            pieces, spans, bottom = _hand_pieces(w, y + 44)
            self.pieces += pieces
            self.spans += spans
            y = bottom + (40 if any(g.meld is not None for _, _, g in spans) else 22)
            self.ops.append(("pattern", y, w))
            y += 64
        if not self.winners:
            self.ops.append(("exhausted", y, None))
            y += 56
        self.ops.append(("payments", y, None))
        y += 40 + 34 * max(1, len(_grouped_payments(self.payments)))
        self.ops.append(("net", y, None))
        y += 90
        self.size = (WIDTH, y + MARGIN - 10)
        ty = MARGIN + 8
        self.pieces.append(CardPiece(Look(bao, 34, bao=True), WIDTH - MARGIN - 52, ty, "bao"))

    # --- painting ------------------------------------------------------------------------------

    def paint(self) -> Image.Image:
        img = Image.new("RGB", self.size, pal.PAPER)
        draw = ImageDraw.Draw(img)
        for op, y, w in self.ops:
            if op == "title":
                self._title(draw, y)
            elif op == "winner" and w is not None:
                self._winner(draw, y, w)
            elif op == "pattern" and w is not None:
                self._pattern(draw, y, w)
            elif op == "exhausted":
                text(draw, (MARGIN + 4, y + 8), L.EXHAUSTED_EN, 20, pal.INK_MUTED, Face.REGULAR)
            elif op == "payments":
                self._payments(draw, y)
            elif op == "net":
                self._net(draw, y)
        for x0, x1, g in self.spans:
            if g.meld is not None:
                by = self._span_bottom(x0)
                draw.line((x0 + 2, by + 4, x1 - 2, by + 4), fill=pal.INK_MUTED, width=2)
                caption = L.MELD_KINDS[g.meld.kind.value]
                text(draw, ((x0 + x1) / 2, by + 8), caption, 13, pal.INK_MUTED, anchor="ma")
        for p in self.pieces:
            s = sprite(p.look)
            img.paste(s, (p.x, p.y), s)
        return img

    def _span_bottom(self, x0: int) -> int:
        at = [p for p in self.pieces if p.x == x0 and p.zone == "hand"]
        return at[0].y + sprite(at[0].look).size[1] if at else 0

    def _title(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.rounded_rectangle(
            (MARGIN - 8, y - 8, WIDTH - MARGIN + 8, y + 60), radius=12, fill=pal.FELT_DARK
        )
        if self.winners:
            who = " ".join(self.seats.label(w.seat) for w in self.winners)
            how = L.HOW[self.winners[0].how]
            title = f"{who} {L.WINNER} {L.DOT} {how}"
        else:
            title = L.OUTCOMES[Outcome.EXHAUSTED]
        text(draw, (MARGIN + 8, y + 27), title, 30, pal.TEXT_ON_FELT, anchor="lm")
        right = WIDTH - MARGIN - 62
        text(draw, (right, y + 27), L.BAO, 22, pal.GOLD, anchor="rm")
        if self.indicator is not None:
            label = f"{L.INDICATOR} {format_tiles([self.indicator])} {L.ARROW}"
            text(draw, (right - 30, y + 28), label, 16, pal.MUTED_ON_FELT, Face.REGULAR, "rm")

    def _winner(self, draw: ImageDraw.ImageDraw, y: int, w: Winner) -> None:
        interp = w.score.interpretation
        assert interp is not None
        x: float = MARGIN
        x += pill(draw, (x, y), self.seats.label(w.seat), 16, pal.IVORY, pal.FELT_DARK) + 10
        shape = L.SHAPES.get(interp.shape.value, interp.shape.value)
        x += text(draw, (x, y + 2), shape, 18, pal.INK) + 12
        if interp.clean:
            tag = f"{L.CLEAN} {L.CLEAN_EN}"
            pill(draw, (x, y), tag, 14, pal.IVORY, pal.GAIN)
        else:
            acting = " ".join(tile_str(t) for t in interp.acting)
            tag = f"{L.WITH_BAO} {L.DOT} {L.ACTS_AS} {acting}"
            pill(draw, (x, y), tag, 14, pal.INK, pal.GOLD)

    def _pattern(self, draw: ImageDraw.ImageDraw, y: int, w: Winner) -> None:
        s = w.score
        x: float = MARGIN
        for i, (name, factor) in enumerate(_modifier_line(s)):
            size = 26 if i == 0 else 20
            x += text(draw, (x, y + 30), name, size, pal.INK, anchor="ls") + 4
            x += text(draw, (x, y + 30), factor, size, pal.LOSS, anchor="ls") + 18
        right = WIDTH - MARGIN
        vw = text_width(str(s.value), 34)
        for m in s.modifiers:
            note = f"({m.note})"
            if m.note and x + text_width(note, 14, Face.REGULAR) < right - vw - 110:
                x += text(draw, (x, y + 30), note, 14, pal.INK_MUTED, Face.REGULAR, "ls") + 10
        text(draw, (right, y + 32), str(s.value), 34, pal.INK, anchor="rs")
        text(draw, (right - vw - 10, y + 18), L.PER_PAYER, 15, pal.INK_MUTED, anchor="rs")
        text(draw, (right - vw - 10, y + 34), L.PER_PAYER_EN, 12, pal.INK_MUTED, Face.REGULAR, "rs")
        draw.line((MARGIN, y + 48, WIDTH - MARGIN, y + 48), fill=pal.PAPER_LINE, width=2)

    def _payments(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        text(draw, (MARGIN, y + 4), f"{L.PAYMENTS} {L.PAYMENTS_EN}", 18, pal.INK)
        rows = _grouped_payments(self.payments)
        if not rows:
            text(draw, (MARGIN + 4, y + 42), L.NO_PAYMENTS, 16, pal.INK_MUTED)
            return
        for i, (reason, payee, payers) in enumerate(rows):
            ry = y + 40 + i * 34
            pill(draw, (MARGIN, ry), L.REASONS[reason], 14, pal.IVORY, pal.INK_MUTED)
            mid = ry + 10
            x: float = MARGIN + 96
            x += text(draw, (x, mid), self.seats.label(payee), 18, pal.GAIN, anchor="lm") + 6
            x += text(draw, (x, mid), L.LEFT_ARROW, 18, pal.INK_MUTED, anchor="lm") + 10
            for payer, amount in payers:
                x += text(draw, (x, mid), self.seats.label(payer), 18, pal.INK, anchor="lm") + 6
                x += text(draw, (x, mid), str(amount), 18, pal.LOSS, anchor="lm") + 26

    def _net(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=pal.PAPER_LINE, width=2)
        text(draw, (MARGIN, y + 14), f"{L.NET} {L.NET_EN}", 18, pal.INK)
        cell = (WIDTH - 2 * MARGIN - 120) // SEATS
        order = (
            range(SEATS)
            if self.seats.dealer is None
            else [(self.seats.dealer + i) % SEATS for i in range(SEATS)]
        )
        for i, seat in enumerate(order):
            x = MARGIN + 120 + i * cell
            draw.rounded_rectangle(
                (x, y + 10, x + cell - 12, y + 66), radius=10, fill=pal.IVORY_SHADE
            )
            text(draw, (x + 14, y + 38), self.seats.label(seat), 22, pal.INK, anchor="lm")
            d = self.deltas[seat]
            colour = pal.GAIN if d > 0 else pal.LOSS if d < 0 else pal.INK_MUTED
            text(draw, (x + cell - 26, y + 40), signed(d), 28, colour, anchor="rm")


def result_card(result: HandResult, dealer: int, bao: int, indicator: int | None = None) -> _Card:
    winners = [Winner(w.seat, w.how, w.winning_tile, w.score) for w in result.wins]
    return _Card(winners, result.payments, result.deltas, dealer, bao, indicator)


def render_result(
    result: HandResult, *, dealer: int, bao: int, indicator: int | None = None
) -> bytes:
    """The end of a table hand (a win or a 流局) as PNG bytes; seats labelled by wind."""
    return encode_png(result_card(result, dealer, bao, indicator).paint())


def score_card(
    score: ScoreResult,
    bao: int,
    winning_tile: int | None,
    how: WinHow = WinHow.SELF,
    winner: int = 0,
    dealer: int | None = None,
    first_seat: int = 0,
) -> _Card:
    if not score.winning or score.interpretation is None:
        raise ValueError(f"not a win, nothing to draw: {score.reason}")
    w = Winner(winner, how, winning_tile, score)
    return _Card([w], score.payments, score.deltas, dealer, bao, None, first_seat)


def render_score(
    score: ScoreResult,
    *,
    bao: int,
    winning_tile: int | None,
    how: WinHow = WinHow.SELF,
    winner: int = 0,
    dealer: int | None = None,
    first_seat: int = 0,
) -> bytes:
    """A ``/score`` result as PNG bytes (seats as 座0-座3 unless ``dealer`` is given; a
    session's seats are 座1-座4 with ``first_seat=1``). Raises ValueError for a result that is
    not a win: the caller shows its reason as text."""
    card = score_card(score, bao, winning_tile, how, winner, dealer, first_seat)
    return encode_png(card.paint())
