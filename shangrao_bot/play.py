"""``shangrao-bot play``: one human (seat 0) against three AI players, in a terminal or a pipe.

This is an edge of the engine, like the Discord cogs: it turns typed lines into
:class:`~shangrao_bot.engine.actions.Action` objects and the engine's events into text. Why it is
built the way it is:

* It prints only what seat 0 may see — :func:`~shangrao_bot.engine.views.view_for` for the table
  and :meth:`~shangrao_bot.engine.events.Event.visible_to` for the narration — so no other seat's
  concealed or drawn tile can leak before the hand ends (then the engine reveals every hand and
  the seed, which is what makes the hand verifiable).
* The engine is the referee: an illegal command is passed to :meth:`HandState.apply`, and its
  player-readable error is what the player reads. Bad input never ends the game.
* It reads whole lines with ``readline`` and flushes after each prompt (no termios, no curses),
  so it works over a pipe, and with a seed text the walls *and* the AI decisions are derived from
  it: the same seed and the same input give the same output.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import random
import secrets
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TextIO

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import AI_LEVELS, Player, make_ai
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import (
    WIND_NAMES,
    HandState,
    MeldRecord,
    Outcome,
    Phase,
    WinRecord,
    seat_name,
)
from shangrao_bot.engine.views import PlayerView, SeatView, public_view, view_for
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import (
    BONUS_POINTS,
    BonusKind,
    Payment,
    Reason,
    ScoreResult,
    WinHow,
    WinInput,
    score_win,
)
from shangrao_bot.rules.shapes import YAOJIU_KINDS, is_complete, shanten, waits
from shangrao_bot.rules.tiles import (
    NUM_KINDS,
    Meld,
    MeldKind,
    counts_of,
    format_tiles,
    parse_tile,
    parse_tiles,
    suit_of,
    tile_name,
    tile_str,
)

HUMAN = 0
SEATS = 4
PROMPT = "> "
MAX_LINE = 200  # longer lines are not commands; echoing them back would flood the screen
RULE = "─" * 72

_HOW = {
    WinHow.SELF: "自摸 (self-draw)",
    WinHow.KONG: "杠开 (on a kong's replacement tile)",
    WinHow.ROB: "抢杠 (robbing a kong)",
    WinHow.TIANHU: "天胡 (the dealt hand)",
    WinHow.DIHU: "地胡 (on the dealer's first discard)",
}
_REASON = {
    Reason.WIN: "the win",
    Reason.MINGGANG: "碰杠 bonus",
    Reason.ANGANG: "自摸杠 bonus",
    Reason.JIEBAO: "接宝 bonus",
    Reason.SIGEBAO: "四个宝 bonus",
}
_BONUS = {
    BonusKind.MINGGANG: "碰杠 (exposed kong)",
    BonusKind.ANGANG: "自摸杠 (concealed kong)",
    BonusKind.JIEBAO: "接宝 (held three 宝 when the fourth was discarded)",
    BonusKind.SIGEBAO: "四个宝 (drew all four 宝)",
}
_KONGS = (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG)
_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG, ActionKind.WIN)
_CLAIM_EVENTS = (EventKind.CHI, EventKind.PONG, EventKind.KONG, EventKind.WON)

HELP = (
    "Commands (one per line):",
    "  d 5m | discard 5m | d 五万   discard a tile (mpsz 5m 7z, letters E S W N P F C, or 五万 东)",
    "  chi 345m | chi             take the discard into that sequence (plain chi if only one fits)",
    "  pong                       pong the discard",
    "  kong 7z | kong             declare a kong (plain kong if only one is possible)",
    "  hu                         win (自摸, 杠开, 天胡; 地胡 and 抢杠 on a claim)",
    "  pass                       decline a claim",
    "  hint                       shanten, waits with their values, whether a claim helps",
    "  show                       print the table and your hand again",
    "  help                       this list",
    "  quit                       end the session now and show the totals",
    "Marks: 5m(飞) a flown 宝 · 7s(→W) a discard West took · [777s] exposed meld · "
    "(1111z) concealed kong · ←S claimed from South",
)


class PlayStop(Exception):
    """The session ends early (``quit``, end of input, Ctrl-C): a message and an exit status."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


