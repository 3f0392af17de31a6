"""Runtime settings read from the environment (and a `.env` file)."""

from __future__ import annotations

import ipaddress
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

import dotenv

from shangrao_bot.sharding import MAX_SHARDS, ShardPlan, ShardSpecError, parse_shard_ids

DEFAULT_DATABASE_URL = "sqlite:///data/shangrao.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A configuration variable holds a value that cannot be used."""

    def __init__(self, variable: str, value: str, expected: str) -> None:
        super().__init__(f"{variable}={value!r} is invalid: expected {expected}")
        self.variable = variable
        self.value = value
        self.expected = expected


@dataclass(frozen=True)
class Timing:
    """One pace knob of the virtual tables: its variable, the ``ServiceConfig`` field it sets
    and the values allowed (seconds)."""

    variable: str
    field: str
    low: float
    high: float


# The pace of virtual tables (defaults: ``ServiceConfig``). Operators may want a faster AI or
# shorter pauses; end-to-end tests run ``python bot.py`` at test speed. Upper bounds keep a typo
# (an extra zero) from freezing every table; TABLE_MIN_CLAIM_SECONDS stays within the default
# claim window (15 s), or /table create without a claim time would be refused.
TABLE_TIMINGS = (
    Timing("TABLE_AI_DELAY_SECONDS", "ai_delay", 0.0, 60.0),
    Timing("TABLE_MIN_CLAIM_SECONDS", "min_claim_seconds", 0.0, 15.0),
    Timing("TABLE_READY_SECONDS", "ready_seconds", 0.0, 3600.0),
    Timing("TABLE_MIN_BETWEEN_HANDS_SECONDS", "min_between_hands", 0.0, 600.0),
    Timing("TABLE_RESUME_GRACE_SECONDS", "resume_grace_seconds", 0.0, 3600.0),
    Timing("TABLE_LOBBY_IDLE_SECONDS", "lobby_idle_seconds", 60.0, 86400.0),
)

# How often the bot edits what players watch (defaults: the presenter's ``Pacing``): the board
# of a table's thread, and a player's panel while it offers no move. Shorter shows each move
# sooner and spends more of Discord's request limits; end-to-end tests set them small.
PACING_TIMINGS = (
    Timing("TABLE_BOARD_EDIT_SECONDS", "board_edit_seconds", 0.0, 60.0),
    Timing("TABLE_BOARD_FRESH_SECONDS", "board_fresh_seconds", 0.0, 60.0),
    Timing("TABLE_PANEL_QUIET_SECONDS", "panel_quiet_seconds", 0.0, 60.0),
)


# How long commands still running on SIGTERM/SIGINT may take to finish before they are
# cancelled (container managers usually kill 10 s after SIGTERM).
SHUTDOWN_GRACE = Timing("SHUTDOWN_GRACE_SECONDS", "shutdown_grace_seconds", 0.0, 600.0)
DEFAULT_SHUTDOWN_GRACE = 5.0

# Worker processes drawing the tables' pictures (0: threads of the bot's own process).
PICTURE_PROCESSES = "PICTURE_PROCESSES"
DEFAULT_PICTURE_PROCESSES = 2
MAX_PICTURE_PROCESSES = 16

# The operator's page of health and metrics (/healthz, /metrics): its port (unset: no page)
# and the address it listens on (this machine only by default).
METRICS_PORT = "METRICS_PORT"
METRICS_HOST = "METRICS_HOST"
DEFAULT_METRICS_HOST = "127.0.0.1"
# The league's web pages (`shangrao-bot web`, or the bot's own process when WEB_PORT is set):
# the port (unset: no pages in the bot), the address listened on (this machine only by
# default), the public address links carry behind a reverse proxy (unset: where it listens),
# and the pages one client address may ask for in a minute.
WEB_PORT = "WEB_PORT"
WEB_HOST = "WEB_HOST"
WEB_PUBLIC_URL = "WEB_PUBLIC_URL"
WEB_REQUESTS_PER_MINUTE = "WEB_REQUESTS_PER_MINUTE"
DEFAULT_WEB_HOST = "127.0.0.1"
DEFAULT_WEB_REQUESTS_PER_MINUTE = 120
MAX_WEB_REQUESTS_PER_MINUTE = 1_000_000
_PUBLIC_URL = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+(/[A-Za-z0-9._~\-/]*)?")
_HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*")


