"""The ``hint`` command: shanten, waits with what each would be worth, and whether a claim helps.

Only seat 0's own tiles and the public table are read, so a hint never tells more than the
player could work out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.advice import after_claim
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.typed_moves import claim_tile
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.play.text import HOW_NAMES, HUMAN, spaced
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.score_model import ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shapes import YAOJIU_KINDS, is_complete, shanten, waits
from shangrao_bot.rules.tiles import NUM_KINDS, Meld, both_notations, counts_of, tile_str


@dataclass(frozen=True)
class _Hand:
    """Seat 0's tiles in the 34-count form the shape functions take."""

    counts: list[int]
    melds: tuple[Meld, ...]
    bao: int

    @property
    def yaojiu(self) -> bool:
        return all(t in YAOJIU_KINDS for m in self.melds for t in m.tiles)

    def shanten(self, counts: Sequence[int], extra_melds: int = 0, yaojiu: bool = True) -> int:
        return shanten(counts, self.bao, len(self.melds) + extra_melds, self.yaojiu and yaojiu)


def _own_hand(view: PlayerView) -> _Hand:
    tiles = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
    melds = tuple(r.meld for r in view.public.seats[HUMAN].melds)
    return _Hand(counts_of(tiles), melds, view.public.bao)


def unseen(view: PlayerView, hand13: Sequence[int], discard: int | None) -> list[int]:
    """Copies of each kind seat 0 has not seen, once ``discard`` has left ``hand13``."""
    seen = list(hand13)
    if discard is not None:
        seen[discard] += 1
    return unseen_counts(view, seen)


def describe_score(res: ScoreResult) -> str:
    """``平胡自摸 ×2, 单吊 ×2 = 4 per payer``: the pattern, each modifier and the value."""
    parts = [f"{res.pattern} ×{res.pattern_factor}"]
    parts += [f"{m.name} ×{m.factor}" for m in res.modifiers]
    return f"{', '.join(parts)} = {res.value} per payer"


def _flown_after(view: PlayerView, discard: int | None) -> tuple[int, ...]:
    flown = [sv.bao_flown for sv in view.public.seats]
    if discard is not None and discard == view.public.bao:
        flown[HUMAN] += 1
    return tuple(flown)


def _score_wait(
    view: PlayerView, hand: _Hand, c13: Sequence[int], wait: int, discard: int | None
) -> ScoreResult | str:
    """The self-drawn win on ``wait`` (a score, possibly not winning), or why it cannot be."""
    tiles = sorted([k for k in range(NUM_KINDS) for _ in range(c13[k])] + [wait])
    inp = WinInput(
        concealed=tuple(tiles),
        bao=hand.bao,
        winning_tile=wait,
        melds=hand.melds,
        how=WinHow.SELF,
        winner=HUMAN,
        flown=_flown_after(view, discard),
    )
    try:
        return score_win(inp, view.public.rules)
    except RulesError as exc:
        return str(exc)


def wait_lines(
    view: PlayerView, hand: _Hand, c13: list[int], discard: int | None, why: dict[str, int]
) -> list[str]:
    """The waits of the 13-form ``c13`` grouped by their self-drawn value. A wait the preset does
    not let win is listed too, with a note number into ``why`` (the scorer's reason, printed
    once), so the player learns the rule instead of wondering why ``hu`` is refused."""
    left = unseen(view, c13, discard)
    found = waits(c13, hand.bao, len(hand.melds), hand.yaojiu)
    if not found:
        return ["    no tile completes it"]
    by_value: dict[str, list[int]] = {}
    for w in found:
        res = _score_wait(view, hand, c13, w, discard)
        if isinstance(res, str):
            key = f"not possible [{why.setdefault(res, len(why) + 1)}]"
        elif res.winning:
            key = describe_score(res)
        else:
            key = f"not a win [{why.setdefault(res.reason or 'not a win', len(why) + 1)}]"
        by_value.setdefault(key, []).append(w)
    return [
        f"    {' '.join(tile_str(w) for w in ws)} ({sum(left[w] for w in ws)} unseen): {key}"
        for key, ws in by_value.items()
    ]


