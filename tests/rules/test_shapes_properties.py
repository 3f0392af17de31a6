"""Property tests of the fast shape core against the brute-force reference (rule book §3, §6).

Hands are generated physically possible (at most four of a kind counting melds), with 0-4 宝 in
the concealed part and 0-2 melds; besides uniformly random hands, complete hands are built by
construction (standard, 七对, 十三浪, 九幺) and then some of their tiles turned into 宝, and
waiting hands are complete hands minus one tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.rules.hand import analyze_complete, analyze_waiting
from shangrao_bot.rules.interpret import GroupType, Interpretation, interpretations
from shangrao_bot.rules.shapes import (
    Shape,
    complete_shapes,
    is_complete,
    shanten,
    shanten_by_shape,
    waits,
)
from shangrao_bot.rules.tiles import (
    Meld,
    MeldKind,
    counts_of,
    format_melds,
    format_tiles,
    indicator_from_bao,
    parse_melds,
    parse_tile,
    parse_tiles,
)
from tests.rules.brute import (
    YAOJIU,
    fit_standard_search,
    fit_standard_targets,
    lan_valid,
    pairs_summary,
    ref_complete_shapes,
    ref_interpretations,
    ref_shanten,
    ref_shanten_by_shape,
    ref_waits,
)

Hand = tuple[list[int], list[Meld], int | None]  # concealed tiles, melds, 宝 kind

SEQ_STARTS = [s for s in range(27) if s % 9 <= 6]
YAOJIU_KINDS = sorted(YAOJIU)


def cfg(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def meld_tiles(melds: Sequence[Meld]) -> list[int]:
    return [t for m in melds for t in m.tiles]


def melds_yaojiu(melds: Sequence[Meld]) -> bool:
    return all(t in YAOJIU for t in meld_tiles(melds))


def fmt(hand: Hand) -> str:
    """A readable description of a failing hand."""
    concealed, melds, bao = hand
    bao_text = format_tiles([bao]) if bao is not None else "-"
    return f"{format_tiles(sorted(concealed))} {format_melds(melds)} 宝={bao_text}"


# --- strategies --------------------------------------------------------------------------------


@st.composite
def meld_lists(draw: st.DrawFn, used: list[int], yaojiu_only: bool = False) -> list[Meld]:
    """0-2 melds; ``used`` (34 physical counts) is updated in place."""
    n = draw(st.integers(0, 2))
    melds: list[Meld] = []
    for _ in range(n):
        options: list[Meld] = []
        for k in range(34):
            if yaojiu_only and k not in YAOJIU:
                continue
            if used[k] <= 1:
                options.append(Meld(MeldKind.PONG, (k,) * 3))
            if used[k] == 0:
                options.append(Meld(MeldKind.KONG_EXPOSED, (k,) * 4))
                options.append(Meld(MeldKind.KONG_CONCEALED, (k,) * 4))
        if not yaojiu_only:
            for s in SEQ_STARTS:
                if all(used[s + i] < 4 for i in range(3)):
                    options.append(Meld(MeldKind.CHI, (s, s + 1, s + 2)))
        meld = draw(st.sampled_from(options))
        for t in meld.tiles:
            used[t] += 1
        melds.append(meld)
    return melds


@st.composite
def turn_into_bao(draw: st.DrawFn, concealed: list[int], used: list[int]) -> Hand:
    """Pick a 宝 kind (or none) and turn 0-4 concealed tiles into 宝 tiles (physically valid).

    ``used`` holds the physical counts of the melds only.
    """
    bao = draw(st.one_of(st.none(), st.integers(0, 33)))
    tiles = list(concealed)
    if bao is None:
        return tiles, [], None
    n = draw(st.integers(0, 4))
    for _ in range(n):
        have = tiles.count(bao) + used[bao]
        others = [i for i, t in enumerate(tiles) if t != bao]
        if have >= 4 or not others:
            break
        i = draw(st.sampled_from(others))
        tiles[i] = bao
    return tiles, [], bao


@st.composite
def random_hands(draw: st.DrawFn, size: int = 14) -> Hand:
    """A uniformly drawn physically possible hand of ``size`` tiles (melds counted as 3)."""
    used = [0] * 34
    melds = draw(meld_lists(used))
    bao = draw(st.one_of(st.none(), st.integers(0, 33)))
    concealed: list[int] = []
    if bao is not None:
        room = 4 - used[bao]
        concealed += [bao] * draw(st.integers(0, min(4, room)))
        used[bao] += len(concealed)
    while len(concealed) + 3 * len(melds) < size:
        choices = [k for k in range(34) if used[k] < 4 and k != bao]
        k = draw(st.sampled_from(choices))
        used[k] += 1
        concealed.append(k)
    return concealed, melds, bao


@st.composite
def complete_hands(draw: st.DrawFn) -> Hand:
    """A hand complete by construction, then 0-4 of its concealed tiles turned into 宝."""
    kind = draw(st.sampled_from(["standard", "standard", "pairs", "lan", "yaojiu"]))
    used = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []

    def take(tiles: Sequence[int]) -> None:
        for t in tiles:
            used[t] += 1
            concealed.append(t)

    if kind == "standard":
        melds = draw(meld_lists(used))
        for _ in range(4 - len(melds)):
            options = [(k, k, k) for k in range(34) if used[k] <= 1]
            options += [
                (s, s + 1, s + 2) for s in SEQ_STARTS if all(used[s + i] < 4 for i in range(3))
            ]
            take(draw(st.sampled_from(options)))
        k = draw(st.sampled_from([k for k in range(34) if used[k] <= 2]))
        take((k, k))
    elif kind == "pairs":
        for _ in range(7):
            k = draw(st.sampled_from([k for k in range(34) if used[k] <= 2]))
            take((k, k))
    elif kind == "lan":
        honors = draw(st.integers(5, 7))
        left = 14 - honors
        sizes = draw(
            st.sampled_from(
                [(a, b, left - a - b) for a in range(4) for b in range(4) if 0 <= left - a - b <= 3]
            )
        )
        for suit, size in enumerate(sizes):
            take([9 * suit + r for r in draw(st.sampled_from(_rank_sets(size)))])
        take(draw(st.permutations(range(27, 34)))[:honors])
    else:
        melds = draw(meld_lists(used, yaojiu_only=True))
        while len(concealed) + 3 * len(melds) < 14:
            take([draw(st.sampled_from([k for k in YAOJIU_KINDS if used[k] < 4]))])
    concealed = draw(st.permutations(concealed))
    meld_used = counts_of(meld_tiles(melds))
    tiles, _, bao = draw(turn_into_bao(concealed, meld_used))
    return tiles, melds, bao


def _rank_sets(size: int) -> list[tuple[int, ...]]:
    out = []
    for mask in range(512):
        ranks = tuple(r for r in range(9) if mask >> r & 1)
        if len(ranks) == size and all(b - a >= 3 for a, b in pairwise(ranks)):
            out.append(ranks)
    return out


@st.composite
def waiting_hands(draw: st.DrawFn) -> Hand:
    """A complete hand minus one concealed tile (13 tiles counting melds as 3)."""
    concealed, melds, bao = draw(complete_hands())
    i = draw(st.integers(0, len(concealed) - 1))
    return concealed[:i] + concealed[i + 1 :], melds, bao


@st.composite
def near_complete_hands(draw: st.DrawFn) -> Hand:
    """A complete hand with one concealed tile swapped for another kind (mostly incomplete)."""
    concealed, melds, bao = draw(complete_hands())
    used = counts_of(concealed + meld_tiles(melds))
    i = draw(st.integers(0, len(concealed) - 1))
    k = draw(st.sampled_from([k for k in range(34) if used[k] < 4 and k != concealed[i]]))
    return [*concealed[:i], k, *concealed[i + 1 :]], melds, bao


@st.composite
def spread_hands(draw: st.DrawFn, size: int) -> Hand:
    """Mostly distinct kinds, no melds: the hands where 十三浪 and 九幺 are the nearest shapes."""
    kinds = draw(st.permutations(range(34)))
    concealed = list(kinds[: size - draw(st.integers(0, 2))])
    while len(concealed) < size:
        concealed.append(draw(st.sampled_from(concealed)))
    if draw(st.booleans()):
        concealed = [k for k in concealed if k in YAOJIU] + [
            draw(st.sampled_from(YAOJIU_KINDS)) for k in concealed if k not in YAOJIU
        ]
        concealed = [k for k in concealed if concealed.count(k) <= 4][:size]
        while len(concealed) < size:
            concealed.append(
                draw(st.sampled_from([k for k in range(34) if concealed.count(k) < 4]))
            )
    tiles, _, bao = draw(turn_into_bao(concealed, [0] * 34))
    return tiles, [], bao


# ranks (0-8) of one suit that are valid for 十三浪 but leave no third place (2-7, 3-7, 3-8 in
# 1-9 terms), next to full triples and arbitrary subsets
_CAPPED = [(1, 6), (2, 6), (2, 7), (1, 2, 6), (2, 6, 7)]
_TRIPLES = [(0, 3, 6), (0, 4, 8), (1, 4, 7), (2, 5, 8), (0, 3, 8), (1, 5, 8)]


@st.composite
def lan_like_hands(draw: st.DrawFn, size: int) -> Hand:
    """Hands near 十三浪: per suit a capped pair, a full triple or any few ranks."""
    concealed: list[int] = []
    for suit in range(3):
        ranks = draw(
            st.one_of(
                st.sampled_from(_CAPPED),
                st.sampled_from(_TRIPLES),
                st.sets(st.integers(0, 8), max_size=4).map(sorted),
            )
        )
        concealed += [9 * suit + r for r in ranks]
    concealed += draw(st.permutations(range(27, 34)))[: draw(st.integers(3, 7))]
    concealed = concealed[:size]
    while len(concealed) < size:
        concealed.append(draw(st.sampled_from([k for k in range(34) if concealed.count(k) < 4])))
    tiles, _, bao = draw(turn_into_bao(concealed, [0] * 34))
    return tiles, [], bao


hands14 = st.one_of(
    random_hands(14),
    complete_hands(),
    near_complete_hands(),
    spread_hands(14),
    lan_like_hands(14),
)
hands13 = st.one_of(random_hands(13), waiting_hands(), spread_hands(13), lan_like_hands(13))


def args(hand: Hand) -> tuple[list[int], int | None, int, bool]:
    """The fast core's arguments for a hand."""
    concealed, melds, bao = hand
    return counts_of(concealed), bao, len(melds), melds_yaojiu(melds)


