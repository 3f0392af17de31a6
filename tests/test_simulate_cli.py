"""``shangrao-bot simulate``: the JSON report's keys and meaning, and bad options."""

from __future__ import annotations

import io
import json

import pytest

from shangrao_bot.entrypoints.cli import main

KEYS = {
    "hands",
    "draws",
    "patterns",
    "totals",
    "invariant_violations",
    "zero_sum",
    "hands_per_sec",
    "decision_us_p50",
    "decision_us_p99",
}


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdout=out)
    return code, out.getvalue()


def test_json_report_has_the_issue_keys_and_consistent_numbers() -> None:
    code, text = run(["simulate", "--hands", "12", "--seed", "7", "--json"])
    assert code == 0
    report = json.loads(text)
    assert report.keys() >= KEYS
    assert report["hands"] == 12
    assert report["invariant_violations"] == 0
    assert report["zero_sum"] is True
    assert sum(report["totals"]) == 0
    assert report["draws"] + sum(report["wins_by_seat"]) >= 12  # 抢杠 may add winners
    assert sum(report["patterns"].values()) == sum(report["wins_by_seat"])
    assert 0 < report["decision_us_p50"] <= report["decision_us_p99"]
    assert report["ai"] == ["normal"] * 4


def test_same_seed_same_session() -> None:
    first = json.loads(run(["simulate", "--hands", "5", "--seed", "x", "--json"])[1])
    second = json.loads(run(["simulate", "--hands", "5", "--seed", "x", "--json"])[1])
    for key in ("totals", "patterns", "draws", "wins_by_seat"):
        assert first[key] == second[key]


def test_text_report_and_mixed_levels_and_baike() -> None:
    code, text = run(
        [
            "simulate",
            "--hands",
            "4",
            "--seed",
            "1",
            "--ai",
            "normal,easy,easy,easy",
            "--preset",
            "baike",
        ]
    )
    assert code == 0
    assert "4 hands, preset baike, AI normal, easy, easy, easy, seed 1" in text
    assert "invariant violations: 0; zero-sum: True" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ai", "expert"], "'expert' is not an AI level: use easy or normal or hard"),
        (["--ai", "normal,easy"], "give one level for every seat or four levels"),
        (["--hands", "0"], "--hands 0 is too small: use 1 or more"),
        (["--hands", "many"], "--hands 'many' is not a whole number"),
        (["--preset", "riichi"], "'riichi' is not a preset"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(["simulate", *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
