"""The AI players by level, for whatever seats a player (a table, the arena, the simulator, the
terminal game): :data:`AI_LEVELS` and :func:`make_ai`. Above the players themselves — ``easy``
and ``normal`` (:mod:`.ai`) and ``hard`` (:mod:`.hard_ai`, built on the hand analysis, itself
built on :mod:`.ai`) — so that every import points one way."""

from __future__ import annotations

import random

from shangrao_bot.engine.ai import EasyAI, NormalAI
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.first_hard_ai import FirstHardAI
from shangrao_bot.engine.hard_ai import HardAI

AI_LEVELS = ("easy", "normal", "hard")
#: The levels an arena may pit against each other: the players' levels and ``hard-v1``, the
#: first ``hard``, kept to measure its successor against.
ARENA_LEVELS = (*AI_LEVELS, "hard-v1")


def make_ai(level: str, rng: random.Random) -> EasyAI | NormalAI | FirstHardAI:
    """An AI player by level name (``easy``, ``normal``, ``hard``, or ``hard-v1`` for arenas); an
    :class:`~.errors.EngineError` (a ``ValueError``) for any other name."""
    if level == "easy":
        return EasyAI(rng)
    if level == "normal":
        return NormalAI(rng)
    if level == "hard":
        return HardAI(rng)
    if level == "hard-v1":
        return FirstHardAI(rng)
    raise EngineError("engine.ai.bad_level", token=level, levels=AI_LEVELS)
