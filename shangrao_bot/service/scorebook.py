"""Scorekeeping for physical tables: sessions, previews awaiting confirmation, undo and void,
settlement — the rules the Discord commands apply, with no Discord in them.

A hand is scored by the rules core (from its tiles, from its pattern and flags, or a 流局 with
bonuses) and recorded **pending** right away: the preview the recorder sees is the stored hand,
so it survives a restart and has a number. It counts once enough other seated members confirm
(the guild's ``confirmations``, capped by how many other members sit; the recorder alone when
no other member sits) or one member with the scorer role (or an administrator) confirms.
Anyone seated, the recorder or a scorer may cancel it; it expires after the guild's
``confirm_minutes``. A hand that counts is voided or undone by a scorer or an administrator,
or by its recorder with the confirmation of another seated member (a :class:`VoidRequest`,
confirmed like a preview): a recorder cannot erase alone what someone else confirmed. Every
refusal is a :class:`ScoreError` with a message key of :mod:`.score_messages`, and nothing is
written when one is raised.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from shangrao_bot.errors import UserError
from shangrao_bot.names import MAX_NAME, name_problem, normalize_name, shorten
from shangrao_bot.rules.bonus_text import BonusTextError, read_bonus, split_items
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.quick import FLAT, QuickInput, quick_patterns, score_quick
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import (
    Bonus,
    BonusKind,
    ScoreResult,
    WinHow,
    WinInput,
    score_draw,
    score_win,
)
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles, tile_str
from shangrao_bot.store.db import Database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.guilds import GuildSettings, get_settings
from shangrao_bot.store.ledger import (
    Hand,
    HandIn,
    PaymentIn,
    Player,
    Quorum,
    SessionInfo,
    Settlement,
    TransferRow,
    close_session,
    confirm_hand,
    find_guest,
    get_hand,
    get_player,
    get_session,
    guest_player,
    list_sessions,
    list_transfers,
    mark_paid,
    open_session,
    pending_hands,
    player_named,
    record_hand,
    session_balances,
    undo_last_hand,
    user_player,
    void_hand,
)

SEATS = 4
DEDUPE_SECONDS = 20.0  # the same hand recorded twice in a session within this: once
MAX_STAKE = 1000  # as /rules set allows: a stake beyond this is a typo, not a game
SELF_DRAWN = (WinHow.SELF, WinHow.KONG, WinHow.TIANHU)
# Why a hand was voided, as the audit trail keeps it (English, like every stored reason; the
# screens say it in the reader's language with :func:`void_reason`). The ledger writes an
# undo's reason as ``undo: {why}``.
CANCELLED_BY = "cancelled by "
EXPIRED = "expired: not confirmed in time"
UNDO = "undo: "
_MENTION = re.compile(r"<@!?(\d{1,20})>")


class ScoreError(UserError):
    """A refusal of the scorebook: ``key`` of :mod:`.score_messages` with its arguments."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key, **args)


@dataclass(frozen=True)
class Actor:
    """Who acts: their user id, display name, and what the guild lets them do."""

    user_id: int
    name: str
    is_admin: bool = False
    is_scorer: bool = False

    @property
    def official(self) -> bool:
        """A scorer or an administrator: may confirm, void and record for any session."""
        return self.is_admin or self.is_scorer


@dataclass(frozen=True)
class RosterEntry:
    """One seat of ``/session start``: a member (``user_id``) or a guest (``name`` only)."""

    name: str
    user_id: int | None = None


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


@dataclass(frozen=True)
class ConfirmOutcome:
    hand: Hand
    counted: bool  # the hand now counts
    needed: int  # confirmations still missing (0 once counted)


@dataclass(frozen=True)
class VoidRequest:
    """A recorder asks to void (``undo``: to undo) their hand that counts. It waits, like a
    preview, for another seated member (or a scorer) to confirm; it is kept in memory only
    (a restart drops it: the recorder asks again) and lapses after ``confirm_minutes``."""

    id: str  # random: a button of a request from before a restart never matches a new one
    guild_id: int
    session_id: int
    hand_id: int
    hand_seq: int
    requester: int
    requester_name: str
    reason: str
    undo: bool
    expires: datetime


