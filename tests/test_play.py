"""``shangrao-bot play``: a human at seat 0 against three AI players, driven through text streams.

The human is scripted. :class:`ReactiveStdin` reads what the game printed (the ``Legal:`` line
of the last prompt) and answers like a player would, sprinkling in bad input, ``hint``,
``show`` and ``help``; one test talks to a real subprocess through pipes. What the tests guard:
whole sessions end with their totals, bad input never crashes nor ends the game, end of input
and ``quit`` end politely, a seed makes the session reproducible, and nothing printed before a
hand's end reveals another seat's concealed or drawn tiles.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import select
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import pytest

from shangrao_bot import play
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import Outcome, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.entrypoints import cli
from shangrao_bot.play import (
    HELP,
    Command,
    game,
    hint_lines,
    legal_line,
    marked,
    marked_zh,
    parse_command,
    result_lines,
    run_play,
    spaced,
    spaced_zh,
)
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tile_names import hand_text
from shangrao_bot.rules.tiles import parse_tile, parse_tiles

REPO = Path(__file__).resolve().parents[1]

# Lines that are never a legal action, whatever the state: each must get one line back.
BAD_LINES = [
    "",
    "   ",
    "xyzzy",
    "d",
    "discard",
    "d 0m",
    "d 5x",
    "d 55m",
    "d 10m",
    "d 8z",
    "d 🀄",
    "d " + "x" * 5000,
    "chi 999m",
    "chi 12",
    "chi abc",
    "chi 1z2z3z",
    "pong 0z",
    "kong nope",
    "kong 5m6m",
    "pass now",
    "hu 9x",
    "\x00",
    "\t\t",
    "🀄🀄🀄",
    "打",
    "d five",
    "d 5m 6m",
]


def namespace(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "ai": "normal",
        "preset": "shangrao",
        "hands": 4,
        "seed": "test",
        "stake": 1,
    }
    base.update(kw)
    return argparse.Namespace(**base)


class ReactiveStdin(io.TextIOBase):
    """A scripted human: each ``readline`` answers the last printed ``Legal:`` line.

    ``noise`` is the chance of a bad or meta line before the real answer; after ``limit``
    answers it sends ``final`` (e.g. ``quit``) or, when None, end of input.
    """

    def __init__(
        self,
        out: io.StringIO,
        seed: int = 0,
        noise: float = 0.3,
        limit: int | None = None,
        final: str | None = None,
    ) -> None:
        super().__init__()
        self.out = out
        self.rng = random.Random(seed)
        self.noise = noise
        self.limit = limit
        self.final = final
        self.pending: list[str] = []
        self.answers = 0
        self.sent: list[str] = []

    def readable(self) -> bool:
        return True

    def _legal(self) -> list[str]:
        text = self.out.getvalue()
        at = text.rfind("\nLegal: ")
        assert at >= 0, "asked for input before any Legal: line"
        line = text[at + 8 : text.index("\n", at + 1)]
        return line.split(" | ")

    def _answer(self) -> str:
        legal = self._legal()
        if "hu" in legal:
            return "hu"
        if "pass" in legal and self.rng.random() < 0.5:
            return "pass"
        choice = self.rng.choice(legal)
        if choice.startswith("d ") and self.rng.random() < 0.2:
            return "discard " + choice[2:]  # the long form
        return choice

    def _batch(self) -> list[str]:
        lines: list[str] = []
        while self.rng.random() < self.noise:
            lines.append(self.rng.choice([*BAD_LINES, "hint", "show", "help", "hu", "pass"]))
        lines.append(self._answer())
        return lines

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.pending:
            if self.limit is not None and self.answers >= self.limit:
                if self.final is None:
                    return ""
                self.pending, self.final = [self.final], None
            else:
                self.pending = self._batch()
                self.answers += 1
        line = self.pending.pop(0)
        self.sent.append(line)
        return line + "\n"


def play_session(args: argparse.Namespace, **stdin_kw: object) -> tuple[int, str, ReactiveStdin]:
    out = io.StringIO()
    stdin = ReactiveStdin(out, **stdin_kw)  # type: ignore[arg-type]
    code = run_play(args, stdin, out)
    return code, out.getvalue(), stdin


def totals_of(line: str) -> list[int]:
    return [int(x) for x in re.findall(r"([+-]\d+)", line)]


# --- whole sessions ----------------------------------------------------------------------------


def test_whole_session_with_noise_ends_with_totals() -> None:
    code, out, stdin = play_session(namespace(), seed=1, noise=0.4)
    assert code == 0
    assert "Traceback" not in out
    for n in range(1, 5):
        assert f"Hand {n} result" in out
    assert out.count("Seed (revealed): ") == 4
    assert out.count("sha256(seed) matches") == 4
    assert "Final totals:" in out
    # the final totals are the sum of the hands, and zero-sum
    hands = [totals_of(line) for line in out.splitlines() if line.startswith("This hand: ")]
    final_line = next(line for line in out.splitlines() if line.startswith("Final totals:"))
    final = totals_of(final_line)
    assert len(hands) == 4
    assert final == [sum(h[s] for h in hands) for s in range(4)]
    assert sum(final) == 0
    # every bad line that was sent got an answer and the game went on
    assert any(line in BAD_LINES for line in stdin.sent)


@pytest.mark.parametrize(
    ("ai", "preset", "stake"),
    [("easy", "shangrao", 1), ("normal", "baike", 3), ("easy", "baike", 2)],
)
def test_sessions_under_each_level_and_preset(ai: str, preset: str, stake: int) -> None:
    code, out, _ = play_session(
        namespace(ai=ai, preset=preset, stake=stake, hands=2, seed=f"{ai}-{preset}"), seed=5
    )
    assert code == 0
    assert f"Preset {preset} · stake {stake}" in out
    assert "Hand 2 result" in out and "Final totals:" in out
    if stake != 1:
        for line in out.splitlines():
            if " pays " in line:  # every amount is a multiple of the stake
                assert int(re.search(r" pays .*? (\d+) for ", line).group(1)) % stake == 0  # type: ignore[union-attr]


def test_prompt_shows_what_the_issue_asks() -> None:
    out = io.StringIO()
    run_play(namespace(hands=1), io.StringIO(""), out)  # end of input at the first prompt
    text = out.getvalue()
    head = text[: text.index("\n> ")]
    assert "宝 " in head and "indicator " in head and "live tiles " in head
    hand_line = next(line for line in head.splitlines() if line.startswith("Your hand: "))
    assert re.search(r"\d+[mpsz]( \d+[mpsz])*", hand_line)
    zh_line = head.splitlines()[head.splitlines().index(hand_line) + 1]
    assert re.search("[万筒条东南西北白发中]", zh_line)
    for wind in ("East", "South", "West", "North"):
        assert f"{wind} (seat" in head
    assert "discards" in head and "melds" in head
    assert head.splitlines()[-1].startswith("Legal: ")
    assert "End of input" in text and "Totals (finished hands only):" in text


# --- bad input, end of input, quit -------------------------------------------------------------


@pytest.mark.parametrize("bad", BAD_LINES)
def test_bad_input_gets_one_line_and_a_new_prompt(bad: str) -> None:
    out = io.StringIO()
    code = run_play(namespace(hands=1), io.StringIO(bad + "\n"), out)
    assert code == 0
    text = out.getvalue()
    first = text.index("\n> ") + 3
    second = text.index("> ", first)
    answer = text[first:second]
    assert answer.count("\n") == 1 and answer.strip(), repr(answer)
    assert "Traceback" not in text and "End of input" in text[second:]


def test_illegal_actions_use_the_engine_messages() -> None:
    # "pass" on one's own turn, "pong" with no discard: the engine explains (hand 1 of this seed
    # starts with seat 0's turn)
    out = io.StringIO()
    run_play(namespace(hands=1, seed="demo"), io.StringIO("pass\npong\nd 1m\n"), out)
    text = out.getvalue()
    assert "Not possible: there is nothing to pass: it is your turn, discard a tile" in text
    assert (
        "Not possible: chi, pong and kong on a discard are claimed after someone discards" in text
    )
    assert "Not possible: you have no 1m to discard" in text


def test_end_of_input_mid_hand_ends_politely() -> None:
    code, out, stdin = play_session(namespace(hands=3), seed=2, noise=0.0, limit=12)
    assert code == 0
    assert stdin.answers == 12
    tail = out.splitlines()[-2:]
    assert tail[0].endswith("End of input: the session ends here.")
    assert tail[1].startswith("Totals (finished hands only): You (seat 0) ")


def test_quit_ends_the_session_with_totals() -> None:
    code, out, stdin = play_session(namespace(hands=4), seed=3, noise=0.0, limit=15, final="quit")
    assert code == 0
    assert stdin.sent[-1] == "quit"
    assert "You quit: the hand in play is abandoned, not scored." in out
    last = out.splitlines()[-1]
    assert last.startswith("Totals (finished hands only):")
    assert sum(totals_of(last)) == 0
    assert "Final totals:" not in out


class BrokenAI:
    """Stands in for an engine bug (e.g. a win offered that the scorer refuses)."""

    name = "broken"

    def choose(self, view: PlayerView) -> Action:
        raise AssertionError("engine offered a win the scorer refuses")


def test_an_engine_bug_ends_the_session_with_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game, "make_ai", lambda level, rng: BrokenAI())
    out = io.StringIO()
    code = run_play(namespace(hands=2), io.StringIO("d 1m\n" * 5), out)
    assert code == 1
    lines = out.getvalue().splitlines()
    assert "Internal error (AssertionError: engine offered a win" in lines[-2]
    assert lines[-1].startswith("Totals (finished hands only): ")


def test_ctrl_c_ends_the_session_politely() -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    out = io.StringIO()
    assert run_play(namespace(hands=1), Interrupting(), out) == 130
    assert out.getvalue().splitlines()[-2] == "Interrupted: the session ends here."


def test_bad_options_are_one_line_on_stderr_and_status_2() -> None:
    for kw in ({"ai": "genius"}, {"preset": "tokyo"}, {"hands": 0}, {"stake": 0}):
        out, err = io.StringIO(), io.StringIO()
        assert run_play(namespace(**kw), io.StringIO(""), out, err) == 2
        assert out.getvalue() == ""
        assert err.getvalue().count("\n") == 1
        assert err.getvalue().startswith("shangrao-bot: error: ")  # as every subcommand says it


def test_the_cli_passes_its_options_to_the_game() -> None:
    out = io.StringIO()
    argv = ["play", "--seed", "m", "--hands", "2", "--ai", "easy", "--preset", "baike"]
    assert cli.main(argv, stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert "Preset baike · stake 1 · 2 hands" in out.getvalue()


# --- determinism -------------------------------------------------------------------------------


def test_same_seed_and_input_give_the_same_output() -> None:
    a = play_session(namespace(hands=2, seed="same"), seed=9, noise=0.3)[1]
    b = play_session(namespace(hands=2, seed="same"), seed=9, noise=0.3)[1]
    c = play_session(namespace(hands=2, seed="other"), seed=9, noise=0.3)[1]
    assert a == b
    assert a != c


def test_without_a_seed_hands_differ() -> None:
    outs = [play_session(namespace(hands=1, seed=None), seed=4, limit=3)[1] for _ in range(2)]
    hashes = [re.search(r"Fairness hash \(sha256.*?\): ([0-9a-f]{64})", o) for o in outs]
    assert all(hashes)
    assert hashes[0].group(1) != hashes[1].group(1)  # type: ignore[union-attr]


# --- no secret leaks ---------------------------------------------------------------------------


class RecordingSession(Session):
    """Keeps every hand the table plays, so the test knows the secrets it must not see."""

    played: ClassVar[list[HandState]] = []

    def start_hand(self) -> HandState:
        state = super().start_hand()
        RecordingSession.played.append(state)
        return state


def test_no_other_seat_concealed_tile_is_printed_before_the_hand_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    RecordingSession.played = []
    monkeypatch.setattr(game, "Session", RecordingSession)
    code, out, _ = play_session(namespace(hands=4, seed="leak"), seed=6, noise=0.3)
    assert code == 0
    states = RecordingSession.played
    sections = re.split(r"\nHand \d+ result\n", out)
    assert len(states) == 4 and len(sections) == 5
    for state, section in zip(states, sections[:4], strict=True):
        before = re.split(r"\nHand \d+ of \d+\n", section)[-1]  # from the header to the result
        for e in state.start_events:
            if e.kind is EventKind.DEALT and e.seat != 0:
                assert spaced(e.secret) not in before
                assert spaced_zh(e.secret) not in before
    draws = re.compile(r"^(East|South|West|North) \(seat ([0-3])\) draws(.*)$")
    for line in out.splitlines():
        m = draws.match(line)
        if m:
            assert m.group(2) != "0"  # the human's own draws read "You draw"
            assert m.group(3) in ("", " a replacement tile"), line
        if "(seat 1)" in line or "(seat 2)" in line or "(seat 3)" in line:
            assert "dealt" not in line


def test_views_printed_carry_only_seat_0_tiles() -> None:
    state = HandState(RuleSet(), b"\x07" * 32, dealer=1)
    ai = make_ai("normal", random.Random(0))
    while 0 not in state.to_act():
        seat = state.to_act()[0]
        state.apply(ai.choose(view_for(state, seat)))
    view = view_for(state, 0)
    text = "\n".join(play.render_view(view, 1, 1))
    mine = marked(view.concealed, view.public.bao)
    assert mine in text
    for seat in (1, 2, 3):
        assert spaced(state.concealed(seat)) not in text


# --- hints and commands ------------------------------------------------------------------------


def _fake_turn(conc: str, drawn: str, bao: str) -> tuple[HandState, PlayerView]:
    """A real fresh hand whose view for seat 0 is replaced by the given tiles (hint reads only
    the view unless hu is legal)."""
    state = HandState(RuleSet(), b"\x01" * 32, 0)
    v = view_for(state, 0)
    tiles = tuple(sorted(parse_tiles(conc)))
    d = parse_tile(drawn)
    pub = replace(v.public, bao=parse_tile(bao), indicator=parse_tile(bao) - 1)
    legal = tuple(Action(0, ActionKind.DISCARD, k) for k in sorted({*tiles, d}))
    return state, replace(v, concealed=tiles, drawn=d, legal=legal, public=pub)


def test_hint_lists_waits_their_values_and_why_not() -> None:
    # rule book examples 12.6-12.9: 宝 5m, 123m 4p5m6p 777s 111z + 9s 9s
    state, view = _fake_turn("123m 5m 46p 777s 112z 9s", "9s", "5m")
    text = "\n".join(hint_lines(state, view))
    assert "Shanten after your best discard: 0 (tenpai)" in text
    assert "d 2z (南) leaves you waiting on (values if you draw it):" in text
    assert "有宝平胡 is not a win" in text  # 9s 9s with 5m as 5p: example 12.9
    # with the lone 宝 kept, discarding 9s: every draw wins (examples 12.6 and 12.7)
    state, view = _fake_turn("123m 5m 46p 777s 111z 5m", "9s", "5m")
    text = "\n".join(hint_lines(state, view))
    assert "d 9s (九条) leaves you waiting on (values if you draw it):" in text
    assert "宝吊头 ×3 = 3 per payer" in text
    assert "5p (4 unseen): 宝吊无宝 ×6 = 6 per payer" in text
    assert "宝吊宝 ×6 = 6 per payer" in text


def test_hint_values_count_the_bao_about_to_fly() -> None:
    state, view = _fake_turn("123m 5m 46p 777s 112z 9s", "9s", "5m")
    text = "\n".join(hint_lines(state, view))
    assert "Shanten by discard (0 = tenpai) — 0: 2z · 1: " in text
    state, view = _fake_turn("123m 5m 46p 777s 111z 9s", "9s", "5m")
    text = "\n".join(hint_lines(state, view))
    # discarding the 宝 (飞宝) leaves a clean wait on 5p, and doubles the win
    assert "5p (4 unseen): 平胡自摸 ×2, 飞宝 ×2 = 4 per payer" in text


def test_your_hand_marks_the_bao_in_both_notations() -> None:
    _, view = _fake_turn("123m 5m 46p 777s 112z 9s", "5m", "5m")
    lines = play.render_view(view, 1, 4)
    hand = next(i for i, line in enumerate(lines) if line.startswith("Your hand: "))
    assert (
        lines[hand] == "Your hand: 123m 【5m】 46p 7779s 112z   drew 【5m (五万)】 — . discards it"
    )
    assert lines[hand + 1] == "           一二三万 【五万】 四六筒 七七七九条 东东 南   + 【五万】"
    assert "宝 5m 五万 (【】 in your hand)" in lines[1]
    # a 宝 that is not in the hand marks nothing; the drawn tile is plain
    _, plain = _fake_turn("123m 46p 777s 112z 9s 9s", "1s", "5m")
    text = "\n".join(play.render_view(plain, 1, 4))
    assert "Your hand: 123m 46p 77799s 112z   drew 1s (一条) — . discards it" in text
    assert "           一二三万 四六筒 七七七九九条 东东 南   + 一条" in text
    assert "【" not in text.split("Your hand: ")[1]


def test_marks_and_compact_chinese() -> None:
    tiles = sorted(parse_tiles("1234556m 46p 11z"))
    assert marked(tiles, parse_tile("5m")) == "1234m 【55m】 6m 46p 11z"
    assert marked_zh(tiles, parse_tile("5m")) == "一二三四万 【五五万】 六万 四六筒 东东"
    assert marked_zh(tiles, parse_tile("1z")) == "一二三四五五六万 四六筒 【东东】"
    assert marked(tiles, parse_tile("9s")) == spaced(tiles) == "1234556m 46p 11z"
    assert spaced_zh(tiles) == hand_text(tiles, "zh-CN") == "一二三四五五六万 四六筒 东东"
    assert spaced_zh([]) == "-" and marked([], 0) == "-"


def test_a_tile_alone_discards_it_and_a_dot_discards_the_drawn_tile() -> None:
    _, view = _fake_turn("123m 5m 46p 777s 112z 9s", "9s", "5m")
    five, nine = Action(0, ActionKind.DISCARD, 4), Action(0, ActionKind.DISCARD, parse_tile("9s"))
    for line in ("5m", "5M", " 五万 ", "五萬"):
        assert parse_command(line, view) == Command(five), line
    assert parse_command("南", view) == Command(Action(0, ActionKind.DISCARD, parse_tile("2z")))
    for line in (".", "。", " . "):
        assert parse_command(line, view) == Command(nine), line
    # letters alone are too easily a slip (n for no, p for pong): they need d
    assert "is not a command" in (parse_command("S", view).error or "")
    assert parse_command("d S", view) == Command(Action(0, ActionKind.DISCARD, parse_tile("2z")))
    # a tile-like word that is not one tile says why
    assert parse_command("0m", view).error == (
        "'0m' is not a tile: ranks are 1-9 — write one tile, e.g. d 5m or d 五万"
    )
    assert "should be exactly one tile" in (parse_command("55m", view).error or "")
    assert "has no suit" in (parse_command("5", view).error or "")
    # after a chi or pong a tile must be named; on a claim the engine says discarding is not on
    after_call = replace(view, drawn=None)
    assert parse_command(".", after_call).error == "d needs a tile: e.g. d 5m, d 7z or d 五万"
    claim = _claim_view([Action(0, ActionKind.PASS)])
    assert parse_command(".", claim) == Command(Action(0, ActionKind.DISCARD, parse_tile("5m")))


def test_a_dot_on_a_claim_is_refused_by_the_engine() -> None:
    # hand 1 of this seed opens with a claim prompt for seat 0: "." cannot discard there
    out = io.StringIO()
    run_play(namespace(hands=1, seed="d"), io.StringIO(".\npass\n"), out)
    text = out.getvalue()
    at = text.index("discarded 7s (七条): claim it or pass")
    prompt_end = text.index("\n> ", at) + 3
    assert text[prompt_end:].startswith(
        "Not possible: this is a claim window: claim the discard or pass. You may: "
    )
    assert "You pass" in text[prompt_end:] and "not a command" not in text


def test_the_legal_line_offers_the_dot_only_with_a_drawn_tile() -> None:
    _, view = _fake_turn("123m 5m 46p 777s 112z 9s", "9s", "5m")
    assert legal_line(view).startswith("Legal: . | d 1m | d 2m")
    no_draw = replace(view, drawn=None)
    assert " . " not in legal_line(no_draw) and legal_line(no_draw).startswith("Legal: d 1m")
    help_text = "\n".join(HELP)
    assert "5m | 五万 | d 5m" in help_text and "  .   " in help_text and "【5m】" in help_text


def test_bare_tiles_and_the_dot_through_a_whole_game() -> None:
    # hand 1 of this seed starts with seat 0's turn, having drawn 5m; the next draw is 4z
    out = io.StringIO()
    run_play(namespace(hands=1, seed="demo"), io.StringIO(".\n二万\n9m\n"), out)
    text = out.getvalue()
    assert "You draw 5m (五万)\n" in text and "You discard 5m (五万)\n" in text
    assert "You discard 2m (二万)\n" in text and "You discard 9m (九万)\n" in text
    assert "Not possible" not in text and "not a command" not in text


def _fake_claim(conc: str, tile: str, legal: list[Action]) -> tuple[HandState, PlayerView]:
    state = HandState(RuleSet(), b"\x01" * 32, 0)
    v = view_for(state, 0)
    pub = replace(
        v.public,
        phase=Phase.CLAIM,
        last_discard=(3, parse_tile(tile)),
        bao=parse_tile("5m"),
        indicator=parse_tile("4m"),
    )
    tiles = tuple(sorted(parse_tiles(conc)))
    return state, replace(v, concealed=tiles, drawn=None, public=pub, legal=tuple(legal))


def test_claim_hint_says_whether_claiming_lowers_the_shanten() -> None:
    t = parse_tile("7s")
    chi = Action(0, ActionKind.CHI, t, tuple(parse_tiles("678s")))
    legal = [Action(0, ActionKind.PONG, t), chi, Action(0, ActionKind.PASS)]
    state, view = _fake_claim("123m 46p 77s 68s 111z 9s", "7s", legal)
    text = "\n".join(hint_lines(state, view))
    assert "Your shanten now: 1" in text
    assert "pong: shanten 1 → 1 then discarding — does not lower it" in text
    assert "chi 678s: shanten 1 → 0 then discarding — lowers it" in text


def _claim_view(legal: list[Action]) -> PlayerView:
    return _fake_claim("345m 456m 46p 77s 111z", "5m", legal)[1]


def test_commands_are_read_in_every_accepted_form() -> None:
    _, view = _fake_turn("123m 5m 46p 777s 112z 9s", "9s", "5m")
    five = parse_tile("5m")
    for line in ("d 5m", "D 5M", "discard 5m", "d 五万", "打五万", "d5m", "  d   5m  "):
        assert parse_command(line, view) == Command(Action(0, ActionKind.DISCARD, five)), line
    assert parse_command("hint", view).meta == "hint"
    assert parse_command("help", view).meta == "help"
    assert parse_command("quit", view).meta == "quit"
    assert parse_command("show", view).meta == "show"
    assert parse_command("hu", view) == Command(Action(0, ActionKind.WIN))
    assert parse_command("pass", view) == Command(Action(0, ActionKind.PASS))


def test_chi_and_kong_pick_one_of_several_or_ask() -> None:
    t = parse_tile("5m")
    chis = [Action(0, ActionKind.CHI, t, tuple(parse_tiles(s))) for s in ("345m", "456m", "567m")]
    view = _claim_view([*chis, Action(0, ActionKind.PASS)])
    error = parse_command("chi", view).error
    assert error is not None and "chi 345m or chi 456m or chi 567m" in error
    assert parse_command("chi 456m", view) == Command(chis[1])
    assert parse_command("chi 46m", view) == Command(chis[1])  # the two own tiles
    assert parse_command("chi 四万五万六万", view) == Command(chis[1])
    one = _claim_view([chis[0], Action(0, ActionKind.PASS)])
    assert parse_command("chi", one) == Command(chis[0])
    kong = Action(0, ActionKind.KONG, t)
    kv = _claim_view([kong, Action(0, ActionKind.PONG, t), Action(0, ActionKind.PASS)])
    assert parse_command("kong", kv) == Command(kong)
    assert parse_command("kong 5m", kv) == Command(kong)
    assert parse_command("pong", kv) == Command(Action(0, ActionKind.PONG, t))
    assert "the tile on offer is 5m" in (parse_command("pong 6m", kv).error or "")
    _, turn = _fake_turn("1111z 2222z 5m 46p 9s", "9s", "5m")
    angangs = [Action(0, ActionKind.ANGANG, parse_tile(x)) for x in ("1z", "2z")]
    tv = replace(turn, legal=(*angangs, *turn.legal))
    assert "kong 1z or kong 2z" in (parse_command("kong", tv).error or "")
    assert parse_command("kong 东", tv) == Command(angangs[0])


def _seat0_views(level: str, seeds: range) -> list[PlayerView]:
    """Every view seat 0 had to act on in AI-played hands (all four seats by the AI)."""
    views = []
    for n in seeds:
        state = HandState(RuleSet(), bytes([n]) * 32, dealer=n % 4)
        ais = [make_ai(level, random.Random(n * 10 + s)) for s in range(4)]
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            if seat == 0:
                views.append(view)
            state.apply(ais[seat].choose(view))
    return views


def test_every_legal_action_typed_as_its_command_reads_back() -> None:
    kinds = set()
    for view in _seat0_views("normal", range(12)) + _seat0_views("easy", range(12, 20)):
        several_kongs = (
            sum(
                a.kind in (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG)
                for a in view.legal
            )
            > 1
        )
        for a in view.legal:
            kinds.add(a.kind)
            assert parse_command(a.command(), view) == Command(a), (a, view.legal)
            if a.kind is ActionKind.CHI and sum(x.kind is ActionKind.CHI for x in view.legal) == 1:
                assert parse_command("chi", view) == Command(a)
            if a.kind in (ActionKind.KONG, ActionKind.ANGANG) and not several_kongs:
                assert parse_command("kong", view) == Command(a)
    assert {ActionKind.DISCARD, ActionKind.PASS, ActionKind.CHI, ActionKind.PONG} <= kinds


class AIStdin(io.TextIOBase):
    """A human who types what the normal AI would play, reading the live hand of the table."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.ai = make_ai("normal", random.Random(seed))
        self.sent: list[str] = []

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        state = RecordingSession.played[-1]
        line = self.ai.choose(view_for(state, 0)).command()
        self.sent.append(line)
        return line + "\n"


