"""A sitting of several hands (rule book §2, §9): seats, dealer rotation, running totals.

Each hand is settled by the rules core's scorer through :class:`~.state.HandState`; the session
adds the deltas to the totals and passes the deal on. Hand seeds come from ``seed_source`` —
:func:`~.wall.new_seed` for real tables, :func:`seeded_source` for reproducible simulations.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shangrao_bot.engine.errors import IllegalAction, StateFormatError
from shangrao_bot.engine.hand_records import SEATS, HandResult, Outcome
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict, rules_from_dict, rules_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import new_seed
from shangrao_bot.rules.ruleset import RuleSet

SESSION_VERSION = 1


def seeded_source(master: int | str | bytes) -> Callable[[int], bytes]:
    """Hand seeds derived from one master seed: ``sha256(master || hand number)``."""
    base = master if isinstance(master, bytes) else str(master).encode()
    return lambda n: hashlib.sha256(base + b"/hand/" + str(n).encode()).digest()


@dataclass(frozen=True)
class HandRecord:
    """One finished hand as the session remembers it."""

    number: int  # 1-based
    dealer: int
    seed: str
    commitment: str
    outcome: Outcome
    winners: tuple[int, ...]
    patterns: tuple[str, ...]
    deltas: tuple[int, ...]
    next_dealer: int


class Session:
    """Hands played one after another; ends after ``hands`` hands (None: until :meth:`end`)."""

    def __init__(
        self,
        rules: RuleSet,
        hands: int | None = None,
        seed_source: Callable[[int], bytes] | None = None,
    ) -> None:
        if hands is not None and hands < 1:
            raise IllegalAction("engine.session.bad_length", hands=hands)
        self.rules = rules
        self.planned = hands
        self._seed_source = seed_source or (lambda _n: new_seed())
        self.totals = [0] * SEATS
        self.dealer: int | None = None  # decided by the first hand's dice
        self.records: list[HandRecord] = []
        self.current: HandState | None = None
        self.ended = False

    @property
    def over(self) -> bool:
        return self.ended or (self.planned is not None and len(self.records) >= self.planned)

    def start_hand(self) -> HandState:
        if self.over:
            raise IllegalAction("engine.session.over")
        if self.current is not None:
            if not self.current.over:
                raise IllegalAction("engine.session.hand_in_play")
            raise IllegalAction("engine.session.hand_not_settled")
        n = len(self.records) + 1
        self.current = HandState(self.rules, self._seed_source(n), self.dealer)
        self.dealer = self.current.dealer
        return self.current

    def finish_hand(self) -> HandRecord:
        """Settle the finished current hand: totals, dealer rotation, record."""
        hand = self.current
        if hand is None or hand.result is None:
            raise IllegalAction("engine.session.nothing_to_settle")
        r: HandResult = hand.result
        for s in range(SEATS):
            self.totals[s] += r.deltas[s]
        record = HandRecord(
            number=len(self.records) + 1,
            dealer=hand.dealer,
            seed=hand.seed.hex(),
            commitment=hand.setup.commitment,
            outcome=r.outcome,
            winners=tuple(w.seat for w in r.wins),
            patterns=tuple(w.score.pattern or "" for w in r.wins),
            deltas=r.deltas,
            next_dealer=r.next_dealer,
        )
        self.records.append(record)
        self.dealer = r.next_dealer
        self.current = None
        return record

    def end(self) -> None:
        """End the session on request (a hand in play is abandoned, not scored)."""
        self.ended = True
        self.current = None

    def check(self) -> list[str]:
        """Session invariants: totals are the sum of the hands' deltas, totals are zero-sum, and
        each hand's dealer follows the previous hand per §2."""
        out = []
        sums = [sum(r.deltas[s] for r in self.records) for s in range(SEATS)]
        if sums != self.totals:
            out.append(f"totals {self.totals} are not the sum of the hands {sums}")
        if sum(self.totals) != 0:
            out.append(f"totals {self.totals} are not zero-sum")
        for prev, rec in zip(self.records, self.records[1:], strict=False):
            if rec.dealer != prev.next_dealer:
                out.append(f"hand {rec.number} dealt by {rec.dealer}, not {prev.next_dealer}")
        return out

    # --- persistence ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SESSION_VERSION,
            "rules": rules_to_dict(self.rules),
            "planned": self.planned,
            "totals": list(self.totals),
            "dealer": self.dealer,
            "ended": self.ended,
            "records": [
                [
                    r.number,
                    r.dealer,
                    r.seed,
                    r.commitment,
                    r.outcome.value,
                    list(r.winners),
                    list(r.patterns),
                    list(r.deltas),
                    r.next_dealer,
                ]
                for r in self.records
            ],
            "current": hand_to_dict(self.current) if self.current is not None else None,
        }

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], seed_source: Callable[[int], bytes] | None = None
    ) -> Session:
        version = data.get("version") if isinstance(data, dict) else None
        if version != SESSION_VERSION:
            raise StateFormatError(
                "engine.saved.session_version", version=repr(version), supported=SESSION_VERSION
            )
        try:
            s = cls(rules_from_dict(data["rules"]), data["planned"], seed_source)
            s.totals = [int(x) for x in data["totals"]]
            s.dealer = data["dealer"]
            s.ended = bool(data["ended"])
            s.records = [
                HandRecord(
                    int(n),
                    int(d),
                    str(sd),
                    str(cm),
                    Outcome(o),
                    tuple(w),
                    tuple(p),
                    tuple(dl),
                    int(nd),
                )
                for n, d, sd, cm, o, w, p, dl, nd in data["records"]
            ]
            current = data["current"]
            if s.dealer is not None and not 0 <= int(s.dealer) < SEATS:
                raise ValueError(f"dealer {s.dealer} is not a seat")
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError("engine.saved.session_damaged", detail=repr(exc)) from None
        if current is not None:
            s.current = hand_from_dict(current)
        return s