def why_lines(why: dict[str, int]) -> list[str]:
    """The notes of :func:`wait_lines`."""
    return [f"  [{n}] {reason}" for reason, n in why.items()]


def _current_win_line(state: HandState, view: PlayerView) -> str | None:
    """The value of ``hu`` when it is legal, or why the complete tiles do not win."""
    if any(a.kind is ActionKind.WIN for a in view.legal):
        if view.public.phase is Phase.TURN:
            how = state.turn_how()
            inp = state.win_input(HUMAN, how, None)
        else:
            how = WinHow.DIHU if view.public.phase is Phase.CLAIM else WinHow.ROB
            inp = state.win_input(HUMAN, how, claim_tile(view))
        return f"hu is legal now ({HOW_NAMES[how]}): {describe_score(score_win(inp, state.rules))}"
    hand = _own_hand(view)
    if view.public.phase is Phase.TURN and is_complete(
        hand.counts, hand.bao, len(hand.melds), hand.yaojiu
    ):
        return f"Your tiles are complete but hu is not possible: {state.why_not_win(HUMAN)}"
    return None


def _turn_hint(view: PlayerView) -> list[str]:
    hand = _own_hand(view)
    by_tile: dict[int, int] = {}
    for a in view.legal:
        if a.kind is ActionKind.DISCARD and a.tile is not None:
            c13 = list(hand.counts)
            c13[a.tile] -= 1
            by_tile[a.tile] = hand.shanten(c13)
    if not by_tile:
        return []
    best = min(by_tile.values())
    groups: dict[int, list[int]] = {}
    for t, s in sorted(by_tile.items(), key=lambda x: (x[1], x[0])):
        groups.setdefault(s, []).append(t)
    summary = " · ".join(f"{s}: {spaced(ts)}" for s, ts in sorted(groups.items()))
    lines = [
        f"Shanten after your best discard: {best}" + (" (tenpai)" if best == 0 else ""),
        f"Shanten by discard (0 = tenpai) — {summary}",
    ]
    why: dict[str, int] = {}
    for t in groups.get(0, []):
        c13 = list(hand.counts)
        c13[t] -= 1
        lines.append(f"  d {both_notations(t)} leaves you waiting on (values if you draw it):")
        lines += wait_lines(view, hand, c13, t, why)
    return lines + why_lines(why)


def _claim_hint(view: PlayerView) -> list[str]:
    hand = _own_hand(view)
    base = hand.shanten(hand.counts)
    lines = [f"Your shanten now: {base}" + (" (tenpai)" if base == 0 else "")]
    why: dict[str, int] = {}
    if base == 0:
        lines.append("  your waits if you pass:")
        lines += wait_lines(view, hand, list(hand.counts), None, why)
    for a in view.legal:
        if a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
            assert a.tile is not None
            s = after_claim(view, a.kind, a.tile, a.tiles)
            verdict = "lowers it" if s < base else "does not lower it"
            replaced = a.kind is ActionKind.KONG and not a.tiles  # a claimed 跌宝杠 lists its three
            when = "before the replacement draw" if replaced else "then discarding"
            lines.append(f"  {a.command()}: shanten {base} → {s} {when} — {verdict}")
    return lines + why_lines(why)


def hint_lines(state: HandState, view: PlayerView) -> list[str]:
    """The ``hint`` command: only seat 0's own tiles and the public table are used."""
    lines = ["Hint:"]
    win = _current_win_line(state, view)
    if win:
        lines.append(win)
    if view.public.phase is Phase.TURN:
        lines += _turn_hint(view)
    elif view.public.phase is Phase.CLAIM:
        lines += _claim_hint(view)
    return lines
