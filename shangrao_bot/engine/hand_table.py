"""One hand's tiles and turn (rule book §2-§5): the deal, the draws and the bonuses they bring,
what each seat may do now, a win scored on the spot, and the hand's end.

:class:`HandTable` is the base of the state machine :class:`~.state.HandState`: it holds the
whole state and answers questions about it; the claim windows (:mod:`.claim_windows`) and the
turn's actions (:mod:`.state`) build on it. The refusals of a move that is not possible are
worded in :mod:`.why_not`, the points of the hand's end counted in
:mod:`~.hand_points`.
"""

from __future__ import annotations

import bisect

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_points import settle_exhausted, settle_wins
from shangrao_bot.engine.hand_records import (
    SEATS,
    Discard,
    HandResult,
    MeldRecord,
    Phase,
    melds_yaojiu,
    sorted_tiles,
)
from shangrao_bot.engine.wall import Wall, WallError, WallSetup, new_seed, shuffle_wall
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shapes import is_complete
from shangrao_bot.rules.tiles import NUM_KINDS, Meld, MeldKind, bao_from_indicator


class HandTable:
    """The whole state of one hand and what can be read from it; the draws and the end of the
    hand, which every action leads to."""

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
            raise IllegalAction("engine.bad_dealer", dealer=self.dealer)
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
        return sorted_tiles(self.hands[seat])

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

    def dihu_possible(self, seat: int) -> bool:
        """``seat`` may win 地胡 on the discard on offer: the dealer's first discard, not a 宝."""
        return (
            self.rules.di_hu
            and self.claim_from == self.dealer
            and seat != self.dealer
            and self.discard_count == 1
            and self.claim_tile != self.bao
        )

    def claimed_indicator_kong(self, seat: int) -> bool:
        """The seat's last call was a 跌宝杠 claimed on a discard (it must discard now)."""
        recs = self.melds[seat]
        return bool(recs) and recs[-1].meld.kind is MeldKind.KONG_INDICATOR_EXPOSED

    # --- winning -------------------------------------------------------------------------------

    def win_input(self, seat: int, how: WinHow, extra: int | None) -> WinInput:
        """What the scorer sees if ``seat`` wins now (``extra``: a tile not yet in the hand —
        the 地胡 discard or the robbed tile)."""
        tiles = sorted_tiles(self.hands[seat])
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

    def _settle_wins(self, winners: list[tuple[int, WinHow, int | None]]) -> HandResult:
        wins = [(seat, how, self.win_input(seat, how, extra)) for seat, how, extra in winners]
        robbed = self.claim_from if winners[0][1] is WinHow.ROB else None
        return settle_wins(wins, self.bonuses, self.rules, robbed)

    def _finish_exhausted(self, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self.drawn = None
        self._winners = []
        self.result = settle_exhausted(self.bonuses, self.rules, self.bao_flown, self.dealer)
        events.append(Event(EventKind.EXHAUSTED))
        events.append(Event(EventKind.HAND_ENDED, None, detail=f"seed={self.seed.hex()}"))

    def recompute_result(self) -> None:
        """Settle a loaded finished hand again from its winners (the result is not stored: the
        scorer derives it exactly from the state)."""
        if self.phase is Phase.OVER:
            self.result = (
                self._settle_wins(self._winners)
                if self._winners
                else settle_exhausted(self.bonuses, self.rules, self.bao_flown, self.dealer)
            )
