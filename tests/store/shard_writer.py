"""Child process of test_pg_conflicts: one bot shard recording hands into a session that
another shard records into at the same moment. Both record the same idempotency keys (one
interaction reaching both) and keys of their own; each hand is confirmed. Prints how many
write attempts PostgreSQL refused for a conflict (each was run again)."""

from __future__ import annotations

import asyncio
import sys

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.postgres import PgDatabase
from shangrao_bot.store.ledger import confirm_hand, record_hand
from tests.store.conftest import GUILD, self_draw_win


async def main(url: str, session_id: int, shard: str, hands: int) -> None:
    db = await open_database(url)
    assert isinstance(db, PgDatabase)
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

        async def writer(w: int) -> None:
            for i in range(w, hands, 4):
                for key in (f"both-{i}", f"{shard}-{i}"):
                    hand = await record_hand(
                        db, GUILD, session_id, self_draw_win(i % 4, 1 + i % 5), 100,
                        idempotency_key=key,
                    )  # fmt: skip
                    await confirm_hand(db, GUILD, hand.id, 101 + i % 3, final=True)

        await asyncio.gather(*(writer(w) for w in range(4)))
        print("conflicts", db.conflicts, flush=True)
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])))
