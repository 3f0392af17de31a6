"""Recording a hand at a physical table: scoring it by the rules core (from its tiles, from its
pattern and flags, or a 流局 with bonuses) and writing it **pending** right away — the preview
the recorder sees is the stored hand, so it survives a restart and has a number; it counts once
confirmed (:mod:`.hand_confirmation`). Outside a session ``/score tiles`` is a calculator and
writes nothing. The same hand recorded twice in a session within :data:`DEDUPE_SECONDS` (or
twice under one idempotency key) is one hand.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Required, TypedDict, Unpack

from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.quick import FLAT, QuickInput, quick_patterns, score_quick
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles, tile_str
from shangrao_bot.service.hand_confirmation import needed
from shangrao_bot.service.hand_description import (
    calc_bonuses,
    calc_flown,
    calc_robbed,
    parse_bonuses,
    parse_flown,
)
from shangrao_bot.service.scorekeeping import (
    SEATS,
    ScoreDesk,
    ScoreError,
    ledger_call,
    preset_rules,
    session_rules,
)
from shangrao_bot.service.seating import Actor, require_seated, seat_named, seat_of_user
from shangrao_bot.store.guilds import GuildSettings, get_settings
from shangrao_bot.store.ledger import Hand, HandIn, PaymentIn, SessionInfo, record_hand

DEDUPE_SECONDS = 20.0  # the same hand recorded twice in a session within this: once
SELF_DRAWN = (WinHow.SELF, WinHow.KONG, WinHow.TIANHU)


class QuickOptions(TypedDict, total=False):
    """``/score quick``'s options as typed (seats by number, mention or name; ``flown`` and
    ``bonuses`` as ``WHO:N, …`` and ``WHO:KIND, …``); the scorepad builds the same."""

    winner: Required[str]
    pattern: Required[str]
    how: str  # a WinHow value, "self" when left out
    kong_chain: int
    robbed: str | None
    dandiao: bool
    yaojiu: bool
    flown: str | None
    bonuses: str | None


@dataclass(frozen=True)
class Preview:
    """A scored hand: ``hand`` is the pending record (None for the calculator, outside a
    session); ``seats`` names each seat's player (``座1``… in the calculator, where the winner
    is the first seat: the screens name calculator seats in the reader's language)."""

    result: ScoreResult
    hand: Hand | None
    session: SessionInfo | None
    seats: tuple[str, ...]
    bao: int | None = None
    winning_tile: int | None = None
    how: WinHow = WinHow.SELF
    winner: int | None = None
    needed: int = 0  # confirmations still needed


def hand_in(
    result: ScoreResult,
    winner: int | None,
    how: WinHow,
    flown: Sequence[int],
    bao: int | None,
    detail: Mapping[str, Any],
) -> HandIn:
    """The ledger's record of a scored hand (a win when ``winner`` is given, else a 流局)."""
    payments = tuple(PaymentIn(p.payer, p.payee, p.amount, p.reason.value) for p in result.payments)
    win = winner is not None
    return HandIn(
        outcome="win" if win else "draw",
        payments=payments,
        deltas=tuple(result.deltas),
        winners=(winner,) if winner is not None else (),
        self_draw=(winner,) if winner is not None and how in SELF_DRAWN else (),
        flown=tuple(flown),
        bao=tile_str(bao) if bao is not None else None,
        pattern=result.pattern if win else "流局",
        detail=dict(detail),
    )


def content_key(kind: str, hand: HandIn) -> str:
    """What makes two recorded hands the same hand (for the dedupe window)."""
    canon = json.dumps(
        [
            kind,
            hand.outcome,
            hand.pattern,
            hand.winners,
            hand.flown,
            hand.deltas,
            sorted((p.payer, p.payee, p.amount, p.reason) for p in hand.payments),
        ],
        ensure_ascii=False,
    )
    return hashlib.sha256(canon.encode()).hexdigest()[:32]


