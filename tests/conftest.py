"""Shared test configuration.

The suite runs in several processes at once (pytest-xdist, two per core, the longest tests first:
:mod:`tests.scheduling`): each test has its own
temporary folder and its own databases, and the processes share one throwaway PostgreSQL
cluster, which the first to need it starts and the process that ran the session stops
(:mod:`tests.pg_cluster`, :mod:`tests.databases`).

Hypothesis explores new examples on every local run (that is how it finds bugs); on CI
(``CI`` set) it runs a fixed, derandomized set so that a landing never depends on luck. A
failure found locally is then pinned as an explicit test.

Every refusal and phrase a test makes is checked against every language's catalog as it is made
(``SHANGRAO_STRICT_CATALOG``, inherited by the bot processes the tests start): a key missing in
one language, or a text its arguments do not fill, fails the test that provoked it instead of
falling back to English.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

os.environ["SHANGRAO_STRICT_CATALOG"] = "1"

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.ui.pictures import PICTURES
from tests.databases import fresh_database, migrated_sqlite, prepare_cluster
from tests.pg_cluster import MISSING, Cluster, find_bindir, required, shared, stop_shared
from tests.scheduling import heavy_first, worker_count, workers_for


@pytest.fixture(autouse=True)
def _command_ids_kept_to_their_test() -> Iterator[None]:
    """The synced commands' ids are process-wide (:data:`shangrao_bot.ui.i18n.COMMAND_IDS`): a
    bot started in this process by one test must not turn the next test's texts (a command
    line's error, say) into Discord command mentions."""
    from shangrao_bot.ui import i18n

    saved = dict(i18n.COMMAND_IDS)
    try:
        yield
    finally:
        i18n.remember_commands(saved)


# --- how the tests are spread over the workers (tests/scheduling.py) ----------------------------


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core (most long tests wait rather than compute)."""
    return workers_for(os.cpu_count())


@pytest.hookimpl(trylast=True)  # after ``-m`` / ``-k`` left out what they leave out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests (marked ``heavy``) head the workers' runs, one worker each."""
    items[:] = heavy_first(items, worker_count())


settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# --- the run's folder, shared by every process running tests ------------------------------------

RUN_FOLDER = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """The process that runs the session (alone, or as the controller of worker processes)
    makes the run's folder: where the run's PostgreSQL cluster is told of."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        config.stash[RUN_FOLDER] = Path(workerinput["shangrao_run_folder"])
    else:
        config.stash[RUN_FOLDER] = Path(tempfile.mkdtemp(prefix="shangrao-run-"))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: tell each worker the run's folder."""
    node.workerinput["shangrao_run_folder"] = str(node.config.stash[RUN_FOLDER])


def pytest_unconfigure(config: pytest.Config) -> None:
    """At the very end, in the process that made it: stop the run's cluster, if any process
    started one, and delete the run's folder."""
    if getattr(config, "workerinput", None) is not None or RUN_FOLDER not in config.stash:
        return
    folder = config.stash[RUN_FOLDER]
    try:
        stop_shared(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# --- a throwaway PostgreSQL server -------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_cluster(pytestconfig: pytest.Config) -> Cluster:
    """The run's throwaway PostgreSQL cluster (:mod:`tests.pg_cluster`), shared by every
    process of the run and stopped at its end: skipped with the reason where the server is not
    installed, a failure where it is required."""
    bindir = find_bindir()
    if bindir is None:
        if required():
            pytest.fail(MISSING)
        pytest.skip(MISSING)
    return shared(pytestconfig.stash[RUN_FOLDER], bindir, prepare_cluster)


@pytest.fixture
async def pg_url(pg_cluster: Cluster) -> AsyncIterator[str]:
    """A ``DATABASE_URL`` of a new, empty database of its own, given back afterwards."""
    async with fresh_database(pg_cluster) as url:
        yield url


# --- the ledger database, on both backends ------------------------------------------------------

BACKENDS = ("sqlite", "postgresql")


@contextlib.asynccontextmanager
async def one_database(
    request: pytest.FixtureRequest, tmp_path: Path, *, migrated: bool
) -> AsyncIterator[str | Path]:
    """A new database of the test's own, on the backend ``request.param`` names: an SQLite
    file in the test's folder, or a database of the throwaway PostgreSQL cluster (given back
    afterwards); empty, or at the latest schema version (:mod:`tests.databases`)."""
    if request.param == "sqlite":
        path = tmp_path / "ledger.db"
        yield await migrated_sqlite(path) if migrated else path
        return
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    async with fresh_database(cluster, migrated=migrated) as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """What :func:`open_database` is given, once per backend: a new database of the test's own
    at the latest schema version (:func:`one_database`). A test taking it (or :func:`db`) runs
    against both databases."""
    async with one_database(request, tmp_path, migrated=True) as target:
        yield target


@pytest.fixture(params=BACKENDS)
async def empty_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """As :func:`db_target`, but empty: for a test of the migrations themselves."""
    async with one_database(request, tmp_path, migrated=False) as target:
        yield target


@pytest.fixture
async def db(db_target: str | Path) -> AsyncIterator[Database]:
    """An open, migrated ledger database: an SQLite file, then a PostgreSQL database."""
    database = await open_database(db_target)
    try:
        yield database
    finally:
        await database.close()


NewTarget = Callable[[], Awaitable[str | Path]]


@pytest.fixture(params=BACKENDS)
async def new_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[NewTarget]:
    """A maker of new, empty databases of one backend, once per backend: each call gives
    another target for :func:`open_database` (an SQLite file of the test's folder, or a new
    database of the throwaway PostgreSQL cluster, given back afterwards). For a test that needs
    several databases of the same backend."""
    cluster: Cluster | None = (
        request.getfixturevalue("pg_cluster") if request.param == "postgresql" else None
    )
    async with contextlib.AsyncExitStack() as stack:
        made = 0

        async def new() -> str | Path:
            nonlocal made
            made += 1
            if cluster is None:
                return tmp_path / f"ledger-{made}.db"
            return await stack.enter_async_context(fresh_database(cluster))

        yield new


@pytest.fixture
def pictures_in_threads() -> Iterator[None]:
    """Pictures drawn on threads of this process for the test: what it patches or records in
    the drawing code applies (a worker process has its own copy of that code)."""
    processes = PICTURES.processes
    PICTURES.configure(0)
    try:
        yield
    finally:
        PICTURES.configure(processes)


@pytest.fixture
def test_refusal_text(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], str]:
    """Register a test's own refusal text (the same words in every language) for the test's
    duration: ``key = test_refusal_text("refused after an insert")`` then
    ``raise InvalidRecord(key)``. Returns the key."""
    from shangrao_bot.catalog import CATALOGS

    def register(english: str, key: str = "") -> str:
        key = key or "test." + "_".join(english.split())
        for texts in CATALOGS.values():
            monkeypatch.setitem(texts, key, english)  # type: ignore[index]
        return key

    return register
