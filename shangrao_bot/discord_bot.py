"""The Discord client: opens the database, loads the cogs, installs the translator and the one
error path, syncs slash commands (to ``DEV_GUILD_ID`` instantly, otherwise globally) and, in the
background, the tile pictures buttons carry (application emoji, ``bot.tile_emojis``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import pkgutil
from collections.abc import Callable
from dataclasses import replace
from typing import IO, Any, TypeVar

import discord
from discord.ext import commands

import cogs
from shangrao_bot.operator.operator_site import OperatorSite
from shangrao_bot.service import QueuedPresenter, ServiceConfig, TableService
from shangrao_bot.service.table_changes import SeedSource
from shangrao_bot.settings import PACING_TIMINGS, TABLE_TIMINGS, Settings, Timing
from shangrao_bot.store.database.interface import Database, is_postgres_url
from shangrao_bot.store.database.startup import hold_sqlite_file, open_ledger
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.kept_values import get_state, set_state
from shangrao_bot.store.prefs import dm_panels_off, user_langs
from shangrao_bot.store.processes.coordination import Coordination, SoloCoordination
from shangrao_bot.ui.club_posts import ClubPosts
from shangrao_bot.ui.cross_shard_clicks import Handoff
from shangrao_bot.ui.discord_presenter import DiscordPresenter
from shangrao_bot.ui.discord_retry import discord_fault
from shangrao_bot.ui.emoji import TileEmojis
from shangrao_bot.ui.errors import on_app_command_error
from shangrao_bot.ui.i18n import remember_commands
from shangrao_bot.ui.language import ServerLanguages
from shangrao_bot.ui.pacing import Pacing
from shangrao_bot.ui.pictures import PICTURES, decide_in_worker
from shangrao_bot.ui.request_budget import GLOBAL_RATE, RequestBudget, process_share
from shangrao_bot.ui.request_gate import RequestGate, install
from shangrao_bot.ui.rulebook import RULEBOOK_ITEMS
from shangrao_bot.ui.table_views import TABLE_ITEMS
from shangrao_bot.ui.translator import ShangraoTranslator
from shangrao_bot.ui.web_links import WebLinks
from shangrao_bot.web import addresses as web_addresses
from shangrao_bot.web.league_site import LeagueSite

log = logging.getLogger(__name__)

D = TypeVar("D", ServiceConfig, Pacing)

# How long a write waits for another program's lock before it is refused as "storage
# unavailable". Discord drops an interaction not answered within 3 s ("This interaction
# failed"), so the wait must leave time to answer: the player then reads that storage is
# unavailable instead of nothing.
BUSY_TIMEOUT_MS = 1500


def cog_extensions() -> list[str]:
    """Names of the modules in the `cogs` package, to be loaded as extensions."""
    return sorted(
        f"{cogs.__name__}.{module.name}"
        for module in pkgutil.iter_modules(cogs.__path__)
        if not module.name.startswith("_")
    )


def _with_timings(defaults: D, settings: Settings, timings: tuple[Timing, ...]) -> D:
    """``defaults`` with each of ``timings`` the operator set (``Settings.table_timings``) in
    its place."""
    chosen = settings.table_timings
    values = {t.field: getattr(chosen, t.field) for t in timings}
    return replace(defaults, **{field: v for field, v in values.items() if v is not None})


def service_config_for(settings: Settings) -> ServiceConfig:
    """The table service's timing: its defaults, with the ``TABLE_*_SECONDS`` variables the
    operator set in their place."""
    return _with_timings(ServiceConfig(), settings, TABLE_TIMINGS)


def pacing_for(settings: Settings) -> Pacing:
    """How often the presenter edits messages: :class:`Pacing`'s defaults, with the
    ``TABLE_BOARD_EDIT_SECONDS`` and ``TABLE_PANEL_QUIET_SECONDS`` the operator set."""
    return _with_timings(Pacing(), settings, PACING_TIMINGS)


# Only the guild events (servers, channels, threads, roles): everything the bot does comes in as
# interactions. Without the message intents Discord does not send every message of every channel
# (the bot's own panel edits included) for the bot to parse and drop.
GATEWAY_INTENTS = discord.Intents(guilds=True)

# where a process tells the others of a player's changed preference (DM panels, language)
PREFERENCES_CHANNEL = "shangrao_preferences"


class ShangraoBot(commands.AutoShardedBot):
    """Slash-command bot; needs no privileged intents (no message content, no members).

    It runs the shards ``SHARD_COUNT``/``SHARD_IDS`` name (:class:`~.sharding.ShardPlan`), by
    default every shard at Discord's recommended count. Several processes, each running some
    of the shards over one PostgreSQL database, coordinate through it
    (:mod:`.store.processes.coordination`): each runs the tables of its own guilds, hands DM
    clicks on the others' tables to them (:mod:`.ui.cross_shard_clicks`), and one of them, the
    leader, runs the jobs that must run once."""

    db: Database
    languages: ServerLanguages
    service: TableService
    table_presenter: DiscordPresenter
    presenter_queue: QueuedPresenter
    tile_emojis: TileEmojis
    club: ClubPosts | None = None  # the club events' posts, made by the events' cog

    def __init__(
        self,
        settings: Settings,
        *,
        service_config: ServiceConfig | None = None,
        seeds: SeedSource | None = None,
        pacing: Pacing | None = None,
    ) -> None:
        """``service_config`` and ``seeds``: the table service's timing and wall seeds (tests
        shorten the AI delay and make walls deterministic). Without ``service_config`` the
        timing comes from ``settings`` (:func:`service_config_for`); production draws seeds.
        ``pacing``: how often table messages and panels are edited (tests shorten it); without
        it, from ``settings`` (:func:`pacing_for`)."""
        # The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        shards = settings.shards
        sharding: dict[str, Any] = {}  # unset: every shard, at Discord's recommended count
        if shards.count is not None:
            sharding["shard_count"] = shards.count
        if shards.ids is not None:
            sharding["shard_ids"] = list(shards.ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=GATEWAY_INTENTS,
            help_command=None,
            **sharding,
        )
        self.settings = settings
        # the operator's figures and health (operator/operator_site): the parts record into
        # ``metrics``, a registry of this bot's own; METRICS_PORT serves them
        self.operator = OperatorSite(settings.metrics_host, settings.metrics_port)
        self.metrics = self.operator.metrics
        # every global-counted request takes a slot in the bot's budget first, this process's
        # share of the token's limit (ui/request_budget)
        self.budget = RequestBudget(
            GLOBAL_RATE * process_share(shards.ids, shards.count), metrics=self.metrics
        )
        # and every request waits for its route's bucket (ui/route_buckets)
        self.request_gate = RequestGate(self.budget, metrics=self.metrics)
        self.operator.watch(
            self,
            database=lambda: getattr(self, "db", None),
            service=lambda: getattr(self, "service", None),
            budget=self.budget,
        )
        # the league's pages (web/league_site), served by this process when WEB_PORT is set
        self.league = LeagueSite(settings.web, database=lambda: getattr(self, "db", None))
        # where the messages' 🌐 buttons point (ui/web_links), by the web layer's addresses
        self.web_links = WebLinks(
            lambda: getattr(self, "db", None), self.web_link_base, web_addresses
        )
        self._was_ready = False
        self.coordination: Coordination = SoloCoordination()
        self.handoff: Handoff | None = None
        self._sqlite_hold: IO[bytes] | None = None
        self._max_concurrency = 1
        self._service_config = (
            service_config if service_config is not None else service_config_for(settings)
        )
        self._seeds = seeds
        self._pacing = pacing if pacing is not None else pacing_for(settings)
        self.tree.error(on_app_command_error)
        self._draining = False
        self._in_flight: set[asyncio.Task[object]] = set()
        self._watch_interactions()

    def _watch_interactions(self) -> None:
        """Note the tasks discord.py starts for each interaction (a command, a button, a modal,
        an autocomplete), so a shutdown can wait for them; once draining, take no more.
        discord.py has no public hook that sees every kind of interaction before it runs, so
        this wraps its gateway parser for INTERACTION_CREATE (it creates the tasks at once)."""
        parsers = self._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def run_here(data: Any) -> None:
            self._tracked(lambda: original(data))

        def parse(data: Any) -> None:
            if self._draining:
                log.info("interaction ignored: shutting down")
                return
            handoff = self.handoff
            if handoff is not None and handoff.needs_routing(data):
                route = handoff.route(data, run_here)
                self._tracked(lambda: asyncio.get_running_loop().create_task(route))
                return
            run_here(data)

        parsers["INTERACTION_CREATE"] = parse

    def _tracked(self, call: Callable[[], object]) -> None:
        """Run ``call``, noting the tasks it starts (an interaction's) so a shutdown can wait
        for them."""
        # seen through the loop's task factory for the call (comparing all_tasks() before and
        # after costs a walk over every task of the bot)
        loop = asyncio.get_running_loop()
        previous = loop.get_task_factory()
        created: list[asyncio.Future[Any]] = []

        def factory(
            loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any
        ) -> asyncio.Future[Any]:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            created.append(task)
            return task

        loop.set_task_factory(factory)
        try:
            call()
        finally:
            loop.set_task_factory(previous)
        for task in created:
            self._in_flight.add(task)  # type: ignore[arg-type]
            task.add_done_callback(self._in_flight.discard)

    async def shutdown(self, grace: float | None = None) -> None:
        """Stop on a signal without cutting anyone off mid-command: take no new interactions,
        give those running ``grace`` seconds (default: ``SHUTDOWN_GRACE_SECONDS``) to finish,
        cancel the rest quietly, then :meth:`close` (timers, what the presenter still has to
        show, Discord, the database)."""
        if grace is None:
            grace = self.settings.shutdown_grace_seconds
        self._draining = True
        running = {t for t in self._in_flight if not t.done()}
        if running:
            log.info("waiting up to %gs for %d running interactions", grace, len(running))
            _, late = await asyncio.wait(running, timeout=grace)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=grace)
                log.info("cancelled %d interactions still running at shutdown", len(late))
        await self.close()

    async def open_database(self) -> None:
        """Open the ledger (once): a database that cannot be written raises StoreError. The
        runner calls this before logging in, so a bad DATABASE_URL never reaches Discord."""
        if getattr(self, "db", None) is not None:
            return
        url, shards = self.settings.database_url, self.settings.shards
        if not shards.all_in_one and not is_postgres_url(url):
            assert shards.ids is not None  # not all in one: some ids of a known count
            raise StoreError("store.db.sqlite_shards", ids=shards.ids, count=shards.count)
        db = await open_ledger(url, BUSY_TIMEOUT_MS)
        if db.kind == "sqlite":
            try:
                self._sqlite_hold = hold_sqlite_file(db.path)
            except StoreError:
                await db.close()
                raise
        db.measure_into(self.metrics)
        self.db = db

    async def open_operator_site(self) -> None:
        """When ``METRICS_PORT`` is set, serve ``/healthz`` and ``/metrics`` (once). The
        runner calls this first, before the database is opened and before logging in, so a
        port in use stops the bot at start-up (a :class:`~shangrao_bot.settings.
        SettingsError`). The loop-lag probe starts at the end of :meth:`setup_hook`. The
        league's pages likewise when ``WEB_PORT`` is set (they find nothing until the database
        is open)."""
        await self.operator.start()
        try:
            await self.league.start()
        except BaseException:
            await self.operator.stop()
            raise

    def web_link_base(self) -> str | None:
        """Where links to the league's pages point: this process's own server while it serves
        them (``WEB_PORT``), else ``WEB_PUBLIC_URL`` (a ``shangrao-bot web`` elsewhere); None
        when the bot knows of no address for them."""
        if self.league.server is not None:
            return self.league.link_base
        public = self.settings.web.public_url
        return public.rstrip("/") if public else None

    async def _start_coordination(self) -> None:
        """On PostgreSQL, join the other processes (table claims, the leader, handed-over
        clicks); alone on SQLite there is nobody to join."""
        if self.db.kind != "postgresql":
            return
        from shangrao_bot.store.processes.postgres_coordination import PgCoordination

        coordination = PgCoordination(
            self.db.target, on_lost=lambda table: self.service.drop(table)
        )
        await coordination.start()
        self.coordination = coordination
        if not self.settings.shards.all_in_one:
            _, _, limit = await self.http.get_bot_gateway()
            self._max_concurrency = int(limit.get("max_concurrency", 1))
        log.info(
            "running %s%s",
            self.settings.shards.describe(),
            "; the leader" if coordination.is_leader else "",
        )

    async def share_settings(self) -> None:
        """On PostgreSQL, keep the settings this process holds in memory (players'
        preferences, servers' languages) in step with the other processes."""
        if self.db.kind == "postgresql":
            await self.coordination.listen(PREFERENCES_CHANNEL, self._preference_changed)
            self.table_presenter.share = self.share_change

    async def share_change(self, change: dict[str, Any]) -> None:
        """Tell the bot's other processes of a changed setting they keep in memory too: a
        player's preference (``user``) or a server's public language (``guild``). Alone on
        SQLite, there is nobody to tell."""
        if self.db.kind == "postgresql":
            await self.coordination.notify(PREFERENCES_CHANNEL, json.dumps(change))

    async def _preference_changed(self, payload: str) -> None:
        change = json.loads(payload)
        if "guild" in change:
            self.languages.choose(int(change["guild"]), str(change["language"]))
        else:
            await self.table_presenter.preference_changed(change)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """One IDENTIFY per rate-limit bucket every 5 seconds, across every process of the bot
        (several processes starting together would otherwise log in at once)."""
        if self.settings.shards.all_in_one or shard_id is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        await self.coordination.identify_gate(shard_id, self._max_concurrency)

    async def setup_hook(self) -> None:
        # logged in: discord.py's HTTP session exists; its requests pass the gate from now
        install(self.http._HTTPClient__session, self.request_gate)  # type: ignore[attr-defined]
        self.tile_emojis = TileEmojis()
        await self.open_database()
        await self.open_operator_site()
        log.info("database %s at schema version %d", self.db.path, await self.db.user_version())
        await self._start_coordination()
        # Tile pictures for buttons: synced in the background (by the leader; the other
        # processes adopt them), `get` answers None until then.
        self.tile_emojis.start(self, uploads=lambda: self.coordination.is_leader)
        self.languages = ServerLanguages()
        await self.languages.load(self.db)
        if self.settings.picture_processes is not None:
            PICTURES.configure(self.settings.picture_processes)
        self._pictures_warming = asyncio.create_task(PICTURES.warm(), name="pictures-warm")
        self.table_presenter = DiscordPresenter(
            self,
            self._pacing,
            db=self.db,
            budget=self.budget,
            spare=self.request_gate.buckets.spare,
            metrics=self.metrics,
            links=self.web_links,
        )
        self.table_presenter.dm_off = await dm_panels_off(self.db)
        self.table_presenter.langs = await user_langs(self.db)
        self.presenter_queue = QueuedPresenter(
            self.table_presenter, instant=DiscordPresenter.INSTANT, transient=discord_fault
        )
        self.service = TableService(
            self.db,
            self.presenter_queue,
            config=self._service_config,
            seeds=self._seeds,
            claims=self.coordination,
            owns_guild=self.settings.shards.owns,
            decide=decide_in_worker if PICTURES.processes else None,
            prepare=self.table_presenter.prepare,
            metrics=self.metrics,
        )
        await self.share_settings()
        if not self.settings.shards.all_in_one:
            self.handoff = Handoff(
                self, self.db, self.service, self.settings.shards, self.coordination, self._tracked
            )
            await self.handoff.start()
        cfg = self.service.config
        log.info(
            "table timings: AI delay %gs, claim hold %gs, ready gate %gs, between hands %gs,"
            " resume grace %gs; pictures drawn (and AI decisions made) by %s",
            cfg.ai_delay,
            cfg.min_claim_seconds,
            cfg.ready_seconds,
            cfg.min_between_hands,
            cfg.resume_grace_seconds,
            f"{PICTURES.processes} worker processes" if PICTURES.processes else "threads",
        )
        self.add_dynamic_items(*TABLE_ITEMS, *RULEBOOK_ITEMS)  # buttons work across restarts
        await self.tree.set_translator(ShangraoTranslator())
        for name in cog_extensions():
            try:
                await self.load_extension(name)
            except commands.NoEntryPointError:
                log.debug("%s defines no setup(); not an extension", name)
            else:
                log.info("loaded %s", name)
        await self._sync_commands()
        resumed = await self.service.resume_all()
        log.info("resumed %d virtual tables", len(resumed))
        # from now on a late loop is one players feel (the start-up's imports held it once)
        self.operator.probe_loop()

    async def _sync_commands(self) -> None:
        """Sync the slash commands when they changed since the last sync (the leader only, so
        several processes starting together sync once); otherwise read them back, for their
        ids. ``DEV_GUILD_ID``: to that server (instantly), else globally."""
        guild_id = self.settings.dev_guild_id
        guild = None if guild_id is None else discord.Object(id=guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        where = "global" if guild_id is None else f"guild {guild_id}"
        fingerprint = await self._commands_fingerprint(guild)
        key = f"commands:{where}"
        if self.coordination.is_leader and await get_state(self.db, key) != fingerprint:
            synced = await self.tree.sync(guild=guild)
            await set_state(self.db, key, fingerprint)
            log.info("synced %d application commands (%s)", len(synced), where)
        else:
            synced = await self.tree.fetch_commands(guild=guild)
            log.info("application commands unchanged (%s): %d read back", where, len(synced))
        # texts mention commands by id (clickable, shown in the reader's language)
        remember_commands({command.name: command.id for command in synced})

    async def _commands_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        """A digest of exactly what a sync would send (every command, translated)."""
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if translator
            else command.to_dict(self.tree)
            for command in self.tree._get_all_commands(guild=guild)
        ]
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def on_shard_connect(self, shard_id: int) -> None:
        """A shard's READY came back: the next login of its rate-limit bucket, in any process,
        may follow 5 seconds from now."""
        if self.settings.shards.all_in_one:
            return
        try:
            await self.coordination.identified(shard_id, self._max_concurrency)
        except Exception:  # the next login then waits out the confirmation time instead
            log.warning("could not record shard %d's login as answered", shard_id, exc_info=True)

    async def on_ready(self) -> None:
        user = self.user
        log.info(
            "logged in as %s (id %s), in %d servers",
            user,
            user.id if user else "?",
            len(self.guilds),
        )
        if self._was_ready:  # a new session after the gateway was lost: as after a resume
            await self.on_resumed()
        self._was_ready = True

    async def on_resumed(self) -> None:
        """The gateway is back after an outage: the tables' boards and the players' panels are
        brought up to date (clicks were lost meanwhile, and some edits may have failed)."""
        presenter = getattr(self, "table_presenter", None)
        if presenter is not None:
            log.info("gateway back: boards and panels refreshed")
            await presenter.refresh()

    async def close(self) -> None:
        """Stop cleanly: the emoji sync, the tables' timers, what the presenter still has to
        show, Discord (no new interactions), then the database."""
        tile_emojis = getattr(self, "tile_emojis", None)
        if tile_emojis is not None:
            await tile_emojis.close()
        service = getattr(self, "service", None)
        if service is not None:
            await service.shutdown()
            try:
                await asyncio.wait_for(self.presenter_queue.drain(), 5)
            except TimeoutError:
                log.warning("table messages still queued at shutdown were dropped")
            await self.presenter_queue.close()
        if not hasattr(self, "_AutoShardedClient__queue"):
            # never logged in: discord.py's sharded close expects the queue its start-up makes
            self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()
        await super().close()
        await self.coordination.close()
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()
            log.info("database closed")
        if self._sqlite_hold is not None:
            self._sqlite_hold.close()
            self._sqlite_hold = None
        await self.league.stop()
        await self.operator.stop()
