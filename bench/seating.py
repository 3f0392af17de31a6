"""Benchmark of club events' seating (``shangrao_bot.engine.club.seating``).

What is measured, for 12, 20, 32 and 64 players over four rounds (a fresh event per run, the
standings drawn at random each round, :data:`EVENTS` events per size and method):

* swiss and random seating: the repeated pairs found (summed over the four rounds), the proven
  lower bound on them, the largest wind spread of any player after the fourth round, the
  rounds whose search was cut short by its node bound;
* the time per seating, max and mean, in ms;
* the same for the swiss and random seating with winds first (``winds_first=True``): only
  tables where every player sits a wind still open in their cycle, then the fewest repeats;
* a stress run: one event of :data:`STRESS_ROUNDS` swiss rounds at 24, 40 and 64 players,
  whose late rounds have few unmet pairs left and run the search to its node bound: the
  slowest seating there is the bound's cost.

Why: the swiss search is bounded in nodes so that any event seats in under a second, and its
figures say how close to the proven best it gets, and whether the winds stay even with it.

The last line printed is ``seating players=12 repeats=.. bound=.. spread=.. ms_max=.. players=20
…`` for the swiss seating, then the same figures of the swiss seating with
winds first, each key prefixed (``winds_first_players=12 winds_first_repeats=.. …``).
"""

from __future__ import annotations

import random
import statistics
import time

from shangrao_bot.engine.club.seating import RoundSeating, SeatingMethod, seat_round
from shangrao_bot.engine.club.winds import max_wind_spread

SIZES = (12, 20, 32, 64)
ROUNDS = 4
EVENTS = 10
STRESS_ROUNDS = 16


def run(
    count: int,
    method: SeatingMethod,
    events: int = EVENTS,
    rounds: int = ROUNDS,
    winds_first: bool = False,
) -> dict[str, float]:
    repeats = bound = spread = cut = 0
    times: list[float] = []
    for event in range(events):
        rng = random.Random(f"bench-seating:{count}:{event}")
        players = list(range(1, count + 1))
        history: list[RoundSeating] = []
        for round_no in range(1, rounds + 1):
            ranking = players[:]
            rng.shuffle(ranking)
            t0 = time.perf_counter()
            seated = seat_round(
                players, history, method, event, round_no, ranking, winds_first=winds_first
            )
            times.append(time.perf_counter() - t0)
            history.append(seated)
            repeats += seated.repeats
            bound += seated.repeats_bound
            cut += not seated.exhaustive
        spread = max(spread, max_wind_spread(history))
    return {
        "repeats": repeats,
        "bound": bound,
        "spread": spread,
        "cut": cut,
        "ms_max": max(times) * 1e3,
        "ms_mean": statistics.fmean(times) * 1e3,
    }


def main() -> None:
    print(f"{EVENTS} events of {ROUNDS} rounds per size; repeats and bound summed over them")
    last: dict[bool, list[str]] = {False: [], True: []}
    for winds_first in (False, True):
        for method in (SeatingMethod.SWISS, SeatingMethod.RANDOM):
            for count in SIZES:
                r = run(count, method, winds_first=winds_first)
                name = method.value + ("+winds" if winds_first else "")
                print(
                    f"{name:12} players={count:2} repeats={r['repeats']:.0f} "
                    f"bound={r['bound']:.0f} max_spread={r['spread']:.0f} "
                    f"unproven={r['cut']:.0f} ms_max={r['ms_max']:.1f} "
                    f"ms_mean={r['ms_mean']:.1f}"
                )
                if method is SeatingMethod.SWISS:
                    key = "winds_first_" if winds_first else ""
                    last[winds_first].append(
                        f"{key}players={count} {key}repeats={r['repeats']:.0f} "
                        f"{key}bound={r['bound']:.0f} {key}spread={r['spread']:.0f} "
                        f"{key}ms_max={r['ms_max']:.0f}"
                    )
    for count in (24, 40, 64):
        r = run(count, SeatingMethod.SWISS, events=1, rounds=STRESS_ROUNDS)
        print(
            f"stress players={count} rounds={STRESS_ROUNDS} unproven={r['cut']:.0f} "
            f"ms_max={r['ms_max']:.0f} ms_mean={r['ms_mean']:.0f}"
        )
    print("seating " + " ".join(last[False] + last[True]))


if __name__ == "__main__":
    main()
