"""Command line: ``shangrao-bot score | analyze | verify | simulate | play | render | run`` over
the rules core, the engine and the renderer.

Bad input never produces a traceback: it ends with exit status 2 and one line on stderr that
names the offending token.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from shangrao_bot.engine.wall import Wall, WallError, parse_seed, shuffle_wall
from shangrao_bot.render.cli import add_render_parser
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.hand import analyze_complete, analyze_waiting
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import Bonus, BonusKind, ScoreResult, WinHow, WinInput, score_win
from shangrao_bot.rules.tiles import (
    Meld,
    bao_from_indicator,
    format_melds,
    format_tiles,
    parse_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
)


class CliError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(message)


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


def parse_bonuses(text: str | None) -> tuple[Bonus, ...]:
    """``SEAT:KIND,…`` with KIND one of minggang, angang, jiebao, sigebao."""
    if not text:
        return ()
    out = []
    kinds = ", ".join(k.value for k in BonusKind)
    for item in text.split(","):
        seat_s, sep, kind_s = item.strip().partition(":")
        if not sep:
            raise CliError(f"'{item}' in --bonus should be SEAT:KIND, e.g. 1:minggang")
        seat = _seat(seat_s, "--bonus")
        try:
            kind = BonusKind(kind_s.strip().lower())
        except ValueError:
            raise CliError(f"'{kind_s}' is not a bonus kind: use {kinds}") from None
        out.append(Bonus(seat, kind))
    return tuple(out)


def split_hand_line(line: str) -> tuple[list[int], list[Meld]]:
    """A hand as typed: tiles with melds in brackets anywhere (``123m [777s] 11z``)."""
    tiles_text = []
    melds_text = []
    depth_closer = ""
    buf = ""
    for ch in line:
        if not depth_closer and ch in "[(【（":
            tiles_text.append(buf)
            buf = ch
            depth_closer = {"[": "]", "(": ")", "【": "】", "（": "）"}[ch]
        elif depth_closer and ch == depth_closer:
            melds_text.append(buf + ch)
            buf = ""
            depth_closer = ""
        else:
            buf += ch
    if depth_closer:
        melds_text.append(buf)  # parse_melds reports the missing closer
    else:
        tiles_text.append(buf)
    return parse_tiles(" ".join(tiles_text)), parse_melds(" ".join(melds_text))


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


def cmd_analyze(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    bao = _bao(args.bao)
    for raw in inp:
        line = raw.strip()
        if not line:
            continue
        tiles, melds = split_hand_line(line)
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
            raise CliError(f"'{line}' has {size} tiles: analyze takes 13 (waits) or 14 (complete)")
        print(json.dumps(record, ensure_ascii=False), file=out)
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
        help="bonus events: SEAT:KIND,… with KIND minggang (碰杠), "
        "angang (自摸杠), jiebao (接宝), sigebao (四个宝)",
    )
    score.add_argument("--stake", type=int, default=1, help="multiplies every amount")
    score.add_argument("--json", action="store_true", help="print one JSON object")

    analyze = sub.add_parser(
        "analyze",
        help="analyse hands read from stdin, one per line",
        description="For 14 tiles print the complete shapes; for 13 the waits and shanten. "
        "Melds may be given in brackets on the line.",
    )
    analyze.add_argument("--bao", required=True, help="the 宝 kind, or 'none'")

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
        "--ai", default="normal", help="one level for all seats or four, e.g. normal,easy,easy,easy"
    )
    simulate.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    simulate.add_argument("--stake", type=_positive("--stake"), default=1)
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    play = sub.add_parser(
        "play",
        help="play in the terminal (seat 0) against three AI players",
        description="You are seat 0 against three AI players. Commands: d 5m (discard), chi "
        "345m, pong, kong 7z, hu, pass, hint, help, quit. Works over a pipe.",
    )
    play.add_argument("--ai", default="normal", help="the opponents' level: normal or easy")
    play.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    play.add_argument("--hands", type=_positive("--hands"), default=4, help="default 4")
    play.add_argument("--seed", help="any text; the same seed deals the same session")
    play.add_argument("--stake", type=_positive("--stake"), default=1)
    add_render_parser(sub)
    sub.add_parser("run", help="run the Discord bot (same as python bot.py)")
    return parser


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if args.command == "score":
            return cmd_score(args, out)
        if args.command == "analyze":
            return cmd_analyze(args, stdin or sys.stdin, out)
        if args.command == "verify":
            return cmd_verify(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "render":
            from shangrao_bot.render.cli import run_render

            return run_render(args, out)
        if args.command == "play":
            from shangrao_bot.play import run_play

            return run_play(args, stdin or sys.stdin, out)
        # imported here: discord.py takes a while to import and score/analyze do not need it
        from shangrao_bot.bot_runner import run_bot
        from shangrao_bot.settings import load_settings

        return run_bot(load_settings())
    except (CliError, RulesError, WallError, ValueError) as exc:
        print(f"shangrao-bot: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except Exception as exc:  # a bug: still one line for the user, never a traceback
        print(
            f"shangrao-bot: internal error ({type(exc).__name__}: {exc}); please report it "
            "with the command you ran",
            file=sys.stderr,
        )
        return 1
