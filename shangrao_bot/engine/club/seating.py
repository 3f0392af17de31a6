"""Seating a club event's round: who sits at which table, on which wind.

An event (a club night or a tournament) seats 8 to 64 players at tables of four for several
rounds. Each round is seated by one :class:`SeatingMethod`:

* ``SWISS`` — :func:`seat_round`: round one (no history) is random; later rounds seat the
  players by standing so that no two meet again while a seating without repeated pairs exists,
  otherwise with the fewest repeated pairs; among those, the seatings whose winds stay even
  (:mod:`.winds`), and among those the players of similar standing together. The search
  (:mod:`.search`) is bounded in nodes; it reports the repeats it found, a proven lower
  bound on them, and whether it proved its seating the best.
* ``RANDOM`` — :func:`seat_round`: the seating with the fewest repeats (then wind misses) of
  :data:`RANDOM_TRIES` seeded shuffles, the first on ties.
* ``MANUAL`` — :func:`manual_seating`: the organiser's tables, checked (every player exactly
  once, tables of four, no unknown player) with typed refusals, and given their winds.

**Players who do not make a four.** When the count is not a multiple of four the caller either
rests some players — :func:`choose_resting` picks who: those who rested least so far, then the
lowest standing — or adds fill-in seats (``fillers``: placeholder ids for substitutes at physical
tables, AI seats at virtual ones). A table takes at most one fill-in; a fill-in's pairs are no
meeting and its winds do not count.

**Winds.** Every table is written in wind order (East, South, West, North). Winds are chosen so
that each player's counts per wind differ by at most one after every round, which in each cycle
of four rounds is each wind once; that is the second aim of the seating, after repeats (the
organisers' rule: meeting new players comes first). When it cannot be met, the round's
``wind_misses`` counts the players seated on a wind they already sat more often.

**Winds first** (``winds_first=True``, an event's choice): the other way round. A table is only
taken when its players can be given four different winds each still has open (three at a table
with a fill-in, whose wind does not count), and among such seatings the fewest repeats, then
standing; ``repeats_bound`` and ``exhaustive`` are then about those seatings. Fill-ins are
seated as players keeping a cycle of winds of their own (a wind a fill-in took twice in a cycle
would leave the cycle's last round impossible), so with fill-ins the bound is about the
seatings that also keep the fill-ins' cycles. Such a seating always exists while every player
has sat every round without a miss, with or without fill-ins (Hall's theorem: the proof is in
:mod:`.winds`). When resting players or late arrivals leave no wind-perfect seating, the round
has the fewest misses possible (computed exactly, :func:`~.winds.fewest_misses`; the fill-ins'
cycles are then let go), shows them in ``wind_misses``, and is still seated.

**Reproducible.** A seating is a function of the event's seed, the round number, the players,
the standings and the history only: every random choice comes from a generator seeded with them
(never the global one), and the search is bounded by nodes, not by time.

API: :func:`seat_round`, :func:`manual_seating`, :func:`choose_resting` with
:func:`rest_counts`, :func:`met_pairs`, :func:`repeated_pairs`; the winds' counts are in
:mod:`.winds` (:func:`~.winds.wind_counts`, :func:`~.winds.wind_spread`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.engine.club.errors import EventRefused
from shangrao_bot.engine.club.search import (
    DEFAULT_MAX_NODES,
    Problem,
    cheapest_table_bound,
    group_misses,
    group_repeats,
    search,
    unmet_bound,
    within_misses,
)
from shangrao_bot.engine.club.winds import (
    ALL_WINDS,
    WINDS,
    all_wind_counts,
    assign_winds,
    best_assignments,
    fewest_misses,
    fill_in_cycles,
    max_matched,
    misses,
    open_wind_masks,
)

MIN_SEATS = 8
MAX_SEATS = 64
#: Shuffles the random method draws, keeping the one with the fewest repeats.
RANDOM_TRIES = 200

Table = tuple[int, int, int, int]


class SeatingMethod(Enum):
    SWISS = "swiss"
    RANDOM = "random"
    MANUAL = "manual"


@dataclass(frozen=True)
class RoundSeating:
    """One round's seating: its tables (each in wind order E, S, W, N) and which ids are
    fill-ins. A round read back from storage needs only these two; a new one also says how it
    was made: its repeated pairs, a proven lower bound on them, whether the search proved the
    repeats the fewest possible (``exhaustive``), the players seated on a wind that unevens
    their winds (``wind_misses``) and the search's nodes."""

    tables: tuple[Table, ...]
    fillers: frozenset[int] = frozenset()
    method: SeatingMethod = SeatingMethod.MANUAL
    repeats: int = 0
    repeats_bound: int = 0
    exhaustive: bool = True
    wind_misses: int = 0
    nodes: int = 0

    @property
    def players(self) -> frozenset[int]:
        """The real players seated (fill-ins left out)."""
        return frozenset(p for table in self.tables for p in table) - self.fillers


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def met_pairs(history: Iterable[RoundSeating]) -> Counter[tuple[int, int]]:
    """How often each pair of real players (smaller id first) has sat at one table."""
    met: Counter[tuple[int, int]] = Counter()
    for seated in history:
        for table in seated.tables:
            real = [p for p in table if p not in seated.fillers]
            for i, a in enumerate(real):
                for b in real[i + 1 :]:
                    met[_pair(a, b)] += 1
    return met


