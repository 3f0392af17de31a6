"""Typed moves are read against one seat's view, and the actions they give are that seat's
(a table's typed request comes from any seat; the terminal game's from seat 0)."""

from __future__ import annotations

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.typed_moves import parse_command
from shangrao_bot.engine.views import view_for
from tests.engine.builders import make_state, tile


def test_every_action_typed_is_the_seat_of_the_view() -> None:
    # seat 2 deals: its turn, with 14 tiles
    state = make_state({2: "123m456m789m1122z5p"}, dealer=2)
    view = view_for(state, 2)
    assert view.seat == 2
    typed = {line: parse_command(line, view).action for line in ("d 5p", "5p", ".", "kong 1z")}
    assert all(a is not None and a.seat == 2 for a in typed.values()), typed
    assert typed["d 5p"] is not None and typed["d 5p"].tile == tile("5p")
    kong = typed["kong 1z"]  # not legal: the engine will say why; the guess is still seat 2's
    assert kong is not None and kong.kind is ActionKind.ANGANG and kong.tile == tile("1z")
