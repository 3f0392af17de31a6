"""One hand of Shangrao mahjong as a pure, event-sourced state machine (rule book §2-§9).

A hand is fully determined by (rule set, wall seed, dealer, action list)::

    state = HandState(RuleSet(), seed, dealer=0)
    while not state.over:
        seat = state.to_act()[0]
        events = state.apply(choose(state.legal_actions(seat)))

:meth:`HandState.legal_actions` is complete and exact; :meth:`HandState.apply` validates an
action and returns the events it caused, or raises :class:`NotYourTurn` / :class:`IllegalAction`
with a reason a player understands. Draws, replacement tiles, 接宝, 四个宝, 流局 and the end of a
hand happen automatically inside ``apply``.

Phases: ``TURN`` (the current seat holds 14-equivalent tiles and must act), ``CLAIM`` (after a
discard, every seat with a legal claim answers; priority §4), ``ROB`` (after a 补杠, every seat
the tile completes may rob it; several may), ``OVER``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.engine.actions import CLAIM_RANK, Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.wall import Wall, WallError, WallSetup, new_seed, shuffle_wall
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.scoring import (
    Bonus,
    BonusKind,
    Payment,
    Reason,
    ScoreResult,
    WinHow,
    WinInput,
    score_draw,
    score_win,
)
from shangrao_bot.rules.shapes import YAOJIU_KINDS, is_complete
from shangrao_bot.rules.tiles import (
    HONOR_START,
    NUM_KINDS,
    Meld,
    MeldKind,
    bao_from_indicator,
    suit_of,
    tile_str,
)

SEATS = 4
STATE_VERSION = 1
WIND_NAMES = ("East", "South", "West", "North")
_KONG_BONUS_KINDS = (BonusKind.MINGGANG, BonusKind.ANGANG)


class Phase(Enum):
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    OVER = "over"


class Outcome(Enum):
    WIN = "win"
    EXHAUSTED = "exhausted"  # 流局


@dataclass(frozen=True)
class MeldRecord:
    """A meld on the table. ``from_seat``/``claimed``: who discarded the claimed tile and which
    tile it was (None for 暗杠 and a 跌宝杠 from the hand; set for a 跌宝杠 claimed on a
    discard); a 补杠 keeps its pong's source."""

    meld: Meld
    from_seat: int | None = None
    claimed: int | None = None


@dataclass(frozen=True)
class Discard:
    tile: int
    flown: bool = False  # a discarded 宝 (飞宝)
    claimed_by: int | None = None  # taken into a meld (or the 地胡 winner's hand)


