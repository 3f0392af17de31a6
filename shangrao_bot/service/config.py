"""Settings of a virtual table (chosen at creation, saved with it) and of the service (timing
knobs shared by every table, read at run time).

A table's rules come from its guild's settings (preset, house switches, stake), optionally with
another preset for this table only (rule book §11).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from shangrao_bot.engine.persist import rules_from_dict, rules_to_dict
from shangrao_bot.errors import Phrase
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.service.errors import BadTableConfig
from shangrao_bot.store.guilds import GuildSettings

_RULE_SWITCHES = {f.name for f in fields(RuleSet)} - {"preset", "stake"}


@dataclass(frozen=True)
class ServiceConfig:
    """Timing and limits of the service (not saved with tables: a restart with new values
    applies them to resumed tables too).

    * ``ai_delay`` — an AI (or autopilot) seat acts this long after its turn starts, so people
      can follow the game.
    * ``min_claim_seconds`` — at a table with two or more human seats, after a discard (or a
      补杠 that might be robbed) the table never moves on sooner, whether anyone could claim or
      not: timing must not reveal claims to the other humans. With at most one human seat
      there is nobody to hide them from and the table does not wait (:mod:`~.table_run`).
    * ``ready_seconds`` — the Ready gate between hands; then everyone is ready.
    * ``min_between_hands`` — the result stays up at least this long, even when every seat is
      ready at once (a table of AIs, quick players), so people can read it.
    * ``idle_end_seconds`` — a table where every human is away pauses, and ends after this.
    * ``strikes_for_autopilot`` — timeouts in a row before a seat plays on autopilot.
    * ``resume_grace_seconds`` — a deadline that passed while the bot was down is moved to
      now + this on resume (nobody is struck for the bot's downtime); the same after storage
      was unavailable (nobody is struck for the database's downtime either).
    * ``storage_retry_seconds``, ``storage_retry_max_seconds`` — a table whose change could not
      be saved (disk full, database locked or read-only) goes back to its last saved state and
      tries again after this, doubling each time up to the maximum, until storage is back.
    * ``lobby_idle_seconds`` — a lobby (not started) that nobody changed for this long closes,
      so forgotten lobbies do not hold a guild's table places (``max_tables_per_guild``).
    """

    ai_delay: float = 0.8
    min_claim_seconds: float = 3.0
    ready_seconds: float = 60.0
    min_between_hands: float = 5.0
    idle_end_seconds: float = 600.0
    strikes_for_autopilot: int = 2
    resume_grace_seconds: float = 20.0
    default_hands: int = 4
    default_turn_seconds: float = 45.0
    default_claim_seconds: float = 15.0
    max_hands: int = 64
    turn_seconds_range: tuple[float, float] = (10.0, 600.0)
    claim_seconds_max: float = 120.0
    max_tables_per_guild: int = 20
    storage_retry_seconds: float = 2.0
    storage_retry_max_seconds: float = 30.0
    lobby_idle_seconds: float = 1800.0


@dataclass(frozen=True)
class TableConfig:
    """What a table plays: rules, the number of hands, the players' time per turn and per
    claim window (seconds)."""

    rules: RuleSet
    hands: int
    turn_seconds: float
    claim_seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": rules_to_dict(self.rules),
            "hands": self.hands,
            "turn_seconds": self.turn_seconds,
            "claim_seconds": self.claim_seconds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        return cls(
            rules_from_dict(data["rules"]),
            int(data["hands"]),
            float(data["turn_seconds"]),
            float(data["claim_seconds"]),
        )


def rules_for(settings: GuildSettings, preset: str | None = None) -> RuleSet:
    """The guild's rule set, with ``preset`` instead of the guild's when given."""
    name = preset if preset is not None else settings.preset
    try:
        chosen = Preset(name.strip().lower())
    except ValueError:
        raise BadTableConfig(reason=Phrase("table.config.preset", name=name)) from None
    switches = {k: bool(v) for k, v in settings.switches.items() if k in _RULE_SWITCHES}
    return RuleSet(chosen, max(1, settings.stake), **switches)


def table_config(
    cfg: ServiceConfig,
    rules: RuleSet,
    hands: int | None,
    turn_seconds: float | None,
    claim_seconds: float | None,
) -> TableConfig:
    """Validate the creator's choices (defaults from ``cfg``); refusals say what is allowed."""
    n = cfg.default_hands if hands is None else hands
    if not 1 <= n <= cfg.max_hands:
        raise BadTableConfig(reason=Phrase("table.config.hands", n=n, max=cfg.max_hands))
    turn = cfg.default_turn_seconds if turn_seconds is None else float(turn_seconds)
    low, high = cfg.turn_seconds_range
    if not low <= turn <= high:
        raise BadTableConfig(reason=Phrase("table.config.turn", n=turn, low=low, high=high))
    claim = cfg.default_claim_seconds if claim_seconds is None else float(claim_seconds)
    if not cfg.min_claim_seconds <= claim <= cfg.claim_seconds_max:
        raise BadTableConfig(
            reason=Phrase(
                "table.config.claim",
                n=claim,
                low=cfg.min_claim_seconds,
                high=cfg.claim_seconds_max,
            )
        )
    return TableConfig(rules, n, turn, claim)
