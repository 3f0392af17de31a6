"""The search behind the swiss seating of a club event's round (:mod:`.seating`).

The players are numbered by standing (0 is the best) and every one must join a *group*: a table
of four real players, or of three when the table's fourth seat is a fill-in. A group's cost is
its *repeats*: the pairs in it that have met before (``met[i]`` is a bit mask of the players
``i`` has met). The search wants, in this order:

1. the fewest repeats;
2. no *wind miss*: every group's players can be given winds they have sat least often
   (:mod:`.winds`; ``winds[i]`` is player ``i``'s open winds);
3. players of similar standing together: the first such seating in the order of a depth-first
   search that always seats the best unseated player first and tries tablemates best first.

**How.** A greedy seating gives an upper bound, a proof (below) a lower bound, and a depth-first
search with a repeat *threshold* looks for a seating within it, from the lower bound up: each
threshold it exhausts without a seating is a proof that more repeats are needed, and the first
seating it finds has the fewest repeats. It prunes a partial seating when its repeats plus a
lower bound for the unseated players exceed the threshold, and remembers the unseated sets it
has proven cannot be seated within a given number of repeats. If the seating it finds has wind
misses, the same threshold is searched again taking only wind-perfect groups, seating first
the player with the fewest possible tablemates (in standing order that search thrashed at its
last tables): the groups are then put back in standing order.

**The lower bound** is the larger of two counts, each a proof:

* *unmet*: a player with ``m`` unmet players among the unseated sits with at least ``3 - m``
  players met before (``2 - m`` at a table of three); every repeated pair is counted by both of
  its players, so the repeats are at least half the sum;
* *cheapest table*: let ``c(u)`` be the fewest repeats of any group ``u`` can sit in; a group of
  four costs at least each of its members' ``c``, so at least their mean, and the repeats are at
  least ``Σ c(u) / 4`` (``/ 3`` for a member of a table of three). ``c(u)`` is searched with a
  small cap per player; a player whose search is cut short counts its unmet bound instead.

Every threshold the search exhausts raises the bound by one.

**Bounded.** The search counts *nodes* (a tablemate tried) and stops at ``max_nodes``: it then
returns the best seating it has (the greedy one, or better), the proven bound, and
``exhaustive=False``. Nodes, not time, bound it, so that the result is a function of its input
only (the same seating on any machine); the default keeps 64 players well under a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from shangrao_bot.engine.club.winds import misses, wind_ok

#: The search's default bound, in nodes (a tablemate tried).
DEFAULT_MAX_NODES = 50_000
#: Groups tried per player when computing the cheapest-table bound.
_CHEAPEST_CAP = 400


@dataclass(frozen=True)
class Problem:
    """One round to seat: ``met`` and ``winds`` per player (in standing order), and how many
    groups of four and of three (tables with a fill-in) to form."""

    met: tuple[int, ...]
    winds: tuple[int, ...]
    fours: int
    threes: int
    max_nodes: int = DEFAULT_MAX_NODES


@dataclass(frozen=True)
class Found:
    """The search's answer: the groups (player numbers, best first, in table order), their
    repeats and wind misses, the proven lower bound on repeats, whether the search finished
    (then the repeats are the fewest possible, and wind misses only if no seating with these
    repeats has none), and the nodes it used."""

    groups: tuple[tuple[int, ...], ...]
    repeats: int
    bound: int
    exhaustive: bool
    wind_misses: int
    nodes: int


def group_repeats(met: Sequence[int], group: Sequence[int]) -> int:
    """The pairs of ``group`` that have met before."""
    return sum((met[a] >> b) & 1 for i, a in enumerate(group) for b in group[i + 1 :])


def group_misses(winds: Sequence[int], groups: Sequence[Sequence[int]]) -> int:
    return sum(misses([winds[p] for p in group]) for group in groups)


def unmet_bound(met: Sequence[int], unseated: int, threes: int) -> int:
    """The *unmet* lower bound (module docstring) on the repeats of seating ``unseated``."""
    total = short = 0
    rest = unseated
    while rest:
        low = rest & -rest
        u = low.bit_length() - 1
        rest ^= low
        unmet = (unseated & ~met[u]).bit_count() - 1
        if unmet < 3:
            total += 3 - unmet
            short += 1
    total -= min(3 * threes, short)
    return (total + 1) // 2


def _cheapest(met: Sequence[int], everyone: int, u: int, mates: int) -> int | None:
    """The fewest repeats of a group of ``u`` and ``mates`` others, or None if the search for
    it was cut short."""
    best = mates * (mates + 1) // 2 + 1
    tried = 0

    def grow(group: list[int], cand: int, cost: int, need: int) -> bool:
        nonlocal best, tried
        if need == 0:
            best = min(best, cost)
            return best == 0
        while cand:
            low = cand & -cand
            cand ^= low
            a = low.bit_length() - 1
            mask = sum(1 << g for g in group)
            added = cost + (met[a] & mask).bit_count()
            if added >= best:
                continue
            tried += 1
            if tried > _CHEAPEST_CAP:
                raise _OutOfNodes
            group.append(a)
            done = grow(group, cand, added, need - 1)
            group.pop()
            if done:
                return True
        return False

    try:
        # unmet players first: the cheap groups are found early and prune the rest
        unmet = everyone & ~met[u] & ~(1 << u)
        grow([u], unmet, 0, mates)
        if best > 0:
            grow([u], everyone & ~(1 << u), 0, mates)
    except _OutOfNodes:
        return None
    return best


def cheapest_table_bound(met: Sequence[int], fours: int, threes: int) -> int:
    """The *cheapest table* lower bound (module docstring) on a whole round's repeats."""
    n = len(met)
    everyone = (1 << n) - 1
    total = Fraction(0)
    for u in range(n):
        unmet = n - 1 - met[u].bit_count()
        c4 = _cheapest(met, everyone, u, 3) if fours else None
        if c4 is None:
            c4 = max(0, 3 - unmet)
        share = Fraction(c4, 4)
        if threes:
            c3 = _cheapest(met, everyone, u, 2)
            if c3 is None:
                c3 = max(0, 2 - unmet)
            share = min(share, Fraction(c3, 3)) if fours else Fraction(c3, 3)
        total += share
    return ceil(total)


