"""What the bot plays for a human: when their time runs out, and on autopilot. The best AI's
(``hard``) judgement, except that a legal win is always taken and a 宝 that can be kept is
never thrown; a timed-out claim window wins when it can and otherwise passes (no chi or pong
made for a player who did not answer), while autopilot claims like that AI."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.service import TableService
from shangrao_bot.service.autoplay import (
    AUTOPILOT_LEVEL,
    ai_action,
    stand_in_action,
    timeout_action,
)
from shangrao_bot.service.presenter import HandSummary
from tests.engine.builders import make_setup, make_state
from tests.service.conftest import (
    FAST,
    HOST,
    ManualClock,
    RecordingPresenter,
    deal,
    drive,
    legal_now,
    normal_policy,
    open_table,
)

FRIEND = 201
# The dealer is the AI in seat 3, the human's 上家: it throws 7z (an honour nobody can claim) and
# seat 0 draws next. Seats 1 and 2 are filled so that nobody claims the dealer's tiles.
DEALER_HAND = "2m3m4m5m6m7m3p4p5p6s7s8s5z7z"
OTHERS = {1: "1s1s2s2s3s3s4s4s6s6s7s7s8s", 2: "9s9p9p8p8p7p7p6p6p4p4p2p3m"}
BAO = "6z"  # the default indicator 7z makes 发 the 宝


def _notices(presenter: RecordingPresenter, key: str) -> list[dict[str, object]]:
    return [c.args for c in presenter.named("notice") if c.args["key"] == key]


async def _prompted(service: TableService, clock: ManualClock, tid: int) -> None:
    await clock.run_until(lambda: legal_now(service, tid, HOST) is not None)


async def test_a_turn_timeout_takes_a_legal_self_draw(
    service: TableService,
    clock: ManualClock,
    presenter: RecordingPresenter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(
        monkeypatch,
        make_setup({3: DEALER_HAND, 0: "123m456m789m123p5s", **OTHERS}, dealer=3, draws="5s"),
    )
    tid = await open_table(service)
    await _prompted(service, clock, tid)
    prompt = presenter.named("prompt")[-1]
    assert any(a.kind is ActionKind.WIN for a in prompt.args["view"].legal)
    await clock.advance(prompt.args["deadline"] - clock.now())  # the human never answers
    [notice] = _notices(presenter, "table.notice.timed_out")
    assert notice["action"] == Action(0, ActionKind.WIN) and notice["strikes"] == 1
    assert notice["seat"] == 0 and notice["name"] == "user100"
    summary: HandSummary = presenter.named("hand_ended")[0].args["summary"]
    [win] = summary.result.wins
    assert win.seat == 0 and win.how is WinHow.SELF


async def test_a_turn_timeout_keeps_the_bao_just_drawn(
    service: TableService,
    clock: ManualClock,
    presenter: RecordingPresenter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(
        monkeypatch,
        make_setup(
            {3: DEALER_HAND, 0: "1m1m2m5m5m9p9p3s4s8s8s5z5z", **OTHERS}, dealer=3, draws=BAO
        ),
    )
    tid = await open_table(service)
    await _prompted(service, clock, tid)
    prompt = presenter.named("prompt")[-1]
    view = prompt.args["view"]
    assert view.drawn == view.public.bao  # the 宝, the tile a default move used to throw
    assert all(a.kind is not ActionKind.WIN for a in view.legal)
    await clock.advance(prompt.args["deadline"] - clock.now())
    [notice] = _notices(presenter, "table.notice.timed_out")
    action = notice["action"]
    assert isinstance(action, Action) and action.kind is ActionKind.DISCARD
    assert action.tile != view.public.bao and action in view.legal
    hand = service._tables[tid].hand
    assert hand is not None and view.public.bao in hand.concealed(0)
    info = service.get(tid)
    assert info.public is not None and info.public.seats[0].bao_flown == 0


async def test_a_claim_timeout_takes_a_legal_dihu_silently(
    service: TableService,
    clock: ManualClock,
    presenter: RecordingPresenter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dealer's first discard (9s) completes the human's hand: 地胡. The human does not
    answer; at the window's deadline the win is taken for them — with no strike, like any
    claim timeout."""
    deal(
        monkeypatch,
        make_setup(
            {
                3: "2m3m4m5m6m7m3p4p5p7z7z5z5z9s",
                0: "123m456m789m123p9s",
                1: OTHERS[1],
                2: "9p9p8p8p7p7p6p6p4p4p2p3m1z",
            },
            dealer=3,
        ),
    )
    tid = await open_table(service)
    await _prompted(service, clock, tid)
    prompt = presenter.named("prompt")[-1]
    legal = prompt.args["view"].legal
    assert prompt.args["view"].public.phase is Phase.CLAIM
    assert {a.kind for a in legal} == {ActionKind.WIN, ActionKind.PASS}
    assert prompt.args["deadline"] == prompt.at + FAST.default_claim_seconds
    await clock.advance(prompt.args["deadline"] - clock.now())
    summary: HandSummary = presenter.named("hand_ended")[0].args["summary"]
    [win] = summary.result.wins
    assert win.seat == 0 and win.how is WinHow.DIHU
    assert not presenter.named("notice")  # no strike, no notice
    assert presenter.named("hand_ended")[0].table.seats[0].strikes == 0  # type: ignore[union-attr]


