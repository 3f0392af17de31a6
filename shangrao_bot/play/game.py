"""The session loop: three AI seats, the human at seat 0, and the console between them.

The engine is the referee: a typed action is passed to :meth:`HandState.apply` as it is, and the
engine's player-readable refusal is what the player reads. Bad input never ends the game; only
``quit``, the end of input, Ctrl-C or an engine bug end it early, and then with the totals of the
finished hands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from shangrao_bot.cli_errors import EXIT_BAD_INPUT, error_line
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import Player
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import Phase, seat_name
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.typed_moves import DISCARD_DRAWN, drawn_discardable, parse_command
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.play.commands import HELP
from shangrao_bot.play.config import PlayConfig, ai_rng, config_from_args
from shangrao_bot.play.console import Console
from shangrao_bot.play.hints import hint_lines
from shangrao_bot.play.narration import narrate
from shangrao_bot.play.results import result_lines, totals_lines
from shangrao_bot.play.screen import render_view
from shangrao_bot.play.text import HUMAN, RULE, SEATS, plural, printable
from shangrao_bot.rules.tiles import both_notations

_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG, ActionKind.WIN)
_CLAIM_EVENTS = (EventKind.CHI, EventKind.PONG, EventKind.KONG, EventKind.WON)


class PlayStop(Exception):
    """The session ends early (``quit``, end of input, Ctrl-C): a message and an exit status."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class Table:
    """One session: three AI seats, the human at seat 0, and the console between them."""

    def __init__(self, config: PlayConfig, console: Console) -> None:
        self.config = config
        self.con = console
        source = seeded_source(config.seed) if config.seed is not None else None
        self.session = Session(config.rules, config.hands, source)
        self.ais: dict[int, Player] = {
            s: make_ai(config.level, ai_rng(config.seed, s)) for s in range(1, SEATS)
        }
        self.pending_claim: Action | None = None  # the human's claim while the window is open

    def run(self) -> int:
        self._intro()
        try:
            while not self.session.over:
                self._play_hand()
        except PlayStop as stop:
            return self.end_early(stop.message, stop.status)
        except Exception as exc:  # an engine bug: one clear line and the totals, no traceback
            return self.end_early(
                f"Internal error ({type(exc).__name__}: {exc}): this session cannot go on. "
                "Please report it with the seed and your input.",
                1,
            )
        self.con.say(
            RULE, f"The session is over after {plural(len(self.session.records), 'hand')}."
        )
        self.con.say(*totals_lines(self.session, "Final totals:"))
        return 0

    def end_early(self, message: str, status: int) -> int:
        """End early: the hand in play is abandoned (not scored), the finished ones stand."""
        self.session.end()
        self.con.say(printable(message))
        self.con.say(*totals_lines(self.session, "Totals (finished hands only):"))
        return status

    def _intro(self) -> None:
        c = self.config
        seed = (
            f"seed text {c.seed!r} (the session is reproducible)"
            if c.seed is not None
            else "fresh secret seeds (each hand's seed is revealed at its end)"
        )
        self.con.say(
            "Shangrao mahjong (上饶麻将): you are seat 0 against three "
            f"{c.level} AI players (seats 1-3).",
            f"Preset {c.rules.preset.value} · stake {c.rules.stake} · {plural(c.hands, 'hand')} · "
            f"{seed}",
            "Type help for the commands, hint for advice.",
        )

    def _announce(self, state: HandState, hand_no: int) -> None:
        d = state.setup.dice
        lines = [RULE, f"Hand {hand_no} of {self.config.hands}"]
        if hand_no == 1:
            for n, rnd in enumerate(d.dealer_rounds, 1):
                rolls = ", ".join(
                    f"seat {s} {r[0]}+{r[1]}" for s, r in enumerate(rnd) if r is not None
                )
                lines.append(f"First-dealer dice, round {n}: {rolls}")
        order = [(state.dealer + i) % SEATS for i in range(SEATS)]
        seats = " · ".join(
            seat_name(s, state.dealer) + (" you" if s == HUMAN else "") for s in order
        )
        lines += [
            f"Dealer: {seat_name(state.dealer, state.dealer)}. Seats: {seats}",
            f"Fairness hash (sha256 of this hand's secret seed): {state.setup.commitment}",
            f"Dice: break {d.break_dice[0]}+{d.break_dice[1]}, 跌宝 "
            f"{d.indicator_dice[0]}+{d.indicator_dice[1]} → indicator "
            f"{both_notations(state.indicator)}, "
            f"宝 {both_notations(state.bao)}",
        ]
        self.con.say(*lines)

    def _narrate(self, events: Iterable[Event], dealer: int) -> None:
        for e in events:
            seen = e.visible_to(HUMAN)
            if seen is None:
                continue
            self._outranked(seen)
            line = narrate(seen, dealer, self.config.rules.stake)
            if line:
                self.con.say(line)

    def _outranked(self, e: Event) -> None:
        """Say so when the human's claim on a discard loses to a higher one: otherwise the claim
        they typed would seem to vanish (§4: 地胡 > kong/pong > chi, then turn order). Robbing a
        kong never loses (every robber wins), so only discards are tracked."""
        claim = self.pending_claim
        if claim is None or e.kind not in _CLAIM_EVENTS:
            return
        self.pending_claim = None
        if e.seat != HUMAN:
            self.con.say(f"Your {claim.command()} gives way to a claim that ranks higher:")

    def _play_hand(self) -> None:
        state = self.session.start_hand()
        hand_no = len(self.session.records) + 1
        self._announce(state, hand_no)
        self._narrate(state.start_events, state.dealer)
        while not state.over:
            seat = state.to_act()[0]
            if seat == HUMAN:
                events = self._human_turn(state, hand_no)
            else:
                events = state.apply(self.ais[seat].choose(view_for(state, seat)))
            self._narrate(events, state.dealer)
        self.con.say(*result_lines(state, hand_no))
        self.session.finish_hand()
        done = len(self.session.records)
        self.con.say(*totals_lines(self.session, f"Session totals after hand {done}:"))

    def _human_turn(self, state: HandState, hand_no: int) -> list[Event]:
        view = view_for(state, HUMAN)
        self.con.say(*render_view(view, hand_no, self.config.hands))
        while True:
            line = self.con.ask()
            if line is None:
                raise PlayStop("End of input: the session ends here.")
            cmd = parse_command(line, view)
            if cmd.action is not None:
                try:
                    events = state.apply(cmd.action)
                except EngineError as exc:
                    self.con.say(printable(f"Not possible: {exc}. {_legal_reminder(view)}"))
                    continue
                if view.public.phase is Phase.CLAIM and cmd.action.kind in _CLAIMS:
                    self.pending_claim = cmd.action
                return events
            if cmd.error is not None:
                self.con.say(printable(cmd.error))
            else:
                self._meta(cmd.meta, state, view, hand_no)

    def _meta(self, meta: str | None, state: HandState, view: PlayerView, hand_no: int) -> None:
        if meta == "quit":
            raise PlayStop("You quit: the hand in play is abandoned, not scored.")
        if meta == "help":
            self.con.say(*HELP)
        elif meta == "hint":
            try:
                self.con.say(*hint_lines(state, view))
            except ValueError as exc:  # a bug in the advice must not end the game
                self.con.say(printable(f"No hint this time ({exc}); please report it"))
        else:
            self.con.say(*render_view(view, hand_no, self.config.hands))


def _legal_reminder(view: PlayerView) -> str:
    non_discards = [a.command() for a in view.legal if a.kind is not ActionKind.DISCARD]
    if any(a.kind is ActionKind.DISCARD for a in view.legal):
        non_discards.append("d <a tile in your hand>")
    if drawn_discardable(view):
        non_discards.append(f"{DISCARD_DRAWN} (the drawn tile)")
    return "You may: " + ", ".join(non_discards)


def run_play(
    args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO | None = None
) -> int:
    """Play a session on the given streams; the exit status (0 also after quit or end of input,
    2 for bad options — one ``shangrao-bot: error: …`` line on ``stderr``, by default
    ``sys.stderr`` —, 130 after Ctrl-C)."""
    console = Console(stdin, stdout)
    try:
        config = config_from_args(args)
        table = Table(config, console)
    except ValueError as exc:
        print(error_line(str(exc)), file=stderr or sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return table.run()
    except KeyboardInterrupt:
        console.say("")
        return table.end_early("Interrupted: the session ends here.", 130)