class _OutOfNodes(Exception):
    """The search used its nodes."""


class _Threshold:
    """Depth-first search for a seating within a number of repeats; one per wind mode, its
    memory of proven dead ends kept from one threshold to the next."""

    def __init__(self, problem: Problem, strict_winds: bool, counter: list[int]) -> None:
        self.met = problem.met
        self.winds = problem.winds
        self.strict = strict_winds
        self.counter = counter  # [nodes used], shared by every search of one round
        self.max_nodes = problem.max_nodes
        self.dead: dict[tuple[int, int, int], int] = {}  # unseated → most repeats proven short
        # the players each wind is open to, for the strict search's look-ahead
        self.open_to = [
            sum(1 << p for p, mask in enumerate(self.winds) if mask >> wind & 1)
            for wind in range(4)
        ]
        # who cannot share a wind-perfect table with each player: those whose one open wind
        # is the same as theirs
        single = {1 << wind: self.open_to[wind] for wind in range(4)}
        self.same_single = [
            single.get(mask, 0) & ~sum(1 << q for q, m in enumerate(self.winds) if m != mask)
            for mask in self.winds
        ]

    def hardest(self, unseated: int) -> int:
        """The unseated player (as a bit) with the fewest unmet unseated players it may share a
        wind-perfect table with, the best standing on ties: seated first, the wind-perfect
        search fails early instead of at its last tables."""
        best, fewest = 0, 1 << 30
        rest = unseated
        while rest:
            low = rest & -rest
            rest ^= low
            u = low.bit_length() - 1
            mates = (unseated & ~self.met[u] & ~low & ~self.same_single[u]).bit_count()
            if mates < fewest:
                best, fewest = low, mates
        return best

    def winds_reachable(self, unseated: int) -> bool:
        """Whether every unseated player, at a table of four without repeats, can still find
        an unseated unmet player for each wind not open to them: a wind-perfect table needs
        every wind taken by somebody it is open to."""
        rest = unseated
        while rest:
            low = rest & -rest
            rest ^= low
            u = low.bit_length() - 1
            unmet = unseated & ~self.met[u]
            mine = self.winds[u]
            for wind in range(4):
                if not mine >> wind & 1 and not unmet & self.open_to[wind]:
                    return False
        return True

    def place(
        self, unseated: int, fours: int, threes: int, slack: int
    ) -> list[tuple[int, ...]] | None:
        if not unseated:
            return []
        key = (unseated, fours, threes)
        if self.dead.get(key, -1) >= slack:
            return None
        # the best unseated player first; the wind-perfect search without repeats to spare
        # seats the hardest first instead (any player's table can come first: every seating is
        # still reached, once)
        low = self.hardest(unseated) if self.strict and not slack else unseated & -unseated
        first = low.bit_length() - 1
        rest = unseated ^ low
        for size, f, t in ((4, fours - 1, threes), (3, fours, threes - 1)):
            if f < 0 or t < 0:
                continue
            cand = rest if slack else rest & ~self.met[first]
            found = self.grow(unseated, [first], low, cand, size - 1, 0, slack, f, t)
            if found is not None:
                return found
        self.dead[key] = max(slack, self.dead.get(key, -1))
        return None

    def grow(
        self,
        unseated: int,
        group: list[int],
        mask: int,
        cand: int,
        need: int,
        cost: int,
        slack: int,
        fours: int,
        threes: int,
    ) -> list[tuple[int, ...]] | None:
        if need == 0:
            rest = unseated & ~mask
            if cost + unmet_bound(self.met, rest, threes) > slack:
                return None
            if self.strict and cost == slack and not threes and not self.winds_reachable(rest):
                return None
            seated = self.place(rest, fours, threes, slack - cost)
            return None if seated is None else [tuple(group), *seated]
        met = self.met
        while cand:
            if cand.bit_count() < need:
                return None
            low = cand & -cand
            cand ^= low
            a = low.bit_length() - 1
            added = cost + (met[a] & mask).bit_count()
            if added > slack:
                continue
            if self.strict and not wind_ok([self.winds[p] for p in (*group, a)]):
                continue
            self.counter[0] += 1
            if self.counter[0] > self.max_nodes:
                raise _OutOfNodes
            after = cand if added < slack else cand & ~met[a]
            group.append(a)
            found = self.grow(
                unseated, group, mask | low, after, need - 1, added, slack, fours, threes
            )
            group.pop()
            if found is not None:
                return found
        return None


