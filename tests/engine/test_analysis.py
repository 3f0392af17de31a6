"""The hand analysis (何切): every candidate discard and claim, checked against the rules core.

Property tests draw physically possible hands — complete ones by construction, then some tiles
swapped (so many are ready or one tile away), and uniformly random ones — with a 宝 kind, a few
melds and a random set of tiles in sight, and hold the analysis to:

* shanten and waits equal to :func:`shapes.shanten` / :func:`shapes.waits`;
* effective tiles equal to the brute-force set of draws that lower the shanten;
* unseen counts equal to four less what is in sight, never negative;
* every wait's value and pattern equal to :func:`score_win` (the fast reading of simple hands
  included);
* the weight and the order equal to the module's documented rule;
* claims agreeing with :func:`advice.after_claim` on engine views.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.advice import after_claim, ready_waits
from shangrao_bot.engine.analysis import (
    SHAPE_VALUES,
    ClaimAnalysis,
    DiscardAnalysis,
    rank_by_shape,
    rank_view_by_shape,
    shape_of_hand,
)
from shangrao_bot.engine.analysis_input import AnalysisInput, check_input, from_view
from shangrao_bot.engine.claim_shapes import claim_options, claims_by_shape, claims_view_by_shape
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, unseen_counts, view_for
from shangrao_bot.rules.errors import HandError, RulesError
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shapes import YAOJIU_KINDS, shanten, shanten_by_shape, waits
from shangrao_bot.rules.tiles import (
    Meld,
    MeldKind,
    counts_of,
    indicator_from_bao,
    parse_tile,
    parse_tiles,
)
from tests.engine.builders import make_state, tile, tiles
from tests.rules.test_shapes_properties import complete_hands, random_hands

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _melds_yaojiu(melds: tuple[Meld, ...]) -> bool:
    return all(t in YAOJIU_KINDS for m in melds for t in m.tiles)


@st.composite
def turn_inputs(draw: st.DrawFn) -> AnalysisInput:
    """A 14-tile hand with a 宝 kind, some tiles in sight and, at times, a 宝 flown."""
    base = draw(st.one_of(complete_hands(), complete_hands(), random_hands(14)))
    concealed, melds, bao = base
    # four 宝 make nearly every discard ready on nearly every draw, each wait a slow scorer run
    assume(bao is not None and concealed.count(bao) <= 3)
    assert bao is not None
    concealed = list(concealed)
    used = counts_of(concealed + [t for m in melds for t in m.tiles])
    for _ in range(draw(st.integers(0, 2))):  # swap a tile or two: near-complete hands
        i = draw(st.integers(0, len(concealed) - 1))
        k = draw(st.integers(0, 33))
        if used[k] < 4:
            used[concealed[i]] -= 1
            used[k] += 1
            concealed[i] = k
    ind = indicator_from_bao(bao)
    assume(used[ind] <= 3)
    used[ind] += 1
    rest = [k for k in range(34) for _ in range(4 - used[k])]
    seen = draw(st.lists(st.sampled_from(rest), max_size=24)) if rest else []
    left = counts_of(rest)
    kept = []
    for k in seen:  # the sampled tiles, each kind no more often than it is left
        if left[k]:
            left[k] -= 1
            kept.append(k)
    flown = (kept.count(bao) and draw(st.integers(0, 1)), 0, 0, 0)
    rules = RuleSet(draw(st.sampled_from([Preset.SHANGRAO, Preset.SHANGRAO, Preset.BAIKE])))
    # under baike every wait goes through the scorer, slow with many 宝: keep those hands light
    assume(rules.preset is Preset.SHANGRAO or concealed.count(bao) <= 2)
    inp = AnalysisInput(
        tiles=tuple(concealed),
        bao=bao,
        melds=tuple(melds),
        seen=tuple(kept),
        flown=flown,
        rules=rules,
        live=draw(st.integers(0, 82)),
    )
    try:
        check_input(inp)
    except HandError:
        assume(False)  # e.g. a pong of the 宝 kind, which no table can produce
    return inp


def _c13(inp: AnalysisInput, discard: int) -> list[int]:
    c = counts_of(inp.tiles)
    c[discard] -= 1
    return c


def _reference_value(
    inp: AnalysisInput, c13: list[int], wait: int, flown: tuple[int, ...]
) -> tuple[int | None, str | None]:
    concealed = tuple(sorted([k for k in range(34) for _ in range(c13[k])] + [wait]))
    try:
        res = score_win(
            WinInput(
                concealed, inp.bao, wait, inp.melds, WinHow.SELF, winner=inp.seat, flown=flown
            ),
            inp.rules,
        )
    except RulesError:
        return None, None
    return (res.value, res.pattern) if res.winning else (None, None)


@pytest.mark.slow
@SETTINGS
@given(turn_inputs())
def test_discards_agree_with_the_rules_core(inp: AnalysisInput) -> None:
    ranked = rank_by_shape(inp)
    assert sorted(d.tile for d in ranked if d.tile is not None) == sorted(set(inp.tiles))
    visible = inp.visible()
    unseen = inp.unseen()
    m = len(inp.melds)
    yj = _melds_yaojiu(inp.melds)
    for k in range(34):
        assert unseen[k] == 4 - visible[k] >= 0
    for d in ranked:
        assert d.tile is not None
        c13 = _c13(inp, d.tile)
        s = shanten(c13, inp.bao, m, yj)
        assert d.shanten == s
        brute = []
        for k in range(34):
            if c13[k] < 4:
                c13[k] += 1
                if shanten(c13, inp.bao, m, yj) < s:
                    brute.append(k)
                c13[k] -= 1
        assert [k for k, _ in d.effective] == brute
        assert all(n == unseen[k] for k, n in d.effective)
        if s == 0:
            expected = [
                w for w in waits(c13, inp.bao, m, yj) if not (w == inp.bao and unseen[w] == 0)
            ]
            assert [w.tile for w in d.waits] == expected
            flown = list(inp.flown)
            flown[inp.seat] += d.tile == inp.bao
            for w in d.waits:
                assert w.unseen == unseen[w.tile]
                assert (w.value, w.pattern) == _reference_value(inp, c13, w.tile, tuple(flown))
                assert w.real_win == (w.value is not None)
        else:
            assert d.waits == ()


@pytest.mark.slow
@SETTINGS
@given(turn_inputs())
def test_ranking_follows_the_documented_rule(inp: AnalysisInput) -> None:
    ranked = rank_by_shape(inp)
    keys = [(d.shanten, -d.weight, -d.effective_unseen, d.tile) for d in ranked]
    assert keys == sorted(keys)
    values = SHAPE_VALUES[inp.rules.preset]
    m = len(inp.melds)
    yj = _melds_yaojiu(inp.melds)
    for d in ranked:
        assert d.tile is not None
        if d.shanten == 0:
            assert d.weight == sum(w.unseen * (w.value or 0) for w in d.waits)
            continue
        c13 = _c13(inp, d.tile)
        flown = inp.flown[inp.seat] + (d.tile == inp.bao)
        weight = 0
        for k, n in d.effective:
            c13[k] += 1
            by_shape = shanten_by_shape(c13, inp.bao, m, yj)
            low = min(by_shape.values())
            weight += n * max(values[shape] for shape, x in by_shape.items() if x == low)
            c13[k] -= 1
        assert d.weight == weight * 2**flown


def _claim_views(seed: int, limit: int = 3) -> list[PlayerView]:
    """Claim windows with a chi, pong or kong on offer, from a hand of normal AI players."""
    rng = random.Random(seed)
    state = HandState(RuleSet(), seed=rng.randbytes(32), dealer=0)
    players = [make_ai("normal", random.Random(seed + s)) for s in range(4)]
    found = []
    while not state.over and len(found) < limit:
        seat = state.to_act()[0]
        for s in range(4):
            view = view_for(state, s)
            if view.public.phase is Phase.CLAIM and any(
                a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG) for a in view.legal
            ):
                found.append(view)
        state.apply(players[seat].choose(view_for(state, seat)))
    return found


def _check_claim_waits(inp: AnalysisInput, option: ClaimAnalysis) -> None:
    """A claim's waits are valued as the scorer values them: a 明杠's as 杠开 (the next draw is
    its replacement), a chi's, pong's or 跌宝杠's after the discard that follows."""
    a = option.action
    assert a is not None and a.tile is not None
    c = counts_of(inp.tiles)
    t = a.tile
    if a.kind is ActionKind.CHI:
        meld = Meld(MeldKind.CHI, a.tiles)
        used = [x for x in a.tiles if x != t]
    elif a.kind is ActionKind.PONG:
        meld, used = Meld(MeldKind.PONG, (t,) * 3), [t, t]
    elif a.tiles:
        meld, used = Meld(MeldKind.KONG_INDICATOR_EXPOSED, (t,) * 3), [t, t]
    else:
        meld, used = Meld(MeldKind.KONG_EXPOSED, (t,) * 4), [t, t, t]
    for x in used:
        c[x] -= 1
    if option.outcome.tile is not None:
        c[option.outcome.tile] -= 1
    how = WinHow.KONG if meld.kind is MeldKind.KONG_EXPOSED else WinHow.SELF
    flown = list(inp.flown)
    flown[inp.seat] += option.outcome.tile == inp.bao
    rest = [k for k in range(34) for _ in range(c[k])]
    for w in option.outcome.waits:
        try:
            res = score_win(
                WinInput(
                    tuple(sorted([*rest, w.tile])),
                    inp.bao,
                    w.tile,
                    (*inp.melds, meld),
                    how,
                    winner=inp.seat,
                    flown=tuple(flown),
                ),
                inp.rules,
            )
            expected = (res.value, res.pattern) if res.winning else (None, None)
        except RulesError:
            expected = (None, None)
        assert (w.value, w.pattern) == expected


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_claims_agree_with_after_claim(seed: int) -> None:
    for view in _claim_views(seed):
        options = claims_view_by_shape(view)
        inp = from_view(view)
        assert options[0].shanten <= min(o.shanten for o in options)
        passing = [o for o in options if o.passing]
        assert len(passing) == 1
        c13 = counts_of(inp.tiles)
        assert passing[0].shanten == shanten(c13, inp.bao, len(inp.melds), _melds_yaojiu(inp.melds))
        for o in options:
            if o.action is not None:
                assert o.action.tile is not None
                assert o.shanten == after_claim(view, o.action.kind, o.action.tile, o.action.tiles)
                assert o.outcome.effective == tuple(
                    (k, inp.unseen()[k]) for k, _ in o.outcome.effective
                )
                _check_claim_waits(inp, o)
        keys = [o.outcome.shape_key()[:3] for o in options]
        assert keys == sorted(keys)
        offered = view.public.last_discard
        assert offered is not None
        listed = {
            (a.kind, a.tiles)
            for a in view.legal
            if a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)
        }
        mine = {(a.kind, a.tiles) for a in claim_options(inp, offered[1], chi=True)}
        assert listed <= mine


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_views_give_the_scorers_values_and_the_hints_the_same_waits(seed: int) -> None:
    rng = random.Random(seed)
    state = HandState(RuleSet(), seed=rng.randbytes(32), dealer=0)
    players = [make_ai("normal", random.Random(seed + s)) for s in range(4)]
    for _ in range(rng.randrange(0, 60)):
        if state.over:
            return
        seat = state.to_act()[0]
        state.apply(players[seat].choose(view_for(state, seat)))
    for seat in range(4):
        view = view_for(state, seat)
        inp = from_view(view)
        assert inp.unseen() == unseen_counts(view, counts_of(inp.tiles))
        if len(inp.tiles) + 3 * len(inp.melds) == 13:
            hand = shape_of_hand(inp)
            hinted = ready_waits(view)
            c13 = counts_of(inp.tiles)
            for w in hand.waits:  # the scorer's own answer, on hands from real play
                assert (w.value, w.pattern) == _reference_value(inp, c13, w.tile, inp.flown)
            if hinted is None:
                assert hand.shanten != 0
            else:
                assert [(w.tile, w.unseen, w.value, w.pattern) for w in hand.waits] == [
                    (w.tile, w.unseen, w.value, w.pattern) for w in hinted
                ]
        elif view.public.phase is Phase.TURN and view.public.current == seat:
            ranked = rank_view_by_shape(view)
            legal = {a.tile for a in view.legal if a.kind is ActionKind.DISCARD}
            assert {d.tile for d in ranked} == legal


