"""Players of a guild: Discord users and guests (by name, with aliases), and merging a guest
into a user with their whole history."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from shangrao_bot.names import normalize_name
from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.ledger.audit import record_audit

MAX_NAME = 64


@dataclass(frozen=True)
class Player:
    id: int
    guild_id: int
    user_id: int | None
    guest_name: str | None
    display_name: str
    merged_into: int | None = None

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


def player_from_row(row: Row) -> Player:
    return Player(
        row["id"],
        row["guild_id"],
        row["user_id"],
        row["guest_name"],
        row["display_name"],
        row["merged_into"],
    )


def _clean_name(name: str) -> str:
    cleaned = normalize_name(name)  # one spelling per name: see shangrao_bot.names
    if not cleaned:
        raise InvalidRecord("store.player.name_empty")
    if len(cleaned) > MAX_NAME:
        raise InvalidRecord("store.player.name_long", start=cleaned[:20], limit=MAX_NAME)
    return cleaned


async def user_player(db: Database, guild_id: int, user_id: int, display_name: str) -> Player:
    """The guild's player for a Discord user, created on first use (name kept current)."""
    at = now_iso()

    async def find_or_create(tx: Tx) -> Player:
        row = await tx.fetchone(
            "SELECT * FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        if row is not None:
            if row["display_name"] != display_name:
                await tx.execute(
                    "UPDATE players SET display_name = ? WHERE id = ?", (display_name, row["id"])
                )
            return Player(row["id"], guild_id, user_id, None, display_name, row["merged_into"])
        player_id = await tx.insert(
            "INSERT INTO players (guild_id, user_id, display_name, created_at) VALUES (?, ?, ?, ?)",
            (guild_id, user_id, display_name, at),
        )
        return Player(player_id, guild_id, user_id, None, display_name)

    return await db.write(find_or_create)


async def find_guest(db: Database, guild_id: int, name: str) -> Player | None:
    """The player :func:`guest_player` would return for ``name``, without creating one."""
    cleaned = normalize_name(name)
    rows = await db.fetchall(
        "SELECT p.* FROM players p WHERE p.guild_id = ? AND lower(p.guest_name) = lower(?) "
        "UNION SELECT p.* FROM players p JOIN player_aliases a ON a.player_id = p.id "
        "WHERE a.guild_id = ? AND lower(a.alias) = lower(?)",
        (guild_id, cleaned, guild_id, cleaned),
    )
    if not rows:
        return None
    found = player_from_row(rows[0])
    if found.merged_into is not None:
        return await get_player(db, guild_id, found.merged_into)
    return found


async def guest_player(db: Database, guild_id: int, name: str, actor: int = 0) -> Player:
    """A guest (no Discord account) by name or alias, created on first use. A guest merged
    into a user resolves to that user."""
    cleaned = _clean_name(name)
    at = now_iso()

    async def find_or_create(tx: Tx) -> Player:
        rows = await tx.fetch(
            "SELECT p.* FROM players p WHERE p.guild_id = ? AND lower(p.guest_name) = lower(?) "
            "UNION SELECT p.* FROM players p JOIN player_aliases a ON a.player_id = p.id "
            "WHERE a.guild_id = ? AND lower(a.alias) = lower(?)",
            (guild_id, cleaned, guild_id, cleaned),
        )
        if rows:
            found = player_from_row(rows[0])
            if found.merged_into is not None:
                target = await tx.fetch("SELECT * FROM players WHERE id = ?", (found.merged_into,))
                return player_from_row(target[0])
            return found
        player_id = await tx.insert(
            "INSERT INTO players (guild_id, guest_name, display_name, created_at) "
            "VALUES (?, ?, ?, ?)",
            (guild_id, cleaned, cleaned, at),
        )
        await record_audit(tx, guild_id, actor, "create", "guest", player_id, None, cleaned)
        return Player(player_id, guild_id, None, cleaned, cleaned)

    return await db.write(find_or_create)


async def get_player(db: Database, guild_id: int, player_id: int) -> Player:
    row = await db.fetchone(
        "SELECT * FROM players WHERE id = ? AND guild_id = ?", (player_id, guild_id)
    )
    if row is None:
        raise NotFound("store.player.not_found", player=player_id)
    return player_from_row(row)


async def _name_owners(tx: Tx, guild_id: int, name: str, player_id: int) -> list[int]:
    """Players already found by ``name`` (as a guest name or an alias); refuses when one of
    them is not ``player_id`` — a name finds one player only."""
    rows = await tx.fetch(
        "SELECT player_id FROM player_aliases WHERE guild_id = ? AND lower(alias) = lower(?) "
        "UNION SELECT id FROM players WHERE guild_id = ? AND lower(guest_name) = lower(?)",
        (guild_id, name, guild_id, name),
    )
    owners = [int(r[0]) for r in rows]
    if any(o != player_id for o in owners):
        raise InvalidRecord("store.player.name_taken", name=name)
    return owners


async def add_alias(db: Database, guild_id: int, player_id: int, alias: str, actor: int) -> None:
    """Another name that finds the same player (e.g. a nickname used at the table)."""
    cleaned = _clean_name(alias)
    await get_player(db, guild_id, player_id)

    async def add(tx: Tx) -> None:
        if not await _name_owners(tx, guild_id, cleaned, player_id):
            await tx.execute(
                "INSERT INTO player_aliases (guild_id, alias, player_id) VALUES (?, ?, ?)",
                (guild_id, cleaned, player_id),
            )
            await record_audit(tx, guild_id, actor, "alias", "player", player_id, None, cleaned)

    await db.write(add)


async def merge_guest(
    db: Database, guild_id: int, guest_id: int, user_player_id: int, actor: int
) -> Player:
    """Link a guest's history to a Discord user: every seat, payment and transfer of the guest
    moves to the user; the guest row stays (marked merged) so its name still resolves."""
    guest = await get_player(db, guild_id, guest_id)
    user = await get_player(db, guild_id, user_player_id)
    if not guest.is_guest or guest.merged_into is not None:
        raise InvalidRecord("store.player.not_unmerged_guest", name=guest.display_name)
    if user.is_guest:
        raise InvalidRecord("store.player.merge_into_guest", name=user.display_name)

    async def merge(tx: Tx) -> None:
        # checked again inside the transaction: a concurrent merge may have moved the guest
        merged_into = await tx.fetchval("SELECT merged_into FROM players WHERE id = ?", (guest.id,))
        if merged_into is not None:
            raise InvalidRecord("store.player.not_unmerged_guest", name=guest.display_name)
        shared = await tx.fetch(
            "SELECT a.session_id FROM session_seats a JOIN session_seats b"
            " ON a.session_id = b.session_id WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
            (guest.id, user.id),
        )
        if shared:
            raise InvalidRecord(
                "store.player.shared_session",
                guest=guest.display_name,
                user=user.display_name,
                session=int(shared[0][0]),
            )
        for table, column in (
            ("session_seats", "player_id"),
            ("hand_seats", "player_id"),
            ("payments", "payer_id"),
            ("payments", "payee_id"),
            ("transfers", "payer_id"),
            ("transfers", "payee_id"),
            ("player_aliases", "player_id"),
        ):
            await tx.execute(
                f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (user.id, guest.id)
            )
        await tx.execute("UPDATE players SET merged_into = ? WHERE id = ?", (user.id, guest.id))
        await record_audit(
            tx, guild_id, actor, "merge", "player", guest.id, asdict(guest), {"into": user.id}
        )

    await db.write(merge)
    return user


async def rename_player(
    db: Database, guild_id: int, player_id: int, new_name: str, actor: int
) -> Player:
    """Give a guest a new name; the old name stays an alias, so hands typed with it still
    find the guest. A member's name follows their Discord name and is not renamed here."""
    player = await get_player(db, guild_id, player_id)
    if not player.is_guest or player.merged_into is not None:
        raise InvalidRecord(
            "store.player.rename_member" if not player.is_guest else "store.player.rename_merged",
            name=player.display_name,
        )
    cleaned = _clean_name(new_name)

    async def rename(tx: Tx) -> None:
        await _name_owners(tx, guild_id, cleaned, player_id)
        old = player.guest_name
        await tx.execute(
            "UPDATE players SET guest_name = ?, display_name = ? WHERE id = ?",
            (cleaned, cleaned, player_id),
        )
        await tx.execute(
            "DELETE FROM player_aliases WHERE guild_id = ? AND lower(alias) = lower(?)",
            (guild_id, cleaned),
        )
        if old is not None and old.lower() != cleaned.lower():
            await tx.execute(
                "INSERT INTO player_aliases (guild_id, alias, player_id)"
                " VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (guild_id, old, player_id),
            )
        await record_audit(tx, guild_id, actor, "rename", "player", player_id, old, cleaned)

    await db.write(rename)
    return await get_player(db, guild_id, player_id)


async def find_players(
    db: Database, guild_id: int, text: str = "", limit: int = 25
) -> list[Player]:
    """The guild's players (not merged away) whose name or alias contains ``text``, members
    first, then by name: the choices of a player option's autocomplete."""
    like = f"%{text.strip().lower()}%"
    rows = await db.fetchall(
        "SELECT p.* FROM players p WHERE p.guild_id = ? AND p.merged_into IS NULL"
        " AND (lower(p.display_name) LIKE ? OR EXISTS (SELECT 1 FROM player_aliases a"
        " WHERE a.player_id = p.id AND lower(a.alias) LIKE ?))"
        " ORDER BY p.user_id IS NULL, lower(p.display_name), p.id LIMIT ?",
        (guild_id, like, like, limit),
    )
    return [player_from_row(r) for r in rows]


async def player_named(db: Database, guild_id: int, name: str) -> Player | None:
    """The player called ``name`` (a guest's name, else an alias, else a member's display
    name), following a merge; None when nobody is."""
    cleaned = normalize_name(name)
    rows = await db.fetchall(
        "SELECT 0 AS rank, p.* FROM players p"
        " WHERE p.guild_id = ? AND lower(p.guest_name) = lower(?)"
        " UNION ALL SELECT 1, p.* FROM players p JOIN player_aliases a ON a.player_id = p.id"
        " WHERE a.guild_id = ? AND lower(a.alias) = lower(?)"
        " UNION ALL SELECT 2, p.* FROM players p WHERE p.guild_id = ? AND p.user_id IS NOT NULL"
        " AND lower(p.display_name) = lower(?) ORDER BY rank, id LIMIT 1",
        (guild_id, cleaned, guild_id, cleaned, guild_id, cleaned),
    )
    if not rows:
        return None
    found = player_from_row(rows[0])
    if found.merged_into is not None:
        return await get_player(db, guild_id, found.merged_into)
    return found
