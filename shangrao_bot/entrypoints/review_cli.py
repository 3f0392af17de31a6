"""The ``shangrao-bot review`` subcommand: every decision of a human seat in a finished virtual
hand of the bot's database, judged by the 何切 analysis as ``/review`` judges it.

The hand is a ledger hand id of any server (the operator reads the whole database). Without
``--seat`` every human seat of the hand is reviewed. The same refusals as ``/review`` — an
unknown id, a hand recorded with ``/score``, a hand still being played, an AI seat — end the
command with one line and exit status 2. Text in ``--lang``, or ``--json`` (one object: the hand
and, per seat, the summary and every decision with both options' figures). The command reads
only: the reviews it makes are not stored.

Light to import, as every subcommand module: the store and the engine load when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any, TextIO

from shangrao_bot.entrypoints.cli_ledger import add_hand_options, with_ledger


def add_review_parser(sub: Any) -> None:
    """Add the ``review`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
    review = sub.add_parser(
        "review",
        help="judge a player's decisions in a finished bot-table hand",
        description="Play a finished bot-table hand again from the database's event log and "
        "judge every decision of a human seat (each discard, 宝 flown, claim taken or passed, "
        "win taken or declined) against the 何切 analysis at that moment, from that seat's "
        "view only. Prints the summary (first choices matched, expected points lost, a 0-100 "
        "rating) and every decision, flagged ones marked. Exit status 0 when reviewed; exit "
        "status 2 on bad input or a hand that cannot be reviewed (the reason on one line).",
    )
    add_hand_options(review)
    review.add_argument(
        "--seat",
        type=int,
        choices=(1, 2, 3, 4),
        metavar="N",
        help="the seat to review, 1-4 (default: every human seat)",
    )
    review.add_argument("--lang", choices=("en", "zh-CN", "zh-TW"), default="en")
    review.add_argument("--json", action="store_true", help="print JSON instead of text")


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    reviews = asyncio.run(_review(args.database, args.hand, args.seat))
    if args.json:
        out.write(json.dumps(_as_json(args.hand, reviews), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(_as_text(reviews, args.lang))
    return 0


def _option_json(o: Any) -> dict[str, Any]:
    d = o.outcome
    return {
        "action": o.action.kind.value,
        "tile": o.action.tile,
        "tiles": list(o.action.tiles),
        "expected": round(o.expected, 3),
        "shanten": None if d is None else d.shanten,
        "effective": None if d is None else d.effective_unseen,
        "win_chance": None if d is None or d.win_chance is None else round(d.win_chance, 4),
    }


def _as_json(hand: int, reviews: list[Any]) -> dict[str, Any]:
    return {
        "hand": hand,
        "seats": [
            {
                "seat": r.review.seat + 1,
                "player": r.seat.name,
                "rating": r.review.rating,
                "matched": r.review.matched,
                "judged": len(r.review.judged),
                "flagged": len(r.review.flagged),
                "lost": round(r.review.lost, 3),
                "decisions": [
                    {
                        "number": d.number,
                        "step": d.step + 1,
                        "kind": d.kind.value,
                        "judged": d.judged,
                        "flagged": d.flagged,
                        "loss": round(d.loss, 3),
                        "hand": list(d.concealed),
                        "drawn": d.drawn,
                        "bao": d.bao,
                        "chosen": _option_json(d.chosen),
                        "preferred": _option_json(d.preferred),
                    }
                    for d in r.review.decisions
                ],
            }
            for r in reviews
        ],
    }


def _as_text(reviews: list[Any], lang: str) -> str:
    from shangrao_bot.ui.i18n import t
    from shangrao_bot.ui.review_views import option_words, summary_lines

    lines: list[str] = []
    for r in reviews:
        review = r.review
        lines += [line.replace("**", "") for line in summary_lines(r, lang)]
        for d in review.decisions:
            you, why = option_words(d.chosen, d, lang)
            mark = "!" if d.flagged else " "
            lines.append(f" {mark} {d.step + 1:>3}  {you} — {why}")
            if d.flagged:
                best, best_why = option_words(d.preferred, d, lang)
                lines.append("        " + t("review.better", lang, what=best, why=best_why))
        lines.append("")
    return "\n".join(lines)


async def _review(url: str, hand_id: int, seat: int | None) -> list[Any]:
    from shangrao_bot.service.replay import load_replay
    from shangrao_bot.service.review import LoadedReview, hand_seats, pick_seat_number, review_of

    async def review(db: Any) -> list[Any]:
        loaded = await load_replay(db, None, hand_id)
        seats = await hand_seats(db, hand_id)
        chosen = (
            [pick_seat_number(hand_id, seats, seat - 1)]
            if seat is not None
            else [s for s in seats if s.user_id is not None]
        )
        return [LoadedReview(loaded, seats, review_of(loaded, info.seat)) for info in chosen]

    return await with_ledger(url, review)
