"""Discord's size limits on what the bot sends, and the guard that keeps a reply inside them.

Discord refuses a whole message when one part is too long (content over 2000 characters, an
embed title over 256, ...): the interaction then goes unanswered and the user waits for
nothing. What a user typed reaches replies (a refusal names the token it could not read), so
a refusal quotes at most :data:`ECHO` characters of it, and :func:`fit_content` /
:func:`fit_embed` cut anything that would still overflow, marking the cut with ``…``.
"""

from __future__ import annotations

import re

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
ECHO = 60  # characters of typed text a refusal quotes
# a quoted run as the catalogs quote typed text: 'x', “x”, ‘x’, 「x」. A straight quote opens
# only where no letter precedes it and closes only where none follows (``can't``, ``it's``
# are apostrophes, not quotes).
_QUOTED = re.compile(
    rf"(?<=(?<!\w)')[^'\n]{{{ECHO + 1},}}(?='(?!\w))|"
    + "|".join(rf"(?<={a})[^{a}{b}\n]{{{ECHO + 1},}}(?={b})" for a, b in ("“”", "‘’", "「」"))
)


def cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters (``…`` marks a cut)."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def echo(text: str) -> str:
    """What a refusal quotes of typed ``text``: its first :data:`ECHO` characters."""
    return text if len(text) <= ECHO else text[:ECHO] + "…"


def shorten_quotes(text: str) -> str:
    """Every ``'quoted'`` run longer than :data:`ECHO` in a message cut to its start: the
    refusals of the rules core quote the token they could not read, whatever its length."""
    return _QUOTED.sub(lambda m: echo(m.group()), text)


def fit_content(text: str) -> str:
    return cut(text, CONTENT)


def _embed_size(embed: discord.Embed) -> int:
    size = len(embed.title or "") + len(embed.description or "")
    size += sum(len(f.name or "") + len(f.value or "") for f in embed.fields)
    size += len(embed.footer.text or "") + len(embed.author.name or "")
    return size


def fit_embed(embed: discord.Embed, budget: int = EMBED_TOTAL) -> discord.Embed:
    """``embed`` with each part within its limit and all of it within ``budget`` characters
    (the description gives way first, then the fields from the last)."""
    if embed.title:
        embed.title = cut(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = cut(embed.description, EMBED_DESCRIPTION)
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for f in fields:
        embed.add_field(
            name=cut(f.name or "\u200b", FIELD_NAME),
            value=cut(f.value or "\u200b", FIELD_VALUE),
            inline=bool(f.inline),
        )
    if embed.footer.text and len(embed.footer.text) > FOOTER:
        embed.set_footer(text=cut(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name and len(embed.author.name) > AUTHOR:
        embed.set_author(
            name=cut(embed.author.name, AUTHOR),
            url=embed.author.url,
            icon_url=embed.author.icon_url,
        )
    over = _embed_size(embed) - budget
    if over > 0 and embed.description:
        embed.description = cut(embed.description, max(1, len(embed.description) - over))
    while _embed_size(embed) > budget and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    return embed


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Embeds of one message: together within Discord's 6000 characters (each one gets what
    the ones before it left)."""
    out: list[discord.Embed] = []
    left = EMBED_TOTAL
    for embed in embeds[:10]:
        fitted = fit_embed(embed, max(1, left))
        left -= _embed_size(fitted)
        out.append(fitted)
    return out
