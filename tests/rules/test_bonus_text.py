"""The one reading of bonus events (``WHO:KIND×N``) that ``/score``, the calculator and
``shangrao-bot score --bonus`` share."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.rules.bonus_text import (
    KIND_WORDS,
    BonusItem,
    BonusTextError,
    kind_named,
    read_bonus,
    split_items,
)
from shangrao_bot.rules.score_model import BonusKind


def test_every_kind_word_names_a_scoring_bonus_kind() -> None:
    assert set(KIND_WORDS.values()) == {k.value for k in BonusKind}
    for kind in BonusKind:
        assert kind_named(kind.value) == kind.value  # the pinyin name is always accepted


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        (("minggang", "明杠", "碰杠", "补杠", "明槓", "碰槓", "補槓", "MingGang"), "minggang"),
        (("angang", "暗杠", "自摸杠", "跌宝杠", "暗槓", "自摸槓", "跌寶槓", " ANGANG "), "angang"),
        (("jiebao", "接宝", "接寶"), "jiebao"),
        (("sigebao", "四个宝", "四個寶"), "sigebao"),
    ],
)
def test_kinds_in_pinyin_simplified_and_traditional(words: tuple[str, ...], kind: str) -> None:
    for word in words:
        assert read_bonus(f"1:{word}") == BonusItem("1", kind), word  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("0:暗杠×2", BonusItem("0", "angang", 2)),
        ("2:angang x3", BonusItem("2", "angang", 3)),
        ("2:ANGANGX4", BonusItem("2", "angang", 4)),
        ("Bob:明杠 × 2", BonusItem("Bob", "minggang", 2)),
        ("Bob:接宝×", BonusItem("Bob", "jiebao", 1)),  # a bare × counts once, as /score did
        ("  3 : 四个宝  ", BonusItem("3", "sigebao", 1)),
        ("a:b:碰杠", BonusItem("a:b", "minggang", 1)),  # a name may hold a colon
        (":暗杠", BonusItem("", "angang", 1)),  # the caller refuses the empty seat
    ],
)
def test_items_with_counts_and_names(item: str, expected: BonusItem) -> None:
    assert read_bonus(item) == expected


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        ("jiebao", "no_colon"),
        ("暗杠×2", "no_colon"),
        ("1:huge", "kind"),
        ("1:", "kind"),
        ("1:×2", "kind"),
        ("1:暗杠×0", "times"),
        ("1:暗杠×5", "times"),
        ("1:暗杠×²", "times"),  # str.isdigit says yes, int() would refuse
        ("1:暗杠×two", "times"),
        ("1:暗杠×9999999", "times"),
    ],
)
def test_bad_items_say_which_part_is_wrong(item: str, problem: str) -> None:
    with pytest.raises(BonusTextError) as refused:
        read_bonus(item)
    assert refused.value.problem == problem
    assert refused.value.item == item
    assert isinstance(refused.value, ValueError)


def test_lists_split_on_ascii_and_chinese_punctuation() -> None:
    assert split_items("1:暗杠×2, 2：碰杠，3:接宝、0:jiebao;1:angang；") == [
        "1:暗杠×2",
        "2:碰杠",
        "3:接宝",
        "0:jiebao",
        "1:angang",
    ]
    assert split_items(None) == [] and split_items(" , ,") == []


@given(st.text(max_size=30))
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    for item in split_items(text):
        try:
            bonus = read_bonus(item)
        except BonusTextError:
            continue
        assert bonus.kind in KIND_WORDS.values() and 1 <= bonus.times <= 4