# --- worked cases ------------------------------------------------------------------------------


def _plain(hand: str, bao: str, seen: str = "", flown: int = 0) -> AnalysisInput:
    inp = AnalysisInput(
        tiles=tuple(parse_tiles(hand)),
        bao=parse_tile(bao),
        seen=tuple(parse_tiles(seen)),
        flown=(flown, 0, 0, 0),
    )
    check_input(inp, (len(inp.tiles),))
    return inp


def _option(ranked: tuple[DiscardAnalysis, ...], discard: str) -> DiscardAnalysis:
    return next(d for d in ranked if d.tile == tile(discard))


def test_baodiao_ready_hand_wins_on_every_draw() -> None:
    # the rule book's example 6: 宝 = 5m, 123m 4p5m6p 777s 111z and a lone 5m, having drawn 9s
    ranked = rank_by_shape(_plain("123m4p5m6p777s111z5m9s", "5m"))
    best = ranked[0]
    assert best.tile == tile("9s")
    assert best.shanten == 0 and best.baodiao
    by_tile = {w.tile: w for w in best.waits}
    assert all(w.real_win for w in best.waits)
    assert by_tile[tile("9s")].pattern == "宝吊头" and by_tile[tile("9s")].value == 3
    assert by_tile[tile("5p")].pattern == "宝吊无宝" and by_tile[tile("5p")].value == 6
    assert by_tile[tile("5m")].pattern == "宝吊宝" and by_tile[tile("5m")].value == 6
    assert len(best.waits) == 34  # every kind wins, none is held four times
    assert best.steal is not None
    assert best.steal.plain == 3 and best.steal.expected_next > 3
    assert best.weight == sum(w.unseen * (w.value or 0) for w in best.waits)


