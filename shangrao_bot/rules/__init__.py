"""The Shangrao mahjong rules core (the rule book in docs/): standard library only, no I/O
beyond reading the shipped lookup tables once at import.

Typical use::

    from shangrao_bot.rules import parse_tiles, parse_tile, score_win, WinInput
    result = score_win(WinInput(tuple(parse_tiles("123m456p789s11122z")), bao=parse_tile("5m"),
                                winning_tile=parse_tile("2z")))

The modules:

* ``tiles`` — tiles and notation (mpsz, Chinese names, melds); ``tile_names`` — tiles and
  hands named as players say them, in each language; ``errors`` — typed refusals;
* ``shapes`` — fast, unchecked shape checks for AI players (34-count lists), over the lookup
  tables of ``tables`` (built by ``tablegen``, shipped in ``data/``);
* ``hand`` — validated analysis of players' input; ``interpret`` — every reading of a hand;
* ``ruleset`` — the preset, house switches and stake a table plays under;
* ``scoring`` — :func:`score_win` and :func:`score_draw`, over ``score_model`` (the words of
  scoring), ``readings`` (what both presets ask of a hand), ``shangrao_preset`` and
  ``baike_preset`` (what a hand is worth under each), ``win_checks`` (impossible descriptions)
  and ``payments`` (who pays whom);
* ``quick`` — a hand scored from its pattern and flags; ``bonus_text`` — bonuses as typed.
"""

from shangrao_bot.rules.errors import (
    HandError,
    ImpossibleHandError,
    RulesError,
    ScoringInputError,
    TileParseError,
)
from shangrao_bot.rules.hand import (
    CompleteAnalysis,
    WaitAnalysis,
    analyze_complete,
    analyze_waiting,
    validate_tiles,
)
from shangrao_bot.rules.interpret import Group, GroupType, Interpretation, interpretations
from shangrao_bot.rules.payments import bonus_payments, kong_bonuses
from shangrao_bot.rules.readings import in_baodiao_state
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import (
    Bonus,
    BonusKind,
    Modifier,
    Payment,
    Reason,
    ScoreResult,
    WinHow,
    WinInput,
)
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.shapes import (
    Shape,
    complete_shapes,
    is_complete,
    shanten,
    shanten_by_shape,
    waits,
)
from shangrao_bot.rules.tiles import (
    Meld,
    MeldKind,
    bao_from_indicator,
    counts_of,
    format_melds,
    format_tiles,
    format_tiles_zh,
    indicator_from_bao,
    parse_hand_and_melds,
    parse_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
    tile_name,
    tile_str,
)
from shangrao_bot.rules.win_checks import check_bao_tally, check_kong_chain

__all__ = [
    "Bonus",
    "BonusKind",
    "CompleteAnalysis",
    "Group",
    "GroupType",
    "HandError",
    "ImpossibleHandError",
    "Interpretation",
    "Meld",
    "MeldKind",
    "Modifier",
    "Payment",
    "Preset",
    "Reason",
    "RuleSet",
    "RulesError",
    "ScoreResult",
    "ScoringInputError",
    "Shape",
    "TileParseError",
    "WaitAnalysis",
    "WinHow",
    "WinInput",
    "analyze_complete",
    "analyze_waiting",
    "bao_from_indicator",
    "bonus_payments",
    "check_bao_tally",
    "check_kong_chain",
    "complete_shapes",
    "counts_of",
    "format_melds",
    "format_tiles",
    "format_tiles_zh",
    "in_baodiao_state",
    "indicator_from_bao",
    "interpretations",
    "is_complete",
    "kong_bonuses",
    "parse_hand_and_melds",
    "parse_melds",
    "parse_tile",
    "parse_tiles",
    "score_draw",
    "score_win",
    "shanten",
    "shanten_by_shape",
    "sort_tiles",
    "tile_name",
    "tile_str",
    "validate_tiles",
    "waits",
]