def test_a_human_playing_well_wins_and_every_command_is_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game, "Session", RecordingSession)
    outs = []
    for n in range(6):
        RecordingSession.played = []
        out = io.StringIO()
        assert run_play(namespace(hands=4, seed=f"good-{n}"), AIStdin(n), out) == 0
        outs.append(out.getvalue())
        if "You win by " in outs[-1]:
            break
    text = "".join(outs)
    assert "You win by " in text
    assert "Not possible" not in text and "is not a command" not in text
    wins = text[text.index("You win by ") :]
    assert re.search(r"East \(seat 0\) wins by|\w+ \(seat 0\) wins by", wins)


def test_a_claim_that_loses_to_a_higher_one_is_told() -> None:
    out = io.StringIO()
    table = play.Table(play.config_from_args(namespace()), play.Console(io.StringIO(), out))
    seven = parse_tile("7m")
    table.pending_claim = Action(0, ActionKind.CHI, seven, tuple(parse_tiles("567m")))
    table._narrate([Event(EventKind.PONG, 1, (seven,) * 3, "from=3")], dealer=3)
    assert out.getvalue().splitlines() == [
        "Your chi 567m gives way to a claim that ranks higher:",
        "West (seat 1) pongs 7m (七万) from East (seat 3)",
    ]
    table.pending_claim = Action(0, ActionKind.PONG, seven)
    table._narrate([Event(EventKind.PONG, 0, (seven,) * 3, "from=3")], dealer=3)
    assert out.getvalue().splitlines()[-1] == "You pong 7m (七万) from East (seat 3)"
    assert table.pending_claim is None