def repeated_pairs(
    tables: Iterable[Sequence[int]],
    history: Iterable[RoundSeating],
    fillers: frozenset[int] = frozenset(),
) -> frozenset[tuple[int, int]]:
    """The pairs of real players at one of ``tables`` who have met before in ``history``."""
    met = met_pairs(history)
    return frozenset(
        _pair(a, b)
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if a not in fillers and b not in fillers and met[_pair(a, b)]
    )


def rest_counts(players: Iterable[int], history: Sequence[RoundSeating]) -> dict[int, int]:
    """How many rounds of ``history`` each player was not seated in."""
    return {p: sum(1 for seated in history if p not in seated.players) for p in players}


def choose_resting(ranking: Sequence[int], rests: Mapping[int, int], count: int) -> tuple[int, ...]:
    """The ``count`` players (of ``ranking``, best first) to rest this round: those who have
    rested least so far (``rests``; none counts 0), then the lowest standing. ``count`` is
    usually ``len(ranking) % 4`` (the alternative being ``-len(ranking) % 4`` fill-ins)."""
    if len(set(ranking)) != len(ranking):
        twice = next(p for p in ranking if ranking.count(p) > 1)
        raise EventRefused("event.seating.duplicate", player=twice)
    if not 0 <= count <= len(ranking):
        raise EventRefused("event.resting.count", count=count, players=len(ranking))
    order = sorted(range(len(ranking)), key=lambda i: (rests.get(ranking[i], 0), -i))
    return tuple(ranking[i] for i in order[:count])


def _check_round(players: Sequence[int], fillers: frozenset[int], round_no: int) -> tuple[int, int]:
    """(tables, tables with a fill-in) for this round, or a refusal."""
    if round_no < 1:
        raise EventRefused("event.seating.bad_round", round=round_no)
    seen: set[int] = set()
    for player in players:
        if player in seen:
            raise EventRefused("event.seating.duplicate", player=player)
        seen.add(player)
    clash = sorted(seen & fillers)
    if clash:
        raise EventRefused("event.seating.filler_is_player", player=clash[0])
    seats = len(players) + len(fillers)
    if seats % 4 or not MIN_SEATS <= seats <= MAX_SEATS:
        raise EventRefused("event.seating.seats", seats=seats)
    tables = seats // 4
    if len(fillers) > tables:
        raise EventRefused("event.seating.too_many_fillers", fillers=len(fillers), tables=tables)
    return tables, len(fillers)


def _rng(seed: int, round_no: int, purpose: str) -> random.Random:
    return random.Random(f"shangrao-event:{seed}:{round_no}:{purpose}")


def _met_masks(order: Sequence[int], history: Sequence[RoundSeating]) -> tuple[int, ...]:
    index = {p: i for i, p in enumerate(order)}
    masks = [0] * len(order)
    for a, b in met_pairs(history):
        if a in index and b in index:
            masks[index[a]] |= 1 << index[b]
            masks[index[b]] |= 1 << index[a]
    return tuple(masks)


