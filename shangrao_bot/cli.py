"""Command line: ``shangrao-bot score | analyze | verify | simulate | arena | play | render |
replay | run | migrate`` over the rules core, the engine, the renderer and the ledger database.

Conventions shared by every subcommand:

* Bad input never produces a traceback: it ends with exit status 2 and one line on stderr,
  ``shangrao-bot: error: …``, that names the offending token (argparse's own usage errors
  included). Echoed input has its control characters escaped (``\\x1b``) and long tokens cut.
* ``analyze`` reads a batch: a bad line answers with an error object for that line, the batch
  goes on, and the exit status is 2 when any line was bad. With ``--discards`` (何切) it prints
  text, each hand's discards ranked by the hand analysis, and a bad line as ``line N: error: …``.
* Output cut short by its reader (``shangrao-bot … | head``) ends quietly with exit status 141
  (128 + SIGPIPE, what a shell reports for a command stopped by a closed pipe).
* Ctrl-C ends with exit status 130 and no traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn, TextIO

from shangrao_bot.arena_cli import add_arena_parser, cmd_arena
from shangrao_bot.cli_errors import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    CliError,
    error_line,
    one_line,
    shown,
)
from shangrao_bot.engine.analysis import (
    TILES_BETWEEN_TURNS,
    TILES_ON_TURN,
    AnalysisInput,
    DiscardAnalysis,
    check_input,
    rank_discards,
)
from shangrao_bot.engine.analysis import analyze_hand as hand_as_it_stands
from shangrao_bot.engine.wall import Wall, WallError, parse_seed, shuffle_wall
from shangrao_bot.render.cli import add_render_parser
from shangrao_bot.replay_cli import add_replay_parser, cmd_replay
from shangrao_bot.rules.bonus_text import BonusTextError, read_bonus, split_items
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.hand import analyze_complete, analyze_waiting
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import Bonus, BonusKind, ScoreResult, WinHow, WinInput, score_win
from shangrao_bot.rules.tiles import (
    bao_from_indicator,
    format_melds,
    format_tiles,
    parse_hand_and_melds,
    parse_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message}; try '{self.prog} --help'")


def _seat(text: str, what: str) -> int:
    try:
        seat = int(text)
    except ValueError:
        raise CliError(f"'{text}' is not a seat in {what}: use 0-3") from None
    if not 0 <= seat <= 3:
        raise CliError(f"'{text}' is not a seat in {what}: use 0-3")
    return seat


def parse_flown(text: str | None) -> tuple[int, ...]:
    """``SEAT:N,…`` → 宝 discarded per seat."""
    flown = [0, 0, 0, 0]
    if not text:
        return tuple(flown)
    for item in text.split(","):
        seat_s, sep, n_s = item.strip().partition(":")
        if not sep:
            raise CliError(f"'{item}' in --flown should be SEAT:N, e.g. 0:1")
        seat = _seat(seat_s, "--flown")
        try:
            n = int(n_s)
        except ValueError:
            raise CliError(f"'{item}' in --flown: '{n_s}' is not a number of 宝") from None
        if not 0 <= n <= 4:
            raise CliError(f"'{item}' in --flown: a seat can fly 0-4 宝")
        flown[seat] += n
        if flown[seat] > 4:
            raise CliError(f"'{text}' in --flown: seat {seat} flies {flown[seat]} 宝, at most 4")
    return tuple(flown)


BONUS_KINDS_HELP = (
    "minggang (明杠 碰杠 补杠), angang (暗杠 自摸杠 跌宝杠), jiebao (接宝) or sigebao (四个宝), "
    "with ×N for several, e.g. 2:暗杠×2"
)


def parse_bonuses(text: str | None) -> tuple[Bonus, ...]:
    """``SEAT:KIND,…`` read as ``/score``'s ``bonuses`` are (:mod:`shangrao_bot.rules.bonus_text`:
    pinyin or Chinese kinds, ``×N``), with seats 0-3."""
    out: list[Bonus] = []
    for item in split_items(text):
        try:
            bonus = read_bonus(item)
        except BonusTextError as exc:
            if exc.problem == "kind":
                raise CliError(
                    f"'{item}' in --bonus does not name a bonus kind: use {BONUS_KINDS_HELP}"
                ) from None
            if exc.problem == "times":
                raise CliError(f"'{item}' in --bonus: a bonus repeats 1-4 times") from None
            raise CliError(f"'{item}' in --bonus should be SEAT:KIND, e.g. 1:minggang") from None
        seat = _seat(bonus.who, "--bonus")
        out += [Bonus(seat, BonusKind(bonus.kind))] * bonus.times
    return tuple(out)


def _bao(text: str) -> int | None:
    return None if text.strip().lower() in ("none", "无", "-") else parse_tile(text)


def _result_json(result: ScoreResult, rules: RuleSet) -> dict[str, object]:
    interp = result.interpretation
    return {
        "winning": result.winning,
        "reason": result.reason,
        "preset": rules.preset.value,
        "stake": rules.stake,
        "pattern": result.pattern,
        "pattern_factor": result.pattern_factor,
        "modifiers": [{"name": m.name, "factor": m.factor} for m in result.modifiers],
        "value": result.value,
        "interpretation": interp.to_str() if interp else None,
        "shape": interp.shape.value if interp else None,
        "clean": interp.clean if interp else None,
        "acting": format_tiles(interp.acting) if interp else None,
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": p.amount, "reason": p.reason.value}
            for p in result.payments
        ],
        "deltas": list(result.deltas),
    }


def _result_text(result: ScoreResult, rules: RuleSet, out: TextIO) -> None:
    if not result.winning:
        print(f"Not a win: {result.reason}", file=out)
        return
    interp = result.interpretation
    assert interp is not None
    print(f"Preset: {rules.preset.value}   stake: {rules.stake}", file=out)
    clean = "clean (无宝)" if interp.clean else f"有宝: 宝 acting as {format_tiles(interp.acting)}"
    print(f"Interpretation: {interp.to_str()}   [{interp.shape.value}, {clean}]", file=out)
    print(f"Pattern: {result.pattern} ×{result.pattern_factor}", file=out)
    if result.modifiers:
        mods = ", ".join(f"{m.name} ×{m.factor}" for m in result.modifiers)
        print(f"Modifiers: {mods}", file=out)
    print(f"Value per payer: {result.value}", file=out)
    print("Payments:", file=out)
    for p in result.payments:
        print(f"  seat {p.payer} pays seat {p.payee} {p.amount:>6}  ({p.reason.value})", file=out)
    deltas = "  ".join(f"seat {i}: {d:+d}" for i, d in enumerate(result.deltas))
    print(f"Totals: {deltas}", file=out)


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    tiles = parse_tiles(args.hand)
    melds = parse_melds(args.melds or "")
    how = WinHow(args.how)
    rules = RuleSet(Preset(args.preset), stake=args.stake)
    win = parse_tile(args.win) if args.win else None
    if win is None and how is not WinHow.TIANHU:
        raise CliError("--win is missing: name the winning tile (not needed for --how tianhu)")
    if args.bao.strip().lower() in ("none", "-"):
        raise CliError("score needs the 宝 kind (e.g. --bao 5m): every Shangrao hand has one")
    if args.robbed is not None and how is not WinHow.ROB:
        raise CliError(f"--robbed {args.robbed} is only for --how rob (a robbed kong)")
    if args.kong_chain != 1 and how is not WinHow.KONG:
        raise CliError(f"--kong-chain {args.kong_chain} is only for --how kong (杠开)")
    robbed = _seat(args.robbed, "--robbed") if args.robbed is not None else None
    inp = WinInput(
        concealed=tuple(tiles),
        bao=parse_tile(args.bao),
        winning_tile=win,
        melds=tuple(melds),
        how=how,
        kong_chain=args.kong_chain,
        robbed_seat=robbed,
        winner=0,
        flown=parse_flown(args.flown),
        bonuses=parse_bonuses(args.bonus),
    )
    result = score_win(inp, rules)
    if args.json:
        print(json.dumps(_result_json(result, rules), ensure_ascii=False), file=out)
    else:
        _result_text(result, rules, out)
    return 0


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


def discard_lines(d: DiscardAnalysis, rank: int | None = None) -> list[str]:
    """One candidate as text: shanten, weight, effective tiles with unseen copies, and when
    ready the waits with their values, the 宝吊头 state and what 偷机 would gain."""
    head = f"{rank:2d}. d {format_tiles([d.tile])}" if rank and d.tile is not None else "  hand"
    if d.shanten > 0:
        kinds = " ".join(f"{format_tiles([k])}×{n}" for k, n in d.effective) or "none"
        return [
            f"{head}  shanten {d.shanten}  weight {d.weight}  effective {d.effective_unseen} "
            f"unseen in {len(d.effective)} kinds: {kinds}"
        ]
    state = ", 宝吊头: every draw wins" if d.baodiao else ""
    lines = [f"{head}  ready{state}  expected value {d.weight} (Σ unseen × value)"]
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
            record = {"line": number, "error": one_line(str(exc)), "input": shown(line)}
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


def cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    seed = parse_seed(args.seed)
    published = args.hash.strip().lower()
    if len(published) != 64 or any(ch not in "0123456789abcdef" for ch in published):
        raise CliError(f"'{args.hash}' is not a sha256 hash: it should be 64 hex digits")
    setup = shuffle_wall(seed)
    matches = setup.commitment == published
    wall = Wall(setup)
    indicator = wall.indicator
    dice = setup.dice
    if args.json:
        record = {
            "matches": matches,
            "computed_hash": setup.commitment,
            "wall": format_tiles(setup.order),
            "dealer_rolls": [
                [list(roll) if roll else None for roll in r] for r in dice.dealer_rounds
            ],
            "first_dealer": dice.first_dealer,
            "break_dice": list(dice.break_dice),
            "indicator_dice": list(dice.indicator_dice),
            "indicator": format_tiles([indicator]),
            "bao": format_tiles([bao_from_indicator(indicator)]),
        }
        print(json.dumps(record), file=out)
    else:
        verdict = "matches" if matches else "DOES NOT match"
        print(f"sha256(seed) = {setup.commitment}: {verdict} the published hash", file=out)
        for n, r in enumerate(dice.dealer_rounds, 1):
            rolls = "  ".join(
                f"seat {seat}: " + (f"{roll[0]}+{roll[1]}" if roll else "-")
                for seat, roll in enumerate(r)
            )
            print(f"dealer dice, round {n}: {rolls}", file=out)
        print(f"first dealer: seat {dice.first_dealer}", file=out)
        print(f"break dice: {dice.break_dice[0]}+{dice.break_dice[1]}", file=out)
        ind_dice = f"{dice.indicator_dice[0]}+{dice.indicator_dice[1]}"
        print(
            f"跌宝 dice: {ind_dice} → indicator {format_tiles([indicator])}, "
            f"宝 {format_tiles([bao_from_indicator(indicator)])}",
            file=out,
        )
        print(f"wall (head first): {format_tiles(setup.order)}", file=out)
    return 0 if matches else 1


def _positive(option: str) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise CliError(f"{option} '{text}' is not a whole number") from None
        if n < 1:
            raise CliError(f"{option} {n} is too small: use 1 or more")
        return n

    return convert


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from shangrao_bot.simulate import parse_levels, simulate

    rules = RuleSet.from_name(args.preset, stake=args.stake)
    report = simulate(args.hands, args.seed, parse_levels(args.ai), rules)
    if args.json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        out.write(report.to_text() + "\n")
    return 0 if report.invariant_violations == 0 and report.zero_sum else 1


def cmd_migrate(out: TextIO) -> int:
    """Apply the migrations to ``DATABASE_URL``'s database, as the bot does at start-up."""
    from shangrao_bot.settings import load_settings
    from shangrao_bot.store.errors import StoreError

    url = load_settings().database_url
    try:
        shown_target, before, after = asyncio.run(_migrate(url))
    except StoreError as exc:  # unusable, unreachable, or newer than this bot
        raise CliError(str(exc)) from None
    was = "" if before is None else f" (was {before})"
    print(f"database {shown_target} at schema version {after}{was}", file=out)
    return 0


