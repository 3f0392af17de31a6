"""The time and the failures of every database call, for the operator's metrics.

Both backends mark their :meth:`~.interface.Database.write` and
:meth:`~.interface.Database.fetchall` with :func:`measured`: the call's time from start to
result goes into the database's histogram (``shangrao_db_query_seconds``), and a call that
fails for the storage (:class:`~shangrao_bot.errors.StorageUnavailable`) or for anything but a
refusal (a constraint a transaction function turned into a refusal is the store answering,
not failing) is counted (``shangrao_db_query_errors_total``). A cancelled call is neither an
error nor timed to its end. The figures go where :meth:`~.interface.Database.measure_into`
points them (nowhere read, until the bot does).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from shangrao_bot.errors import Refusal, StorageUnavailable

if TYPE_CHECKING:
    from shangrao_bot.store.database.interface import Database

P = ParamSpec("P")
T = TypeVar("T")
D = TypeVar("D", bound="Database")


def failed(error: Exception) -> bool:
    """A call that failed (rather than a refusal the store answered with)."""
    return isinstance(error, StorageUnavailable) or not isinstance(error, Refusal)


Method = Callable[Concatenate[D, P], Coroutine[Any, Any, T]]


def measured(operation: str) -> Callable[[Method[D, P, T]], Method[D, P, T]]:
    """Time ``operation`` (``read`` or ``write``) and count its failures."""

    def wrap(method: Method[D, P, T]) -> Method[D, P, T]:
        @functools.wraps(method)
        async def timed(self: D, /, *args: P.args, **kwargs: P.kwargs) -> T:
            figures = self.query_metrics
            started = time.perf_counter()
            try:
                result = await method(self, *args, **kwargs)
            except Exception as error:
                if failed(error):
                    figures.errors[operation].inc()
                figures.seconds[operation].observe(time.perf_counter() - started)
                raise
            figures.seconds[operation].observe(time.perf_counter() - started)
            return result

        return timed

    return wrap