@dataclass(frozen=True)
class TableTimings:
    """Pace of the virtual tables set in the environment (:data:`TABLE_TIMINGS`,
    :data:`PACING_TIMINGS`); None: the service's or the presenter's default."""

    ai_delay: float | None = None
    min_claim_seconds: float | None = None
    ready_seconds: float | None = None
    min_between_hands: float | None = None
    resume_grace_seconds: float | None = None
    lobby_idle_seconds: float | None = None
    board_edit_seconds: float | None = None
    board_fresh_seconds: float | None = None
    panel_quiet_seconds: float | None = None


# Backups the running bot takes itself: how often (an interval such as 6h; unset: none), how
# many of its own it keeps, and where (unset: beside the database; see store/backups/schedule).
BACKUP_EVERY = "BACKUP_EVERY"
BACKUP_KEEP = "BACKUP_KEEP"
BACKUP_DIR = "BACKUP_DIR"
DEFAULT_BACKUP_KEEP = 7
MAX_BACKUP_KEEP = 1000
BACKUP_EVERY_RANGE = (60.0, 30 * 86400.0)  # a minute to thirty days
_INTERVAL_PART = re.compile(r"(\d+)\s*([smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class BackupPlan:
    """The bot's scheduled backups: every ``every_seconds`` (None: none), the newest ``keep``
    kept, in ``folder`` (None: beside the database)."""

    every_seconds: float | None = None
    keep: int = DEFAULT_BACKUP_KEEP
    folder: str | None = None


@dataclass(frozen=True)
class WebPlan:
    """The league's web pages: served by the bot on ``port`` (None: not by the bot), listening
    on ``host``; links carry ``public_url`` (None: ``http://host:port``); each client address
    may ask for ``requests_per_minute`` pages a minute."""

    port: int | None = None
    host: str = DEFAULT_WEB_HOST
    public_url: str | None = None
    requests_per_minute: int = DEFAULT_WEB_REQUESTS_PER_MINUTE

    def link_base(self, port: int | None = None) -> str:
        """Where links point: the public address, else where the server listens."""
        if self.public_url is not None:
            return self.public_url.rstrip("/")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{port if port is not None else self.port}"


@dataclass(frozen=True, repr=False)
class Settings:
    discord_token: str | None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    table_timings: TableTimings = TableTimings()
    shutdown_grace_seconds: float = DEFAULT_SHUTDOWN_GRACE
    # None: the process's picture workers are left as they are (tests set them themselves)
    picture_processes: int | None = None
    shards: ShardPlan = ShardPlan()  # noqa: RUF009 (frozen: one shared default is safe)
    metrics_port: int | None = None  # None: no health and metrics page (0: any free port)
    metrics_host: str = DEFAULT_METRICS_HOST
    backups: BackupPlan = BackupPlan()
    web: WebPlan = WebPlan()

    def __repr__(self) -> str:
        token = None if self.discord_token is None else "[token]"
        return (
            f"Settings(discord_token={token!r}, database_url={self.database_url!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"table_timings={self.table_timings!r}, "
            f"shutdown_grace_seconds={self.shutdown_grace_seconds!r}, "
            f"picture_processes={self.picture_processes!r}, shards={self.shards!r}, "
            f"metrics_port={self.metrics_port!r}, metrics_host={self.metrics_host!r}, "
            f"backups={self.backups!r}, web={self.web!r})"
        )


def _get(env: Mapping[str, str], name: str) -> str | None:
    """The stripped value of `name`, or None when unset or blank (as in `.env.example`)."""
    value = env.get(name, "").strip()
    return value or None


def _seconds(env: Mapping[str, str], timing: Timing) -> float | None:
    """A duration in seconds within ``timing``'s range (``1``, ``0.5``, ``2e-2``), or None."""
    text = _get(env, timing.variable)
    if text is None:
        return None
    expected = f"a number of seconds from {timing.low:g} to {timing.high:g}"
    try:
        value = float(text)
    except ValueError:
        raise SettingsError(timing.variable, text, expected) from None
    if not (math.isfinite(value) and timing.low <= value <= timing.high):
        raise SettingsError(timing.variable, text, expected)
    return value


def _processes(env: Mapping[str, str]) -> int:
    text = _get(env, PICTURE_PROCESSES)
    if text is None:
        return DEFAULT_PICTURE_PROCESSES
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_PICTURE_PROCESSES):
        expected = f"a whole number from 0 to {MAX_PICTURE_PROCESSES}"
        raise SettingsError(PICTURE_PROCESSES, text, expected)
    return int(text)


