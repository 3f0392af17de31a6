"""The game engine (standard library and :mod:`shangrao_bot.rules` only).

* :mod:`.wall` — seeded shuffle, dice, the fairness commitment.
* :mod:`.state` — one hand as an event-sourced state machine (``legal_actions`` / ``apply``).
* :mod:`.actions`, :mod:`.events`, :mod:`.errors` — what players do, what happened (and who may
  see it), and the typed refusals.
* :mod:`.views` — what a seat and a spectator may see.
* :mod:`.persist` — the versioned saved form; :mod:`.invariants` — checks after every action.
* :mod:`.session` — several hands: dealer rotation and totals; :mod:`.ai` — easy and normal.
"""