def _after_dealer_discard(hands: dict[int, str], draws: str = "") -> HandState:
    state = make_state({3: DEALER_HAND, **hands}, dealer=3, draws=draws)
    state.apply(ai_action(state, 3, "normal"))
    return state


def test_the_stand_in_keeps_a_bao_the_normal_ai_would_fly() -> None:
    """Ready on 3p with the 宝 drawn, the normal AI flies the 宝 (it doubles the win); the
    stand-in keeps it and throws another tile."""
    state = _after_dealer_discard({0: "123m456m789m12p5s5s"}, draws=BAO)
    assert state.phase is Phase.TURN and state.current == 0 and state.drawn == state.bao
    assert ai_action(state, 0, "normal") == Action(0, ActionKind.DISCARD, state.bao)
    for claims in (True, False):
        chosen = stand_in_action(state, 0, claims=claims)
        assert chosen.kind is ActionKind.DISCARD and chosen.tile != state.bao
        assert chosen in state.legal_actions(0)


def test_a_timed_out_claim_passes_where_autopilot_would_claim() -> None:
    state = _after_dealer_discard({0: "7z7z1m1m2p3p4p5p6p7s8s9s1s", **OTHERS})
    assert state.phase is Phase.CLAIM and 0 in state.to_act()
    # 7z is the face-up indicator's kind: the two held and the discarded one make a 跌宝杠
    # (the rule book §4), which the AIs take rather than the pong (the same shape, and a 碰杠
    # bonus on top)
    claim = ai_action(state, 0, "normal")
    assert ai_action(state, 0, AUTOPILOT_LEVEL) == claim
    assert claim.kind is ActionKind.KONG and claim.tiles == (claim.tile,) * 3
    assert Action(0, ActionKind.PONG, claim.tile) in state.legal_actions(0)
    assert stand_in_action(state, 0, claims=True) == claim
    assert timeout_action(state, 0) == Action(0, ActionKind.PASS)


async def test_autopilot_plays_like_the_autopilot_level(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """A seat on autopilot: every move is the first ``hard`` AI's choice (:data:`AUTOPILOT_LEVEL`,
    fast enough to decide on the event loop) — a win is always taken and a 宝 that could be kept
    is never thrown."""
    assert AUTOPILOT_LEVEL == "hard-v1"
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "easy"], hands=2)
    await service.leave(tid, HOST)  # away from the start
    marker = len(presenter.calls)
    await drive(
        service,
        clock,
        tid,
        {FRIEND: normal_policy(3)},
        lambda: bool(presenter.named("hand_ended")),
    )
    assert all(c.args.get("seat") != 0 for c in presenter.calls[marker:] if c.name == "prompt")
    finished = service._tables[tid].last_hand
    assert finished is not None
    state = HandState(finished.rules, finished.seed, finished.dealer)
    decided = claims = 0
    for action in finished.actions:
        if action.seat == 0:
            view = view_for(state, 0)
            normal = make_ai(AUTOPILOT_LEVEL, random.Random(0)).choose(view)
            win = next((a for a in view.legal if a.kind is ActionKind.WIN), None)
            bao = view.public.bao
            throws_bao = normal.kind is ActionKind.DISCARD and normal.tile == bao
            keeps = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile != bao]
            if win is not None:
                assert action == win
            elif throws_bao and keeps:
                assert action in keeps
            else:
                assert action == normal
            decided += 1
            claims += state.phase is not Phase.TURN
        state.apply(action)
    assert decided > 10 and claims > 0