def test_youbao_pinghu_wait_is_not_a_real_win() -> None:
    # the rule book's example 8: 宝 = 5m, 123m 4p5m6p 777s 111z 9s waits on 9s as 有宝平胡
    hand = shape_of_hand(_plain("123m4p5m6p777s111z9s", "5m"))
    assert hand.shanten == 0 and not hand.baodiao
    nine = next(w for w in hand.waits if w.tile == tile("9s"))
    assert not nine.real_win and nine.value is None
    assert nine.reason is not None and "有宝平胡" in nine.reason
    assert hand.weight == sum(w.unseen * w.value for w in hand.waits if w.value is not None)


def test_seven_pairs_wait_is_valued_clean_or_with_bao() -> None:
    # 宝 = 5m: six pairs and 7z after discarding 9s; 7z makes a clean 七对, a drawn 宝 an 有宝 one
    ranked = rank_by_shape(_plain("1122m3344p5566s7z9s", "5m"))
    nine = _option(ranked, "9s")
    assert nine.shanten == 0
    by_tile = {w.tile: w for w in nine.waits}
    assert (by_tile[tile("7z")].pattern, by_tile[tile("7z")].value) == ("清七对", 10)
    assert (by_tile[tile("5m")].pattern, by_tile[tile("5m")].value) == ("七对", 4)


