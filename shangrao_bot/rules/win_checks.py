"""Refusing the description of a hand that no table can produce (rule book §4, §5, §9, §10).

Before anything is priced, the scorers check what they were told about the hand beyond its
tiles: the seats, the 宝 each seat flew, the bonus events, how the hand was won (a 杠开 needs a
four-tile kong, a 抢杠 a robbed seat and a tile that can be robbed, 天胡/地胡 no melds and no
宝 flown yet) and the table's switches. Input a player could mistype raises
:class:`~.errors.ScoringInputError`; a hand that cannot have happened at a real table (more than
four 宝, a 四个宝 or 接宝 the tiles contradict, an impossible kong chain) raises
:class:`~.errors.ImpossibleHandError` naming the problem. :func:`check_win_input` is the tile
scorer's whole check; the pattern scorer (:mod:`.quick`) and 流局 (:func:`.scoring.score_draw`)
use the parts they can.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.rules.errors import ImpossibleHandError, ScoringInputError
from shangrao_bot.rules.payments import kong_bonuses
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import SEATS, Bonus, BonusKind, WinHow, WinInput
from shangrao_bot.rules.tiles import Meld, MeldKind, indicator_from_bao, tile_str


def check_win_input(inp: WinInput, rules: RuleSet) -> bool:
    """Refuse what no table can produce; True when the winner's own 宝 add up to four and
    四个宝 was not named (the scorer adds it)."""
    check_flown(inp.flown, str(inp.flown))
    check_winner(inp.winner)
    check_bonuses([*inp.bonuses, *kong_bonuses(inp.winner, inp.melds)])
    held = inp.concealed.count(inp.bao) + sum(m.tiles.count(inp.bao) for m in inp.melds)
    add_sigebao = check_bao_tally(inp.flown, inp.bonuses, winner=inp.winner, winner_bao=held)
    if inp.how in (WinHow.TIANHU, WinHow.DIHU):
        check_none_flown(inp.flown)
    if inp.how is WinHow.TIANHU:
        if inp.melds:
            raise ScoringInputError("win.tianhu_melds", token="tianhu")
    elif inp.winning_tile is None:
        raise ScoringInputError("win.no_winning_tile", token="win")
    # 天胡 needs no winning tile, but a named one must be in the hand
    if inp.winning_tile is not None and inp.winning_tile not in inp.concealed:
        tile = tile_str(inp.winning_tile)
        raise ScoringInputError("win.tile_not_in_hand", token=tile, tile=tile)
    if inp.how is WinHow.KONG:
        check_kong_chain(inp.melds, inp.kong_chain)
    if inp.how is WinHow.ROB:
        _check_robbing(inp, rules)
    if inp.how is WinHow.DIHU:
        if not rules.di_hu:
            raise ScoringInputError("win.dihu_off", token="dihu")
        if inp.winning_tile == inp.bao:
            raise ScoringInputError("win.dihu_on_bao", token="dihu")
        if inp.melds:
            raise ScoringInputError("win.dihu_melds", token="dihu")
    for m in inp.melds:
        if m.kind is MeldKind.KONG_INDICATOR and not rules.indicator_kong:
            raise ScoringInputError("win.indicator_kong_off", token=m.to_str())
    for b in inp.bonuses:
        if b.seat == inp.winner and b.kind in (BonusKind.MINGGANG, BonusKind.ANGANG):
            raise ScoringInputError("win.own_kongs", token=b.kind.value)
    return add_sigebao


def _check_robbing(inp: WinInput, rules: RuleSet) -> None:
    """抢杠: allowed at this table, from another seat, of a tile a 补杠 can be made of, held
    once by the robber (the other three are the robbed pong and its added tile)."""
    check_robbing_allowed(rules)
    if inp.robbed_seat is None or inp.robbed_seat == inp.winner or not 0 <= inp.robbed_seat < 4:
        raise ScoringInputError("win.rob_no_seat", token="robbed")
    if inp.winning_tile == inp.bao:
        raise ScoringInputError("win.rob_bao", token="rob")
    assert inp.winning_tile is not None
    robbed = tile_str(inp.winning_tile)
    if inp.winning_tile == indicator_from_bao(inp.bao):
        raise ScoringInputError("win.rob_indicator", token=robbed, tile=robbed)
    held_robbed = inp.concealed.count(inp.winning_tile) + sum(
        m.tiles.count(inp.winning_tile) for m in inp.melds
    )
    if held_robbed > 1:
        raise ScoringInputError("win.rob_held", token=robbed, tile=robbed, n=held_robbed)


def check_flown(flown: Sequence[int], token: str) -> None:
    """Four seats, each flying 0 to 4 宝; ``token`` is how the refusal quotes them."""
    if len(flown) != SEATS or any(not 0 <= f <= 4 for f in flown):
        raise ScoringInputError("win.bad_flown", token=token)


def check_winner(winner: int) -> None:
    if not 0 <= winner < SEATS:
        raise ScoringInputError("win.bad_winner", token=str(winner), seat=winner)


def check_none_flown(flown: Sequence[int]) -> None:
    """天胡 and 地胡 come before anyone has discarded, so before any 宝 was flown."""
    if any(flown):
        raise ScoringInputError("win.flown_before_dealt", token=str(flown))


def check_kong_chain(melds: Sequence[Meld], kong_chain: int) -> None:
    """A 杠开 chain counts the winner's four-tile kongs: a 跌宝杠 draws no replacement, so it
    neither gives 杠开 nor counts in the chain (the rule book §4, §5)."""
    four = sum(1 for m in melds if m.kind.draws_replacement)
    if four == 0:
        raise ImpossibleHandError("no_kong_for_gangkai", "win.gangkai_no_kong", token="kong")
    if not 1 <= kong_chain <= four:
        raise ImpossibleHandError(
            "kong_chain", "win.bad_kong_chain", token=str(kong_chain), n=kong_chain, kongs=four
        )


def check_bao_tally(
    flown: Sequence[int],
    bonuses: Sequence[Bonus],
    *,
    winner: int | None = None,
    winner_bao: int = 0,
    exact: bool = True,
) -> bool:
    """Refuse a 宝 count no hand can have (rule book §10): more than four 宝 in all, a
    四个宝 while another player holds or flew a 宝, a 接宝 where the receiver cannot have drawn
    three while another player discarded the fourth, both together.

    ``flown[j]``: 宝 seat j discarded; ``winner_bao``: 宝 in the winner's hand and melds (a 宝
    standing for itself in a chi, a concealed kong of 宝 as four) — with ``exact`` False only a
    lower bound (the pattern scorer knows no tiles); other seats' hands are not known. Returns
    True when the winner's own 宝 (held and flown) add up to four while 四个宝 was not named for
    them: that is 四个宝 all the same, to be added once."""
    total = sum(flown) + winner_bao
    if total > 4:
        token = str(list(flown))
        if winner_bao:
            raise ImpossibleHandError(
                "too_many_bao",
                "win.too_many_bao",
                token=token,
                flown=sum(flown),
                held=winner_bao,
                total=total,
            )
        raise ImpossibleHandError(
            "too_many_bao", "win.too_many_flown", token=token, flown=sum(flown)
        )
    own = winner_bao + flown[winner] if winner is not None else 0
    named = {b.seat for b in bonuses if b.kind is BonusKind.SIGEBAO}
    implied = winner is not None and own == 4
    jiebao = [b.seat for b in bonuses if b.kind is BonusKind.JIEBAO]
    if jiebao and (named or implied):
        raise ImpossibleHandError("jiebao_and_sigebao", "win.jiebao_and_sigebao", token="jiebao")
    for s in named | ({winner} if implied and winner is not None else set()):
        if any(flown[j] for j in range(SEATS) if j != s):
            raise ImpossibleHandError(
                "sigebao_elsewhere", "win.sigebao_flown_elsewhere", token="sigebao"
            )
        if s != winner and winner_bao:
            raise ImpossibleHandError(
                "sigebao_elsewhere", "win.sigebao_winner_holds", token="sigebao", n=winner_bao
            )
        if s == winner and exact and own != 4:
            raise ImpossibleHandError("sigebao_short", "win.sigebao_short", token="sigebao", n=own)
    for r in jiebao:
        others_flown = sum(flown[j] for j in range(SEATS) if j != r)
        if others_flown == 0:
            raise ImpossibleHandError("jiebao_no_fourth", "win.jiebao_no_fourth", token="jiebao")
        others = others_flown + (winner_bao if winner is not None and winner != r else 0)
        if others > 1:
            raise ImpossibleHandError(
                "jiebao_too_many", "win.jiebao_too_many", token="jiebao", n=others
            )
        if r == winner and (own != 3 if exact else own > 3):
            raise ImpossibleHandError(
                "jiebao_not_three", "win.jiebao_not_three", token="jiebao", n=own
            )
    return implied and winner not in named


def check_robbing_allowed(rules: RuleSet) -> None:
    """抢杠 exists only under ``shangrao`` with the ``qiang_gang`` switch on (§4, §8)."""
    if not rules.robbing_allowed:
        raise ScoringInputError(
            "win.rob_baike" if rules.preset is Preset.BAIKE else "win.rob_off", token="rob"
        )


def check_bonuses(bonuses: Sequence[Bonus]) -> None:
    """Refuse bonus events no hand can have: a seat outside 0-3, more than four kongs for one
    player, more than one 接宝 or 四个宝, or both (the fourth 宝 is discarded or drawn, not
    both)."""
    for b in bonuses:
        if not 0 <= b.seat < SEATS:
            raise ScoringInputError("bonus.bad_seat", token=str(b.seat), seat=b.seat)
    kinds = [b.kind for b in bonuses]
    if kinds.count(BonusKind.SIGEBAO) > 1:
        raise ScoringInputError("bonus.two_sigebao", token="sigebao")
    if kinds.count(BonusKind.JIEBAO) > 1:
        raise ScoringInputError("bonus.two_jiebao", token="jiebao")
    if BonusKind.JIEBAO in kinds and BonusKind.SIGEBAO in kinds:
        raise ImpossibleHandError("jiebao_and_sigebao", "win.jiebao_and_sigebao", token="jiebao")
    for seat in range(SEATS):
        kongs = sum(
            1
            for b in bonuses
            if b.seat == seat and b.kind in (BonusKind.MINGGANG, BonusKind.ANGANG)
        )
        if kongs > 4:
            raise ScoringInputError("bonus.too_many_kongs", token=str(seat), n=kongs, seat=seat)
