"""The scorepad: a physical table's hand recorded with taps on a phone.

The Record button under a session's live scoreboard (:mod:`.record_button`) opens a pad: an
ephemeral message whose buttons and selects walk through who won (or 流局), how, the pattern and
its flags, then 宝 flown and bonuses per player — every step showing the running payments, or
the scorebook's refusal, so a mistake is seen before it is sent. Preview records the hand
through ``/score quick``'s or ``/score draw``'s own scorebook call and posts the same preview
with Confirm/Cancel (:mod:`.score_posting`). The first screen offers "same as last hand" and
the session's commonest hands, one tap each.

A pad lives in this process's memory only (:class:`ScorePads`): it is forgotten once sent or
closed, after :data:`PAD_MINUTES` untouched (an ephemeral message can be edited for 15 minutes),
and at a restart; its buttons then say it expired and that Record opens a new one. Its rules
are the scorebook's (:mod:`shangrao_bot.service.score_pad`): who may record, what the preset
allows, impossible hands.
"""

from __future__ import annotations

import itertools
import re
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

import discord

from shangrao_bot.catalog.fields import term
from shangrao_bot.errors import Refusal
from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.service.hand_recording import Preview
from shangrao_bot.service.pad_hand import BONUS_KINDS, BONUS_NAMES, PadHand
from shangrao_bot.service.score_pad import PadHabits, estimate, pad_habits, record
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.seating import Actor, require_seated
from shangrao_bot.store.ledger import SessionInfo, get_session
from shangrao_bot.ui.errors import message_for, reply_error
from shangrao_bot.ui.game_terms import wind_name
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.score_posting import post_preview
from shangrao_bot.ui.score_views import BookButton, actor_for, bot_book, player_name

PAD_MINUTES = 14  # untouched this long, a pad is gone (its message's token lasts 15 minutes)
NAME_WIDTH = 8  # display columns of a name on a button (a CJK character takes two)
SELECT_OPTIONS = 25  # Discord's most options in one select
STEPS = ("winner", "how", "pattern", "counts")
FLOWN = "flown"  # the counts screen's 宝-flown stepper, beside the bonus kinds


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """``name`` cut to ``width`` display columns (wide characters count two), with "…" when
    cut — the same name always shortened the same way."""
    out, used = "", 0
    for ch in name:
        w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used + w > width:
            return out.rstrip() + "…"
        out, used = out + ch, used + w
    return out


def pad_how(how: WinHow, lang: str) -> str:
    """How a hand was won, short enough for a phone's button."""
    return t(f"pad.how.{how.value}", lang)


def wind(seat: int, lang: str) -> str:
    """A seat's wind in one character (seat 1 is East): 东 / 東 / E."""
    return wind_name(seat, lang)[0]


@dataclass
class Pad:
    """One scorepad: whose it is, the hand so far, and which screen it shows."""

    id: int
    info: SessionInfo
    owner: int
    owner_name: str
    lang: str
    habits: PadHabits
    hand: PadHand
    step: str = "winner"
    shaped: bool = False  # "same as last" or a common hand chose how and the pattern
    seat: int = 0  # whose counts the counts screen steps
    touched: float = 0.0

    def touch(self) -> None:
        self.touched = time.monotonic()

    @property
    def stale(self) -> bool:
        return time.monotonic() - self.touched > PAD_MINUTES * 60


class ScorePads:
    """The open pads of this process, by id and by session."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        self._ids = itertools.count(int(time.time()) % 100_000 * 1000 + 1)

    def open(
        self, info: SessionInfo, actor: Actor, lang: str, habits: PadHabits
    ) -> tuple[Pad, Pad | None]:
        """A new pad for ``actor``, and another member's open pad of the session (if any)."""
        self._forget_stale()
        other = next(
            (p for p in self.pads.values() if p.info.id == info.id and p.owner != actor.user_id),
            None,
        )
        for old in [p for p in self.pads.values() if p.info.id == info.id]:
            if old.owner == actor.user_id:  # a new Record replaces her own older pad
                del self.pads[old.id]
        pad = Pad(next(self._ids), info, actor.user_id, actor.name, lang, habits, PadHand())
        pad.touch()
        self.pads[pad.id] = pad
        return pad, other

    def get(self, pad_id: int) -> Pad | None:
        pad = self.pads.get(pad_id)
        if pad is not None and pad.stale:
            del self.pads[pad_id]
            return None
        return pad

    def close(self, pad_id: int) -> None:
        self.pads.pop(pad_id, None)

    def _forget_stale(self) -> None:
        for pad_id in [i for i, p in self.pads.items() if p.stale]:
            del self.pads[pad_id]