def shape_names(shapes: Sequence[Shape]) -> set[str]:
    return {s.value for s in shapes}


# --- completeness --------------------------------------------------------------------------------


@pytest.mark.slow
@cfg(800)
@given(hands14)
def test_complete_shapes_match_brute(hand: Hand) -> None:
    concealed, _, bao = hand
    c, b, m, my = args(hand)
    got = complete_shapes(c, b, m, my)
    assert len(got) == len(set(got))
    expected = ref_complete_shapes(concealed, bao, m, my)
    assert shape_names(got) == expected, fmt(hand)
    assert is_complete(c, b, m, my) == bool(expected), fmt(hand)


@pytest.mark.slow
@cfg(300)
@given(complete_hands())
def test_constructed_hands_are_complete(hand: Hand) -> None:
    assert is_complete(*args(hand)), fmt(hand)


@pytest.mark.slow
@cfg(400)
@given(complete_hands(), st.data())
def test_replacing_a_natural_by_bao_keeps_complete(hand: Hand, data: st.DataObject) -> None:
    concealed, melds, bao = hand
    used = counts_of(meld_tiles(melds))
    if bao is None:
        # a kind that is no tile of the hand yet, so the change adds exactly one wildcard
        free = [k for k in range(34) if k not in concealed and used[k] < 4]
        bao = data.draw(st.sampled_from(free))
    naturals = [i for i, t in enumerate(concealed) if t != bao]
    if not naturals or concealed.count(bao) + used[bao] >= 4:
        return
    i = data.draw(st.sampled_from(naturals))
    new = ([*concealed[:i], bao, *concealed[i + 1 :]], melds, bao)
    assert is_complete(*args(new)), f"{fmt(hand)} -> {fmt(new)}"
    assert set(complete_shapes(*args(hand))) <= set(complete_shapes(*args(new)))


