"""The fake's own rules: each refusal Discord would make, provoked on purpose through the real
discord.py client, answered with Discord's error shape and recorded as a violation."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, InteractionNotAcknowledged, Rejection
from tests.e2e.minibot import MiniBot
from tests.e2e.openapi_check import OpenApiSpec

SPEC = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec" / "openapi.json"


@pytest.fixture
async def bot(fake_discord: FakeDiscord, start_bot: StartBot) -> MiniBot:
    return await start_bot(MiniBot(guild_id=fake_discord.guild.id))


def _walk(errors: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(dotted path, code) of every leaf error in Discord's nested ``errors`` object."""
    found = [(".".join(path), e["code"]) for e in errors.get("_errors", [])]
    for key, sub in errors.items():
        if key != "_errors":
            found += _walk(sub, (*path, key))
    return found


def only_violation(fake: FakeDiscord) -> Rejection:
    violations = fake.take_violations()
    assert len(violations) == 1, "\n".join(map(str, violations))
    return violations[0]


# (kind of /bad, expected status, code, (path, error code) or None)
BAD_CASES = [
    ("content", 400, 50035, ("content", "BASE_TYPE_MAX_LENGTH")),
    ("embed_title", 400, 50035, ("embeds.0.title", "BASE_TYPE_MAX_LENGTH")),
    ("embed_description", 400, 50035, ("embeds.0.description", "BASE_TYPE_MAX_LENGTH")),
    ("embed_fields", 400, 50035, ("embeds.0.fields", "BASE_TYPE_MAX_LENGTH")),
    ("field_name", 400, 50035, ("embeds.0.fields.0.name", "BASE_TYPE_MAX_LENGTH")),
    ("field_value", 400, 50035, ("embeds.0.fields.0.value", "BASE_TYPE_MAX_LENGTH")),
    ("footer", 400, 50035, ("embeds.0.footer.text", "BASE_TYPE_MAX_LENGTH")),
    ("author", 400, 50035, ("embeds.0.author.name", "BASE_TYPE_MAX_LENGTH")),
    ("embed_total", 400, 50035, ("embeds", "MAX_EMBED_SIZE_EXCEEDED")),
    ("embeds_11", 400, 50035, ("embeds", "BASE_TYPE_MAX_LENGTH")),
    ("rows_6", 400, 50035, ("components", "BASE_TYPE_MAX_LENGTH")),
    ("buttons_6", 400, 50035, ("components.0.components", "BASE_TYPE_BAD_LENGTH")),
    (
        "select_not_alone",
        400,
        50035,
        ("components.0.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
    ),
    ("duplicate_ids", 400, 50035, ("components.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED")),
    ("options_26", 400, 50035, ("components.0.components.0.options", "BASE_TYPE_BAD_LENGTH")),
    ("label_81", 400, 50035, ("components.0.components.0.label", "BASE_TYPE_MAX_LENGTH")),
    ("custom_id_101", 400, 50035, ("components.custom_id", "BASE_TYPE_BAD_LENGTH")),
    ("files_11", 400, 50035, ("attachments", "BASE_TYPE_MAX_LENGTH")),
    ("file_too_big", 413, 40005, None),
    ("empty", 400, 50006, None),
    ("ephemeral_flag", 400, 50035, ("flags", "MESSAGE_FLAGS_INVALID")),
    ("unknown_route", 404, 0, None),
    ("edit_ephemeral_via_channel", 404, 10008, None),
    ("followup_content", 400, 50035, ("content", "BASE_TYPE_MAX_LENGTH")),
    ("edit_original_embeds", 400, 50035, ("embeds.0.title", "BASE_TYPE_MAX_LENGTH")),
]


@pytest.mark.parametrize(
    ("kind", "status", "code", "error"), BAD_CASES, ids=[c[0] for c in BAD_CASES]
)
async def test_refusals_have_discords_shape(
    fake_discord: FakeDiscord,
    bot: MiniBot,
    kind: str,
    status: int,
    code: int,
    error: tuple[str, str] | None,
) -> None:
    fake_discord.upload_limit = 1024
    rec = await fake_discord.slash(fake_discord.user("alice"), "bad", kind=kind)
    await rec.wait_until(lambda r: "rejected" in r.text() or "accepted" in r.text())
    assert f"rejected {status} {code}" in rec.text()
    violation = only_violation(fake_discord)
    assert (violation.status, violation.code) == (status, code)
    if error is not None:
        assert violation.message == "Invalid Form Body"
        assert violation.errors is not None and error in _walk(violation.errors)
    assert fake_discord.channel_messages(fake_discord.channel("general")) == []


async def test_interaction_response_over_2000_characters(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    rec = await fake_discord.slash(fake_discord.user("alice"), "echo", text="x" * 2001)
    assert (await rec.response()).content == "rejected 400 50035"
    violation = only_violation(fake_discord)
    assert violation.errors is not None and ("data.content", "BASE_TYPE_MAX_LENGTH") in _walk(
        violation.errors
    )
    assert rec.rejections == [violation]


async def test_modal_title_over_45_characters(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    rec = await fake_discord.slash(fake_discord.user("alice"), "badmodal")
    assert (await rec.response()).content == "rejected 400 50035"
    violation = only_violation(fake_discord)
    assert violation.errors is not None and ("data.title", "BASE_TYPE_MAX_LENGTH") in _walk(
        violation.errors
    )


async def test_callback_type_invalid_for_the_interaction(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    rec = await fake_discord.slash(fake_discord.user("alice"), "wrongtype")
    assert (await rec.response()).content == "rejected 400 50035"
    violation = only_violation(fake_discord)
    assert violation.errors is not None and ("type", "INTERACTION_CALLBACK_TYPE_INVALID") in _walk(
        violation.errors
    )


async def test_second_acknowledgement_is_40060(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    rec = await fake_discord.slash(fake_discord.user("alice"), "twice")
    await fake_discord.wait_for(lambda: bool(fake_discord.violations))
    assert rec.message is not None and rec.message.content == "one"
    violation = only_violation(fake_discord)
    assert (violation.status, violation.code) == (400, 40060)
    await fake_discord.wait_for(lambda: bool(bot.errors))


async def test_missing_acknowledgement_fails_fast(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    with pytest.raises(InteractionNotAcknowledged, match=r"within 0\.1 s"):
        await fake_discord.slash(fake_discord.user("alice"), "silent", deadline=0.1)
    violation = only_violation(fake_discord)
    assert violation.code == 10062


async def test_late_acknowledgement_is_10062(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake_discord.ack_deadline = 0.05
    with pytest.raises(InteractionNotAcknowledged):
        await fake_discord.slash(fake_discord.user("alice"), "late", delay=0.15)
    await fake_discord.wait_for(lambda: len(fake_discord.violations) == 2)
    missing, late = fake_discord.take_violations()
    assert missing.status == 0 and (late.status, late.code, late.message) == (
        404,
        10062,
        "Unknown interaction",
    )
    assert "deadline is 0.05 s" in late.detail


async def test_followups_need_an_acknowledged_live_token(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    alice = fake_discord.user("alice")
    with pytest.raises(InteractionNotAcknowledged):
        await fake_discord.slash(alice, "silent", deadline=0.05)
    fake_discord.take_violations()
    silent = fake_discord.interactions[-1]
    rec = await fake_discord.slash(alice, "ping")
    async with aiohttp.ClientSession() as session:
        for record, code in ((silent, 10015), (rec, 50027)):
            if record is rec:
                fake_discord.advance_clock(15 * 60 + 1)
            hook = discord.Webhook.partial(
                fake_discord.application_id, record.token, session=session
            )
            with pytest.raises(discord.HTTPException) as caught:
                await hook.send("too late", wait=True)
            assert caught.value.code == code
    assert [v.code for v in fake_discord.take_violations()] == [10015, 50027]


async def test_unknown_route_fails_the_test(fake_discord: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(
            f"{fake_discord.api_base}/guilds/1/audit-logs",
            headers={"Authorization": f"Bot {fake_discord.token}"},
        ) as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
            assert await resp.json() == {"message": "404: Not Found", "code": 0}
        async with session.delete(
            f"{fake_discord.api_base}/users/@me"
        ) as resp:  # path known, method not
            assert resp.status == 404
    if fake_discord.spec is not None:
        assert "Discord has GET /guilds/{guild_id}/audit-logs" in fake_discord.violations[0].detail
    assert [v.path for v in fake_discord.take_violations()] == [
        "/api/v10/guilds/1/audit-logs",
        "/api/v10/users/@me",
    ]


class _BadNames(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: Any
    ) -> str | None:
        return (
            "Has Space" if string.message == "ping" and locale is discord.Locale.chinese else None
        )


async def test_command_sync_rejects_invalid_localized_names(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    class BadBot(MiniBot):
        async def setup_hook(self) -> None:
            await self.tree.set_translator(_BadNames())
            await self.tree.sync()

    with pytest.raises(discord.HTTPException) as caught:
        await start_bot(BadBot(guild_id=fake_discord.guild.id))
    assert caught.value.code == 50035
    violation = only_violation(fake_discord)
    assert any(
        path.endswith("name_localizations.zh-CN") for path, _ in _walk(violation.errors or {})
    )


async def test_bad_token_is_refused_without_violation(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    with pytest.raises(discord.LoginFailure):
        await start_bot(MiniBot(guild_id=None), token="not-the-token")
    assert [(r.status, r.violation) for r in fake_discord.rejections] == [(401, False)]


async def test_rate_limit_injection_is_retried(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    bob = fake_discord.user("bob")
    fake_discord.fail_next("POST", "/channels/{channel_id}/messages", status=429, retry_after=0.01)
    rec = await fake_discord.slash(bob, "dm")
    assert (await rec.response()).content == "sent"
    assert [m.content for m in fake_discord.dm_messages(bob)] == ["your hand"]
    assert [r.status for r in fake_discord.rejections] == [429]


@pytest.mark.skipif(
    not SPEC.is_file(), reason="Discord's OpenAPI description is not beside the project"
)
@pytest.mark.fake_discord(openapi_spec=SPEC)
async def test_openapi_validation(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    assert fake_discord.spec is not None
    alice = fake_discord.user("alice")
    msg = await (await fake_discord.slash(alice, "ping")).response()  # real payloads conform
    await fake_discord.click(alice, msg, "mini:hit")
    rec = await fake_discord.slash(alice, "bad", kind="openapi")
    await rec.wait_until(lambda r: "rejected" in r.text())
    violation = only_violation(fake_discord)
    assert violation.code == 50035 and ("tts", "OPENAPI_TYPE") in _walk(violation.errors or {})


@pytest.mark.skipif(
    not SPEC.is_file(), reason="Discord's OpenAPI description is not beside the project"
)
def test_openapi_verdicts_remembered_are_the_verdicts_of_each_body() -> None:
    """A body checked again gets its remembered verdict; another body is checked on its own."""
    spec = OpenApiSpec.load(SPEC.resolve())
    route = ("POST", "/channels/{channel_id}/messages")
    bad, good = {"content": "ok", "tts": "yes"}, {"content": "ok", "tts": True}
    first = spec.check(*route, bad)
    assert first and first[0].code == "OPENAPI_TYPE"
    assert spec.check(*route, good) == []
    assert spec.check(*route, bad) == first
    assert spec.check(*route, {"tts": "yes", "content": "ok"}) == first  # same body, keys moved
    assert spec.check(*route, {**good, "content": "other"}) == []


async def test_openapi_spec_from_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DISCORD_OPENAPI_SPEC", str(tmp_path / "missing.json"))
    with pytest.raises(FileNotFoundError, match="DISCORD_OPENAPI_SPEC"):
        FakeDiscord()
    monkeypatch.setenv("DISCORD_OPENAPI_SPEC", "")
    assert FakeDiscord().spec is None
    if SPEC.is_file():
        monkeypatch.setenv("DISCORD_OPENAPI_SPEC", os.path.relpath(SPEC))
        assert FakeDiscord().spec is FakeDiscord(openapi_spec=SPEC).spec  # loaded once


@pytest.mark.slow
async def test_a_violation_fails_the_test() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "pytest",
        str(Path(__file__).with_name("demo_violation.py")),
        "-p",
        "no:cacheprovider",
        "-n0",
        env=dict(os.environ),
        cwd=Path(__file__).resolve().parents[2],
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    text = out.decode()
    assert proc.returncode == 1, text
    assert "1 passed, 1 error" in text and "recorded 1 violation" in text, text
    assert "GET /api/v10/nope -> 404" in text, text
