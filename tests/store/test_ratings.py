"""Ratings are a deterministic fold over the counted hands
(:mod:`shangrao_bot.store.ledger.ratings`).

Pure properties (hypothesis): the cached fold, resumed from a checkpoint after any change of the
ledger, equals a fold from scratch; a void equals the ledger without the hand; an edit equals the
ledger recorded with the edited hand from the start; a merge equals the ledger where the guest's
seats were the member's all along. Then the same through the store, on both databases: the
ratings read after voids, undos, edits and a merge equal the fold of the hands as they count.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    confirm_hand,
    edit_hand,
    guest_player,
    merge_guest,
    open_session,
    rating_fold,
    record_hand,
    undo_last_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger import ratings as ratings_module
from shangrao_bot.store.ledger.ratings import (
    NEW_RATING,
    Game,
    RatingBook,
    RatingFold,
    guild_ratings,
    ledger_games,
    ledger_version,
    rate_games,
)
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD
from tests.store.test_totals import random_hand

PLAYERS = range(1, 9)


@st.composite
def games(draw: st.DrawFn, min_size: int = 0) -> list[Game]:
    n = draw(st.integers(min_size, 40))
    out = []
    for i in range(n):
        seats = tuple(draw(st.lists(st.sampled_from(PLAYERS), min_size=4, max_size=4, unique=True)))
        deltas = draw(st.lists(st.integers(-8, 8), min_size=4, max_size=4))
        out.append(Game(i + 1, f"2026-01-01T00:{i:02d}", seats, tuple(deltas)))
    return out


def snapshot(book: RatingBook) -> object:
    return (book.ratings, {p: book.history(p) for p in book.players()})


@pytest.fixture(autouse=True)
def small_checkpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    """States kept every 4 games, the newest 3 of them in memory, and every 8 games handed out
    to be persisted, so that short ledgers resume from the middle, from memory and from the
    database."""
    monkeypatch.setattr(rating_fold, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(rating_fold, "MEMORY_CHECKPOINTS", 3)
    monkeypatch.setattr(rating_fold, "PERSISTED_EVERY", 8)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games(min_size=1), st.data())
def test_void_equals_the_ledger_without_the_hand(ledger: list[Game], data: st.DataObject) -> None:
    fold = RatingFold()
    fold.update(ledger)
    h = data.draw(st.integers(0, len(ledger) - 1))
    without = ledger[:h] + ledger[h + 1 :]
    fold.update(without)
    assert snapshot(fold.book) == snapshot(rate_games(without))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games(min_size=1), st.data())
def test_edit_equals_the_edited_ledger_from_the_start(
    ledger: list[Game], data: st.DataObject
) -> None:
    fold = RatingFold()
    fold.update(ledger)
    h = data.draw(st.integers(0, len(ledger) - 1))
    deltas = tuple(data.draw(st.lists(st.integers(-8, 8), min_size=4, max_size=4)))
    edited = [*ledger[:h], Game(999, ledger[h].at, ledger[h].players, deltas), *ledger[h + 1 :]]
    fold.update(edited)
    assert snapshot(fold.book) == snapshot(rate_games(edited))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games(), st.sampled_from(PLAYERS), st.sampled_from(PLAYERS))
def test_merge_equals_the_member_playing_all_along(
    ledger: list[Game], guest: int, member: int
) -> None:
    """A merge moves every seat of the guest to the member (never at one table: the store
    refuses that merge)."""
    ledger = [g for g in ledger if not {guest, member} <= set(g.players)]
    fold = RatingFold()
    fold.update(ledger)
    merged = [
        Game(g.hand_id, g.at, tuple(member if p == guest else p for p in g.players), g.deltas)
        for g in ledger
    ]
    fold.update(merged)
    book = rate_games(merged)
    assert snapshot(fold.book) == snapshot(book)
    if guest != member:
        assert guest not in book.ratings


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(games(), games())
def test_any_change_resumes_to_the_full_fold(before: list[Game], after: list[Game]) -> None:
    fold = RatingFold()
    fold.update(before)
    fold.update(after)
    assert snapshot(fold.book) == snapshot(rate_games(after))


def test_ranked_by_deltas_ties_allowed_and_uninformative_hands_skipped() -> None:
    book = rate_games(
        [
            Game(1, "a", (1, 2, 3, 4), (9, -3, -3, -3)),  # a 自摸: three tied losers
            Game(2, "b", (1, 2, 3, 4), (0, 0, 0, 0)),  # a bare 流局 tells nothing
        ]
    )
    one, two, three, four = (book.rating(p) for p in (1, 2, 3, 4))
    assert one.mu > NEW_RATING.mu > two.mu
    assert two == three == four and one.games == two.games == 1
    assert book.trend(1) == [one.ordinal]
    assert book.rating(99) == NEW_RATING and NEW_RATING.ordinal == pytest.approx(0)


def test_a_player_in_two_seats_counts_once() -> None:
    book = rate_games([Game(1, "a", (1, 1, 2, 3), (4, 4, -4, -4))])
    assert book.rating(1).games == 1 and book.rating(2).games == 1


# --- through the store, on both databases ---------------------------------------------------


async def session_of(db: Database, players: list[int], guild: int = GUILD) -> int:
    info = await open_session(
        db,
        guild,
        CHANNEL + len(players) + players[0],
        "physical",
        {"preset": "shangrao"},
        1,
        1,
        players,
    )
    return info.id


def without_times(book: RatingBook) -> object:
    """A book's ratings and each player's (game, hand, rating) steps, times left out (the
    reference's are made up)."""
    steps = {p: [(s.index, s.hand_id, s.ordinal) for s in book.history(p)] for p in book.players()}
    return (book.ratings, steps)


def fold_of(rows: list[tuple[int, tuple[int, ...], tuple[int, ...]]]) -> object:
    """The reference: the counted hands (id, players, deltas) in recording order."""
    return without_times(rate_games(Game(h, f"{i:05d}", p, d) for i, (h, p, d) in enumerate(rows)))


async def test_store_ratings_follow_voids_undos_edits_and_merges(db: Database) -> None:
    rng = random.Random(7)
    members = [(await user_player(db, GUILD, 200 + i, f"m{i}")).id for i in range(4)]
    guest = (await guest_player(db, GUILD, "Lao Wang")).id
    sid = await session_of(db, [members[0], members[1], members[2], guest])
    # the reference ledger: hand id → (players, deltas), in order
    ledger: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    seats = (members[0], members[1], members[2], guest)
    for _ in range(12):
        hand = random_hand(rng)
        recorded = await record_hand(db, GUILD, sid, hand, 1, confirmed=True)
        ledger[recorded.id] = (seats, hand.deltas)
    pending = await record_hand(db, GUILD, sid, random_hand(rng), 1)  # does not count yet

    async def check() -> None:
        book = await guild_ratings(db, GUILD)
        want = fold_of([(h, p, d) for h, (p, d) in ledger.items()])
        assert without_times(book) == want

    await check()
    await confirm_hand(db, GUILD, pending.id, 2, final=True)
    ledger[pending.id] = (seats, pending.deltas)
    await check()
    version = await ledger_version(db, GUILD)
    victim = sorted(ledger)[3]
    await void_hand(db, GUILD, victim, 1, "wrong table")
    del ledger[victim]
    assert await ledger_version(db, GUILD) > version
    await check()
    undone = await undo_last_hand(db, GUILD, sid, 1, "oops")
    del ledger[undone.id]
    await check()
    # an edit rates as if the corrected hand had been recorded in the first one's place
    target = sorted(ledger)[1]
    new = random_hand(rng)
    edited = await edit_hand(db, GUILD, target, 1, new, "typo", confirmed=True)
    ledger = {(edited.id if h == target else h): v for h, v in ledger.items()}
    ledger[edited.id] = (seats, new.deltas)
    await check()
    # the guest turns out to be members[3]: their history moves, and rates as theirs
    await merge_guest(db, GUILD, guest, members[3], 1)
    ledger = {
        h: (tuple(members[3] if x == guest else x for x in p), d) for h, (p, d) in ledger.items()
    }
    await check()
    book = await guild_ratings(db, GUILD)
    assert guest not in book.ratings and members[3] in book.ratings
    # an edit waiting for its confirmation: the hand stops counting, then counts corrected in
    # its first place (the cache reads again from the session's start)
    target = sorted(ledger)[0]
    new = random_hand(rng)
    pending_edit = await edit_hand(db, GUILD, target, 1, new, "typo")
    players = ledger.pop(target)[0]
    await check()
    await confirm_hand(db, GUILD, pending_edit.id, 2, final=True)
    ledger = {pending_edit.id: (players, new.deltas), **ledger}
    await check()
    # another guild's book is its own
    assert await ledger_games(db, OTHER_GUILD) == []
    assert (await guild_ratings(db, OTHER_GUILD)).ratings == {}


async def test_games_in_recording_order_with_edits_in_place(db: Database) -> None:
    members = [(await user_player(db, GUILD, 300 + i, f"p{i}")).id for i in range(4)]
    sid = await session_of(db, members)
    rng = random.Random(3)
    ids = [
        (await record_hand(db, GUILD, sid, random_hand(rng), 1, confirmed=True)).id for _ in "abc"
    ]
    edited = await edit_hand(db, GUILD, ids[0], 1, random_hand(rng), "fix", confirmed=True)
    order = [g.hand_id for g in await ledger_games(db, GUILD)]
    assert order == [edited.id, ids[1], ids[2]]


async def test_a_hand_only_confirmed_counts(db: Database) -> None:
    members = [(await user_player(db, GUILD, 400 + i, f"q{i}")).id for i in range(4)]
    sid = await session_of(db, members)
    await record_hand(db, GUILD, sid, random_hand(random.Random(1)), 1)
    assert await ledger_games(db, GUILD) == []


async def test_the_log_of_changes_is_pruned_and_an_older_cache_reads_everything(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shangrao_bot.store.ledger.ratings.KEEP_CHANGES", 3)
    members = [(await user_player(db, GUILD, 500 + i, f"r{i}")).id for i in range(4)]
    sid = await session_of(db, members)
    rng = random.Random(5)
    for _ in range(4):
        await record_hand(db, GUILD, sid, random_hand(rng), 1, confirmed=True)
    book = await guild_ratings(db, GUILD)  # reads, then prunes the log
    version = await ledger_version(db, GUILD)
    kept = await db.fetchall("SELECT version FROM ledger_changes WHERE guild_id = ?", (GUILD,))
    assert min(r[0] for r in kept) > 1 and max(r[0] for r in kept) == version
    # a cache older than the log (another process's, say): the gap makes it read every hand
    cached = ratings_module._CACHE[db].get(GUILD)
    assert cached is not None
    cached.version = 1
    cached.fold = RatingFold()
    cached.fold.update([Game(1, "", (1, 2), (1, -1))])  # anything stale
    again = await guild_ratings(db, GUILD)
    assert snapshot(again) == snapshot(book)
    assert snapshot(again) == snapshot(rate_games(await ledger_games(db, GUILD)))


def test_the_fold_is_openskills_plackett_luce_game_by_game() -> None:
    """The fold's numbers are OpenSkill's own: each game rated by ``PlackettLuce().rate`` with
    the players' current ratings and the deltas as scores."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ledger = [
        Game(1, "a", (1, 2, 3, 4), (9, -3, -3, -3)),
        Game(2, "b", (2, 3, 4, 5), (-4, 4, 0, 0)),
        Game(3, "c", (1, 3, 5, 2), (6, -2, -2, -2)),
    ]
    ratings = {p: model.rating() for p in range(1, 6)}
    for game in ledger:
        new = model.rate([[ratings[p]] for p in game.players], scores=list(game.deltas))
        for p, (r,) in zip(game.players, new, strict=True):
            ratings[p] = r
    book = rate_games(ledger)
    for p, r in ratings.items():
        assert (book.rating(p).mu, book.rating(p).sigma) == (r.mu, r.sigma)
