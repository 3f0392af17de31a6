"""Builds the per-suit lookup tables that make hand analysis fast (run once, shipped as data).

Why tables: AI players and hints call the completeness, waits and shanten checks thousands of
times per decision. One suit's tiles are a base-5 count key (rank 1 the most significant digit,
``5**9`` keys; honours ``5**7``); everything the checks need about a suit is precomputed per key,
so a check is a handful of list lookups.

How they are built, fast enough to rebuild in a test: a key is read digit by digit by a small
automaton whose state ("profile") is the dynamic-programming frontier of the decomposition
problem (open sequences, pair used, groups formed → fewest 宝 needed). Distinct profiles are few,
so each level's keys map to profile ids with one list comprehension and the per-key answer is
read off the final profile.

Tables (``N = 5**9`` suit keys, ``NZ = 5**7`` honour keys):

* ``need``: ``s | (d + 1) << 4`` — ``s`` = fewest wildcards that turn the suit's tiles into sets
  only; ``d`` = (fewest for sets plus one pair) − ``s`` (always −1…2). Wildcards have no copy
  cap (rule book §3). ``s`` saturates at 15.
* ``wait0``: 9 bits of ranks whose addition gives ``s == 0``, and 9 more bits (shifted by 9) for
  the pair role — the wildcard-free waits of a suit (a rank already held four times is not a wait).
* ``lan``: 十三浪 facts about the ranks present: bit 2 = valid (distinct, pairwise ≥ 3 apart),
  bits 0-1 = slots still free if valid, bits 3-4 = biggest valid subset that keeps all three
  slots, bits 5-6 = biggest valid subset at all, bit 7 = the latter is bigger (by one).
* ``alt``: the 七对 / 十三浪 / 九幺 facts packed in one integer per key — pairs, odd counts,
  the ``lan`` subset sizes, terminals/honours held (see :func:`_alt_tables`) — so that
  shanten reads them with one lookup per group.
* ``vec``: id of the suit's shanten vector ``need(g, p)`` (g = 0…4 groups, p = pair or not): the
  fewest tiles to add to a subset of the suit to form exactly g sets (+ a pair); unused tiles
  are free. ``vectors`` lists the vectors by id. ``vec_capped`` is the same when the shape may
  hold at most four of a kind — the wildcard-free case, where no 宝 can stand for a fifth copy.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Callable, Hashable
from itertools import combinations, pairwise
from pathlib import Path
from typing import TypeVar

SUIT_KEYS = 5**9
HONOR_KEYS = 5**7
CAP = 15

P = TypeVar("P", bound=Hashable)


def _run_automaton(
    init: P, step: Callable[[P, int, int], P], digits: int
) -> tuple[list[int], list[P]]:
    """Map every base-5 key of ``digits`` digits to the id of its final profile."""
    ids: dict[P, int] = {init: 0}
    profiles: list[P] = [init]
    level = [0]
    for i in range(digits):
        rows: dict[int, tuple[int, int, int, int, int]] = {}
        for pid in set(level):
            row = []
            for c in range(5):
                nxt = step(profiles[pid], i, c)
                nid = ids.get(nxt)
                if nid is None:
                    nid = ids[nxt] = len(profiles)
                    profiles.append(nxt)
                row.append(nid)
            rows[pid] = (row[0], row[1], row[2], row[3], row[4])
        level = [x for pid in level for x in rows[pid]]
    return level, profiles


# --- the decomposition DP shared by both kinds of table ----------------------------------------
#
# State before rank i: x sequences waiting for their third tile here, y waiting for their second
# (and then a third at i + 1), whether the pair is placed, and how many groups were formed. At
# rank i, u of the c tiles held are used and w missing tiles are filled in (the cost); they
# close the open sequences, then start new ones (at most two: three equal sequences are three
# triplets), form the pair, and triplets.

Profile = tuple[tuple[tuple[int, int, int, int], int], ...]


def _dp_step(
    seq_ok: Callable[[int], bool], *, use_all: bool, capped: bool, cost_cap: int
) -> Callable[[Profile, int, int], Profile]:
    """``use_all``: every tile held must be used (completeness) instead of any subset
    (shanten); ``capped``: the shape holds at most four of a kind (no 宝 for a fifth copy)."""

    def step(profile: Profile, i: int, c: int) -> Profile:
        best: dict[tuple[int, int, int, int], int] = {}
        can_start = seq_ok(i)
        for (x, y, pr, g), cost in profile:
            for u in (c,) if use_all else range(c + 1):
                deficit = max(0, x + y - u)
                for w in range(deficit, deficit + 3):
                    if capped and u + w > 4:
                        break
                    r = u + w - x - y
                    for z in range(min(2, r) + 1 if can_start else 1):
                        rem = r - z
                        for pp in (0, 1) if not pr else (0,):
                            left = rem - 2 * pp
                            if left < 0 or left % 3:
                                continue
                            ng = 0 if use_all else g + z + left // 3
                            if ng > 4:
                                continue
                            key = (y, z, pr | pp, ng)
                            val = min(cost_cap, cost + w)
                            if best.get(key, cost_cap + 1) > val:
                                best[key] = val
        return tuple(sorted(best.items()))

    return step


INITIAL: Profile = (((0, 0, 0, 0), 0),)


def _need_final(profile: Profile) -> int:
    """Fewest wildcards for sets only (s) and sets + pair (p), packed s | (p - s + 1) << 4."""
    s = p = CAP
    for (x, y, pr, _), cost in profile:
        if x == 0 and y == 0:
            if pr:
                p = min(p, cost)
            else:
                s = min(s, cost)
    # p <= s + 2 and s <= p + 1 always hold; saturate consistently.
    p = min(p, s + 2)
    d = p - s
    if d < -1:
        d = -1
    return s | ((d + 1) << 4)


def _vec_final(profile: Profile) -> tuple[int, ...]:
    """need(g, p) for g = 0…4 groups and p = pair or not, in the order g * 2 + p."""
    vec = [99] * 10
    for (x, y, pr, g), cost in profile:
        if x == 0 and y == 0:
            idx = g * 2 + pr
            vec[idx] = min(vec[idx], cost)
    return tuple(vec)


# --- 十三浪 facts per presence mask ---------------------------------------------------------------


def _lan_ok(ranks: tuple[int, ...]) -> bool:
    return all(b - a >= 3 for a, b in pairwise(ranks))


def _lan_capacity(ranks: tuple[int, ...]) -> int:
    """Size of the biggest valid superset of ``ranks`` (ranks 0-8)."""
    best = 0
    for size in range(len(ranks), 4):
        for extra in combinations([r for r in range(9) if r not in ranks], size - len(ranks)):
            cand = tuple(sorted(ranks + extra))
            if _lan_ok(cand):
                best = size
    return best


def _lan_mask_byte(mask: int) -> int:
    ranks = tuple(r for r in range(9) if mask >> (8 - r) & 1)
    best_full = best_any = 0
    for size in range(len(ranks) + 1):
        for sub in combinations(ranks, size):
            if _lan_ok(sub):
                best_any = max(best_any, size)
                if _lan_capacity(sub) == 3:
                    best_full = max(best_full, size)
    valid = _lan_ok(ranks)
    free = _lan_capacity(ranks) - len(ranks) if valid else 0
    capped = best_any > best_full  # then by exactly one: a capped subset has two ranks
    return free | (int(valid) << 2) | (best_full << 3) | (best_any << 5) | (int(capped) << 7)


# --- assembly -------------------------------------------------------------------------------------


def _digit_arrays(digits: int) -> list[bytes]:
    """``out[r][key]`` = digit ``r`` of ``key`` (rank r, most significant first)."""
    total = 5**digits
    out = []
    for r in range(digits):
        width = 5 ** (digits - 1 - r)
        block = b"".join(bytes([v]) * width for v in range(5))
        out.append(block * (total // len(block)))
    return out


def _wait_masks(need: bytes, digits: int) -> array[int]:
    """Per key: ranks whose addition makes ``s == 0`` (bits 0-8) / ``p == 0`` (bits 9-17).

    Done with whole-table byte operations (shifted views, ``translate`` and big-int masks)
    instead of a per-key loop over nine ranks.
    """
    total = 5**digits
    digit = _digit_arrays(digits)
    sets_zero = bytes(1 if (v & 15) == 0 else 0 for v in range(256))
    pair_zero = bytes(1 if (v & 15) + (v >> 4) - 1 == 0 else 0 for v in range(256))
    room_of_digit = bytes([1, 1, 1, 1] + [0] * 252)  # a fifth copy is not a wait
    low_s = low_p = 0
    high_s = high_p = 0
    for r in range(digits):
        width = 5 ** (digits - 1 - r)
        shifted = need[width:] + bytes(width)
        room = int.from_bytes(digit[r].translate(room_of_digit), "little")
        s_bits = int.from_bytes(shifted.translate(sets_zero), "little") & room
        p_bits = int.from_bytes(shifted.translate(pair_zero), "little") & room
        if r < 8:  # one byte per key: rank r's flag is bit r of that byte
            low_s |= s_bits << r
            low_p |= p_bits << r
        else:
            high_s, high_p = s_bits, p_bits
    ls = low_s.to_bytes(total, "little")
    lp = low_p.to_bytes(total, "little")
    hs = high_s.to_bytes(total, "little")
    hp = high_p.to_bytes(total, "little")
    return array(
        "I", [a | b << 8 | (c | d << 8) << 9 for a, b, c, d in zip(ls, hs, lp, hp, strict=True)]
    )


def _presence_masks(digits: int) -> list[int]:
    """Per key: bit (digits-1-r) set when rank r is present; bit 9 when some count is >= 2."""
    masks = [0]
    for _ in range(digits):
        masks = [
            ((m & 511) << 1 | (c > 0)) | (m & 512) | (512 if c >= 2 else 0)
            for m in masks
            for c in range(5)
        ]
    return masks


def _pair_counts(digits: int) -> bytes:
    """Per key: pairs (a quad is two; capped at 7) in bits 0-3, odd counts in bits 4-7."""
    level = [0]
    for _ in range(digits):
        level = [v + (c >> 1) + ((c & 1) << 5) for v in level for c in range(5)]
    return bytes(min(v & 31, 7) | (v >> 5) << 4 for v in level)


def build_suit_tables() -> dict[str, object]:
    """Every table for suited tiles and honours (seconds of pure Python)."""
    tables: dict[str, object] = {}
    vectors: dict[tuple[int, ...], int] = {}
    for name, digits, seq_ok in (
        ("suit", 9, lambda i: i <= 6),
        ("honor", 7, lambda i: False),
    ):
        need_step = _dp_step(seq_ok, use_all=True, capped=False, cost_cap=CAP)
        level, profiles = _run_automaton(INITIAL, need_step, digits)
        final = [_need_final(p) for p in profiles]
        need = bytes(final[p] for p in level)
        tables[f"{name}_need"] = need
        tables[f"{name}_wait0"] = _wait_masks(need, digits)

        for suffix, capped in (("", False), ("_capped", True)):
            vec_step = _dp_step(seq_ok, use_all=False, capped=capped, cost_cap=99)
            vlevel, vprofiles = _run_automaton(INITIAL, vec_step, digits)
            vid = [vectors.setdefault(_vec_final(prof), len(vectors)) for prof in vprofiles]
            tables[f"{name}_vec{suffix}"] = array("H", [vid[p] for p in vlevel])

        masks = _presence_masks(digits)
        if name == "suit":
            per_mask = [_lan_mask_byte(m) for m in range(512)]
            # a repeated rank makes the suit invalid for 十三浪 but subsets still count
            tables["suit_lan"] = bytes(
                per_mask[m & 511] & ~7 if m & 512 else per_mask[m] for m in masks
            )
        else:
            # honours: distinct ones present (bits 0-2) and valid (bit 3: no honour twice)
            tables["honor_lan"] = bytes(
                bin(m & 127).count("1") | (0 if m & 512 else 8) for m in masks
            )
    tables["suit_alt"], tables["honor_alt"] = _alt_tables(tables, _pair_counts(9), _pair_counts(7))
    vec_list, comb = _close_vectors(vectors)
    tables["vectors"] = vec_list
    tables["vec_comb"] = comb
    return tables


ALT_FIELD = 6  # bits per field of the ``alt`` tables


def _alt_tables(
    tables: dict[str, object], suit_pairs: bytes, honor_pairs: bytes
) -> tuple[array[int], array[int]]:
    """Per key, the other shapes' facts packed so that four groups add up in one integer.

    Fields of ``ALT_FIELD`` bits: pairs (capped at 7 per group), odd counts, biggest 十三浪
    subset (distinct honours for the honour group), "十三浪 subset leaves two slots" flag, and
    terminals/honours held. Sums over four groups never overflow a field.
    """
    f = ALT_FIELD
    suit_lan = tables["suit_lan"]
    honor_lan = tables["honor_lan"]
    assert isinstance(suit_lan, bytes) and isinstance(honor_lan, bytes)
    digit = _digit_arrays(9)
    suit = array(
        "I",
        [
            (p & 15)
            | (p >> 4) << f
            | (lan >> 5 & 3) << 2 * f
            | (lan >> 7) << 3 * f
            | (d0 + d8) << 4 * f
            for p, lan, d0, d8 in zip(suit_pairs, suit_lan, digit[0], digit[8], strict=True)
        ],
    )
    counts = [0]
    for _ in range(7):
        counts = [v + c for v in counts for c in range(5)]
    honor = array(
        "I",
        [
            (p & 15) | (p >> 4) << f | (lan & 7) << 2 * f | n << 4 * f
            for p, lan, n in zip(honor_pairs, honor_lan, counts, strict=True)
        ],
    )
    return suit, honor


def combine_vectors(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus combination of two shanten vectors (groups add up, at most one pair, g <= 4)."""
    out = [99] * 10
    for g1 in range(5):
        for p1 in range(2):
            x = a[g1 * 2 + p1]
            for g2 in range(5 - g1):
                for p2 in range(2 - p1):
                    v = x + b[g2 * 2 + p2]
                    i = (g1 + g2) * 2 + p1 + p2
                    if v < out[i]:
                        out[i] = v
    return tuple(min(v, 99) for v in out)


