"""Every refusal and reason of the core reaches a Chinese player in Chinese: keyed, never an
English sentence translated afterwards.

Proven two ways:

* statically — every refusal the core sources raise (and every phrase they return) names a
  catalog key with a literal string, never an English sentence or an f-string, so there is no
  text the catalogs do not hold;
* dynamically — hypothesis drives the real producers (tile parser, scorer, engine states with
  random legal and illegal actions, pattern scorer, command parser, table config) and every
  refusal or reason they produce is a keyed phrase that comes out in Chinese for zh-CN and zh-TW:
  once what the player typed is taken out, no English word is left but the few the player types
  (``mpsz``, ``chi``, ``pong``, ``help`` …), and each script uses its own characters.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot import catalog
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.typed_moves import parse_command
from shangrao_bot.engine.views import view_for
from shangrao_bot.errors import Phrase, Refusal
from shangrao_bot.rules.errors import RulesError, TileParseError
from shangrao_bot.rules.quick import QuickInput, quick_patterns, score_quick
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, WinHow, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.tiles import (
    HONOR_START,
    NUM_KINDS,
    Meld,
    MeldKind,
    indicator_from_bao,
    parse_melds,
    parse_tile,
    parse_tiles,
    tile_str,
)
from shangrao_bot.service.config import ServiceConfig, rules_for, table_config
from shangrao_bot.service.errors import BadTableConfig, IllegalMove, NotYourTurnError
from shangrao_bot.service.moment import apply_checked
from shangrao_bot.store.guilds import GuildSettings
from shangrao_bot.ui.errors import message_for
from tests.engine.builders import cmd, copy_state, make_setup, make_state, pass_all
from tests.engine.test_kongs import BASE, _to_bugang
from tests.engine.test_properties import clumpy_hands

ROOT = Path(__file__).resolve().parents[1]
ZH = ("zh-CN", "zh-TW")

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# English words a Chinese message may keep: what players type (commands, notation, options).
ALLOWED_ASCII = {
    "mpsz", "chi", "pong", "kong", "pass", "hu", "help", "win", "flown", "bonus", "robbed",
    "shangrao", "baike", "easy", "normal", "hard", "AI", "finish_hand",
}  # fmt: skip
# Characters that exist only in simplified (resp. traditional) writing, among those used here.
SIMPLIFIED_ONLY = set(
    "宝杠这说无对张们个请没还后里经选开关发东万条补抢飞连应该数为时凑赢奖计结进谁别两种与样组"
    "顺写输钮号轮庄间将烂头调单双华饶墙过给难场读点码从边么认"
)
TRADITIONAL_ONLY = set(
    "寶槓這說無對張們個請沒還後裡經選開關發東萬條補搶飛連應該數為時湊贏獎計結進誰別兩種與樣組"
    "順寫輸鈕號輪莊間將爛頭調單雙華饒牆過給難場讀點碼從邊麼認"
)


# --- what "in Chinese" means -------------------------------------------------------------------


def _typed_values(said: Phrase) -> Iterator[str]:
    """The arguments quoted back as the player typed them (plain strings, also inside nested
    phrases): those may hold any text, English included."""
    for value in said.args.values():
        if isinstance(value, Phrase):
            yield from _typed_values(value)
        elif isinstance(value, str):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from (str(v) for v in value)


def assert_translated(said: Phrase | Refusal | str | None) -> None:
    """``said`` is a keyed phrase (or refusal) that comes out fully Chinese in zh-CN and zh-TW."""
    if isinstance(said, Refusal):
        said = said.phrase
    assert isinstance(said, Phrase), f"an English sentence without a key: {said!r}"
    assert catalog.has(said.key), said.key
    for lang in ZH:
        zh = said.in_lang(lang)
        assert zh != str(said) or not re.search(r"[A-Za-z]{3,}", zh), (lang, said)
        rest = zh
        for value in sorted(set(_typed_values(said)), key=len, reverse=True):
            if value:  # only where it is quoted back, as the player typed it
                v = re.escape(value)
                rest = re.sub(rf"(?<=[“「]){v}|{v}(?=[”」])", " ", rest)
        left = set(re.findall(r"[A-Za-z_]{2,}", rest)) - ALLOWED_ASCII
        assert not left, f"{lang}: English left in {zh!r} (from {said!r}): {left}"
        wrong = (SIMPLIFIED_ONLY if lang == "zh-TW" else TRADITIONAL_ONLY) & set(rest)
        assert not wrong, f"{lang}: {sorted(wrong)} in {zh!r} (from {said!r})"


# --- static: the core raises keys, not sentences -----------------------------------------------

CORE = ("shangrao_bot/rules", "shangrao_bot/engine", "shangrao_bot/store", "shangrao_bot/service")
KEYED = {
    "Phrase",
    "Refusal",
    "RulesError",
    "TileParseError",
    "HandError",
    "ScoringInputError",
    "EngineError",
    "NotYourTurn",
    "IllegalAction",
    "StateFormatError",
    "StoreError",
    "NotFound",
    "InvalidRecord",
    "UniqueViolation",
    "LogMovedOn",
    "ScoreError",
}


def _sources() -> list[Path]:
    found: list[Path] = []
    for part in CORE:
        path = ROOT / part
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def keyed_calls() -> Iterator[tuple[str, ast.expr]]:
    """(where, the key argument) of every call that makes a refusal or a phrase in the core."""
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in KEYED and name != "ImpossibleHandError":
                continue
            args = node.args[1:] if name == "ImpossibleHandError" else node.args
            if args:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", args[0]


def test_the_core_raises_catalog_keys_never_sentences() -> None:
    calls = list(keyed_calls())
    assert len(calls) > 150
    bad = []
    for where, key in calls:
        if isinstance(key, ast.JoinedStr):
            bad.append(f"{where}: an f-string")
        elif (
            isinstance(key, ast.Constant)
            and isinstance(key.value, str)
            and not catalog.has(key.value)
        ):
            bad.append(f"{where}: {key.value!r} is not a catalog key")
    assert bad == []


# --- through the one error path ----------------------------------------------------------------


def _is_chinese_only(text: str) -> bool:
    return not (set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED_ASCII)


def test_message_for_writes_the_reason_of_an_engine_refusal_in_chinese() -> None:
    state = HandState(RuleSet(), bytes(32), dealer=0)
    other = (state.current + 1) % 4
    with pytest.raises(NotYourTurnError) as not_yours:
        apply_checked(state, Action(other, ActionKind.DISCARD, state.concealed(other)[0]))
    assert message_for(not_yours.value, "en") == ("Not now: it is East (seat 0)'s turn, not yours")
    assert message_for(not_yours.value, "zh-CN") == "现在不行：轮到东家（0 号座位）了，还没轮到你"
    assert message_for(not_yours.value, "zh-TW") == "現在不行：輪到東家（0 號座位）了，還沒輪到你"
    with pytest.raises(IllegalMove) as illegal:
        apply_checked(state, Action(state.current, ActionKind.PASS))
    zh = message_for(illegal.value, "zh-CN")
    assert zh == "不能这样出牌：没有什么可以过的：现在轮到你，请打一张牌"
    assert _is_chinese_only(zh)


def test_message_for_writes_bad_input_reasons_in_chinese() -> None:
    with pytest.raises(TileParseError) as bad:
        parse_tiles("123m 0p")
    error = Refusal("score.bad_input", reason=bad.value.phrase)
    assert message_for(error, "zh-CN") == "输入有误：“0p”不是牌：点数只能是 1-9"
    assert message_for(error, "en") == "'0p' is not a tile: ranks are 1-9"
    with pytest.raises(TileParseError) as unclosed:
        parse_melds("[12m")
    assert message_for(unclosed.value, "zh-TW") == "「[12m」缺少右括號「]」"
    state = HandState(RuleSet(), bytes(32), dealer=0)
    not_win = Refusal("score.not_win", reason=state.why_not_win(state.current))
    assert message_for(not_win, "zh-CN") == "不算胡：你的牌还没成胡"
    with pytest.raises(BadTableConfig) as config:
        table_config(ServiceConfig(max_hands=64), RuleSet(), 99, None, None)
    assert message_for(config.value, "zh-CN") == "牌桌设置无效：99 手不行：请用 1 到 64 手"
    assert message_for(Refusal("table.not_seated"), "zh-CN") == "你没有坐在这张牌桌。"


# --- dynamic: the real producers under hypothesis -----------------------------------------------

tile_text = st.text(
    alphabet=st.sampled_from(
        list("0123456789mpszMPSZESWNFC []()（）【】,万筒条东南西北中发白一九x ")
    ),
    max_size=40,
)
# tokens that look like tiles and melds, so the parser's deeper messages come often
tile_token = st.builds(
    lambda digits, suit: digits + suit,
    st.text(alphabet="0123456789", max_size=4),
    st.sampled_from(["m", "p", "s", "z", "x", "万", "条", ""]),
)
meld_token = st.builds(
    lambda open_, body, close: open_ + body + close,
    st.sampled_from(["[", "(", "【", "（"]),
    tile_token,
    st.sampled_from(["]", ")", "】", "）", ""]),
)
tileish = st.lists(st.one_of(tile_token, meld_token, tile_text), max_size=4).map(" ".join)


@FUZZ
@given(st.one_of(tileish, tile_text, st.text(max_size=30)))
def test_tile_parser_messages_are_translated(text: str) -> None:
    for parse in (parse_tiles, parse_melds, parse_tile):
        try:
            parse(text)
        except TileParseError as err:
            assert_translated(err)


class _Pool:
    """The tiles still free for one hand: four of a kind, three of the face-up indicator's."""

    def __init__(self, rng: random.Random, bao: int) -> None:
        self.rng, self.bao = rng, bao
        self.left = [4] * NUM_KINDS
        self.left[indicator_from_bao(bao)] = 3

    def take(self, tiles: list[int]) -> list[int] | None:
        need = [tiles.count(k) for k in range(NUM_KINDS)]
        if any(n > self.left[k] for k, n in enumerate(need)):
            return None
        for k, n in enumerate(need):
            self.left[k] -= n
        return tiles

    def group(self) -> list[int]:
        """A sequence or a triplet still in the pool (a pair at the worst)."""
        for _ in range(50):
            if self.rng.random() < 0.5:
                low = self.rng.randrange(3) * 9 + self.rng.randrange(7)
                got = self.take([low, low + 1, low + 2])
            else:
                got = self.take([self.rng.randrange(NUM_KINDS)] * 3)
            if got is not None:
                return got
        raise AssertionError("no group left")  # unreachable for at most five groups

    def pair(self) -> list[int]:
        while True:
            got = self.take([self.rng.randrange(NUM_KINDS)] * 2)
            if got is not None:
                return got


