"""How a club event looks in Discord: the event's message (settings, players, status), a
round's seating (tables, winds, mentions), the standings, and each player's DM. Pure builders:
embeds and strings from the service's results, in one language.

Every name a player typed is escaped (:func:`~.score_views.shown`); a member is named by
mention where the message should reach them (the seating) and by name elsewhere (mentions in
an embed reach nobody, and a name reads better there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import discord

from shangrao_bot.service.club_events import EventSheet
from shangrao_bot.service.club_standings import Standings
from shangrao_bot.store.ledger import Player
from shangrao_bot.store.ledger.event_rounds import EventRound
from shangrao_bot.store.ledger.events import Event
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.score_views import shown

EMBED_COLOUR = discord.Colour.from_rgb(176, 32, 32)
NAMES_SHOWN = 64  # every player of the largest event
STANDINGS_SHOWN = 30  # an embed's description holds 4,096 characters: 30 lines leave room
MEDALS = ("🥇", "🥈", "🥉")


def settings_line(event: Event, lang: str) -> str:
    s = event.settings
    first = t("club.ui.winds_first", lang) if s.winds_first else ""
    return (
        t(
            "club.ui.settings",
            lang,
            rounds=s.rounds,
            seating=t(f"club.ui.seating.{s.seating}", lang),
            tables=t(f"club.ui.tables.{s.tables_kind}", lang),
            preset=str(s.rules.get("preset", "shangrao")),
            hands=s.hands_per_round,
            resting=t(f"club.ui.resting.{s.resting}", lang),
        )
        + first
    )


def status_line(sheet: EventSheet, done: tuple[int, int], lang: str) -> str:
    event = sheet.event
    if not event.is_open:
        return t("club.ui.status.finished", lang)
    playing = sheet.playing
    if playing is not None:
        return t(
            "club.ui.status.playing",
            lang,
            round=playing.round_no,
            rounds=event.settings.rounds,
            done=done[0],
            tables=done[1],
        )
    if sheet.next_round > event.settings.rounds:
        return t("club.ui.status.all_played", lang, rounds=event.settings.rounds)
    return t("club.ui.status.waiting", lang, round=sheet.next_round, rounds=event.settings.rounds)


def event_embed(
    sheet: EventSheet, done: tuple[int, int], organiser: str, lang: str
) -> discord.Embed:
    """The event's message: its settings, organiser, players and where it stands."""
    event = sheet.event
    lines = []
    for p in sheet.players[:NAMES_SHOWN]:
        name = shown(p.player.display_name, lang)
        if p.left_round is not None:
            lines.append(t("club.ui.player_left", lang, name=name, round=p.left_round - 1))
        elif p.joined_round > 1:
            lines.append(t("club.ui.player_late", lang, name=name, round=p.joined_round))
        else:
            lines.append(name)
    playing = len([p for p in sheet.players if p.left_round is None])
    embed = discord.Embed(
        title=t("club.ui.title", lang, name=shown(event.name, lang)),
        description=f"{settings_line(event, lang)}\n{status_line(sheet, done, lang)}",
        colour=EMBED_COLOUR,
    )
    embed.add_field(
        name=t("club.ui.players", lang, n=playing),
        value=" · ".join(lines)[:1024] if lines else t("club.ui.no_players", lang),
        inline=False,
    )
    embed.set_footer(text=t("club.ui.organiser", lang, name=organiser))
    return embed


def seat_label(player: Player | None, kind: str, lang: str, mention: bool) -> str:
    """A seat as the seating names it: a member by mention, a guest by name, a fill-in as a
    substitute or an AI."""
    if player is None:
        return t("club.ui.substitute" if kind == "physical" else "club.ui.ai_seat", lang)
    if mention and player.user_id is not None:
        return f"<@{player.user_id}>"
    return shown(player.display_name, lang)


def seating_text(
    event: Event,
    round_: EventRound,
    players: Mapping[int, Player],
    where: Mapping[int, int],
    lang: str,
) -> str:
    """A round's seating as one message: each table with its thread, each seat's wind and
    player (members mentioned, so that each is told), the resting players, the repeats."""
    kind = event.settings.tables_kind
    lines = [
        f"**{t('club.ui.seating_title', lang, round=round_.round_no)}** · {shown(event.name, lang)}"
    ]
    for table in round_.tables:
        thread = where.get(table.table_no)
        head = t("club.ui.table", lang, table=table.table_no)
        seats = " · ".join(
            t(
                "club.ui.seat",
                lang,
                wind=seat,
                name=seat_label(None if pid is None else players[pid], kind, lang, True),
            )
            for seat, pid in enumerate(table.seats)
        )
        lines.append(f"**{head}**" + (f" <#{thread}>" if thread else "") + f"\n{seats}")
    if round_.resting:
        names = "、" if lang.startswith("zh") else ", "
        lines.append(
            t(
                "club.ui.resting",
                lang,
                names=names.join(seat_label(players[p], kind, lang, True) for p in round_.resting),
            )
        )
    lines.append(
        t("club.ui.repeats", lang, repeats=round_.repeats)
        if round_.repeats
        else t("club.ui.repeats_none", lang)
    )
    return "\n".join(lines)


def _place(value: Fraction | None, lang: str) -> str:
    if value is None:
        return t("club.ui.no_value", lang)
    return f"{float(value):.2f}"


def standings_embed(sheet: EventSheet, standings: Standings, lang: str) -> discord.Embed:
    """The standings: each player's rank, total, average place and best round."""
    event = sheet.event
    played = [r for r in sheet.rounds if not r.is_playing]
    after = sheet.playing.round_no if sheet.playing is not None else len(played)
    lines = []
    for line in standings.lines[:STANDINGS_SHOWN]:
        medal = MEDALS[line.rank - 1] if line.rank <= len(MEDALS) and sheet.rounds else ""
        text = t(
            "club.ui.standings_line",
            lang,
            rank=line.rank,
            name=f"{medal}{shown(line.player.display_name, lang)}",
            total=line.total,
            place=_place(line.average_place, lang),
            best=t("club.ui.no_value", lang)
            if line.best_round is None
            else f"{line.best_round:+d}",
        )
        if line.rested_rounds:
            text += t("club.ui.standings_rest", lang, n=line.rested_rounds)
        lines.append(text)
    embed = discord.Embed(
        title=t("club.ui.standings_title", lang, name=shown(event.name, lang)),
        description="\n".join(lines) if sheet.rounds else t("club.ui.standings_empty", lang),
        colour=EMBED_COLOUR,
    )
    embed.set_footer(
        text=t(
            "club.ui.standings_after",
            lang,
            round=after,
            rounds=event.settings.rounds,
            hands=standings.hands,
        )
    )
    return embed


def dm_text(
    event: Event, round_: EventRound, player_id: int, where: Mapping[int, int], lang: str
) -> str:
    """What a player is told privately: their table and wind, or that they rest."""
    name = shown(event.name, lang)
    for table in round_.tables:
        for seat, pid in enumerate(table.seats):
            if pid == player_id:
                thread = where.get(table.table_no)
                return t(
                    "club.ui.dm",
                    lang,
                    event=name,
                    round=round_.round_no,
                    table=table.table_no,
                    wind=seat,
                    where=f"<#{thread}>"
                    if thread
                    else t("club.ui.table", lang, table=table.table_no),
                )
    return t("club.ui.dm_resting", lang, event=name, round=round_.round_no)


def names_list(players: Sequence[Player], lang: str) -> str:
    joiner = "、" if lang.startswith("zh") else ", "
    return joiner.join(shown(p.display_name, lang) for p in players)