# --- waits and shanten --------------------------------------------------------------------------


def completing_kinds(hand: Hand, check: Callable[[Hand], bool]) -> list[int]:
    """Kinds whose draw completes the hand (only while fewer than four are held, 宝 included)."""
    concealed, melds, bao = hand
    out = []
    for k in range(34):
        if concealed.count(k) >= 4:
            continue
        if check(([*concealed, k], melds, bao)):
            out.append(k)
    return out


@pytest.mark.slow
@cfg(500)
@given(hands13)
def test_waits_are_the_completing_kinds(hand: Hand) -> None:
    concealed, _, bao = hand
    got = waits(*args(hand))
    assert got == sorted(set(got))
    assert got == completing_kinds(hand, lambda h: is_complete(*args(h))), fmt(hand)
    assert got == ref_waits(concealed, bao, *args(hand)[2:]), fmt(hand)


@pytest.mark.slow
@cfg(700)
@given(hands13)
def test_shanten_zero_iff_waiting(hand: Hand) -> None:
    s = shanten(*args(hand))
    assert s >= 0
    assert (s == 0) == bool(waits(*args(hand))), fmt(hand)


@pytest.mark.slow
@cfg(600)
@given(hands14)
def test_shanten_of_14_tiles(hand: Hand) -> None:
    s = shanten(*args(hand))
    assert s >= -1
    assert (s == -1) == is_complete(*args(hand)), fmt(hand)
    by_shape = shanten_by_shape(*args(hand))
    assert min(by_shape.values()) == s
    for shape in complete_shapes(*args(hand)):
        assert by_shape[shape] == -1, (fmt(hand), shape)