class HandRecorder:
    """Scores the hands described with ``/score tiles | quick | draw`` and records them
    pending in the channel's session. ``dedupe_seconds`` is the window in which the same hand
    recorded twice is one hand (the benchmark records identical hands back to back: 0)."""

    def __init__(self, desk: ScoreDesk, dedupe_seconds: float = DEDUPE_SECONDS) -> None:
        self.desk = desk
        self.dedupe_seconds = dedupe_seconds

    async def patterns_for(
        self, guild_id: int, channel_id: int, typed: str, limit: int
    ) -> list[str]:
        """The ``/score quick`` patterns of this channel's preset (its session's, else the
        server's) containing ``typed``, at most ``limit``; 天胡 and 地胡 (listed last) are
        always kept."""
        info = await self.desk.current(guild_id, channel_id)
        if info is not None:
            preset = session_rules(info).preset
        else:
            preset = Preset((await get_settings(self.desk.db, guild_id)).preset)
        wanted = "".join(typed.split())
        names = [n for n in quick_patterns(preset) if wanted in n.replace(" ", "")]
        if len(names) > limit:
            flat = [n for n in names if n in FLAT]
            names = names[: limit - len(flat)] + flat
        return names

    async def _context(
        self, guild_id: int, channel_id: int, actor: Actor
    ) -> tuple[SessionInfo | None, RuleSet, GuildSettings]:
        settings = await get_settings(self.desk.db, guild_id)
        info = await self.desk.current(guild_id, channel_id)
        if info is None:
            return None, preset_rules(settings, None), settings
        require_seated(info, actor)
        return info, session_rules(info), settings

    async def preview_tiles(
        self,
        guild_id: int,
        channel_id: int,
        actor: Actor,
        *,
        hand: str,
        bao: str,
        win: str | None = None,
        melds: str | None = None,
        how: str = "self",
        kong_chain: int = 1,
        robbed: str | None = None,
        flown: str | None = None,
        winner: str | None = None,
        bonuses: str | None = None,
        key: str | None = None,
    ) -> Preview:
        """Score a hand from its tiles; in a session record it pending (see module doc)."""
        db = self.desk.db
        info, rules, settings = await self._context(guild_id, channel_id, actor)
        try:
            how_ = WinHow(how)
        except ValueError:
            raise ScoreError("sk.bad_how", how=how) from None
        try:
            concealed = tuple(parse_tiles(hand))
            bao_kind = parse_tile(bao)
            win_tile = parse_tile(win) if win else None
            meld_list = tuple(parse_melds(melds or ""))
        except RulesError as exc:
            raise ScoreError("score.bad_input", reason=exc.phrase) from None
        if win_tile is None and how_ is not WinHow.TIANHU:
            raise ScoreError("sk.need_win")
        if info is None:
            seat, robbed_seat, flown_t = 0, calc_robbed(robbed), calc_flown(flown)
            bonus_t = calc_bonuses(bonuses)
            seats = tuple(f"座{i + 1}" for i in range(SEATS))
        else:
            seat = await self._winner(info, actor, winner)
            robbed_seat = await seat_named(db, info, robbed, "robbed") if robbed else None
            flown_t = await parse_flown(db, info, flown)
            bonus_t = await parse_bonuses(db, info, bonuses)
            seats = tuple(p.display_name for p in info.seats)
        inp = WinInput(
            concealed=concealed,
            bao=bao_kind,
            winning_tile=win_tile,
            melds=meld_list,
            how=how_,
            kong_chain=kong_chain,
            robbed_seat=robbed_seat,
            winner=seat,
            flown=flown_t,
            bonuses=bonus_t,
        )
        try:  # a hand with several 宝 has many readings: off the event loop
            result = await asyncio.to_thread(score_win, inp, rules)
        except RulesError as exc:
            raise ScoreError("score.bad_input", reason=exc.phrase) from None
        if not result.winning:
            raise ScoreError("score.not_win", reason=result.reason or "")
        detail = {"source": "tiles", "hand": hand, "win": win, "melds": melds, "how": how_.value}
        if result.interpretation is not None:
            detail["interpretation"] = result.interpretation.to_str()
        base = Preview(result, None, info, seats, bao_kind, win_tile, how_, seat)
        return await self._record(info, settings, actor, base, flown_t, detail, key)

    async def preview_quick(
        self,
        guild_id: int,
        channel_id: int,
        actor: Actor,
        *,
        key: str | None = None,
        **options: Unpack[QuickOptions],
    ) -> Preview:
        """Score a hand from its pattern and flags (a session is needed: the winner is a
        seated player) and record it pending."""
        info, settings, base, inp = await self._quick(guild_id, channel_id, actor, options)
        detail = {
            "source": "quick",
            "how": base.how.value,
            "dandiao": inp.dandiao,
            "yaojiu": inp.yaojiu,
        }
        return await self._record(info, settings, actor, base, inp.flown, detail, key)

    async def estimate_quick(
        self, guild_id: int, channel_id: int, actor: Actor, **options: Unpack[QuickOptions]
    ) -> Preview:
        """What :meth:`preview_quick` would record, scored by the same rules and refused the
        same way, with nothing written (``hand`` is None): the scorepad's running payments."""
        return (await self._quick(guild_id, channel_id, actor, options))[2]

    async def _quick(
        self, guild_id: int, channel_id: int, actor: Actor, options: QuickOptions
    ) -> tuple[SessionInfo, GuildSettings, Preview, QuickInput]:
        db = self.desk.db
        info, rules, settings = await self._context(guild_id, channel_id, actor)
        if info is None:
            raise ScoreError("sk.no_session")
        how = options.get("how", "self")
        try:
            how_ = WinHow(how)
        except ValueError:
            raise ScoreError("sk.bad_how", how=how) from None
        seat = await seat_named(db, info, options["winner"], "winner")
        robbed = options.get("robbed")
        inp = QuickInput(
            pattern=" ".join(options["pattern"].split()),
            winner=seat,
            how=how_,
            kong_chain=options.get("kong_chain", 1),
            robbed_seat=await seat_named(db, info, robbed, "robbed") if robbed else None,
            dandiao=options.get("dandiao", False),
            yaojiu=options.get("yaojiu", False),
            flown=await parse_flown(db, info, options.get("flown")),
            bonuses=await parse_bonuses(db, info, options.get("bonuses")),
        )
        try:
            result = score_quick(inp, rules)
        except RulesError as exc:
            raise ScoreError("score.bad_input", reason=exc.phrase) from None
        shown_how = {"天胡": WinHow.TIANHU, "地胡": WinHow.DIHU}.get(inp.pattern, how_)
        seats = tuple(p.display_name for p in info.seats)
        return info, settings, Preview(result, None, info, seats, None, None, shown_how, seat), inp

    async def preview_draw(
        self,
        guild_id: int,
        channel_id: int,
        actor: Actor,
        *,
        bonuses: str | None = None,
        key: str | None = None,
    ) -> Preview:
        """A 流局: only the kong and 宝 bonuses are settled."""
        info, settings, base = await self._draw(guild_id, channel_id, actor, bonuses)
        return await self._record(
            info, settings, actor, base, (0,) * SEATS, {"source": "draw"}, key
        )

    async def estimate_draw(
        self, guild_id: int, channel_id: int, actor: Actor, *, bonuses: str | None = None
    ) -> Preview:
        """What :meth:`preview_draw` would record, with nothing written."""
        return (await self._draw(guild_id, channel_id, actor, bonuses))[2]

    async def _draw(
        self, guild_id: int, channel_id: int, actor: Actor, bonuses: str | None
    ) -> tuple[SessionInfo, GuildSettings, Preview]:
        info, rules, settings = await self._context(guild_id, channel_id, actor)
        if info is None:
            raise ScoreError("sk.no_session")
        bonus_t = await parse_bonuses(self.desk.db, info, bonuses)
        try:
            result = score_draw(bonus_t, rules)
        except RulesError as exc:  # 接宝 and 四个宝 together, two 四个宝 … (nothing is written)
            raise ScoreError("score.bad_input", reason=exc.phrase) from None
        seats = tuple(p.display_name for p in info.seats)
        return info, settings, Preview(result, None, info, seats, None, None, WinHow.SELF, None)

    async def _winner(self, info: SessionInfo, actor: Actor, winner: str | None) -> int:
        if winner:
            return await seat_named(self.desk.db, info, winner, "winner")
        seat = seat_of_user(info, actor.user_id)
        if seat is None:
            raise ScoreError("sk.name_winner")
        return seat

    async def _record(
        self,
        info: SessionInfo | None,
        settings: GuildSettings,
        actor: Actor,
        base: Preview,
        flown: Sequence[int],
        detail: Mapping[str, Any],
        key: str | None,
    ) -> Preview:
        if info is None:
            return base
        record = hand_in(base.result, base.winner, base.how, flown, base.bao, detail)
        since = (self.desk.now() - timedelta(seconds=self.dedupe_seconds)).isoformat()
        hand = await ledger_call(
            record_hand(
                self.desk.db,
                info.guild_id,
                info.id,
                record,
                actor.user_id,
                idempotency_key=key,
                content_key=content_key(str(detail.get("source")), record),
                dedupe_since=since,
            )
        )
        return Preview(
            base.result,
            hand,
            info,
            base.seats,
            base.bao,
            base.winning_tile,
            base.how,
            base.winner,
            needed(info, settings, hand),
        )
