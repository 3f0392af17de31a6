"""Sample images from seeded games: for ``shangrao-bot render``, the README and the benchmark.

Everything comes from real engine states played by the ``normal`` AI with seeded randomness,
so a seed always gives the same pictures. Scenes are picked to show the features: a sheet of
every tile, a board in a claim window with melds and a 飞宝, a finished board with the hands
revealed, a private hand in a claim window (the discard it may claim beside it) with its waits'
values, a hand on its turn with the drawn tile apart, a private panel (her hand over the whole
table) mid-hand on her turn, a win and a 流局 card, the session's running totals and a
leaderboard.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PIL import Image

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.hand_records import SEATS, Outcome, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, public_view, view_for
from shangrao_bot.render.board import render_board
from shangrao_bot.render.canvas import encode_png
from shangrao_bot.render.charts import render_leaderboard, render_running_totals
from shangrao_bot.render.hand import Wait, claimable, render_hand
from shangrao_bot.render.labels import DEFAULT_LANG
from shangrao_bot.render.palette import FELT
from shangrao_bot.render.panel import render_panel
from shangrao_bot.render.result import render_result
from shangrao_bot.render.tiles import BACK, Look, strip
from shangrao_bot.render.waits import waits_for
from shangrao_bot.rules.ruleset import RuleSet


def play(
    seed: str,
    hand_no: int = 1,
    stop: Callable[[HandState], bool] | None = None,
    dealer: int = 0,
    rules: RuleSet | None = None,
) -> HandState:
    """Hand ``hand_no`` of a seeded session, played by the AI until ``stop(state)`` is true
    (checked after every action) or the hand ends."""
    source = seeded_source(seed)
    state = HandState(rules or RuleSet(), source(hand_no), dealer)
    ais = [make_ai("normal", random.Random(f"{seed}/ai/{hand_no}/{s}")) for s in range(SEATS)]
    while not state.over:
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
        if stop is not None and stop(state):
            break
    return state


def _melds(state: HandState) -> int:
    return sum(len(m) for m in state.melds)


def claim_board(seed: str) -> PublicView:
    """A board in a claim window, late enough to show melds (and a 飞宝 when there is one)."""
    for hand_no in range(1, 40):
        state = play(
            seed,
            hand_no,
            lambda s: s.phase is Phase.CLAIM and _melds(s) >= 2 and sum(s.bao_flown) >= 1,
        )
        if state.phase is Phase.CLAIM:
            return public_view(state)
    return public_view(play(seed, 1, lambda s: s.phase is Phase.CLAIM and len(s.actions) > 40))


def finished(seed: str, outcome: Outcome) -> HandState:
    """The first hand of the session that ends with ``outcome``."""
    for hand_no in range(1, 80):
        state = play(seed, hand_no)
        assert state.result is not None
        if state.result.outcome is outcome:
            return state
    raise LookupError(f"no {outcome.value} in 80 hands of seed {seed!r}")


def waiting_hand(seed: str) -> tuple[PlayerView, list[Wait]]:
    """A player waiting (13 tiles) with at least two waits, one of them a win — in a claim
    window where they may take the discard, when the session has one."""

    def pick(state: HandState, claiming: bool) -> tuple[PlayerView, list[Wait]] | None:
        if state.phase is not (Phase.CLAIM if claiming else Phase.TURN):
            return None
        for seat in range(SEATS):
            if seat == state.current:
                continue
            view = view_for(state, seat)
            if claiming and (
                claimable(view) is None
                or not any(a.kind in (ActionKind.PONG, ActionKind.CHI) for a in view.legal)
            ):
                continue
            w = waits_for(view)
            if w and any(x.value for x in w) and len(w) >= 2:
                return view, w
        return None

    for claiming in (True, False):

        def stop(state: HandState, claiming: bool = claiming) -> bool:
            return pick(state, claiming) is not None

        for hand_no in range(1, 40):
            found = pick(play(seed, hand_no, stop), claiming)
            if found is not None:
                return found
    raise LookupError(f"no waiting hand in 40 hands of seed {seed!r}")


def turn_hand(seed: str) -> PlayerView:
    """A player on turn with melds, the drawn tile apart (after at least twenty moves)."""

    def good(state: HandState) -> bool:
        return (
            state.phase is Phase.TURN
            and len(state.actions) > 20
            and bool(state.melds[state.current])
            and view_for(state, state.current).drawn is not None
        )

    for hand_no in range(1, 40):
        state = play(seed, hand_no, good)
        if good(state):
            return view_for(state, state.current)
    raise LookupError(f"no hand on turn with melds in 40 hands of seed {seed!r}")


def panel_view(seed: str) -> PlayerView:
    """A player on turn mid-hand, the table showing melds (and a 飞宝 when the session has
    one): what her private panel shows."""

    def good(state: HandState, flown: bool) -> bool:
        return (
            state.phase is Phase.TURN
            and len(state.actions) > 24
            and _melds(state) >= 2
            and (sum(state.bao_flown) >= 1 or not flown)
            and view_for(state, state.current).drawn is not None
        )

    for flown in (True, False):
        for hand_no in range(1, 40):
            state = play(seed, hand_no, partial(good, flown=flown))
            if good(state, flown):
                return view_for(state, state.current)
    raise LookupError(f"no hand on turn with melds in 40 hands of seed {seed!r}")


def session(seed: str, count: int) -> list[HandState]:
    """The finished hands of a seeded session of ``count`` hands (the dealer rotating)."""
    out = []
    dealer = 0
    for hand_no in range(1, count + 1):
        state = play(seed, hand_no, dealer=dealer)
        assert state.result is not None
        out.append(state)
        dealer = state.result.next_dealer
    return out


def session_deltas(seed: str, count: int) -> list[tuple[int, ...]]:
    """Each hand's deltas over a seeded session of ``count`` hands."""
    return [s.result.deltas for s in session(seed, count) if s.result is not None]


