"""Is a text written for Chinese readers only in Chinese? A checker for end-to-end tests.

:func:`offending` takes the texts a reader sees and the words a test allows (the names it gave
its players, say) and returns what does not belong: every Latin-letter word that is not
allowed, and every mpsz tile code (``5m``, ``123p``, ``6z``) — allowed words or not, a Chinese
reader never sees a tile written that way. Discord's own tokens are not words: user, role and
channel mentions (``<@…>``, ``<@&…>``, ``<#…>``), command mentions (``</score tiles:…>``),
timestamps (``<t:…:R>``) and custom emoji (``<:name:…>``) are skipped, as are a masked link's
target (``[前往牌桌](https://…)`` shows only its text), a hash or seed in code (`` `9f3a…` ``),
numbers, ``#12`` style ids, punctuation and emoji.

:func:`message_texts` collects what a reader sees of a fake Discord message: its content, every
embed's title, description, fields, footer and author, text displays, and the labels and
placeholders of its components.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tests.e2e.fake_model import FakeMessage

# Discord markup that is not text: mentions, command mentions, timestamps, custom emoji; a
# masked link's target (Discord shows its text, not the URL); a hash or seed in code
DISCORD_TOKEN = re.compile(
    r"<(?:@[!&]?\d+|#\d+|/[^<>:]+:\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+)>"
    r"|(?<=\])\(https?://[^\s)]+\)"
    r"|`[0-9a-f]{8,}…?`"
)
# an mpsz tile code, even glued to Chinese characters (ASCII word boundaries)
MPSZ = re.compile(r"\b[0-9]+[mpsz]\b", re.ASCII)
LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
CONTEXT = 24  # characters either side of an offending word in the report


def offending(texts: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """What in ``texts`` is not for a Chinese reader: mpsz codes, and Latin-letter words not in
    ``allowed`` (compared case-insensitively; a multi-word name counts word by word). Each
    finding is reported as ``'word' in …context…``; an empty list means the texts are clean."""
    ok = {w.lower() for name in allowed for w in LATIN_WORD.findall(name)}
    found: list[str] = []
    for text in texts:
        bare = DISCORD_TOKEN.sub(" ", text)
        for match in MPSZ.finditer(bare):
            found.append(_report(match, bare))
        bare = MPSZ.sub(" ", bare)
        for match in LATIN_WORD.finditer(bare):
            if match.group().lower() not in ok:
                found.append(_report(match, bare))
    return found


def _report(match: re.Match[str], text: str) -> str:
    start, end = max(0, match.start() - CONTEXT), match.end() + CONTEXT
    context = text[start:end].replace("\n", " ⏎ ")
    return f"{match.group()!r} in …{context}…"


def message_texts(message: FakeMessage) -> list[str]:
    """Everything a reader sees of ``message`` as text (not its files)."""
    out = [message.text()]
    for component in message.iter_components():
        for key in ("label", "placeholder"):
            if component.get(key):
                out.append(str(component[key]))
        for option in component.get("options") or []:
            out += [str(option.get("label") or ""), str(option.get("description") or "")]
    return [text for text in out if text]
