"""Child process of test_reliability: records confirmed hands in a loop until killed, into
the database its first argument names (an SQLite file or a PostgreSQL URL)."""

from __future__ import annotations

import asyncio
import sys

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import open_session, record_hand, user_player
from tests.store.conftest import GUILD, self_draw_win


async def main(target: str, start: int) -> None:
    db = await open_database(target)
    try:  # a failure must end the process (the database's threads would keep it alive)
        players = [await user_player(db, GUILD, 100 + i, f"u{i}") for i in range(4)]
        # a channel per round: the killed rounds' sessions stay open, one per channel
        channel = 1 + start
        session = await open_session(
            db, GUILD, channel, "physical", {}, 1, 100, [p.id for p in players]
        )
        print("ready", flush=True)
        n = start
        while True:
            await record_hand(
                db,
                GUILD,
                session.id,
                self_draw_win(n % 4, 1 + n % 5),
                100,
                idempotency_key=f"k{n}",
                confirmed=True,
            )
            n += 1
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