@dataclass(frozen=True)
class SampleRow:
    """A leaderboard row made from simulated sessions (the shape of ``store.stats.BoardRow``)."""

    total: int
    hands: int
    wins: int
    self_draws: int
    biggest: int
    fei_bao: int

    @property
    def average(self) -> float:
        return self.total / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0


def leaderboard_rows(seed: str, sessions: int = 3, count: int = 8) -> list[SampleRow]:
    """One row per seat of each simulated session, ranked by total."""
    rows = []
    for n in range(sessions):
        played = session(f"{seed}/board/{n}", count)
        for seat in range(SEATS):
            results = [h.result for h in played if h.result is not None]
            mine = [r.deltas[seat] for r in results]
            won = [r for r in results if any(w.seat == seat for w in r.wins)]
            rows.append(
                SampleRow(
                    total=sum(mine),
                    hands=len(mine),
                    wins=len(won),
                    self_draws=len(won),
                    biggest=max(mine),
                    fei_bao=sum(h.bao_flown[seat] for h in played),
                )
            )
    return sorted(rows, key=lambda r: -r.total)


def tile_sheet(width: int = 60) -> bytes:
    """Every kind, the back, and the marks: 宝, acting 宝, 飞宝, claimed, last discard, a
    claimed tile lying sideways in a meld."""
    rows = [strip([Look(k, width) for k in range(base, base + 9)], 4) for base in (0, 9, 18)]
    rows.append(strip([*(Look(k, width) for k in range(27, 34)), Look(BACK, width)], 4))
    marks = [
        Look(4, width, bao=True),
        Look(13, width, acting=True),
        Look(4, width, bao=True, flown=True),
        Look(30, width, dim=True),
        Look(22, width, last=True),
        Look(18, width, sideways=True),
    ]
    rows.append(strip(marks, 10))
    pad = 16
    sheet = Image.new(
        "RGB",
        (max(r.width for r in rows) + 2 * pad, sum(r.height + 6 for r in rows) + 2 * pad),
        FELT,
    )
    y = pad
    for r in rows:
        sheet.paste(r, (pad, y), r)
        y += r.height + 6
    return encode_png(sheet)


def sample_images(seed: str, lang: str = DEFAULT_LANG) -> dict[str, bytes]:
    """File name → PNG bytes of every kind of image, labelled in ``lang``."""
    out: dict[str, bytes] = {"tiles.png": tile_sheet()}
    out["board.png"] = render_board(claim_board(seed), lang=lang)
    won = finished(seed, Outcome.WIN)
    out["board_over.png"] = render_board(public_view(won), lang=lang)
    view, waits = waiting_hand(seed)
    out["hand.png"] = render_hand(view, waits, lang=lang)
    out["hand_turn.png"] = render_hand(turn_hand(seed), lang=lang)
    out["panel.png"] = render_panel(panel_view(seed), lang=lang)
    assert won.result is not None
    out["result.png"] = render_result(
        won.result, dealer=won.dealer, bao=won.bao, indicator=won.indicator, lang=lang
    )
    drawn = finished(seed, Outcome.EXHAUSTED)
    assert drawn.result is not None
    out["result_draw.png"] = render_result(
        drawn.result, dealer=drawn.dealer, bao=drawn.bao, indicator=drawn.indicator, lang=lang
    )
    out["totals.png"] = render_running_totals(session_deltas(seed, 16), lang=lang)
    out["leaderboard.png"] = render_leaderboard(leaderboard_rows(seed), lang=lang)
    return out