def _shards(env: Mapping[str, str]) -> ShardPlan:
    """``SHARD_COUNT`` (how many shards the bot has in all) and ``SHARD_IDS`` (which of them
    this process runs: ``0-3``, ``4,5``); neither: one process, Discord's recommended count."""
    count_text = _get(env, "SHARD_COUNT")
    ids_text = _get(env, "SHARD_IDS")
    if count_text is None:
        if ids_text is not None:
            raise SettingsError(
                "SHARD_IDS", ids_text, "SHARD_COUNT to be set too (the bot's shards in all)"
            )
        return ShardPlan()
    if not (count_text.isascii() and count_text.isdigit() and 1 <= int(count_text) <= MAX_SHARDS):
        raise SettingsError("SHARD_COUNT", count_text, f"a whole number from 1 to {MAX_SHARDS}")
    count = int(count_text)
    if ids_text is None:
        return ShardPlan(count)
    try:
        return ShardPlan(count, parse_shard_ids(ids_text, count))
    except ShardSpecError as exc:
        raise SettingsError("SHARD_IDS", ids_text, f"shard ids like 0-3 or 4,5 ({exc})") from None


def _port(env: Mapping[str, str], name: str) -> int | None:
    text = _get(env, name)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        expected = "a port number from 1 to 65535 (0: any free port), or empty for no page"
        raise SettingsError(name, text, expected)
    return int(text)


def _host(env: Mapping[str, str], name: str, default: str) -> str:
    text = _get(env, name)
    if text is None:
        return default
    try:
        ipaddress.ip_address(text)
    except ValueError:
        if len(text) > 253 or not _HOST_NAME.fullmatch(text):
            expected = "an address of this machine (127.0.0.1, 0.0.0.0, ::1) or a host name"
            raise SettingsError(name, text, expected) from None
    return text


def _metrics_port(env: Mapping[str, str]) -> int | None:
    return _port(env, METRICS_PORT)


def _metrics_host(env: Mapping[str, str]) -> str:
    return _host(env, METRICS_HOST, DEFAULT_METRICS_HOST)