@dataclass(frozen=True)
class Standing:
    player: Player
    seat: int
    total: int


@dataclass(frozen=True)
class Scoreboard:
    """What the live scoreboard shows: standings by seat, the confirmed hands' deltas in order
    (for the chart), the last counted hand and how many wait for confirmation."""

    session: SessionInfo
    standings: tuple[Standing, ...]
    deltas: tuple[tuple[int, ...], ...]
    last: Hand | None
    pending: int


def parse_roster(text: str) -> list[RosterEntry]:
    """``@Alice @Bob Lao Wang, Xiao Li`` → seats in order. Mentions are members; with a comma
    (, ，、) anywhere, names are separated by commas (a guest's name may have spaces), else by
    spaces."""
    by_comma = bool(re.search(r"[,，、]", _MENTION.sub(" ", text)))
    out: list[RosterEntry] = []
    for chunk in re.split(r"(<@!?\d+>)", text):
        mention = _MENTION.fullmatch(chunk)
        if mention:
            out.append(RosterEntry("", int(mention.group(1))))
            continue
        parts = re.split(r"[,，、]", chunk) if by_comma else chunk.split()
        out += [RosterEntry(" ".join(p.split())) for p in parts if p.strip()]
    return out


def check_guest_name(name: str, members: Sequence[str] = ()) -> str:
    """``name`` normalized (see :mod:`shangrao_bot.names`), or the refusal saying why it
    cannot name a guest seated with ``members`` (their display names)."""
    cleaned = normalize_name(name)
    problem = name_problem(cleaned, members)
    if problem is not None:
        raise ScoreError(f"sk.name_{problem}", name=shorten(cleaned or name, 20), limit=MAX_NAME)
    return cleaned


def _mention_pieces(text: str) -> list[str]:
    return [m.group(1) for m in _MENTION.finditer(text)]