@pytest.mark.slow
@cfg(300)
@given(hands13)
def test_shanten_by_shape_matches_brute_13(hand: Hand) -> None:
    concealed, _, bao = hand
    c, b, m, my = args(hand)
    expected = ref_shanten_by_shape(concealed, bao, m, my)
    got = {s.value: v for s, v in shanten_by_shape(c, b, m, my).items()}
    assert got == expected, fmt(hand)


@pytest.mark.slow
@cfg(300)
@given(hands13)
def test_shanten_matches_brute(hand: Hand) -> None:
    """Overall shanten: 0 exactly when a drawable tile completes the hand (``ref_shanten``)."""
    concealed, _, bao = hand
    c, b, m, my = args(hand)
    assert shanten(c, b, m, my) == ref_shanten(concealed, bao, m, my), fmt(hand)


@pytest.mark.slow
@cfg(300)
@given(hands14)
def test_shanten_by_shape_matches_brute_14(hand: Hand) -> None:
    concealed, _, bao = hand
    c, b, m, my = args(hand)
    expected = ref_shanten_by_shape(concealed, bao, m, my)
    got = {s.value: v for s, v in shanten_by_shape(c, b, m, my).items()}
    assert got == expected, fmt(hand)


@pytest.mark.slow
@cfg(500)
@given(st.one_of(random_hands(13), spread_hands(13), lan_like_hands(13)))
def test_shanten_one_swap_recursion(hand: Hand) -> None:
    """A hand k > 0 away is one swap (discard any tile, draw any kind) from a hand k - 1 away.

    Draws respect the four copies of a kind (the fast core's counts are base-5 digits).
    """
    c, b, m, my = args(hand)
    s = shanten(c, b, m, my)
    if s <= 0:
        return
    best = 99
    for out in range(34):
        if not c[out]:
            continue
        c[out] -= 1
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                best = min(best, shanten(c, b, m, my))
                c[k] -= 1
        c[out] += 1
    assert s == best + 1, fmt(hand)