def greedy(problem: Problem) -> list[tuple[int, ...]]:
    """A quick seating: the best unseated player with, one by one, the tablemate adding the
    fewest repeats, then the fewest wind misses, then the best standing."""
    met, winds = problem.met, problem.winds
    unseated = list(range(len(met)))
    sizes = [4] * problem.fours + [3] * problem.threes
    groups: list[tuple[int, ...]] = []
    for size in sizes:
        group = [unseated.pop(0)]
        while len(group) < size:
            choice = min(
                unseated,
                key=lambda a: (
                    sum((met[a] >> g) & 1 for g in group),
                    misses([winds[p] for p in (*group, a)]),
                    a,
                ),
            )
            unseated.remove(choice)
            group.append(choice)
        groups.append(tuple(group))
    return groups


def search(problem: Problem) -> Found:
    """The seating of the module docstring for ``problem``."""
    met = problem.met
    everyone = (1 << len(met)) - 1
    best = greedy(problem)
    upper = sum(group_repeats(met, g) for g in best)
    bound = max(
        unmet_bound(met, everyone, problem.threes),
        cheapest_table_bound(met, problem.fours, problem.threes),
    )
    counter = [0]
    free = _Threshold(problem, strict_winds=False, counter=counter)
    strict = _Threshold(problem, strict_winds=True, counter=counter)
    exhaustive = False
    try:
        for threshold in range(bound, upper + 1):
            found = free.place(everyone, problem.fours, problem.threes, threshold)
            if found is None:
                bound = threshold + 1
                continue
            best, bound = found, threshold
            if group_misses(problem.winds, found):
                perfect = strict.place(everyone, problem.fours, problem.threes, threshold)
                if perfect is not None:
                    best = perfect
            exhaustive = True
            break
    except _OutOfNodes:
        pass
    repeats = sum(group_repeats(met, g) for g in best)
    return Found(
        groups=tuple(sorted(tuple(sorted(g)) for g in best)),
        repeats=repeats,
        bound=bound,
        exhaustive=exhaustive,
        wind_misses=group_misses(problem.winds, best),
        nodes=min(counter[0], problem.max_nodes),
    )