def _tables(
    groups: Sequence[Sequence[int]],
    fillers: Sequence[int],
    winds: Mapping[int, int],
    rng: random.Random,
    keep_order: bool = False,
    fill_in_winds: Mapping[int, int] | None = None,
) -> tuple[Table, ...]:
    """The groups as tables in wind order: a group of three takes the next fill-in (any wind
    suits a fill-in). With ``keep_order`` a group of four keeps its order as winds when that
    gives as many players an open wind as any other order. The winds-first seating's groups
    hold their fill-ins, whose open winds are ``fill_in_winds``: the players' open winds come
    first, then the fill-ins'."""
    spare = iter(fillers)
    tables: list[Table] = []
    for group in groups:
        if fill_in_winds is not None:
            tables.append(_fill_in_table(group, winds, fill_in_winds, rng))
            continue
        seated = list(group) if len(group) == 4 else [*group, next(spare)]
        masks = [winds.get(p, ALL_WINDS) for p in seated]
        if keep_order and max_matched(masks) == sum(
            (mask >> wind) & 1 for wind, mask in enumerate(masks)
        ):
            chosen: Sequence[int] = range(4)
        else:
            chosen = assign_winds(masks, rng)
        seats = [0] * 4
        for player, wind in zip(seated, chosen, strict=True):
            seats[wind] = player
        tables.append((seats[0], seats[1], seats[2], seats[3]))
    return tuple(tables)


def _fill_in_table(
    group: Sequence[int], winds: Mapping[int, int], fill_ins: Mapping[int, int], rng: random.Random
) -> Table:
    """A winds-first group (a fill-in in it, perhaps) in wind order: an assignment giving the
    most players an open wind, then the fill-in too, at random among those."""
    players = [winds.get(p, ALL_WINDS) if p not in fill_ins else 0 for p in group]
    choices = best_assignments(players)
    fill_in = [fill_ins.get(p, 0) for p in group]
    scored = [sum(m >> w & 1 for m, w in zip(fill_in, c, strict=True)) for c in choices]
    choices = [c for c, n in zip(choices, scored, strict=True) if n == max(scored)]
    chosen = choices[rng.randrange(len(choices))]
    seats = [0] * WINDS
    for player, wind in zip(group, chosen, strict=True):
        seats[wind] = player
    return (seats[0], seats[1], seats[2], seats[3])


def _winds_first_problem(
    order: Sequence[int],
    met: tuple[int, ...],
    masks: Mapping[int, int],
    history: Sequence[RoundSeating],
    fillers: frozenset[int],
    tables: int,
    max_nodes: int,
) -> tuple[Problem, list[int], dict[int, int]]:
    """The winds-first round as a problem whose fill-ins are players (after ``order``'s, one a
    table, never a repeat) keeping a cycle of their own (:func:`~.winds.fill_in_cycles`), so
    that the cycle's last round stays wind-perfect; when their cycles leave no wind-perfect
    round, their winds are left free, as a fill-in's wind does not count. Returns the problem,
    its players' ids, and the fill-ins' open winds."""
    fill_ids = sorted(fillers)
    cycle = history[len(history) - len(history) % WINDS :]
    kept = fill_in_cycles(cycle, len(fill_ids))
    players = [masks[p] for p in order]
    if fewest_misses([*players, *kept], tables):
        kept = (ALL_WINDS,) * len(fill_ids)
    n, everyone = len(order), sum(1 << (len(order) + j) for j in range(len(fill_ids)))
    problem = Problem(
        met=(*met, *(0 for _ in fill_ids)),
        winds=(*players, *kept),
        fours=tables,
        threes=0,
        max_nodes=max_nodes,
        winds_first=True,
        apart=(*(0 for _ in order), *(everyone & ~(1 << (n + j)) for j in range(len(fill_ids)))),
        known_bound=_start_bound(met, tables - len(fillers), len(fillers)),
    )
    return problem, [*order, *fill_ids], dict(zip(fill_ids, kept, strict=True))


def _seat_randomly(
    players: Sequence[int],
    history: Sequence[RoundSeating],
    fillers: frozenset[int],
    seed: int,
    round_no: int,
    tables: int,
    winds_first: bool = False,
) -> RoundSeating:
    order = sorted(players)
    met = _met_masks(order, history)
    counts = all_wind_counts(history)
    masks = open_wind_masks(order, counts)
    winds = [masks[p] for p in order]
    if winds_first:
        return _seat_randomly_winds_first(order, met, masks, history, fillers, seed, round_no)
    sizes = [4] * (tables - len(fillers)) + [3] * len(fillers)
    rng = _rng(seed, round_no, "random")
    best: tuple[int, int] | None = None
    best_groups: list[tuple[int, ...]] = []
    for _ in range(RANDOM_TRIES):
        shuffled = list(range(len(order)))
        rng.shuffle(shuffled)
        groups: list[tuple[int, ...]] = []
        start = 0
        for size in sizes:
            groups.append(tuple(shuffled[start : start + size]))
            start += size
        repeats = sum(
            (met[a] >> b) & 1 for g in groups for i, a in enumerate(g) for b in g[i + 1 :]
        )
        score = (repeats, group_misses(winds, groups))
        if best is None or score < best:
            best, best_groups = score, groups
        if score == (0, 0):
            break
    assert best is not None
    bound = _start_bound(met, tables - len(fillers), len(fillers))
    named = [tuple(order[i] for i in g) for g in best_groups]
    return RoundSeating(
        tables=_tables(named, sorted(fillers), masks, _rng(seed, round_no, "winds")),
        fillers=fillers,
        method=SeatingMethod.RANDOM,
        repeats=best[0],
        repeats_bound=bound,
        exhaustive=best[0] == bound,
        wind_misses=best[1],
    )


