"""Typed lines into engine actions: how a move typed by a player (``d 5m``, ``pong``, ``吃
345m``, ``hu``) reaches the game — the terminal game's every move, a table's typed request.

A line is read as generously as the commands allow (mpsz, letters or Chinese tile names, ``chi``
without a sequence when only one fits), and what cannot be read becomes a one-line error (a
:class:`~shangrao_bot.errors.Phrase` of the catalogs' ``moves`` area). An action that can be
read is passed on even when it is illegal: the engine's refusal says why.
Actions are the seat's whose view the line is read against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import Phrase
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.tiles import (
    NUM_KINDS,
    MeldKind,
    both_notations,
    counts_of,
    parse_tile,
    parse_tiles,
)

MAX_LINE = 200  # longer lines are not commands; echoing them back would flood the screen
_KONGS = (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG)
DISCARD_DRAWN = "."  # the command that discards the tile just drawn (摸打)
_DISCARD_DRAWN_WORDS = (DISCARD_DRAWN, "。")  # the full stop of a Chinese input method too


@dataclass(frozen=True)
class Command:
    """A parsed line: an action for the engine, a meta command, or an error to print."""

    action: Action | None = None
    meta: str | None = None  # help | hint | show | quit
    error: Phrase | None = None


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


def drawn_discardable(view: PlayerView) -> bool:
    """Whether :data:`DISCARD_DRAWN` is legal: a tile was drawn and may be discarded."""
    return view.drawn is not None and any(
        a.kind is ActionKind.DISCARD and a.tile == view.drawn for a in view.legal
    )


def _discard_drawn(view: PlayerView) -> Command:
    """``.``: the drawn tile. With none drawn it is either this seat's turn after a chi or pong
    (a tile must be named) or not a time to discard at all (the engine says why)."""
    if view.drawn is not None:
        return Command(Action(view.seat, ActionKind.DISCARD, view.drawn))
    pub = view.public
    if pub.phase is Phase.TURN and pub.current == view.seat:
        return Command(error=Phrase("move.discard_needs_tile"))
    tile = claim_tile(view)
    if tile is None:
        tile = view.concealed[0] if view.concealed else 0
    return Command(Action(view.seat, ActionKind.DISCARD, tile))


def _bare_tile(text: str, view: PlayerView) -> Command | None:
    """A line that is one tile alone discards it: ``2s``, ``二条``. Honour letters need ``d``
    (a lone ``n`` or ``p`` is more likely a slip than North or White). None when the line does
    not look like a tile at all; an error when it looks like one but is not (``0m``, ``55m``)."""
    if len(text.split()) != 1 or not (text[0].isdigit() or not text[0].isascii()):
        return None
    tile = _one_tile(text, None)
    if isinstance(tile, int):
        return Command(Action(view.seat, ActionKind.DISCARD, tile))
    return Command(error=tile) if text[0].isdigit() else None


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


def _one_tile(rest: str, example: str | None) -> int | Phrase:
    """The tile named in ``rest``, or the error line for a bad tile (``example``: the command
    it shows; None for a discard's)."""
    try:
        return parse_tile(rest)
    except RulesError as exc:
        if example is None:
            return Phrase("move.bad_discard_tile", reason=exc.phrase)
        return Phrase("move.bad_tile", reason=exc.phrase, example=example)


def _discard(rest: str, view: PlayerView) -> Command:
    if not rest:
        return Command(error=Phrase("move.discard_needs_tile"))
    tile = _one_tile(rest, None)
    if isinstance(tile, Phrase):
        return Command(error=tile)
    return Command(Action(view.seat, ActionKind.DISCARD, tile))


def _chi_sequence(rest: str, view: PlayerView) -> tuple[int, ...] | Phrase:
    try:
        tiles = sorted(parse_tiles(rest))
    except RulesError as exc:
        return Phrase("move.bad_chi_tiles", reason=exc.phrase)
    claimed = claim_tile(view)
    if len(tiles) == 2 and claimed is not None:
        tiles = sorted([*tiles, claimed])
    if len(tiles) != 3:
        return Phrase("move.chi_not_three", token=rest)
    return tuple(tiles)


def _chi(rest: str, view: PlayerView) -> Command:
    chis = [a for a in view.legal if a.kind is ActionKind.CHI]
    if not rest:
        if len(chis) == 1:
            return Command(chis[0])
        if len(chis) > 1:
            options = tuple(a.command() for a in chis)
            return Command(error=Phrase("move.several_chi", options=options))
        return Command(Action(view.seat, ActionKind.CHI, claim_tile(view)))
    seq = _chi_sequence(rest, view)
    if isinstance(seq, Phrase):
        return Command(error=seq)
    match = next((a for a in chis if a.tiles == seq), None)
    return Command(match or Action(view.seat, ActionKind.CHI, claim_tile(view), seq))


def _tile_of_claim(verb: str, rest: str, view: PlayerView) -> Phrase | None:
    """An error when ``verb`` names a tile other than the one on offer, else None."""
    if not rest:
        return None
    tile = _one_tile(rest, f"{verb} 7s")
    if isinstance(tile, Phrase):
        return tile
    offered = claim_tile(view)
    if offered is not None and tile != offered:
        return Phrase(
            "move.not_on_offer",
            offered=both_notations(offered),
            named=both_notations(tile),
            verb=verb,
        )
    return None


def _pong(rest: str, view: PlayerView) -> Command:
    error = _tile_of_claim("pong", rest, view)
    if error:
        return Command(error=error)
    return Command(Action(view.seat, ActionKind.PONG, claim_tile(view)))


def _kong_guess(view: PlayerView, tile: int | None) -> Action:
    """An action for a kong that is not legal, so that the engine can say why."""
    if view.public.phase is not Phase.TURN:
        return Action(view.seat, ActionKind.KONG, tile if tile is not None else claim_tile(view))
    hand = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
    if tile is None:
        counts = counts_of(hand)
        tile = max(range(NUM_KINDS), key=lambda k: counts[k])
    melds = view.public.seats[view.seat].melds
    pongs = {r.meld.tiles[0] for r in melds if r.meld.kind is MeldKind.PONG}
    kind = ActionKind.BUGANG if tile in pongs and tile in hand else ActionKind.ANGANG
    return Action(view.seat, kind, tile)


def _kong(rest: str, view: PlayerView) -> Command:
    kongs = [a for a in view.legal if a.kind in _KONGS]
    if not rest:
        if len(kongs) == 1:
            return Command(kongs[0])
        if len(kongs) > 1:
            options = tuple(a.command() for a in kongs)
            return Command(error=Phrase("move.several_kongs", options=options))
        return Command(_kong_guess(view, None))
    tile = _one_tile(rest, "kong 7z")
    if isinstance(tile, Phrase):
        return Command(error=tile)
    match = next((a for a in kongs if a.tile == tile), None)
    return Command(match or _kong_guess(view, tile))


def _no_tile(verb: str, kind: ActionKind) -> Callable[[str, PlayerView], Command]:
    def build(rest: str, view: PlayerView) -> Command:
        error = _tile_of_claim(verb, rest, view) if kind is ActionKind.WIN else None
        if rest and kind is ActionKind.PASS:
            error = Phrase("move.pass_takes_no_tile")
        if error:
            return Command(error=error)
        claiming = kind is ActionKind.WIN and view.public.phase is not Phase.TURN
        return Command(Action(view.seat, kind, claim_tile(view) if claiming else None))

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
        return Command(error=Phrase("move.empty_line"))
    if len(text) > MAX_LINE:
        return Command(error=Phrase("move.line_too_long", n=len(text)))
    if text in _DISCARD_DRAWN_WORDS:
        return _discard_drawn(view)
    verb, rest = _split(text)
    if verb in _META:
        return Command(meta=_META[verb])
    build = _BUILDERS.get(verb)
    if build is None:
        bare = _bare_tile(text, view)
        if bare is not None:
            return bare
        word = text.split(None, 1)[0]  # as typed, not lowercased
        shown = word if len(word) <= 20 else word[:20] + "…"
        return Command(error=Phrase("move.not_a_command", token=shown))
    return build(rest, view)
