"""The ``shangrao-bot score`` subcommand: its options (:func:`add_score_parser`), how its
seat-valued options are read (:func:`read_flown_option`, :func:`read_bonus_option`) and its run
(:func:`cmd_score`): a won hand scored by the rules core, as text or one JSON object.

The winner is seat 0, the others seats 1-3. Bad input raises
:class:`~shangrao_bot.cli_errors.CliError` (or the rules core's refusal), which the CLI reports
as one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from shangrao_bot.cli_errors import CliError
from shangrao_bot.rules.bonus_text import BonusTextError, read_bonus, split_items
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import format_tiles, parse_melds, parse_tile, parse_tiles


def add_score_parser(sub: Any) -> None:
    """Add the ``score`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
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


def _seat(text: str, what: str) -> int:
    try:
        seat = int(text)
    except ValueError:
        raise CliError(f"'{text}' is not a seat in {what}: use 0-3") from None
    if not 0 <= seat <= 3:
        raise CliError(f"'{text}' is not a seat in {what}: use 0-3")
    return seat


def read_flown_option(text: str | None) -> tuple[int, ...]:
    """The ``--flown`` option, ``SEAT:N,…`` with seats 0-3 → 宝 flown per seat (what a recorder
    types in Discord, seats by name, is read by ``service/hand_description.parse_flown``)."""
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


def read_bonus_option(text: str | None) -> tuple[Bonus, ...]:
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
        flown=read_flown_option(args.flown),
        bonuses=read_bonus_option(args.bonus),
    )
    result = score_win(inp, rules)
    if args.json:
        print(json.dumps(_result_json(result, rules), ensure_ascii=False), file=out)
    else:
        _result_text(result, rules, out)
    return 0