def _utc(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


def _content_key(kind: str, hand: HandIn) -> str:
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


class ScoreBook:
    """The scorekeeping rules over the ledger. ``now`` is the clock (tests move it);
    ``dedupe_seconds`` the window in which the same hand recorded twice is one hand
    (the benchmark records identical hands back to back and sets it to 0)."""

    def __init__(
        self,
        db: Database,
        now: Callable[[], datetime] | None = None,
        dedupe_seconds: float = DEDUPE_SECONDS,
    ) -> None:
        self.db = db
        self.now = now or (lambda: datetime.now(UTC))
        self.dedupe_seconds = dedupe_seconds
        self._expired: list[Hand] = []
        self._requests: dict[str, VoidRequest] = {}

    # --- sessions ---------------------------------------------------------------------------

    async def current(self, guild_id: int, channel_id: int) -> SessionInfo | None:
        """The open physical session of this channel, if any."""
        found = await list_sessions(self.db, guild_id, status="open", channel_id=channel_id)
        physical = [s for s in found if s.kind == "physical"]
        return physical[0] if physical else None

    async def require_current(self, guild_id: int, channel_id: int) -> SessionInfo:
        info = await self.current(guild_id, channel_id)
        if info is None:
            raise ScoreError("sk.no_session")
        return info

    async def rules_for(self, settings: GuildSettings, preset: str | None) -> RuleSet:
        name = (preset or settings.preset).strip().lower()
        try:
            chosen = Preset(name)
        except ValueError:
            raise ScoreError("sk.bad_preset", preset=name) from None
        return RuleSet(chosen, settings.stake, **settings.switches)

    async def start(
        self,
        guild_id: int,
        channel_id: int,
        actor: Actor,
        roster: Sequence[RosterEntry],
        names: Mapping[int, str],
        preset: str | None = None,
        stake: int | None = None,
    ) -> SessionInfo:
        """Open a physical session in this channel with four seats (in order)."""
        if len(roster) != SEATS:
            raise ScoreError("sk.roster_size", count=len(roster))
        members = [names.get(e.user_id) or "" for e in roster if e.user_id is not None]
        roster = [
            e if e.user_id is not None else RosterEntry(check_guest_name(e.name, members))
            for e in roster
        ]
        keys = [e.user_id if e.user_id is not None else e.name.casefold() for e in roster]
        if len(set(keys)) != SEATS:
            raise ScoreError("sk.roster_twice")
        settings = await get_settings(self.db, guild_id)
        rules = await self.rules_for(settings, preset)
        chosen_stake = settings.stake if stake is None else stake
        if not 1 <= chosen_stake <= MAX_STAKE:
            raise ScoreError("sk.bad_stake", stake=chosen_stake, limit=MAX_STAKE)
        if await self.current(guild_id, channel_id) is not None:
            raise ScoreError("sk.session_open")
        # two names of one player (a guest's alias, a guest merged into a member listed too)
        # are refused before anything is written
        known = [p.id for p in [await self._existing(guild_id, e) for e in roster] if p]
        if len(known) != len(set(known)):
            raise ScoreError("sk.roster_twice")
        players: list[Player] = []
        for e in roster:
            if e.user_id is not None:
                name = normalize_name(names.get(e.user_id) or "") or f"user {e.user_id}"
                players.append(await user_player(self.db, guild_id, e.user_id, name))
            else:
                players.append(await guest_player(self.db, guild_id, e.name, actor.user_id))
        if len({p.id for p in players}) != SEATS:
            raise ScoreError("sk.roster_twice")
        rules_dict = {"preset": rules.preset.value, **settings.switches}
        return await _store(
            open_session(
                self.db,
                guild_id,
                channel_id,
                "physical",
                rules_dict,
                chosen_stake,
                actor.user_id,
                [p.id for p in players],
            )
        )

    async def _existing(self, guild_id: int, entry: RosterEntry) -> Player | None:
        """The player a roster entry names, if they exist already (nothing is created)."""
        if entry.user_id is None:
            return await find_guest(self.db, guild_id, entry.name)
        row = await self.db.fetchone(
            "SELECT id FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, entry.user_id)
        )
        return await get_player(self.db, guild_id, row["id"]) if row is not None else None

    async def patterns_for(
        self, guild_id: int, channel_id: int, typed: str, limit: int
    ) -> list[str]:
        """The ``/score quick`` patterns of this channel's preset (its session's, else the
        server's) containing ``typed``, at most ``limit``; 天胡 and 地胡 (listed last) are
        always kept."""
        info = await self.current(guild_id, channel_id)
        if info is not None:
            preset = (await self.session_rules(info)).preset
        else:
            preset = Preset((await get_settings(self.db, guild_id)).preset)
        wanted = "".join(typed.split())
        names = [n for n in quick_patterns(preset) if wanted in n.replace(" ", "")]
        if len(names) > limit:
            flat = [n for n in names if n in FLAT]
            names = names[: limit - len(flat)] + flat
        return names

    async def session_rules(self, info: SessionInfo) -> RuleSet:
        switches = {k: bool(v) for k, v in info.rules.items() if k != "preset"}
        return RuleSet(Preset(info.rules.get("preset", "shangrao")), info.stake, **switches)

    async def scoreboard(self, info: SessionInfo) -> Scoreboard:
        info = await get_session(self.db, info.guild_id, info.id)
        balances = await session_balances(self.db, info.guild_id, info.id)
        rows = await self.db.fetchall(
            "SELECT h.id, h.status FROM hands h WHERE h.session_id = ? AND h.status != 'voided'"
            " ORDER BY h.seq, h.id",
            (info.id,),
        )
        seat_rows = await self.db.fetchall(
            "SELECT hs.hand_id, hs.delta FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
            " WHERE h.session_id = ? AND h.status = 'confirmed' ORDER BY h.seq, h.id, hs.seat",
            (info.id,),
        )
        by_hand: dict[int, list[int]] = {}
        for r in seat_rows:
            by_hand.setdefault(r["hand_id"], []).append(r["delta"])
        deltas = [tuple(d) for d in by_hand.values()]  # one read: consistent with ``last``
        last = await get_hand(self.db, info.guild_id, [*by_hand][-1]) if by_hand else None
        standings = tuple(Standing(p, i, balances.get(p.id, 0)) for i, p in enumerate(info.seats))
        pending = sum(1 for r in rows if r["status"] == "pending")
        return Scoreboard(info, standings, tuple(deltas), last, pending)

    async def end(self, guild_id: int, channel_id: int, actor: Actor) -> Settlement:
        """Close this channel's session: expired previews are voided first; a preview still
        waiting blocks the end (confirm or cancel it)."""
        info = await self.require_current(guild_id, channel_id)
        self._may_act(info, actor)
        await self.expire_due(guild_id)
        return await _store(close_session(self.db, guild_id, info.id, actor.user_id))

    async def paid(self, guild_id: int, transfer_id: int, actor: Actor) -> TransferRow:
        """Mark a settlement transfer paid: its payee, or an administrator or scorer (a guest
        payee has no account to press with)."""
        row = await self.db.fetchone(
            "SELECT t.session_id, t.payee_id FROM transfers t JOIN sessions s"
            " ON s.id = t.session_id WHERE t.id = ? AND s.guild_id = ?",
            (transfer_id, guild_id),
        )
        if row is None:
            raise ScoreError("sk.no_transfer", id=transfer_id)
        transfers = await list_transfers(self.db, guild_id, row["session_id"])
        mine = next(t for t in transfers if t.id == transfer_id)
        if not actor.official and mine.payee.user_id != actor.user_id:
            raise ScoreError("sk.paid_not_payee", payee=mine.payee.display_name)
        return await _store(mark_paid(self.db, guild_id, transfer_id, actor.user_id))

    # --- who is who -------------------------------------------------------------------------

    def _seat_of_user(self, info: SessionInfo, user_id: int) -> int | None:
        return next((i for i, p in enumerate(info.seats) if p.user_id == user_id), None)

    def _may_act(self, info: SessionInfo, actor: Actor) -> None:
        if not actor.official and self._seat_of_user(info, actor.user_id) is None:
            raise ScoreError("sk.not_seated")

    async def seat_named(self, info: SessionInfo, text: str, what: str) -> int:
        """A seat from a seat number (1-4), a mention, or a player's name or alias; ``what``
        is the option it was typed in (``winner``, ``robbed``, ``flown``, ``bonuses``), named
        by the refusal."""
        raw = normalize_name(text)  # as names are stored: ``３`` is 3, invisible marks go
        n = number(raw)
        if n is not None and len(raw) <= 2:
            if 1 <= n <= SEATS:
                return n - 1
            raise ScoreError(f"sk.bad_seat.{what}", value=raw)
        ids = _mention_pieces(raw)
        if ids:
            seat = self._seat_of_user(info, int(ids[0]))
            if seat is None:
                raise ScoreError(f"sk.not_in_session.{what}", name=raw)
            return seat
        pid = number(raw[1:]) if raw.startswith("#") else None
        if pid is not None:
            for i, p in enumerate(info.seats):
                if p.id == pid:
                    return i
        for i, p in enumerate(info.seats):
            if p.display_name.lower() == raw.lower():
                return i
        found = await player_named(self.db, info.guild_id, raw) if raw else None
        if found is not None:
            for i, p in enumerate(info.seats):
                if p.id == found.id:
                    return i
        raise ScoreError(f"sk.not_in_session.{what}", name=raw or "?")

    async def parse_flown(self, info: SessionInfo, text: str | None) -> tuple[int, ...]:
        """``WHO:N, …`` (WHO a seat 1-4, a mention or a name) → 宝 flown per seat."""
        flown = [0] * SEATS
        for item in split_items(text):
            who, sep, n_s = item.rpartition(":")
            n = number(n_s)
            if not sep or n is None:
                raise ScoreError("sk.bad_flown", item=item)
            seat = await self.seat_named(info, who, "flown")
            flown[seat] += n
            if flown[seat] > 4:
                raise ScoreError("sk.flown_many", item=item)
        return tuple(flown)

    async def parse_bonuses(self, info: SessionInfo, text: str | None) -> tuple[Bonus, ...]:
        """``WHO:KIND, …`` with KIND 明杠/暗杠/接宝/四个宝 (or minggang, angang, jiebao,
        sigebao); a kind may carry a count: ``2:angang×2``."""
        out: list[Bonus] = []
        for item in split_items(text):
            try:
                bonus = read_bonus(item)
            except BonusTextError:
                raise ScoreError("sk.bad_bonus", item=item) from None
            seat = await self.seat_named(info, bonus.who, "bonuses")
            out += [Bonus(seat, BonusKind(bonus.kind))] * bonus.times
        return tuple(out)

    # --- scoring ----------------------------------------------------------------------------

    async def _context(
        self, guild_id: int, channel_id: int, actor: Actor
    ) -> tuple[SessionInfo | None, RuleSet, GuildSettings]:
        settings = await get_settings(self.db, guild_id)
        info = await self.current(guild_id, channel_id)
        if info is None:
            return None, await self.rules_for(settings, None), settings
        self._may_act(info, actor)
        return info, await self.session_rules(info), settings

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
            raise ScoreError("score.bad_input", reason=str(exc)) from None
        if win_tile is None and how_ is not WinHow.TIANHU:
            raise ScoreError("sk.need_win")
        if info is None:
            seat, robbed_seat, flown_t = 0, _calc_robbed(robbed), _calc_flown(flown)
            bonus_t = _calc_bonuses(bonuses)
            seats = tuple(f"座{i + 1}" for i in range(SEATS))
        else:
            seat = await self._winner(info, actor, winner)
            robbed_seat = await self.seat_named(info, robbed, "robbed") if robbed else None
            flown_t = await self.parse_flown(info, flown)
            bonus_t = await self.parse_bonuses(info, bonuses)
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
            raise ScoreError("score.bad_input", reason=str(exc)) from None
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
        winner: str,
        pattern: str,
        how: str = "self",
        kong_chain: int = 1,
        robbed: str | None = None,
        dandiao: bool = False,
        yaojiu: bool = False,
        flown: str | None = None,
        bonuses: str | None = None,
        key: str | None = None,
    ) -> Preview:
        """Score a hand from its pattern and flags (a session is needed: the winner is a
        seated player)."""
        info, rules, settings = await self._context(guild_id, channel_id, actor)
        if info is None:
            raise ScoreError("sk.no_session")
        try:
            how_ = WinHow(how)
        except ValueError:
            raise ScoreError("sk.bad_how", how=how) from None
        seat = await self.seat_named(info, winner, "winner")
        inp = QuickInput(
            pattern=" ".join(pattern.split()),
            winner=seat,
            how=how_,
            kong_chain=kong_chain,
            robbed_seat=await self.seat_named(info, robbed, "robbed") if robbed else None,
            dandiao=dandiao,
            yaojiu=yaojiu,
            flown=await self.parse_flown(info, flown),
            bonuses=await self.parse_bonuses(info, bonuses),
        )
        try:
            result = score_quick(inp, rules)
        except RulesError as exc:
            raise ScoreError("score.bad_input", reason=str(exc)) from None
        shown_how = {"天胡": WinHow.TIANHU, "地胡": WinHow.DIHU}.get(inp.pattern, how_)
        seats = tuple(p.display_name for p in info.seats)
        base = Preview(result, None, info, seats, None, None, shown_how, seat)
        detail = {"source": "quick", "how": shown_how.value, "dandiao": dandiao, "yaojiu": yaojiu}
        return await self._record(info, settings, actor, base, inp.flown, detail, key)

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
        info, rules, settings = await self._context(guild_id, channel_id, actor)
        if info is None:
            raise ScoreError("sk.no_session")
        bonus_t = await self.parse_bonuses(info, bonuses)
        try:
            result = score_draw(bonus_t, rules)
        except RulesError as exc:  # 接宝 and 四个宝 together, two 四个宝 … (nothing is written)
            raise ScoreError("score.bad_input", reason=str(exc)) from None
        seats = tuple(p.display_name for p in info.seats)
        base = Preview(result, None, info, seats, None, None, WinHow.SELF, None)
        return await self._record(
            info, settings, actor, base, (0,) * SEATS, {"source": "draw"}, key
        )

    async def _winner(self, info: SessionInfo, actor: Actor, winner: str | None) -> int:
        if winner:
            return await self.seat_named(info, winner, "winner")
        seat = self._seat_of_user(info, actor.user_id)
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
        since = (self.now() - timedelta(seconds=self.dedupe_seconds)).isoformat()
        hand = await _store(
            record_hand(
                self.db,
                info.guild_id,
                info.id,
                record,
                actor.user_id,
                idempotency_key=key,
                content_key=_content_key(str(detail.get("source")), record),
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
            self.needed(info, settings, hand),
        )

    # --- confirmation -----------------------------------------------------------------------

    @staticmethod
    def quorum(info: SessionInfo, settings: GuildSettings, hand: Hand) -> Quorum:
        """Who must confirm ``hand``: the guild's number of seated members other than its
        recorder (or the recorder alone when no other member sits)."""
        others = {p.user_id for p in info.seats if p.user_id is not None} - {hand.recorded_by}
        return Quorum(frozenset(others), settings.confirmations, hand.recorded_by)

    def needed(self, info: SessionInfo, settings: GuildSettings, hand: Hand) -> int:
        """Confirmations still missing for ``hand``."""
        return self.quorum(info, settings, hand).missing(hand.confirmations)

    async def _pending(self, guild_id: int, hand_id: int) -> tuple[Hand, SessionInfo]:
        hand = await _store(get_hand(self.db, guild_id, hand_id))
        info = await get_session(self.db, guild_id, hand.session_id)
        if hand.status == "voided":
            raise ScoreError("sk.hand_voided", id=hand.id, reason=hand.void_reason or "")
        if hand.status == "confirmed":
            raise ScoreError("sk.hand_counted", id=hand.id)
        settings = await get_settings(self.db, guild_id)
        if _utc(hand.created_at) + timedelta(minutes=settings.confirm_minutes) < self.now():
            await self.expire_due(guild_id)  # its prompt is closed by the next sweep
            raise ScoreError("sk.hand_expired", id=hand.id, minutes=settings.confirm_minutes)
        return hand, info

    async def confirm(self, guild_id: int, hand_id: int, actor: Actor) -> ConfirmOutcome:
        """A confirmation by a seated member (not the recorder while other members sit) or an
        official (which counts the hand at once)."""
        hand, info = await self._pending(guild_id, hand_id)
        settings = await get_settings(self.db, guild_id)
        seated = {p.user_id for p in info.seats if p.user_id is not None}
        others = seated - {hand.recorded_by}
        if not actor.official:
            if actor.user_id not in seated:
                raise ScoreError("sk.confirm_not_seated")
            if actor.user_id == hand.recorded_by and others:
                raise ScoreError("sk.confirm_own")
        quorum = self.quorum(info, settings, hand)
        done = await _store(
            confirm_hand(self.db, guild_id, hand_id, actor.user_id, actor.official, quorum)
        )
        needed = 0 if done.status == "confirmed" else quorum.missing(done.confirmations)
        return ConfirmOutcome(done, done.status == "confirmed", needed)

    async def cancel(self, guild_id: int, hand_id: int, actor: Actor) -> Hand:
        """Withdraw a preview: its recorder, anyone seated, or an official."""
        hand, info = await self._pending(guild_id, hand_id)
        if not actor.official and actor.user_id != hand.recorded_by:
            self._may_act(info, actor)
        return await _store(
            void_hand(
                self.db,
                guild_id,
                hand_id,
                actor.user_id,
                CANCELLED_BY + actor.name,
                only_pending=True,
            )
        )

    async def undo(
        self, guild_id: int, channel_id: int, actor: Actor, reason: str
    ) -> Hand | VoidRequest:
        """Void the session's latest hand: an administrator/scorer, or its recorder (alone
        while nobody else confirmed it, else a :class:`VoidRequest` another member confirms)."""
        info = await self.require_current(guild_id, channel_id)
        rows = await self.db.fetchall(
            "SELECT id, recorded_by FROM hands WHERE session_id = ? AND status != 'voided'"
            " ORDER BY seq DESC, id DESC LIMIT 1",
            (info.id,),
        )
        if not rows:
            raise ScoreError("sk.nothing_to_undo")
        if not actor.official and rows[0]["recorded_by"] != actor.user_id:
            raise ScoreError("sk.undo_not_yours", id=rows[0]["id"])
        if not " ".join(reason.split()):
            raise ScoreError("sk.need_reason")
        hand = await _store(get_hand(self.db, guild_id, rows[0]["id"]))
        if await self._needs_second(info, hand, actor):
            return await self._request(info, hand, actor, reason, undo=True)
        return await _store(
            undo_last_hand(
                self.db, guild_id, info.id, actor.user_id, reason, expected=rows[0]["id"]
            )
        )

    async def void(
        self, guild_id: int, hand_id: int, actor: Actor, reason: str
    ) -> Hand | VoidRequest:
        """Void any hand of an open session of this guild: an official, or its recorder
        (alone while nobody else confirmed it, else a :class:`VoidRequest`)."""
        hand = await _store(get_hand(self.db, guild_id, hand_id))
        if not actor.official and hand.recorded_by != actor.user_id:
            raise ScoreError("sk.void_not_yours", id=hand_id)
        if not " ".join(reason.split()):
            raise ScoreError("sk.need_reason")
        info = await get_session(self.db, guild_id, hand.session_id)
        if await self._needs_second(info, hand, actor):
            return await self._request(info, hand, actor, reason, undo=False)
        return await _store(void_hand(self.db, guild_id, hand_id, actor.user_id, reason))

    # --- voiding a hand that counts: a second member confirms --------------------------------

    @staticmethod
    def _members(info: SessionInfo) -> set[int]:
        return {p.user_id for p in info.seats if p.user_id is not None}

    async def _needs_second(self, info: SessionInfo, hand: Hand, actor: Actor) -> bool:
        """Whether ``actor`` (the recorder) needs another member's confirmation to void
        ``hand``: it counts, and another member sits (a recorder seated alone among guests
        confirms alone, as for recording)."""
        if actor.official or hand.status != "confirmed" or info.status != "open":
            return False
        return bool(self._members(info) - {actor.user_id})

    async def _request(
        self, info: SessionInfo, hand: Hand, actor: Actor, reason: str, *, undo: bool
    ) -> VoidRequest:
        settings = await get_settings(self.db, info.guild_id)
        now = self.now()
        for key, old in list(self._requests.items()):
            if old.expires < now or old.hand_id == hand.id:  # lapsed, or asked again
                del self._requests[key]
        request = VoidRequest(
            secrets.token_hex(4),
            info.guild_id,
            info.id,
            hand.id,
            hand.seq,
            actor.user_id,
            actor.name,
            " ".join(reason.split()),
            undo,
            now + timedelta(minutes=settings.confirm_minutes),
        )
        self._requests[request.id] = request
        return request

    def _open_request(self, guild_id: int, request_id: str) -> VoidRequest:
        request = self._requests.get(request_id)
        if request is None or request.guild_id != guild_id or request.expires < self.now():
            self._requests.pop(request_id, None)
            raise ScoreError("sk.request_gone")
        return request

    async def confirm_void(
        self, guild_id: int, request_id: str, actor: Actor
    ) -> tuple[Hand, VoidRequest]:
        """Another seated member (or an official) agrees: the hand is voided (undone). The
        audit keeps the recorder as the one who voided it, and the reason names who agreed."""
        request = self._open_request(guild_id, request_id)
        info = await get_session(self.db, guild_id, request.session_id)
        if actor.user_id == request.requester:
            raise ScoreError("sk.request_own")
        if not actor.official and actor.user_id not in self._members(info):
            raise ScoreError("sk.confirm_not_seated")
        del self._requests[request_id]
        reason = f"{request.reason} ✓ {actor.name}"
        if request.undo:
            hand = await _store(
                undo_last_hand(
                    self.db,
                    guild_id,
                    request.session_id,
                    request.requester,
                    reason,
                    expected=request.hand_id,
                )
            )
        else:
            hand = await _store(
                void_hand(self.db, guild_id, request.hand_id, request.requester, reason)
            )
        return hand, request

    async def cancel_void(self, guild_id: int, request_id: str, actor: Actor) -> VoidRequest:
        """Withdraw a request: its recorder, anyone seated, or an official."""
        request = self._open_request(guild_id, request_id)
        if actor.user_id != request.requester:
            self._may_act(await get_session(self.db, guild_id, request.session_id), actor)
        del self._requests[request_id]
        return request

    async def expire_due(self, guild_id: int | None = None) -> list[Hand]:
        """Void the previews older than their guild's ``confirm_minutes``; returns them (the
        Discord layer closes their prompts)."""
        out: list[Hand] = []
        minutes: dict[int, int] = {}
        for hand in await pending_hands(self.db):
            if guild_id is not None and hand.guild_id != guild_id:
                continue
            if hand.guild_id not in minutes:
                minutes[hand.guild_id] = (
                    await get_settings(self.db, hand.guild_id)
                ).confirm_minutes
            if _utc(hand.created_at) + timedelta(minutes=minutes[hand.guild_id]) < self.now():
                try:
                    out.append(
                        await void_hand(
                            self.db,
                            hand.guild_id,
                            hand.id,
                            0,
                            EXPIRED,
                            only_pending=True,
                        )
                    )
                except StoreError:  # confirmed or voided meanwhile
                    continue
        self._expired.extend(out)
        return out

    def take_expired(self) -> list[Hand]:
        """Hands voided as expired since the last call (by the sweep, a late Confirm or the
        end of a session): the Discord layer closes their prompts."""
        out, self._expired = self._expired, []
        return out


def void_reason(reason: str) -> tuple[str, str]:
    """A stored void reason as (kind, detail): ``("cancelled", who)``, ``("expired", "")``,
    ``("undo", why)``, or ``("void", why)`` for the reason a player gave ``/score void``."""
    if reason.startswith(CANCELLED_BY):
        return "cancelled", reason[len(CANCELLED_BY) :]
    if reason == EXPIRED:
        return "expired", ""
    if reason.startswith(UNDO):
        return "undo", reason[len(UNDO) :]
    return "void", reason


def number(text: str) -> int | None:
    """A small whole number written in ASCII digits, else None. (``str.isdigit`` accepts ``²``,
    which ``int`` refuses: user input must never reach ``int`` unchecked.)"""
    raw = text.strip()
    return int(raw) if re.fullmatch(r"[0-9]{1,6}", raw) else None


# The calculator (``/score tiles`` outside a session) numbers its seats 1-4 like a session,
# the winner being seat 1; the rules core counts 0-3 with the winner at 0.


def _calc_seat(text: str) -> int | None:
    """A calculator seat typed as 1-4, as the rules core counts it (0-3), else None."""
    seat = number(text)
    return seat - 1 if seat is not None and 1 <= seat <= SEATS else None


def _calc_robbed(text: str | None) -> int | None:
    """The calculator's robbed seat: 2-4 (the winner is seat 1)."""
    if not text:
        return None
    raw = text.strip()
    seat = _calc_seat(raw)
    if seat is None or seat == 0:
        raise ScoreError("sk.calc_robbed", value=raw)
    return seat


def _calc_flown(text: str | None) -> tuple[int, ...]:
    """The calculator's ``SEAT:N`` list, seats 1-4 (the winner is seat 1)."""
    flown = [0] * SEATS
    for item in split_items(text):
        seat_s, sep, n_s = item.partition(":")
        seat, n = _calc_seat(seat_s), number(n_s)
        if not sep or seat is None or n is None:
            raise ScoreError("sk.calc_flown", item=item)
        flown[seat] += n
        if flown[seat] > 4:
            raise ScoreError("sk.flown_many", item=item)
    return tuple(flown)


def _calc_bonuses(text: str | None) -> tuple[Bonus, ...]:
    """The calculator's ``SEAT:KIND`` list (a kind may carry a count, ``2:暗杠×2``), seats 1-4
    (the winner is seat 1)."""
    out: list[Bonus] = []
    for item in split_items(text):
        try:
            bonus = read_bonus(item)
        except BonusTextError:
            raise ScoreError("sk.calc_bonus", item=item) from None
        seat = _calc_seat(bonus.who)
        if seat is None:
            raise ScoreError("sk.calc_bonus", item=item)
        out += [Bonus(seat, BonusKind(bonus.kind))] * bonus.times
    return tuple(out)


async def _store(awaitable: Any) -> Any:
    """Await a ledger call; its refusal (a closed session, a voided hand …) becomes a
    user-facing error with the ledger's own words."""
    try:
        return await awaitable
    except StoreError as exc:
        raise ScoreError("sk.ledger", reason=str(exc)) from None
