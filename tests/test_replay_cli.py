"""``shangrao-bot replay``: a hand played by the table service in an SQLite database, written as
one PNG per step and a GIF; the CLI's conventions for what cannot be replayed (one line, exit
status 2): an unknown id, a physical hand, a missing database, an --out that is a file."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.service import TableService
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.ledger import guest_player, open_session, record_hand
from shangrao_bot.store.ledger.hands import HandIn
from tests.service.conftest import (
    CHANNEL,
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    open_table,
    seeds_for,
)

PREFIX = "shangrao-bot: error: "


async def _played(path: Path) -> tuple[int, int]:
    """A one-hand table of four AIs played to its end, and a physical hand: their ids."""
    db = await open_ledger(f"sqlite:///{path}")
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    service = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        await open_table(service, humans=[], ais=["normal"] * 4, hands=1)
        await clock.run_until(presenter.closed, limit=10_000)
        virtual = presenter.named("hand_ended")[0].args["summary"].ledger_hand_id
        players = [await guest_player(db, GUILD, f"P{i}") for i in range(4)]
        session = await open_session(
            db, GUILD, CHANNEL, "physical", {}, 1, HOST, [p.id for p in players]
        )
        physical = await record_hand(
            db, GUILD, session.id, HandIn("draw", (), (0, 0, 0, 0)), HOST, confirmed=True
        )
        return int(virtual), physical.id
    finally:
        await service.shutdown()
        await db.close()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int, int]:
    path = tmp_path_factory.mktemp("replay") / "bot.db"
    virtual, physical = asyncio.run(_played(path))
    return f"sqlite:///{path}", virtual, physical


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return main(argv, stdout=out), out.getvalue()


@pytest.mark.slow
def test_writes_every_step_and_the_animation(
    database: tuple[str, int, int], tmp_path: Path
) -> None:
    url, hand, _ = database
    out_dir = tmp_path / "frames"
    code, out = run(["replay", "--database", url, "--hand", str(hand), "--out", str(out_dir)])
    assert code == 0, out
    pngs = sorted(out_dir.glob(f"hand-{hand}-step-*.png"))
    assert len(pngs) > 10
    assert pngs[0].name == f"hand-{hand}-step-001.png"
    assert f"{len(pngs)} steps; wrote {len(pngs)} PNG frames and hand-{hand}.gif" in out
    gif = out_dir / f"hand-{hand}.gif"
    assert gif.stat().st_size <= 10 * 1024 * 1024
    with Image.open(gif) as img:
        assert img.format == "GIF" and img.n_frames == len(pngs)
    with Image.open(pngs[-1]) as last:
        assert last.format == "PNG" and last.width == 1100
    # one seat's view, the animation only, in Chinese
    seat_dir = tmp_path / "seat"
    code, out = run(
        ["replay", "--database", url, "--hand", str(hand), "--out", str(seat_dir),
         "--seat", "2", "--lang", "zh-TW", "--no-frames"]
    )  # fmt: skip
    assert code == 0 and [p.name for p in seat_dir.iterdir()] == [f"hand-{hand}.gif"]


@pytest.mark.parametrize(
    ("what", "needle"),
    [
        ("unknown", "There is no hand #"),
        ("physical", "was recorded with /score at a physical table"),
        ("no-database", "no database at"),
        ("out-is-a-file", "is a file, not a folder"),
    ],
)
def test_what_cannot_be_replayed_is_one_line_and_exit_2(
    database: tuple[str, int, int],
    tmp_path: Path,
    what: str,
    needle: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url, hand, physical = database
    out_dir = tmp_path / "out"
    if what == "unknown":
        hand = 999_999
    elif what == "physical":
        hand = physical
    elif what == "no-database":
        url = f"sqlite:///{tmp_path / 'missing.db'}"
    else:
        out_dir.write_text("")
    code, _ = run(["replay", "--database", url, "--hand", str(hand), "--out", str(out_dir)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(PREFIX) and err.count("\n") == 1, err
    assert needle in err
    assert not (tmp_path / "missing.db").exists()  # never created
