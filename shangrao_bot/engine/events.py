"""What happened, and who may see it.

Every event has a public part (``tiles``, ``detail``) that any spectator may see, and an
optional secret part (``secret``) that only ``owner`` may see — the tile a player drew, the
hand dealt to them. :meth:`Event.visible_to` strips the secret for everyone else, so a table can
publish ``[e.visible_to(None) for e in events]`` without leaking concealed tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class EventKind(Enum):
    HAND_STARTED = "hand_started"  # dealer, fairness hash, dice, indicator and 宝 (all public)
    DEALT = "dealt"  # secret: the seat's dealt tiles
    DREW = "drew"  # secret: the tile; detail "replacement" for a kong's replacement
    DISCARDED = "discarded"  # detail "flown" for a 宝 (飞宝)
    CLAIM_WINDOW = "claim_window"  # to each seat that may claim the discard (private)
    ROB_WINDOW = "rob_window"  # to each seat that may rob a 补杠 (private)
    CHI = "chi"
    PONG = "pong"
    KONG = "kong"  # 明杠 on a discard (four tiles) or a 跌宝杠 claimed on one (three tiles)
    ANGANG = "angang"  # 暗杠 / 跌宝杠
    BUGANG_DECLARED = "bugang_declared"  # a 补杠 is announced; a 抢杠 window may follow
    BUGANG = "bugang"  # the 补杠 stands (nobody robbed it)
    PASSED = "passed"  # secret to the seat that passed: passing would reveal a claim option
    BONUS = "bonus"  # detail: the bonus kind (接宝, 四个宝, kongs)
    WON = "won"  # tiles: the winner's whole hand; detail: how
    EXHAUSTED = "exhausted"  # 流局: a draw was due and no live tile is left
    HAND_ENDED = "hand_ended"  # detail: the revealed seed (hex)


# Events that only their owner may see at all (they would reveal a claim option).
PRIVATE_KINDS = frozenset({EventKind.PASSED, EventKind.CLAIM_WINDOW, EventKind.ROB_WINDOW})


@dataclass(frozen=True)
class Event:
    kind: EventKind
    seat: int | None = None
    tiles: tuple[int, ...] = ()
    detail: str = ""
    owner: int | None = None  # who may see ``secret``; None when there is no secret
    secret: tuple[int, ...] = ()
    private: bool = False  # the whole event is for ``owner`` only (it would reveal a hand)

    @property
    def public(self) -> bool:
        """True when the whole event may be shown to everyone."""
        return self.owner is None

    def visible_to(self, viewer: int | None) -> Event | None:
        """The event as ``viewer`` (a seat, or None for a spectator) may see it; None when the
        event is entirely private to another seat."""
        if self.owner is None or self.owner == viewer:
            return self
        if self.private or self.kind in PRIVATE_KINDS:
            return None
        return replace(self, secret=())
