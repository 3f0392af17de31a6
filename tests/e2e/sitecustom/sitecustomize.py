"""Point discord.py at the loopback fake Discord, for a bot started as a separate process.

Python imports ``sitecustomize`` at start-up from ``sys.path``; with this directory on
``PYTHONPATH`` and ``SHANGRAO_FAKE_DISCORD=http://127.0.0.1:PORT`` in the environment, the bot's
unmodified discord.py talks REST to ``http://127.0.0.1:PORT/api/v10`` and opens its gateway at
``ws://127.0.0.1:PORT/gateway``. ``FakeDiscord.subprocess_env()`` builds that environment.
Without the variable this module does nothing (and imports nothing).

A fake whose identify window is shorter than Discord's 5 s (a test not about it) also sets
``SHANGRAO_FAKE_IDENTIFY_SECONDS``: the bot's processes then pace their logins to that window
(with the same 10 % margin they keep over Discord's).
"""

from __future__ import annotations

import os

_url = os.environ.get("SHANGRAO_FAKE_DISCORD", "").strip().rstrip("/")
if _url:
    import discord.gateway
    import discord.http
    import yarl

    if not _url.startswith(("http://127.", "http://localhost", "http://[::1]")):
        raise RuntimeError(f"SHANGRAO_FAKE_DISCORD={_url!r}: the fake must be on loopback")
    discord.http.Route.BASE = _url + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        "ws" + _url.removeprefix("http") + "/gateway"
    )
    _window = os.environ.get("SHANGRAO_FAKE_IDENTIFY_SECONDS", "").strip()
    if _window:
        from shangrao_bot.store.processes import postgres_coordination

        postgres_coordination.IDENTIFY_INTERVAL_SECONDS = float(_window) * 1.1
