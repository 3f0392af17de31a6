"""Hidden information at virtual tables: every
public payload the fake Discord receives during a whole hand (content, embeds, components,
thread names, every board image, as it was at the time it was sent) carries no concealed tile;
every board image and result card the fake received is read back from its pixels against the
tile sprites: a board shows exactly the public faces of its view (hands face down), a result
card only the winners' tiles; private panels and DMs reach only their owner, and every picture
of a player's panel (her hand over the whole table) is read back too: her own tiles and public
ones only, other seats' hands as counts; double clicks, strangers' clicks and clicks on old
prompts are each handled once and correctly.

Reading every picture stays fast because it is exact: a picture is composed by pasting sprites,
so on a sprite's solid pixels it holds exactly that sprite's colours. Each tile position is
looked up (its solid pixels as bytes) in a table of the candidate sprites' bytes, instead of
measuring its distance to 35 candidates (:func:`tests.render.pixels.identify`, kept as the
fallback for a position no sprite matches exactly)."""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.views import PlayerView, PublicView
from shangrao_bot.render import render_board, render_panel, render_result, waits_for
from shangrao_bot.render.board import layout_board
from shangrao_bot.render.panel import layout_panel
from shangrao_bot.render.result import result_card
from shangrao_bot.render.tiles import BACK, Look
from shangrao_bot.rules.tiles import HONOR_START, format_tiles, tile_name, tile_str
from shangrao_bot.service.presenter import HandSummary
from shangrao_bot.ui.i18n import LANGS
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.test_tables import (
    PUBLIC_FILES,
    make_bot,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    until,
)
from tests.render.pixels import _solid, candidates, decode, difference, identify
from tests.render.test_board import _public_faces
from tests.render.test_panel import check_only_hers_and_public

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow


@dataclass
class Sent:
    """One message as it was when the bot created or edited it."""

    channel_id: int
    dm_of: int | None  # the DM's recipient
    visible_to: int | None  # ephemeral: the only user who sees it
    text: str
    files: list[tuple[str, bytes]]
    custom_ids: list[str]
    concealed: list[list[int]] | None  # every seat's concealed tiles then, while a hand is on
    public_faces: Counter[int] = field(default_factory=Counter)


class Recorder:
    """Hooks the fake's message store and the bot's presenter queue: what was sent, and every
    public board the service handed to the presenter."""

    def __init__(self, fake: FakeDiscord, bot: ShangraoBot) -> None:
        self.fake, self.bot = fake, bot
        self.sent: list[Sent] = []
        self.views: list[PublicView] = []
        self.private: list[PlayerView] = []  # every seat's view handed to its panels
        self.summaries: list[HandSummary] = []
        self.table_id: int | None = None
        new, edit = fake._new_message, fake._apply_edit

        def _new(*args: Any, **kwargs: Any) -> FakeMessage:
            msg = new(*args, **kwargs)
            self._note(msg)
            return msg

        def _edit(message: FakeMessage, *args: Any, **kwargs: Any) -> None:
            edit(message, *args, **kwargs)
            self._note(message)

        fake._new_message = _new  # type: ignore[method-assign]
        fake._apply_edit = _edit  # type: ignore[method-assign]
        queue = bot.presenter_queue
        for name in ("hand_started", "table_changed", "resumed", "restored"):
            self._wrap(queue, name)
        hand_ended = queue.hand_ended

        async def ended(table: Any, summary: HandSummary) -> None:
            self.summaries.append(summary)
            self.views.append(summary.public)  # the final board is drawn from it
            await hand_ended(table, summary)

        queue.hand_ended = ended  # type: ignore[method-assign]
        for name in ("private_changed", "prompt"):
            self._wrap_private(queue, name)

    def _wrap_private(self, queue: Any, name: str) -> None:
        inner = getattr(queue, name)

        async def wrapped(table: Any, seat: int, view: PlayerView, *args: Any) -> None:
            self.private.append(view)
            await inner(table, seat, view, *args)

        setattr(queue, name, wrapped)

    def _wrap(self, queue: Any, name: str) -> None:
        inner = getattr(queue, name)

        async def wrapped(table: Any, *args: Any) -> None:
            if table.public is not None:
                self.views.append(table.public)
            await inner(table, *args)

        setattr(queue, name, wrapped)

    def _note(self, msg: FakeMessage) -> None:
        concealed, faces = None, Counter[int]()
        if self.table_id is not None:
            table = self.bot.service._tables.get(self.table_id)
            hand = table.hand if table is not None else None
            if hand is not None and hand.phase is not Phase.OVER:
                concealed = [hand.concealed(s) for s in range(4)]
                from shangrao_bot.engine.views import public_view

                faces = _public_faces(public_view(hand))
        recipient = msg.channel.recipient
        self.sent.append(
            Sent(
                msg.channel.id,
                recipient.id if recipient is not None else None,
                msg.visible_to.id if msg.visible_to is not None else None,
                msg.text() + json.dumps(msg.components, ensure_ascii=False),
                [(a.filename, a.data) for a in msg.attachments],
                list(msg.custom_ids),
                concealed,
                faces,
            )
        )

    def public(self) -> list[Sent]:
        return [s for s in self.sent if s.dm_of is None and s.visible_to is None]


