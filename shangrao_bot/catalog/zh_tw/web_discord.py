"""The discord web page's words (filled by its page)."""

from __future__ import annotations

TEXTS: dict[str, str] = {}
