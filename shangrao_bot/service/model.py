"""The data of a virtual table: the mutable :class:`Table` the service works on (only ever
under the table's lock), and the frozen :class:`TableInfo` it hands out — to the presenter and
to callers — which holds nothing a spectator may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.session import Session
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PublicView
from shangrao_bot.engine.wall import Dice
from shangrao_bot.service.config import TableConfig


class TableStatus(Enum):
    LOBBY = "lobby"  # seats being filled
    PLAYING = "playing"  # a hand is on
    READY = "ready"  # between hands: the Ready gate
    ENDED = "ended"  # closed (the service forgets it right after telling the presenter)


class SeatKind(Enum):
    HUMAN = "human"
    AI = "ai"


@dataclass
class Seat:
    """Who sits in a seat. ``player_id``: the ledger player, known from the start on."""

    kind: SeatKind
    name: str
    user_id: int | None = None
    ai_level: str | None = None
    player_id: int | None = None


@dataclass
class Hold:
    """A discard (or a 补杠 that may be robbed) while the table must not move on yet.

    The engine has already applied the action — and, when nobody could claim, the next draw
    too; ``held`` keeps the events not shown yet and ``public`` is what the table shows: the
    claim-window look, identical whether anyone can claim or not. Answers of seats that may claim
    are collected in ``answers`` and given to the engine when the hold ends (``until``), so the
    engine never moves on before the minimum time either.
    """

    until: float
    deadline: float  # when the claim window closes at the latest (shown either way)
    kind: str  # "discard" | "bugang"
    seat: int
    tile: int
    public: PublicView
    bao_drawn_before: tuple[int, ...]
    held: list[Event] = field(default_factory=list)
    answers: list[Action] = field(default_factory=list)

    def answered(self, seat: int) -> Action | None:
        return next((a for a in self.answers if a.seat == seat), None)


PromptKey = tuple[int, int, str, int]  # hand, public sequence, phase, current seat


@dataclass(eq=False)
class Table:
    """One table's whole state. Mutated only by the service, under the table's lock."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    config: TableConfig
    created_at: float
    status: TableStatus = TableStatus.LOBBY
    changed_at: float = 0.0  # when a change was last saved (a lobby idle too long closes)
    seats: list[Seat | None] = field(default_factory=lambda: [None] * SEATS)
    spectators: set[int] = field(default_factory=set)
    ledger_session_id: int | None = None
    session: Session | None = None
    last_hand: HandState | None = None  # the finished hand, shown during the Ready gate
    strikes: list[int] = field(default_factory=lambda: [0] * SEATS)
    autopilot: list[bool] = field(default_factory=lambda: [False] * SEATS)
    ready: list[bool] = field(default_factory=lambda: [False] * SEATS)
    paused: bool = False
    idle_deadline: float | None = None
    ready_deadline: float | None = None
    ready_earliest: float | None = None  # the next hand starts no sooner (result stays up)
    prompt_key: PromptKey | None = None  # the moment the current prompts were made for
    prompted: set[int] = field(default_factory=set)  # human seats prompted for prompt_key
    deadline: float | None = None  # humans must act by then (turn or claim window)
    ai_due: float | None = None  # the AI / autopilot seat to act plays at this time
    hold: Hold | None = None
    # the table is closing: completed | ended | idle | abandoned | expired (an idle lobby)
    end_reason: str | None = None
    end_actor: int = 0  # who ended it (0: the bot)
    # transient (not saved): caches for double clicks and the presenter
    # seat → (hand, seq, request, action taken): a repeated request is a double click
    last_accepted: dict[int, tuple[int, int, Action | str, Action]] = field(default_factory=dict)
    private_marks: dict[int, object] = field(default_factory=dict)

    @property
    def hand(self) -> HandState | None:
        """The hand being played (None in the lobby and the Ready gate)."""
        return self.session.current if self.session is not None else None

    @property
    def hand_no(self) -> int:
        """The current hand's number (1-based); in the Ready gate the one just finished."""
        if self.session is None:
            return 0
        done = len(self.session.records)
        return done + 1 if self.session.current is not None else done

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.kind is SeatKind.HUMAN and s.user_id == user_id:
                return i
        return None

    def is_human(self, seat: int) -> bool:
        s = self.seats[seat]
        return s is not None and s.kind is SeatKind.HUMAN

    def is_auto(self, seat: int) -> bool:
        """The seat is played by the bot: an AI, or a human on autopilot."""
        return not self.is_human(seat) or self.autopilot[seat]

    def human_seats(self) -> list[int]:
        return [i for i in range(SEATS) if self.is_human(i)]

    def users(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    def name(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name if s is not None else f"seat {seat}"


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: SeatKind
    name: str
    user_id: int | None
    ai_level: str | None
    away: bool  # on autopilot
    strikes: int
    ready: bool  # pressed Ready (Ready gate), or plays automatically


@dataclass(frozen=True)
class TableInfo:
    """A table as anyone may see it, at one moment (``at``, unix seconds).

    ``public`` is the board (no concealed tile while the hand is on). ``deadline`` is when the
    table stops waiting: the turn of a human seat, the claim window (shown the same whether or
    not anyone can claim), or the Ready gate — for ``<t:unix:R>`` countdowns; None while an AI
    is to play. ``turn_seat`` is whose turn it is (None in claim windows and between hands).
    ``dice``: the hand's dice (public): the break and the 跌宝 position, and — what decided the
    first dealer — the rolls of ``dealer_rounds`` (shown for hand 1; later dealers rotate).
    """

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    status: TableStatus
    config: TableConfig
    seats: tuple[SeatInfo | None, ...]
    spectators: frozenset[int]
    hand_no: int
    hands_planned: int
    totals: tuple[int, ...]
    dealer: int | None
    dice: Dice | None
    public: PublicView | None
    phase: Phase | None
    turn_seat: int | None
    deadline: float | None
    ready_deadline: float | None
    paused: bool
    idle_deadline: float | None
    ledger_session_id: int | None
    at: float

    @property
    def sequence(self) -> int | None:
        """The public sequence buttons made now must carry (``act(..., seq=...)``)."""
        return self.public.sequence if self.public is not None else None

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s is not None and s.user_id == user_id:
                return s.seat
        return None


@dataclass(frozen=True)
class ActResult:
    """What became of a player's action.

    * ``pending`` — an answer to a claim window, noted; the window resolves later (answers are
      never resolved before the minimum claim time).
    * ``duplicate`` — the same action for the same prompt was already taken (a double click):
      nothing happened twice.
    """

    action: Action
    pending: bool = False
    duplicate: bool = False
