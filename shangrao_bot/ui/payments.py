"""A payment as players read it: who pays whom how much, and why the amount is what it is.

A payer's own 飞宝 doubles what they pay for a win (each 宝 they flew doubles it): the amount
is the hand's value per payer times 2ⁿ. Spelled out (``4 = 2 × 2，飞宝 1 张``), nobody at the
table has to work out why one player pays more than the others.
"""

from __future__ import annotations

from shangrao_bot.ui.i18n import t


def amount_text(amount: int, value: int | None, lang: str) -> str:
    """``**4** = 2 × 2, flew 1 宝`` when the payer's own 飞宝 multiplied the hand's ``value``
    per payer; ``**4**`` otherwise (bonuses, 抢杠, a payer who flew nothing)."""
    bold = f"**{amount}**"
    if not value or amount == value or amount % value:
        return bold
    factor = amount // value
    if factor & (factor - 1):  # not a power of two: not a 飞宝 doubling
        return bold
    flown = factor.bit_length() - 1
    return t("table.result.doubled", lang, amount=bold, value=value, factor=factor, flown=flown)


def payment_line(
    payer: str, payee: str, amount: int, reason: str, lang: str, value: int | None = None
) -> str:
    """``西家 <@Bo> → 东家 <@Ann>：**4** = 2 × 2，飞宝 1 张（胡）`` (``value``: the win's value
    per payer, for a win's payment)."""
    return t(
        "table.result.payment",
        lang,
        payer=payer,
        payee=payee,
        amount=amount_text(amount, value if reason == "win" else None, lang),
        reason=t(f"skv.reason.{reason}", lang),
    )
