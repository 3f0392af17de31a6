"""Per-guild settings: preset, house switches, stake, language, scorer role, confirmation
policy, and whether reviews of hands are shown publicly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import InvalidRecord
from shangrao_bot.store.ledger.audit import record_audit

PRESETS = ("shangrao", "baike")
SWITCHES = ("indicator_kong", "di_hu", "qiang_gang", "baike_loose_baodiao", "rob_with_bao")
LANGUAGES = ("auto", "en", "zh-CN", "zh-TW")
SETTINGS = (
    "preset",
    "stake",
    "language",
    "scorer_role_id",
    "confirm_minutes",
    "confirmations",
    "review_public",
)
CONFIRM_MINUTES = (1, 1440)


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    preset: str = "shangrao"
    switches: dict[str, bool] = field(default_factory=dict)
    stake: int = 1
    language: str = "auto"
    scorer_role_id: int | None = None
    confirm_minutes: int = 30  # a hand waiting for confirmation longer than this is voided
    confirmations: int = 1  # other seated members who must confirm a hand (fewer if fewer sit)
    review_public: bool = False  # reviews of players' decisions shown to everyone, not only them


async def get_settings(db: Database, guild_id: int) -> GuildSettings:
    row = await db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return _settings_from_row(guild_id, row)


async def update_settings(db: Database, guild_id: int, actor: int, **changes: Any) -> GuildSettings:
    """Change some settings (``preset``, ``stake``, ``language``, ``scorer_role_id``,
    ``confirm_minutes``, ``confirmations``, ``review_public``, or a switch name with a bool);
    audited with before and after."""
    for key in changes:
        if key not in (*SETTINGS, *SWITCHES):
            raise InvalidRecord("store.settings.unknown", key=key)
    at = now_iso()

    async def update(tx: Tx) -> GuildSettings:
        # read inside the write transaction: two admins changing different settings at once
        # must both land
        row = await tx.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        before = _settings_from_row(guild_id, row)
        after = _apply_changes(before, changes)
        await tx.execute(
            "INSERT INTO guild_settings (guild_id, preset, switches, stake, language,"
            " scorer_role_id, confirm_minutes, confirmations, review_public, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset,"
            " switches = excluded.switches, stake = excluded.stake,"
            " language = excluded.language, scorer_role_id = excluded.scorer_role_id,"
            " confirm_minutes = excluded.confirm_minutes,"
            " confirmations = excluded.confirmations,"
            " review_public = excluded.review_public, updated_at = excluded.updated_at",
            (
                guild_id,
                after.preset,
                json.dumps(after.switches),
                after.stake,
                after.language,
                after.scorer_role_id,
                after.confirm_minutes,
                after.confirmations,
                int(after.review_public),
                at,
            ),
        )
        await record_audit(
            tx, guild_id, actor, "settings", "guild", guild_id, before.__dict__, after.__dict__
        )
        return after

    after = await db.write(update)
    return after


def _settings_from_row(guild_id: int, row: Row | None) -> GuildSettings:
    if row is None:
        return GuildSettings(guild_id)
    return GuildSettings(
        guild_id,
        row["preset"],
        json.loads(row["switches"]),
        row["stake"],
        row["language"],
        row["scorer_role_id"],
        row["confirm_minutes"],
        row["confirmations"],
        bool(row["review_public"]),
    )


def _apply_changes(before: GuildSettings, changes: dict[str, Any]) -> GuildSettings:
    preset, stake, language = before.preset, before.stake, before.language
    role, switches = before.scorer_role_id, dict(before.switches)
    minutes, confirmations = before.confirm_minutes, before.confirmations
    review_public = before.review_public
    for key, value in changes.items():
        if key == "preset":
            if value not in PRESETS:
                raise InvalidRecord("store.settings.bad_preset", preset=value)
            preset = value
        elif key == "stake":
            if not isinstance(value, int) or value < 1:
                raise InvalidRecord("store.settings.bad_stake", stake=value)
            stake = value
        elif key == "language":
            if value not in LANGUAGES:
                raise InvalidRecord(
                    "store.settings.bad_language", language=value, languages=LANGUAGES
                )
            language = value
        elif key == "scorer_role_id":
            role = value
        elif key == "confirm_minutes":
            low, high = CONFIRM_MINUTES
            if not isinstance(value, int) or not low <= value <= high:
                raise InvalidRecord(
                    "store.settings.bad_confirm_minutes", minutes=value, low=low, high=high
                )
            minutes = value
        elif key == "confirmations":
            if not isinstance(value, int) or not 1 <= value <= 3:
                raise InvalidRecord("store.settings.bad_confirmations", count=value)
            confirmations = value
        elif key == "review_public":
            if not isinstance(value, bool):
                raise InvalidRecord("store.settings.bad_review_public", value=value)
            review_public = value
        else:
            switches[key] = bool(value)
    return GuildSettings(
        before.guild_id,
        preset,
        switches,
        stake,
        language,
        role,
        minutes,
        confirmations,
        review_public,
    )


async def chosen_languages(db: Database) -> dict[int, str]:
    """Servers whose public messages have a language chosen with ``/rules set language``
    (``auto`` ones are left out: they follow the server's preferred locale)."""
    rows = await db.fetchall(
        "SELECT guild_id, language FROM guild_settings WHERE language <> 'auto'", ()
    )
    return {int(r["guild_id"]): str(r["language"]) for r in rows}
