"""Listening on an address (``METRICS_HOST:METRICS_PORT``, ``WEB_HOST:WEB_PORT``) and stopping,
on the process's own event loop.

An address that cannot be used (the port taken by another program, a port below 1024 without
the privilege, a host that is not this machine's) is a :class:`~shangrao_bot.settings.
SettingsError` naming the variable to change: the bot stops at start-up with that one line,
exit status 2, as for any other setting. Requests are not logged (a scrape every few seconds
would fill the log); the page's answers say what they are.
"""

from __future__ import annotations

import errno
import logging

from aiohttp import web

from shangrao_bot.settings import METRICS_HOST, METRICS_PORT, SettingsError

log = logging.getLogger(__name__)

STOP_TIMEOUT_S = 1.0  # a scrape still open at shutdown is cut after this long


def bind_error(
    host: str,
    port: int,
    error: OSError,
    variables: tuple[str, str] = (METRICS_HOST, METRICS_PORT),
) -> SettingsError:
    """The setting to change when ``host:port`` cannot be listened on (``variables``: the
    names of the host's and the port's settings)."""
    host_variable, port_variable = variables
    if error.errno == errno.EADDRINUSE:
        expected = f"a port no other program listens on ({host}:{port} is taken)"
        return SettingsError(port_variable, str(port), expected)
    if error.errno == errno.EACCES:
        expected = "a port this user may listen on (below 1024 needs privileges)"
        return SettingsError(port_variable, str(port), expected)
    reason = error.strerror or type(error).__name__
    return SettingsError(host_variable, host, f"an address of this machine ({reason})")


class WebServer:
    """One aiohttp application served on one address while started."""

    def __init__(
        self,
        app: web.Application,
        host: str,
        port: int,
        what: str = "health and metrics",
        paths: str = "/healthz, /metrics",
        variables: tuple[str, str] = (METRICS_HOST, METRICS_PORT),
    ) -> None:
        """``port`` 0: a free port the system chooses (:attr:`port` tells which); ``what``
        and ``paths`` name what is served in the log line, ``variables`` the settings of the
        address."""
        self.app = app
        self.what = what
        self.paths = paths
        self.variables = variables
        self.host = host
        self.requested_port = port
        self.port: int | None = None  # the port listened on, once started
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str | None:
        if self.port is None:
            return None
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        """Listen (once); :class:`SettingsError` when the address cannot be used."""
        if self._runner is not None:
            return
        runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=STOP_TIMEOUT_S)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.requested_port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            raise bind_error(self.host, self.requested_port, exc, self.variables) from None
        self._runner = runner
        self.port = int(runner.addresses[0][1])  # (host, port, …) of the socket listened on
        log.info("%s served on %s (%s)", self.what, self.url, self.paths)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
            self.port = None
