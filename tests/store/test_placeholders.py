"""``?`` placeholders become PostgreSQL's ``$n`` in order; a ``?`` that is text (in a literal,
a quoted identifier or a comment) stays text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.store.database.placeholders import PlaceholderError, numbered


def test_placeholders_are_numbered_in_order() -> None:
    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == (
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    )
    assert numbered("INSERT INTO t VALUES (?,?)") == "INSERT INTO t VALUES ($1,$2)"
    assert numbered("SELECT 1") == "SELECT 1"


def test_text_that_holds_a_question_mark_is_left_alone() -> None:
    assert numbered("SELECT 'why?', ? FROM t") == "SELECT 'why?', $1 FROM t"
    assert numbered("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', $1"
    assert numbered('SELECT "odd?col" FROM t WHERE x = ?') == 'SELECT "odd?col" FROM t WHERE x = $1'
    assert numbered("SELECT ? -- is it?\n, ?") == "SELECT $1 -- is it?\n, $2"
    assert numbered("SELECT /* ? */ ?") == "SELECT /* ? */ $1"
    assert numbered("SELECT '五万?' || ?") == "SELECT '五万?' || $1"


@pytest.mark.parametrize("sql", ["SELECT 'open", 'SELECT "open', "SELECT /* open", "SELECT 'a'' ?"])
def test_an_unterminated_statement_is_refused_with_a_reason(sql: str) -> None:
    with pytest.raises(PlaceholderError, match="unterminated"):
        numbered(sql)


# a statement as pieces: code without quotes, question marks or comment openers, placeholders,
# and literals whose contents may hold anything but stay literals
_code = st.text(alphabet="SELECT abc,=()*+1234 \n", max_size=8)
_literal = st.text(alphabet="ab?'-/* 五", max_size=6).map(
    lambda s: "'" + s.replace("'", "''") + "'"
)
_piece = st.one_of(_code, st.just("?"), _literal)


@given(st.lists(_piece, max_size=12))
def test_placeholders_count_in_order_and_literals_survive(pieces: list[str]) -> None:
    # pieces are joined with spaces: no two pieces merge into a comment opener or a quote pair
    sql = " ".join(pieces)
    expected: list[str] = []
    n = 0
    for piece in pieces:
        if piece == "?":
            n += 1
            expected.append(f"${n}")
        else:
            expected.append(piece)
    assert numbered(sql) == " ".join(expected)
