"""The arena: duplicate deals (one wall, one dealer, the candidate in every seat once), a
reproducible report, its statistics, and the ``arena`` subcommand's options and errors."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import math
import random
import sys

import pytest

from shangrao_bot import cli_errors
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import Player
from shangrao_bot.engine.levels import AI_LEVELS, make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.entrypoints import cli_parser
from shangrao_bot.entrypoints.arena import (
    ArenaReport,
    DealResult,
    mean_ci95,
    play_deal,
    play_deals,
    run_arena,
    summarize,
)
from shangrao_bot.entrypoints.arena_cli import add_arena_parser, cmd_arena
from shangrao_bot.rules.ruleset import Preset, RuleSet

RULES = RuleSet()


def without_timings(report: ArenaReport) -> ArenaReport:
    return dataclasses.replace(report, decision_ms_p50=0.0, decision_ms_p99=0.0, seconds=0.0)


# --- duplicate deals ------------------------------------------------------------------------


class Recorder:
    """Wraps a real AI and notes, for each decision, which level chose in which seat."""

    def __init__(self, level: str, rng: random.Random, log: list[tuple[str, int]]) -> None:
        self.inner = make_ai(level, rng)
        self.name = level
        self.log = log

    def choose(self, view: PlayerView) -> Action:
        self.log.append((self.name, view.seat))
        return self.inner.choose(view)


def test_the_four_plays_share_the_wall_and_dealer_and_the_candidate_visits_every_seat() -> None:
    plays: list[tuple[int, HandState]] = []
    logs: list[list[tuple[str, int]]] = []

    def factory(level: str, rng: random.Random) -> Player:
        if len(plays) == len(logs):  # the first of a play's four players: a new log
            logs.append([])
        return Recorder(level, rng, logs[-1])

    deal = play_deal(3, "dup", "normal", "easy", RULES, factory, lambda r, s: plays.append((r, s)))
    assert [r for r, _ in plays] == [0, 1, 2, 3]
    walls = {tuple(s.setup.order) for _, s in plays}
    assert len(walls) == 1  # the same tiles in the same order, so the same hands dealt
    assert {s.setup.dice for _, s in plays} == {plays[0][1].setup.dice}
    assert {s.dealer for _, s in plays} == {deal.dealer}
    assert {s.bao for _, s in plays} == {plays[0][1].bao}
    assert {s.seed.hex() for _, s in plays} == {deal.seed}
    # in rotation r only seat r was played by the candidate, every other seat by the baseline
    assert len(logs) == 4 and all(logs)
    for rotation, log in enumerate(logs):
        for level, seat in log:
            assert level == ("normal" if seat == rotation else "easy"), (rotation, level, seat)
    # what the deal reports is what was played
    assert deal.deltas == tuple(tuple(s.result.deltas) for _, s in plays if s.result)
    assert deal.candidate_results == tuple(deal.deltas[r][r] for r in range(4))


def test_every_plays_payments_sum_to_zero() -> None:
    plays: list[HandState] = []
    for n in range(1, 4):
        play_deal(n, "zero", "normal", "easy", RULES, observe=lambda _r, s: plays.append(s))
    assert len(plays) == 12
    for state in plays:
        result = state.result
        assert result is not None
        assert sum(result.deltas) == 0
        net = [0, 0, 0, 0]
        for p in result.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        assert net == list(result.deltas)


class FirstLegal:
    """A deterministic player: a win when it may, else the first legal action."""

    name = "first"

    def choose(self, view: PlayerView) -> Action:
        return next((a for a in view.legal if a.kind is ActionKind.WIN), view.legal[0])


def test_a_player_against_itself_scores_exactly_zero_on_every_deal() -> None:
    """With deterministic players on both sides the four plays are one game, and the candidate
    sits once in each seat of it: its four results are the game's four deltas, which sum to
    zero. Any change of wall, dealer or seating between the plays would break this."""
    results = play_deals(5, "mirror", "normal", "easy", RULES, factory=lambda _l, _r: FirstLegal())
    assert all(sorted(d.candidate_results) == sorted(d.deltas[0]) for d in results)
    assert [d.value for d in results] == [0.0] * 5


# --- the report ---------------------------------------------------------------------------------


def test_same_seed_same_report_and_another_seed_another() -> None:
    first = run_arena("normal", "easy", 3, "same")
    second = run_arena("normal", "easy", 3, "same")
    assert without_timings(first) == without_timings(second)
    assert first.deals == 3 and first.plays == 12 and first.seed == "same"
    other = run_arena("normal", "easy", 3, "other")
    assert without_timings(other) != without_timings(first)


@pytest.mark.slow
def test_the_report_does_not_depend_on_the_number_of_processes() -> None:
    alone = play_deals(4, "jobs", "normal", "easy", RULES, jobs=1)
    shared = play_deals(4, "jobs", "normal", "easy", RULES, jobs=2)
    strip = [dataclasses.replace(d, decisions_ns=()) for d in alone]
    assert [dataclasses.replace(d, decisions_ns=()) for d in shared] == strip


def test_ci_matches_a_hand_computed_example() -> None:
    # mean 3; squared deviations 4 + 1 + 0 + 9 = 14; sd = sqrt(14 / 3) = 2.16025;
    # half-width 1.96 * 2.16025 / sqrt(4) = 2.11705
    ci = mean_ci95([1.0, 2.0, 3.0, 6.0])
    assert ci.mean == 3.0
    assert ci.low == pytest.approx(0.88295, abs=1e-5)
    assert ci.high == pytest.approx(5.11705, abs=1e-5)
    assert mean_ci95([4.0]) == (type(ci))(4.0, None, None)
    with pytest.raises(ValueError):
        mean_ci95([])


def test_summary_of_hand_made_deals() -> None:
    """Two deals, worked out by hand. Deal 1: the candidate (seat r in rotation r) gets
    +9, -3, -3, +3 (mean 1.5), winning in rotations 0 and 3. Deal 2: -1, -1, +6, -2 (mean
    0.5), winning in rotation 2, where a baseline seat also won (a robbed kong)."""
    d1 = DealResult(
        1,
        "00",
        0,
        ((9, -3, -3, -3), (3, -3, 3, -3), (-3, 9, -3, -3), (-1, -1, -1, 3)),
        (True, False, False, True),
        (0, 1, 1, 0),
        (1, 0, 0, 0),
        (1_000_000, 3_000_000),
    )
    d2 = DealResult(
        2,
        "01",
        0,
        ((-1, 1, 0, 0), (2, -1, -1, 0), (-6, 2, 6, -2), (1, 0, 1, -2)),
        (False, False, True, False),
        (0, 0, 1, 0),
        (0, 0, 1, 2),
        (2_000_000,),
    )
    report = summarize([d1, d2], "normal", "easy", "s", RuleSet(Preset.BAIKE))
    assert report.points_per_hand == 1.0  # 8 points over 8 plays
    interval = mean_ci95([1.5, 0.5])
    assert (report.ci95_low, report.ci95_high) == (interval.low, interval.high)
    assert report.ci95_low == pytest.approx(1.0 - 1.96 * math.sqrt(0.5) / math.sqrt(2))
    assert report.baseline_points_per_hand == pytest.approx(-1 / 3)
    assert report.win_rate == 3 / 8
    assert report.avg_win_points == 6.0  # wins of +9, +3, +6
    assert report.baseline_win_rate == 3 / 24
    assert report.bao_flown_per_hand == 4 / 8
    assert report.zero_sum is True
    assert (report.decisions, report.decision_ms_p50, report.decision_ms_p99) == (3, 2.0, 3.0)
    assert report.preset == "baike" and report.plays == 8
    broken = dataclasses.replace(d2, deltas=((1, 1, 0, 0), *d2.deltas[1:]))
    assert summarize([d1, broken], "normal", "easy", "s", RULES).zero_sum is False


@pytest.mark.slow
def test_normal_beats_easy_on_a_few_dozen_deals() -> None:
    """Easy plays at random and almost never wins, so normal's edge is large (about +8 points
    a hand, the interval's lower end above +6 on every seed tried): the assertion is robust."""
    report = run_arena("normal", "easy", 24, "few-dozen")
    assert report.zero_sum
    assert report.points_per_hand > 3
    assert report.ci95_low is not None and report.ci95_low > 0
    assert report.win_rate > 0.4 > report.baseline_win_rate
    assert report.avg_win_points is not None and report.avg_win_points > 0
    assert report.decisions > 0 and 0 < report.decision_ms_p50 <= report.decision_ms_p99


