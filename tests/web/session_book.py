"""More sessions for the session page's tests, beside :func:`tests.web.league_book.league_book`:
a closed session with its settlement (one transfer marked paid), a bot table's session whose
hands were won in each recorded way, and a long session of many hands."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    HandIn,
    PaymentIn,
    SessionInfo,
    close_session,
    get_session,
    mark_paid,
    open_session,
    record_hand,
    user_player,
)
from tests.store.conftest import CHANNEL, GUILD, kong_draw
from tests.store.conftest import self_draw_win as win
from tests.web.league_book import Book


def robbed_kong(winner: int, robbed: int, value: int) -> HandIn:
    """A win by 抢杠 as a bot table records it: the robbed seat pays it all."""
    deltas = tuple(value if s == winner else -value if s == robbed else 0 for s in range(4))
    return HandIn(
        "win",
        (PaymentIn(robbed, winner, value, "win"),),
        deltas,
        (winner,),
        (),
        dealer_seat=0,
        bao="5m",
        pattern="平胡",
        detail={"wins": [{"seat": winner, "how": "rob"}]},
    )


@dataclass(frozen=True)
class Sessions:
    closed: SessionInfo
    bot: SessionInfo
    bot_hand_ids: tuple[int, ...]


async def more_sessions(db: Database, book: Book) -> Sessions:
    """A closed session of the book's four members (transfers stored, the first marked paid)
    and a bot table's session of theirs with a 抢杠 and a 杠开."""
    seated = list(book.player_ids)
    closed = await open_session(
        db, GUILD, CHANNEL + 2, "physical", {"preset": "baike"}, 2, 100, seated
    )
    await record_hand(db, GUILD, closed.id, win(0, 6, (0, 1, 0, 0)), 100, confirmed=True)
    await record_hand(db, GUILD, closed.id, win(2, 3), 100, confirmed=True)
    await record_hand(db, GUILD, closed.id, kong_draw(1), 100, confirmed=True)
    settlement = await close_session(db, GUILD, closed.id, 100)
    await mark_paid(db, GUILD, settlement.transfers[0].id, 100)
    bot = await open_session(
        db, GUILD, CHANNEL + 3, "virtual", {"preset": "shangrao"}, 1, 100, seated
    )
    kong = replace(win(3, 4), detail={"wins": [{"seat": 3, "how": "kong"}]})
    bot_hands = [
        await record_hand(db, GUILD, bot.id, robbed_kong(1, 2, 12), 0, confirmed=True),
        await record_hand(db, GUILD, bot.id, kong, 0, confirmed=True),
    ]
    return Sessions(
        await get_session(db, GUILD, closed.id),
        await get_session(db, GUILD, bot.id),
        tuple(h.id for h in bot_hands),
    )


async def long_session(db: Database, hands: int, channel: int = CHANNEL + 9) -> SessionInfo:
    """A session of ``hands`` confirmed hands among four new members (winners in turn, some
    宝 flown, a draw every fifth hand)."""
    players = [await user_player(db, GUILD, 900 + i, f"Long {i}") for i in range(4)]
    info = await open_session(
        db, GUILD, channel, "physical", {"preset": "shangrao"}, 1, 900, [p.id for p in players]
    )
    for n in range(hands):
        seat = n % 4
        hand = kong_draw(seat) if n % 5 == 4 else win(seat, 2 + n % 7, (0, n % 2, 0, 0))
        await record_hand(db, GUILD, info.id, hand, 900, confirmed=True)
    return info