def _close_vectors(vectors: dict[tuple[int, ...], int]) -> tuple[list[tuple[int, ...]], array[int]]:
    """Intern the closure of the suit vectors under :func:`combine_vectors`.

    The closure is small (a couple of hundred vectors), so combining four suits becomes three
    lookups in ``comb[a * n + b]``.
    """
    ids = dict(vectors)
    vec_list = [v for v, _ in sorted(ids.items(), key=lambda kv: kv[1])]
    done = 0
    pairs: dict[tuple[int, int], int] = {}
    while done < len(vec_list):
        n = len(vec_list)
        for a in range(n):
            for b in range(n):
                if (a, b) in pairs:
                    continue
                v = combine_vectors(vec_list[a], vec_list[b])
                vid = ids.get(v)
                if vid is None:
                    vid = ids[v] = len(vec_list)
                    vec_list.append(v)
                pairs[a, b] = vid
        done = n
    n = len(vec_list)
    comb = array("H", [pairs[a, b] for a in range(n) for b in range(n)])
    return vec_list, comb


# --- serialisation --------------------------------------------------------------------------------

FORMAT_VERSION = 1
_MAGIC = b"SRMJTAB1"


def serialize(tables: dict[str, object]) -> bytes:
    """One zlib-compressed blob: a JSON header naming each table, then their raw bytes."""
    header: list[dict[str, object]] = []
    body = bytearray()
    for name in sorted(tables):
        value = tables[name]
        if name == "vectors":
            assert isinstance(value, list)
            raw = bytes(x for vec in value for x in vec)
            header.append({"name": name, "type": "vectors", "len": len(raw)})
        elif isinstance(value, array):
            raw = value.tobytes() if sys.byteorder == "little" else _swapped(value)
            header.append({"name": name, "type": value.typecode, "len": len(raw)})
        else:
            assert isinstance(value, bytes)
            raw = value
            header.append({"name": name, "type": "bytes", "len": len(raw)})
        body += raw
    head = json.dumps({"version": FORMAT_VERSION, "tables": header}).encode()
    return _MAGIC + len(head).to_bytes(4, "little") + head + zlib.compress(bytes(body), 9)