def _seat_randomly_winds_first(
    order: Sequence[int],
    met: tuple[int, ...],
    masks: Mapping[int, int],
    history: Sequence[RoundSeating],
    fillers: frozenset[int],
    seed: int,
    round_no: int,
) -> RoundSeating:
    """The random method with winds first: :data:`RANDOM_TRIES` seatings drawn at random among
    those with the round's fewest wind misses (the players taken in a shuffled order, each with
    the first tablemates of that order that keep the rest of the round within those misses:
    :func:`~.search.within_misses`), the one with the fewest repeats kept, the first on ties."""
    tables = (len(order) + len(fillers)) // 4
    problem, ids, fill_ins = _winds_first_problem(
        order, met, masks, history, fillers, tables, DEFAULT_MAX_NODES
    )
    allow = fewest_misses(problem.winds, tables)
    rng = _rng(seed, round_no, "random")
    best: tuple[int, list[tuple[int, ...]]] | None = None
    for _ in range(RANDOM_TRIES):
        shuffled = list(range(len(ids)))
        rng.shuffle(shuffled)
        groups = within_misses(problem, shuffled, allow, by_repeats=False)
        repeats = sum(group_repeats(problem.met, g) for g in groups)
        if best is None or repeats < best[0]:
            best = (repeats, groups)
        if repeats <= problem.known_bound:
            break
    assert best is not None
    tables_seated = _tables(
        [tuple(ids[i] for i in g) for g in best[1]],
        [],
        masks,
        _rng(seed, round_no, "winds"),
        fill_in_winds=fill_ins,
    )
    return RoundSeating(
        tables=tables_seated,
        fillers=fillers,
        method=SeatingMethod.RANDOM,
        repeats=best[0],
        repeats_bound=problem.known_bound,
        exhaustive=best[0] == problem.known_bound,
        wind_misses=_real_misses(tables_seated, masks, fillers),
    )


def _real_misses(tables: Sequence[Table], masks: Mapping[int, int], fillers: frozenset[int]) -> int:
    """The players seated on a wind not open to them."""
    return sum(
        1
        for table in tables
        for wind, p in enumerate(table)
        if p not in fillers and not masks[p] >> wind & 1
    )


def seat_round(
    players: Sequence[int],
    history: Sequence[RoundSeating],
    method: SeatingMethod,
    seed: int,
    round_no: int,
    ranking: Sequence[int] | None = None,
    fillers: frozenset[int] = frozenset(),
    max_nodes: int = DEFAULT_MAX_NODES,
    winds_first: bool = False,
) -> RoundSeating:
    """Seat round ``round_no`` of an event: ``players`` (the real players to seat, resting ones
    already left out) and ``fillers`` (fill-in ids, one per table at most) at tables of four.

    ``history`` is the event's rounds so far; ``ranking`` the players best first (swiss only;
    None means ``players``' own order); ``seed`` the event's; ``max_nodes`` bounds the swiss
    search; ``winds_first`` puts even winds before new opponents (module docstring): then
    ``repeats_bound`` and ``exhaustive`` are about the seatings with the round's fewest wind
    misses. ``MANUAL`` is :func:`manual_seating`'s. Refusals: :class:`EventRefused`."""
    tables, _ = _check_round(players, fillers, round_no)
    if max_nodes < 1:
        raise EventRefused("event.seating.bad_nodes", nodes=max_nodes)
    if method is SeatingMethod.MANUAL:
        raise ValueError("a manual seating is the organiser's: use manual_seating()")
    if method is SeatingMethod.RANDOM or not history:
        return _seat_randomly(players, history, fillers, seed, round_no, tables, winds_first)
    order = list(players) if ranking is None else list(ranking)
    _check_ranking(players, order)
    masks = open_wind_masks(order, all_wind_counts(history))
    if winds_first:
        return _seat_swiss_winds_first(
            order, masks, history, fillers, seed, round_no, tables, max_nodes
        )
    problem = Problem(
        met=_met_masks(order, history),
        winds=tuple(masks[p] for p in order),
        fours=tables - len(fillers),
        threes=len(fillers),
        max_nodes=max_nodes,
    )
    found = search(problem)
    groups = [tuple(order[i] for i in g) for g in found.groups]
    return RoundSeating(
        tables=_tables(groups, sorted(fillers), masks, _rng(seed, round_no, "winds")),
        fillers=fillers,
        method=SeatingMethod.SWISS,
        repeats=found.repeats,
        repeats_bound=found.bound,
        exhaustive=found.exhaustive,
        wind_misses=found.wind_misses,
        nodes=found.nodes,
    )