# --- the subcommand ------------------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``arena`` through its own parser, with the CLI's parser class and error handling (as
    ``shangrao-bot`` runs every subcommand)."""
    parser = cli_parser.CliParser(prog=cli_errors.PROG)
    add_arena_parser(
        parser.add_subparsers(dest="command", required=True, parser_class=cli_parser.CliParser)
    )
    out = io.StringIO()
    try:
        args: argparse.Namespace = parser.parse_args(["arena", *argv])
        code = cmd_arena(args, out)
    except (cli_errors.CliError, ValueError) as exc:
        print(cli_errors.error_line(str(exc)), file=sys.stderr)
        code = cli_errors.EXIT_BAD_INPUT
    except SystemExit as exc:  # --help
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, out.getvalue() + captured.out, captured.err


def test_cli_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, err = run(
        ["--ai", "normal", "--vs", "easy", "--hands", "2", "--seed", "c", "--json"], capsys
    )
    assert (code, err) == (0, "")
    report = json.loads(text)
    expected = without_timings(run_arena("normal", "easy", 2, "c")).to_json()
    for key in ("points_per_hand", "ci95_low", "ci95_high", "win_rate", "bao_flown_per_hand"):
        assert report[key] == expected[key]
    assert report["deals"] == 2 and report["plays"] == 8 and report["preset"] == "shangrao"
    code, text, err = run(
        ["--ai", "Easy", "--vs", "normal", "--hands", "1", "--seed", "c", "--preset", "baike"],
        capsys,
    )
    assert (code, err) == (0, "")
    assert "easy vs normal: 1 deals × 4 seats = 4 hands, preset baike, seed c" in text
    assert "95% CI n/a (one deal)" in text


PAIR = ["--ai", "normal", "--vs", "easy"]
LEVELS = ", ".join(AI_LEVELS)  # whatever the engine offers: a new level needs no change here


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ai", "wizard", "--vs", "easy"], f"--ai 'wizard' is not an AI level: use {LEVELS}"),
        (["--ai", "normal", "--vs", "genius"], "--vs 'genius' is not an AI level"),
        ([*PAIR, "--hands", "0"], "argument --hands: 0 is too small: use 1 or more"),
        ([*PAIR, "--hands", "-3"], "argument --hands: -3 is too small"),
        ([*PAIR, "--hands", "x"], "argument --hands: 'x' is not a whole number"),
        ([*PAIR, "--jobs", "0"], "argument --jobs: 0 is too small"),
        ([*PAIR, "--preset", "riichi"], "'riichi' is not a preset"),
        (["--ai", "normal"], "required: --vs; try 'shangrao-bot arena --help'"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text, err = run([*argv, "--seed", "e"], capsys)
    assert code == 2 and text == ""
    assert err.startswith("shangrao-bot: error: ") and err.count("\n") == 1
    assert message in err, err


def test_cli_help_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run(["--help"], capsys)
    assert code == 0
    flat = " ".join(text.split())
    for word in ("--ai", "--vs", "--hands", "--seed", "--preset", "--json", "95% confidence"):
        assert word in flat
