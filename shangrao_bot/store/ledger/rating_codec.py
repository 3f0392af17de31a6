"""How a persisted checkpoint of the rating fold is written: compact binary columns.

Floats are IEEE-754 doubles, little-endian, so every μ and σ reads back exactly and a fold
resumed from them gives the same floats as the fold that wrote them. Two blobs a checkpoint:

- **the state** (:func:`pack_state`): the fold's state after the checkpoint's games — per player,
  sorted by id: the id, μ, σ and the number of rated games;
- **the steps** (:func:`pack_steps`): its games since the previous checkpoint — each game's hand
  id and moment (a JSON list, zlib-compressed: moments share most of their characters) — and,
  per player rated in them, sorted by id, their rating after each of those games: the game's
  place in the fold, μ and σ.

Both start with :data:`FORMAT`; a blob of another format is refused (:class:`CodecError`), and
the fold is then made again without it.
"""

from __future__ import annotations

import bisect
import json
import struct
import sys
import zlib
from array import array

from shangrao_bot.store.ledger.rating_fold import RatingBook, State, Steps, rating_of

FORMAT = 1
"""The blobs' layout version."""

_BIG_ENDIAN = sys.byteorder == "big"
_STATE_HEAD = struct.Struct("<BI")  # format, players
_STEPS_HEAD = struct.Struct("<BIIII")  # format, first game's place, games, players, steps
_LENGTH = struct.Struct("<I")

if (array("i").itemsize, array("q").itemsize, array("d").itemsize) != (4, 8, 8):
    raise ImportError("the checkpoints' columns need 4-byte int, 8-byte long long and double")


class CodecError(ValueError):
    """A blob this version cannot read (another format, or cut short)."""


def _bytes(column: array[int] | array[float]) -> bytes:
    if _BIG_ENDIAN:
        column = array(column.typecode, column)
        column.byteswap()
    return column.tobytes()


class _Reader:
    """Reads a blob's columns one after the other."""

    def __init__(self, blob: bytes, offset: int) -> None:
        self.view = memoryview(blob)
        self.offset = offset

    def into(self, column: array[int] | array[float], count: int) -> None:
        """Append ``count`` values to ``column``."""
        size = column.itemsize * count
        part = self.view[self.offset : self.offset + size]
        if len(part) != size:
            raise CodecError("a checkpoint's blob is cut short")
        self.offset += size
        if _BIG_ENDIAN:
            swapped = array(column.typecode)
            swapped.frombytes(part)
            swapped.byteswap()
            column.extend(swapped)
        else:
            column.frombytes(part)

    def ints(self, typecode: str, count: int) -> array[int]:
        column: array[int] = array(typecode)
        self.into(column, count)
        return column

    def floats(self, count: int) -> array[float]:
        column: array[float] = array("d")
        self.into(column, count)
        return column

    def rest(self) -> bytes:
        return bytes(self.view[self.offset :])


def _head(blob: bytes, head: struct.Struct) -> tuple[int, ...]:
    if len(blob) < head.size:
        raise CodecError("a checkpoint's blob is cut short")
    values = head.unpack_from(blob)
    if values[0] != FORMAT:
        raise CodecError(f"a checkpoint of format {values[0]}, not {FORMAT}")
    return tuple(values[1:])


def pack_state(state: State) -> bytes:
    players = sorted(state)
    return b"".join(
        (
            _STATE_HEAD.pack(FORMAT, len(players)),
            _bytes(array("q", players)),
            _bytes(array("d", (state[p][0].mu for p in players))),
            _bytes(array("d", (state[p][0].sigma for p in players))),
            _bytes(array("q", (state[p][1] for p in players))),
        )
    )


def unpack_state(blob: bytes) -> State:
    (count,) = _head(blob, _STATE_HEAD)
    read = _Reader(blob, _STATE_HEAD.size)
    players = read.ints("q", count)
    mus, sigmas = read.floats(count), read.floats(count)
    games = read.ints("q", count)
    return {
        p: (rating_of(mu, sigma), n)
        for p, mu, sigma, n in zip(players, mus, sigmas, games, strict=True)
    }


def pack_steps(book: RatingBook, first: int, end: int) -> bytes:
    """The games ``first <= place < end`` of ``book`` and its players' steps in them."""
    players: list[int] = []
    parts: list[Steps] = []
    for pid in sorted(book.steps):
        steps = book.steps[pid]
        lo = bisect.bisect_left(steps.index, first)
        hi = bisect.bisect_left(steps.index, end)
        if hi > lo:
            players.append(pid)
            parts.append(Steps(steps.index[lo:hi], steps.mu[lo:hi], steps.sigma[lo:hi]))
    moments = zlib.compress(json.dumps(book.at[first:end]).encode(), 6)
    total = sum(len(p) for p in parts)
    return b"".join(
        (
            _STEPS_HEAD.pack(FORMAT, first, end - first, len(players), total),
            _bytes(book.hand_id[first:end]),
            _bytes(array("q", players)),
            _bytes(array("i", (len(p) for p in parts))),
            *(_bytes(p.index) for p in parts),
            *(_bytes(p.mu) for p in parts),
            *(_bytes(p.sigma) for p in parts),
            _LENGTH.pack(len(moments)),
            moments,
        )
    )


def add_steps(book: RatingBook, blob: bytes) -> int:
    """Append a checkpoint's games and steps to ``book``, which holds the games before them
    (the checkpoints are read in order); the number of games added."""
    first, games, count, total = _head(blob, _STEPS_HEAD)
    if first != len(book.at):
        raise CodecError(f"steps from game {first} do not follow {len(book.at)} games")
    read = _Reader(blob, _STEPS_HEAD.size)
    hand_ids = read.ints("q", games)
    players = read.ints("q", count)
    counts = read.ints("i", count)
    if sum(counts) != total:
        raise CodecError("a checkpoint's step counts do not add up")
    columns = [book.steps.setdefault(p, Steps()) for p in players]
    for part in ("index", "mu", "sigma"):
        for steps, n in zip(columns, counts, strict=True):
            read.into(getattr(steps, part), n)
    rest = read.rest()
    if len(rest) < _LENGTH.size:
        raise CodecError("a checkpoint's blob is cut short")
    (size,) = _LENGTH.unpack_from(rest)
    moments = json.loads(zlib.decompress(rest[_LENGTH.size : _LENGTH.size + size]))
    if not isinstance(moments, list) or len(moments) != games:
        raise CodecError("a checkpoint's moments do not match its games")
    book.hand_id.extend(hand_ids)
    book.at.extend(str(m) for m in moments)
    return games
