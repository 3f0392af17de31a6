"""The options of a session, validated, and the AI's random source derived from them."""

from __future__ import annotations

import argparse
import hashlib
import random
import secrets
from dataclasses import dataclass

from shangrao_bot.engine.levels import AI_LEVELS
from shangrao_bot.rules.ruleset import RuleSet


@dataclass(frozen=True)
class PlayConfig:
    """The validated options of a session (read from the CLI's ``argparse.Namespace``)."""

    rules: RuleSet
    level: str
    hands: int
    seed: str | None


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Validate the options; raise ``ValueError`` with a one-line, player-readable message.

    Missing attributes take the documented defaults, so a caller may pass a partial namespace.
    """
    level = str(getattr(args, "ai", "normal") or "normal").strip().lower()
    if level not in AI_LEVELS:
        raise ValueError(f"'{level}' is not an AI level: use {' or '.join(AI_LEVELS)}")
    hands = getattr(args, "hands", 4)
    if not isinstance(hands, int) or hands < 1:
        raise ValueError(f"a session of {hands} hands is not possible: use 1 or more")
    stake = getattr(args, "stake", 1)
    if not isinstance(stake, int):
        raise ValueError(f"stake {stake!r} is not allowed: use a whole number of 1 or more")
    rules = RuleSet.from_name(str(getattr(args, "preset", "shangrao") or "shangrao"), stake=stake)
    seed = getattr(args, "seed", None)
    return PlayConfig(rules, level, hands, None if seed is None else str(seed))


def ai_rng(seed: str | None, seat: int) -> random.Random:
    """The AI's random source: derived from the session seed (reproducible) or fresh."""
    if seed is None:
        return random.Random(secrets.randbits(64))
    digest = hashlib.sha256(f"{seed}/ai/{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
