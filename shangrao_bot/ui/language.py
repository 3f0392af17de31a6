"""Which language a message is written in.

* Messages everyone reads (the lobby, table messages, results, scoreboards, leaderboards,
  settlements) follow the server's choice — ``/rules set language`` — or, with ``auto`` (the
  default), the server's preferred locale. Discord lets only Community servers change that
  locale, so most servers are "English" there: the setting is how a Chinese group gets Chinese.
* Replies only one person reads (ephemeral replies, DMs) follow that person's Discord locale.

The choices are read once at start-up and kept current by ``/rules set``.
"""

from __future__ import annotations

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import chosen_languages
from shangrao_bot.ui.i18n import LANGS, lang_of


class ServerLanguages:
    """Each server's public language (``auto`` servers follow their preferred locale)."""

    def __init__(self) -> None:
        self._chosen: dict[int, str] = {}

    async def load(self, db: Database) -> None:
        self._chosen = await chosen_languages(db)

    def choose(self, guild_id: int, language: str) -> None:
        """``language``: ``auto`` or one of :data:`~.i18n.LANGS`."""
        if language in LANGS:
            self._chosen[guild_id] = language
        else:
            self._chosen.pop(guild_id, None)

    def setting(self, guild_id: int) -> str:
        """What ``/rules show`` shows: ``auto`` or the chosen language."""
        return self._chosen.get(guild_id, "auto")

    def public(self, guild_id: int | None, preferred_locale: object) -> str:
        """The language of a public message in ``guild_id`` (whose preferred locale is
        ``preferred_locale``)."""
        if guild_id is not None and guild_id in self._chosen:
            return self._chosen[guild_id]
        return lang_of(preferred_locale)


def public_language(client: object, guild_id: int | None, preferred_locale: object) -> str:
    """:meth:`ServerLanguages.public` of ``client``'s languages (a client without them — a test
    bot — follows the preferred locale)."""
    languages = getattr(client, "languages", None)
    if isinstance(languages, ServerLanguages):
        return languages.public(guild_id, preferred_locale)
    return lang_of(preferred_locale)
