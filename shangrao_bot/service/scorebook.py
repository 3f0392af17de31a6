"""Scorekeeping for physical tables: sessions, previews awaiting confirmation, undo and void,
settlement — the rules the Discord commands apply, with no Discord in them.

:class:`ScoreBook` is the one object the commands and buttons hold; each of its calls is
answered by the part whose job it is:

* :mod:`.session_opening` — ``/session start``: the roster, guests' names, the session's rules;
* :mod:`.hand_recording` — scoring a hand (from its tiles, its pattern and flags, or a 流局
  with bonuses; :mod:`.hand_description` reads its seats, flown 宝 and bonuses) and recording
  it **pending** right away: the preview the recorder sees is the stored hand, so it survives a
  restart and has a number;
* :mod:`.hand_confirmation` — a preview counts once enough other seated members confirm (the
  guild's ``confirmations``, capped by how many other members sit; the recorder alone when no
  other member sits) or one member with the scorer role (or an administrator) confirms. Anyone
  seated, the recorder or a scorer may cancel it; it expires after the guild's
  ``confirm_minutes``;
* :mod:`.hand_voiding` — a hand that counts is voided or undone by a scorer or an
  administrator, or by its recorder with the confirmation of another seated member (a
  :class:`~.hand_voiding.VoidRequest`, confirmed like a preview): a recorder cannot erase alone
  what someone else confirmed;
* :mod:`.session_scoreboard` and :mod:`.session_settlement` — the live scoreboard, the end of a
  session and its transfers marked paid.

What the messages show is read with the session version it is (:mod:`.versioned_reads`), and
they are edited forward only (:mod:`.forward_edits`, the book's ``edits``): a refresh from an
older read never overwrites a newer one, in any process.

Who acts and where they sit is :mod:`.seating`; every refusal is a
:class:`~.scorekeeping.ScoreError` with a key of the catalogs' ``scorebook`` area, and nothing
is written when one is raised (:mod:`.scorekeeping`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from shangrao_bot.service.forward_edits import ForwardEdits
from shangrao_bot.service.hand_confirmation import HandConfirmation
from shangrao_bot.service.hand_recording import DEDUPE_SECONDS, HandRecorder
from shangrao_bot.service.hand_voiding import HandVoiding
from shangrao_bot.service.scorekeeping import ScoreDesk
from shangrao_bot.service.session_opening import SessionOpening
from shangrao_bot.service.session_scoreboard import Scoreboard, read_scoreboard
from shangrao_bot.service.session_settlement import SessionSettlement
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import SessionInfo


class ScoreBook:
    """The scorekeeping rules over the ledger. ``now`` is the clock (tests move it, on the book:
    every part reads the one clock); ``dedupe_seconds`` the window in which the same hand
    recorded twice is one hand (the benchmark records identical hands back to back and sets it
    to 0)."""

    def __init__(
        self,
        db: Database,
        now: Callable[[], datetime] | None = None,
        dedupe_seconds: float = DEDUPE_SECONDS,
    ) -> None:
        self.desk = ScoreDesk(db, now or (lambda: datetime.now(UTC)))
        self.opening = SessionOpening(self.desk)
        self.recorder = HandRecorder(self.desk, dedupe_seconds)
        self.confirmation = HandConfirmation(self.desk)
        self.voiding = HandVoiding(self.desk)
        self.settlement = SessionSettlement(self.desk, self.confirmation)
        self.edits = ForwardEdits(db)
        # sessions
        self.current = self.desk.current
        self.require_current = self.desk.require_current
        self.start = self.opening.start
        # recording
        self.patterns_for = self.recorder.patterns_for
        self.preview_tiles = self.recorder.preview_tiles
        self.preview_quick = self.recorder.preview_quick
        self.preview_draw = self.recorder.preview_draw
        self.estimate_quick = self.recorder.estimate_quick
        self.estimate_draw = self.recorder.estimate_draw
        # confirmation and expiry
        self.confirm = self.confirmation.confirm
        self.cancel = self.confirmation.cancel
        self.expire_due = self.confirmation.expire_due
        self.take_expired = self.confirmation.take_expired
        self.preview_state = self.confirmation.preview_state
        # voiding
        self.undo = self.voiding.undo
        self.void = self.voiding.void
        self.confirm_void = self.voiding.confirm_void
        self.cancel_void = self.voiding.cancel_void
        # settlement
        self.end = self.settlement.end
        self.paid = self.settlement.paid
        self.transfers = self.settlement.transfers

    @property
    def db(self) -> Database:
        return self.desk.db

    @property
    def now(self) -> Callable[[], datetime]:
        return self.desk.now

    @now.setter
    def now(self, clock: Callable[[], datetime]) -> None:
        self.desk.now = clock

    async def scoreboard(self, info: SessionInfo) -> Scoreboard:
        """The session's live scoreboard with the version it is
        (:func:`.session_scoreboard.read_scoreboard`)."""
        return await read_scoreboard(self.desk.db, info)
