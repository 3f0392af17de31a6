"""Settlement: every balance cleared, and the number of transfers is the true minimum
(checked against a brute-force search over all transfer sets for small cases)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.fewest_transfers import EXACT_LIMIT, minimum_transfers


def brute_minimum(balances: dict[int, int]) -> int:
    """n - (most disjoint zero-sum groups), by trying every partition (tiny n only)."""
    items = [b for b in balances.values() if b]
    n = len(items)

    def most_groups(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = -1
        for r in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), r):
                if first + sum(others[i] for i in combo) == 0:
                    left = tuple(o for i, o in enumerate(others) if i not in combo)
                    sub = most_groups(left)
                    if sub >= 0:
                        best = max(best, 1 + sub)
        return best

    return n - most_groups(tuple(items)) if n else 0


@st.composite
def balance_sets(draw: st.DrawFn, max_players: int = 7) -> dict[int, int]:
    n = draw(st.integers(2, max_players))
    values = draw(st.lists(st.integers(-40, 40), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {100 + i: v for i, v in enumerate(values)}


def apply(balances: dict[int, int], transfers: list) -> dict[int, int]:  # type: ignore[type-arg]
    out = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        out[t.payer] += t.amount
        out[t.payee] -= t.amount
    return out


@given(balance_sets())
def test_transfers_clear_every_balance_with_the_minimum_count(balances: dict[int, int]) -> None:
    transfers = minimum_transfers(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) == brute_minimum(balances)
    payers = {t.payer for t in transfers}
    payees = {t.payee for t in transfers}
    assert not payers & payees  # nobody both pays and receives


def test_zero_sum_pairs_are_settled_inside_the_pairs() -> None:
    # greedy on everyone would use 3 transfers (10 pays 10 to… ); pairs need only 2
    balances = {1: 7, 2: -7, 3: 5, 4: -5}
    assert len(minimum_transfers(balances)) == 2
    balances = {1: 6, 2: 4, 3: -5, 4: -5}
    assert len(minimum_transfers(balances)) == 3


def test_large_groups_fall_back_to_greedy_within_n_minus_1() -> None:
    balances = {i: (i % 7) - 3 for i in range(EXACT_LIMIT + 5)}
    balances[999] = -sum(balances.values())
    transfers = minimum_transfers(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) <= sum(1 for v in balances.values() if v) - 1


def test_refuses_balances_that_do_not_sum_to_zero() -> None:
    with pytest.raises(ValueError, match="do not sum to zero"):
        minimum_transfers({1: 5, 2: -4})