def test_control_characters_are_never_echoed() -> None:
    out = io.StringIO()
    run_play(namespace(hands=1), io.StringIO("\x1b[2J\nd \x07\n"), out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert "'?[2J' is not a command" in out.getvalue()
    assert "'?' is not a tile" in out.getvalue()


# --- the end of a hand -------------------------------------------------------------------------


def _ai_hand(level: str, seed: int) -> HandState:
    state = HandState(RuleSet(), bytes([seed]) * 32, dealer=seed % 4)
    ais = [make_ai(level, random.Random(seed * 10 + s)) for s in range(4)]
    while not state.over:
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
    return state


def test_result_of_a_win_has_the_full_breakdown() -> None:
    state = next(
        s for s in (_ai_hand("normal", n) for n in range(40)) if s.result and s.result.wins
    )
    text = "\n".join(result_lines(state, 1))
    assert state.result is not None
    win = state.result.wins[0]
    assert " wins by " in text and "Winning hand: " in text
    assert "Reading: " in text and "Pattern: " in text and "Modifiers: " in text
    assert f"Value per payer: {win.score.value}" in text
    assert text.count(" pays ") == len(state.result.payments)
    assert f"Seed (revealed): {state.seed.hex()}" in text
    assert state.setup.commitment in text


def test_result_of_an_exhaustive_draw_shows_its_bonuses() -> None:
    state = next(
        s
        for s in (_ai_hand("easy", n) for n in range(60))
        if s.result and s.result.outcome is Outcome.EXHAUSTED
    )
    text = "\n".join(result_lines(state, 2))
    assert "Hand 2 result" in text and "流局 (exhaustive draw)" in text
    assert state.result is not None
    assert text.count("Bonus: ") == len(state.result.bonuses)
    assert text.count(" pays ") == len(state.result.payments)


# --- a real process over pipes -----------------------------------------------------------------


def _read_until_prompt(proc: subprocess.Popen[bytes], deadline: float) -> str | None:
    """Output up to the next prompt; None when the process has closed its output."""
    assert proc.stdout is not None
    buf = b""
    while not buf.endswith(b"\n> "):
        left = deadline - time.monotonic()
        assert left > 0, "the game stopped answering"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if not ready:
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            return None if not buf else buf.decode()
        buf += chunk
    return buf.decode()


def test_a_real_process_over_pipes_plays_a_whole_session() -> None:
    code = (
        "import argparse, sys; from shangrao_bot.play import run_play; "
        "sys.exit(run_play(argparse.Namespace(ai='easy', preset='shangrao', hands=2, "
        "seed='pipe', stake=1), sys.stdin, sys.stdout))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert proc.stdin is not None
    deadline = time.monotonic() + 20
    rng = random.Random(0)
    transcript = ""
    prompts = 0
    queue: list[str] = []
    while True:
        chunk = _read_until_prompt(proc, deadline)
        if chunk is None:
            break
        transcript += chunk
        if not chunk.endswith("\n> "):
            break  # the last output, with no prompt after it
        prompts += 1
        if not queue:  # one line per prompt, so every answer reads the current Legal: line
            legal = transcript[transcript.rfind("\nLegal: ") + 8 :].split("\n", 1)[0]
            options = legal.split(" | ")
            queue = ["hint", "nonsense"] if prompts % 7 == 0 else []
            queue.append("hu" if "hu" in options else rng.choice(options))
        proc.stdin.write((queue.pop(0) + "\n").encode())
        proc.stdin.flush()
    assert proc.wait(timeout=10) == 0
    assert prompts > 5
    assert "Hand 2 result" in transcript and "Final totals:" in transcript
    assert "'nonsense' is not a command" in transcript


def test_the_cli_subcommand_over_a_pipe() -> None:
    """``python -m shangrao_bot play`` (the CLI wiring) with input piped in, bytes that are not
    UTF-8 among it, ending on EOF."""
    proc = subprocess.run(
        [sys.executable, "-m", "shangrao_bot", "play", "--seed", "cli", "--hands", "1"],
        input=b"help\nhint\n\xff\xfe not utf-8\nd 0m\n",
        capture_output=True,
        cwd=REPO,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=20,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Commands (one per line):" in out and "Hint:" in out
    assert "is not a command" in out  # the undecodable line
    assert "'0m' is not a tile: ranks are 1-9" in out  # and the line after it was not lost
    assert "End of input: the session ends here." in out
    assert proc.stderr == b""


def test_narration_names_a_claimed_indicator_kong() -> None:
    """A KONG of three tiles is a 跌宝杠 claimed on a discard (rule book §4), not a 明杠."""
    from shangrao_bot.play.narration import narrate

    one = parse_tile("1m")
    claimed = narrate(Event(EventKind.KONG, 1, (one,) * 3, "from=0"), dealer=0, stake=1)
    exposed = narrate(Event(EventKind.KONG, 1, (one,) * 4, "from=0"), dealer=0, stake=1)
    assert claimed is not None and "(跌宝杠)" in claimed and "明杠" not in claimed
    assert exposed is not None and "(明杠)" in exposed