@pytest.mark.slow
@cfg(400)
@given(hands14)
def test_shanten_of_14_is_best_discard(hand: Hand) -> None:
    """An incomplete 14-tile hand is as far as its best discard leaves it."""
    c, b, m, my = args(hand)
    s = shanten(c, b, m, my)
    if s < 0:
        return
    best = 99
    for out in range(34):
        if c[out]:
            c[out] -= 1
            best = min(best, shanten(c, b, m, my))
            c[out] += 1
    assert s == best, fmt(hand)


@pytest.mark.slow
@cfg(100)
@given(hands13)
def test_brute_fit_searches_agree(hand: Hand) -> None:
    """Self-check of the reference: the per-tile search and the per-kind target walk agree."""
    concealed, melds, bao = hand
    naturals = tuple(counts_of([t for t in concealed if t != bao]))
    sets = 4 - len(melds)
    assert fit_standard_search(naturals, sets, 1) == fit_standard_targets(naturals, sets, 1, None)
    assert fit_standard_targets(naturals, sets, 1, 4) <= fit_standard_targets(
        naturals, sets, 1, None
    )


@pytest.mark.parametrize(
    "tiles",
    [
        "1111m 234p 567p 789s",  # only a fifth 1m completes it
        "1111z 234p 567p 789s",
        "2222m 1111p 3333s 4z",  # control: 七对 with quads waits on 4z
    ],
)
def test_shanten_zero_needs_a_drawable_tile(tiles: str) -> None:
    """Shanten 0 means one tile from complete: a hand no drawable tile completes is not 0."""
    concealed = parse_tiles(tiles)
    c = counts_of(concealed)
    assert waits(c, None) == ref_waits(concealed, None)
    assert (shanten(c, None) == 0) == bool(waits(c, None))
    assert shanten(c, None) == ref_shanten(concealed, None)


# --- interpretations ------------------------------------------------------------------------------


def check_interpretation(interp: Interpretation, hand: Hand) -> None:
    """Legal groups for the shape, and the tiles are the hand with every 宝 resolved."""
    concealed, melds, bao = hand
    naturals = Counter(t for t in concealed if t != bao)
    n_bao = len(concealed) - sum(naturals.values())
    meld_groups = [g for g in interp.groups if g.meld is not None]
    own = [g for g in interp.groups if g.meld is None]

    def meld_key(m: Meld) -> tuple[str, tuple[int, ...]]:
        return m.kind.value, m.tiles

    assert sorted(meld_key(g.meld) for g in meld_groups if g.meld) == sorted(map(meld_key, melds))
    assert all(not any(g.bao) for g in meld_groups)  # melds never hold a 宝
    # every concealed position: natural tiles exactly the naturals, 宝 positions exactly b
    flagged_natural = Counter(t for g in own for t, f in zip(g.tiles, g.bao, strict=True) if not f)
    stood_for = Counter(t for g in own for t, f in zip(g.tiles, g.bao, strict=True) if f)
    assert flagged_natural == naturals
    assert sum(stood_for.values()) == n_bao
    acting = Counter(interp.acting)
    assert acting == Counter({k: v for k, v in stood_for.items() if k != bao})
    assert interp.clean == (not acting)
    assert Counter(interp.kinds) == naturals + stood_for + Counter(meld_tiles(melds))
    kinds = interp.kinds
    if interp.shape is Shape.STANDARD:
        pairs = [g for g in own if g.type is GroupType.PAIR]
        sets = [g for g in own if g.type is not GroupType.PAIR]
        assert len(pairs) == 1 and len(set(pairs[0].tiles)) == 1 and len(pairs[0].tiles) == 2
        assert len(sets) + len(melds) == 4
        for g in sets:
            t = g.tiles
            if g.type is GroupType.TRIPLET:
                assert len(t) == 3 and len(set(t)) == 1
            else:
                assert g.type is GroupType.SEQUENCE
                assert t[0] < 27 and t[0] % 9 <= 6 and list(t) == [t[0], t[0] + 1, t[0] + 2]
    elif interp.shape is Shape.SEVEN_PAIRS:
        assert not melds and len(own) == 7
        assert all(g.type is GroupType.PAIR and g.tiles[0] == g.tiles[1] for g in own)
    elif interp.shape is Shape.THIRTEEN_LAN:
        assert not melds and len(kinds) == 14 and lan_valid(kinds)
    else:
        assert interp.shape is Shape.YAOJIU
        assert len(kinds) == 14 + sum(len(m.tiles) - 3 for m in melds)
        assert all(k in YAOJIU for k in kinds)


