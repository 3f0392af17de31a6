"""``/rules show`` and ``/rules set``: the guild's preset, house switches and stake;
``/rules explain [topic]``: the players' rule book.

The settings live in the ledger database (:mod:`shangrao_bot.store.guilds`; the 何切 puzzle
settings — the daily puzzle, its channel, the minutes a puzzle is open — in
:mod:`shangrao_bot.store.ledger.puzzles`); changing them is for administrators and is audited. The
rule book is shown privately, in the reader's own language, a page at a time
(:mod:`shangrao_bot.ui.rulebook`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import NotAllowed, Refusal
from shangrao_bot.store.guilds import (
    LANGUAGES,
    SWITCHES,
    GuildSettings,
    get_settings,
    update_settings,
)
from shangrao_bot.store.ledger.puzzles import (
    PuzzleSettings,
    get_puzzle_settings,
    update_puzzle_settings,
)
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.rulebook import TOC, book_message

from .help import EMBED_COLOUR

DEFAULTS = {
    "indicator_kong": True,
    "di_hu": True,
    "qiang_gang": True,
    "baike_loose_baodiao": False,
    "rob_with_bao": True,
}
MAX_STAKE = 1000


def puzzle_line(puzzles: PuzzleSettings, lang: str) -> str:
    """The server's 何切 puzzle settings in one line (the daily puzzle, the minutes open)."""
    if puzzles.daily and puzzles.daily_channel_id is not None:
        return t(
            "pz.rules_daily_on", lang, channel=puzzles.daily_channel_id, minutes=puzzles.minutes
        )
    return t("pz.rules_daily_off", lang, minutes=puzzles.minutes)


def rules_embed(
    settings: GuildSettings, lang: str, puzzles: PuzzleSettings | None = None
) -> discord.Embed:
    language = settings.language if settings.language in LANGUAGES else "auto"
    lines = [
        t("rules.preset", lang, preset=t(f"rules.preset_name.{settings.preset}", lang)),
        "— " + t(f"rules.preset.{settings.preset}", lang),
        t("rules.stake", lang, stake=settings.stake),
        t(
            "skv.rules.scoring",
            lang,
            role=f"<@&{settings.scorer_role_id}>" if settings.scorer_role_id else "—",
            minutes=settings.confirm_minutes,
            confirmations=settings.confirmations,
        ),
        "",
    ]
    for name in SWITCHES:
        on = settings.switches.get(name, DEFAULTS[name])
        if name in ("qiang_gang", "rob_with_bao") and settings.preset == "baike":
            on = False  # baike has no robbing a kong, whatever the switch says
        state = t("rules.on" if on else "rules.off", lang)
        lines.append(f"**{state}** · {t(f'rules.switch.{name}', lang)}")
    lines += ["", t("rules.language", lang, language=t(f"rules.language.{language}", lang))]
    lines.append(
        t("review.rules_public" if settings.review_public else "review.rules_private", lang)
    )
    if puzzles is not None:
        lines.append(puzzle_line(puzzles, lang))
    return discord.Embed(
        title=t("rules.title", lang), description="\n".join(lines), colour=EMBED_COLOUR
    )


