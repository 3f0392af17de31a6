"""What a DM click handed to another process carries, and which clicks are handed over."""

from __future__ import annotations

import json

import pytest

from shangrao_bot.ui.cross_shard_clicks import NOTIFY_LIMIT, handoff_payload, table_of_click


def click(custom_id: str, *, guild: int | None = None, kind: int = 3) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "1300000000000000001",
        "application_id": "1200000000000000000",
        "type": kind,
        "token": "tok-" + "x" * 150,
        "version": 1,
        "locale": "zh-CN",
        "channel_id": "1300000000000000002",
        "user": {"id": "1300000000000000003", "username": "alice", "discriminator": "0"},
        "data": {"custom_id": custom_id, "component_type": 2},
        "message": {
            "id": "1300000000000000004",
            "channel_id": "1300000000000000002",
            "type": 0,
            "content": "轮到你出牌。" * 300,  # a long Chinese panel text: 5,400 bytes
            "author": {"id": "1200000000000000000", "username": "bot", "discriminator": "0"},
            "embeds": [{"description": "d" * 3000}],
            "attachments": [{"id": "1", "filename": "hand.png", "url": "https://x/" + "a" * 300}],
            "components": [
                {"type": 1, "components": [{"type": 2, "custom_id": "c" * 90}] * 4},
                {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": "mj:42:7:3:d:5"}]},
            ],
            "referenced_message": {"id": "9", "content": "r" * 2000},
            "flags": 0,
            "timestamp": "2026-12-01T00:00:00+00:00",
        },
    }
    if guild is not None:
        data["guild_id"] = str(guild)
    return data


def test_only_dm_clicks_on_tables_are_handed_over() -> None:
    assert table_of_click(click("mj:42:7:3:d:5")) == 42
    assert table_of_click(click("mj:42:ready")) == 42
    assert table_of_click(click("mj:42:7:3:d:5", guild=5)) is None  # a guild's: its own shard
    assert table_of_click(click("sk:42:confirm")) is None  # not a table's button
    assert table_of_click(click("mj:42:join", kind=2)) is None  # a slash command


def test_the_payload_keeps_who_what_and_where_and_fits_a_notify() -> None:
    data = click("mj:42:7:3:d:5")
    text = handoff_payload(data)
    assert len(text.encode()) <= NOTIFY_LIMIT
    slim = json.loads(text)
    for key in ("id", "token", "application_id", "type", "locale", "user", "channel_id"):
        assert slim[key] == data[key]
    assert slim["data"] == data["data"]  # the custom_id: what was pressed
    message = slim["message"]
    assert message["id"] == "1300000000000000004" and message["flags"] == 0
    assert message["content"] == ""
    # the button pressed stays (discord.py finds the button code by it), the others go
    assert message["components"] == [
        {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": "mj:42:7:3:d:5"}]}
    ]
    assert "referenced_message" not in message


def test_a_payload_too_big_is_refused_not_cut() -> None:
    data = click("mj:42:7:3:d:5")
    data["user"] = {"id": "1", "username": "a" * NOTIFY_LIMIT}
    with pytest.raises(ValueError, match="too big"):
        handoff_payload(data)