def _seat_swiss_winds_first(
    order: Sequence[int],
    masks: Mapping[int, int],
    history: Sequence[RoundSeating],
    fillers: frozenset[int],
    seed: int,
    round_no: int,
    tables: int,
    max_nodes: int,
) -> RoundSeating:
    """The swiss method with winds first (:mod:`.search`, fill-ins seated as players)."""
    problem, ids, fill_ins = _winds_first_problem(
        order, _met_masks(order, history), masks, history, fillers, tables, max_nodes
    )
    found = search(problem)
    groups = [tuple(ids[i] for i in g) for g in found.groups]
    seated = _tables(groups, [], masks, _rng(seed, round_no, "winds"), fill_in_winds=fill_ins)
    return RoundSeating(
        tables=seated,
        fillers=fillers,
        method=SeatingMethod.SWISS,
        repeats=found.repeats,
        repeats_bound=found.bound,
        exhaustive=found.exhaustive,
        wind_misses=_real_misses(seated, masks, fillers),
        nodes=found.nodes,
    )


def _check_ranking(players: Sequence[int], ranking: Sequence[int]) -> None:
    seated, ranked = set(players), set(ranking)
    if len(ranked) != len(ranking):
        twice = next(p for p in ranking if ranking.count(p) > 1)
        raise EventRefused("event.seating.duplicate", player=twice)
    missing = [p for p in players if p not in ranked]
    if missing:
        raise EventRefused("event.seating.not_ranked", player=missing[0])
    extra = [p for p in ranking if p not in seated]
    if extra:
        raise EventRefused("event.seating.ranked_not_seated", player=extra[0])


def manual_seating(
    tables: Sequence[Sequence[int]],
    players: Sequence[int],
    history: Sequence[RoundSeating],
    seed: int,
    round_no: int,
    fillers: frozenset[int] = frozenset(),
) -> RoundSeating:
    """The organiser's ``tables`` for round ``round_no``, checked and given winds: every one
    of ``players`` and ``fillers`` exactly once, four seats a table, at most one fill-in a
    table, nobody else. The winds are chosen as for the other methods (each table's players in
    the order given where that is as even); ``repeats_bound`` is the proven bound of the swiss
    search's start, so the organiser sees how far their seating is from the best."""
    _check_round(players, fillers, round_no)
    known = set(players) | fillers
    seen: set[int] = set()
    for number, table in enumerate(tables, start=1):
        if len(table) != 4:
            raise EventRefused("event.manual.table_size", table=number, size=len(table))
        for player in table:
            if player not in known:
                raise EventRefused("event.manual.unknown", player=player, table=number)
            if player in seen:
                raise EventRefused("event.manual.twice", player=player)
            seen.add(player)
        if sum(1 for p in table if p in fillers) > 1:
            raise EventRefused("event.manual.fillers", table=number)
    missing = [p for p in (*players, *sorted(fillers)) if p not in seen]
    if missing:
        raise EventRefused("event.manual.missing", player=missing[0])
    order = sorted(players)
    masks = open_wind_masks(order, all_wind_counts(history))
    repeats = len(repeated_pairs(tables, history, fillers))
    bound = _start_bound(_met_masks(order, history), len(tables) - len(fillers), len(fillers))
    return RoundSeating(
        tables=_tables(tables, [], masks, _rng(seed, round_no, "winds"), keep_order=True),
        fillers=fillers,
        method=SeatingMethod.MANUAL,
        repeats=repeats,
        repeats_bound=bound,
        exhaustive=repeats == bound,
        wind_misses=sum(misses([masks.get(p, ALL_WINDS) for p in table]) for table in tables),
    )


def _start_bound(met: Sequence[int], fours: int, threes: int) -> int:
    """The proven lower bound on a round's repeats before any search (:mod:`.search`)."""
    everyone = (1 << len(met)) - 1
    return max(unmet_bound(met, everyone, threes), cheapest_table_bound(met, fours, threes))
