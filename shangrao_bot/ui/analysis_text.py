"""``/analyze`` between Discord and the hand analysis: reading what the player typed into an
:class:`~shangrao_bot.engine.analysis.AnalysisInput`, and the ranking as text in their language.

The text says what the picture shows (:mod:`shangrao_bot.render.analysis`), every candidate
included, so a player who cannot see the image (a screen reader, images switched off) reads the
same answer. Bad input is refused with the rules core's own sentence naming the offending token
(``'0m' is not a tile: ranks are 1-9``), translated on the one error path.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.catalog.fields import term
from shangrao_bot.engine.analysis import DiscardAnalysis, WaitValue
from shangrao_bot.engine.analysis_input import (
    TILES_BETWEEN_TURNS,
    TILES_ON_TURN,
    AnalysisInput,
    check_input,
)
from shangrao_bot.engine.ranking import analyze_hand, rank_discards
from shangrao_bot.errors import Refusal
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import (
    format_melds,
    format_tiles,
    parse_hand_and_melds,
    parse_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
)
from shangrao_bot.ui.i18n import t

#: Text lines of candidates (an embed's description holds 4096 characters; 14 kinds fit).
MAX_TEXT_ROWS = 14
DESCRIPTION_LIMIT = 4096


def read_input(
    hand: str,
    bao: str,
    melds: str | None = None,
    seen: str | None = None,
    rules: RuleSet | None = None,
) -> AnalysisInput:
    """The hand as typed (melds may follow the tiles, or come in ``melds``), checked: a hand of
    14 tiles (melds counting three) to choose a discard, or 13 as it stands. Bad input raises
    :class:`Refusal` quoting the rules core's reason."""
    try:
        tiles, inline = parse_hand_and_melds(hand)
        extra = parse_melds(melds) if melds and melds.strip() else []
        kind = parse_tile(bao)
        in_sight = parse_tiles(seen) if seen and seen.strip() else []
        inp = AnalysisInput(
            tiles=tuple(tiles),
            bao=kind,
            melds=(*inline, *extra),
            seen=tuple(in_sight),
            rules=rules or RuleSet(),
        )
        check_input(inp, (TILES_ON_TURN, TILES_BETWEEN_TURNS))
    except RulesError as exc:
        raise Refusal("an.bad_input", reason=exc.phrase) from None
    return inp


def analyse(inp: AnalysisInput) -> tuple[DiscardAnalysis, ...]:
    """The candidates best first (14 tiles), or the one reading of a 13-tile hand."""
    if inp.size == TILES_BETWEEN_TURNS:
        return (analyze_hand(inp),)
    return rank_discards(inp)


def hand_text(inp: AnalysisInput) -> str:
    """The hand in notation, melds after it: what the player can paste back."""
    body = format_tiles(sort_tiles(inp.tiles))
    return f"{body} {format_melds(inp.melds)}" if inp.melds else body


def _wait(w: WaitValue, lang: str) -> str:
    name = tile_label(w.tile, lang)
    if w.value is None:
        return t("an.wait_no_win", lang, tile=name, left=w.unseen)
    pattern = term(w.pattern or "", lang)
    return t("an.wait_value", lang, tile=name, left=w.unseen, pattern=pattern, value=w.value)


def outlook(row: DiscardAnalysis, lang: str) -> str:
    """The lookahead's figures: the chance of a real win in the draws left, the expected points
    (empty for an analysis made without lookahead)."""
    if row.win_chance is None or row.expected is None:
        return ""
    return t(
        "an.outlook",
        lang,
        chance=f"{100 * row.win_chance:.0f}",
        points=f"{row.expected:+.1f}",
    )


def describe(row: DiscardAnalysis, lang: str) -> str:
    """What one candidate leaves: its distance to a real win and effective tiles, or the waits
    and their values (the 宝吊头 state and 偷机 noted), then the win chance and the points
    expected."""
    figures = outlook(row, lang)
    if row.shanten > 0:
        tiles = " ".join(f"{tile_label(k, lang)}×{n}" for k, n in row.effective) or "—"
        out = t(
            "an.shanten",
            lang,
            n=row.shanten,
            left=row.effective_unseen,
            kinds=len(row.effective),
            tiles=tiles,
        )
        if row.shape_shanten == 0:
            out = t("an.youbao_only", lang) + " · " + out
        return f"{out} · {figures}" if figures else out
    if not row.waits:
        return t("an.no_wait", lang)
    sep = ", " if lang == "en" else "、"
    out = t("an.ready", lang, waits=sep.join(_wait(w, lang) for w in row.waits))
    if row.baodiao:
        out += " · " + t("an.baodiao", lang)
    if row.steal is not None:
        key = "an.steal_pays" if row.steal.pays else "an.steal_not"
        out += " · " + t(key, lang, plain=row.steal.plain, gain=f"{row.steal.gain:+.1f}")
    return f"{out} · {figures}" if figures else out


def ranking_lines(rows: Sequence[DiscardAnalysis], lang: str) -> list[str]:
    """One line per candidate, best first (a 13-tile hand: its one line)."""
    if len(rows) == 1 and rows[0].tile is None:
        return [t("an.state", lang, what=describe(rows[0], lang))]
    lines = [
        t("an.row", lang, rank=i, tile=tile_label(r.tile, lang), what=describe(r, lang))
        for i, r in enumerate(rows[:MAX_TEXT_ROWS], start=1)
        if r.tile is not None
    ]
    if len(rows) > MAX_TEXT_ROWS:
        lines.append(t("an.more", lang, n=len(rows) - MAX_TEXT_ROWS))
    return lines


def fit_lines(lines: Sequence[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """``lines`` joined, whole lines only, within ``limit`` characters (a long line is cut)."""
    out: list[str] = []
    used = 0
    for line in lines:
        if len(line) > limit // 3:
            line = line[: limit // 3 - 1] + "…"
        if used + len(line) + 1 > limit:
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def analysis_text(inp: AnalysisInput, rows: Sequence[DiscardAnalysis], lang: str) -> str:
    """The whole answer of ``/analyze`` as an embed description."""
    lines = [t("an.hand", lang, hand=hand_text(inp))]
    if inp.seen:
        lines.append(t("an.seen", lang, n=len(inp.seen)))
    lines.append("")
    lines += ranking_lines(rows, lang)
    lines += ["", t("an.rule", lang)]
    return fit_lines(lines)
