"""The wall, the dice and provable fairness (rule book §2).

Everything random in a hand comes from one secret seed (32 bytes, from :mod:`secrets` in
production). Before the deal the table publishes ``sha256(seed)``; when the hand ends it
reveals the seed, and anyone can recompute the whole hand's randomness with
``shangrao-bot verify --seed S --hash H`` — or with a few lines in any language, because the
algorithm is spelled out here and uses only SHA-256:

* **Stream.** Block ``i`` (i = 0, 1, 2 …) is ``sha256(seed || "shangrao-wall" || i)`` with
  ``i`` as 8 bytes big-endian; the stream is the blocks' bytes in order, read 4 bytes at a time
  as big-endian unsigned integers ``u``.
* **Uniform integer below n.** Draw ``u``; reject it while ``u >= 2**32 - 2**32 % n``; the
  result is ``u % n`` (rejection keeps it exactly uniform).
* **Shuffle.** The tiles start in kind order (four 1m, four 2m, …, four 7z); Fisher-Yates from
  the last position down: for ``i`` = 135 … 1, swap positions ``i`` and ``below(i + 1)``.
* **Dice**, after the shuffle: the first-dealer rolls (each seat two dice, ``1 + below(6)``
  each, seats 0-3 in order, again among the highest while tied), then the break dice and the
  跌宝 dice (two each).

The wall is dealt from its head; kong replacements come from its tail. The 跌宝 indicator is the
tile ``2 + sum(跌宝 dice)`` places from the tail end (between 4 and 14): it is turned face up
after the deal, stays in the wall and is never drawn. The break dice are shown at the table as
in the texts; since the shuffle is uniform they do not change who gets what (§2).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

from shangrao_bot.engine.errors import EngineError
from shangrao_bot.rules.tiles import NUM_KINDS

TILES = 136
SEED_BYTES = 32
_DOMAIN = b"shangrao-wall"


class WallError(EngineError):
    """A seed or commitment that cannot be used (wrong length, not hex …), or a draw from a
    wall that has no live tile left."""


def new_seed() -> bytes:
    """A fresh secret seed for a real table."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The hash published before the hand: ``sha256(seed)`` in hex."""
    return hashlib.sha256(seed).hexdigest()


def parse_seed(text: str) -> bytes:
    """A seed as players see it: 64 hex digits."""
    cleaned = text.strip().lower()
    try:
        seed = bytes.fromhex(cleaned)
    except ValueError:
        raise WallError("engine.wall.seed_not_hex", token=text) from None
    if len(seed) != SEED_BYTES:
        raise WallError(
            "engine.wall.seed_length", token=text, digits=len(seed) * 2, expected=SEED_BYTES * 2
        )
    return seed


class _Stream:
    """Uniform integers from the SHA-256 counter stream described in the module docstring."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._blocks = self._generate()
        self._buffer = b""

    def _generate(self) -> Iterator[bytes]:
        counter = 0
        while True:
            yield hashlib.sha256(self._seed + _DOMAIN + counter.to_bytes(8, "big")).digest()
            counter += 1

    def _u32(self) -> int:
        if len(self._buffer) < 4:
            self._buffer += next(self._blocks)
        value = int.from_bytes(self._buffer[:4], "big")
        self._buffer = self._buffer[4:]
        return value

    def below(self, n: int) -> int:
        limit = 2**32 - 2**32 % n
        while True:
            u = self._u32()
            if u < limit:
                return u % n

    def die(self) -> int:
        return 1 + self.below(6)


@dataclass(frozen=True)
class Dice:
    """All dice of a hand's start, for display and audit."""

    dealer_rounds: tuple[tuple[tuple[int, int] | None, ...], ...]  # per round, per seat (None: out)
    break_dice: tuple[int, int]
    indicator_dice: tuple[int, int]

    @property
    def first_dealer(self) -> int:
        last = self.dealer_rounds[-1]
        best = max(sum(r) for r in last if r is not None)
        return next(seat for seat, r in enumerate(last) if r is not None and sum(r) == best)


@dataclass(frozen=True)
class WallSetup:
    """The shuffled wall and the dice, fully determined by the seed."""

    seed: bytes
    order: tuple[int, ...]  # tile kinds, head first
    dice: Dice

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    @property
    def indicator_position(self) -> int:
        """Index in ``order`` of the 跌宝 indicator: ``2 + sum(dice)`` places from the tail."""
        return TILES - (2 + sum(self.dice.indicator_dice))


def shuffle_wall(seed: bytes) -> WallSetup:
    """Shuffle and roll from ``seed`` exactly as the module docstring specifies."""
    if len(seed) != SEED_BYTES:
        raise WallError("engine.wall.seed_bytes", expected=SEED_BYTES, size=len(seed))
    stream = _Stream(seed)
    tiles = [k for k in range(NUM_KINDS) for _ in range(4)]
    for i in range(TILES - 1, 0, -1):
        j = stream.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    rounds: list[tuple[tuple[int, int] | None, ...]] = []
    rolling = [True] * 4
    while True:
        this: list[tuple[int, int] | None] = []
        for seat in range(4):
            this.append((stream.die(), stream.die()) if rolling[seat] else None)
        rounds.append(tuple(this))
        best = max(sum(r) for r in this if r is not None)
        rolling = [r is not None and sum(r) == best for r in this]
        if sum(rolling) == 1:
            break
    break_dice = (stream.die(), stream.die())
    indicator_dice = (stream.die(), stream.die())
    return WallSetup(seed, tuple(tiles), Dice(tuple(rounds), break_dice, indicator_dice))


class Wall:
    """Draws from the head, replacements from the tail, always skipping the face-up indicator.

    A hand is a draw (流局) when a draw is due and :attr:`live` is 0 (§2); a kong needs
    ``live >= 1`` for its replacement.
    """

    def __init__(self, setup: WallSetup) -> None:
        self.setup = setup
        self._head = 0
        self._tail = TILES  # exclusive
        self._skip = setup.indicator_position

    @property
    def indicator(self) -> int:
        return self.setup.order[self._skip]

    @property
    def live(self) -> int:
        """Tiles that can still be drawn (the indicator excluded)."""
        inside = self._head <= self._skip < self._tail
        return self._tail - self._head - (1 if inside else 0)

    def draw(self) -> int:
        """The next tile from the head."""
        if self.live == 0:
            raise WallError("engine.wall.empty")
        if self._head == self._skip:
            self._head += 1
        tile = self.setup.order[self._head]
        self._head += 1
        return tile

    def draw_replacement(self) -> int:
        """A kong's replacement tile, from the tail."""
        if self.live == 0:
            raise WallError("engine.wall.no_replacement")
        if self._tail - 1 == self._skip:
            self._tail -= 1
        self._tail -= 1
        return self.setup.order[self._tail]

    def restore(self, head: int, tail: int) -> None:
        """Put the draw positions back (loading a saved hand)."""
        if not 0 <= head <= tail <= TILES:
            raise WallError("engine.wall.bad_position", head=head, tail=tail)
        self._head, self._tail = head, tail

    @property
    def position(self) -> tuple[int, int]:
        """(head, tail) indexes, for persistence and audit."""
        return self._head, self._tail
