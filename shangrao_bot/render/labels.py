"""The words the images draw, per language, as one :class:`Labels` each (:func:`labels_for`).

Each public render function takes ``lang``: ``"en"``, ``"zh-CN"`` or ``"zh-TW"``
(:data:`DEFAULT_LANG` when not given). Chinese images carry Chinese labels only, zh-TW in
traditional characters; English images carry English labels and keep the Chinese terms that
English-speaking players of this game use themselves (宝, 飞宝, 杠开, pattern names, the latter
with a short English gloss: :func:`gloss`).

The labels' words live in the catalogs, area ``pictures`` (keys ``pic.…``,
``shangrao_bot/catalog/*/pictures.py``), like every other text a user reads; this module builds
a :class:`Labels` from them and keeps what is not a per-language text: the tile faces, the
scorer's Chinese terms and their English glosses. Tiles are named by
:func:`shangrao_bot.rules.tile_names.tile_label`, as in the bot's messages.

The scorer names patterns and modifiers in simplified Chinese;
:func:`~shangrao_bot.catalog.fields.term` writes them in the image's script. The shipped fonts
are subsets: they hold only the glyphs of the labels, of the scorer's names in both scripts and
of printable ASCII. :mod:`.charset` derives the subset
(``tests/render/make_font_subset.py``) and a test proves that every character the images can
draw is in the font: add a label to the catalogs' ``pictures`` area, rerun the subset script.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from shangrao_bot.catalog import CATALOGS
from shangrao_bot.engine.hand_records import Outcome
from shangrao_bot.rules.baike_preset import BAIKE_PATTERNS
from shangrao_bot.rules.score_model import Reason, WinHow
from shangrao_bot.rules.shangrao_preset import SHANGRAO_MODIFIERS, SHANGRAO_PATTERNS

LANGS = ("en", "zh-CN", "zh-TW")
DEFAULT_LANG = "zh-CN"

# --- tile faces (the serif tile font) ----------------------------------------------------------

NUMERALS = "一二三四五六七八九"
WAN = "萬"
#: faces of the honour tiles 1z-7z; 白 (5z) is drawn as a frame, not a glyph
HONOR_FACES = ("東", "南", "西", "北", "", "發", "中")
#: the gold badge of a 宝 tile and the tag of a flown one, simplified and traditional
BAO = "宝"
BAO_TRAD = "寶"
FLOWN_TAG = "飞"
FLOWN_TAG_TRAD = "飛"


# --- the scorer's names ------------------------------------------------------------------------

# parts of pattern names the scorer composes in code rather than lists as data (a test keeps
# them equal to shangrao_preset.LUXURY and baike_preset.STATUS_NAMES)
LUXURY = ("豪华", "双豪华", "三豪华")
BAIKE_STATUS = ("无宝自摸", "宝调", "有宝自摸")
FLAT = ("天胡", "地胡")

#: English glosses of the words pattern and modifier names are made of (longest match first)
_GLOSS = {
    "平胡自摸": "plain self-draw",
    "平胡": "plain",
    "清碰碰胡": "clean all pongs",
    "碰碰胡": "all pongs",
    "宝吊头": "宝 pair wait",
    "宝吊宝": "宝 waits on 宝",
    "宝吊无宝": "clean 宝 wait",
    "清七对": "clean seven pairs",
    "七对": "seven pairs",
    "三豪华": "triple luxury",
    "双豪华": "double luxury",
    "豪华": "luxury",
    "七星": "seven stars",
    "十三浪": "thirteen loose",
    "十三烂": "thirteen loose",
    "九幺": "terminals & honours",
    "清一色": "one suit",
    "字一色": "all honours",
    "无宝自摸": "clean self-draw",
    "有宝自摸": "self-draw with 宝",
    "宝调": "宝 wait",
    "天胡": "heavenly hand",
    "地胡": "earthly hand",
    "杠开": "kong replacement",
    "单吊": "single wait",
    "抢杠": "robbed kong",
    "飞宝": "宝 flown",
}


def gloss(name: str) -> str:
    """A short English gloss of a pattern or modifier name (``碰碰胡宝吊头`` → ``all pongs, 宝
    pair wait``); "" when a part is unknown (the name then stands alone)."""
    parts: list[str] = []
    i = 0
    while i < len(name):
        if name[i] == " ":
            i += 1
            continue
        word = next((w for w in sorted(_GLOSS, key=len, reverse=True) if name.startswith(w, i)), "")
        if not word:
            return ""
        parts.append(_GLOSS[word])
        i += len(word)
    return ", ".join(parts)


# --- labels ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Labels:
    """The labels of one language. ``{…}`` fields are filled with :meth:`str.format` (not the
    catalog's format specs: the images fill them with plain values)."""

    lang: str
    winds: tuple[str, str, str, str]
    seat: str  # a seat by number, {n} = 1-4
    house: str  # a seat by wind as a player ("西家"), {wind}
    join: str  # between names in a list
    # the board and the hand
    bao: str
    bao_caption: str
    indicator: str
    dealer: str
    live: str
    turn: str
    won: str
    flown: str  # {n}
    status_turn: str  # {who}
    status_claim: str
    status_rob: str
    status_won: str  # {who} (one winner)
    status_won_many: str  # {who} (several winners, 抢杠)
    exhausted: str
    exhausted_note: str
    rules_line: str  # {preset} {stake} {move}
    presets: dict[str, str]
    hash: str
    seed: str
    drawn: str
    claim_discard: tuple[str, ...]  # lines above a claimable discard, {who}
    claim_rob: tuple[str, ...]  # lines above a 补杠 tile that may be robbed, {who}
    waits: str
    per_payer: str
    not_a_win: str
    no_waits: str
    you: str  # the viewer's own seat, on her private panel
    # the result card
    how: dict[WinHow, str]
    shapes: dict[str, str]
    clean: str
    with_bao: str
    meld_kinds: dict[str, str]
    payments: str
    no_payments: str
    net: str
    reasons: dict[Reason, str]
    doubling: str  # {who} {amount} {value} {factor} {count} (the 宝 flown, in count_words)
    count_words: tuple[str, ...]  # 0-4 in words ({count})
    kong_chain: str  # {n}
    winner_flown: str  # {n}
    # charts
    totals_title: str
    hand_axis: str
    points_axis: str
    board_title: str
    metrics: dict[str, str]
    col_hands: str
    col_wins: str
    col_rate: str
    col_best: str
    col_flown: str
    no_data: str
    podium_title: str
    outcomes: dict[Outcome, str]

    def seat_no(self, seat: int) -> str:
        """Seat 0-3 as players count it: 1-4."""
        return self.seat.format(n=seat + 1)


#: the keys of the labels that are tables (in the order the images list them)
_PRESETS = ("shangrao", "baike")
_SHAPES = ("standard", "seven_pairs", "thirteen_lan", "yaojiu")
_MELD_KINDS = (
    "chi",
    "pong",
    "kong_exposed",
    "kong_concealed",
    "kong_indicator",
    "kong_indicator_exposed",
)
_METRICS = ("total", "average", "win_rate", "biggest")


def _from_catalog(lang: str) -> Labels:
    """The labels of ``lang`` as the catalog's ``pictures`` area writes them (``pic.…``): a
    tuple's items are keys of their own (``pic.winds.0``), a table's entries too
    (``pic.how.self``), and the lines above a claimable tile are one text, one line each."""
    texts = CATALOGS[lang]

    def word(key: str) -> str:
        return texts[f"pic.{key}"]

    def table(key: str, names: Iterable[str]) -> dict[str, str]:
        return {name: word(f"{key}.{name}") for name in names}

    words = {f.name: word(f.name) for f in fields(Labels) if f.type == "str" and f.name != "lang"}
    return Labels(
        lang=lang,
        winds=(word("winds.0"), word("winds.1"), word("winds.2"), word("winds.3")),
        presets=table("presets", _PRESETS),
        claim_discard=tuple(word("claim_discard").split("\n")),
        claim_rob=tuple(word("claim_rob").split("\n")),
        how={how: word(f"how.{how.value}") for how in WinHow},
        shapes=table("shapes", _SHAPES),
        meld_kinds=table("meld_kinds", _MELD_KINDS),
        reasons={reason: word(f"reasons.{reason.value}") for reason in Reason},
        count_words=tuple(word(f"count_words.{n}") for n in range(5)),
        metrics=table("metrics", _METRICS),
        outcomes={outcome: word(f"outcomes.{outcome.value}") for outcome in Outcome},
        **words,
    )


_BY_LANG = {lang: _from_catalog(lang) for lang in LANGS}


def labels_for(lang: str) -> Labels:
    """The labels of ``lang``; a ValueError names the languages for anything else."""
    try:
        return _BY_LANG[lang]
    except KeyError:
        raise ValueError(f"lang {lang!r} is not one of {', '.join(LANGS)}") from None


def scorer_names() -> list[str]:
    """Every pattern and modifier name the scorer can give (simplified)."""
    names = [name.split("/")[0] for name in SHANGRAO_PATTERNS]
    names += [luxury + pairs for luxury in LUXURY for pairs in ("七对", "清七对")]
    names += [f"{row} {status}" for row in BAIKE_PATTERNS for status in BAIKE_STATUS]
    names += [*BAIKE_PATTERNS, *SHANGRAO_MODIFIERS, *FLAT, "杠开", "飞宝"]
    return names