def pads_of(client: Any) -> ScorePads:
    """The bot's one :class:`ScorePads` (made on first use)."""
    pads = getattr(client, "score_pads", None)
    if not isinstance(pads, ScorePads):
        pads = ScorePads()
        client.score_pads = pads
    return pads


# --- what a pad shows ---------------------------------------------------------------------------


def _seat_label(pad: Pad, seat: int, *, full: bool = False) -> str:
    """A seat by wind and name: the name shortened on a button, whole in the text."""
    name = player_name(pad.info.seats[seat].display_name, pad.lang)
    return f"{wind(seat, pad.lang)} {name if full else short_name(name)}"


def _summary(pad: Pad) -> str:
    hand, lang = pad.hand, pad.lang
    if hand.draw:
        return t("pad.summary.draw", lang)
    parts = []
    if hand.winner is not None:
        name = _seat_label(pad, hand.winner, full=True)
        parts.append(t("pad.summary.winner", lang, name=name))
    if pad.step != "winner" or pad.shaped:
        how = pad_how(hand.how, lang)
        if hand.how is WinHow.KONG:
            how += f" ×{hand.kong_chain}"
        if hand.how is WinHow.ROB and hand.robbed is not None:
            how += " ← " + _seat_label(pad, hand.robbed, full=True)
        parts.append(how)
    if hand.pattern is not None:
        flags = [term(f, lang) for f, on in (("单吊", hand.dandiao), ("九幺", hand.yaojiu)) if on]
        parts.append(" · ".join([term(hand.pattern, lang), *flags]))
    return " · ".join(parts)


def _counts_line(pad: Pad, seat: int, deltas: tuple[int, ...] | None) -> str:
    hand, lang = pad.hand, pad.lang
    counts = []
    if hand.flown[seat]:
        counts.append(t("pad.count.flown", lang) + str(hand.flown[seat]))
    for kind, n in zip(BONUS_KINDS, hand.bonuses[seat], strict=True):
        if n:
            counts.append(term(BONUS_NAMES[kind], lang) + (f"×{n}" if n > 1 else ""))
    mark = "▸ " if pad.step == "counts" and seat == pad.seat else ""
    delta = f" → **{deltas[seat]:+d}**" if deltas is not None else ""
    what = " ".join(counts) if counts else "—"
    return f"{mark}{_seat_label(pad, seat, full=True)}: {what}{delta}"


async def pad_content(book: ScoreBook, pad: Pad, actor: Actor, notice: str = "") -> str:
    """The pad's message: where it is, the hand so far, each seat's counts with the running
    payments (or the scorebook's refusal of the hand as it stands)."""
    lang = pad.lang
    lines = [t("pad.title", lang, session=pad.info.id)]
    if notice:
        lines.append(notice)
    lines.append(t(f"pad.step.{pad.step}", lang))
    summary = _summary(pad)
    if summary:
        lines.append(f"**{summary}**")
    deltas: tuple[int, ...] | None = None
    if pad.hand.decided:
        try:
            guess = await estimate(book, pad.info.guild_id, pad.info.channel_id, actor, pad.hand)
            deltas = tuple(guess.result.deltas)
        except Refusal as refusal:
            lines.append("⚠️ " + message_for(refusal, lang))
    if pad.step == "counts" or deltas is not None:
        lines += [_counts_line(pad, seat, deltas) for seat in range(len(pad.info.seats))]
    return "\n".join(lines)[:2000]


def _button(
    pad: Pad,
    op: str,
    arg: str,
    label: str,
    *,
    row: int,
    on: bool = False,
    disabled: bool = False,
    style: discord.ButtonStyle | None = None,
) -> PadButton:
    chosen = discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary
    return PadButton(pad.id, op, arg, label[:80], style or chosen, row=row, disabled=disabled)


