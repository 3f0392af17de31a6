"""``shangrao-bot review``: a hand played by the table service in an SQLite database (one human
seat, played like the normal AI, and three AIs), reviewed as text and as JSON; what
cannot be reviewed ends with one line and exit status 2 (an AI seat, a physical hand, an
unknown id, a missing database)."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest

from shangrao_bot.engine.review import review_hand
from shangrao_bot.entrypoints.cli import main
from shangrao_bot.service import TableService
from shangrao_bot.service.replay import load_replay
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
    drive,
    normal_policy,
    open_table,
    seeds_for,
)

PREFIX = "shangrao-bot: error: "


async def _played(path: Path) -> tuple[int, int, int]:
    """A one-hand table of one human (seat 1) and three AIs played to its end, and a physical
    hand: their ids and the number of the human seat's decisions."""
    db = await open_ledger(f"sqlite:///{path}")
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    service = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        table_id = await open_table(service, humans=[HOST], ais=["normal"] * 3, hands=1)
        await drive(
            service,
            clock,
            table_id,
            {HOST: normal_policy(7)},
            lambda: bool(presenter.named("hand_ended")),
        )
        virtual = int(presenter.named("hand_ended")[0].args["summary"].ledger_hand_id)
        loaded = await load_replay(db, GUILD, virtual)
        final = loaded.replay.final
        decisions = len(
            review_hand(final.rules, final.seed, final.dealer, final.actions, 0).decisions
        )
        players = [await guest_player(db, GUILD, f"P{i}") for i in range(4)]
        session = await open_session(
            db, GUILD, CHANNEL, "physical", {}, 1, HOST, [p.id for p in players]
        )
        physical = await record_hand(
            db, GUILD, session.id, HandIn("draw", (), (0, 0, 0, 0)), HOST, confirmed=True
        )
        return virtual, physical.id, decisions
    finally:
        await service.shutdown()
        await db.close()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int, int, int]:
    path = tmp_path_factory.mktemp("review") / "bot.db"
    virtual, physical, decisions = asyncio.run(_played(path))
    return f"sqlite:///{path}", virtual, physical, decisions


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return main(argv, stdout=out), out.getvalue()


@pytest.mark.slow
def test_reviews_the_human_seat_as_text_and_json(database: tuple[str, int, int, int]) -> None:
    url, hand, _, decisions = database
    assert decisions > 0
    code, out = run(["review", "--database", url, "--hand", str(hand), "--json"])
    assert code == 0, out
    data = json.loads(out)
    assert data["hand"] == hand
    assert [s["seat"] for s in data["seats"]] == [1]  # the human seat only, by default
    seat = data["seats"][0]
    assert len(seat["decisions"]) == decisions
    assert 0 <= seat["rating"] <= 100 and seat["matched"] <= seat["judged"]
    assert seat["flagged"] == sum(d["flagged"] for d in seat["decisions"])
    for d in seat["decisions"]:
        assert d["loss"] >= 0 and d["chosen"]["action"] and d["preferred"]["action"]
    code, text = run(["review", "--database", url, "--hand", str(hand), "--seat", "1"])
    assert code == 0 and f"hand #{hand}" in text and f"rating {seat['rating']}/100" in text
    code, zh = run(["review", "--database", url, "--hand", str(hand), "--lang", "zh-CN"])
    assert code == 0 and f"第 #{hand} 手" in zh and f"评分 {seat['rating']}/100" in zh


@pytest.mark.slow
def test_what_cannot_be_reviewed_ends_with_one_line(
    database: tuple[str, int, int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, hand, physical, _ = database
    cases = [
        (["--hand", str(hand), "--seat", "2"], "was an AI player"),
        (["--hand", str(physical)], f"Hand #{physical} was recorded with /score"),
        (["--hand", "999999"], "There is no hand #999999"),
    ]
    for args, words in cases:
        code, _ = run(["review", "--database", url, *args])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith(PREFIX) and words in err, err
        assert err.count("\n") == 1
    missing = f"sqlite:///{tmp_path / 'none.db'}"
    code, _ = run(["review", "--database", missing, "--hand", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "no database at" in err
    assert not (tmp_path / "none.db").exists()