# --- configuration -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayConfig:
    """The validated options of a session (read from the CLI's ``argparse.Namespace``)."""

    rules: RuleSet
    level: str
    hands: int
    seed: str | None


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Validate the options; raise ``ValueError`` with a one-line, player-readable message.

    Missing attributes take the documented defaults, so a caller may pass a partial namespace.
    """
    level = str(getattr(args, "ai", "normal") or "normal").strip().lower()
    if level not in AI_LEVELS:
        raise ValueError(f"'{level}' is not an AI level: use {' or '.join(AI_LEVELS)}")
    hands = getattr(args, "hands", 4)
    if not isinstance(hands, int) or hands < 1:
        raise ValueError(f"a session of {hands} hands is not possible: use 1 or more")
    stake = getattr(args, "stake", 1)
    if not isinstance(stake, int):
        raise ValueError(f"stake {stake!r} is not allowed: use a whole number of 1 or more")
    rules = RuleSet.from_name(str(getattr(args, "preset", "shangrao") or "shangrao"), stake=stake)
    seed = getattr(args, "seed", None)
    return PlayConfig(rules, level, hands, None if seed is None else str(seed))


def ai_rng(seed: str | None, seat: int) -> random.Random:
    """The AI's random source: derived from the session seed (reproducible) or fresh."""
    if seed is None:
        return random.Random(secrets.randbits(64))
    digest = hashlib.sha256(f"{seed}/ai/{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


# --- tile text ---------------------------------------------------------------------------------


def _suit_groups(tiles: Iterable[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for t in tiles:
        if groups and suit_of(groups[-1][0]) == suit_of(t):
            groups[-1].append(t)
        else:
            groups.append([t])
    return groups


def spaced(tiles: Iterable[int]) -> str:
    """mpsz with a space between suits (``123m 45p 11z``): easier to scan than one run."""
    return " ".join(format_tiles(g) for g in _suit_groups(tiles)) or "-"


def spaced_zh(tiles: Iterable[int]) -> str:
    """Chinese names, one word per suit (``一万二万三万 四筒五筒 东东``)."""
    return " ".join("".join(tile_name(t) for t in g) for g in _suit_groups(tiles)) or "-"


def named(tile: int) -> str:
    """``5m (五万)``: both notations, so either kind of player reads it."""
    return f"{tile_str(tile)} ({tile_name(tile)})"


def _wind_letter(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % SEATS][0]


def who(seat: int, dealer: int) -> str:
    """A seat as narration names it: ``You`` for the human, ``South (seat 1)`` otherwise."""
    return "You" if seat == HUMAN else seat_name(seat, dealer)


def _verb(seat: int, base: str, third: str | None = None) -> str:
    return base if seat == HUMAN else (third or base + "s")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def seat_label(seat: int) -> str:
    """A seat across hands (winds move with the dealer, seat numbers do not)."""
    return "You (seat 0)" if seat == HUMAN else f"seat {seat}"


# --- narration ---------------------------------------------------------------------------------


def _from(detail: str) -> int | None:
    if detail.startswith("from="):
        try:
            return int(detail[5:])
        except ValueError:
            return None
    return None


def _claim_line(e: Event, dealer: int, verb: tuple[str, str], what: str) -> str:
    s = e.seat if e.seat is not None else HUMAN
    src = _from(e.detail)
    origin = f" from {who(src, dealer)}" if src is not None else ""
    return f"{who(s, dealer)} {_verb(s, *verb)} {what}{origin}"


def _meld_event_line(e: Event, seat: int, dealer: int) -> str | None:
    """Calls and kongs: public, with the seat a claimed tile came from."""
    name, k = who(seat, dealer), e.kind
    if k is EventKind.CHI:
        return _claim_line(e, dealer, ("chi", "chis"), format_tiles(e.tiles))
    if k is EventKind.PONG:
        return _claim_line(e, dealer, ("pong", "pongs"), named(e.tiles[0]))
    if k is EventKind.KONG:
        return _claim_line(e, dealer, ("kong", "kongs"), f"{named(e.tiles[0])} (明杠)")
    if k is EventKind.ANGANG:
        kind = "跌宝杠" if len(e.tiles) == 3 else "concealed kong (暗杠)"
        return f"{name} {_verb(seat, 'declare')} a {kind} ({format_tiles(e.tiles)})"
    if k is EventKind.BUGANG_DECLARED:
        return f"{name} {_verb(seat, 'add')} {named(e.tiles[0])} to a pong (补杠)"
    if k is EventKind.BUGANG:
        return f"The 补杠 of {named(e.tiles[0])} stands"
    return None


def _secret(e: Event) -> tuple[int, ...]:
    """The event's secret tiles only when they are seat 0's own (defence in depth: the event
    has already passed through ``visible_to``)."""
    return e.secret if e.owner == HUMAN else ()


def _play_event_line(e: Event, seat: int, dealer: int, stake: int) -> str | None:
    """Deals, draws, discards, passes, bonuses and the end of play."""
    name, k = who(seat, dealer), e.kind
    if k is EventKind.DEALT:
        return f"You are dealt {spaced(_secret(e))}" if _secret(e) else None
    if k is EventKind.DREW:
        extra = " a replacement tile" if e.detail == "replacement" else ""
        tile = f" {named(_secret(e)[0])}" if _secret(e) else ""
        return f"{name} {_verb(seat, 'draw')}{extra}{tile}"
    if k is EventKind.DISCARDED:
        flown = " — 飞宝: a discarded 宝 is dead" if e.detail == "flown" else ""
        return f"{name} {_verb(seat, 'discard')} {named(e.tiles[0])}{flown}"
    if k is EventKind.PASSED:
        return f"{name} {_verb(seat, 'pass', 'passes')}"
    if k is EventKind.BONUS:
        bonus = BonusKind(e.detail)
        pts = BONUS_POINTS[bonus] * stake
        return f"{name} {_verb(seat, 'earn')} the bonus {_BONUS[bonus]}: {pts} from each other"
    if k is EventKind.WON:
        return f"{name} {_verb(seat, 'win')} by {_HOW[WinHow(e.detail)]}!"
    if k is EventKind.EXHAUSTED:
        return "No live tile is left: 流局 (exhaustive draw)"
    return None


def narrate(e: Event, dealer: int, stake: int) -> str | None:
    """One line for an event as seat 0 sees it (``e`` already passed through ``visible_to``);
    None for events that need no line (the hand's start and end are shown in full elsewhere,
    and a claim window says nothing: who may claim is nobody's business)."""
    seat = e.seat if e.seat is not None else HUMAN
    line = _meld_event_line(e, seat, dealer)
    return line if line is not None else _play_event_line(e, seat, dealer, stake)


# --- rendering the table -----------------------------------------------------------------------


def _meld_text(rec: MeldRecord, dealer: int) -> str:
    src = f"←{_wind_letter(rec.from_seat, dealer)}" if rec.from_seat is not None else ""
    return rec.meld.to_str() + src


def _discard_text(sv: SeatView, dealer: int) -> str:
    out = []
    for d in sv.discards:
        mark = "(飞)" if d.flown else ""
        if d.claimed_by is not None:
            mark += f"(→{_wind_letter(d.claimed_by, dealer)})"
        out.append(tile_str(d.tile) + mark)
    return " ".join(out) or "-"


def seat_lines(view: PlayerView) -> list[str]:
    """Every seat's public part: tiles held, melds, discards (never a concealed tile)."""
    pub = view.public
    lines = []
    for sv in pub.seats:
        tags = (" you" if sv.seat == HUMAN else "") + (" dealer" if sv.dealer else "")
        melds = " ".join(_meld_text(r, pub.dealer) for r in sv.melds) or "-"
        lines.append(
            f"  {seat_name(sv.seat, pub.dealer)}{tags}: {sv.concealed_count} tiles · "
            f"melds {melds} · discards {_discard_text(sv, pub.dealer)}"
        )
    return lines


def _situation(view: PlayerView) -> str:
    pub = view.public
    if pub.phase is Phase.CLAIM and pub.last_discard is not None:
        seat, tile = pub.last_discard
        return f"{who(seat, pub.dealer)} discarded {named(tile)}: claim it or pass"
    if pub.phase is Phase.ROB:
        robbed = claim_tile(view)
        t = named(robbed) if robbed is not None else "a tile"
        return f"{who(pub.current, pub.dealer)} adds {t} to a pong (补杠): rob it (hu) or pass"
    return "Your turn"


def legal_line(view: PlayerView) -> str:
    """The legal actions as the commands a player types, claims and wins first."""
    order = {ActionKind.WIN: 0, ActionKind.DISCARD: 9, ActionKind.PASS: 8}
    acts = sorted(view.legal, key=lambda a: order.get(a.kind, 1))
    return "Legal: " + " | ".join(a.command() for a in acts)


def render_view(view: PlayerView, hand_no: int, hands: int) -> list[str]:
    """What seat 0 sees when it must act: the situation, the table, its hand, its choices."""
    pub = view.public
    me = pub.seats[HUMAN]
    head = (
        f"── Hand {hand_no}/{hands} · {_situation(view)} · {seat_name(HUMAN, pub.dealer)} · "
        f"live tiles {pub.live} ──"
    )
    lines = [
        head,
        f"宝 {tile_str(pub.bao)} {tile_name(pub.bao)} · indicator {tile_str(pub.indicator)} "
        f"{tile_name(pub.indicator)}",
        *seat_lines(view),
    ]
    drawn = f"   drew {named(view.drawn)}" if view.drawn is not None else ""
    lines.append(f"Your hand: {spaced(view.concealed)}{drawn}")
    zh_drawn = f"   + {tile_name(view.drawn)}" if view.drawn is not None else ""
    lines.append(f"           {spaced_zh(view.concealed)}{zh_drawn}")
    if me.melds:
        own = " ".join(_meld_text(r, pub.dealer) for r in me.melds)
        zh = " ".join(spaced_zh(r.meld.tiles) for r in me.melds)
        lines.append(f"Your melds: {own}   ({zh})")
    if me.bao_flown:
        lines.append(f"宝 you flew this hand: {me.bao_flown} (each doubles what you win and pay)")
    lines.append(legal_line(view))
    return lines


# --- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """A parsed line: an action for the engine, a meta command, or an error to print."""

    action: Action | None = None
    meta: str | None = None  # help | hint | show | quit
    error: str | None = None


_META = {
    "help": "help",
    "h": "help",
    "?": "help",
    "帮助": "help",
    "hint": "hint",
    "提示": "hint",
    "show": "show",
    "table": "show",
    "quit": "quit",
    "exit": "quit",
    "q": "quit",
    "退出": "quit",
}
_ZH_VERBS = {"打": "d", "吃": "chi", "碰": "pong", "杠": "kong", "胡": "hu", "过": "pass"}


def claim_tile(view: PlayerView) -> int | None:
    """The tile a claim would take: the open discard, or the tile of a 补杠 that may be robbed."""
    if view.public.last_discard is not None:
        return view.public.last_discard[1]
    return next((a.tile for a in view.legal if a.kind is ActionKind.WIN), None)


def _split(text: str) -> tuple[str, str]:
    if text[0] in _ZH_VERBS and len(text) > 1 and not text[1].isspace():
        return _ZH_VERBS[text[0]], text[1:].strip()
    parts = text.split(None, 1)
    verb = parts[0].lower()
    verb = _ZH_VERBS.get(verb, verb)
    rest = parts[1].strip() if len(parts) > 1 else ""
    if rest == "" and len(verb) > 1 and verb[0] == "d" and not verb[1].isascii():
        return "d", verb[1:]  # d五万
    if rest == "" and len(verb) > 1 and verb[0] == "d" and verb[1].isdigit():
        return "d", verb[1:]  # d5m
    return verb, rest


def _one_tile(rest: str, example: str) -> int | str:
    """The tile named in ``rest``, or the error line for a bad tile."""
    try:
        return parse_tile(rest)
    except RulesError as exc:
        return f"{exc} — write one tile, e.g. {example}"


def _discard(rest: str, view: PlayerView) -> Command:
    if not rest:
        return Command(error="d needs a tile: e.g. d 5m, d 7z or d 五万")
    tile = _one_tile(rest, "d 5m or d 五万")
    if isinstance(tile, str):
        return Command(error=tile)
    return Command(Action(HUMAN, ActionKind.DISCARD, tile))


def _chi_sequence(rest: str, view: PlayerView) -> tuple[int, ...] | str:
    try:
        tiles = sorted(parse_tiles(rest))
    except RulesError as exc:
        return f"{exc} — name the sequence, e.g. chi 345m"
    claimed = claim_tile(view)
    if len(tiles) == 2 and claimed is not None:
        tiles = sorted([*tiles, claimed])
    if len(tiles) != 3:
        return f"'{rest}' is not a sequence of three tiles: name it, e.g. chi 345m"
    return tuple(tiles)


def _chi(rest: str, view: PlayerView) -> Command:
    chis = [a for a in view.legal if a.kind is ActionKind.CHI]
    if not rest:
        if len(chis) == 1:
            return Command(chis[0])
        if len(chis) > 1:
            options = " or ".join(a.command() for a in chis)
            return Command(error=f"several chi fit: type {options}")
        return Command(Action(HUMAN, ActionKind.CHI, claim_tile(view)))
    seq = _chi_sequence(rest, view)
    if isinstance(seq, str):
        return Command(error=seq)
    match = next((a for a in chis if a.tiles == seq), None)
    return Command(match or Action(HUMAN, ActionKind.CHI, claim_tile(view), seq))


def _tile_of_claim(verb: str, rest: str, view: PlayerView) -> str | None:
    """An error when ``verb`` names a tile other than the one on offer, else None."""
    if not rest:
        return None
    tile = _one_tile(rest, f"{verb} 7s")
    if isinstance(tile, str):
        return tile
    offered = claim_tile(view)
    if offered is not None and tile != offered:
        return f"the tile on offer is {named(offered)}, not {named(tile)}: type {verb}"
    return None


def _pong(rest: str, view: PlayerView) -> Command:
    error = _tile_of_claim("pong", rest, view)
    if error:
        return Command(error=error)
    return Command(Action(HUMAN, ActionKind.PONG, claim_tile(view)))


def _kong_guess(view: PlayerView, tile: int | None) -> Action:
    """An action for a kong that is not legal, so that the engine can say why."""
    if view.public.phase is not Phase.TURN:
        return Action(HUMAN, ActionKind.KONG, tile if tile is not None else claim_tile(view))
    hand = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
    if tile is None:
        counts = counts_of(hand)
        tile = max(range(NUM_KINDS), key=lambda k: counts[k])
    melds = view.public.seats[HUMAN].melds
    pongs = {r.meld.tiles[0] for r in melds if r.meld.kind is MeldKind.PONG}
    kind = ActionKind.BUGANG if tile in pongs and tile in hand else ActionKind.ANGANG
    return Action(HUMAN, kind, tile)


def _kong(rest: str, view: PlayerView) -> Command:
    kongs = [a for a in view.legal if a.kind in _KONGS]
    if not rest:
        if len(kongs) == 1:
            return Command(kongs[0])
        if len(kongs) > 1:
            return Command(
                error="several kongs are possible: type " + " or ".join(a.command() for a in kongs)
            )
        return Command(_kong_guess(view, None))
    tile = _one_tile(rest, "kong 7z")
    if isinstance(tile, str):
        return Command(error=tile)
    match = next((a for a in kongs if a.tile == tile), None)
    return Command(match or _kong_guess(view, tile))


def _no_tile(verb: str, kind: ActionKind) -> Callable[[str, PlayerView], Command]:
    def build(rest: str, view: PlayerView) -> Command:
        error = _tile_of_claim(verb, rest, view) if kind is ActionKind.WIN else None
        if rest and kind is ActionKind.PASS:
            error = "pass takes no tile: type pass"
        if error:
            return Command(error=error)
        claiming = kind is ActionKind.WIN and view.public.phase is not Phase.TURN
        return Command(Action(HUMAN, kind, claim_tile(view) if claiming else None))

    return build


_BUILDERS: dict[str, Callable[[str, PlayerView], Command]] = {
    "d": _discard,
    "discard": _discard,
    "chi": _chi,
    "pong": _pong,
    "peng": _pong,
    "kong": _kong,
    "gang": _kong,
    "hu": _no_tile("hu", ActionKind.WIN),
    "win": _no_tile("hu", ActionKind.WIN),
    "pass": _no_tile("pass", ActionKind.PASS),
    "guo": _no_tile("pass", ActionKind.PASS),
}


def parse_command(line: str, view: PlayerView) -> Command:
    """Read one typed line. Never raises: bad input becomes a :class:`Command` with an error."""
    text = line.strip()
    if not text:
        return Command(error="empty line: type a command such as d 5m or pass ('help' lists them)")
    if len(text) > MAX_LINE:
        return Command(error=f"that line has {len(text)} characters: commands are short, e.g. d 5m")
    verb, rest = _split(text)
    if verb in _META:
        return Command(meta=_META[verb])
    build = _BUILDERS.get(verb)
    if build is None:
        word = text.split(None, 1)[0]  # as typed, not lowercased
        shown = word if len(word) <= 20 else word[:20] + "…"
        return Command(
            error=f"'{shown}' is not a command: type help for the list (e.g. d 5m, pong, pass)"
        )
    return build(rest, view)


# --- hints -------------------------------------------------------------------------------------


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
    """Copies of each kind seat 0 has not seen (its hand, melds, live discards, the indicator)."""
    seen = list(hand13)
    seen[view.public.indicator] += 1
    if discard is not None:
        seen[discard] += 1
    for sv in view.public.seats:
        for rec in sv.melds:
            for t in rec.meld.tiles:
                seen[t] += 1
        for d in sv.discards:
            if d.claimed_by is None:
                seen[d.tile] += 1
    return [max(0, 4 - n) for n in seen]


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
            if not state.actions:
                how = WinHow.TIANHU
            else:
                how = WinHow.KONG if state.replacement else WinHow.SELF
            inp = state.win_input(HUMAN, how, None)
        else:
            how = WinHow.DIHU if view.public.phase is Phase.CLAIM else WinHow.ROB
            inp = state.win_input(HUMAN, how, claim_tile(view))
        return f"hu is legal now ({_HOW[how]}): {describe_score(score_win(inp, state.rules))}"
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
        lines.append(f"  d {named(t)} leaves you waiting on (values if you draw it):")
        lines += wait_lines(view, hand, c13, t, why)
    return lines + why_lines(why)


def _after_claim(hand: _Hand, a: Action) -> int:
    """Shanten after claiming with ``a`` (and the best discard that follows a chi or pong)."""
    assert a.tile is not None
    if a.kind is ActionKind.CHI:
        meld, used = a.tiles, [x for x in a.tiles if x != a.tile]
    else:
        n = 4 if a.kind is ActionKind.KONG else 3
        meld, used = (a.tile,) * n, [a.tile] * (n - 1)
    after = list(hand.counts)
    for x in used:
        after[x] -= 1
    yaojiu = all(x in YAOJIU_KINDS for x in meld)
    if a.kind is ActionKind.KONG:
        return hand.shanten(after, 1, yaojiu)
    best = 99
    for k in range(NUM_KINDS):
        if after[k]:
            after[k] -= 1
            best = min(best, hand.shanten(after, 1, yaojiu))
            after[k] += 1
    return best


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
            s = _after_claim(hand, a)
            verdict = "lowers it" if s < base else "does not lower it"
            when = "before the replacement draw" if a.kind is ActionKind.KONG else "then discarding"
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


# --- the end of a hand -------------------------------------------------------------------------


def _win_lines(w: WinRecord, dealer: int, stake: int) -> list[str]:
    score = w.score
    on = f" on {named(w.winning_tile)}" if w.winning_tile is not None else ""
    melds = " ".join(m.to_str() for m in w.melds)
    lines = [
        f"{seat_name(w.seat, dealer)} wins by {_HOW[w.how]}{on}",
        f"  Winning hand: {spaced(w.concealed)} {melds}".rstrip(),
        f"                {spaced_zh(w.concealed)}",
    ]
    interp = score.interpretation
    if interp is not None:
        clean = (
            "clean (无宝)" if interp.clean else f"有宝: 宝 acting as {format_tiles(interp.acting)}"
        )
        lines.append(f"  Reading: {interp.to_str()}   [{interp.shape.value}, {clean}]")
    lines.append(f"  Pattern: {score.pattern} ×{score.pattern_factor}")
    mods = ", ".join(
        f"{m.name} ×{m.factor}" + (f" ({m.note})" if m.note else "") for m in score.modifiers
    )
    lines.append(f"  Modifiers: {mods or 'none'}")
    stake_note = f" (stake {stake} included)" if stake != 1 else ""
    lines.append(f"  Value per payer: {score.value}{stake_note}")
    return lines


def _payment_line(p: Payment, dealer: int) -> str:
    return (
        f"  {seat_name(p.payer, dealer)} pays {seat_name(p.payee, dealer)} "
        f"{p.amount} for {_REASON[p.reason]}"
    )


def result_lines(state: HandState, hand_no: int) -> list[str]:
    """The full breakdown of a finished hand: winners, score, payments, revealed hands, seed."""
    r = state.result
    assert r is not None
    dealer = state.dealer
    lines = [RULE, f"Hand {hand_no} result"]
    if r.outcome is Outcome.EXHAUSTED:
        lines.append("流局 (exhaustive draw): nobody won; only bonus points are settled")
    for w in r.wins:
        lines += _win_lines(w, dealer, state.rules.stake)
    if r.robbed_seat is not None:
        lines.append(f"  The kong of {seat_name(r.robbed_seat, dealer)} was robbed: no bonus")
    stake = state.rules.stake
    for b in r.bonuses:
        pts = BONUS_POINTS[b.kind] * stake
        lines.append(f"Bonus: {seat_name(b.seat, dealer)} {_BONUS[b.kind]}, {pts} from each")
    lines.append("Payments:" if r.payments else "Payments: none")
    lines += [_payment_line(p, dealer) for p in r.payments]
    lines.append(
        "This hand: " + " · ".join(f"{seat_label(s)} {d:+d}" for s, d in enumerate(r.deltas))
    )
    lines += revealed_lines(state)
    return lines


def revealed_lines(state: HandState) -> list[str]:
    """Every hand, now that the hand is over, and the seed that proves the wall was fair."""
    pub = public_view(state)
    lines = ["Hands at the end:"]
    for s, tiles in enumerate(pub.revealed or ()):
        lines.append(f"  {seat_name(s, state.dealer)}: {spaced(tiles)}")
    seed = pub.seed or state.seed.hex()
    ok = hashlib.sha256(bytes.fromhex(seed)).hexdigest() == pub.commitment
    lines.append(f"Seed (revealed): {seed}")
    lines.append(
        f"Fairness hash published at the start: {pub.commitment} — sha256(seed) "
        f"{'matches' if ok else 'DOES NOT match'}"
    )
    lines.append(f"Check it yourself: shangrao-bot verify --seed {seed} --hash {pub.commitment}")
    return lines


def totals_lines(session: Session, title: str) -> list[str]:
    return [
        title + " " + " · ".join(f"{seat_label(s)} {t:+d}" for s, t in enumerate(session.totals))
    ]


# --- the table -----------------------------------------------------------------------------------


class Console:
    """Line input and output over any text streams (a terminal, a pipe, ``io.StringIO``)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self._bad_reads = 0
        if isinstance(stdin, io.TextIOWrapper):
            # a strict decoder drops the whole buffered chunk on one bad byte, later lines too
            stdin.reconfigure(errors="replace")

    def say(self, *lines: str) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def ask(self) -> str | None:
        """One line, without its newline; None at the end of input."""
        self.stdout.write(PROMPT)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            self._bad_reads += 1
            if self._bad_reads > 3:
                return None  # a stream that keeps failing is as good as closed
            return "\ufffd"
        self._bad_reads = 0
        if line == "":
            return None
        return line.rstrip("\r\n")


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
            f"{d.indicator_dice[0]}+{d.indicator_dice[1]} → indicator {named(state.indicator)}, "
            f"宝 {named(state.bao)}",
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


def printable(text: str) -> str:
    """``text`` with control characters shown as ``?``: bad input is echoed in error lines,
    and a NUL or an escape sequence must not reach the terminal."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def _legal_reminder(view: PlayerView) -> str:
    non_discards = [a.command() for a in view.legal if a.kind is not ActionKind.DISCARD]
    if any(a.kind is ActionKind.DISCARD for a in view.legal):
        non_discards.append("d <a tile in your hand>")
    return "You may: " + ", ".join(non_discards)


# --- entry points ------------------------------------------------------------------------------


def run_play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Play a session on the given streams; the exit status (0 also after quit or end of input,
    2 for bad options, 130 after Ctrl-C)."""
    console = Console(stdin, stdout)
    try:
        config = config_from_args(args)
        table = Table(config, console)
    except ValueError as exc:
        console.say(f"shangrao-bot play: error: {exc}")
        return 2
    try:
        return table.run()
    except KeyboardInterrupt:
        console.say("")
        return table.end_early("Interrupted: the session ends here.", 130)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``play`` options, for the CLI's subparser (and :func:`main`)."""
    parser.add_argument("--ai", choices=list(AI_LEVELS), default="normal", help="AI level")
    parser.add_argument("--preset", choices=[p.value for p in Preset], default="shangrao")
    parser.add_argument("--hands", type=int, default=4, help="hands in the session")
    parser.add_argument("--seed", help="any text: makes the whole session reproducible")
    parser.add_argument("--stake", type=int, default=1, help="multiplies every amount")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m shangrao_bot.play [options]``: the same game without the main CLI."""
    parser = argparse.ArgumentParser(
        prog="shangrao-bot play", description="Play Shangrao mahjong against three AI players."
    )
    add_play_arguments(parser)
    return run_play(parser.parse_args(argv), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
