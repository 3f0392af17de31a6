"""Runtime settings read from the environment (and a `.env` file)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

import dotenv

DEFAULT_DATABASE_URL = "sqlite:///data/shangrao.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A configuration variable holds a value that cannot be used."""

    def __init__(self, variable: str, value: str, expected: str) -> None:
        super().__init__(f"{variable}={value!r} is invalid: expected {expected}")
        self.variable = variable
        self.value = value
        self.expected = expected


@dataclass(frozen=True, repr=False)
class Settings:
    discord_token: str | None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    def __repr__(self) -> str:
        token = None if self.discord_token is None else "[token]"
        return (
            f"Settings(discord_token={token!r}, database_url={self.database_url!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r})"
        )


def _get(env: Mapping[str, str], name: str) -> str | None:
    """The stripped value of `name`, or None when unset or blank (as in `.env.example`)."""
    value = env.get(name, "").strip()
    return value or None


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

    return Settings(
        discord_token=_get(env, "DISCORD_TOKEN"),
        database_url=_get(env, "DATABASE_URL") or DEFAULT_DATABASE_URL,
        dev_guild_id=dev_guild_id,
        log_level=log_level,
    )
