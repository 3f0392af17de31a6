"""The ``shangrao-bot analyze`` subcommand: its options (:func:`add_analyze_parser`) and its
run (:func:`cmd_analyze`), a batch of hands read from stdin, one per line.

Each hand answers one JSON object (for 14 tiles the complete shapes, for 13 the waits and
shanten); with ``--discards`` (何切) text instead, each hand's discards ranked by the engine's
hand analysis. A bad line answers for itself — an error object, or ``line N: error: …`` — and
the batch goes on; the exit status is then 2, with one line on stderr naming the bad lines.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from shangrao_bot.cli_errors import EXIT_BAD_INPUT, CliError, error_line, one_line, said, shown
from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.analysis_input import (
    TILES_BETWEEN_TURNS,
    TILES_ON_TURN,
    AnalysisInput,
    check_input,
)
from shangrao_bot.engine.ranking import analyze_hand as hand_as_it_stands
from shangrao_bot.engine.ranking import rank_discards
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.hand import analyze_complete, analyze_waiting
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.tiles import (
    format_melds,
    format_tiles,
    parse_hand_and_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
)


def add_analyze_parser(sub: Any) -> None:
    """Add the ``analyze`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
    analyze = sub.add_parser(
        "analyze",
        help="analyse hands read from stdin, one per line",
        description="Read hands from stdin, one per line (melds in brackets allowed), and print "
        "one JSON object per hand: for 14 tiles the complete shapes, for 13 the waits and "
        'shanten. A line that is not a hand answers {"line": N, "error": …, "input": …} '
        "and the batch goes on; blank lines are skipped. Exit status 0 when every line was a "
        "hand, exit status 2 when any was not.",
    )
    analyze.add_argument("--bao", required=True, help="the 宝 kind, or 'none'")
    analyze.add_argument(
        "--discards",
        action="store_true",
        help="何切: for 14 tiles rank every discard (shanten, effective tiles with unseen "
        "copies, waits and their values when ready; fewest shanten first, then the most unseen "
        "effective tiles weighted by what the hand can pay), for 13 show the hand as it stands; "
        "printed as text, a bad line as 'line N: error: …'",
    )
    analyze.add_argument(
        "--seen",
        default="",
        help="with --discards: the other tiles in sight (discards, flown 宝 included, and other "
        "players' melds), e.g. 9p9p1z5m; the indicator is counted from --bao",
    )
    analyze.add_argument(
        "--flown", type=int, default=0, help="with --discards: 宝 you have flown this hand"
    )
    analyze.add_argument("--preset", choices=[p.value for p in Preset], default="shangrao")


def _bao(text: str) -> int | None:
    return None if text.strip().lower() in ("none", "无", "-") else parse_tile(text)


MAX_HAND_LINE = 300  # characters; a hand with melds and Chinese names is far shorter


def input_lines(inp: TextIO, limit: int = MAX_HAND_LINE) -> Iterator[tuple[int, str, int]]:
    """``(number, text, length)`` for each line of ``inp``, counted from 1: ``text`` without its
    line end and cut after ``limit + 1`` characters (the rest of a longer line is read and
    dropped, so one huge line costs no memory), ``length`` the line's full length."""
    number = 0
    while True:
        chunk = inp.readline(limit + 1)
        if chunk == "":
            return
        number += 1
        text = chunk.rstrip("\r\n")
        length = len(text)
        if text == chunk and len(chunk) > limit:  # cut before its line end: drop the rest
            while True:
                tail = inp.readline(65536)
                rest = tail.rstrip("\r\n")
                length += len(rest)
                if tail == "" or rest != tail:
                    break
        yield number, text, length


def analyze_hand(line: str, bao: int | None) -> dict[str, object]:
    """One hand's record: the complete shapes of 14 tiles, the waits and shanten of 13."""
    tiles, melds = parse_hand_and_melds(line)
    hand = format_tiles(sort_tiles(tiles))
    if melds:
        hand = f"{hand} {format_melds(melds)}"
    size = len(tiles) + 3 * len(melds)
    record: dict[str, object] = {"hand": hand}
    if size == 14:
        analysis = analyze_complete(tiles, melds, bao)
        record["complete"] = [s.value for s in analysis.complete]
    elif size == 13:
        waiting = analyze_waiting(tiles, melds, bao)
        record["waits"] = [format_tiles([t]) for t in waiting.waits]
        record["shanten"] = waiting.shanten
    else:
        raise CliError(
            f"the hand has {size} tiles (a meld counts 3): analyze takes 13 (waits) or "
            "14 (complete)"
        )
    return record


def _waits_lines(d: DiscardAnalysis) -> list[str]:
    """A ready hand's waits grouped by what a self-drawn win on them pays, dead ones marked."""
    groups: dict[str, list[str]] = {}
    left: dict[str, int] = {}
    for w in d.waits:
        if w.value is not None:
            key = f"{w.pattern} {w.value} per payer"
        else:
            key = "no win" + (f" ({w.reason.split(':')[0]})" if w.reason else "")
        groups.setdefault(key, []).append(format_tiles([w.tile]) + ("(dead)" if w.dead else ""))
        left[key] = left.get(key, 0) + w.unseen
    return [f"      {key}: {' '.join(ts)} ({left[key]} unseen)" for key, ts in groups.items()]


def _outlook(d: DiscardAnalysis) -> str:
    if d.win_chance is None or d.expected is None:
        return ""
    return f"  win {100 * d.win_chance:.0f}%  expected {d.expected:+.2f} points"


def discard_lines(d: DiscardAnalysis, rank: int | None = None) -> list[str]:
    """One candidate as text: its distance to a real win and effective tiles with unseen
    copies, or when ready the waits with their values, the 宝吊头 state and what 偷机 would
    gain; then the win chance and the points expected."""
    head = f"{rank:2d}. d {format_tiles([d.tile])}" if rank and d.tile is not None else "  hand"
    if d.shanten > 0:
        kinds = " ".join(f"{format_tiles([k])}×{n}" for k, n in d.effective) or "none"
        note = "  (有宝平胡 only)" if d.shape_shanten == 0 else ""
        lines = [
            f"{head}  {d.shanten} from a real win{note}{_outlook(d)}",
            f"      effective {d.effective_unseen} unseen in {len(d.effective)} kinds: {kinds}",
        ]
        return lines + (_waits_lines(d) if d.shape_shanten == 0 else [])
    state = ", 宝吊头: every draw wins" if d.baodiao else ""
    lines = [f"{head}  ready{state}{_outlook(d)}"]
    lines += _waits_lines(d) if d.waits else ["      no tile completes it"]
    if d.steal is not None:
        st = d.steal
        verdict = "pays" if st.pays else "does not pay"
        lines.append(
            f"      偷机 (declining a plain {st.plain}): the next draw is worth "
            f"{st.expected_next:.2f} on average, {st.play_on:.2f} after the risk: "
            f"{verdict} ({st.gain:+.2f})"
        )
    return lines


def discards_text(
    line: str, bao: int, seen: Sequence[int], flown: int, rules: RuleSet
) -> list[str]:
    """``analyze --discards`` for one hand: 14 tiles ranked discard by discard (the hand
    analysis' rule), 13 tiles as they stand."""
    tiles, melds = parse_hand_and_melds(line)
    inp = AnalysisInput(
        tiles=tuple(tiles),
        bao=bao,
        melds=tuple(melds),
        seen=tuple(seen),
        flown=(flown, 0, 0, 0),
        rules=rules,
    )
    check_input(inp, (TILES_ON_TURN, TILES_BETWEEN_TURNS))
    hand = format_tiles(sort_tiles(tiles)) + (f" {format_melds(melds)}" if melds else "")
    out = [f"hand {hand}  宝 {format_tiles([bao])}"]
    if inp.size == TILES_BETWEEN_TURNS:
        return out + discard_lines(hand_as_it_stands(inp))
    for rank, d in enumerate(rank_discards(inp), start=1):
        out += discard_lines(d, rank)
    return out


def _line_list(numbers: list[int], most: int = 5) -> str:
    shown_numbers = ", ".join(str(n) for n in numbers[:most])
    more = ", …" if len(numbers) > most else ""
    return ("line " if len(numbers) == 1 else "lines ") + shown_numbers + more


def cmd_analyze(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """One JSON object per non-blank line, in order; a bad line answers
    ``{"line": N, "error": …, "input": …}`` and the batch goes on. Exit 2 if any line was bad."""
    bao = _bao(args.bao)
    seen = parse_tiles(args.seen) if args.seen else []
    if args.discards and bao is None:
        raise CliError("--discards needs a 宝 kind (--bao 5m): the waits' values depend on it")
    if args.flown < 0:
        raise CliError(f"--flown {args.flown}: the 宝 you flew, 0 or more")
    rules = RuleSet(Preset(args.preset))
    if isinstance(inp, io.TextIOWrapper):
        inp.reconfigure(errors="replace")  # a bad byte spoils its own line only
    bad: list[int] = []
    hands = 0
    for number, text, length in input_lines(inp):
        line = text.strip()
        if not line:
            continue  # blank lines (only whitespace) are skipped: no output
        hands += 1
        record: dict[str, object]
        try:
            if length > MAX_HAND_LINE:
                raise CliError(
                    f"a line of {length} characters is not a hand: analyze reads lines of up "
                    f"to {MAX_HAND_LINE}"
                )
            if args.discards:
                assert bao is not None
                print("\n".join(discards_text(line, bao, seen, args.flown, rules)), file=out)
                continue
            record = analyze_hand(line, bao)
        except (CliError, RulesError) as exc:
            bad.append(number)
            error = one_line(said(exc, args.ui_lang))
            record = {"line": number, "error": error, "input": shown(line)}
            if args.discards:
                print(f"line {number}: error: {record['error']} (input: {shown(line)})", file=out)
                continue
        print(json.dumps(record, ensure_ascii=False), file=out)
    if bad:
        print(
            error_line(
                f"{len(bad)} of {hands} {'hand' if hands == 1 else 'hands'} could not be "
                f"analysed ({_line_list(bad)}); "
                + (
                    "each has a 'line N: error: …' line in the output"
                    if args.discards
                    else 'each has an "error" object in the output'
                )
            ),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    return 0
