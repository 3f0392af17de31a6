"""The fake Discord's gateway (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`): the
websocket at ``/gateway`` (HELLO, heartbeats, IDENTIFY with its shard and session-start
checks, READY and GUILD_CREATE, RESUME, op 7 RECONNECT, member chunks), DISPATCH routed to
the sessions of the event's shard, the :class:`~tests.e2e.fake_types.SessionRecord` of every
session, GET /gateway and /gateway/bot, and the sharding queries tests make.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import Callable
from typing import Any

import orjson
from aiohttp import WSMsgType, web

from tests.e2e.fake_core import FakeCore
from tests.e2e.fake_model import FakeGuild, InteractionRecord
from tests.e2e.fake_types import (
    GUILD_MEMBERS,
    GatewayEvent,
    Rejection,
    SessionRecord,
    _GatewaySession,
    _json,
    _Request,
)

SESSION_START_RESET = 24 * 60 * 60.0
# Events whose payload is the guild itself (its id under "id"); every other guild-scoped event
# names it in "guild_id".
_GUILD_OBJECT_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def _event_guild_id(event: str, data: Any) -> int | None:
    """The guild Discord routes a DISPATCH by (None: shard 0 only)."""
    if not isinstance(data, dict):
        return None
    raw = data.get("id") if event in _GUILD_OBJECT_EVENTS else data.get("guild_id")
    return int(raw) if raw is not None else None


class FakeGateway(FakeCore):
    """The websocket gateway, event dispatch and sharding."""

    # ------------------------------------------------------------------ sessions and shards

    @property
    def connected(self) -> bool:
        """A bot is connected, identified and was sent its guilds."""
        return any(s.identified for s in self._sessions)

    @property
    def connected_shards(self) -> set[int]:
        """The shard ids of the live sessions (0 for an unsharded one)."""
        return {r.shard_id for r in self.gateway_sessions if r.live}

    def live_sessions(self, shard: int | None = None) -> list[SessionRecord]:
        """The sessions still connected (only those of ``shard``, if given), oldest first."""
        return [
            r for r in self.gateway_sessions if r.live and (shard is None or r.shard_id == shard)
        ]

    def received_by(
        self, name: str, where: Callable[[GatewayEvent], bool] | None = None
    ) -> list[SessionRecord]:
        """The sessions that got an event ``name`` (one for which ``where(event)``, if
        given), oldest first: e.g. which shard a guild's MESSAGE_CREATE went to."""
        return [
            r
            for r in self.gateway_sessions
            if any(e.name == name and (where is None or where(e)) for e in r.events)
        ]

    def delivered_to(self, record: InteractionRecord) -> list[SessionRecord]:
        """The sessions the interaction's INTERACTION_CREATE was sent to."""
        return self.received_by("INTERACTION_CREATE", lambda e: e.data.get("id") == str(record.id))

    def guild_id_on_shard(self, shard: int, count: int | None = None) -> int:
        """A new snowflake that Discord routes to ``shard`` of ``count`` (the fake's ``shards``
        by default) shards: ``(id >> 22) % count == shard``."""
        return self.ids.next_on_shard(shard, self.shards if count is None else count)

    def shard_of(self, guild: FakeGuild | int, count: int | None = None) -> int:
        """The shard whose sessions get ``guild``'s events, of ``count`` (the fake's ``shards``
        by default) shards."""
        guild_id = guild if isinstance(guild, int) else guild.id
        return (guild_id >> 22) % (self.shards if count is None else count)

    async def _get_gateway(self, req: _Request) -> web.StreamResponse:
        data: dict[str, Any] = {"url": self.gateway_url}
        if req.path.endswith("/bot"):
            data.update(shards=self.shards, session_start_limit=self._session_start_limit())
        return _json(data)

    def _session_start_limit(self) -> dict[str, int]:
        """Discord's session start limit object: ``total`` session starts (IDENTIFYs that
        opened a session) per 24 hours, counted from the oldest start still in the window."""
        now = self.now()
        recent = [
            r.identified_at
            for r in self.gateway_sessions
            if now - r.identified_at < SESSION_START_RESET
        ]
        reset_after = min(recent) + SESSION_START_RESET - now if recent else SESSION_START_RESET
        return {
            "total": self.session_start_total,
            "remaining": max(0, self.session_start_total - len(recent)),
            "reset_after": int(reset_after * 1000),
            "max_concurrency": self.max_concurrency,
        }

    # ------------------------------------------------------------------ the websocket

    def _gateway_violation(self, detail: str) -> None:
        rejection = Rejection("WS", "/gateway", 0, 0, "gateway protocol violation", detail=detail)
        self.rejections.append(rejection)
        self._violations.append(rejection)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        outage_left = self._gateway_down_until - asyncio.get_running_loop().time()
        if outage_left > 0:  # a gateway outage (``drop_gateway``)
            if not self._gateway_hold:  # the upgrade fails; discord.py backs off and retries
                return web.Response(status=503, text="503 Service Unavailable")
            await asyncio.sleep(outage_left)  # no answer until the outage ends
        ws = web.WebSocketResponse(max_msg_size=0, timeout=2.0)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        if request.transport is not None:  # for ``drop_gateway``, which aborts it
            self._gateway_transports[session] = request.transport
        session.writer = asyncio.create_task(self._gateway_writer(session))
        self._sessions.append(session)
        self._send(
            session,
            {
                "op": 10,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            },
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        payload = json.loads(msg.data)
                    except ValueError:
                        self._gateway_violation("a frame that is not JSON")
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    await self._gateway_message(session, payload)
                elif msg.type == WSMsgType.BINARY:
                    self._gateway_violation("a binary frame (discord.py sends JSON text)")
        finally:
            self._sessions.remove(session)
            self._gateway_transports.pop(session, None)
            if session.writer is not None:
                session.writer.cancel()
            if session.record is not None:
                session.record.connections -= 1
            self._notify()
        return ws

    async def _gateway_writer(self, session: _GatewaySession) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                data = await session.queue.get()
                await session.ws.send_str(data)

    def _send(self, session: _GatewaySession, payload: dict[str, Any]) -> None:
        session.queue.put_nowait(orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode())

    def _send_dispatch(self, session: _GatewaySession, event: str, data: Any) -> None:
        session.seq += 1
        if session.record is not None:
            session.record.events.append(GatewayEvent(event, _event_guild_id(event, data), data))
        self._send(session, {"op": 0, "t": event, "s": session.seq, "d": data})

    def _receives(self, session: _GatewaySession, guild_id: int | None) -> bool:
        """``session`` is identified and its shard is the one Discord routes ``guild_id``'s
        events (None: no guild, e.g. a DM) to."""
        return session.identified and session.record is not None and session.record.routes(guild_id)

    def _dispatch(self, event: str, data: Any, *, intent: int | None = None) -> int:
        """Send a DISPATCH to every identified session (subscribed to ``intent``) of the shard
        the event belongs to (by its guild; shard 0 for an event without one)."""
        guild_id = _event_guild_id(event, data)
        sent = 0
        for session in self._sessions:
            if self._receives(session, guild_id) and (intent is None or session.intents & intent):
                self._send_dispatch(session, event, data)
                sent += 1
        return sent

    async def _gateway_message(self, session: _GatewaySession, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == 1:
            self._send(session, {"op": 11, "d": None, "s": None, "t": None})
            return
        if op == 2:
            await self._identify(session, data or {})
            return
        if op == 6:
            data = data or {}
            if data.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            known = self._resumable.get(str(data.get("session_id")))
            if known is None:
                self._send(session, {"op": 9, "d": False, "s": None, "t": None})  # invalid session
                return
            session.identified, session.session_id = True, known.session_id
            session.intents, session.record = known.intents, known
            known.connections += 1
            session.seq = int(data.get("seq") or 0)
            self.resume_count += 1
            self._send_dispatch(session, "RESUMED", {})
            self._notify()
            return
        if not session.identified:
            self._gateway_violation(f"opcode {op} before IDENTIFY")
            await session.ws.close(code=4003, message=b"Not authenticated.")
            return
        if op in (3, 4):  # presence / voice state: accepted, nothing to do
            return
        if op == 8:
            self._request_members(session, data or {})
            return
        self._gateway_violation(f"unknown opcode {op}")
        await session.ws.close(code=4001, message=b"Unknown opcode.")

    async def _refuse_identify(self, session: _GatewaySession, code: int, message: str) -> None:
        """Close the connection as Discord does for an IDENTIFY it will not start a session
        for; logged (not a violation: the bot sees the close code and stops)."""
        self.rejections.append(Rejection("WS", "/gateway", 0, code, message, violation=False))
        await session.ws.close(code=code, message=message.encode())

    def _shard_problem(self, shard: Any) -> tuple[int, str] | None:
        """Discord's close code and reason for IDENTIFY's ``shard`` field, None if it is fine.
        The count is the session's own (Discord routes by it, so a larger count than the
        recommended one is allowed), but one below the fake's ``shards`` would put more
        guilds on a session than Discord allows."""
        if shard is None:
            return None if self.shards <= 1 else (4011, "Sharding required.")
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            return 4010, "Invalid shard."
        if shard[1] < self.shards:
            return 4011, "Sharding required."
        return None

    def _check_session_start(self, record: SessionRecord) -> None:
        """Record the violations of a session start Discord would not want: the same shard
        twice at once (Discord allows it, but a bot running one shard in two places answers
        its interactions twice), an IDENTIFY too soon in its rate-limit bucket, a start past
        the session start limit."""
        twins = [
            r
            for r in self.gateway_sessions
            if r is not record
            and r.live
            and (r.shard_id, r.shard_count) == (record.shard_id, record.shard_count)
        ]
        if twins:
            self._gateway_violation(
                f"shard [{record.shard_id}, {record.shard_count}] identified while session "
                f"{twins[0].session_id} of the same shard is still connected"
            )
        pacing = self.identify_pacing if self.identify_pacing is not None else self.shards > 1
        bucket = record.shard_id % self.max_concurrency
        last = self._bucket_identified.get(bucket)
        window = self.identify_window
        if pacing and last is not None and record.identified_at - last < window:
            self._gateway_violation(
                f"IDENTIFY of shard {record.shard_id} "
                f"{record.identified_at - last:.2f} s after the previous one of its rate-limit "
                f"bucket {bucket} (shard_id % max_concurrency {self.max_concurrency}): "
                f"Discord allows one per bucket every {window:g} s"
            )
        self._bucket_identified[bucket] = record.identified_at
        if self._session_start_limit()["remaining"] <= 0:
            self._gateway_violation(
                f"session start limit used up ({self.session_start_total} per 24 hours): "
                "Discord invalidates the sessions and refuses new ones until it resets"
            )

    async def _identify(self, session: _GatewaySession, data: dict[str, Any]) -> None:
        self.identify_count += 1
        if session.identified:
            self._gateway_violation("IDENTIFY sent twice on one connection")
            await session.ws.close(code=4005, message=b"Already authenticated.")
            return
        if data.get("token") != self.token:
            await self._refuse_identify(session, 4004, "Authentication failed.")
            return
        problem = self._shard_problem(data.get("shard"))
        if problem is not None:
            await self._refuse_identify(session, *problem)
            return
        shard = data.get("shard")
        record = SessionRecord(
            uuid.uuid4().hex,
            (shard[0], shard[1]) if shard is not None else None,
            int(data.get("intents") or 0),
            identified_at=self.now(),
        )
        self._check_session_start(record)
        record.connections = 1
        self.gateway_sessions.append(record)
        session.identified, session.record = True, record
        session.intents, session.session_id = record.intents, record.session_id
        self._resumable[session.session_id] = record
        guilds = [g for g in self.guilds if record.routes(g.id)]
        me = self.bot_user.payload()
        me.update(verified=True, mfa_enabled=False, email=None, flags=0)
        ready: dict[str, Any] = {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "_trace": ["fake-discord"],
        }
        if shard is not None:
            ready["shard"] = shard
        self._send_dispatch(session, "READY", ready)
        for guild in guilds:
            # Without GUILD_MEMBERS the member list holds the bot only (as on Discord);
            # member_count is the real count and discord.py chunks when it may.
            members = None if session.intents & GUILD_MEMBERS else [guild.member(self.bot_user)]
            self._send_dispatch(session, "GUILD_CREATE", guild.payload(members=members))
        self._notify()

    async def reconnect_gateway(self, *, timeout: float | None = None) -> None:
        """Send op 7 RECONNECT to every connected bot and wait until each has RESUMEd at
        ``resume_gateway_url`` (Discord does this when it moves a session)."""
        before = self.resume_count
        count = 0
        for session in list(self._sessions):
            if session.identified:
                self._send(session, {"op": 7, "d": None, "s": None, "t": None})
                count += 1
        await self.wait_for(lambda: self.resume_count >= before + count, timeout=timeout)

    def _request_members(self, session: _GatewaySession, data: dict[str, Any]) -> None:
        guild = self._guild_or_none(str(data.get("guild_id")))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {str(u) for u in data["user_ids"]}
            members = [m for m in members if str(m.user.id) in wanted]
        elif data.get("query"):
            members = [m for m in members if m.user.username.startswith(str(data["query"]))]
        if data.get("limit"):
            members = members[: int(data["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)
