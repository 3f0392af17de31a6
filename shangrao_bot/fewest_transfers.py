"""Who pays whom at the end of a session: the fewest transfers that clear every balance.

Algorithm. Balances sum to zero. Any set of k players whose balances sum to zero can be cleared
among themselves with k - 1 transfers (repeatedly the largest debtor pays the largest creditor
the smaller of the two amounts: each transfer clears at least one player, the last clears two),
and no set can do with fewer than k - 1 (k people need k - 1 links to all be connected). So the
minimum number of transfers is ``n - g``, where n counts the non-zero balances and g is the
largest number of disjoint zero-sum groups they can be split into. ``g`` is found exactly by
dynamic programming over subsets (O(2^n · n)): ``best[mask]`` = most zero-sum groups within
``mask``; a mask gains a group when its own sum is zero.

Guarantee: for up to :data:`EXACT_LIMIT` players with a non-zero balance (a session has four;
a whole club evening a dozen or so) the list is a true minimum. Beyond that the same greedy runs
on everyone at once, which needs at most n - 1 transfers. In both cases every balance is cleared
exactly and nobody both pays and receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

EXACT_LIMIT = 16


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: int


def _greedy(balances: Mapping[int, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor; ties broken by id, so the result is stable."""
    debt = {p: -b for p, b in balances.items() if b < 0}
    credit = {p: b for p, b in balances.items() if b > 0}
    out: list[Transfer] = []
    while debt and credit:
        payer = max(debt, key=lambda p: (debt[p], -p))
        payee = max(credit, key=lambda p: (credit[p], -p))
        amount = min(debt[payer], credit[payee])
        out.append(Transfer(payer, payee, amount))
        debt[payer] -= amount
        credit[payee] -= amount
        if not debt[payer]:
            del debt[payer]
        if not credit[payee]:
            del credit[payee]
    return out


def _zero_sum_groups(ids: list[int], values: list[int]) -> list[list[int]]:
    n = len(ids)
    size = 1 << n
    total = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
    best = [0] * size
    for mask in range(1, size):
        m = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            v = best[mask ^ low]
            if v > m:
                m = v
        best[mask] = m + (1 if total[mask] == 0 else 0)
    # walk back from the full set: the removal order, reversed, has prefix sums that reach
    # zero exactly best[full] times; the segments between those zeros are the groups
    order: list[int] = []
    mask = size - 1
    while mask:
        gain = 1 if total[mask] == 0 else 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] + gain == best[mask]:
                order.append(low.bit_length() - 1)
                mask ^= low
                break
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in order:
        current.append(i)
        running += values[i]
        if running == 0:
            groups.append([ids[j] for j in current])
            current = []
    return groups


def minimum_transfers(balances: Mapping[int, int]) -> list[Transfer]:
    """Transfers (payer, payee, amount) that bring every balance to zero; minimal in number
    for up to :data:`EXACT_LIMIT` non-zero balances (see the module docstring)."""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances do not sum to zero: {dict(balances)}")
    nonzero = {p: b for p, b in sorted(balances.items()) if b}
    if len(nonzero) > EXACT_LIMIT:
        return _greedy(nonzero)
    ids = list(nonzero)
    out: list[Transfer] = []
    for group in _zero_sum_groups(ids, [nonzero[p] for p in ids]):
        out.extend(_greedy({p: nonzero[p] for p in group}))
    return out
