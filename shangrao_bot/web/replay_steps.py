"""What each step of a replayed hand says in words on its web page: whose move and which tile,
seats named by their wind this hand (``东家`` / ``East``: the page's view choices say who sits
there), tiles as players say them (``五万``, ``东``, ``发``).

The words come from the step's public events only (as a spectator saw them: a draw is "East
draws a tile"). A seat's view adds that seat's own draws (``East draws 五万``), which its
picture shows anyway; nothing else of a concealed hand is ever put in words, whatever view the
page shows. The last step adds each seat's result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from shangrao_bot import catalog
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.replay import Replay, ReplayStep
from shangrao_bot.rules.tile_names import hand_text, tile_label

SEPARATOR = " · "
#: Moves told by the tables' own event texts (``table.event.<kind>``, plain text).
TABLE_EVENTS = frozenset(
    {EventKind.PONG, EventKind.KONG, EventKind.ANGANG, EventKind.BUGANG_DECLARED}
)


def seat_place(step: ReplayStep, seat: int, lang: str) -> str:
    """``东家`` / ``East``: where ``seat`` sits this hand."""
    return catalog.text("web.replay.seat", lang, {"wind": step.public.seats[seat].wind})


def signed(value: int) -> str:
    """``+12``, ``−4``, ``±0`` (a true minus sign)."""
    if value == 0:
        return "±0"
    return f"+{value}" if value > 0 else f"−{-value}"


def own_draw(before: ReplayStep, after: ReplayStep, seat: int) -> int | None:
    """The tile ``seat`` drew between two steps (its hand's one new tile), if it is one."""
    new = Counter(after.hands[seat]) - Counter(before.hands[seat])
    return next(iter(new)) if sum(new.values()) == 1 else None


def event_line(
    event: Event, step: ReplayStep, before: ReplayStep | None, view: int | None, lang: str
) -> str | None:
    """One public event of ``step`` in words; None for what a reader need not read (the deal's
    hands, a 补杠 that stood, the end marker)."""
    k = event.kind
    if event.seat is None:
        return catalog.text("table.event.exhausted", lang) if k is EventKind.EXHAUSTED else None
    who = seat_place(step, event.seat, lang)
    tile = tile_label(event.tiles[0], lang) if event.tiles else ""
    if k is EventKind.HAND_STARTED and len(event.tiles) == 2:
        indicator, bao = event.tiles
        args = {
            "dealer": who,
            "bao": tile_label(bao, lang),
            "indicator": tile_label(indicator, lang),
        }
        return catalog.text("web.replay.deal", lang, args)
    if k is EventKind.DREW:
        kind = "drew_replacement" if event.detail == "replacement" else "drew"
        drawn = own_draw(before, step, event.seat) if before and view == event.seat else None
        if drawn is None:
            return catalog.text(f"web.replay.{kind}", lang, {"who": who})
        args = {"who": who, "tile": tile_label(drawn, lang)}
        return catalog.text(f"web.replay.{kind}_tile", lang, args)
    if k is EventKind.DISCARDED:
        key = "table.event.flown" if event.detail == "flown" else "table.event.discarded"
        return catalog.text(key, lang, {"who": who, "tile": tile})
    if k is EventKind.CHI:
        return catalog.text(
            "table.event.chi", lang, {"who": who, "tiles": hand_text(event.tiles, lang)}
        )
    if k is EventKind.KONG and len(event.tiles) == 3:  # a 跌宝杠 claimed on a discard
        return catalog.text("table.event.kong_indicator", lang, {"who": who, "tile": tile})
    if k in TABLE_EVENTS:
        return catalog.text(f"table.event.{k.value}", lang, {"who": who, "tile": tile})
    if k is EventKind.WON:
        how = catalog.text(f"table.how.{event.detail}", lang) if event.detail else ""
        return catalog.text("table.event.won", lang, {"who": who, "how": how})
    if k is EventKind.BONUS:
        bonus = catalog.text(f"skv.reason.{event.detail}", lang)
        return catalog.text("table.event.bonus", lang, {"who": who, "bonus": bonus})
    return None


def result_line(replay: Replay, lang: str) -> str | None:
    """Each seat's points for the hand, East first."""
    result = replay.final.result
    if result is None:
        return None
    last = replay.steps[-1]
    dealer = last.public.dealer
    order = [(dealer + i) % len(result.deltas) for i in range(len(result.deltas))]
    deltas = SEPARATOR.join(
        catalog.text(
            "web.replay.delta",
            lang,
            {"who": seat_place(last, s, lang), "delta": signed(result.deltas[s])},
        )
        for s in order
    )
    return catalog.text("web.replay.result", lang, {"deltas": deltas})


def step_text(replay: Replay, index: int, view: int | None, lang: str) -> str:
    """Step ``index`` in words, as ``view`` (a seat, or None: the table's) may read it."""
    step = replay.steps[index]
    before = replay.steps[index - 1] if index > 0 else None
    lines = [line for e in step.events if (line := event_line(e, step, before, view, lang))]
    if index == len(replay) - 1 and (result := result_line(replay, lang)) is not None:
        lines.append(result)
    if not lines:
        return catalog.text("web.replay.no_words", lang, {"step": index + 1})
    return SEPARATOR.join(lines)


def step_texts(replay: Replay, view: int | None, lang: str) -> Sequence[str]:
    """Every step in words, in order."""
    return [step_text(replay, i, view, lang) for i in range(len(replay))]
