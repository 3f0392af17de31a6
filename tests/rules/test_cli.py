"""The command line (`shangrao-bot score | analyze`), in-process and through a real subprocess.

Expected values come from the rule book (the same hands as the worked examples and the scoring
table); bad input must end with exit status 2 and exactly one line on stderr naming the token.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.cli_errors import shown
from shangrao_bot.entrypoints.analyze_cli import input_lines
from shangrao_bot.entrypoints.cli import main

REPO = Path(__file__).resolve().parents[2]

PINGHU = ["--hand", "123m456p789s11122z", "--win", "2z", "--bao", "5m"]
EX5 = [
    "--hand", "9p9p", "--win", "9p", "--bao", "5p",
    "--melds", "(1111m) (9999m) (1111z) (7777z)",
    "--how", "kong", "--kong-chain", "4", "--flown", "0:4", "--bonus", "0:sigebao",
]  # fmt: skip


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def score_json(*args: str) -> dict[str, Any]:
    code, out = run(["score", *args, "--json"])
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def analyze(bao: str, lines: list[str]) -> list[dict[str, Any]]:
    code, out = run(["analyze", "--bao", bao], stdin="\n".join(lines) + "\n")
    assert code == 0
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# --- score --------------------------------------------------------------------------------------


def test_score_json_keys_pinghu() -> None:
    data = score_json(*PINGHU)
    assert {"winning", "reason", "pattern", "value", "deltas"} <= data.keys()
    assert data["winning"] is True
    assert data["reason"] is None
    assert data["pattern"] == "平胡自摸"
    assert data["value"] == 2
    assert data["deltas"] == [6, -2, -2, -2]


def test_score_json_example_5_via_flags() -> None:
    data = score_json(*EX5)
    assert data["winning"] is True
    assert data["pattern"] == "清碰碰胡"
    assert data["value"] == 10240
    assert data["deltas"] == [30774, -10258, -10258, -10258]
    assert sum(data["deltas"]) == 0


@pytest.mark.parametrize(
    ("args", "pattern", "value", "deltas"),
    [
        pytest.param(
            ["--hand", "147m258p369s12345z", "--win", "5z", "--bao", "5m", "--flown", "0:1"],
            "十三浪", 8, [24, -8, -8, -8], id="shisanlang-feibao",
        ),
        pytest.param(
            ["--hand", "123m4p5m6p777s111z5m9s", "--win", "9s", "--bao", "5m"],
            "宝吊头", 3, [9, -3, -3, -3], id="baodiaotou",
        ),
        pytest.param(
            ["--hand", "22m33p55s77s88p44z5m6m", "--win", "6m", "--bao", "5m",
             "--preset", "baike"],
            "七对 宝调", 12, [36, -12, -12, -12], id="baike-qidui-baotiao",
        ),
        pytest.param(
            [*PINGHU, "--flown", "1:1,2:2"],
            "平胡自摸", 2, [14, -4, -8, -2], id="payer-doubling",
        ),
        # 接宝 needs the fourth 宝 flown by another seat (§10): seat 1 flew it
        pytest.param(
            [*PINGHU, "--bonus", "1:minggang,3:jiebao", "--flown", "1:1"],
            "平胡自摸", 2, [-3, -11, -13, 27], id="bonuses",
        ),
    ],
)  # fmt: skip
def test_score_json_hands(args: list[str], pattern: str, value: int, deltas: list[int]) -> None:
    data = score_json(*args)
    assert data["winning"] is True
    assert data["pattern"] == pattern
    assert data["value"] == value
    assert data["deltas"] == deltas
    assert sum(data["deltas"]) == 0


@pytest.mark.parametrize(
    ("bonus", "spelled_out", "flown"),
    [
        ("1:暗杠×2", "1:angang,1:angang", ""),
        ("1:angang x2", "1:angang,1:angang", ""),
        ("2:碰杠", "2:minggang", ""),
        ("2:明杠, 2:补杠", "2:minggang,2:minggang", ""),
        ("3:接宝", "3:jiebao", "2:1"),
        ("3:接寶", "3:jiebao", "2:1"),
        ("2:四个宝", "2:sigebao", ""),
        ("1:自摸杠×3，2：碰杠、3:跌宝杠", "1:angang,1:angang,1:angang,2:minggang,3:angang", ""),
        ("1:MINGGANG", "1:minggang", ""),
    ],
)
def test_score_bonus_reads_what_score_bonuses_reads(
    bonus: str, spelled_out: str, flown: str
) -> None:
    """``--bonus`` takes the kinds and ``×N`` of ``/score``'s ``bonuses`` (seats stay 0-3); a
    接宝 needs the fourth 宝 flown by another seat (rule book §10)."""
    hand = [*PINGHU, "--flown", flown] if flown else PINGHU
    data = score_json(*hand, "--bonus", bonus)
    assert data["deltas"] == score_json(*hand, "--bonus", spelled_out)["deltas"]
    assert data["deltas"] != score_json(*hand)["deltas"]


def test_score_bonus_twice_pays_twice() -> None:
    data = score_json(*PINGHU, "--bonus", "1:暗杠×2")
    assert data["deltas"] == [6 - 4, -2 + 12, -2 - 4, -2 - 4]
    assert [p["reason"] for p in data["payments"]].count("angang") == 6


@pytest.mark.parametrize(
    ("bonus", "message"),
    [
        ("1:huge", "'1:huge' in --bonus does not name a bonus kind: use minggang (明杠 碰杠 补杠)"),
        ("1:暗杠×5", "'1:暗杠×5' in --bonus: a bonus repeats 1-4 times"),
        ("jiebao", "'jiebao' in --bonus should be SEAT:KIND, e.g. 1:minggang"),
        ("4:接宝", "'4' is not a seat in --bonus: use 0-3"),
        ("Bob:接宝", "'Bob' is not a seat in --bonus: use 0-3"),
        ("0:暗杠", "the winner's own kongs are counted from the melds"),
    ],
)
def test_score_bonus_refusals(bonus: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["score", *PINGHU, "--bonus", bonus])
    err = capsys.readouterr().err
    assert (code, out) == (2, "")
    assert err.startswith("shangrao-bot: error: " + message) and err.count("\n") == 1


def test_score_not_a_win_exits_zero() -> None:
    data = score_json("--hand", "123m4p5m6p777s111z9s9s", "--win", "9s", "--bao", "5m")
    assert data["winning"] is False
    assert "有宝平胡" in data["reason"]
    assert data["value"] == 0
    assert data["deltas"] == [0, 0, 0, 0]


def test_score_not_a_win_text() -> None:
    code, out = run(["score", "--hand", "123m4p5m6p777s111z9s9s", "--win", "9s", "--bao", "5m"])
    assert code == 0
    assert out.startswith("Not a win")
    assert "有宝平胡" in out


def test_score_text_output() -> None:
    code, out = run(["score", *PINGHU])
    assert code == 0
    assert "平胡自摸" in out
    assert "Payments" in out
    for payer in (1, 2, 3):
        assert f"seat {payer} pays seat 0" in out
    assert "+6" in out


def test_score_text_output_modifiers_and_bonuses() -> None:
    code, out = run(["score", *EX5])
    assert code == 0
    assert "清碰碰胡" in out
    for name in ("杠开", "单吊", "九幺", "飞宝"):
        assert name in out
    assert "sigebao" in out and "angang" in out
    assert "+30774" in out


def test_stake_doubles_everything() -> None:
    base = score_json(*PINGHU, "--bonus", "1:minggang")
    doubled = score_json(*PINGHU, "--bonus", "1:minggang", "--stake", "2")
    assert base["value"] == 2
    assert base["deltas"] == [5, 1, -3, -3]
    assert doubled["value"] == 4
    assert doubled["deltas"] == [10, 2, -6, -6]


def test_score_rob() -> None:
    data = score_json(
        "--hand", "12m456p789s777z22z3m", "--win", "3m", "--bao", "5m",
        "--how", "rob", "--robbed", "2",
    )  # fmt: skip
    assert data["winning"] is True
    assert data["value"] == 12  # 平胡自摸 2 × 抢杠 6
    assert data["deltas"] == [12, 0, -12, 0]
    assert [m["name"] for m in data["modifiers"]] == ["抢杠"]


def test_score_rob_robbed_player_flew() -> None:
    data = score_json(
        "--hand", "12m456p789s777z22z3m", "--win", "3m", "--bao", "5m",
        "--how", "rob", "--robbed", "2", "--flown", "2:1,1:1",
    )  # fmt: skip
    assert data["deltas"] == [24, 0, -24, 0]


def test_score_rob_under_baike_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        ["score", "--hand", "12m456p789s777z22z3m", "--win", "3m", "--bao", "5m",
         "--how", "rob", "--robbed", "2", "--preset", "baike"]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "token"),
    [
        pytest.param(["score", "--hand", "0m23m456p789s11122z", "--win", "2z", "--bao", "5m"],
                     "0m", id="rank-0"),
        pytest.param(["score", *PINGHU, "--flown", "x"], "x", id="flown-x"),
        pytest.param(["score", *PINGHU, "--bonus", "1:foo"], "foo", id="bad-bonus-kind"),
        pytest.param(["score", *PINGHU, "--how", "foo"], "foo", id="unknown-how"),
        pytest.param(["score", "--hand", "11111m2345678m99m", "--win", "9m", "--bao", "5p"],
                     "1m", id="five-copies"),
        pytest.param(["score", "--hand", "123m456p789s11122z", "--win", "2z", "--bao", "0p"],
                     "0p", id="bad-bao"),
        pytest.param(["score", "--hand", "123m456p789s1122z", "--win", "2z", "--bao", "5m"],
                     "13", id="13-tiles"),
    ],
)  # fmt: skip
def test_bad_input_one_line_on_stderr(
    argv: list[str], token: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert token in lines[0]
    assert "Traceback" not in err


def test_five_copies_message_names_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["score", "--hand", "11111m2345678m99m", "--win", "9m", "--bao", "5p"])
    assert code == 2
    assert "five 1m" in capsys.readouterr().err


# --- analyze ------------------------------------------------------------------------------------


def test_analyze_several_lines() -> None:
    records = analyze(
        "5m",
        [
            "123m456p789s11122z",
            "123m456p789s1122z",
            "",
            "123m456p [789s] 1122z",
            "123m456p [789s] 11122z",
            "147m258p369s12345z",
            "11m99m11p99p11s99s11z",
            "123m4p5m6p777s111z9s9s",
        ],
    )
    assert len(records) == 7  # the blank line is skipped
    r14, r13, m13, m14, lan, pairs, youbao = records
    assert r14 == {"hand": "123m456p789s11122z", "complete": ["standard"]}
    assert set(r13) == {"hand", "waits", "shanten"}
    assert r13["hand"] == "123m456p789s1122z"
    # 1z or 2z complete 11z 22z; a drawn 宝 5m stands for either
    assert set(r13["waits"]) == {"1z", "2z", "5m"}
    assert r13["shanten"] == 0
    assert m13["hand"] == "123m456p1122z [789s]"
    assert set(m13["waits"]) == {"1z", "2z", "5m"}
    assert m13["shanten"] == 0
    assert m14 == {"hand": "123m456p11122z [789s]", "complete": ["standard"]}
    assert lan["complete"] == ["thirteen_lan"]
    assert set(pairs["complete"]) == {"seven_pairs", "yaojiu"}
    # with 宝 5m, 4p5m6p is a set: complete (the scorer then refuses it as 有宝平胡)
    assert youbao["complete"] == ["standard"]


def test_analyze_four_bao_do_not_complete_27_hand() -> None:
    # 2m7m 2p7p 2s7s 1234z + four 宝: no suit has room for another 十三浪 tile and only three
    # honours are missing, so no shape fits.
    [record] = analyze("5m", ["27m27p27s1234z5555m"])
    assert record["complete"] == []
    assert sorted(record) == ["complete", "hand"]


def test_analyze_bao_none() -> None:
    records = analyze(
        "none",
        ["123m456p789s1122z", "123m4p5m6p777s111z9s9s", "123m456p789s1234z"],
    )
    waiting, natural_5m, far = records
    assert set(waiting["waits"]) == {"1z", "2z"}
    assert waiting["shanten"] == 0
    assert natural_5m["complete"] == []  # 5m is just a 5m now
    assert far["shanten"] == 2
    assert far["waits"] == []


def test_analyze_wrong_size_is_an_error_object_for_its_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(["analyze", "--bao", "5m"], stdin="123m456p789s\n")
    err = capsys.readouterr().err
    assert code == 2
    assert json.loads(out) == {
        "line": 1,
        "error": "the hand has 9 tiles (a meld counts 3): analyze takes 13 (waits) or 14 "
        "(complete)",
        "input": "123m456p789s",
    }
    assert err == (
        "shangrao-bot: error: 1 of 1 hand could not be analysed (line 1); "
        'each has an "error" object in the output\n'
    )


def test_analyze_batch_goes_on_after_bad_lines(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        "123m456p789s11122z",
        "",
        "0m23m456p789s11122z",
        "   ",
        "123m456p [789s] 1122z",
        "123m456p [789s 1122z",
        "1111m1m23m456p789s1z",
    ]
    code, out = run(["analyze", "--bao", "5m"], stdin="\n".join(lines) + "\n")
    err = capsys.readouterr().err
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 5  # one per non-blank line, in order; blank lines give nothing
    good, zero, meld, unclosed, five = records
    assert good == {"hand": "123m456p789s11122z", "complete": ["standard"]}
    assert zero == {
        "line": 3,
        "error": "'0m' is not a tile: ranks are 1-9",
        "input": "0m23m456p789s11122z",
    }
    assert meld["shanten"] == 0
    assert unclosed["line"] == 6 and unclosed["input"] == "123m456p [789s 1122z"
    assert five["line"] == 7 and "1m" in five["error"]
    assert err.startswith("shangrao-bot: error: 3 of 5 hands could not be analysed (lines 3, 6, 7)")
    assert err.count("\n") == 1


def test_analyze_all_good_exits_0_and_says_nothing_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(["analyze", "--bao", "none"], stdin="\n\n123m456p789s1122z\n\n")
    assert code == 0
    assert len(out.splitlines()) == 1
    assert capsys.readouterr().err == ""
    assert run(["analyze", "--bao", "5m"], stdin="") == (0, "")


def test_analyze_cuts_long_lines_and_escapes_control_characters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    huge = "1m" * 500_000  # a million characters on one line
    nasty = "123m\x1b[2J\x07456p\u202e789s\x00 11122z"
    token = "x" * 200  # one token under the line limit
    code, out = run(
        ["analyze", "--bao", "5m"], stdin=f"{huge}\n{nasty}\n{token}\n123m456p789s11122z"
    )
    assert code == 2
    assert "Traceback" not in capsys.readouterr().err
    long_line, control, long_token, last = (json.loads(line) for line in out.splitlines())
    assert long_line["line"] == 1
    assert long_line["error"] == (
        "a line of 1000000 characters is not a hand: analyze reads lines of up to 300"
    )
    assert long_line["input"] == "1m" * 29 + "1…"  # 60 characters with the cut mark
    assert control["line"] == 2
    assert control["input"] == "123m\\x1b[2J\\x07456p\\u202e789s\\x00 11122z"
    assert "\\x1b" in control["error"]
    assert long_token["line"] == 3 and len(long_token["input"]) == 60
    assert "'" + "x" * 39 + "…'" in long_token["error"]  # the echoed token is cut too
    assert last == {"hand": "123m456p789s11122z", "complete": ["standard"]}  # no final newline
    assert all(ch.isprintable() for ch in out.replace("\n", ""))


# --- analyze --discards (何切) ------------------------------------------------------------------


def discards(bao: str, lines: list[str], *extra: str) -> tuple[int, list[str]]:
    code, out = run(["analyze", "--bao", bao, "--discards", *extra], stdin="\n".join(lines) + "\n")
    return code, out.splitlines()


def test_discards_ranks_the_baodiao_discard_first_with_every_draw_a_win() -> None:
    # the rule book's example 6: discarding 9s leaves 123m 4p5m6p 777s 111z and a lone 宝
    code, lines = discards("5m", ["123m4p5m6p777s111z5m9s"])
    assert code == 0
    assert lines[0] == "hand 12355m46p7779s111z  宝 5m"
    assert lines[1].startswith(" 1. d 9s  ready, 宝吊头: every draw wins  win ")
    assert "%  expected +" in lines[1] and lines[1].endswith(" points")
    assert any(line.strip().startswith("宝吊头 3 per payer: 1m 2m 3m") for line in lines)
    assert any(line.strip() == "宝吊无宝 6 per payer: 5p (4 unseen)" for line in lines)
    assert any(line.strip().startswith("偷机 (declining a plain 3)") for line in lines)
    ranks = [line.split(".")[0].strip() for line in lines if line[:3].strip().isdigit()]
    assert ranks == [str(n) for n in range(1, len(ranks) + 1)]


def test_discards_lists_effective_tiles_with_unseen_copies_before_ready() -> None:
    code, lines = discards("5m", ["123m456p789s11z23s5z"], "--seen", "1s1s4s")
    assert code == 0
    first = lines[1]
    assert first.startswith(" 1. d 5z  ready  win ") and " points" in first
    # 1s: four less two seen; 4s: four less one seen; a drawn 宝 makes an 有宝平胡, no win
    assert "平胡自摸 2 per payer: 1s 4s (5 unseen)" in "\n".join(lines)
    assert "no win (有宝平胡 is not a win under the shangrao preset): 5m (4 unseen)" in "\n".join(
        lines
    )
    second = next(i for i, line in enumerate(lines) if line.startswith(" 2. d "))
    assert " from a real win" in lines[second] and "expected" in lines[second]
    effective = lines[second + 1]
    assert effective.strip().startswith("effective ") and "unseen in" in effective


def test_discards_takes_a_13_tile_hand_as_it_stands() -> None:
    code, lines = discards("5m", ["123m4p5m6p777s111z9s"])
    assert code == 0
    # complete in shape, but every wait an 有宝平胡: one tile from a real win, its waits shown
    assert lines[1].startswith("  hand  1 from a real win  (有宝平胡 only)  win ")
    assert lines[2].strip().startswith("effective ")
    assert lines[3].strip().startswith("no win (有宝平胡")


def test_discards_needs_a_bao_and_reports_bad_lines_as_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["analyze", "--bao", "none", "--discards"], stdin="123m\n") == (2, "")
    assert "--discards needs a 宝 kind" in capsys.readouterr().err
    code, lines = discards("5m", ["12m", "123m456p789s11z23s5z"])
    assert code == 2
    assert lines[0].startswith("line 1: error: hand has 2 tiles (a meld counts 3)")
    assert lines[1].startswith("hand 123m456p23789s115z")
    assert "1 of 2 hands could not be analysed (line 1)" in capsys.readouterr().err
    code, lines = discards("5m", ["123m456p789s11z23s4s"], "--seen", "4s4s4s4s")
    assert code == 2 and "5 4s in sight" in lines[0]


def test_input_lines_drop_the_rest_of_a_long_line() -> None:
    text = "ab\n" + "x" * 50 + "\n\ncd"
    assert list(input_lines(io.StringIO(text), limit=10)) == [
        (1, "ab", 2),
        (2, "x" * 11, 50),
        (3, "", 0),
        (4, "cd", 2),
    ]


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("123m", 60, "123m"),
        ("x" * 60, 60, "x" * 60),
        ("x" * 61, 60, "x" * 59 + "…"),
        ("a\tb\nc\x1b", 60, "a\\tb\\nc\\x1b"),
        ("\u202e五万", 60, "\\u202e五万"),
        ("ab\x1bcd", 5, "ab…"),  # an escape is never cut in half
    ],
)
def test_shown_escapes_and_cuts(text: str, limit: int, expected: str) -> None:
    assert shown(text, limit) == expected


# --- a real subprocess --------------------------------------------------------------------------


def _subprocess(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "shangrao_bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )


def test_subprocess_score_json_example_5() -> None:
    proc = _subprocess(["score", *EX5, "--json"])
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["value"] == 10240
    assert data["deltas"] == [30774, -10258, -10258, -10258]


def test_subprocess_bad_input() -> None:
    proc = _subprocess(["score", "--hand", "0m23m456p789s11122z", "--win", "2z", "--bao", "5m"])
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "'0m'" in lines[0]
    assert "Traceback" not in proc.stderr


def test_subprocess_analyze() -> None:
    proc = _subprocess(["analyze", "--bao", "5m"], stdin="27m27p27s1234z5555m\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["complete"] == []


def test_subprocess_analyze_bytes_that_are_not_utf8_spoil_their_line_only() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "shangrao_bot", "analyze", "--bao", "5m"],
        input=b"\xff\xfe1m\n123m456p789s11122z\n",
        capture_output=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    bad, good = (json.loads(line) for line in proc.stdout.decode().splitlines())
    assert bad["line"] == 1 and "is not a tile" in bad["error"]
    assert good["complete"] == ["standard"]
    assert proc.stderr.decode().startswith("shangrao-bot: error: 1 of 2 hands")