async def _migrate(url: str) -> tuple[str, int | None, int]:
    """Open (and so migrate and write-probe) the ledger at ``url``: what it is (no password),
    its version before, when it could be read, and after."""
    from shangrao_bot.store.startup import open_ledger

    before = await _version_before(url)
    db = await open_ledger(url)
    try:
        return db.path, before, await db.user_version()
    finally:
        await db.close()


async def _version_before(url: str) -> int | None:
    """The schema version of the ledger ``url`` names, read without changing anything: 0 for
    an SQLite file not yet made; None when it cannot be read (opening it then says why)."""
    import sqlite3
    from pathlib import Path

    import asyncpg

    from shangrao_bot.store.db import is_postgres_url, path_from_url
    from shangrao_bot.store.errors import StoreError
    from shangrao_bot.store.pg_db import connect, schema_version

    if is_postgres_url(url):
        try:
            server = await connect(url)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            return None
        try:
            return await schema_version(server)
        except asyncpg.PostgresError:
            return None
        finally:
            await server.close()
    try:
        path = Path(path_from_url(url))
    except StoreError:
        return None
    if not path.exists():
        return 0
    try:
        file = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = file.execute("PRAGMA user_version").fetchone()
        return int(row[0]) if row else 0
    except sqlite3.Error:
        return None
    finally:
        file.close()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="shangrao-bot",
        description="Shangrao mahjong (上饶麻将): Discord bot, scorer and hand analyser.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = sub.add_parser(
        "score",
        help="score a won hand (the winner is seat 0)",
        description="Score a won hand. The winner is seat 0, the others seats 1-3. --hand holds "
        "every concealed tile including the winning tile.",
    )
    score.add_argument("--hand", required=True, help="concealed tiles, e.g. 123m456p789s11122z")
    score.add_argument("--melds", help="melds: [123m] [777s] [2222p] exposed, (1111z) concealed")
    score.add_argument("--win", help="the winning tile (not needed for --how tianhu)")
    score.add_argument("--bao", required=True, help="the 宝 kind, e.g. 5m")
    score.add_argument("--preset", choices=[p.value for p in Preset], default="shangrao")
    score.add_argument(
        "--how",
        choices=[h.value for h in WinHow],
        default="self",
        help="self-draw, kong replacement, robbed kong, 天胡, 地胡",
    )
    score.add_argument(
        "--kong-chain",
        type=int,
        default=1,
        help="kongs in the unbroken chain ending with the winning replacement",
    )
    score.add_argument("--robbed", help="seat whose 补杠 was robbed (with --how rob)")
    score.add_argument("--flown", help="宝 discarded per seat: SEAT:N,… e.g. 0:1,2:1")
    score.add_argument(
        "--bonus",
        help="bonus events: SEAT:KIND,… with KIND minggang (明杠 碰杠 补杠), angang (暗杠 "
        "自摸杠 跌宝杠), jiebao (接宝) or sigebao (四个宝), ×N for several: 1:minggang,2:暗杠×2",
    )
    score.add_argument("--stake", type=int, default=1, help="multiplies every amount")
    score.add_argument("--json", action="store_true", help="print one JSON object")

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

    verify = sub.add_parser(
        "verify",
        help="check a hand's fairness: recompute its wall from the revealed seed",
        description="Recompute the wall order and dice of a hand from the seed the table revealed "
        "at its end, and check it against the sha256 hash published at its start. Exit 0 when "
        "the hash matches, 1 when it does not.",
    )
    verify.add_argument("--seed", required=True, help="the revealed seed (64 hex digits)")
    verify.add_argument("--hash", required=True, help="the published sha256 (64 hex digits)")
    verify.add_argument("--json", action="store_true", help="print one JSON object")

    simulate = sub.add_parser(
        "simulate",
        help="AI players play N hands; report outcomes, invariant checks and speed",
        description="Four AI players play a session of N hands. Every action is followed by "
        "the engine's invariant checks; the report counts violations (expected: 0).",
    )
    simulate.add_argument("--hands", type=_positive("--hands"), default=100, help="default 100")
    simulate.add_argument("--seed", help="any text; the same seed replays the same session")
    simulate.add_argument(
        "--ai",
        default="normal",
        help="easy, normal or hard: one level for all seats or four, e.g. hard,normal,easy,easy",
    )
    simulate.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    simulate.add_argument("--stake", type=_positive("--stake"), default=1)
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    play = sub.add_parser(
        "play",
        help="play in the terminal (seat 0) against three AI players",
        description="You are seat 0 against three AI players. Your hand is shown in mpsz and "
        "in Chinese, the 宝 in 【】. Commands: d 5m or 5m alone (discard; 五万 too), . (discard "
        "the drawn tile), chi 345m, pong, kong 7z, hu, pass, hint, help, quit. Works over a "
        "pipe.",
    )
    play.add_argument(
        "--ai", default="normal", help="the opponents' level: easy, normal (default) or hard"
    )
    play.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    play.add_argument("--hands", type=_positive("--hands"), default=4, help="default 4")
    play.add_argument("--seed", help="any text; the same seed deals the same session")
    play.add_argument("--stake", type=_positive("--stake"), default=1)
    add_render_parser(sub)
    add_replay_parser(sub)
    add_arena_parser(sub)
    sub.add_parser("run", help="run the Discord bot (same as python bot.py)")
    sub.add_parser(
        "migrate",
        help="bring DATABASE_URL's database to this bot's schema version",
        description="Apply the schema migrations to the database DATABASE_URL names (an "
        "SQLite file, created if missing, or a PostgreSQL database), as the bot does at "
        "start-up, and print the version reached and the one before. Exit status 0 when done, "
        "2 when the database cannot be used (the reason on one line).",
    )
    return parser


