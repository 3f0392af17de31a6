"""The rule set a table or ledger plays under: preset, house switches, stake (rule book §11).

Passed explicitly everywhere (never a global), so two guilds with different house rules can
share one process.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shangrao_bot.rules.errors import RulesError


class Preset(Enum):
    SHANGRAO = "shangrao"  # the multiplier system with worked examples (default)
    BAIKE = "baike"  # the flat point table


@dataclass(frozen=True)
class RuleSet:
    """A preset plus house switches.

    * ``indicator_kong`` — the three live tiles of the indicator's kind form a 跌宝杠 (§4).
    * ``di_hu`` — a non-dealer may win on the dealer's first discard (§5).
    * ``qiang_gang`` — robbing a 补杠 (§4); only the ``shangrao`` preset defines it, so it is
      always off under ``baike``.
    * ``baike_loose_baodiao`` — under ``baike``, whether a 宝调 win may have other 宝 acting as
      wildcards inside its sets. The rule book (§8) calls 有宝 "a 宝 acts otherwise": the default
      (False) scores such a hand as 有宝; tables that read 宝调 like 宝吊头 can switch it on.
    * ``stake`` — multiplies every amount, bonuses included (§9).
    * ``rob_with_bao`` — any complete shape may rob a 补杠, an 有宝平胡 included, which then
      scores the 基本分 1 (the rule book §4); off, an 有宝平胡 may not rob.
    """

    preset: Preset = Preset.SHANGRAO
    stake: int = 1
    indicator_kong: bool = True
    di_hu: bool = True
    qiang_gang: bool = True
    baike_loose_baodiao: bool = False
    rob_with_bao: bool = True

    def __post_init__(self) -> None:
        if self.stake < 1:
            raise RulesError("ruleset.bad_stake", n=self.stake)

    @property
    def robbing_allowed(self) -> bool:
        return self.qiang_gang and self.preset is Preset.SHANGRAO

    @classmethod
    def from_name(cls, name: str, **switches: bool | int) -> RuleSet:
        try:
            preset = Preset(name.strip().lower())
        except ValueError:
            raise RulesError("ruleset.bad_preset", token=name) from None
        return cls(preset, **switches)  # type: ignore[arg-type]
