"""Property tests of the scorer over random complete hands (rule book §7, §8, §9).

Whatever the hand, preset, way of winning, 飞宝 and bonuses: payments sum to zero, no amount is
negative, a win pays the winner, the chosen interpretation is one of the hand's legal ones and
pays at least as much as any other, and the stake scales everything linearly.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from shangrao_bot.rules.errors import ScoringInputError
from shangrao_bot.rules.hand import analyze_complete
from shangrao_bot.rules.readings import baodiao_counts, in_baodiao_state
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, WinHow, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.tiles import Meld, MeldKind, counts_of, indicator_from_bao
from tests.rules.test_shapes_properties import Hand, cfg, complete_hands


def _with_bao(hand: Hand, data: st.DataObject) -> tuple[list[int], list, int]:  # type: ignore[type-arg]
    concealed, melds, bao = hand
    counts = counts_of(concealed + [t for m in melds for t in m.tiles])
    if bao is None:
        # a 宝 kind the hand does not hold: the hand is scored wildcard-free
        options = [k for k in range(34) if counts[k] == 0 and counts[indicator_from_bao(k)] <= 3]
        assume(options)
        bao = data.draw(st.sampled_from(options))
    assume(counts[indicator_from_bao(bao)] <= 3)
    for m in melds:  # a three-tile concealed kong only exists for the indicator's kind
        assume(m.kind is not MeldKind.KONG_INDICATOR or m.tiles[0] == indicator_from_bao(bao))
        # a pong or exposed kong of 宝 would need a discarded 宝, which is dead
        assume(not (bao in m.tiles and m.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED)))
    return concealed, melds, bao


def winner_bao(concealed: list[int], melds: list[Meld], bao: int) -> int:
    """宝 in the winner's hand and melds."""
    return concealed.count(bao) + sum(m.tiles.count(bao) for m in melds)


def possible_bao_bonuses(flown: list[int], held: int) -> list[Bonus]:
    """The 四个宝 and 接宝 bonuses a table can have given the winner's (seat 0) 宝 held and
    everyone's 飞宝 (rule book §10): 四个宝 for a seat when nobody else holds or flew
    a 宝 (the winner's own when its 宝 add up to four: the scorer adds it unnamed too); 接宝
    for a seat that drew three while exactly one other 宝 was flown by another seat."""
    out = []
    own = held + flown[0]
    for s in range(4):
        others_flown = sum(flown[j] for j in range(4) if j != s)
        if others_flown == 0 and (own == 4 if s == 0 else held == 0):
            out.append(Bonus(s, BonusKind.SIGEBAO))
        others = others_flown + (held if s != 0 else 0)
        if own != 4 and others_flown == 1 and others == 1 and (s != 0 or own == 3):
            out.append(Bonus(s, BonusKind.JIEBAO))
    return out


@st.composite
def win_inputs(draw: st.DrawFn) -> tuple[WinInput, RuleSet]:
    hand = draw(complete_hands())
    concealed, melds, bao = _with_bao(hand, draw(st.data()))
    preset = draw(st.sampled_from(list(Preset)))
    win = draw(st.sampled_from(sorted(set(concealed))))
    hows = [WinHow.SELF]
    if any(m.kind.is_kong for m in melds):
        hows.append(WinHow.KONG)
    held_win = concealed.count(win) + sum(m.tiles.count(win) for m in melds)
    if (
        preset is Preset.SHANGRAO
        and win != bao
        and win != indicator_from_bao(bao)
        and held_win == 1  # the robbed pong and its added tile are the other three
    ):
        hows.append(WinHow.ROB)
    if not melds:
        hows.append(WinHow.TIANHU)
        if win != bao:
            hows.append(WinHow.DIHU)
    how = draw(st.sampled_from(hows))
    flown = [0, 0, 0, 0]
    held = winner_bao(concealed, melds, bao)
    if how not in (WinHow.TIANHU, WinHow.DIHU):  # nobody has discarded before those
        for _ in range(draw(st.integers(0, 4 - held))):
            flown[draw(st.integers(0, 3))] += 1
    bonuses = draw(
        st.lists(
            st.builds(
                Bonus,
                st.integers(1, 3),
                st.sampled_from([BonusKind.MINGGANG, BonusKind.ANGANG]),
            ),
            max_size=3,
        )
    )
    possible = possible_bao_bonuses(flown, held)
    if possible and draw(st.booleans()):
        bonuses.append(draw(st.sampled_from(possible)))
    inp = WinInput(
        concealed=tuple(concealed),
        bao=bao,
        winning_tile=None if how is WinHow.TIANHU else win,
        melds=tuple(melds),
        how=how,
        kong_chain=draw(st.integers(1, max(1, sum(m.kind.is_kong for m in melds)))),
        robbed_seat=draw(st.integers(1, 3)) if how is WinHow.ROB else None,
        winner=0,
        flown=tuple(flown),
        bonuses=tuple(bonuses),
    )
    return inp, RuleSet(preset, stake=draw(st.integers(1, 3)))


