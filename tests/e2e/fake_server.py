"""The fake Discord's HTTP side (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
the aiohttp server on 127.0.0.1 and its lifecycle, the route table, each request's handling
(failure injection, Discord's limits and faults (:mod:`tests.e2e.fake_faults`; off by
default) and the traffic record, the bot token, the body read from JSON or multipart and
checked against Discord's OpenAPI description and rules, a refusal turned into Discord's
error reply and a :class:`~tests.e2e.fake_types.Rejection`), unknown routes, attachment
downloads, and pointing discord.py at the fake, in this process or another.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import traceback
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, Self

from aiohttp import web

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_channels import FakeChannels
from tests.e2e.fake_faults import FakeFaults, _Call
from tests.e2e.fake_interactions import FakeInteractions
from tests.e2e.fake_model import AUTOCOMPLETE_RESULT, CHANNEL_MESSAGE, MODAL, UPDATE_MESSAGE
from tests.e2e.fake_types import (
    API_PREFIX,
    IDENTIFY_WINDOW,
    Rejection,
    _form_error,
    _Injected,
    _json,
    _Refused,
    _Request,
    _Upload,
)
from tests.e2e.fake_world import FakeWorld
from tests.e2e.form_data import FormDataError, media_type, parse_form

SITECUSTOM_DIR = Path(__file__).parent / "sitecustom"
FAKE_URL_ENV = "SHANGRAO_FAKE_DISCORD"
# a fake whose identify window is not Discord's tells a bot process through this variable
# (sitecustomize then sets the bot's interval between logins to match)
FAKE_IDENTIFY_ENV = "SHANGRAO_FAKE_IDENTIFY_SECONDS"


class FakeHttpServer(FakeChannels, FakeInteractions, FakeWorld, FakeFaults):
    """The HTTP server, routing and request handling."""

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> Self:
        app = web.Application(client_max_size=256 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=2.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        for session in list(self._sessions):
            if session.writer is not None:
                session.writer.cancel()
            with contextlib.suppress(Exception):
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[Self]:
        """Point discord.py (this process) at the fake; restored on exit."""
        import discord.gateway
        import discord.http
        import yarl

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    def subprocess_env(self, token: str | None = None, **extra: str) -> dict[str, str]:
        """Environment for a bot in another process: ``sitecustomize`` on PYTHONPATH pointing
        discord.py at this fake, and ``DISCORD_TOKEN`` (this fake's token unless given)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(SITECUSTOM_DIR), env.get("PYTHONPATH")])
        )
        env[FAKE_URL_ENV] = self.url
        if self.identify_window != IDENTIFY_WINDOW:
            env[FAKE_IDENTIFY_ENV] = repr(self.identify_window)
        env["DISCORD_TOKEN"] = self.token if token is None else token
        env.update(extra)
        return env

    # ------------------------------------------------------------------ failure injection

    def fail_next(
        self,
        method: str,
        template: str,
        *,
        status: int,
        code: int = 0,
        message: str = "",
        retry_after: float = 0.05,
        times: int = 1,
        only: str = "",
    ) -> None:
        """Make the next ``METHOD template`` request (path template as in Discord's docs, e.g.
        ``/channels/{channel_id}/messages``) fail with ``status`` (the next ``times`` such
        requests); a 429 gets the ``Via`` header and JSON ``retry_after`` discord.py needs to
        retry instead of assuming a ban. Mind that discord.py retries a 500, 502, 504 or 524
        itself after sleeping 1 s, 3 s, ...: a 503 fails at once. ``only``: fail only a request
        whose path contains it (``f"/channels/{dm.id}/"``: one channel's)."""
        headers: dict[str, str] = {}
        body: dict[str, Any] = {"code": code, "message": message or f"{status}: injected failure"}
        if status == 429:
            headers = {"Via": "1.1 google", "X-RateLimit-Scope": "user"}
            body = {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
                "code": code,
            }
        for _ in range(times):
            self._injected.append(_Injected(method.upper(), template, status, body, headers, only))

    def before_next(self, method: str, template: str, call: Callable[[], Awaitable[None]]) -> None:
        """Await ``call()`` when the next ``METHOD template`` request arrives, before it is
        answered: something happens at that exact moment (e.g. the bot's disk fills up between
        two of its requests)."""
        self._before.append((method.upper(), template, call))

    # ------------------------------------------------------------------ routing

    def _add_routes(self, app: web.Application) -> None:
        r = self._route
        r(app, "GET", "/users/@me", self._get_me)
        r(app, "POST", "/users/@me/channels", self._create_dm)
        r(app, "GET", "/users/{user_id}", self._get_user)
        r(app, "GET", "/oauth2/applications/@me", self._get_application)
        r(app, "GET", "/gateway", self._get_gateway, auth=False)
        r(app, "GET", "/gateway/bot", self._get_gateway)
        for template in (
            "/applications/{application_id}/commands",
            "/applications/{application_id}/guilds/{guild_id}/commands",
        ):
            r(app, "GET", template, self._get_commands)
            r(app, "PUT", template, self._put_commands)
        r(app, "GET", "/applications/{application_id}/emojis", self._list_app_emojis)
        r(app, "POST", "/applications/{application_id}/emojis", self._create_app_emoji)
        for method in ("GET", "PATCH", "DELETE"):
            r(app, method, "/applications/{application_id}/emojis/{emoji_id}", self._app_emoji)
        r(
            app,
            "POST",
            "/interactions/{interaction_id}/{interaction_token}/callback",
            self._callback,
            auth=False,
        )
        r(app, "POST", "/webhooks/{webhook_id}/{webhook_token}", self._execute_webhook, auth=False)
        for method in ("GET", "PATCH", "DELETE"):
            r(
                app,
                method,
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self._webhook_message,
                auth=False,
            )
        r(app, "GET", "/channels/{channel_id}", self._get_channel)
        r(app, "PATCH", "/channels/{channel_id}", self._edit_channel)
        r(app, "DELETE", "/channels/{channel_id}", self._delete_channel)
        r(app, "GET", "/channels/{channel_id}/messages", self._history)
        r(app, "POST", "/channels/{channel_id}/messages", self._create_message)
        r(app, "GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r(app, "PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message)
        r(app, "DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r(
            app,
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self._thread_from_message,
        )
        r(app, "POST", "/channels/{channel_id}/threads", self._create_thread)
        r(app, "GET", "/channels/{channel_id}/thread-members", self._thread_members)
        for method in ("PUT", "DELETE"):
            r(app, method, "/channels/{channel_id}/thread-members/@me", self._thread_member)
            r(app, method, "/channels/{channel_id}/thread-members/{user_id}", self._thread_member)
        r(app, "POST", "/channels/{channel_id}/typing", self._typing)
        r(app, "GET", "/guilds/{guild_id}", self._get_guild)
        r(app, "GET", "/guilds/{guild_id}/channels", self._get_guild_channels)
        r(app, "GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)

    def _route(
        self,
        app: web.Application,
        method: str,
        template: str,
        handler: Callable[[_Request], Awaitable[web.StreamResponse]],
        *,
        auth: bool = True,
    ) -> None:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            return await self._handle(request, method, template, handler, auth)

        app.router.add_route(method, API_PREFIX + template, wrapped)

    def _reject(self, method: str, path: str, refused: _Refused, body: Any = None) -> web.Response:
        errors = rules.form_body_errors(refused.field_errors) if refused.field_errors else None
        rejection = Rejection(
            method,
            path,
            refused.status,
            refused.code,
            refused.message,
            errors,
            refused.detail,
            refused.violation,
            body,
        )
        self.rejections.append(rejection)
        if refused.violation:
            self._violations.append(rejection)
        if refused.record is not None:
            refused.record.rejections.append(rejection)
        if refused.status in (401, 403, 429):
            self.invalid_requests += 1
        payload: dict[str, Any] = {"message": refused.message, "code": refused.code}
        if errors:
            payload["errors"] = errors
        return _json(payload, refused.status)

    async def _handle(
        self,
        request: web.Request,
        method: str,
        template: str,
        handler: Callable[[_Request], Awaitable[web.StreamResponse]],
        auth: bool,
    ) -> web.StreamResponse:
        call = await self._limits_arrive(request, method, template)  # latency, classification
        try:
            response = await self._respond(call, handler, auth)
            return await self._limits_depart(call, response)  # bucket headers, traffic record
        finally:
            self._notify()

    async def _respond(
        self, call: _Call, handler: Callable[[_Request], Awaitable[web.StreamResponse]], auth: bool
    ) -> web.StreamResponse:
        request, method, template = call.request, call.method, call.template
        self.requests.append((method, request.path))
        for hook in self._before:
            if hook[0] == method and hook[1] == template:
                self._before.remove(hook)
                await hook[2]()
                break
        for injected in self._injected:
            if (
                injected.method == method
                and injected.template == template
                and injected.only in request.path
            ):
                self._injected.remove(injected)
                self.rejections.append(
                    Rejection(
                        method,
                        request.path,
                        injected.status,
                        injected.body.get("code", 0),
                        injected.body.get("message", ""),
                        detail="injected by fail_next",
                        violation=False,
                    )
                )
                return _json(injected.body, injected.status, injected.headers)
        stopped = await self._limits_gate(call)  # rate limits, faults (off by default)
        if stopped is not None:
            return stopped
        if auth and request.headers.get("Authorization") != f"Bot {self.token}":
            return self._reject(
                method, request.path, _Refused(401, 0, "401: Unauthorized", violation=False)
            )
        body: Any = None
        try:
            params = {k: v for k, v in request.match_info.items()}
            spec_template = template
            if params.get("message_id") == "@original":
                spec_template = template.replace("{message_id}", "@original")
            body, uploads = await self._read_body(request)
            if self.spec is not None and body is not None:
                problems = self.spec.check(method, spec_template, body)
                if problems:  # report the specific rule when one applies, as Discord would
                    raise _form_error(
                        self._rule_problems(method, template, body, uploads) or problems
                    )
            req = _Request(
                method, request.path, template, params, dict(request.query), body, uploads
            )
            return await handler(req)
        except _Refused as refused:
            if refused.record is None:
                token = request.match_info.get("interaction_token") or request.match_info.get(
                    "webhook_token"
                )
                refused.record = self._by_token.get(token or "")
            return self._reject(method, request.path, refused, body)
        except (
            Exception
        ):  # a bug in the fake must not look like a Discord 5xx (discord.py retries those)
            return self._reject(
                method,
                request.path,
                _Refused(400, 0, "fake Discord crashed", detail=traceback.format_exc()),
                body,
            )

    @staticmethod
    def _rule_problems(
        method: str, template: str, body: Any, uploads: dict[int, _Upload]
    ) -> list[FieldError]:
        """The documented-limit problems of a body, without side effects (used to prefer a
        specific error over the OpenAPI validator's)."""
        if method == "PUT" and template.endswith("/commands"):
            return rules.check_commands(body)
        if method == "POST" and template.endswith("/emojis"):
            return rules.check_emoji_create(body)
        if method == "PATCH" and template.endswith("/emojis/{emoji_id}"):
            return rules.check_emoji_edit(body)
        if not isinstance(body, dict):
            return []
        if template.endswith("/callback"):
            data = body.get("data") or {}
            kind = body.get("type")
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and isinstance(data, dict):
                return rules.check_message(data, path=("data",), new_files=len(uploads))
            if kind == MODAL and isinstance(data, dict):
                return rules.check_modal(data)
            if kind == AUTOCOMPLETE_RESULT and isinstance(data, dict):
                return rules.check_choices(data)
            return []
        if method in ("POST", "PATCH") and (
            template.endswith(("/messages", "{message_id}", "{webhook_token}"))
        ):
            return rules.check_message(body, new_files=len(uploads))
        return []

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, _Upload]]:
        uploads: dict[int, _Upload] = {}
        if not request.body_exists:
            return None, uploads
        ctype, params = media_type(request.headers.get("Content-Type"))
        if ctype == "multipart/form-data":
            payload: Any = None
            try:
                parts = parse_form(await request.read(), params.get("boundary", ""))
            except (FormDataError, UnicodeDecodeError) as exc:
                raise _Refused(
                    400, 50109, "The request body contains invalid JSON.", detail=str(exc)
                ) from None
            for part in parts:
                if part.name == "payload_json":
                    try:
                        payload = json.loads(part.data.decode("utf-8"))
                    except ValueError:
                        raise _Refused(
                            400, 50109, "The request body contains invalid JSON."
                        ) from None
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", part.name)
                if match is None:
                    raise _form_error(
                        [
                            FieldError(
                                (part.name,),
                                "UNKNOWN_FIELD",
                                f"Unexpected multipart part {part.name!r}",
                            )
                        ]
                    )
                index = int(match.group(1))
                uploads[index] = _Upload(index, part.filename or f"file{index}", part.data)
            if len(uploads) > rules.MAX_FILES:
                raise _form_error(
                    [
                        FieldError(
                            ("attachments",),
                            "BASE_TYPE_MAX_LENGTH",
                            f"Must be {rules.MAX_FILES} or fewer in length.",
                        )
                    ]
                )
            for upload in uploads.values():
                if len(upload.data) > self.upload_limit:
                    raise _Refused(
                        413,
                        40005,
                        "Request entity too large",
                        detail=f"files[{upload.index}] {upload.filename!r}: "
                        f"{len(upload.data)} bytes; the upload limit is {self.upload_limit}",
                    )
            return payload if payload is not None else {}, uploads
        raw = await request.read()
        if not raw:
            return None, uploads
        if ctype != "application/json":
            raise _Refused(
                400,
                50109,
                "The request body contains invalid JSON.",
                detail=f"Content-Type {ctype!r}",
            )
        try:
            return json.loads(raw), uploads
        except ValueError:
            raise _Refused(400, 50109, "The request body contains invalid JSON.") from None

    async def _unknown_route(self, request: web.Request) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        known = (
            self.spec.template_for(request.method, request.path.removeprefix(API_PREFIX))
            if (self.spec is not None and request.path.startswith(API_PREFIX + "/"))
            else None
        )
        if known:
            detail = (
                f"Discord has {request.method} {known}, but the fake does not implement it yet "
                "(add it to tests/e2e/fake_server.py)"
            )
        elif self.spec is not None:
            detail = "no such route in the fake, nor in Discord's OpenAPI description"
        else:
            detail = "the fake does not implement this route (add it if Discord has it)"
        refused = _Refused(404, 0, "404: Not Found", detail=detail)
        try:
            self._record_unknown_route(request.method, request.path, 404)
            return self._reject(request.method, request.path, refused)
        finally:
            self._notify()

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self._attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=attachment.data, content_type=attachment.content_type)
