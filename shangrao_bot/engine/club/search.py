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

**Winds first.** With ``Problem.winds_first`` the order of the first two aims is reversed:
only groups whose players can all be given open winds are taken (each wind open to its player,
four different winds; three at a fill-in's table), and among such seatings the fewest repeats,
then standing order. The fewest wind misses of a round is known before any search (Hall's
theorem, :func:`~.winds.fewest_misses`): it is 0 whenever the rounds so far were wind-perfect for
everyone and there are no fill-ins (the proof is in :mod:`.winds`), and when it is not 0 (fill-ins,
resting players, late arrivals) the search allows exactly that many misses. A greedy seating
that keeps the rest of the round within the allowed misses at each table (:func:`within_misses`)
gives a first seating, so there always is one; the threshold search then looks among the
seatings with the fewest misses only, so each threshold it exhausts proves that *those*
seatings need more repeats, and the bound it reports is a lower bound on their repeats (it
starts from the lower bound below, which holds for every seating, so for them too).

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

from shangrao_bot.engine.club.winds import fewest_misses, fewest_misses_counted, misses

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
    winds_first: bool = False
    #: per player, the players who may not share its table (the winds-first seating's
    #: fill-ins, seated as players: one a table)
    apart: tuple[int, ...] = ()
    #: a lower bound on the repeats known from elsewhere (the round before fill-ins were
    #: made players)
    known_bound: int = 0


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
        self.dead: dict[tuple[int, int, int, int], int] = {}  # unseated → most repeats proven short
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
        self.floor = MissFloor(self.winds)
        self.apart = problem.apart or (0,) * len(self.met)

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
        self, unseated: int, fours: int, threes: int, slack: int, allow: int = 0
    ) -> list[tuple[int, ...]] | None:
        """A seating of ``unseated`` within ``slack`` repeats (and, strict, ``allow`` wind
        misses), or None if there is none."""
        if not unseated:
            return []
        key = (unseated, fours, threes, allow)
        if self.dead.get(key, -1) >= slack:
            return None
        # the best unseated player first; the wind-perfect search without repeats to spare
        # seats the hardest first instead (any player's table can come first: every seating is
        # still reached, once)
        hard = self.strict and not slack and not allow
        low = self.hardest(unseated) if hard else unseated & -unseated
        first = low.bit_length() - 1
        rest = unseated ^ low
        for size, f, t in ((4, fours - 1, threes), (3, fours, threes - 1)):
            if f < 0 or t < 0:
                continue
            cand = (rest if slack else rest & ~self.met[first]) & ~self.apart[first]
            found = self.grow(unseated, [first], low, cand, size - 1, 0, slack, f, t, allow)
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
        allow: int = 0,
    ) -> list[tuple[int, ...]] | None:
        if need == 0:
            rest = unseated & ~mask
            if cost + unmet_bound(self.met, rest, threes) > slack:
                return None
            left = allow
            if self.strict:
                left -= misses([self.winds[p] for p in group])
                # the rest must be seatable within the misses left (Hall, module docstring)
                if self.floor.fewest(rest, fours + threes) > left:
                    return None
                if cost == slack and not threes and not left and not self.winds_reachable(rest):
                    return None
            seated = self.place(rest, fours, threes, slack - cost, left)
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
            if self.strict and misses([self.winds[p] for p in (*group, a)]) > allow:
                continue
            self.counter[0] += 1
            if self.counter[0] > self.max_nodes:
                raise _OutOfNodes
            after = (cand if added < slack else cand & ~met[a]) & ~self.apart[a]
            group.append(a)
            found = self.grow(
                unseated, group, mask | low, after, need - 1, added, slack, fours, threes, allow
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


class MissFloor:
    """The fewest wind misses of seating a set of players (a bit mask) at a number of tables:
    Hall's deficiency (:func:`~.winds.fewest_misses`) from the count of the set's players per
    open-wind mask."""

    def __init__(self, winds: Sequence[int]) -> None:
        self.with_mask = [
            sum(1 << p for p, m in enumerate(winds) if m == mask) for mask in range(16)
        ]

    def fewest(self, players: int, tables: int) -> int:
        if not players:
            return 0
        by_mask = [(players & bits).bit_count() for bits in self.with_mask]
        return fewest_misses_counted(by_mask, tables)


def within_misses(
    problem: Problem, order: Sequence[int], allow: int, by_repeats: bool
) -> list[tuple[int, ...]]:
    """A seating with at most ``allow`` wind misses, which must be at least the round's fewest
    (:func:`~.winds.fewest_misses`): the first unseated player of ``order`` with the first
    tablemates (in ``order``, or by repeats added then ``order`` if ``by_repeats``) that leave
    the rest seatable within the misses left. There always is such a table: in a seating of the
    unseated players with their fewest misses, the first player's table is one. So the greedy
    never backtracks past a table, and it seats everyone. Players kept ``apart`` (fill-ins) are
    no more than the tables at every step: then the fewest misses are the same as without
    keeping them apart, since of two fill-ins at one table, the one on wind ``a`` can change
    places with the player on ``a`` at a table without a fill-in, winds unchanged."""
    met, winds = problem.met, problem.winds
    apart = problem.apart or (0,) * len(met)
    kept_apart = sum(1 << p for p, mask in enumerate(apart) if mask)
    floor = MissFloor(winds)
    position = {p: i for i, p in enumerate(order)}
    unseated = sum(1 << p for p in order)
    fours, threes = problem.fours, problem.threes
    groups: list[tuple[int, ...]] = []

    def complete(group: list[int], cand: list[int], need: int, rest_tables: int) -> bool:
        if need == 0:
            rest = unseated & ~sum(1 << p for p in group)
            left = allow - misses([winds[p] for p in group])
            if (rest & kept_apart).bit_count() > rest_tables:
                return False
            return left >= 0 and floor.fewest(rest, rest_tables) <= left
        if by_repeats:
            cand = sorted(cand, key=lambda a: (sum(met[a] >> g & 1 for g in group), position[a]))
        for i, a in enumerate(cand):
            if any(apart[g] >> a & 1 for g in group):
                continue
            if misses([winds[p] for p in (*group, a)]) > allow:
                continue
            group.append(a)
            if complete(group, cand[i + 1 :], need - 1, rest_tables):
                return True
            group.pop()
        return False

    while unseated:
        first = min((p for p in order if unseated >> p & 1), key=position.__getitem__)
        others = [p for p in order if unseated >> p & 1 and p != first]
        for size, f, t in ((4, fours - 1, threes), (3, fours, threes - 1)):
            group = [first]
            if f >= 0 and t >= 0 and complete(group, others, size - 1, f + t):
                break
        else:  # pragma: no cover - excluded by Hall's theorem (docstring)
            raise AssertionError("no table within the round's fewest wind misses")
        fours, threes = f, t
        allow -= misses([winds[p] for p in group])
        unseated &= ~sum(1 << p for p in group)
        groups.append(tuple(group))
    return groups


def _search_winds_first(problem: Problem) -> Found:
    """The winds-first seating (module docstring): the fewest misses, then repeats."""
    met = problem.met
    everyone = (1 << len(met)) - 1
    allow = fewest_misses(problem.winds, problem.fours + problem.threes)
    best = within_misses(problem, range(len(met)), allow, by_repeats=True)
    upper = sum(group_repeats(met, g) for g in best)
    bound = max(
        problem.known_bound,
        unmet_bound(met, everyone, problem.threes),
        cheapest_table_bound(met, problem.fours, problem.threes),
    )
    strict = _Threshold(problem, strict_winds=True, counter=[0])
    exhaustive = False
    try:
        for threshold in range(bound, upper + 1):
            found = strict.place(everyone, problem.fours, problem.threes, threshold, allow)
            if found is None:
                bound = threshold + 1
                continue
            best, bound, exhaustive = found, threshold, True
            break
    except _OutOfNodes:
        pass
    return Found(
        groups=tuple(sorted(tuple(sorted(g)) for g in best)),
        repeats=sum(group_repeats(met, g) for g in best),
        bound=bound,
        exhaustive=exhaustive,
        wind_misses=group_misses(problem.winds, best),
        nodes=min(strict.counter[0], problem.max_nodes),
    )


def search(problem: Problem) -> Found:
    """The seating of the module docstring for ``problem``."""
    if problem.winds_first:
        return _search_winds_first(problem)
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