def _drop_stdout() -> None:
    """After a broken pipe: point stdout at the null device, so that the interpreter's own
    flush at exit does not fail (and complain) again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    try:
        status = _main(argv, stdin, out)
        out.flush()
        return status
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        if stdout is None:
            _drop_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None, stdin: TextIO | None, out: TextIO) -> int:
    try:
        with contextlib.redirect_stdout(out):  # --help goes where the output goes
            args = build_parser().parse_args(argv)
        if args.command == "score":
            return cmd_score(args, out)
        if args.command == "analyze":
            return cmd_analyze(args, stdin or sys.stdin, out)
        if args.command == "verify":
            return cmd_verify(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "arena":
            return cmd_arena(args, out)
        if args.command == "render":
            from shangrao_bot.render.cli import run_render

            return run_render(args, out)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "play":
            from shangrao_bot.play import run_play

            return run_play(args, stdin or sys.stdin, out)
        if args.command == "migrate":
            return cmd_migrate(out)
        # imported here: discord.py takes a while to import and score/analyze do not need it
        from shangrao_bot.bot_runner import run_bot
        from shangrao_bot.settings import load_settings

        return run_bot(load_settings())
    except BrokenPipeError:
        raise
    except (CliError, RulesError, WallError, ValueError) as exc:
        print(error_line(str(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except Exception as exc:  # a bug: still one line for the user, never a traceback
        print(
            error_line(
                f"internal error ({type(exc).__name__}: {exc}); please report it with the "
                "command you ran"
            ),
            file=sys.stderr,
        )
        return 1
