"""何切 puzzles ("what would you discard?") taken from AI games, reproducible from a seed.

Four ``normal`` AI players play a session whose walls and AI choices all derive from the seed
(:func:`~.session.seeded_source` for the walls, ``Random(f"{seed}/ai/{seat}")`` for the players,
as the simulator does). Every turn on which a player must choose a discard is ranked by the hand
ranking (:func:`~.ranking.rank_view`), from that player's own view; a turn is a puzzle when
its best discard **clearly beats** the second best (:func:`clearly_beats`). Once a hand has
ended with such turns, one of them is drawn with ``Random(f"{seed}/puzzle")``; the same seed,
rules and code always give the same puzzle.

**The rule ("clearly beats").** The best discard, by the 何切 ranking (:mod:`.ranking`),

* can win: its chance of a real win is above 0 (a ready hand whose waits are all no-wins, an
  有宝平胡, or a hand whose useful draws are all in sight, teaches nothing);
* and either leaves the hand **closer to a real win** than the second best,
* or leaves it as close, with at least :data:`CLEAR_POINTS` (0.5) more points to expect
  **and** a chance of winning at least :data:`CLEAR_RATIO` (1.5) times the second's — better
  by what it can expect *and* by how likely it wins, so neither a rich long shot nor a cheap
  quick hand decides it alone;
* a best discard that leaves the hand further than the second (the ranking may prefer a wide
  one-away hand to a poor ready one) is no puzzle: the reason is too subtle to show.

A turn also needs at least :data:`MIN_CHOICES` (4) kinds to choose from, a best discard no
further than :data:`MAX_SHANTEN` (2) from ready (the early turns of a hand are mostly about
shape), and no win on offer (a player who may win is not asking what to discard).

Pure: standard library and the engine only, like the rest of the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.analysis_input import AnalysisInput, from_view
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.persist import rules_from_dict, rules_to_dict
from shangrao_bot.engine.ranking import rank_discards
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import format_melds, format_tiles, parse_melds, parse_tiles

CLEAR_RATIO = 1.5
CLEAR_POINTS = 0.5
MIN_CHOICES = 4
MAX_SHANTEN = 2
PUZZLE_HANDS = 6  # hands of one seed's session tried before giving up
MAX_SEED = 100  # characters of a seed (what a player may type)


def clean_seed(text: str | None) -> str:
    """A seed as typed, made safe to show: control characters and backticks (it is shown in a
    code span) dropped, runs of spaces (line breaks included) made one, cut to
    :data:`MAX_SEED` characters. The cleaned text is the seed: showing it and typing it back
    poses the same puzzle."""
    kept = "".join(
        " " if ch.isspace() else ch for ch in text or "" if ch.isprintable() or ch.isspace()
    ).replace("`", "")
    return " ".join(kept.split())[:MAX_SEED]


def clearly_beats(best: DiscardAnalysis, second: DiscardAnalysis) -> bool:
    """The module's rule: ``best`` can win, and leaves the hand closer to a real win than
    ``second``, or as close with ≥ 0.5 more points to expect and ≥ 1.5 × its win chance."""
    assert best.win_chance is not None and second.win_chance is not None
    assert best.expected is not None and second.expected is not None
    if best.win_chance <= 0:
        return False
    if best.shanten != second.shanten:
        return best.shanten < second.shanten
    return (
        best.expected >= second.expected + CLEAR_POINTS
        and best.win_chance >= CLEAR_RATIO * second.win_chance
    )


@dataclass(frozen=True)
class Puzzle:
    """One 何切 problem: what the player saw (``inp``), where it came from (``seed``, the
    session's ``hand`` 1-based, ``move`` = actions played in that hand before the turn, the
    ``seat`` and its ``wind``, 0 = East), and the analysis' ranking of its discards."""

    seed: str
    hand: int
    move: int
    seat: int
    wind: int
    inp: AnalysisInput
    ranking: tuple[DiscardAnalysis, ...]

    @property
    def answer(self) -> int:
        tile = self.ranking[0].tile
        assert tile is not None
        return tile

    @property
    def choices(self) -> tuple[int, ...]:
        """The kinds that may be discarded, in tile order (never in ranking order: the buttons
        must not give the answer away)."""
        return tuple(sorted(d.tile for d in self.ranking if d.tile is not None))

    def to_json(self) -> dict[str, Any]:
        """What a stored puzzle keeps: the player's view, so that the ranking can be made
        again without replaying the games (and the seed, to replay them)."""
        inp = self.inp
        return {
            "seed": self.seed,
            "hand": self.hand,
            "move": self.move,
            "seat": self.seat,
            "wind": self.wind,
            "tiles": format_tiles(inp.tiles),
            "melds": format_melds(inp.melds),
            "bao": inp.bao,
            "seen": format_tiles(inp.seen),
            "flown": list(inp.flown),
            "live": inp.live,
            "discards": None if inp.discards is None else list(inp.discards),
            "rules": rules_to_dict(inp.rules),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        discards = data.get("discards")
        inp = AnalysisInput(
            tiles=tuple(parse_tiles(data["tiles"])),
            bao=int(data["bao"]),
            melds=tuple(parse_melds(data["melds"])) if data["melds"] else (),
            seen=tuple(parse_tiles(data["seen"])) if data["seen"] else (),
            flown=tuple(int(f) for f in data["flown"]),
            seat=int(data["seat"]),
            rules=rules_from_dict(data["rules"]),
            live=data.get("live"),
            discards=None if discards is None else tuple(int(k) for k in discards),
        )
        return cls(
            str(data["seed"]),
            int(data["hand"]),
            int(data["move"]),
            int(data["seat"]),
            int(data["wind"]),
            inp,
            rank_discards(inp),
        )


def _candidate(view: PlayerView) -> tuple[AnalysisInput, tuple[DiscardAnalysis, ...]] | None:
    """The turn's input and ranking when it makes a puzzle by the module's rule."""
    legal = view.legal
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        return None
    if any(a.kind is ActionKind.WIN for a in legal):
        return None
    inp = from_view(view)
    ranking = rank_discards(inp)
    if len(ranking) < MIN_CHOICES or ranking[0].shanten > MAX_SHANTEN:
        return None
    if not clearly_beats(ranking[0], ranking[1]):
        return None
    return inp, ranking


def pick_puzzle(
    seed: str, rules: RuleSet | None = None, hands: int = PUZZLE_HANDS
) -> Puzzle | None:
    """The puzzle of ``seed`` (see the module's docstring), or None when no turn of ``hands``
    hands makes one."""
    rules = rules or RuleSet()
    players = [make_ai("normal", random.Random(f"{seed}/ai/{s}")) for s in range(SEATS)]
    chooser = random.Random(f"{seed}/puzzle")
    session = Session(rules, hands, seeded_source(seed))
    while not session.over:
        state = session.start_hand()
        hand = len(session.records) + 1
        found: list[Puzzle] = []
        move = 0
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            if state.phase is Phase.TURN:
                candidate = _candidate(view)
                if candidate is not None:
                    inp, ranking = candidate
                    wind = view.public.seats[seat].wind
                    found.append(Puzzle(seed, hand, move, seat, wind, inp, ranking))
            state.apply(players[seat].choose(view))
            move += 1
        if found:
            return chooser.choice(found)
        session.finish_hand()
    return None
