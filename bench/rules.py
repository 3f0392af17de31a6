"""Benchmark of the shape checks in ``shangrao_bot.rules.shapes`` against a reference.

What is measured, in µs per call (best of several passes over every hand of a set):

* ``is_complete`` on complete, wildcard-free 14-tile hands (standard shape and seven pairs);
* ``waits`` on 13-tile wildcard-free hands, half tenpai (a complete hand minus one tile) and
  half random;
* ``shanten`` on random 13-tile hands dealt from a shuffled 136-tile wall;
* ``is_complete`` and ``waits`` with 1, 2, 3 and 4 宝 (5m), for which no reference exists;
* the time to import ``shangrao_bot.rules.shapes`` (table loading included) in a fresh
  interpreter.

Why: these functions are the hot path for AI players and hints, so their speed is checked
against an independent, widely used implementation on the very same inputs. The reference is
the PyPI ``mahjong`` library (a dev extra, benchmark only): ``Agari.is_agari`` for completeness,
34 ``is_agari`` calls (one per kind that can still be drawn) for waits, and
``Shanten.calculate_shanten`` for shanten. Every hand is generated once from one seeded RNG and
handed to both sides in the same 34-count list form, and the timings run side by side in one
process. The reference answers riichi rules, so only the wildcard-free sets are compared, and
only the complete set is checked for agreement (both sides must call every hand complete).

The last line printed is ``speedup is_win=<x> waits=<x> shanten=<x>``, each x being reference
time ÷ our time.
"""

from __future__ import annotations

import gc
import random
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from shangrao_bot.rules.shapes import is_complete, shanten, waits

Counts = list[int]

SEED = 20261129
N_STANDARD = 3000  # complete standard-shape hands in set (a)
N_PAIRS = 500  # complete seven-pairs hands in set (a)
N_TENPAI = 2000  # tenpai 13-tile hands in set (b)
N_RANDOM_WAITS = 2000  # random 13-tile hands in set (b)
N_SHANTEN = 4000  # random 13-tile hands in set (c)
N_BAO = 2000  # hands per 宝 count in set (d), for each of is_complete and waits
PASSES = 15  # timing passes per measurement; the best is kept
IMPORT_RUNS = 3  # fresh-interpreter imports; the best is kept
BAO = 4  # the 宝 kind of set (d): 5m
TARGET_US = 5.0  # target for the four-宝 complete check, µs per call


# --- hand generation -------------------------------------------------------------------------


def _random_set(rng: random.Random) -> list[int]:
    """A random chow (suited) or pung (any kind), as a list of tile kinds."""
    if rng.random() < 0.5:
        suit = rng.randrange(3)
        start = suit * 9 + rng.randrange(7)
        return [start, start + 1, start + 2]
    k = rng.randrange(34)
    return [k, k, k]


def standard_hand(rng: random.Random, avoid: int | None = None) -> Counts:
    """A complete 14-tile hand: 4 random sets and a pair, each kind ≤ 4, none of kind ``avoid``."""
    while True:
        c = [0] * 34
        for _ in range(4):
            for k in _random_set(rng):
                c[k] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4 and (avoid is None or c[avoid] == 0):
            return c


def seven_pairs_hand(rng: random.Random, avoid: int | None = None) -> Counts:
    """A complete 14-tile hand of seven pairs of distinct kinds, none of kind ``avoid``."""
    kinds = [k for k in range(34) if k != avoid]
    c = [0] * 34
    for k in rng.sample(kinds, 7):
        c[k] = 2
    return c


def remove_random_tile(rng: random.Random, c: Counts, keep: int | None = None) -> Counts:
    """A copy of ``c`` less one random tile (each tile equally likely), never of kind ``keep``."""
    tiles = [k for k in range(34) if k != keep for _ in range(c[k])]
    out = list(c)
    out[rng.choice(tiles)] -= 1
    return out


def wall_hand(rng: random.Random, size: int = 13, exclude: int | None = None) -> Counts:
    """``size`` tiles from a shuffled 136-tile wall (without kind ``exclude``), as counts."""
    wall = [k for k in range(34) if k != exclude for _ in range(4)]
    rng.shuffle(wall)
    c = [0] * 34
    for k in wall[:size]:
        c[k] += 1
    return c


def with_bao(rng: random.Random, c: Counts, n: int, bao: int) -> Counts:
    """A copy of ``c`` (holding no ``bao``) with ``n`` random natural tiles turned into 宝."""
    out = list(c)
    for _ in range(n):
        tiles = [k for k in range(34) if k != bao for _ in range(out[k])]
        out[rng.choice(tiles)] -= 1
        out[bao] += 1
    return out


