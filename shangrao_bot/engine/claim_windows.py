"""The claim windows of a hand (rule book §4): after a discard, every seat with a claim on it
answers — 地胡, 明杠 or a 跌宝杠, 碰, 吃, or passing — and the best claim takes the tile; after a
补杠, every seat the added tile completes may rob it (several may).

:class:`ClaimWindows` opens the windows, lists each seat's claims, takes the answers and
settles a window as soon as no seat still to answer could beat the best claim so far.
"""

from __future__ import annotations

from shangrao_bot.engine.actions import CLAIM_RANK, Action, ActionKind
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import SEATS, Discard, MeldRecord, Phase
from shangrao_bot.engine.hand_table import HandTable
from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.rules.tiles import HONOR_START, Meld, MeldKind, suit_of


class ClaimWindows(HandTable):
    """A hand's claim windows: opening them, the claims each seat may make, the answers and
    their priority, and the settling of a window (the claimed tile taken, a 补杠 robbed or
    completed, or the next draw)."""

    # --- opening a window ----------------------------------------------------------------------

    def _open_claim_window(self, discarder: int, tile: int, events: list[Event]) -> None:
        """After ``discarder`` discarded ``tile``: a window for the seats that may claim it, or
        the next seat's draw when none may."""
        self.options, self.responses = {}, {}
        for i in range(1, SEATS):
            s = (discarder + i) % SEATS
            opts = self._claim_options(s, discarder, tile)
            if opts:
                self.options[s] = opts
        if self.options:
            self.phase = Phase.CLAIM
            # private to each seat that may claim: a public notice would tell everyone that
            # somebody holds a claim on this tile
            for s in self.options:
                events.append(Event(EventKind.CLAIM_WINDOW, s, (tile,), owner=s))
        else:
            self._draw((discarder + 1) % SEATS, events)

    def _open_rob_window(self, seat: int, tile: int, events: list[Event]) -> None:
        """After ``seat`` added ``tile`` to its pong: a window for the seats it completes (when
        robbing is allowed), or the 补杠 completes at once."""
        self.options, self.responses = {}, {}
        if self.rules.robbing_allowed:
            for i in range(1, SEATS):
                s = (seat + i) % SEATS
                if self._win_score(s, WinHow.ROB, tile) is not None:
                    self.options[s] = [Action(s, ActionKind.WIN, tile), Action(s, ActionKind.PASS)]
        if self.options:
            self.phase = Phase.ROB
            for s in self.options:  # private: a public notice would reveal a waiting hand
                events.append(Event(EventKind.ROB_WINDOW, s, (tile,), owner=s))
        else:
            self._complete_bugang(events)

    def _claim_options(self, s: int, discarder: int, t: int) -> list[Action]:
        c = self.hands[s]
        opts: list[Action] = []
        if self.dihu_possible(s) and self._win_score(s, WinHow.DIHU, t) is not None:
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

    # --- answers -------------------------------------------------------------------------------

    def _answer(self, a: Action, events: list[Event]) -> None:
        self.responses[a.seat] = a
        if a.kind is ActionKind.PASS:
            events.append(Event(EventKind.PASSED, a.seat, owner=a.seat))

    def _rank(self, a: Action) -> tuple[int, int]:
        """Claim priority: kind first, then turn order after the discarder (§4)."""
        assert self.claim_from is not None
        return CLAIM_RANK[a.kind], -((a.seat - self.claim_from) % SEATS)

    # --- settling a window ---------------------------------------------------------------------

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