def secret_names(concealed: list[int], faces: Counter[int]) -> set[str]:
    """Names of concealed tiles no public face explains: mpsz of suited tiles, their Chinese
    and English names, and the whole hand in mpsz (honour names clash with seat winds)."""
    names = {format_tiles(concealed)}
    for k in set(concealed) - set(faces):
        if k < HONOR_START:
            names |= {tile_name(k, "zh"), tile_name(k, "en")}
            names.add(tile_str(k))
    return names


def check_text(sent: Sent) -> None:
    if sent.concealed is None:
        return
    for seat, tiles in enumerate(sent.concealed):
        for name in secret_names(tiles, sent.public_faces):
            pattern = rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])"
            assert not re.search(pattern, sent.text), (seat, name, sent.text[:300])


@dataclass
class _Candidates:
    """The candidates of one kind of tile position, by kind, with their solid-pixel masks and
    (computed when first needed) each one's margin: half its distance to the nearest other
    candidate with the same mask."""

    looks: dict[int, Look]
    mask_of: dict[int, bytes]
    margin: dict[int, float] = field(default_factory=dict)

    def margin_of(self, kind: int) -> float:
        if kind not in self.margin:
            rgb, mask = _solid(self.looks[kind])
            self.margin[kind] = (
                min(
                    (
                        distance(rgb, _solid(look)[0], mask)
                        for k, look in self.looks.items()
                        if k != kind and self.mask_of[k] == self.mask_of[kind]
                    ),
                    default=float("inf"),
                )
                / 2
            )
        return self.margin[kind]


def distance(a: Image.Image, b: Image.Image, mask: Image.Image) -> float:
    """:func:`tests.render.pixels.difference` between two sprites of the same size."""
    return float(sum(ImageStat.Stat(ImageChops.difference(a, b), mask).mean))


class TileReader:
    """Reads the tile drawn at a position of a picture: the same answer as
    :func:`tests.render.pixels.identify` (the nearest of every kind and the back), mostly in
    two comparisons instead of 35.

    The pictures are sent as 256-colour PNGs, so their pixels are close to the sprites', not
    equal. ``identify``'s difference is a distance (a mean absolute difference over a sprite's
    solid pixels); among candidates that share a solid-pixel mask — every kind and the back;
    the 宝 kind's badge adds pixels — the triangle inequality says: a position closer to the
    expected sprite than half that sprite's distance to any other is nearer to it than to all of
    them. So the expected sprite (the layout's) and the candidates with another mask are
    measured; only a position that misses the margin is compared with every candidate."""

    def __init__(self) -> None:
        self._classes: dict[tuple[Look, int], _Candidates] = {}
        self.quick = 0
        self.full = 0

    def _candidates(self, look: Look, bao: int) -> _Candidates:
        key = (look._replace(kind=0, bao=False), bao)
        found = self._classes.get(key)
        if found is None:
            looks = {c.kind: c for c in candidates(look, bao)}
            masks = {k: _solid(c)[1].tobytes() for k, c in looks.items()}
            found = self._classes[key] = _Candidates(looks, masks)
        return found

    def kind_at(self, img: Image.Image, look: Look, xy: tuple[int, int], bao: int) -> int:
        """The kind (or BACK) drawn at ``xy``, where the layout puts ``look``."""
        c = self._candidates(look, bao)
        expected = look.kind
        d = difference(img, c.looks[expected], xy)
        if d < c.margin_of(expected):
            apart = [k for k in c.looks if c.mask_of[k] != c.mask_of[expected]]
            if all(difference(img, c.looks[k], xy) > d for k in apart):
                self.quick += 1
                return expected
        self.full += 1
        return identify(img, look, xy, bao)[0][1]


def check_pixels(reader: TileReader, png: bytes, view: PublicView, lang: str) -> None:
    """The tiles face up on the picture are exactly the public ones; hands are backs."""
    img = decode(png)
    layout = layout_board(view, lang=lang)
    faces: Counter[int] = Counter()
    for p in layout.tiles:
        kind = reader.kind_at(img, p.look, (p.x, p.y), view.bao)
        if p.zone == "hand" and view.revealed is None:
            assert kind == BACK, p
        if kind != BACK:
            faces[kind] += 1
    assert faces == _public_faces(view)
    for sv in view.seats:
        shown = [p for p in layout.tiles if p.zone == "hand" and p.seat == sv.seat]
        if view.revealed is None:
            assert len(shown) == sv.concealed_count