def _meld(pool: _Pool) -> Meld | None:
    rng, bao = pool.rng, pool.bao
    ind = indicator_from_bao(bao)
    kind = rng.choice(list(MeldKind))
    k = rng.randrange(NUM_KINDS)
    if kind is MeldKind.CHI:
        low = rng.randrange(3) * 9 + rng.randrange(7)
        got = pool.take([low, low + 1, low + 2])
    elif kind is MeldKind.KONG_INDICATOR:
        got = pool.take([ind] * 3)
    elif kind is MeldKind.KONG_CONCEALED:
        got = pool.take([k] * 4)
    elif k == bao:  # a pong or exposed kong of 宝 cannot exist
        return None
    else:
        got = pool.take([k] * (3 if kind is MeldKind.PONG else 4))
    return None if got is None else Meld(kind, tuple(got))


SCORER_FAULTS = [
    "five_copies", "size", "too_many_melds", "bao_pong", "indicator_four", "bad_indicator_kong",
    "flown_shape", "flown_sum", "sigebao_twice", "winner", "no_winning_tile", "not_in_hand",
    "kong_chain", "bonus_seat", "own_kong_bonus", "robbed_seat", "rob_bao", "rob_indicator",
    "rob_held", "flown_winner",
]  # fmt: skip


@st.composite
def win_inputs(draw: st.DrawFn) -> WinInput:
    """A possible hand (mostly complete, some 宝 acting, some melds) won some way, with at most
    one thing made wrong, so that each of the scorer's checks gets its turn."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    fault = draw(st.one_of(st.none(), st.sampled_from(SCORER_FAULTS)))
    rob = fault is not None and fault.startswith("rob")
    how = WinHow.ROB if rob else draw(st.sampled_from(list(WinHow)))
    bao = rng.randrange(NUM_KINDS)
    ind = indicator_from_bao(bao)
    pool = _Pool(rng, bao)
    meld_list = [m for m in (_meld(pool) for _ in range(rng.choice([0, 0, 1, 2]))) if m]
    if how in (WinHow.KONG,) and not any(m.kind.is_kong for m in meld_list):
        got = pool.take([ind] * 3)
        if got is not None and rng.random() < 0.8:
            meld_list.append(Meld(MeldKind.KONG_INDICATOR, tuple(got)))
    concealed: list[int] = []
    if not meld_list and rng.random() < 0.2:
        for _ in range(7):
            concealed += pool.pair()
    else:
        for _ in range(4 - len(meld_list)):
            concealed += pool.group()
        concealed += pool.pair()
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):  # 宝 acting for other tiles
        if pool.left[bao]:
            pool.left[bao] -= 1
            concealed[rng.randrange(len(concealed))] = bao
    if rng.random() < 0.15:  # one tile off: not complete
        concealed[rng.randrange(len(concealed))] = rng.randrange(NUM_KINDS)
    concealed.sort()
    winning: int | None = rng.choice(concealed)
    flown = [0, 0, 0, 0]
    bonuses: list[Bonus] = []
    winner, robbed, chain = 0, rng.choice([1, 2, 3]), 1
    if how is WinHow.KONG:
        chain = rng.randint(1, max(1, sum(m.kind.is_kong for m in meld_list)))
    if fault == "five_copies":
        concealed[:5] = [concealed[0]] * 5
    elif fault == "size":
        concealed.pop()
    elif fault == "too_many_melds":
        meld_list += [Meld(MeldKind.CHI, (0, 1, 2))] * (5 - len(meld_list))
    elif fault == "bao_pong":
        meld_list.append(Meld(MeldKind.PONG, (bao,) * 3))
        concealed = concealed[3:]
    elif fault == "indicator_four":
        concealed[:4] = [ind] * 4
    elif fault == "bad_indicator_kong":
        meld_list.append(Meld(MeldKind.KONG_INDICATOR, ((ind + 1) % NUM_KINDS,) * 3))
        concealed = concealed[3:]
    elif fault == "flown_shape":
        flown = rng.choice([[0, 0, 0], [0, 5, 0, 0], [-1, 0, 0, 0]])
    elif fault == "flown_sum":
        flown = [4, 0, 0, 0]
    elif fault == "flown_winner":
        flown = [rng.choice([0, 1]), rng.choice([0, 1]), 0, 0]
    elif fault == "sigebao_twice":
        bonuses = [Bonus(1, BonusKind.SIGEBAO), Bonus(2, BonusKind.SIGEBAO)]
    elif fault == "winner":
        winner = rng.choice([-1, 4])
    elif fault == "no_winning_tile":
        winning = None
    elif fault == "not_in_hand":
        winning = next(k for k in range(NUM_KINDS) if k not in concealed)
    elif fault == "kong_chain":
        chain = rng.choice([0, 5])
    elif fault == "bonus_seat":
        bonuses = [Bonus(rng.choice([-1, 4]), BonusKind.JIEBAO)]
    elif fault == "own_kong_bonus":
        bonuses = [Bonus(0, rng.choice([BonusKind.MINGGANG, BonusKind.ANGANG]))]
    elif fault == "robbed_seat":
        robbed = rng.choice([0, -1, 4])
    elif fault == "rob_bao":
        winning = bao
        concealed[0] = bao
    elif fault == "rob_indicator":
        winning = ind
        concealed[0] = ind
    elif fault == "rob_held":
        winning = concealed[0]
        concealed[1] = concealed[0]
    concealed.sort()
    return WinInput(
        concealed=tuple(concealed),
        bao=bao,
        winning_tile=winning,
        melds=tuple(meld_list),
        how=how,
        kong_chain=chain,
        robbed_seat=robbed if how is WinHow.ROB or rng.random() < 0.1 else None,
        winner=winner,
        flown=tuple(flown),
        bonuses=tuple(bonuses),
    )


rule_sets = st.builds(
    RuleSet,
    preset=st.sampled_from(list(Preset)),
    stake=st.integers(1, 3),
    indicator_kong=st.booleans(),
    di_hu=st.booleans(),
    qiang_gang=st.booleans(),
    baike_loose_baodiao=st.booleans(),
    rob_with_bao=st.booleans(),
)


@st.composite
def scorer_cases(draw: st.DrawFn) -> tuple[WinInput, RuleSet]:
    """A hand and the rules it is scored under (robbing allowed when the hand robs a kong)."""
    inp = draw(win_inputs())
    rules = draw(rule_sets)
    if inp.how is WinHow.ROB and draw(st.integers(0, 3)):
        rules = dataclasses.replace(rules, preset=Preset.SHANGRAO, qiang_gang=True)
    return inp, rules


@pytest.mark.slow
@settings(FUZZ, max_examples=300)
@given(scorer_cases())
def test_scorer_messages_are_translated(case: tuple[WinInput, RuleSet]) -> None:
    inp, rules = case
    try:
        result = score_win(inp, rules)
    except RulesError as err:
        assert_translated(err)
        return
    if result.winning:
        for m in result.modifiers:
            if m.note:
                assert_translated(m.note)
    else:
        assert result.reason
        assert_translated(result.reason)


def test_scorer_reasons_of_allowed_shapes_are_translated() -> None:
    """The reasons of complete hands a preset refuses (hard to reach by chance)."""
    bao = parse_tile("5m")
    youbao_pinghu = WinInput(tuple(parse_tiles("5m23m456p789s111z22z")), bao, parse_tile("2z"))
    baike = RuleSet(Preset.BAIKE)
    for inp, rules in ((youbao_pinghu, RuleSet()), (youbao_pinghu, baike)):
        result = score_win(inp, rules)
        assert not result.winning and result.reason
        assert_translated(result.reason)
    draw = score_draw([], RuleSet()).reason
    assert draw is not None
    assert_translated(draw)


def _candidates(state: HandState, rng: random.Random) -> list[Action]:
    """Actions worth trying now: every kind from every seat, with sensible and silly tiles."""
    tiles: list[int | None] = [None, -1, rng.randrange(NUM_KINDS), state.claim_tile]
    if state.phase is Phase.TURN:
        tiles += [k for k in range(NUM_KINDS) if state.hands[state.current][k] >= 1][:3]
    out = []
    for seat in (0, 1, 2, 3, rng.choice([-1, 4])):
        for kind in ActionKind:
            tile = rng.choice(tiles)
            seq: tuple[int, ...] = ()
            if kind is ActionKind.CHI or rng.random() < 0.1:
                low = rng.randrange(HONOR_START - 2)
                seq = (low, low + 1, low + 2)
            out.append(Action(seat, kind, tile, seq))
    return out


def _refusals(state: HandState, rng: random.Random) -> Iterator[str]:
    for seat in range(4):
        yield state.why_not_win(seat)
    for a in _candidates(state, rng):
        if 0 <= a.seat < 4 and a in state.legal_actions(a.seat):
            continue
        try:
            state.apply(a)
        except (IllegalAction, NotYourTurn) as exc:
            yield exc.phrase
        else:  # a legal move after all (a claim naming no tile): the game moved on
            return


def _play(state: HandState, choices: int) -> set[str]:
    rng = random.Random(choices)
    seen: set[str] = set()
    steps = 0
    while not state.over and steps < 400:
        seen.update(_refusals(state, rng))
        if state.over:
            break
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        calls = [a for a in legal if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)]
        state.apply(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(legal))
        steps += 1
    seen.update(_refusals(state, rng))
    return seen


@GAMES
@given(
    rules=rule_sets,
    seed=st.binary(min_size=32, max_size=32),
    dealer=st.integers(0, 3),
    choices=st.integers(0, 2**32 - 1),
    clumpy=st.booleans(),
)
def test_engine_refusals_are_translated(
    rules: RuleSet, seed: bytes, dealer: int, choices: int, clumpy: bool
) -> None:
    if clumpy:  # pongs, kongs, 补杠 and 抢杠 windows come often
        rng = random.Random(seed)
        setup = make_setup(clumpy_hands(rng, dealer), dealer, filler_seed=rng.randrange(99))
        state = HandState(rules, setup=setup)
    else:
        state = HandState(rules, seed, dealer)
    for message in _play(state, choices):
        assert_translated(message)


def test_rob_window_and_indicator_kong_refusals_are_translated() -> None:
    """Moments random games rarely reach: a 补杠 that may be robbed, a 跌宝杠 that took the
    drawn tile (the hands of tests/engine/test_kongs.py)."""
    messages: set[str] = set()
    state = _to_bugang()
    cmd(state, 2, "bugang 5s")
    assert state.phase is Phase.ROB
    for seat, text in ((0, "hu"), (3, "pong"), (3, "d 1s"), (1, "pong")):
        with pytest.raises((IllegalAction, NotYourTurn)) as err:
            cmd(state, seat, text)
        messages.add(err.value.phrase)
    messages.update(state.why_not_win(seat) for seat in range(4))
    hands = {**BASE, 1: "77z123m456p789s1z1z", 0: "1m1m4m2p5p8p3s6s9s2z3z5z5z4m"}
    hands[3] = "5m4m9m9p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0, draws="7z")
    cmd(state, 0, "d 4m")
    pass_all(state)
    cmd(state, 1, "angang 7z")
    messages.add(state.why_not_win(1))
    assert any("跌宝杠" in m for m in messages) and any("rob" in m for m in messages)
    for message in messages:
        assert_translated(message)


def test_engine_setup_and_session_refusals_are_translated() -> None:
    messages: list[str] = []
    for attempt in (
        lambda: HandState(RuleSet(), bytes(32), dealer=7),
        lambda: Session(RuleSet(), hands=0),
        lambda: Session(RuleSet()).finish_hand(),
    ):
        with pytest.raises(IllegalAction) as err:
            attempt()
        messages.append(err.value.phrase)
    session = Session(RuleSet(), hands=1, seed_source=seeded_source("core-text"))
    hand = session.start_hand()
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(err.value.phrase)
    _play(hand, 1)
    with pytest.raises(IllegalAction) as err:
        hand.apply(Action(0, ActionKind.PASS))
    messages.append(err.value.phrase)
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(err.value.phrase)
    session.finish_hand()
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(err.value.phrase)
    assert len(set(messages)) == len(messages)
    for message in messages:
        assert_translated(message)


def _views() -> list[tuple[HandState, int]]:
    """Moments of clumpy games to type commands at: claim windows, several chi, several kongs
    (where the command parser has the most to say), and some plain turns."""
    out: list[tuple[HandState, int]] = []
    plain = 0
    for game in range(40):
        rng = random.Random(game)
        setup = make_setup(clumpy_hands(rng, game % 4), game % 4, filler_seed=game)
        state = HandState(RuleSet(), setup=setup)
        while not state.over and len(out) < 40:
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            chis = sum(a.kind is ActionKind.CHI for a in legal)
            kongs = sum(a.kind in (ActionKind.ANGANG, ActionKind.BUGANG) for a in legal)
            if chis > 1 or kongs > 1 or state.phase is not Phase.TURN or plain < 5:
                plain += state.phase is Phase.TURN and chis < 2 and kongs < 2
                out.append((copy_state(state), seat))
            calls = [a for a in legal if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)]
            state.apply(rng.choice(calls) if calls and rng.random() < 0.5 else rng.choice(legal))
    return out


VIEWS = [view_for(state, seat) for state, seat in _views()]
VIEWS.append(view_for(make_state({0: "1111m2222p345s1z56z"}, 0), 0))  # two kongs to choose
TYPED = [
    *("chi", "chi 12", "chi 1m2m3m4m", "chi 0m", "kong", "kong 0m", "kong 1m", "pong 9s"),
    *("hu 9s", "pass 1m", "d", "d 5m5m", "d 0m", "x", "", "d" * 201, "hu E", "pong 五万"),
]


def test_typical_command_parser_errors_are_translated() -> None:
    errors = {e for v in VIEWS for line in TYPED if (e := parse_command(line, v).error)}
    assert any(e.startswith("several chi") for e in errors)
    assert any(e.startswith("several kongs") for e in errors)
    assert any(e.startswith("the tile on offer") for e in errors)
    for error in errors:
        assert_translated(error)


command_text = st.one_of(
    st.text(max_size=12),
    st.builds(
        lambda verb, rest: f"{verb} {rest}",
        st.sampled_from(["d", "chi", "pong", "kong", "hu", "pass", "打", "碰", "杠", "x"]),
        st.one_of(
            st.sampled_from(["", "5m", "12m", "123m", "7z", "五万", "x", "0m", "1m 2m", "E"]),
            tile_text,
        ),
    ),
    st.just(" "),
    st.just("d" * 201),
)


@FUZZ
@given(command_text, st.integers(0, len(VIEWS) - 1))
def test_command_parser_errors_are_translated(line: str, which: int) -> None:
    command = parse_command(line, VIEWS[which])
    if command.error is not None:
        assert_translated(command.error)


@FUZZ
@given(
    st.one_of(st.none(), st.integers(-5, 100)),
    st.one_of(st.none(), st.integers(-5, 1000), st.floats(-1e4, 1e4, allow_nan=False)),
    st.one_of(st.none(), st.integers(-5, 500), st.floats(-1e4, 1e4, allow_nan=False)),
    st.text(max_size=10),
)
def test_table_config_reasons_are_translated(
    hands: int | None, turn: float | None, claim: float | None, preset: str
) -> None:
    try:
        table_config(ServiceConfig(), RuleSet(), hands, turn, claim)
    except BadTableConfig as err:
        assert_translated(err.args_["reason"])
    try:
        rules_for(GuildSettings(1), preset)
    except BadTableConfig as err:
        assert_translated(err.args_["reason"])


@st.composite
def quick_cases(draw: st.DrawFn) -> tuple[QuickInput, RuleSet]:
    """A hand described by pattern and flags (``/score quick``), mostly sensible."""
    rules = draw(rule_sets)
    patterns = quick_patterns(rules.preset)
    pattern = draw(st.one_of(*[st.sampled_from(patterns)] * 5, st.text(max_size=5)))
    fault = draw(st.sampled_from([None] * 6 + ["winner", "flown", "flown_sum", "bonus"]))
    return (
        QuickInput(
            pattern=pattern,
            winner={"winner": 4}.get(fault or "", 0),
            how=draw(st.sampled_from(list(WinHow))),
            kong_chain=draw(st.sampled_from([1, 2, 0, 5])),
            robbed_seat=draw(st.sampled_from([1, 2, None, 0, 4])),
            dandiao=draw(st.booleans()),
            yaojiu=draw(st.booleans()),
            flown={"flown": (5,), "flown_sum": (3, 2, 0, 0)}.get(
                fault or "", draw(st.sampled_from([(0, 0, 0, 0), (1, 0, 0, 0)]))
            ),
            bonuses={"bonus": (Bonus(4, BonusKind.JIEBAO),)}.get(fault or "", ()),
        ),
        rules,
    )


@FUZZ
@given(quick_cases())
def test_quick_scorer_messages_are_translated(case: tuple[QuickInput, RuleSet]) -> None:
    inp, rules = case
    try:
        result = score_quick(inp, rules)
    except RulesError as err:
        assert_translated(err)
        return
    for m in result.modifiers:
        if m.note:
            assert_translated(m.note)


@FUZZ
@given(st.integers(-3, 0), st.text(max_size=10))
def test_rule_set_and_ai_refusals_are_translated(stake: int, name: str) -> None:
    for attempt in (
        lambda: RuleSet(stake=stake),
        lambda: RuleSet.from_name(name),
        lambda: make_ai(name, random.Random(0)),
    ):
        try:
            attempt()
        except ValueError as err:
            assert_translated(err)


def test_the_indicator_rules_of_hand_validation_are_translated() -> None:
    """HandError sentences that need a particular 宝 and indicator."""
    bao = parse_tile("5m")
    ind = indicator_from_bao(bao)
    four = [ind] * 4 + parse_tiles("123p456p789s11z")
    for inp in (
        WinInput(tuple(four), bao, ind),
        WinInput(
            tuple(parse_tiles("123p456p789s11z")),
            bao,
            parse_tile("1z"),
            melds=(Meld(MeldKind.PONG, (bao,) * 3),),
        ),
        WinInput(
            tuple(parse_tiles("123p456p789s11z")),
            bao,
            parse_tile("1z"),
            melds=(Meld(MeldKind.KONG_INDICATOR, (parse_tile("9s"),) * 3),),
        ),
    ):
        with pytest.raises(RulesError) as err:
            score_win(inp)
        assert_translated(err.value)
    assert tile_str(ind) == "4m"
