"""The terminal game's list of commands (the parser of typed moves is
:mod:`shangrao_bot.engine.typed_moves`, shared with the tables' typed requests)."""

from __future__ import annotations

HELP = (
    "Commands (one per line):",
    "  5m | 五万 | d 5m | d E     discard a tile (mpsz or Chinese; letters E S W N P F C after d)",
    "  .                          discard the tile you just drew",
    "  chi 345m | chi             take the discard into that sequence (plain chi if only one fits)",
    "  pong                       pong the discard",
    "  kong 7z | kong             declare a kong (plain kong if only one is possible)",
    "  hu                         win (自摸, 杠开, 天胡; 地胡 and 抢杠 on a claim)",
    "  pass                       decline a claim",
    "  hint                       shanten, waits with their values, whether a claim helps",
    "  show                       print the table and your hand again",
    "  help                       this list",
    "  quit                       end the session now and show the totals",
    "Marks: 【5m】 the 宝 in your hand · 5m(飞) a flown 宝 · 7s(→W) a discard West took · "
    "[777s] exposed meld · (1111z) concealed kong · ←S claimed from South",
)