def check_panel_pixels(reader: TileReader, png: bytes, view: PlayerView, lang: str) -> None:
    """Every tile on a panel's picture reads back as the layout says, and the layout shows
    her tiles and public ones only (the other seats' hands are a back and a count)."""
    check_only_hers_and_public(view)
    img = decode(png)
    for t in layout_panel(view, waits_for(view), lang=lang).tiles():
        assert reader.kind_at(img, t.look, (t.x, t.y), view.public.bao) == t.look.kind, t


def result_png(summary: HandSummary, lang: str) -> bytes:
    pub = summary.public
    return render_result(
        summary.result, dealer=pub.dealer, bao=pub.bao, indicator=pub.indicator, lang=lang
    )


def check_result_pixels(reader: TileReader, png: bytes, summary: HandSummary, lang: str) -> None:
    """A result card shows the tiles its layout places (nothing else is a tile), and those are
    the winners' own tiles — concealed ones and melds — and the 宝."""
    pub = summary.public
    card = result_card(summary.result, pub.dealer, pub.bao, pub.indicator, lang=lang)
    img = decode(png)
    shown: Counter[int] = Counter()
    for piece in card.pieces:
        kind = reader.kind_at(img, piece.look, (piece.x, piece.y), pub.bao)
        assert kind == piece.look.kind, piece
        if piece.zone == "hand":
            shown[pub.bao if piece.look.acting else kind] += 1  # an acting 宝 is a 宝 tile
        else:
            assert piece.zone == "bao" and kind == pub.bao, piece
    winners: Counter[int] = Counter()
    for w in summary.result.wins:
        winners.update(w.concealed)
        winners.update(t for m in w.melds for t in m.tiles)
    assert not shown - winners, (shown, winners)


async def play_until_result(fake: FakeDiscord, thread: Any, alice: FakeUser) -> int:
    loop = asyncio.get_running_loop()
    end, clicks = loop.time() + 90, 0
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        dm = fake.dm_messages(alice)[-1] if fake.dm_messages(alice) else None
        ids = move_ids(dm) if dm is not None else []
        if not ids:
            await asyncio.sleep(0.01)
            continue
        before = dm.edits  # type: ignore[union-attr]
        rec = await fake.click(alice, dm, pick(ids))  # type: ignore[arg-type]
        await rec.response()
        clicks += 1
        until_edit = loop.time() + 2
        while dm.edits == before and loop.time() < until_edit:  # type: ignore[union-attr]
            await asyncio.sleep(0.01)
    return clicks