@app_commands.guild_only()  # the whole group (a subcommand's own decorator is ignored)
class Rules(
    commands.GroupCog,
    group_name=_("rules"),
    group_description=_("The server's scoring preset, house rules and stake"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("show"), description=_("Show the preset, the house rules and the stake")
    )
    @app_commands.guild_only()
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        settings = await get_settings(self.bot.db, interaction.guild_id)
        puzzles = await get_puzzle_settings(self.bot.db, interaction.guild_id)
        lang = public_language(self.bot, interaction.guild_id, interaction.guild_locale)
        await interaction.response.send_message(embed=rules_embed(settings, lang, puzzles))

    @app_commands.command(
        name=_("set"),
        description=_("Change the preset, a house rule or the stake (administrators)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        preset=_("Scoring preset: shangrao (multipliers) or baike (flat points)"),
        stake=_("Multiplies every amount (1-1000)"),
        indicator_kong=_("The three live tiles of the indicator's kind count as a kong"),
        di_hu=_("A non-dealer may win on the dealer's first discard"),
        qiang_gang=_("A 补杠 may be robbed (shangrao preset)"),
        baike_loose_baodiao=_("baike: other 宝 may act inside the sets of a 宝调 win"),
        rob_with_bao=_("An 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset)"),
        scorer_role=_("Members with this role may confirm and void any recorded hand"),
        confirm_minutes=_("Minutes a recorded hand waits for confirmation (1-1440)"),
        confirmations=_("Other seated members who must confirm a hand (1-3)"),
        no_scorer_role=_("Remove the scorer role (nobody is a scorer)"),
        language=_("Language of the bot's public messages and images (auto: the server's)"),
        daily_puzzle=_("Post a 何切 puzzle every day in the puzzle channel"),
        puzzle_channel=_("The channel of the daily 何切 puzzle"),
        puzzle_minutes=_("Minutes a 何切 puzzle takes answers before it is revealed (1-1440)"),
        review_public=_(
            "Anyone may review any player's decisions with /review (off: only their own)"
        ),
    )
    @app_commands.choices(
        preset=[
            app_commands.Choice(name=_("shangrao (multipliers)"), value="shangrao"),
            app_commands.Choice(name=_("baike (flat points)"), value="baike"),
        ],
        language=[
            app_commands.Choice(name=_("auto (the server's language)"), value="auto"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="简体中文", value="zh-CN"),
            app_commands.Choice(name="繁體中文", value="zh-TW"),
        ],
    )
    async def set_(
        self,
        interaction: discord.Interaction,
        preset: app_commands.Choice[str] | None = None,
        stake: app_commands.Range[int, 1, MAX_STAKE] | None = None,
        indicator_kong: bool | None = None,
        di_hu: bool | None = None,
        qiang_gang: bool | None = None,
        baike_loose_baodiao: bool | None = None,
        rob_with_bao: bool | None = None,
        scorer_role: discord.Role | None = None,
        confirm_minutes: app_commands.Range[int, 1, 1440] | None = None,
        confirmations: app_commands.Range[int, 1, 3] | None = None,
        no_scorer_role: bool | None = None,
        language: app_commands.Choice[str] | None = None,
        daily_puzzle: bool | None = None,
        puzzle_channel: discord.TextChannel | None = None,
        puzzle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        review_public: bool | None = None,
    ) -> None:
        member = interaction.user
        if not isinstance(member, discord.Member) or not member.guild_permissions.administrator:
            raise NotAllowed("error.admin_only")
        changes: dict[str, object] = {}
        if preset is not None:
            changes["preset"] = preset.value
        if stake is not None:
            if not 1 <= stake <= MAX_STAKE:
                raise Refusal("error.bad_stake", stake=stake)
            changes["stake"] = stake
        if scorer_role is not None:
            changes["scorer_role_id"] = scorer_role.id
        if no_scorer_role:
            changes["scorer_role_id"] = None
        if confirm_minutes is not None:
            changes["confirm_minutes"] = confirm_minutes
        if confirmations is not None:
            changes["confirmations"] = confirmations
        if language is not None:
            changes["language"] = language.value
        if review_public is not None:
            changes["review_public"] = review_public
        for name, value in (
            ("indicator_kong", indicator_kong),
            ("di_hu", di_hu),
            ("qiang_gang", qiang_gang),
            ("baike_loose_baodiao", baike_loose_baodiao),
            ("rob_with_bao", rob_with_bao),
        ):
            if value is not None:
                changes[name] = value
        puzzle_changes = (daily_puzzle, puzzle_channel, puzzle_minutes) != (None, None, None)
        if not changes and not puzzle_changes:
            raise Refusal("rules.nothing")
        assert interaction.guild_id is not None
        puzzles = await get_puzzle_settings(self.bot.db, interaction.guild_id)
        if daily_puzzle and puzzle_channel is None and puzzles.daily_channel_id is None:
            raise Refusal("pz.daily_needs_channel")
        if puzzle_changes:
            puzzles = await update_puzzle_settings(
                self.bot.db,
                interaction.guild_id,
                actor=member.id,
                daily=daily_puzzle,
                channel_id=None if puzzle_channel is None else puzzle_channel.id,
                minutes=puzzle_minutes,
            )
        if changes:
            settings = await update_settings(
                self.bot.db,
                interaction.guild_id,
                member.id,
                **changes,
            )
        else:
            settings = await get_settings(self.bot.db, interaction.guild_id)
        self.bot.languages.choose(interaction.guild_id, settings.language)
        if "language" in changes:  # the other processes show this server's texts too
            await self.bot.share_change(
                {"guild": interaction.guild_id, "language": settings.language}
            )
        # the answer is public: in the server's language (the new one, when it just changed)
        lang = public_language(self.bot, interaction.guild_id, interaction.guild_locale)
        await interaction.response.send_message(
            t("rules.updated", lang), embed=rules_embed(settings, lang, puzzles)
        )

    @app_commands.command(
        name=_("explain"), description=_("Read the rule book in your language (only you see it)")
    )
    @app_commands.guild_only()
    @app_commands.describe(topic=_("What to read (empty: the contents)"))
    @app_commands.choices(
        topic=[
            app_commands.Choice(name=_("Tiles, table and wall"), value="basics"),
            app_commands.Choice(name=_("跌宝 and the 宝"), value="bao"),
            app_commands.Choice(name=_("Sets, calls and kongs"), value="kongs"),
            app_commands.Choice(name=_("Winning"), value="winning"),
            app_commands.Choice(name=_("Patterns and values"), value="patterns"),
            app_commands.Choice(name=_("Payments and bonuses"), value="payments"),
            app_commands.Choice(name=_("Presets and house rules"), value="presets"),
            app_commands.Choice(name=_("Worked examples"), value="examples"),
        ]
    )
    async def explain(
        self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None
    ) -> None:
        """The rule book, ephemeral, in the reader's language: a topic's first page with
        Previous / Next / Contents, or the contents with a button per topic."""
        embed, view = book_message(topic.value if topic else TOC, lang_of(interaction.locale))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Rules(bot))
