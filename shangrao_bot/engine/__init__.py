"""The game engine (standard library and :mod:`shangrao_bot.rules` only).

So far: the wall, dice and provable fairness (:mod:`.wall`). The turn flow, sessions and AI
players follow in the engine issue.
"""
