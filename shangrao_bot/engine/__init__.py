"""The game engine (standard library, :mod:`shangrao_bot.rules` and the refusal model only).

* :mod:`.wall` — seeded shuffle, dice, the fairness commitment.
* :mod:`.state` — one hand as an event-sourced state machine (``legal_actions`` / ``apply``),
  built on :mod:`.hand_records` (phases, melds, discards, results), :mod:`.hand_table` (the
  tiles, draws and queries) and :mod:`.claim_windows` (claims after a discard or a 补杠);
  :mod:`.why_not` words why a move is refused, :mod:`~.hand_points` counts the
  hand's end.
* :mod:`.actions`, :mod:`.events`, :mod:`.errors` — what players do, what happened (and who may
  see it), and the typed refusals (texts in the catalogs' ``engine`` area).
* :mod:`.views` — what a seat and a spectator may see.
* :mod:`.persist` — the versioned saved form; :mod:`.invariants` — checks after every action.
* :mod:`.session` — several hands: dealer rotation and totals; :mod:`.ai` — easy and normal.
* :mod:`.typed_moves` — typed lines (``d 5m``) into actions (texts in the ``moves`` area).
* :mod:`.analysis` (with its input, :mod:`.analysis_input`, and the claims' hands,
  :mod:`.claim_shapes`) — 何切 analysis; :mod:`.advice` —
  hints from it; :mod:`.puzzle` — 何切 puzzles from AI games.
* :mod:`.hard_ai` — the hard AI player; :mod:`.levels` — the AI levels, above every AI.
* :mod:`.replay` — a finished hand rebuilt step by step from its events.
* :mod:`.club` — club events: each round's seating and the standings.
"""