@pytest.mark.slow
@cfg(250)
@given(hands14)
def test_interpretations(hand: Hand) -> None:
    concealed, melds, bao = hand
    c, b, m, my = args(hand)
    interps = interpretations(concealed, melds, bao)
    shapes = set(complete_shapes(c, b, m, my))
    assert bool(interps) == bool(shapes), fmt(hand)
    assert {i.shape for i in interps} == shapes, fmt(hand)
    for interp in interps:
        check_interpretation(interp, hand)
    clean_possible = bool(ref_complete_shapes(concealed, None, m, my))
    assert any(i.clean for i in interps) == clean_possible, fmt(hand)


def canonical(interp: Interpretation) -> tuple[str, tuple[object, ...]]:
    """The brute force's canonical form of an interpretation (see ``ref_interpretations``)."""
    own = [g for g in interp.groups if g.meld is None]
    groups = tuple(
        sorted(
            (
                g.type.value,
                g.tiles,
                g.bao if g.type is GroupType.SEQUENCE else tuple(sorted(g.bao)),
            )
            for g in own
        )
    )
    if interp.shape is Shape.STANDARD:
        return interp.shape.value, groups
    if interp.shape is Shape.SEVEN_PAIRS:
        return interp.shape.value, pairs_summary(groups)
    fill = sorted(t for g in own for t, f in zip(g.tiles, g.bao, strict=True) if f)
    return interp.shape.value, tuple(fill)


@pytest.mark.slow
@cfg(250)
@given(st.one_of(complete_hands(), near_complete_hands()))
def test_every_interpretation_is_found(hand: Hand) -> None:
    """The scorer picks the best reading, so no reading may be missing (or invented)."""
    concealed, melds, bao = hand
    _, _, m, my = args(hand)
    got = {canonical(i) for i in interpretations(concealed, melds, bao)}
    assert got == ref_interpretations(concealed, bao, m, my), fmt(hand)


def _indicator_ok(hand: Hand) -> bool:
    """The face-up indicator is one copy of its kind, so a hand cannot hold all four; and no
    pong or exposed kong of 宝 exists (it would need a discarded 宝, which is dead)."""
    concealed, melds, bao = hand
    if bao is None:
        return True
    if any(bao in m.tiles and m.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED) for m in melds):
        return False
    return (concealed + meld_tiles(melds)).count(indicator_from_bao(bao)) < 4


@pytest.mark.slow
@cfg(200)
@given(hands14, hands13)
def test_validated_entry_points(hand14: Hand, hand13: Hand) -> None:
    """``analyze_complete`` / ``analyze_waiting`` report what the fast core computes."""
    if _indicator_ok(hand14):
        concealed, melds, bao = hand14
        result = analyze_complete(concealed, melds, bao)
        assert list(result.complete) == complete_shapes(*args(hand14))
        assert result.is_complete == is_complete(*args(hand14))
        assert len(result.interpretations) == len(interpretations(concealed, melds, bao))
    if _indicator_ok(hand13):
        concealed, melds, bao = hand13
        w = analyze_waiting(concealed, melds, bao)
        seen = Counter(concealed + meld_tiles(melds))
        if bao is not None:
            seen[indicator_from_bao(bao)] += 1
        # the validated waits leave out kinds whose four copies the player can all see
        assert list(w.waits) == [k for k in waits(*args(hand13)) if seen[k] < 4]
        assert w.shanten == shanten(*args(hand13))
        assert w.shanten_by_shape == shanten_by_shape(*args(hand13))


# --- the rule book's own cases -----------------------------------------------------------------