def pad_view(pad: Pad) -> discord.ui.View:
    """The pad's buttons and selects for its current screen (at most five rows)."""
    view = discord.ui.View(timeout=None)
    lang, hand = pad.lang, pad.hand
    seats = range(len(pad.info.seats))
    add = view.add_item
    if pad.step == "winner":
        for seat in seats:
            add(
                _button(
                    pad, "win", str(seat), _seat_label(pad, seat), row=0, on=hand.winner == seat
                )
            )
        add(_button(pad, "win", "draw", t("pad.btn.draw", lang), row=0, on=hand.draw))
        if pad.habits.last is not None:
            add(_button(pad, "same", "", t("pad.btn.same", lang), row=1, on=pad.shaped))
        for i, common in enumerate(pad.habits.common):
            label = f"{term(common.pattern or '', lang)} · {pad_how(common.how, lang)}"
            add(_button(pad, "common", str(i), label, row=2))
        add(_button(pad, "close", "", t("pad.btn.close", lang), row=4))
    elif pad.step == "how":
        for how in pad.habits.hows:
            add(_button(pad, "how", how.value, pad_how(how, lang), row=0, on=hand.how is how))
        if hand.how is WinHow.KONG:
            add(_button(pad, "chain", "down", "−", row=1, disabled=hand.kong_chain <= 1))
            label = t("pad.chain", lang, n=hand.kong_chain)
            add(_button(pad, "chain", "show", label, row=1, disabled=True))
            add(_button(pad, "chain", "up", "+", row=1, disabled=hand.kong_chain >= 4))
        if hand.how is WinHow.ROB:
            for seat in seats:
                if seat != hand.winner:
                    label = t("pad.robbed", lang, name=_seat_label(pad, seat))
                    add(_button(pad, "robbed", str(seat), label, row=1, on=hand.robbed == seat))
        add(_button(pad, "nav", "back", t("pad.btn.back", lang), row=4))
        add(
            _button(
                pad, "nav", "next", t("pad.btn.next", lang), row=4, disabled=not _how_done(hand)
            )
        )
    elif pad.step == "pattern":
        names = pad.habits.patterns
        for page in range((len(names) + SELECT_OPTIONS - 1) // SELECT_OPTIONS):
            chunk = names[page * SELECT_OPTIONS : (page + 1) * SELECT_OPTIONS]
            add(PatternSelect(pad, page, chunk))
        add(_button(pad, "flag", "dandiao", term("单吊", lang), row=2, on=hand.dandiao))
        add(_button(pad, "flag", "yaojiu", term("九幺", lang), row=2, on=hand.yaojiu))
        add(_button(pad, "nav", "back", t("pad.btn.back", lang), row=4))
        done = hand.pattern is not None
        add(_button(pad, "nav", "next", t("pad.btn.next", lang), row=4, disabled=not done))
    else:  # the counts: 宝 flown and bonuses, one seat at a time
        for seat in seats:
            add(_button(pad, "seat", str(seat), _seat_label(pad, seat), row=0, on=pad.seat == seat))
        steppers: list[tuple[str, str]] = [(FLOWN, t("pad.count.flown", lang))]
        steppers += [(k.value, term(BONUS_NAMES[k], lang)) for k in BONUS_KINDS]
        for i, (what, name) in enumerate(steppers):
            row = 1 + (i + 1) // 2 if i else 1
            off = what == FLOWN and hand.draw  # a 流局 settles bonuses only
            add(_button(pad, "step", f"{what}.down", f"{name} −", row=row, disabled=off))
            add(_button(pad, "step", f"{what}.up", f"{name} +", row=row, disabled=off))
        add(_button(pad, "nav", "back", t("pad.btn.back", lang), row=4))
        add(
            _button(
                pad,
                "send",
                "",
                t("pad.btn.preview", lang),
                row=4,
                style=discord.ButtonStyle.success,
            )
        )
        add(_button(pad, "close", "", t("pad.btn.close", lang), row=4))
    return view


def _how_done(hand: PadHand) -> bool:
    return hand.how is not WinHow.ROB or hand.robbed is not None


# --- what a tap does ----------------------------------------------------------------------------


def _back(pad: Pad) -> None:
    if pad.step == "counts" and (pad.hand.draw or pad.shaped):
        pad.step = "winner"
    else:
        pad.step = STEPS[max(0, STEPS.index(pad.step) - 1)]


def _next(pad: Pad) -> None:
    pad.step = STEPS[min(len(STEPS) - 1, STEPS.index(pad.step) + 1)]


def apply(pad: Pad, op: str, arg: str) -> None:
    """One tap on the pad (every rule beyond the steppers' bounds is the scorebook's)."""
    hand = pad.hand
    if op == "win":
        if arg == "draw":
            pad.hand = hand.with_(draw=True, winner=None)
            pad.shaped = False
            pad.step = "counts"
            return
        seat = int(arg)
        robbed = hand.robbed if hand.robbed != seat else None
        pad.hand = hand.with_(draw=False, winner=seat, robbed=robbed)
        pad.seat = seat
        pad.step = "counts" if pad.shaped else "how"
    elif op == "same" and pad.habits.last is not None:
        _shape(pad, pad.habits.last)
    elif op == "common":
        _shape(pad, pad.habits.common[int(arg)])
    elif op == "how":
        how = WinHow(arg)
        pad.hand = hand.with_(how=how)
        if how not in (WinHow.KONG, WinHow.ROB):
            pad.step = "pattern"
    elif op == "chain":
        by = 1 if arg == "up" else -1
        pad.hand = hand.with_(kong_chain=min(4, max(1, hand.kong_chain + by)))
    elif op == "robbed":
        pad.hand = hand.with_(robbed=int(arg))
    elif op == "flag":
        pad.hand = hand.with_(**{arg: not getattr(hand, arg)})
    elif op == "seat":
        pad.seat = int(arg)
    elif op == "step":
        what, way = arg.split(".")
        by = 1 if way == "up" else -1
        if what == FLOWN:
            pad.hand = hand.step_flown(pad.seat, by)
        else:
            pad.hand = hand.step_bonus(pad.seat, BonusKind(what), by)
    elif op == "nav":
        (_next if arg == "next" else _back)(pad)


def _shape(pad: Pad, shape: PadHand) -> None:
    """Take how, the pattern and its flags from ``shape``; the winner is tapped next (or, if
    already tapped, the counts come)."""
    pad.hand = pad.hand.with_(
        draw=False,
        how=shape.how,
        kong_chain=shape.kong_chain,
        pattern=shape.pattern,
        dandiao=shape.dandiao,
        yaojiu=shape.yaojiu,
    )
    pad.shaped = True
    if pad.hand.winner is not None:
        pad.step = "counts"


async def show(interaction: discord.Interaction, pad: Pad, actor: Actor, notice: str = "") -> None:
    """Answer a tap by redrawing the pad in place."""
    book = bot_book(interaction.client)
    content = await pad_content(book, pad, actor, notice)
    await interaction.response.edit_message(content=content, view=pad_view(pad))


async def _tapped(interaction: discord.Interaction, pad_id: int) -> tuple[Pad, Actor] | None:
    """The pad tapped and who tapped it; None once the tap was answered that the pad expired.
    Only its opener may tap it (an ephemeral pad is hers alone; a copy is not)."""
    pad = pads_of(interaction.client).get(pad_id)
    if pad is None:
        await interaction.response.edit_message(
            content=t("pad.expired", lang_of(interaction.locale)), view=None
        )
        return None
    actor = await actor_for(bot_book(interaction.client).db, interaction)
    if actor.user_id != pad.owner:
        raise ScoreError("pad.not_yours", name=pad.owner_name)
    pad.touch()
    return pad, actor


_OPS = "win|same|common|how|chain|robbed|flag|seat|step|nav|send|close"


class PadButton(
    BookButton,
    template=rf"skp:(?P<pad>\d+):(?P<op>{_OPS}):(?P<arg>[a-z0-9.\-]*)",
):
    """A tap on a pad (``skp:{pad}:{op}:{arg}``); a pad this process no longer holds answers
    that it expired."""

    def __init__(
        self,
        pad: int,
        op: str,
        arg: str,
        label: str = "·",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"skp:{pad}:{op}:{arg}", disabled=disabled
            ),
            row=row,
        )
        self.pad, self.op, self.arg = pad, op, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PadButton:
        return cls(int(match["pad"]), match["op"], match["arg"])

    async def run(self, interaction: discord.Interaction) -> None:
        tapped = await _tapped(interaction, self.pad)
        if tapped is None:
            return
        pad, actor = tapped
        pads = pads_of(interaction.client)
        if self.op == "close":
            pads.close(pad.id)
            await interaction.response.edit_message(content=t("pad.closed", pad.lang), view=None)
            return
        if self.op == "send":
            await send(interaction, pads, pad, actor)
            return
        apply(pad, self.op, self.arg)
        await show(interaction, pad, actor)


class PatternSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"skp:(?P<pad>\d+):pattern:(?P<page>\d)",
):
    """The pattern list of a pad (a second page past 25 patterns), this session's most used
    first."""

    def __init__(self, pad: Pad | int, page: int, names: tuple[str, ...] = ()) -> None:
        pad_id = pad.id if isinstance(pad, Pad) else pad
        options = []
        if isinstance(pad, Pad):
            for name in names:
                options.append(
                    discord.SelectOption(
                        label=term(name, pad.lang)[:100],
                        value=name,
                        default=name == pad.hand.pattern,
                    )
                )
        first = page * SELECT_OPTIONS + 1
        lang = pad.lang if isinstance(pad, Pad) else "en"
        super().__init__(
            discord.ui.Select(
                custom_id=f"skp:{pad_id}:pattern:{page}",
                placeholder=t("pad.patterns", lang, first=first, last=first + len(names) - 1),
                options=options or [discord.SelectOption(label="·", value="·")],
            ),
            row=page,
        )
        self.pad, self.page = pad_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PatternSelect:
        return cls(int(match["pad"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            tapped = await _tapped(interaction, self.pad)
            if tapped is None:
                return
            pad, actor = tapped
            data: dict[str, Any] = dict(interaction.data or {})
            values = [str(v) for v in data.get("values") or []]
            if values and values[0] in pad.habits.patterns:
                pad.hand = pad.hand.with_(pattern=values[0])
            await show(interaction, pad, actor)
        except Exception as error:
            await reply_error(interaction, error)


async def send(interaction: discord.Interaction, pads: ScorePads, pad: Pad, actor: Actor) -> None:
    """Preview: record the hand through the scorebook's own call and post its preview (the
    same message as ``/score quick``'s); the pad says where it went and is forgotten. A
    refusal leaves the pad as it was, with the reason."""
    book = bot_book(interaction.client)
    if not pad.hand.decided:
        await show(interaction, pad, actor, "⚠️ " + t("pad.undecided", pad.lang))
        return
    try:
        preview: Preview = await record(
            book, pad.info.guild_id, pad.info.channel_id, actor, pad.hand, key=f"pad{pad.id}"
        )
    except Refusal as refusal:
        await show(interaction, pad, actor, "⚠️ " + message_for(refusal, pad.lang))
        return
    pads.close(pad.id)
    seq = preview.hand.seq if preview.hand is not None else 0
    await interaction.response.edit_message(content=t("pad.sent", pad.lang, seq=seq), view=None)
    await post_preview(interaction.client, interaction, preview)


class RecordButton(BookButton, template=r"sk:pad:(?P<session>\d+)"):
    """Record under a live scoreboard: opens a fresh pad for its session, for a seated member,
    a scorer or an administrator; names another member already recording."""

    def __init__(self, session: int) -> None:
        super().__init__(discord.ui.Button(label="Record", custom_id=f"sk:pad:{session}"))
        self.session = session

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RecordButton:
        return cls(int(match["session"]))

    async def run(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise ScoreError("sk.no_session")
        book = bot_book(interaction.client)
        info = await get_session(book.db, interaction.guild_id, self.session)
        if info.status != "open":
            raise ScoreError("pad.session_closed", session=info.id)
        actor = await actor_for(book.db, interaction)
        require_seated(info, actor)
        lang = lang_of(interaction.locale)
        pad, other = pads_of(interaction.client).open(
            info, actor, lang, await pad_habits(book, info)
        )
        notice = ""
        if other is not None:
            minutes = max(0, int((time.monotonic() - other.touched) // 60))
            notice = "⚠️ " + t("pad.also", lang, name=other.owner_name, minutes=minutes)
        content = await pad_content(book, pad, actor, notice)
        await interaction.response.send_message(content, view=pad_view(pad), ephemeral=True)


PAD_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PadButton,
    PatternSelect,
    RecordButton,
)
