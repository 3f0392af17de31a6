"""The store's parts for scorekeeping at physical tables (migration 5): double submits recorded
once, where prompts and scoreboards are, pending hands across guilds, guest renames and name
lookups, and the guild's confirmation policy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import InvalidRecord
from shangrao_bot.store.guilds import get_settings, update_settings
from shangrao_bot.store.ledger import (
    audit_trail,
    find_players,
    get_session,
    guest_player,
    merge_guest,
    pending_hands,
    player_named,
    record_hand,
    rename_player,
    set_board_message,
    set_hand_message,
    user_player,
    void_hand,
)
from tests.store.conftest import GUILD, OTHER_GUILD, four_player_session, self_draw_win


def ago(seconds: float) -> str:
    return (datetime.now(UTC) - timedelta(seconds=seconds)).isoformat()


async def test_same_content_within_the_window_records_once(
    db: Database,
) -> None:
    s = await four_player_session(db)
    first = await record_hand(
        db, GUILD, s.id, self_draw_win(0, 2), 100, content_key="k", dedupe_since=ago(10)
    )
    again = await record_hand(
        db, GUILD, s.id, self_draw_win(0, 2), 100, content_key="k", dedupe_since=ago(10)
    )
    assert again.id == first.id
    # another player recording the same hand at once: still one hand
    same = await record_hand(
        db, GUILD, s.id, self_draw_win(0, 2), 101, content_key="k", dedupe_since=ago(10)
    )
    assert same.id == first.id
    # other content is another hand
    other = await record_hand(
        db, GUILD, s.id, self_draw_win(1, 2), 100, content_key="k2", dedupe_since=ago(10)
    )
    assert other.id != first.id
    # once the first is voided, the same content may be recorded again (a real second hand)
    await void_hand(db, GUILD, first.id, 100, "typo")
    third = await record_hand(
        db, GUILD, s.id, self_draw_win(0, 2), 100, content_key="k", dedupe_since=ago(10)
    )
    assert third.id not in (first.id, other.id)


async def test_prompt_and_scoreboard_locations_and_pending_hands(db: Database) -> None:
    s = await four_player_session(db)
    o = await four_player_session(db, OTHER_GUILD)
    h = await record_hand(db, GUILD, s.id, self_draw_win(1, 2), 100)
    h2 = await record_hand(db, OTHER_GUILD, o.id, self_draw_win(1, 2), 100)
    await set_hand_message(db, GUILD, h.id, 77, 88)
    await set_hand_message(db, GUILD, h2.id, 1, 2)  # another guild's hand: untouched
    await set_board_message(db, GUILD, s.id, 77, 99)
    info = await get_session(db, GUILD, s.id)
    assert (info.board_channel_id, info.board_message_id) == (77, 99)
    pend = await pending_hands(db)
    assert [p.id for p in pend] == [h.id, h2.id]
    assert (pend[0].message_channel_id, pend[0].message_id) == (77, 88)
    assert pend[1].message_id is None
    assert await pending_hands(db, created_before=ago(3600)) == []


async def test_rename_keeps_the_old_name_as_an_alias(db: Database) -> None:
    wang = await guest_player(db, GUILD, "Lao Wang", 1)
    renamed = await rename_player(db, GUILD, wang.id, "Wang Wei", 1)
    assert renamed.display_name == "Wang Wei"
    assert (await guest_player(db, GUILD, "lao wang")).id == wang.id
    assert (await player_named(db, GUILD, "WANG WEI")) == renamed
    other = await guest_player(db, GUILD, "Xiao Li")
    with pytest.raises(InvalidRecord, match="already belongs"):
        await rename_player(db, GUILD, other.id, "Lao Wang", 1)
    member = await user_player(db, GUILD, 5, "Alice")
    with pytest.raises(InvalidRecord, match="follows Discord"):
        await rename_player(db, GUILD, member.id, "Bob", 1)
    assert any(a["action"] == "rename" for a in await audit_trail(db, GUILD))


async def test_renaming_back_and_forth_keeps_every_old_name_as_an_alias(db: Database) -> None:
    wang = await guest_player(db, GUILD, "Lao Wang", 1)
    for name in ("Wang Wei", "Lao Wang", "Wang Wei", "Old Wang"):
        assert (await rename_player(db, GUILD, wang.id, name, 1)).display_name == name
    for name in ("lao wang", "wang wei", "old wang"):
        assert (await guest_player(db, GUILD, name)).id == wang.id


async def test_names_resolve_through_merges_and_autocomplete_lists_members_first(
    db: Database,
) -> None:
    guest = await guest_player(db, GUILD, "Ann guest")
    alice = await user_player(db, GUILD, 5, "Ann")
    await merge_guest(db, GUILD, guest.id, alice.id, 1)
    assert await player_named(db, GUILD, "ann guest") == alice
    assert await player_named(db, GUILD, "ann") == alice
    assert await player_named(db, GUILD, "nobody") is None
    await guest_player(db, GUILD, "Anna")
    names = [p.display_name for p in await find_players(db, GUILD, "an")]
    assert names == ["Ann", "Anna"]  # the merged guest is gone, the member comes first
    assert await find_players(db, OTHER_GUILD, "an") == []


async def test_confirmation_policy_settings(db: Database) -> None:
    assert (await get_settings(db, GUILD)).confirm_minutes == 30
    s = await update_settings(db, GUILD, 1, confirm_minutes=5, confirmations=2)
    assert (s.confirm_minutes, s.confirmations) == (5, 2)
    assert await get_settings(db, GUILD) == s
    with pytest.raises(InvalidRecord, match="use 1 to 1440"):
        await update_settings(db, GUILD, 1, confirm_minutes=0)
    with pytest.raises(InvalidRecord, match="use 1 to 3"):
        await update_settings(db, GUILD, 1, confirmations=4)
    assert await get_settings(db, GUILD) == s  # nothing half-written