@pytest.mark.parametrize("bao", ["5z", "6z", "7z", "5m", "1m", "9p"])
def test_lan_with_four_bao_needs_room(bao: str) -> None:
    """`27m 27p 27s 1234z` + four 宝: each suit holds only two places, 6 + 7 < 14."""
    b = parse_tile(bao)
    concealed = parse_tiles("27m 27p 27s 1234z") + [b] * 4
    c = counts_of(concealed)
    assert not is_complete(c, b)
    assert complete_shapes(c, b) == []
    assert ref_complete_shapes(concealed, b) == set()
    assert interpretations(concealed, [], b) == []


def test_seven_pairs_with_a_quad() -> None:
    concealed = parse_tiles("1111m 22p 33p 44s 55s 66z")
    c = counts_of(concealed)
    assert Shape.SEVEN_PAIRS in complete_shapes(c, None)
    assert ref_complete_shapes(concealed, None) == {"seven_pairs"}
    # a 宝 may complete the quad
    bao = parse_tile("9s")
    concealed = parse_tiles("111m 9s 22p 33p 44s 55s 66z")
    assert Shape.SEVEN_PAIRS in complete_shapes(counts_of(concealed), bao)
    assert any(
        i.shape is Shape.SEVEN_PAIRS and i.acting == (0,)
        for i in interpretations(concealed, [], bao)
    )


@pytest.mark.parametrize(
    ("tiles", "bao", "melds"),
    [
        ("123m 456p 789s 111z 5z", "5z", ""),
        ("123m 456p 789s 111z 5m", "5m", ""),
        ("111z 9m", "9m", "[123m] [456p] [789s]"),
        ("5p", "5p", "[123m] [456p] [789s] [1111z]"),
        ("123m 456p 7s 11z 5555z", "5z", ""),  # the other 宝 act inside the sets
    ],
)
def test_lone_bao_waits_on_everything(tiles: str, bao: str, melds: str) -> None:
    b = parse_tile(bao)
    concealed = parse_tiles(tiles)
    ms = parse_melds(melds)
    c = counts_of(concealed)
    # every kind — but a 宝 kind whose four tiles are all in hand cannot be drawn
    everything = [k for k in range(34) if c[k] < 4]
    assert waits(c, b, len(ms), melds_yaojiu(ms)) == everything
    assert shanten(c, b, len(ms), melds_yaojiu(ms)) == 0


def test_bao_as_fifth_copy() -> None:
    """宝吊头 on 111z: drawing the fourth 1z wins, the 宝 standing as a fifth 1z (§3)."""
    bao = parse_tile("5m")
    concealed = parse_tiles("123m 456p 789s 111z 5m 1z")
    c = counts_of(concealed)
    assert is_complete(c, bao)
    assert ref_complete_shapes(concealed, bao) == {"standard"}
    interps = interpretations(concealed, [], bao)
    assert any(i.acting == (parse_tile("1z"),) for i in interps)


def test_clean_when_bao_stands_for_itself() -> None:
    """宝吊无宝: two 宝 as the pair make the hand clean (§3)."""
    bao = parse_tile("5m")
    concealed = parse_tiles("123m 456p 789s 111z 5m 5m")
    interps = interpretations(concealed, [], bao)
    assert any(i.clean for i in interps)
    assert any(not i.clean for i in interps)


def test_bao_wait_for_a_fifth_copy_only() -> None:
    """No natural tile completes 3333567m [2222m] [111m] (a fifth 3m would), but a drawn 宝 does:
    the 宝 kind is the one wait (found by hypothesis; the quick exit once missed it)."""
    bao = parse_tile("1m")
    ms = parse_melds("[2222m] [111m]")
    c = counts_of(parse_tiles("3333567m"))
    assert waits(c, bao, len(ms), melds_yaojiu(ms)) == [bao]
    assert waits(c, None, len(ms), melds_yaojiu(ms)) == []
    assert shanten(c, bao, len(ms), melds_yaojiu(ms)) == 0
    assert shanten(c, None, len(ms), melds_yaojiu(ms)) == 1
