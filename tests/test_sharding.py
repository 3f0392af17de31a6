"""Which shards a process runs and which guilds are its own (``SHARD_COUNT``, ``SHARD_IDS``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.settings import SettingsError, load_settings
from shangrao_bot.sharding import ShardPlan, ShardSpecError, parse_shard_ids, shard_of


def test_shard_of_is_discords_formula() -> None:
    # a snowflake's timestamp bits decide: (id >> 22) % count
    assert shard_of(41771983423143937, 1) == 0
    assert shard_of(41771983423143937, 2) == (41771983423143937 >> 22) % 2
    assert shard_of(5 << 22, 4) == 1 and shard_of(6 << 22, 4) == 2


@pytest.mark.parametrize(
    ("text", "count", "ids"),
    [("0-3", 8, (0, 1, 2, 3)), ("4,5", 8, (4, 5)), ("0-1, 6", 8, (0, 1, 6)), ("3", 4, (3,))],
)
def test_shard_ids_ranges_and_lists(text: str, count: int, ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(text, count) == ids


@pytest.mark.parametrize(
    ("text", "count", "why"),
    [
        ("4", 4, "does not exist"),
        ("1-0", 4, "backwards"),
        ("0,0", 4, "twice"),
        ("0-1,1", 4, "twice"),
        ("a", 4, "not a shard id"),
        ("1-", 4, "not a shard id"),
        ("", 4, "not a shard id"),
    ],
)
def test_bad_shard_ids_say_why(text: str, count: int, why: str) -> None:
    with pytest.raises(ShardSpecError, match=why):
        parse_shard_ids(text, count)


def test_settings_read_the_shards() -> None:
    assert load_settings({}).shards == ShardPlan()
    assert load_settings({"SHARD_COUNT": "4"}).shards == ShardPlan(4)
    plan = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "2-3"}).shards
    assert plan == ShardPlan(4, (2, 3)) and not plan.all_in_one
    assert load_settings({"SHARD_COUNT": "2", "SHARD_IDS": "0,1"}).shards.all_in_one
    for env, variable in (
        ({"SHARD_IDS": "0"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS"),
    ):
        with pytest.raises(SettingsError) as caught:
            load_settings(env)
        assert caught.value.variable == variable


@given(st.integers(1, 16), st.data())
def test_every_guild_has_exactly_one_owner(count: int, data: st.DataObject) -> None:
    """However the shards are split over processes, each guild belongs to exactly one."""
    owners = data.draw(st.lists(st.integers(0, 3), min_size=count, max_size=count))
    processes = [
        ShardPlan(count, tuple(s for s in range(count) if owners[s] == p)) for p in range(4)
    ]
    guild = data.draw(st.integers(0, 2**63 - 1))
    assert sum(p.owns(guild) for p in processes if p.ids) == 1
    assert ShardPlan().owns(guild) and ShardPlan(count).owns(guild)
