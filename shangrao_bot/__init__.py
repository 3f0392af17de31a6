"""shangrao-bot: Shangrao mahjong (上饶麻将) in Discord and on the command line.

Virtual tables in Discord, scorekeeping for physical tables, and a CLI that scores
and analyzes hands offline.
"""

__version__ = "0.1.0"