def _swapped(value: array[int]) -> bytes:
    copy = array(value.typecode, value)
    copy.byteswap()
    return copy.tobytes()


def deserialize(blob: bytes) -> dict[str, object]:
    if blob[:8] != _MAGIC:
        raise ValueError("not a shangrao table file")
    hlen = int.from_bytes(blob[8:12], "little")
    head = json.loads(blob[12 : 12 + hlen])
    if head["version"] != FORMAT_VERSION:
        raise ValueError("table file version mismatch")
    body = zlib.decompress(blob[12 + hlen :])
    out: dict[str, object] = {}
    pos = 0
    for entry in head["tables"]:
        raw = body[pos : pos + entry["len"]]
        pos += entry["len"]
        kind = entry["type"]
        if kind == "bytes":
            out[entry["name"]] = raw
        elif kind == "vectors":
            out[entry["name"]] = [tuple(raw[i : i + 10]) for i in range(0, len(raw), 10)]
        else:
            arr = array(kind)
            arr.frombytes(raw)
            if sys.byteorder != "little":
                arr.byteswap()
            out[entry["name"]] = arr
    return out


DATA_FILE = Path(__file__).with_name("data") / "tables.bin"


def main() -> None:
    """``python shangrao_bot/rules/tablegen.py`` regenerates the shipped table file.

    (Run as a script so that a stale table file is not loaded first by the package import.)
    """
    blob = serialize(build_suit_tables())
    DATA_FILE.write_bytes(blob)
    print(f"wrote {DATA_FILE} ({len(blob)} bytes)")


if __name__ == "__main__":
    main()