def test_seen_tiles_lower_the_unseen_counts_and_a_dead_wait_adds_nothing() -> None:
    hand = shape_of_hand(_plain("123m456p789s111z9p", "5m", seen="9p9p9p"))
    (nine,) = [w for w in hand.waits if w.tile == tile("9p")]
    assert nine.dead and nine.unseen == 0
    assert hand.weight == sum(w.unseen * (w.value or 0) for w in hand.waits)


def test_flying_a_bao_doubles_the_weight() -> None:
    inp = _plain("123m456p789s11z23s5m", "5m")
    ranked = rank_by_shape(inp)
    bao = _option(ranked, "5m")
    assert bao.shanten == 0
    assert all(w.value is None or w.value % 2 == 0 for w in bao.waits)


def test_impossible_input_is_refused_with_the_token() -> None:
    for hand, seen, word in (
        ("123m456p789s11z23s4s", "4s4s4s4s", "4s"),  # five 4s in sight
        ("123m456p789s11z23s", "", "13"),  # a tile short
    ):
        try:
            check_input(
                AnalysisInput(
                    tuple(parse_tiles(hand)), parse_tile("5m"), seen=tuple(parse_tiles(seen))
                )
            )
        except HandError as exc:
            assert word in str(exc)
        else:
            raise AssertionError(f"{hand} + {seen} accepted")


def test_a_claim_ranks_against_passing() -> None:
    # seat 1 holds 45m and can chi the dealer's 3m; pong of 1z is not offered
    state = make_state({0: "19m19p19s1234567z3m", 1: "45m11z234p678s99s3z"})
    view = view_for(state, 1)
    inp = from_view(view)
    options = claims_by_shape(inp, claim_options(inp, tile("3m"), chi=True))
    kinds = [o.action.kind if o.action else ActionKind.PASS for o in options]
    assert ActionKind.PASS in kinds and ActionKind.CHI in kinds
    chi = next(
        o for o in options if o.action is not None and o.action.tiles == tuple(tiles("345m"))
    )
    assert chi.outcome.tile is not None  # a discard follows the chi
    assert options == tuple(sorted(options, key=lambda o: o.outcome.shape_key()[:3]))


def test_a_kong_on_a_discard_values_the_replacement_draw_as_gangkai() -> None:
    # 111z 123m 456p 789s 9p waits on 9p; a 明杠 of the discarded 1z leaves 123m 456p 789s 9p
    # waiting on the replacement tile, and a win on it is 杠开 (× 2)
    inp = _plain("111z123m456p789s9p", "5m", seen="1z")
    options = claims_by_shape(inp, claim_options(inp, tile("1z"), chi=False))
    by_kind = {(o.action.kind, o.action.tiles) if o.action else None: o for o in options}
    kong = by_kind[(ActionKind.KONG, ())]
    passing = by_kind[None]
    assert kong.outcome.tile is None and kong.shanten == passing.shanten == 0
    assert {w.tile: w.value for w in passing.outcome.waits}[tile("9p")] == 2
    assert {w.tile: (w.value, w.pattern) for w in kong.outcome.waits}[tile("9p")] == (4, "平胡自摸")
    assert options[0] is kong  # it doubles what the wait is worth
    concealed = tuple(tiles("123m456p789s9p9p"))
    melds = (Meld(MeldKind.KONG_EXPOSED, (tile("1z"),) * 4),)
    res = score_win(WinInput(concealed, inp.bao, tile("9p"), melds, WinHow.KONG), inp.rules)
    assert res.value == 4
