"""Which of Discord's shards this process runs, and which guilds (so which tables) are its own.

Discord splits a bot's guilds over shards: a guild's events go to shard
``(guild_id >> 22) % shard_count``, and every DM's to shard 0. A large bot runs its shards in
several processes over one PostgreSQL database; each process then owns exactly the guilds of
its shards — it resumes their virtual tables, and a click on one of their DM panels that
reaches another process (shard 0) is handed to it.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_SHARDS = 4096


class ShardSpecError(ValueError):
    """A ``SHARD_IDS`` or ``SHARD_COUNT`` value that cannot be used; the message says why."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord delivers ``guild_id``'s events to."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"``, ``"4,5"`` or a mix (``"0-1,6"``) → the shard ids, sorted; each must be below
    ``shard_count`` and named once."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ShardSpecError(f"'{part}' is not a shard id or a range like 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ShardSpecError(f"the range '{part}' runs backwards: write it low-high")
        ids.extend(range(first, last + 1))
    if len(set(ids)) != len(ids):
        raise ShardSpecError("a shard id is named twice")
    too_big = [i for i in ids if i >= shard_count]
    if too_big:
        raise ShardSpecError(
            f"shard {too_big[0]} does not exist with SHARD_COUNT={shard_count}: ids run from "
            f"0 to {shard_count - 1}"
        )
    return tuple(sorted(ids))


@dataclass(frozen=True)
class ShardPlan:
    """The shards of this process. ``count`` None: Discord's recommended count, every shard in
    this process (the single-process default); ``ids`` None: every shard of ``count``."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def all_in_one(self) -> bool:
        """True when this process runs every shard (no other process serves any guild)."""
        return self.ids is None or self.count is None or len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        """Whether ``guild_id``'s events come to this process."""
        if self.all_in_one:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        if self.count is None:
            return "every shard (count recommended by Discord)"
        if self.all_in_one:
            return f"all {self.count} shards"
        assert self.ids is not None
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"