@pytest.mark.heavy
async def test_public_payloads_of_a_whole_hand_carry_no_concealed_tile(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob, dave = fake.user("alice"), fake.user("bob"), fake.user("dave")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    rec = Recorder(fake, bot)
    table_id, thread, lobby = await open_table(fake, bot, alice)
    rec.table_id = table_id
    watch = await fake.slash(bob, "table watch", in_channel=thread)
    assert (await watch.response()).ephemeral
    assert bob.id in bot.service.get(table_id).spectators
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    alice_seat = bot.service.get(table_id).seat_of(alice.id)
    # a spectator and a stranger: "My hand" tells them they are not seated, nothing more
    table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    for outsider in (bob, dave):
        hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
        reply = await (await fake.click(outsider, table_msg, hand_id)).response()
        assert reply.ephemeral and reply.visible_to is outsider
        assert reply.text() in ("You do not sit at this table.", "你没有坐在这张牌桌。")
        assert not reply.attachments and not move_ids(reply)
    # alice's own panel: ephemeral, hers only, her tiles only
    await until(lambda: move_ids(fake.dm_messages(alice)[-1]))
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    panel_rec = await fake.click(alice, table_msg, hand_id)
    panel = await panel_rec.response()
    assert panel.ephemeral and panel.visible_to is alice
    assert [a.filename for a in panel.attachments] == ["hand.png"]
    assert await play_until_result(fake, thread, alice) > 0
    await until(lambda: any("final standings" in m.text() for m in fake.channel_messages(thread)))
    await bot.presenter_queue.drain()

    # private things went to their owner only
    for s in rec.sent:
        names = {f for f, _ in s.files}
        if "hand.png" in names or move_ids_of(s):
            assert s.dm_of == alice.id or s.visible_to == alice.id, s.channel_id
    assert fake.dm_messages(bob) == [] and fake.dm_messages(dave) == []
    assert fake.ephemeral_messages(bob) + fake.ephemeral_messages(dave) == [] or all(
        not m.attachments for m in fake.ephemeral_messages(bob) + fake.ephemeral_messages(dave)
    )
    # every public payload, as it was when sent
    public = rec.public()
    assert len(public) > 10
    during = [s for s in public if s.concealed is not None]
    assert during, "nothing public was sent while the hand was on"
    for s in public:
        assert {f for f, _ in s.files} <= PUBLIC_FILES
        assert not move_ids_of(s)
        check_text(s)
    for th in fake.guild.threads:
        assert not re.search(r"\d[mpsz]", th.name), th.name
    # every board image the fake received (public, ephemeral or DM): the picture of a public
    # view the service handed out, read back from its pixels — face-up tiles are exactly the
    # public ones (an image sent twice is the same bytes: it is read once)
    # (in each language: a watcher's ephemeral board follows their own)
    rendered = {render_board(v, lang=lang): (v, lang) for v in rec.views for lang in LANGS}
    boards = [data for s in rec.sent for f, data in s.files if f == "board.png"]
    assert boards
    reader = TileReader()
    distinct = list(dict.fromkeys(boards))
    for data in distinct:
        assert data in rendered, "a board image that is no public view"
        check_pixels(reader, data, *rendered[data])
    # every picture of alice's panels: the panel of a view of hers the service handed out,
    # read back from its pixels (an image sent twice is the same bytes: it is read once)
    panels = {
        render_panel(v, waits_for(v), lang=lang): (v, lang) for v in rec.private for lang in LANGS
    }
    pictures = [data for s in rec.sent for f, data in s.files if f == "hand.png"]
    assert pictures
    for data in dict.fromkeys(pictures):
        assert data in panels, "a panel picture that is no view of its seat"
        view, lang = panels[data]
        assert view.seat == alice_seat
        check_panel_pixels(reader, data, view, lang)
    # every result card: the picture of a finished hand, showing only the winners' tiles
    cards = {result_png(s, lang): (s, lang) for s in rec.summaries for lang in LANGS}
    results = [data for s in rec.sent for f, data in s.files if f == "result.png"]
    assert results and rec.summaries
    for data in dict.fromkeys(results):
        assert data in cards, "a result card that is no finished hand"
        check_result_pixels(reader, data, *cards[data])
    # nearly every position was read in two comparisons (else this check is too slow)
    assert reader.quick > 50 * len(distinct) and reader.full <= reader.quick // 20


def move_ids_of(s: Sent) -> list[str]:
    return [c for c in s.custom_ids if re.match(r"mj:\d+:\d+:\d+:(d|a):", c)]


async def test_double_click_and_old_prompt_are_taken_once(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while True:  # alice's own turn (a discard to choose); claim prompts are passed
        await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
        dm = fake.dm_messages(alice)[-1]
        ids = move_ids(dm)
        if any(":d:" in c for c in ids) and not any(":a:win" in c for c in ids):
            break
        assert loop.time() < end, "alice never had a turn"
        edits = dm.edits
        await (await fake.click(alice, dm, pick(ids))).response()
        await until(lambda: dm.edits != edits)  # noqa: B023
    chosen = [c for c in ids if ":d:" in c][-1]
    # a My hand panel of this turn, opened before the move, then a newer one (the live one)
    table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    old_panel = await (await fake.click(alice, table_msg, hand_id)).response()
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    await (await fake.click(alice, table_msg, hand_id)).response()
    table = bot.service._tables[table_id]
    assert table.hand is not None
    before = len(table.hand.actions)
    first, second = await asyncio.gather(
        fake.click(alice, dm, chosen), fake.click(alice, dm, chosen)
    )
    for r in (first, second):
        await r.response()
        assert r.acknowledged
    # taken once: alice's move appears once among the actions since
    await until(lambda: len(table.hand.actions) > before)  # type: ignore[union-attr]
    seq = int(chosen.split(":")[3])
    seat = table.seat_of(alice.id)
    taken = table.hand.actions[before:]
    assert taken[0].seat == seat  # her discard, once: the next action is someone else's
    assert all(a.seat != seat or a.kind is not taken[0].kind for a in taken[1:2])
    # the old panel, once the game moved on: outdated, and nothing happens
    await until(lambda: bot.service.get(table_id).sequence != seq)
    stale = next((c for c in move_ids(old_panel) if c != chosen and ":d:" in c), None)
    if stale is not None:
        accepted = table.last_accepted.get(seat)
        reply = await (await fake.click(alice, old_panel, stale)).response()
        assert "This prompt is outdated" in reply.text()
        assert table.last_accepted.get(seat) == accepted
    # a stranger's click on the table message: refused, ephemeral
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))  # the current seq
    reply = await (await fake.click(dave, table_msg, hand_id)).response()
    assert reply.ephemeral and reply.visible_to is dave
    rec = await fake.slash(alice, "table end", in_channel=thread)
    await rec.response()
