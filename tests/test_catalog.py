"""The catalogs and the one refusal model: every key in every language with the same
placeholders, each key in one area, refusals and phrases written in the reader's language, and
the tests themselves run strict (a refusal a test provokes that some language cannot write fails
that test)."""

from __future__ import annotations

import pickle
import string
from pathlib import Path

import pytest

from shangrao_bot import catalog
from shangrao_bot.catalog import BY_KEY, CATALOGS, LANGS, CatalogError, en, zh_cn, zh_tw
from shangrao_bot.catalog.areas import AREA_NAMES, KeyDefinedTwice, merged
from shangrao_bot.catalog.fields import Formatter
from shangrao_bot.errors import Phrase, Refusal, StorageUnavailable
from shangrao_bot.rules.errors import RulesError, TileParseError
from shangrao_bot.service.errors import ALL_ERRORS


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_has_every_language_with_the_same_placeholders() -> None:
    assert len(BY_KEY) > 400
    for key, texts in BY_KEY.items():
        assert set(texts) == set(LANGS), key
        assert all(texts.values()), f"{key}: an empty text"
        holes = {frozenset(placeholders(text)) for text in texts.values()}
        assert len(holes) == 1, f"{key}: {texts}"
    assert set(CATALOGS["zh-CN"]) == set(CATALOGS["en"]) == set(CATALOGS["zh-TW"])


def test_every_language_has_the_same_areas_with_the_same_keys() -> None:
    for area in AREA_NAMES:
        keys = {frozenset(pkg.AREAS[area]) for pkg in (en, zh_cn, zh_tw)}
        assert len(keys) == 1, area
    assert tuple(en.AREAS) == AREA_NAMES


def test_a_key_defined_in_two_areas_is_refused() -> None:
    assert merged({"a": {"x": "1"}, "b": {"y": "2"}}) == {"x": "1", "y": "2"}
    with pytest.raises(KeyDefinedTwice, match="defined twice"):
        merged({"a": {"x": "1"}, "b": {"x": "2"}})


def test_the_tests_run_strict() -> None:
    assert catalog.strict()
    with pytest.raises(CatalogError, match="no en text"):
        Phrase("no.such.key")
    with pytest.raises(CatalogError, match="cannot be filled"):
        Refusal("table.not_found")  # its {table} is missing


def test_outside_strict_mode_a_missing_text_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHANGRAO_STRICT_CATALOG", "0")
    assert catalog.text("no.such.key", "zh-CN") == "no.such.key"
    assert catalog.text("table.not_found", "xx", {"table": 3}) == catalog.text(
        "table.not_found", "en", {"table": 3}
    )
    assert Phrase("table.not_found") == CATALOGS["en"]["table.not_found"]  # unfilled, no crash


def test_a_refusal_is_written_in_the_readers_language() -> None:
    refusal = Refusal("table.not_found", table=3)
    assert str(refusal) == "Table #3 is not open (it ended, or never existed)."
    assert refusal.in_lang("zh-CN") == "牌桌 #3 没有开着（已结束或不存在）。"
    assert refusal.in_lang("zh-TW") == "牌桌 #3 沒有開著（已結束或不存在）。"
    assert refusal.key == "table.not_found" and refusal.args_ == {"table": 3}


def test_a_nested_reason_follows_the_outer_language() -> None:
    reason = Phrase("table.config.hands", n=0, max=16)
    outer = Refusal("table.bad_config", reason=reason)
    assert "0 hands: use 1 to 16" in str(outer)
    assert "0 手不行：请用 1 到 16 手" in outer.in_lang("zh-CN")
    assert "0 手不行：請用 1 到 16 手" in outer.in_lang("zh-TW")


def test_phrases_and_refusals_survive_pickling() -> None:
    phrase = Phrase("table.config.turn", n=2.5, low=5, high=120)
    again = pickle.loads(pickle.dumps(phrase))
    assert (
        again == phrase and again.key == phrase.key and again.in_lang("zh-CN").startswith("每回合")
    )
    error = TileParseError(Phrase("table.not_a_move", request="x"), token="x")
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is TileParseError and str(back) == str(error) and back.token == "x"
    assert isinstance(back, RulesError) and isinstance(back, ValueError)


def test_every_table_refusal_has_its_text() -> None:
    for error in ALL_ERRORS:
        args = dict.fromkeys(placeholders(BY_KEY[error.default_key]["en"]), 1)
        instance = error(**args)
        assert isinstance(instance, Refusal)
        assert instance.key == error.default_key
    storage = StorageUnavailable("disk I/O error")
    assert storage.detail == "disk I/O error" and "disk" not in storage.in_lang("zh-CN")


@pytest.mark.parametrize(
    ("spec", "value", "expected"),
    [
        ("wind", 0, ("East", "东家", "東家")),
        ("wind", 3, ("North", "北家", "北家")),
        ("word", 5, ("five", "5", "5")),
        ("word", 9, ("9", "9", "9")),
        ("or", (13, 14), ("13 or 14", "13 或 14", "13 或 14")),
        ("list", ("a", "b"), ("a, b", "a、b", "a、b")),
        ("term", "宝吊头", ("宝吊头", "宝吊头", "寶吊頭")),
        ("preset", "shangrao", ("shangrao", "上饶", "上饒")),
        ("hand|hands", 1, ("hand", "hand", "hand")),
        ("hand|hands", 2, ("hands", "hands", "hands")),
    ],
)
def test_format_specs_write_each_language(
    spec: str, value: object, expected: tuple[str, ...]
) -> None:
    written = tuple(Formatter(lang).format("{v:" + spec + "}", v=value) for lang in LANGS)
    assert written == expected


def test_no_core_sentence_is_translated_by_pattern_in_ui() -> None:
    """The Discord layer writes what the catalogs hold: no module of ``ui/`` rewrites a
    sentence of the core into another language by matching it."""
    ui = Path(__file__).resolve().parent.parent / "shangrao_bot" / "ui"
    assert not (ui / "core_text.py").exists()
    for path in ui.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "localize_reason" not in text, path.name