class HandSets:
    """Every hand set of the benchmark, generated once from one seeded RNG."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.complete: list[Counts] = [standard_hand(rng) for _ in range(N_STANDARD)]
        self.complete += [seven_pairs_hand(rng) for _ in range(N_PAIRS)]
        rng.shuffle(self.complete)

        self.waits: list[Counts] = []
        for i in range(N_TENPAI):
            full = standard_hand(rng) if i % 8 else seven_pairs_hand(rng)
            self.waits.append(remove_random_tile(rng, full))
        self.waits += [wall_hand(rng) for _ in range(N_RANDOM_WAITS)]
        rng.shuffle(self.waits)

        self.shanten: list[Counts] = [wall_hand(rng) for _ in range(N_SHANTEN)]

        # set (d): complete hands with n naturals replaced by 宝, and 13-tile hands holding n 宝
        # (half a complete hand minus a natural tile, half random naturals plus n 宝)
        self.bao_complete: dict[int, list[Counts]] = {}
        self.bao_waits: dict[int, list[Counts]] = {}
        for n in range(1, 5):
            hands = []
            for i in range(N_BAO):
                full = standard_hand(rng, BAO) if i % 8 else seven_pairs_hand(rng, BAO)
                hands.append(with_bao(rng, full, n, BAO))
            self.bao_complete[n] = hands
            waits_hands = []
            for i in range(N_BAO):
                if i % 2:
                    full = standard_hand(rng, BAO) if i % 8 != 1 else seven_pairs_hand(rng, BAO)
                    hand = remove_random_tile(rng, with_bao(rng, full, n, BAO), keep=BAO)
                else:
                    hand = wall_hand(rng, 13 - n, exclude=BAO)
                    hand[BAO] = n
                waits_hands.append(hand)
            self.bao_waits[n] = waits_hands


# --- timing -----------------------------------------------------------------------------------


def reference_waits(c: Counts) -> list[int]:
    """Waits by brute force with the reference: every drawable kind that makes ``is_agari``."""
    is_agari = Agari.is_agari
    out = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if is_agari(c):
                out.append(k)
            c[k] -= 1
    return out


def per_call_us(
    fn: Callable[..., object],
    hands: Sequence[Counts],
    bao: int | None = None,
    passes: int = PASSES,
) -> float:
    """Best-of-``passes`` time of ``fn(c)``, or ``fn(c, bao)``, over ``hands``, in µs per call."""
    best = float("inf")
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(passes):
            start = time.perf_counter()
            if bao is None:
                for c in hands:
                    fn(c)
            else:
                for c in hands:
                    fn(c, bao)
            best = min(best, time.perf_counter() - start)
    finally:
        if gc_was_enabled:
            gc.enable()
    return best / len(hands) * 1e6


def side_by_side(
    ours: Callable[..., object], ref: Callable[..., object], hands: Sequence[Counts]
) -> tuple[float, float]:
    """Best-of-``PASSES`` µs per call of ours and of the reference, their passes alternating so
    that both see the same machine state (a shared machine drifts between runs)."""
    best_ours = best_ref = float("inf")
    for _ in range(PASSES):
        best_ours = min(best_ours, per_call_us(ours, hands, passes=1))
        best_ref = min(best_ref, per_call_us(ref, hands, passes=1))
    return best_ours, best_ref


def import_seconds() -> float:
    """Best-of-``IMPORT_RUNS`` time to import the shapes module in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter(); import shangrao_bot.rules.shapes; "
        "print(time.perf_counter() - t)"
    )
    runs = []
    for _ in range(IMPORT_RUNS):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        runs.append(float(done.stdout.strip()))
    return min(runs)


def sanity_check(sets: HandSets) -> None:
    """Abort unless both sides call every complete hand complete (also with 宝, ours only)."""
    for c in sets.complete:
        if not is_complete(c):
            sys.exit(f"bench aborted: is_complete says False on complete hand {c}")
        if not Agari.is_agari(c):
            sys.exit(f"bench aborted: Agari.is_agari says False on complete hand {c}")
    for n, hands in sets.bao_complete.items():
        for c in hands:
            if not is_complete(c, BAO):
                sys.exit(f"bench aborted: is_complete says False on complete hand {c} ({n} 宝)")


def line(label: str, ours: float, ref: float | None = None) -> str:
    """One readable result line (the label padded by display width: 宝 takes two columns)."""
    wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in label)
    text = f"{label:<{34 - wide}} ours {ours:8.2f} µs"
    if ref is not None:
        text += f"   mahjong {ref:8.2f} µs   speedup {ref / ours:5.1f}x"
    return text


def main() -> None:
    print(f"python {sys.version.split()[0]}, seed {SEED}, best of {PASSES} passes")
    t0 = time.perf_counter()
    sets = HandSets(SEED)
    print(f"hands generated in {time.perf_counter() - t0:.1f} s")
    sanity_check(sets)
    print(f"sanity: all {len(sets.complete)} complete hands accepted by both libraries")

    win_ours, win_ref = side_by_side(is_complete, Agari.is_agari, sets.complete)
    print(line(f"(a) is_complete, {len(sets.complete)} hands", win_ours, win_ref))

    waits_ours, waits_ref = side_by_side(waits, reference_waits, sets.waits)
    print(line(f"(b) waits, {len(sets.waits)} hands", waits_ours, waits_ref))

    shanten_ours, shanten_ref = side_by_side(shanten, Shanten.calculate_shanten, sets.shanten)
    print(line(f"(c) shanten, {len(sets.shanten)} hands", shanten_ours, shanten_ref))

    bao_complete_us: dict[int, float] = {}
    for n in range(1, 5):
        hands = sets.bao_complete[n]
        bao_complete_us[n] = per_call_us(is_complete, hands, BAO)
        print(line(f"(d) is_complete, {n} 宝, {len(hands)} hands", bao_complete_us[n]))
    for n in range(1, 5):
        hands = sets.bao_waits[n]
        print(line(f"(d) waits, {n} 宝, {len(hands)} hands", per_call_us(waits, hands, BAO)))

    four = bao_complete_us[4]
    verdict = "meets" if four <= TARGET_US else "MISSES"
    print(
        f"four-宝 is_complete: {four:.2f} µs per call, {verdict} the {TARGET_US:g} µs target "
        f"({TARGET_US / four:.1f}x headroom)"
    )

    print(
        f"import shangrao_bot.rules.shapes (fresh interpreter, best of {IMPORT_RUNS}): "
        f"{import_seconds() * 1e3:.1f} ms"
    )
    print(f"total bench time {time.perf_counter() - t0:.1f} s")
    print(
        f"speedup is_win={win_ref / win_ours:.1f} waits={waits_ref / waits_ours:.1f} "
        f"shanten={shanten_ref / shanten_ours:.1f}"
    )


if __name__ == "__main__":
    main()