@pytest.mark.slow
@cfg(250)
@given(win_inputs())
def test_payments_balance_and_are_never_negative(case: tuple[WinInput, RuleSet]) -> None:
    inp, rules = case
    result = score_win(inp, rules)
    assert sum(result.deltas) == 0
    assert all(p.amount > 0 for p in result.payments)
    assert all(p.payer != p.payee for p in result.payments)
    if result.winning:
        assert result.value > 0
        assert result.pattern
        win_pay = [p for p in result.payments if p.reason is Reason.WIN]
        assert win_pay and all(p.payee == inp.winner for p in win_pay)
        if inp.how is WinHow.ROB:
            assert {p.payer for p in win_pay} == {inp.robbed_seat}
        else:
            assert {p.payer for p in win_pay} == {1, 2, 3}
        legal = analyze_complete(inp.concealed, inp.melds, inp.bao).interpretations
        assert result.interpretation in legal
    else:
        assert result.reason
        assert result.deltas == (0, 0, 0, 0)
        assert result.payments == ()


@pytest.mark.slow
@cfg(150)
@given(win_inputs())
def test_stake_scales_every_amount(case: tuple[WinInput, RuleSet]) -> None:
    inp, rules = case
    base = score_win(inp, RuleSet(rules.preset, stake=1))
    staked = score_win(inp, rules)
    assert staked.winning == base.winning
    assert staked.deltas == tuple(rules.stake * d for d in base.deltas)


@pytest.mark.slow
@cfg(150)
@given(win_inputs())
def test_flying_a_bao_never_lowers_the_winners_value(case: tuple[WinInput, RuleSet]) -> None:
    """飞宝 doubles what the winner wins (§7, §8): one more flown 宝 never pays less."""
    inp, rules = case
    held = winner_bao(list(inp.concealed), list(inp.melds), inp.bao)
    assume(sum(inp.flown) + held < 4 and inp.how not in (WinHow.TIANHU, WinHow.DIHU))
    # one more 宝 flown by the winner would contradict a 四个宝 or 接宝 of the case
    assume(not any(b.kind in (BonusKind.SIGEBAO, BonusKind.JIEBAO) for b in inp.bonuses))
    base = score_win(inp, rules)
    flown = list(inp.flown)
    flown[inp.winner] += 1
    more = score_win(
        WinInput(**{**inp.__dict__, "flown": tuple(flown)}),  # type: ignore[arg-type]
        rules,
    )
    if base.winning:
        assert more.winning
        assert more.value == 2 * base.value


@cfg(100)
@given(
    st.lists(st.builds(Bonus, st.integers(0, 3), st.sampled_from(list(BonusKind))), max_size=6),
    st.integers(1, 5),
)
def test_draw_settles_only_bonuses_and_balances(bonuses: list[Bonus], stake: int) -> None:
    kinds = [b.kind for b in bonuses]
    kongs = [b.seat for b in bonuses if b.kind in (BonusKind.MINGGANG, BonusKind.ANGANG)]
    possible = (  # the fourth 宝 is discarded (接宝) or drawn (四个宝), once; 4 kongs a player
        kinds.count(BonusKind.JIEBAO) + kinds.count(BonusKind.SIGEBAO) <= 1
        and all(kongs.count(s) <= 4 for s in range(4))
    )
    if not possible:
        with pytest.raises(ScoringInputError):
            score_draw(bonuses, RuleSet(stake=stake))
        return
    result = score_draw(bonuses, RuleSet(stake=stake))
    assert not result.winning
    assert sum(result.deltas) == 0
    points = {
        BonusKind.MINGGANG: 1,
        BonusKind.ANGANG: 2,
        BonusKind.JIEBAO: 10,
        BonusKind.SIGEBAO: 10,
    }
    for seat in range(4):
        expected = sum((3 if b.seat == seat else -1) * points[b.kind] * stake for b in bonuses)
        assert result.deltas[seat] == expected


@given(
    st.lists(st.integers(0, 33), min_size=1, max_size=13).filter(lambda t: len(t) % 3 == 1),
    st.integers(0, 33),
)
def test_baodiao_reads_the_same_from_tiles_and_from_counts(before: list[int], bao: int) -> None:
    """The scorer's 宝吊头 test (on the tiles before a win) and the players' (on counts) agree,
    and a hand with no 宝 is never in the state."""
    counts = counts_of(before)
    assume(max(counts) <= 4)
    assert in_baodiao_state(before, bao) == baodiao_counts(counts, bao)
    if bao not in before:
        assert not in_baodiao_state(before, bao)
