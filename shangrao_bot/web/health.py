"""``/healthz``: whether this bot process is fit to serve, from a list of named checks.

A check is a :class:`HealthCheck`: a name and an async probe that answers None when all is
well, else what is wrong, in one line. :func:`run_checks` runs them all at once, each within
:data:`CHECK_TIMEOUT_S` (a probe that takes longer has failed: a health page must answer
even when what it checks hangs). ``/healthz`` answers ``200 ok`` when every check passes,
else ``503`` with one line per failed check (``database: no answer within 1 s``), for a
monitor or a load balancer. Another check (the storage's last write, say) is one more
:class:`HealthCheck` in the list the page reads at each request.

The probes any process can run (the database, the storage, the loop's lag) are in
:mod:`.health_checks`; the bot adds its gateway's beside them. The lines are for the operator
(as log lines are), never shown to a Discord user.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from aiohttp import web

from shangrao_bot.web.app import plain

CHECK_TIMEOUT_S = 2.0
HEALTHY = "ok\n"

Probe = Callable[[], Awaitable[str | None]]


@dataclass(frozen=True)
class HealthCheck:
    """One named check: ``probe()`` is None when all is well, else what is wrong."""

    name: str
    probe: Probe


@dataclass(frozen=True)
class Finding:
    """What one check found: ``problem`` None when it passed."""

    name: str
    problem: str | None


@dataclass(frozen=True)
class HealthReport:
    """Every check's finding, in the checks' order."""

    findings: tuple[Finding, ...]

    @property
    def healthy(self) -> bool:
        return all(f.problem is None for f in self.findings)

    @property
    def status(self) -> int:
        return 200 if self.healthy else 503

    def text(self) -> str:
        """``ok``, or one line per failed check: ``name: problem``."""
        if self.healthy:
            return HEALTHY
        return "".join(f"{f.name}: {f.problem}\n" for f in self.findings if f.problem)


async def _finding(check: HealthCheck, timeout: float) -> Finding:
    try:
        async with asyncio.timeout(timeout):
            problem = await check.probe()
    except TimeoutError:
        problem = f"no answer within {timeout:g} s"
    except Exception as exc:  # its words may carry a URL or a path: only its kind
        problem = f"failed ({type(exc).__name__})"
    if problem is not None:
        problem = " ".join(problem.split()) or "failed"  # one line
    return Finding(check.name, problem)


async def run_checks(
    checks: Sequence[HealthCheck], timeout: float = CHECK_TIMEOUT_S
) -> HealthReport:
    """Run every check at once, each within ``timeout`` seconds."""
    findings = await asyncio.gather(*(_finding(c, timeout) for c in checks))
    return HealthReport(tuple(findings))


def health_routes(checks: Sequence[HealthCheck]) -> list[web.RouteDef]:
    """``GET /healthz`` over ``checks`` (read at each request: a check appended to the list
    later counts from then on)."""

    async def healthz(request: web.Request) -> web.Response:
        report = await run_checks(checks)
        return plain(report.text(), status=report.status)

    return [web.get("/healthz", healthz)]