def _web(env: Mapping[str, str]) -> WebPlan:
    """``WEB_PORT``, ``WEB_HOST``, ``WEB_PUBLIC_URL`` and ``WEB_REQUESTS_PER_MINUTE``."""
    public = _get(env, WEB_PUBLIC_URL)
    if public is not None and (len(public) > 200 or not _PUBLIC_URL.fullmatch(public)):
        expected = "the pages' address as browsers reach it, like https://mahjong.example.org"
        raise SettingsError(WEB_PUBLIC_URL, public, expected)
    rate = DEFAULT_WEB_REQUESTS_PER_MINUTE
    rate_text = _get(env, WEB_REQUESTS_PER_MINUTE)
    if rate_text is not None:
        if not (
            rate_text.isascii()
            and rate_text.isdigit()
            and 1 <= int(rate_text) <= MAX_WEB_REQUESTS_PER_MINUTE
        ):
            expected = f"a whole number from 1 to {MAX_WEB_REQUESTS_PER_MINUTE}"
            raise SettingsError(WEB_REQUESTS_PER_MINUTE, rate_text, expected)
        rate = int(rate_text)
    return WebPlan(_port(env, WEB_PORT), _host(env, WEB_HOST, DEFAULT_WEB_HOST), public, rate)


def _interval(text: str) -> float | None:
    """``6h``, ``90m``, ``1d12h``, ``30s`` in seconds; None when it is not one."""
    compact = text.replace(" ", "").lower()
    parts = _INTERVAL_PART.findall(compact)
    if not parts or "".join(n + u for n, u in parts) != compact:
        return None
    return float(sum(int(n) * _UNIT_SECONDS[u] for n, u in parts))


def _backups(env: Mapping[str, str]) -> BackupPlan:
    """``BACKUP_EVERY``, ``BACKUP_KEEP`` and ``BACKUP_DIR``."""
    every: float | None = None
    every_text = _get(env, BACKUP_EVERY)
    if every_text is not None:
        every = _interval(every_text)
        low, high = BACKUP_EVERY_RANGE
        if every is None or not low <= every <= high:
            expected = "an interval from 1m to 30d, such as 6h, 90m or 1d (empty: no backups)"
            raise SettingsError(BACKUP_EVERY, every_text, expected)
    keep = DEFAULT_BACKUP_KEEP
    keep_text = _get(env, BACKUP_KEEP)
    if keep_text is not None:
        if not (
            keep_text.isascii() and keep_text.isdigit() and 1 <= int(keep_text) <= MAX_BACKUP_KEEP
        ):
            expected = f"a whole number from 1 to {MAX_BACKUP_KEEP}"
            raise SettingsError(BACKUP_KEEP, keep_text, expected)
        keep = int(keep_text)
    return BackupPlan(every, keep, _get(env, BACKUP_DIR))


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Read settings from `env`, or when None from the process environment plus the
    nearest `.env` file at or above the working directory (real variables win).

    Raises SettingsError naming the variable when a value is unusable.
    """
    if env is None:
        dotenv.load_dotenv(dotenv.find_dotenv(usecwd=True))
        env = os.environ

    guild_text = _get(env, "DEV_GUILD_ID")
    dev_guild_id: int | None = None
    if guild_text is not None:
        if not (guild_text.isascii() and guild_text.isdigit()):
            raise SettingsError("DEV_GUILD_ID", guild_text, "a numeric Discord server id")
        dev_guild_id = int(guild_text)

    level_text = _get(env, "LOG_LEVEL") or "INFO"
    log_level = level_text.upper()
    if log_level not in LOG_LEVELS:
        raise SettingsError("LOG_LEVEL", level_text, "one of " + ", ".join(LOG_LEVELS))

    timings = TableTimings(**{t.field: _seconds(env, t) for t in (*TABLE_TIMINGS, *PACING_TIMINGS)})
    grace = _seconds(env, SHUTDOWN_GRACE)

    return Settings(
        discord_token=_get(env, "DISCORD_TOKEN"),
        database_url=_get(env, "DATABASE_URL") or DEFAULT_DATABASE_URL,
        dev_guild_id=dev_guild_id,
        log_level=log_level,
        table_timings=timings,
        shutdown_grace_seconds=DEFAULT_SHUTDOWN_GRACE if grace is None else grace,
        picture_processes=_processes(env),
        shards=_shards(env),
        metrics_port=_metrics_port(env),
        metrics_host=_metrics_host(env),
        backups=_backups(env),
        web=_web(env),
    )
