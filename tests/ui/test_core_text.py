"""The core's English refusals reach Chinese players in Chinese (:mod:`shangrao_bot.ui.core_text`).

Completeness is proven two ways:

* statically — every English sentence literal of the core sources (f-strings filled with a
  sample per placeholder, ``if``/``else`` fragments expanded) must be matched by exactly one
  catalog entry, and every catalog entry must be the translation of some such sentence; a
  string that is not a player-facing message (an assertion, a log line, a damaged save) is
  skipped by name below, with the reason;
* dynamically — hypothesis drives the real producers (tile parser, scorer, engine states with
  random legal and illegal actions, pattern scorer, command parser, table config) and
  every message they produce must come out translated for zh-CN and zh-TW.

"Translated" means: a catalog entry matches, the Chinese differs from the English, and, once
what the player typed is taken out, no English word is left but the few the player types
(``mpsz``, ``chi``, ``pong``, ``help`` …).
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import HandState, Phase
from shangrao_bot.engine.typed_moves import parse_command
from shangrao_bot.engine.views import view_for
from shangrao_bot.errors import UserError
from shangrao_bot.rules.errors import RulesError, TileParseError
from shangrao_bot.rules.quick import QuickInput, quick_patterns, score_quick
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import Bonus, BonusKind, WinHow, WinInput, score_draw, score_win
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
from shangrao_bot.service.flow import apply_checked
from shangrao_bot.store.guilds import GuildSettings
from shangrao_bot.ui import core_text
from shangrao_bot.ui.core_text import CATALOG, localize_reason
from shangrao_bot.ui.errors import message_for
from tests.engine.builders import cmd, copy_state, make_setup, make_state, pass_all
from tests.engine.test_kongs import BASE, _to_bugang
from tests.engine.test_properties import clumpy_hands

ROOT = Path(__file__).resolve().parents[2]
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


# --- what "translated" means -------------------------------------------------------------------


def _typed_values(english: str, lang: str) -> Iterator[str]:
    """The captured values the translation quotes back as the player typed them (also inside
    nested reasons): those may hold any text, English included."""
    found = core_text.match(english)
    if found is None:
        return
    entry, m = found
    template = entry.template(lang)
    for name, value in m.groupdict(default="").items():
        if not value:
            continue
        if name.rstrip("0123456789") == "reason":  # a core sentence inside the sentence
            yield from _typed_values(value, lang)
        elif re.search(r"[“「][^”」]*\{" + name + r"\}", template):
            yield value


def assert_translated(english: str) -> None:
    """``english`` has a catalog entry and comes out fully Chinese in zh-CN and zh-TW."""
    assert core_text.match(english) is not None, f"no catalog entry for {english!r}"
    assert localize_reason(english, "en") == english
    for lang in ZH:
        zh = localize_reason(english, lang)
        assert zh != english, (lang, english)
        rest = zh
        for value in sorted(_typed_values(english, lang), key=len, reverse=True):
            v = re.escape(value)  # only where it is quoted back
            rest = re.sub(rf"(?<=[“「]){v}|{v}(?=[”」])", " ", rest)
        left = set(re.findall(r"[A-Za-z_]{2,}", rest)) - ALLOWED_ASCII
        assert not left, f"{lang}: English left in {zh!r} (from {english!r}): {left}"
        wrong = (SIMPLIFIED_ONLY if lang == "zh-TW" else TRADITIONAL_ONLY) & set(rest)
        assert not wrong, f"{lang}: {sorted(wrong)} in {zh!r} (from {english!r})"


# --- static enumeration of the core's sentences ------------------------------------------------

# Files whose strings reach players; None = the whole file, else only these functions.
# (cli.py is left out: its own errors are printed for the terminal, in English.)
SOURCES: dict[str, set[str] | None] = {
    "shangrao_bot/rules/tiles.py": None,
    "shangrao_bot/rules/hand.py": None,
    "shangrao_bot/rules/scoring.py": None,
    "shangrao_bot/rules/ruleset.py": None,
    "shangrao_bot/rules/quick.py": None,
    "shangrao_bot/engine/state.py": None,
    "shangrao_bot/engine/session.py": None,
    "shangrao_bot/engine/actions.py": None,
    "shangrao_bot/engine/ai.py": None,
    "shangrao_bot/engine/levels.py": None,
    "shangrao_bot/engine/analysis.py": {"check_input"},  # /analyze's refusals
    "shangrao_bot/service/config.py": None,
    "shangrao_bot/service/tables.py": None,
    "shangrao_bot/service/flow.py": None,
    "shangrao_bot/service/lobby.py": None,
    "shangrao_bot/engine/typed_moves.py": None,
}
# Functions or assignments whose strings never reach a player, and why.
SKIPPED: dict[tuple[str, str], str] = {
    ("shangrao_bot/engine/state.py", "_deal"): "event detail (hash=… break=…), not prose",
    ("shangrao_bot/engine/session.py", "check"): "invariant report for tests and the CLI",
    ("shangrao_bot/engine/session.py", "from_dict"): "damaged save (StateFormatError)",
    ("shangrao_bot/engine/actions.py", "from_json"): "damaged save",
    ("shangrao_bot/play/commands.py", "HELP"): "the terminal game's help screen",
}
# Calls whose message never reaches a player: bugs, damaged saves, log lines (a
# StorageUnavailable's text is its detail for the log; the player reads its catalog message).
SKIPPED_CALLS = {
    "AssertionError",
    "RuntimeError",
    "StateFormatError",
    "WallError",
    "StorageUnavailable",
}
LOGGERS = {"log", "logger", "logging"}
# Variables, functions and helpers' arguments holding a fragment of a message (completed
# elsewhere), with the placeholders that carry it: each fragment must show in the samples of one
# of them, so the full sentences tested include it.
FRAGMENT_OF: dict[str, tuple[str, ...]] = {
    "limit": ("limit",),
    "where": ("where",),
    "melds_note": ("melds_note",),
    "seat_name": ("seat_name(self.current, self.dealer)",),
    "command": ("options", "' or '.join((a.command() for a in kongs))"),  # Action.command()
}
# The same for helpers that put their string arguments into a sentence.
FRAGMENT_ARGS: dict[str, tuple[str, ...]] = {
    "_one_tile": ("example",),  # "… — write one tile, e.g. {example}"
}

# One or more sample values per placeholder expression (ast.unparse of it), or per
# "file::expression" where one name means different things in different files.
SAMPLES: dict[str, list[str]] = {
    "inp.size": ["12"],
    "in_sight": ["1"],
    "str(inp.flown)": ["(0, -1, 0, 0)"],
    "inp.seat": ["4"],
    "tile_str(inp.bao)": ["5m"],
    "token": ["0m"],
    "limit": ["1-9", "1-7 for honours (z)"],
    "ch": ["x"],
    "word": ["hello"],
    "shangrao_bot/rules/hand.py::word": ["five", "9"],
    "text.strip()": ["55m"],
    "len(tiles)": ["2"],
    "text[i:]": ["[123m"],
    "closer": ["]"],
    "len(melds)": ["5"],
    "size": ["13"],
    "want": ["14", "13 or 14"],
    "need": ["11", "10, 11"],
    "melds_note": ["", " (with 1 melds the concealed part needs 10, 11)"],
    "tile_str(k)": ["5m"],
    "tile_str(ind)": ["4m"],
    "tile_str(bao)": ["5m"],
    "m.to_str()": ["[555m]", "(111m)"],
    "where": ["the indicator is 4m", "no 宝 given"],
    "tile_str(indicator_from_bao(bao))": ["4m"],
    "name": ["foo"],
    "shangrao_bot/rules/scoring.py::name": ["平胡 有宝自摸", "七对 清一色 宝调"],
    "sum(inp.flown)": ["3"],
    "held": ["2"],
    "sum(inp.flown) + held": ["5"],
    "inp.winner": ["4"],
    "inp.kong_chain": ["3"],
    "kong_chain": ["2"],
    "seat": ["2"],
    "flown": ["1"],
    "kongs": ["2"],
    "four": ["2"],
    "sum(flown)": ["5"],
    "winner_bao": ["2"],
    "total": ["5"],
    "own": ["3"],
    "others": ["2"],
    "shangrao_bot/rules/quick.py::name": ["天胡", "地胡"],
    "tile_str(inp.winning_tile)": ["5p"],
    "robbed": ["4m"],
    "held_robbed": ["2"],
    "b.seat": ["-1"],
    "sh + 1": ["2"],
    "f": ["1"],
    "self.stake": ["0"],
    "self.dealer": ["5"],
    "action.seat": ["4"],
    "seat_name(self.current, self.dealer)": ["East (seat 0)", "North (seat 3)"],
    "t": ["5m", "?"],
    "hands": ["0"],
    "level": ["hard"],
    "' or '.join(AI_LEVELS)": ["easy or normal"],
    "n": ["0"],
    "inp.pattern": ["天胡", "平胡 有宝自摸"],
    "rules.preset.value": ["shangrao", "baike"],
    "inp.robbed_seat": ["4"],
    "cfg.max_hands": ["64"],
    "turn": ["5"],
    "low": ["10"],
    "high": ["600"],
    "claim": ["1"],
    "cfg.min_claim_seconds": ["3"],
    "cfg.claim_seconds_max": ["120"],
    "request.strip()": ["hello"],
    "rest": ["12m"],
    "both_notations(offered)": ["5m (五万)"],
    "both_notations(tile)": ["6m (六万)"],
    "verb": ["pong", "hu"],
    "exc": ["'0m' is not a tile: ranks are 1-9", "'x' has no rank before it: write e.g. '5x'"],
    "example": ["d 5m or d 五万", "kong 7z"],
    "len(text)": ["201"],
    "shown": ["dance"],
    "options": ["chi 123m or chi 234m"],
    "' or '.join((a.command() for a in kongs))": ["kong 1m or kong 2m"],
}
_SENTENCE = re.compile(r"[A-Za-z]{3,}")


def _text_of(node: ast.expr) -> str:
    """The fixed text of a string expression (placeholders left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text_of(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _text_of(node.left) + _text_of(node.right)
    return ""


def _is_str(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add)
        and (_is_str(node.left) or _is_str(node.right))
    )


def _sample(node: ast.expr, where: str) -> list[str]:
    key = ast.unparse(node)
    in_file = f"{where.rsplit(':', 1)[0]}::{key}"  # a placeholder named alike elsewhere
    if in_file in SAMPLES:
        return SAMPLES[in_file]
    assert key in SAMPLES, f"{where}: add a sample for the placeholder `{key}` to SAMPLES"
    return SAMPLES[key]


def expand(node: ast.expr, where: str) -> list[str]:
    """Every sentence a string expression can give, placeholders filled from SAMPLES."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        # a placeholder written twice takes the same value in both places
        choices: dict[str, list[str]] = {}
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                value = v.value
                choices[ast.unparse(value)] = (
                    expand(value.body, where) + expand(value.orelse, where)
                    if isinstance(value, ast.IfExp)
                    else _sample(value, where)
                )
        out = []
        for combo in itertools.product(*choices.values()):
            chosen = dict(zip(choices, combo, strict=True))
            out.append(
                "".join(
                    str(v.value) if isinstance(v, ast.Constant) else chosen[ast.unparse(v.value)]
                    for v in node.values
                    if isinstance(v, ast.Constant | ast.FormattedValue)
                )
            )
        return out
    if isinstance(node, ast.BinOp) and _is_str(node):
        left = expand(node.left, where) if _is_str(node.left) else _sample(node.left, where)
        right = expand(node.right, where) if _is_str(node.right) else _sample(node.right, where)
        return [a + b for a in left for b in right]
    return _sample(node, where)


def _call_name(node: ast.Call) -> str:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr if not isinstance(f.value, ast.Name) else f"{f.value.id}.{f.attr}"
    return ""


def _pattern_of(node: ast.expr) -> str:
    """A regex for a string expression: its fixed text, anything for its placeholders."""
    if isinstance(node, ast.JoinedStr):
        return "".join(
            re.escape(str(v.value)) if isinstance(v, ast.Constant) else ".+?" for v in node.values
        )
    if isinstance(node, ast.Constant):
        return re.escape(str(node.value))
    return ".+?"


def core_sentences() -> tuple[list[tuple[str, str]], list[tuple[str, tuple[str, ...], str]]]:
    """(where, sentence) of every English sentence literal of SOURCES, and (where, placeholder,
    regex) of every fragment held in a FRAGMENT_OF variable or function."""
    sentences: list[tuple[str, str]] = []
    fragments: list[tuple[str, tuple[str, ...], str]] = []
    for rel, only in SOURCES.items():
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        skip: set[int] = set()
        fragment_of: dict[int, tuple[str, ...]] = {}

        def mark(node: ast.AST, ids: set[int]) -> None:
            ids.update(id(n) for n in ast.walk(node))

        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                assert isinstance(body, list)
                first = body[0] if body else None
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    skip.add(id(first.value))  # docstring
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if (rel, node.name) in SKIPPED or (only is not None and node.name not in only):
                    mark(node, skip)
                if node.name in FRAGMENT_OF:
                    for n in ast.walk(node):
                        fragment_of[id(n)] = FRAGMENT_OF[node.name]
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and (rel, t.id) in SKIPPED for t in node.targets
            ):
                mark(node, skip)
            if isinstance(node, ast.Assert):
                mark(node, skip)
            if isinstance(node, ast.Call):
                name = _call_name(node)
                if name in SKIPPED_CALLS or name.split(".")[0] in LOGGERS:
                    mark(node, skip)
                if name in FRAGMENT_ARGS:
                    for arg in node.args:
                        for n in ast.walk(arg):
                            fragment_of[id(n)] = FRAGMENT_ARGS[name]
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name) and t.id in FRAGMENT_OF and node.value:
                        for n in ast.walk(node.value):
                            fragment_of[id(n)] = FRAGMENT_OF[t.id]
        if only is not None:  # module level is outside the chosen functions
            for node in tree.body:
                if not isinstance(node, ast.FunctionDef):
                    mark(node, skip)
        inner: set[int] = set()
        for node in ast.walk(tree):
            if _is_str(node) and not isinstance(node, ast.Constant):
                for child in ast.iter_child_nodes(node):
                    mark(child, inner)
        for node in ast.walk(tree):
            if not _is_str(node) or id(node) in skip or id(node) in inner:
                continue
            assert isinstance(node, ast.expr)
            text = _text_of(node)
            if " " not in text or not _SENTENCE.search(text):
                continue
            where = f"{rel}:{node.lineno}"
            if id(node) in fragment_of:
                fragments.append((where, fragment_of[id(node)], _pattern_of(node)))
            else:
                sentences.extend((where, s) for s in expand(node, where))
    return sentences, fragments


SENTENCES, FRAGMENTS = core_sentences()


def test_the_static_enumeration_finds_the_core_messages() -> None:
    found = {s for _, s in SENTENCES}
    # a few of every source, so a broken walk cannot pass silently
    for known in (
        "'0m' is not a tile: ranks are 1-9",
        "five 5m in one hand: there are only four",
        "not a win",
        "your tiles are not a complete hand yet",
        "it is North (seat 3)'s turn, not yours",
        "the session is over: start a new one",
        "0 hands: use 1 to 64",
        "'hello' is not a move here: use the buttons",
        "'天胡' is not a pattern of the baike preset: pick one from the list",
        "1 宝 flown",
    ):
        assert known in found, known
    assert len(found) > 100


def test_every_core_sentence_matches_exactly_one_entry_and_is_translated() -> None:
    for where, sentence in SENTENCES:
        matching = [e for e in CATALOG if e.pattern.fullmatch(sentence)]
        assert len(matching) == 1, f"{where}: {len(matching)} entries match {sentence!r}"
        assert_translated(sentence)


def test_fragments_are_exercised_through_their_placeholders_samples() -> None:
    assert {keys for _, keys, _ in FRAGMENTS} == {*FRAGMENT_OF.values(), *FRAGMENT_ARGS.values()}
    for where, keys, fragment in FRAGMENTS:
        samples = [s for key in keys for s in SAMPLES[key]]
        assert any(re.search(fragment, s) for s in samples), (
            f"{where}: no sample of {keys} shows the fragment {fragment!r}"
        )


def test_every_catalog_entry_translates_some_core_sentence() -> None:
    sentences = [s for _, s in SENTENCES]
    for entry in CATALOG:
        assert any(entry.pattern.fullmatch(s) for s in sentences), (
            f"catalog entry {entry.pattern.pattern!r} matches no core sentence (stale?)"
        )


def test_templates_use_the_right_script_and_quotes() -> None:
    for entry in CATALOG:
        groups = set(entry.pattern.groupindex)
        for lang in ZH:
            template = entry.template(lang)
            assert set(re.findall(r"{(\w+)}", template)) <= groups, template
            wrong = TRADITIONAL_ONLY if lang == "zh-CN" else SIMPLIFIED_ONLY
            assert not (wrong & set(template)), (lang, template)
        assert "「" not in entry.zh_cn and "“" not in entry.zh_tw, entry.zh_cn


# --- exact translations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "zh_cn", "zh_tw"),
    [
        (
            "'0m' is not a tile: ranks are 1-9",
            "“0m”不是牌：点数只能是 1-9",
            "「0m」不是牌：點數只能是 1-9",
        ),
        ("your tiles are not a complete hand yet", "你的牌还没成胡", "你的牌還沒成胡"),
        (
            "it is South (seat 1)'s turn, not yours",
            "轮到南家（1 号座位）了，还没轮到你",
            "輪到南家（1 號座位）了，還沒輪到你",
        ),
        (
            "nobody wins on another player's discard in Shangrao mahjong (no 点炮), "
            "except 地胡 on the dealer's first discard",
            "上饶麻将不能胡别人打的牌（没有点炮），只有庄家打出的第一张牌可以地胡",
            "上饒麻將不能胡別人打的牌（沒有放槍），只有莊家打出的第一張牌可以地胡",
        ),
        (
            "七对 清一色 宝调 is not a win under the baike preset",
            "百科方案里 七对 清一色 宝调 不算胡",
            "百科方案裡 七對 清一色 寶調 不算胡",
        ),
        (
            "hand has 12 tiles, a win needs 14 (with 1 melds the concealed part needs 11)",
            "这手牌有 12 张，胡牌要 14 张（有 1 组副露时，暗牌部分需要 11 张）",
            "這手牌有 12 張，胡牌要 14 張（有 1 組副露時，暗牌部分需要 11 張）",
        ),
        (
            "six 5m in one hand: there are only four",
            "一手牌里有 6 张 5m：每种牌只有四张",
            "一手牌裡有 6 張 5m：每種牌只有四張",
        ),
        (
            "'9z' is not a tile: ranks are 1-7 for honours (z) — "
            "write one tile, e.g. d 5m or d 五万",
            "“9z”不是牌：字牌（z）的点数只能是 1-7——请写一张牌，如 d 5m 或 d 五万",
            "「9z」不是牌：字牌（z）的點數只能是 1-7——請寫一張牌，如 d 5m 或 d 五萬",
        ),
        (
            "补杠 adds a fourth 3p to your own pong of 3p: you have no such pong and tile",
            "补杠是把第四张 3p 加到你自己碰的 3p 上：你没有这样的碰和牌",
            "補槓是把第四張 3p 加到你自己碰的 3p 上：你沒有這樣的碰和牌",
        ),
    ],
)
def test_exact_translations(english: str, zh_cn: str, zh_tw: str) -> None:
    assert localize_reason(english, "zh-CN") == zh_cn
    assert localize_reason(english, "zh-TW") == zh_tw
    assert localize_reason(english, "en") == english


def test_unknown_text_stays_english_and_the_log_shows_no_tiles(
    caplog: pytest.LogCaptureFixture,
) -> None:
    text = "'5m' something the catalog does not know about 7z"
    with caplog.at_level(logging.WARNING, logger="shangrao_bot.ui.core_text"):
        assert localize_reason(text, "zh-CN") == text
    assert "something the catalog" in caplog.text
    assert "5m" not in caplog.text and "7z" not in caplog.text
    assert localize_reason("", "zh-TW") == ""


# --- through the one error path ----------------------------------------------------------------


def _is_chinese_only(text: str) -> bool:
    return not (set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED_ASCII)


def test_message_for_translates_the_reason_of_an_engine_refusal() -> None:
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


def test_message_for_translates_ready_texts_and_bad_input_reasons() -> None:
    with pytest.raises(TileParseError) as bad:
        parse_tiles("123m 0p")
    error = UserError("score.bad_input", reason=str(bad.value))
    assert message_for(error, "zh-CN") == "输入有误：“0p”不是牌：点数只能是 1-9"
    assert message_for(error, "en") == "'0p' is not a tile: ranks are 1-9"
    text = UserError(text="'[12m]' is missing its closing ']'")  # a ready core text
    assert message_for(text, "zh-TW") == "「[12m]」缺少右括號「]」"
    not_win = UserError("score.not_win", reason="your tiles are not a complete hand yet")
    assert message_for(not_win, "zh-CN") == "不算胡：你的牌还没成胡"
    config = BadTableConfig(reason="99 hands: use 1 to 64")
    assert message_for(config, "zh-CN") == "牌桌设置无效：99 手不行：请用 1 到 64 手"
    assert message_for(UserError("table.not_seated"), "zh-CN") == "你没有坐在这张牌桌。"


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
            assert_translated(str(err))


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
        assert_translated(str(err))
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
            yield str(exc)
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
        messages.add(str(err.value))
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
        messages.append(str(err.value))
    session = Session(RuleSet(), hands=1, seed_source=seeded_source("core-text"))
    hand = session.start_hand()
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(str(err.value))
    _play(hand, 1)
    with pytest.raises(IllegalAction) as err:
        hand.apply(Action(0, ActionKind.PASS))
    messages.append(str(err.value))
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(str(err.value))
    session.finish_hand()
    with pytest.raises(IllegalAction) as err:
        session.start_hand()
    messages.append(str(err.value))
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
        assert_translated(str(err))
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
            assert_translated(str(err))


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
        assert_translated(str(err.value))
    assert tile_str(ind) == "4m"