@dataclass(frozen=True)
class WinRecord:
    """One winner: what was scored and the scorer's full breakdown."""

    seat: int
    how: WinHow
    winning_tile: int | None
    concealed: tuple[int, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    kong_chain: int
    score: ScoreResult


@dataclass(frozen=True)
class HandResult:
    """The end of a hand: winners (several only for 抢杠), every payment, zero-sum deltas, the
    bonuses settled and who deals next (§2)."""

    outcome: Outcome
    wins: tuple[WinRecord, ...]
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    next_dealer: int
    robbed_seat: int | None = None


def seat_name(seat: int, dealer: int) -> str:
    """A seat as players name it: its wind this hand (the dealer is East)."""
    return f"{WIND_NAMES[(seat - dealer) % SEATS]} (seat {seat})"


def melds_yaojiu(records: Iterable[MeldRecord]) -> bool:
    """Every tile of every meld is a terminal or an honour (the 九幺 shape stays possible)."""
    return all(t in YAOJIU_KINDS for r in records for t in r.meld.tiles)


def _sorted_tiles(counts: Sequence[int]) -> list[int]:
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


class HandState:
    """The whole state of one hand. Mutable; :func:`.persist.hand_to_dict` and
    :func:`.persist.hand_from_dict` save and load it, :mod:`.views` says what each seat sees."""

    def __init__(
        self,
        rules: RuleSet,
        seed: bytes | None = None,
        dealer: int | None = None,
        setup: WallSetup | None = None,
    ):
        """Deal a new hand from ``seed`` (a fresh secret seed when None). ``dealer`` None: the
        first-dealer dice decide. ``setup``: a hand-made wall (tests, puzzles) instead of the
        seed's; it is saved with the state, since no seed reproduces it."""
        self.rules = rules
        self.custom_wall = setup is not None
        self.setup = setup or shuffle_wall(seed if seed is not None else new_seed())
        self.seed = self.setup.seed
        self.dealer = self.setup.dice.first_dealer if dealer is None else dealer
        if not 0 <= self.dealer < SEATS:
            raise IllegalAction(f"dealer {self.dealer} is not a seat: use 0-3")
        self.wall = Wall(self.setup)
        self.indicator = self.wall.indicator
        self.bao = bao_from_indicator(self.indicator)
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(SEATS)]
        self.melds: list[list[MeldRecord]] = [[] for _ in range(SEATS)]
        self.discards: list[list[Discard]] = [[] for _ in range(SEATS)]
        self.bao_drawn = [0] * SEATS
        self.bao_flown = [0] * SEATS
        self.bonuses: list[Bonus] = []
        self.actions: list[Action] = []
        self.log: list[
            tuple[str, int]
        ] = []  # ("N"ormal draw | "R"eplacement | "D"iscard | "C"laim, seat)
        self.phase = Phase.TURN
        self.current = self.dealer
        self.drawn: int | None = None
        self.after_call = False
        self.chain = 0  # kongs in the current unbroken chain of the current seat
        self.replacement = False  # the current seat's last tile came from the tail
        self.claim_tile: int | None = None  # the discard (CLAIM) or the added tile (ROB)
        self.claim_from: int | None = None
        self.options: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self.discard_count = 0
        self.robbed_tile: int | None = None
        self.result: HandResult | None = None
        self._winners: list[tuple[int, WinHow, int | None]] = []
        self._win_cache: dict[tuple[int, str, int | None], ScoreResult | None] = {}
        self._win_cache_at = -1
        self.start_events = self._deal()

    # --- the deal ------------------------------------------------------------------------------

    def _deal(self) -> list[Event]:
        order = [(self.dealer + i) % SEATS for i in range(SEATS)]
        dealt: list[list[int]] = [[] for _ in range(SEATS)]
        for size in (4, 4, 4, 1):
            for seat in order:
                for _ in range(size):
                    dealt[seat].append(self.wall.draw())
        dealt[self.dealer].append(self.wall.draw())
        for seat in range(SEATS):
            for t in dealt[seat]:
                self.hands[seat][t] += 1
            self.bao_drawn[seat] = self.hands[seat][self.bao]
        self.drawn = dealt[self.dealer][-1]
        d = self.setup.dice
        events = [
            Event(
                EventKind.HAND_STARTED,
                self.dealer,
                (self.indicator, self.bao),
                f"hash={self.setup.commitment} break={d.break_dice} indicator={d.indicator_dice}",
            )
        ]
        for seat in range(SEATS):
            events.append(
                Event(EventKind.DEALT, seat, owner=seat, secret=tuple(sorted(dealt[seat])))
            )
        for seat in range(SEATS):
            if self.bao_drawn[seat] == 4:
                events.append(self._bonus(seat, BonusKind.SIGEBAO))
        return events

    # --- queries -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def concealed(self, seat: int) -> list[int]:
        """The seat's concealed tiles, sorted (the drawn tile included)."""
        return _sorted_tiles(self.hands[seat])

    def meld_list(self, seat: int) -> tuple[Meld, ...]:
        return tuple(r.meld for r in self.melds[seat])

    def to_act(self) -> list[int]:
        """Seats that must act now, in turn order."""
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase in (Phase.CLAIM, Phase.ROB):
            assert self.claim_from is not None
            return [
                s
                for s in ((self.claim_from + i) % SEATS for i in range(1, SEATS))
                if s in self.options and s not in self.responses
            ]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it may not act)."""
        if self.phase is Phase.TURN:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase in (Phase.CLAIM, Phase.ROB):
            if seat in self.responses:
                return []
            return list(self.options.get(seat, ()))
        return []

    def _turn_actions(self, seat: int) -> list[Action]:
        c = self.hands[seat]
        out: list[Action] = []
        if not self.after_call:
            has_winning_tile = self.drawn is not None or not self.actions
            if has_winning_tile and self._win_score(seat, self.turn_how(), None) is not None:
                out.append(Action(seat, ActionKind.WIN))
            live = self.wall.live >= 1
            for k in range(NUM_KINDS):
                # every kong, the 跌宝杠 too, only while a live tile remains (§2)
                if live and (
                    c[k] == 4 or (c[k] == 3 and k == self.indicator and self.rules.indicator_kong)
                ):
                    out.append(Action(seat, ActionKind.ANGANG, k))
            if live:
                for rec in self.melds[seat]:
                    k = rec.meld.tiles[0]
                    if rec.meld.kind is MeldKind.PONG and c[k]:
                        out.append(Action(seat, ActionKind.BUGANG, k))
        for k in range(NUM_KINDS):
            if c[k]:
                out.append(Action(seat, ActionKind.DISCARD, k))
        return out

    def turn_how(self) -> WinHow:
        """How a win on the current turn would count: 天胡 before any action, 杠开 on a
        replacement tile, else 自摸."""
        if not self.actions:
            return WinHow.TIANHU
        return WinHow.KONG if self.replacement else WinHow.SELF

    # --- winning -------------------------------------------------------------------------------

    def win_input(self, seat: int, how: WinHow, extra: int | None) -> WinInput:
        """What the scorer sees if ``seat`` wins now (``extra``: a tile not yet in the hand —
        the 地胡 discard or the robbed tile)."""
        tiles = _sorted_tiles(self.hands[seat])
        if extra is not None:
            bisect.insort(tiles, extra)
        winning = extra if extra is not None else self.drawn
        return WinInput(
            concealed=tuple(tiles),
            bao=self.bao,
            winning_tile=None if how is WinHow.TIANHU else winning,
            melds=self.meld_list(seat),
            how=how,
            kong_chain=self.chain if how is WinHow.KONG else 1,
            robbed_seat=self.claim_from if how is WinHow.ROB else None,
            winner=seat,
            flown=tuple(self.bao_flown),
        )

    def _win_score(self, seat: int, how: WinHow, extra: int | None) -> ScoreResult | None:
        """The scored win if ``seat`` may win now this way, else None. A fast shape test first;
        the full scorer only for complete hands (cached per action count)."""
        if self._win_cache_at != len(self.actions):
            self._win_cache = {}
            self._win_cache_at = len(self.actions)
        key = (seat, how.value, extra)
        if key in self._win_cache:
            return self._win_cache[key]
        c = self.hands[seat]
        if extra is not None:
            c = list(c)
            c[extra] += 1
        melds = self.melds[seat]
        yaojiu = melds_yaojiu(melds)
        result: ScoreResult | None = None
        if is_complete(c, self.bao, len(melds), yaojiu):
            scored = score_win(self.win_input(seat, how, extra), self.rules)
            result = scored if scored.winning else None
        self._win_cache[key] = result
        return result

    def why_not_win(self, seat: int) -> str:
        """Why ``seat`` cannot win now, in words a player understands."""
        if self.phase is Phase.TURN and seat == self.current:
            if self.after_call:
                if self._claimed_indicator_kong(seat):
                    return "after claiming a 跌宝杠 you must discard: you can win only on a draw"
                return "after a chi or pong you must discard: you can win only on a draw"
            if self.drawn is None and self.actions:
                return (
                    "the tile you drew went into your 跌宝杠, so there is no winning tile: "
                    "win before declaring the 跌宝杠, or discard"
                )
            c = self.hands[seat]
            how, extra = self.turn_how(), None
        elif self.phase is Phase.CLAIM and self.claim_tile is not None:
            if self.claim_tile == self.bao:
                return "a discarded 宝 is dead: nobody may win on it"
            if not self._dihu_possible(seat):
                return (
                    "nobody wins on another player's discard in Shangrao mahjong (no 点炮), "
                    "except 地胡 on the dealer's first discard"
                )
            c, how, extra = list(self.hands[seat]), WinHow.DIHU, self.claim_tile
            c[extra] += 1
        elif self.phase is Phase.ROB:
            c, how, extra = list(self.hands[seat]), WinHow.ROB, self.claim_tile
            assert extra is not None
            c[extra] += 1
        else:
            return "you can win only on your own draw, by 抢杠, or by 地胡"
        melds = self.melds[seat]
        yaojiu = melds_yaojiu(melds)
        if not is_complete(c, self.bao, len(melds), yaojiu):
            return "your tiles are not a complete hand yet"
        scored = score_win(self.win_input(seat, how, extra), self.rules)
        return scored.reason or "not a win"

    def _claimed_indicator_kong(self, seat: int) -> bool:
        """The seat's last call was a 跌宝杠 claimed on a discard (it must discard now)."""
        recs = self.melds[seat]
        return bool(recs) and recs[-1].meld.kind is MeldKind.KONG_INDICATOR_EXPOSED

    # --- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``; return the events it caused (automatic draws included)."""
        if self.phase is Phase.OVER:
            raise IllegalAction("the hand is over")
        if not 0 <= action.seat < SEATS:
            raise IllegalAction(f"seat {action.seat} is not a seat: use 0-3")
        action = self._normalized(action)
        legal = self.legal_actions(action.seat)
        if action not in legal:
            if not legal:
                raise NotYourTurn(self._not_your_turn(action.seat))
            raise IllegalAction(self._why_illegal(action))
        how = self.turn_how()  # before the action joins the record: 天胡 needs none yet
        self.actions.append(action)
        events: list[Event] = []
        if self.phase is Phase.TURN:
            self._apply_turn(action, how, events)
        elif self.phase is Phase.CLAIM:
            self._answer(action, events)
            self._try_resolve_claims(events)
        else:
            self._answer(action, events)
            self._try_resolve_rob(events)
        return events

    def _normalized(self, action: Action) -> Action:
        """Fill in what the situation makes obvious, so a player's short command matches the
        legal action: the claimed tile of a claim, no tile on a self-drawn win."""
        k = action.kind
        if self.phase is Phase.TURN:
            if k is ActionKind.WIN and action.tile == self.drawn and not action.tiles:
                return Action(action.seat, k)
        elif action.tile is None and (
            (k in (ActionKind.WIN, ActionKind.PONG, ActionKind.KONG) and not action.tiles)
            or k is ActionKind.CHI
        ):
            action = Action(action.seat, k, self.claim_tile, action.tiles)
        if (
            self.phase is Phase.CLAIM
            and k is ActionKind.KONG
            and not action.tiles
            and action.tile == self.indicator
        ):
            # a kong on a discard of the indicator's kind can only be a 跌宝杠 (§4)
            return Action(action.seat, k, action.tile, (action.tile,) * 3)
        return action

    def _not_your_turn(self, seat: int) -> str:
        if self.phase is Phase.TURN:
            return f"it is {seat_name(self.current, self.dealer)}'s turn, not yours"
        if seat in self.responses:
            return "you have already answered this discard"
        if self.phase is Phase.ROB:
            return "you cannot rob this kong: the tile does not complete your hand"
        return "you have no claim on this discard; wait for your turn"

    def _why_illegal(self, action: Action) -> str:
        k, seat = action.kind, action.seat
        t = tile_str(action.tile) if action.tile is not None and 0 <= action.tile < 34 else "?"
        c = self.hands[seat]
        if k is ActionKind.WIN:
            return self.why_not_win(seat)
        if self.phase in (Phase.CLAIM, Phase.ROB):
            if k is ActionKind.DISCARD:
                return "this is a claim window: claim the discard or pass"
            if self.phase is Phase.ROB:
                return "a 补杠 can only be robbed (hu) or let pass"
            if self.claim_tile == self.bao:
                return "a discarded 宝 is dead: nobody may claim it"
            if k is ActionKind.CHI:
                if self.claim_from is not None and seat != (self.claim_from + 1) % SEATS:
                    return "only the discarder's 下家 (the next player) may chi"
                return (
                    "that chi does not fit: name a sequence with the discard and two of your tiles"
                )
            if k is ActionKind.PONG:
                return "a pong needs two tiles like the discard in your hand"
            if k is ActionKind.KONG and action.tile == self.indicator:
                if not self.rules.indicator_kong:
                    return "跌宝杠 is switched off at this table"
                if self.wall.live < 1:
                    return "no kong now: no live tile is left for its replacement"
                return (
                    "a 跌宝杠 on a discard needs the other two live tiles of the indicator's "
                    "kind in your hand"
                )
            if k is ActionKind.KONG:
                if self.wall.live < 1:
                    return "no kong now: no live tile is left for its replacement"
                return "a kong on a discard needs three tiles like it in your hand"
            return "that is not a claim on this discard"
        if k is ActionKind.PASS:
            return "there is nothing to pass: it is your turn, discard a tile"
        if k in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
            return "chi, pong and kong on a discard are claimed after someone discards"
        if k is ActionKind.DISCARD:
            if action.tile is None or not 0 <= action.tile < 34 or not c[action.tile]:
                return f"you have no {t} to discard"
            return "a discard names one tile and nothing else"
        if self.after_call:
            if self._claimed_indicator_kong(seat):
                return "after claiming a 跌宝杠 you must discard: no kong until your next draw"
            return "after a chi or pong you must discard: no kong until your next draw"
        if self.wall.live < 1:
            return "no kong now: no live tile is left for its replacement"
        if k is ActionKind.ANGANG:
            if action.tile == self.indicator and not self.rules.indicator_kong:
                return "跌宝杠 is switched off at this table"
            return f"a concealed kong needs four {t} in your hand"
        if k is ActionKind.BUGANG:
            return f"补杠 adds a fourth {t} to your own pong of {t}: you have no such pong and tile"
        return "that action is not possible now"

    def _apply_turn(self, a: Action, how: WinHow, events: list[Event]) -> None:
        seat = a.seat
        if a.kind is ActionKind.WIN:
            self._finish_wins([(seat, how, None)], events)
        elif a.kind is ActionKind.DISCARD:
            assert a.tile is not None
            self._discard(seat, a.tile, events)
        elif a.kind is ActionKind.ANGANG:
            assert a.tile is not None
            k = a.tile
            n = self.hands[seat][k]
            self.hands[seat][k] = 0
            kind = MeldKind.KONG_CONCEALED if n == 4 else MeldKind.KONG_INDICATOR
            self.melds[seat].append(MeldRecord(Meld(kind, (k,) * n)))
            self.log.append(("K", seat))
            events.append(Event(EventKind.ANGANG, seat, (k,) * n))
            events.append(self._bonus(seat, BonusKind.ANGANG))
            if kind is MeldKind.KONG_INDICATOR:
                # Three tiles are already one set: a replacement would leave the hand a tile
                # too long (14 - 3 + 1 = 12 concealed beside one set), so a 跌宝杠 draws none and
                # the turn goes on; if the drawn tile went into it there is no winning tile.
                if self.drawn == k:
                    self.drawn = None
                return
            self.chain += 1
            self._replacement_draw(seat, events)
        elif a.kind is ActionKind.BUGANG:
            assert a.tile is not None
            self.hands[seat][a.tile] -= 1
            self.drawn = None
            self.log.append(("K", seat))
            self.claim_tile, self.claim_from = a.tile, seat
            events.append(Event(EventKind.BUGANG_DECLARED, seat, (a.tile,)))
            self.options = {}
            self.responses = {}
            if self.rules.robbing_allowed:
                for i in range(1, SEATS):
                    s = (seat + i) % SEATS
                    if self._win_score(s, WinHow.ROB, a.tile) is not None:
                        self.options[s] = [
                            Action(s, ActionKind.WIN, a.tile),
                            Action(s, ActionKind.PASS),
                        ]
            if self.options:
                self.phase = Phase.ROB
                for s in self.options:  # private: a public notice would reveal a waiting hand
                    events.append(Event(EventKind.ROB_WINDOW, s, (a.tile,), owner=s))
            else:
                self._complete_bugang(events)

    def _discard(self, seat: int, tile: int, events: list[Event]) -> None:
        self.hands[seat][tile] -= 1
        self.drawn = None
        self.after_call = False
        self.replacement = False
        self.chain = 0
        flown = tile == self.bao
        self.discards[seat].append(Discard(tile, flown))
        self.discard_count += 1
        self.log.append(("D", seat))
        events.append(Event(EventKind.DISCARDED, seat, (tile,), "flown" if flown else ""))
        self.claim_tile, self.claim_from = tile, seat
        self.options, self.responses = {}, {}
        if flown:
            self.bao_flown[seat] += 1
            for r in range(SEATS):
                if r != seat and self.bao_drawn[r] == 3:
                    events.append(self._bonus(r, BonusKind.JIEBAO))
            self._draw((seat + 1) % SEATS, events)
            return
        for i in range(1, SEATS):
            s = (seat + i) % SEATS
            opts = self._claim_options(s, seat, tile)
            if opts:
                self.options[s] = opts
        if self.options:
            self.phase = Phase.CLAIM
            # private to each seat that may claim: a public notice would tell everyone that
            # somebody holds a claim on this tile
            for s in self.options:
                events.append(Event(EventKind.CLAIM_WINDOW, s, (tile,), owner=s))
        else:
            self._draw((seat + 1) % SEATS, events)

    def _dihu_possible(self, seat: int) -> bool:
        return (
            self.rules.di_hu
            and self.claim_from == self.dealer
            and seat != self.dealer
            and self.discard_count == 1
            and self.claim_tile != self.bao
        )

    def _claim_options(self, s: int, discarder: int, t: int) -> list[Action]:
        c = self.hands[s]
        opts: list[Action] = []
        if self._dihu_possible(s) and self._win_score(s, WinHow.DIHU, t) is not None:
            opts.append(Action(s, ActionKind.WIN, t))
        if c[t] >= 3 and self.wall.live >= 1:
            opts.append(Action(s, ActionKind.KONG, t))
        if t == self.indicator and c[t] == 2 and self.rules.indicator_kong and self.wall.live >= 1:
            # 跌宝杠 on a discard (§4): the two held and the discard are the three live tiles
            # of the indicator's kind; like a pong, the claimer then discards
            opts.append(Action(s, ActionKind.KONG, t, (t,) * 3))
        if c[t] >= 2:
            opts.append(Action(s, ActionKind.PONG, t))
        if s == (discarder + 1) % SEATS and t < HONOR_START:
            suit = suit_of(t)
            for low in (t - 2, t - 1, t):
                if low < 0 or suit_of(low) != suit or low + 2 >= HONOR_START:
                    continue
                if suit_of(low + 2) != suit:
                    continue
                seq = (low, low + 1, low + 2)
                if all(c[x] >= 1 for x in seq if x != t):
                    opts.append(Action(s, ActionKind.CHI, t, seq))
        if opts:
            opts.append(Action(s, ActionKind.PASS))
        return opts

    def _answer(self, a: Action, events: list[Event]) -> None:
        self.responses[a.seat] = a
        if a.kind is ActionKind.PASS:
            events.append(Event(EventKind.PASSED, a.seat, owner=a.seat))

    def _rank(self, a: Action) -> tuple[int, int]:
        """Claim priority: kind first, then turn order after the discarder (§4)."""
        assert self.claim_from is not None
        return CLAIM_RANK[a.kind], -((a.seat - self.claim_from) % SEATS)

    def _try_resolve_claims(self, events: list[Event]) -> None:
        """Close the window once no seat still to answer could beat the best claim so far."""
        best = max(self._rank(a) for a in self.responses.values())
        for s, opts in self.options.items():
            if s not in self.responses and max(self._rank(o) for o in opts) > best:
                return
        winner = max(self.responses.values(), key=self._rank)
        discarder, tile = self.claim_from, self.claim_tile
        assert discarder is not None and tile is not None
        self.options, self.responses = {}, {}
        if winner.kind is ActionKind.PASS:
            self._draw((discarder + 1) % SEATS, events)
            return
        s = winner.seat
        pile = self.discards[discarder]
        pile[-1] = Discard(tile, False, s)
        self.log.append(("C", s))
        if winner.kind is ActionKind.WIN:
            self._finish_wins([(s, WinHow.DIHU, tile)], events)
            return
        self.current = s
        self.drawn = None
        self.replacement = False
        self.chain = 0
        self.phase = Phase.TURN
        if winner.kind is ActionKind.CHI:
            for x in winner.tiles:
                if x != tile:
                    self.hands[s][x] -= 1
            self.melds[s].append(MeldRecord(Meld(MeldKind.CHI, winner.tiles), discarder, tile))
            self.after_call = True
            events.append(Event(EventKind.CHI, s, winner.tiles, f"from={discarder}"))
        elif winner.kind is ActionKind.KONG and winner.tiles:
            # a 跌宝杠 claimed on a discard: 碰杠, no replacement; the claimer discards (§4)
            self.hands[s][tile] -= 2
            self.melds[s].append(
                MeldRecord(Meld(MeldKind.KONG_INDICATOR_EXPOSED, (tile,) * 3), discarder, tile)
            )
            self.after_call = True
            events.append(Event(EventKind.KONG, s, (tile,) * 3, f"from={discarder}"))
            events.append(self._bonus(s, BonusKind.MINGGANG))
        elif winner.kind is ActionKind.PONG:
            self.hands[s][tile] -= 2
            self.melds[s].append(MeldRecord(Meld(MeldKind.PONG, (tile,) * 3), discarder, tile))
            self.after_call = True
            events.append(Event(EventKind.PONG, s, (tile,) * 3, f"from={discarder}"))
        else:
            self.hands[s][tile] -= 3
            self.melds[s].append(
                MeldRecord(Meld(MeldKind.KONG_EXPOSED, (tile,) * 4), discarder, tile)
            )
            events.append(Event(EventKind.KONG, s, (tile,) * 4, f"from={discarder}"))
            events.append(self._bonus(s, BonusKind.MINGGANG))
            self.after_call = False
            self.chain = 1
            self._replacement_draw(s, events)

    def _try_resolve_rob(self, events: list[Event]) -> None:
        """Every seat asked must answer: several may rob the same kong (§4)."""
        if len(self.responses) < len(self.options):
            return
        assert self.claim_from is not None
        order = [(self.claim_from + i) % SEATS for i in range(1, SEATS)]
        robbers = [
            s for s in order if s in self.responses and self.responses[s].kind is ActionKind.WIN
        ]
        self.options, self.responses = {}, {}
        if not robbers:
            self._complete_bugang(events)
            return
        self.robbed_tile = self.claim_tile
        self._finish_wins([(s, WinHow.ROB, self.claim_tile) for s in robbers], events)

    def _complete_bugang(self, events: list[Event]) -> None:
        seat, k = self.claim_from, self.claim_tile
        assert seat is not None and k is not None
        self.phase = Phase.TURN
        self.current = seat
        recs = self.melds[seat]
        i = next(
            j for j, r in enumerate(recs) if r.meld.kind is MeldKind.PONG and r.meld.tiles[0] == k
        )
        recs[i] = MeldRecord(
            Meld(MeldKind.KONG_EXPOSED, (k,) * 4), recs[i].from_seat, recs[i].claimed
        )
        events.append(Event(EventKind.BUGANG, seat, (k,) * 4))
        events.append(self._bonus(seat, BonusKind.MINGGANG))
        self.chain += 1
        self._replacement_draw(seat, events)

    # --- drawing -------------------------------------------------------------------------------

    def _draw(self, seat: int, events: list[Event]) -> None:
        self.phase = Phase.TURN
        self.current = seat
        self.after_call = False
        self.chain = 0
        self.replacement = False
        self.claim_tile = self.claim_from = None
        if self.wall.live == 0:
            self._finish_exhausted(events)
            return
        self._take(seat, self.wall.draw(), "N", events)

    def _replacement_draw(self, seat: int, events: list[Event]) -> None:
        self.phase = Phase.TURN
        self.current = seat
        self.after_call = False
        self.replacement = True
        self.claim_tile = self.claim_from = None
        try:
            tile = self.wall.draw_replacement()
        except WallError:  # unreachable: kongs are offered only while a live tile remains
            self._finish_exhausted(events)
            return
        self._take(seat, tile, "R", events)

    def _take(self, seat: int, tile: int, how: str, events: list[Event]) -> None:
        self.hands[seat][tile] += 1
        self.drawn = tile
        self.log.append((how, seat))
        events.append(
            Event(
                EventKind.DREW,
                seat,
                detail="replacement" if how == "R" else "",
                owner=seat,
                secret=(tile,),
            )
        )
        if tile == self.bao:
            self.bao_drawn[seat] += 1
            if self.bao_drawn[seat] == 4:
                events.append(self._bonus(seat, BonusKind.SIGEBAO))

    def _bonus(self, seat: int, kind: BonusKind) -> Event:
        """Award a bonus at once. 四个宝 is told to its owner only until the hand ends: announcing
        it would reveal that the seat holds (or held) every 宝."""
        self.bonuses.append(Bonus(seat, kind))
        if kind is BonusKind.SIGEBAO:
            return Event(EventKind.BONUS, seat, detail=kind.value, owner=seat, private=True)
        return Event(EventKind.BONUS, seat, detail=kind.value)

    # --- the end of the hand -------------------------------------------------------------------

    def _finish_wins(
        self, winners: list[tuple[int, WinHow, int | None]], events: list[Event]
    ) -> None:
        for seat, how, extra in winners:
            if extra is not None and how is WinHow.DIHU:
                self.hands[seat][extra] += 1  # the 地胡 discard joins the winner's hand
                self.drawn = extra
        self.phase = Phase.OVER
        self._winners = [(s, h, None if h is WinHow.DIHU else e) for s, h, e in winners]
        self.result = self._settle_wins(self._winners)
        for w in self.result.wins:
            body = w.concealed + tuple(t for m in w.melds for t in m.tiles)
            events.append(Event(EventKind.WON, w.seat, body, w.how.value))
        events.append(Event(EventKind.HAND_ENDED, None, detail=f"seed={self.seed.hex()}"))

    def _settle_wins(self, winners: Sequence[tuple[int, WinHow, int | None]]) -> HandResult:
        records: list[WinRecord] = []
        payments: list[Payment] = []
        for i, (seat, how, extra) in enumerate(winners):
            inp = self.win_input(seat, how, extra)
            if i == 0:
                others = tuple(
                    b for b in self.bonuses if not (b.seat == seat and b.kind in _KONG_BONUS_KINDS)
                )
                inp = WinInput(
                    inp.concealed,
                    inp.bao,
                    inp.winning_tile,
                    inp.melds,
                    inp.how,
                    inp.kong_chain,
                    inp.robbed_seat,
                    inp.winner,
                    inp.flown,
                    others,
                )
            score = score_win(inp, self.rules)
            if not score.winning:
                raise AssertionError(f"engine offered a win the scorer refuses: {score.reason}")
            if i == 0:
                payments.extend(score.payments)
            else:
                payments.extend(p for p in score.payments if p.reason is Reason.WIN)
            records.append(
                WinRecord(
                    seat, how, inp.winning_tile, inp.concealed, inp.melds, inp.kong_chain, score
                )
            )
        deltas = [0] * SEATS
        for p in payments:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        robbed = self.claim_from if winners[0][1] is WinHow.ROB else None
        if robbed is not None:
            next_dealer = min((s for s, _, _ in winners), key=lambda s: (s - robbed) % SEATS)
        else:
            next_dealer = winners[0][0]
        return HandResult(
            Outcome.WIN,
            tuple(records),
            tuple(payments),
            tuple(deltas),
            tuple(self.bonuses),
            next_dealer,
            robbed,
        )

    def _finish_exhausted(self, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self.drawn = None
        self._winners = []
        self.result = self._settle_exhausted()
        events.append(Event(EventKind.EXHAUSTED))
        events.append(Event(EventKind.HAND_ENDED, None, detail=f"seed={self.seed.hex()}"))

    def _settle_exhausted(self) -> HandResult:
        score = score_draw(self.bonuses, self.rules, self.bao_flown)
        return HandResult(
            Outcome.EXHAUSTED,
            (),
            score.payments,
            score.deltas,
            tuple(self.bonuses),
            (self.dealer + 1) % SEATS,
        )

    def recompute_result(self) -> None:
        """Settle a loaded finished hand again from its winners (the result is not stored: the
        scorer derives it exactly from the state)."""
        if self.phase is Phase.OVER:
            self.result = (
                self._settle_wins(self._winners) if self._winners else self._settle_exhausted()
            )

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: bytes,
        dealer: int,
        actions: Iterable[Action],
        setup: WallSetup | None = None,
    ) -> HandState:
        """Rebuild a hand from its record: the same (rules, seed, dealer, actions) always give
        the same state."""
        state = cls(rules, seed, dealer, setup)
        for a in actions:
            state.apply(a)
        return state
