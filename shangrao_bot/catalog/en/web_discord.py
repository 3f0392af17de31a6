"""The league's web pages as Discord shows them: ``/web on | off | rotate | link`` and the 🌐
buttons that open a leaderboard, a profile, a session, a replay or a review on the web.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.discord.button.site": "Open the league's pages",
    "web.discord.button.league": "Leaderboard on the web",
    "web.discord.button.player": "Profile on the web",
    "web.discord.button.session": "Session on the web",
    "web.discord.button.hand": "Replay on the web",
    "web.discord.button.review": "Review on the web",
    "web.discord.admin_only": (
        "Only server administrators can switch the league's web pages on or off or give them"
        " a new address."
    ),
    "web.discord.no_address": (
        "The bot does not know where its web pages are served. Its operator must set"
        " `WEB_PORT` (the bot serves them itself) or `WEB_PUBLIC_URL` (the address of a"
        " separate `shangrao-bot web`), then restart the bot."
    ),
    "web.discord.on": (
        "The league's web pages are on: <{url}>\n"
        "Anyone with this address can read the server's book (names, scores, sessions);"
        " nobody can change anything there. Share it with your players. `/web rotate` gives"
        " the pages a new address (every old link stops working); `/web off` closes them."
    ),
    "web.discord.already_on": (
        "The league's web pages were already on: <{url}>\n"
        "`/web rotate` gives them a new address (every old link stops working); `/web off`"
        " closes them."
    ),
    "web.discord.rotated": (
        "The league's web pages have a new address: <{url}>\nEvery earlier link now leads nowhere."
    ),
    "web.discord.off": (
        "The league's web pages are off: every link to them now leads nowhere. `/web on`"
        " opens them again at a new address."
    ),
    "web.discord.already_off": "The league's web pages were already off.",
    "web.discord.link": (
        "The server's league on the web (leaderboard, seasons, sessions, players): <{url}>\n"
        "Anyone with this address can read them."
    ),
    "web.discord.link_off": (
        "The league's web pages are off. A server administrator can switch them on with `/web on`."
    ),
}
