"""The virtual tables on screen: lobby, table messages, panels, prompts, results.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "tables.none": "No virtual table is open in this server.",
    "table.btn.join": "Join",
    "table.btn.leave": "Leave",
    "table.btn.ai-easy": "Add AI (easy)",
    "table.btn.ai-normal": "Add AI (normal)",
    "table.btn.ai-hard": "Add AI (hard)",
    "table.btn.start": "Start",
    "table.btn.rules": "Rules",
    "table.btn.back": "I'm back",
    "table.btn.hand": "My hand",
    "table.btn.ready": "Ready",
    "table.btn.win": "Win (hu)",
    "table.btn.pong": "Pong {tile}",
    "table.btn.kong": "Kong {tile}",
    "table.btn.kong_indicator": "跌宝 kong {tile}",
    "table.btn.angang": "Concealed kong {tile}",
    "table.btn.bugang": "Add to pong {tile}",
    "table.btn.chi": "Chi {tiles}",
    "table.btn.pass": "Pass",
    "table.btn.hint": "Hint",
    "table.btn.watch": "Watch",
    "table.btn.rm": "Remove {name}",
    "table.reply.ai_removed": "The AI player left {seat}.",
    "table.reply.watch_board": "You watch table #{table} (the public board only).",
    "table.result.auto_ready": "The next hand starts by itself {when}.",
    "table.hint.waits": "**Waiting on:** {waits}",
    "table.hint.discard": "{tile} → shanten {n}, {kinds} {kinds:kind|kinds} help, {left} unseen",
    "table.hint.none": "Nothing to suggest right now.",
    "table.hint.value": "{tile} ({value} per payer, {left} unseen)",
    "table.hint.no_win": "{tile} (no win allowed, {left} unseen)",
    "table.btn.discard": "Discard {tile}",
    "table.reply.joined": "You sit at table #{table} ({seat}).",
    "table.reply.left": "You left table #{table}.",
    "table.reply.ai_added": "An AI player sits down.",
    "table.reply.started": (
        "The game starts! Your tiles come by DM (or press **My hand** on the table message)."
    ),
    "table.reply.back": "Welcome back: you play your seat again.",
    "table.reply.ready": "Ready for the next hand.",
    "table.reply.dm_off": "Hand panels by DM are **off**: use **My hand** on the table message.",
    "table.reply.dm_on": (
        "Hand panels by DM are **on**: your hand comes by DM from the next update."
    ),
    "table.panel.moved": "Your hand panel moved to a newer message below.",
    "table.panel.dm_off": "DM panels are off: use **My hand** on the table message.",
    "table.reply.watching": "You watch table #{table} in <#{thread}>.",
    "table.reply.ended": "Table #{table} is ended.",
    "table.reply.created": (
        "Table #{table} is open in <#{thread}>; you sit in seat 1. Add AI players or "
        "wait for friends to join, then press Start."
    ),
    "table.none_here": "No table here: use it in a table's thread, or give the table's number.",
    "table.missing_permissions": (
        "I cannot open a table here: I am missing {missing} in this channel."
    ),
    "table.text_channel_only": "Open tables from a text channel (the table gets its own thread).",
    "table.thread_name": "Mahjong table #{table}",
    "table.lobby.title": "Mahjong table #{table}: seats",
    "table.lobby.rules": "Rules",
    "table.lobby.watching": "{n} watching",
    "table.seat.empty": "(empty)",
    "table.seat.away": "(away: the AI plays)",
    "table.rules": (
        "Table #{table}: preset **{preset}**, stake {stake}, {hands} "
        "{hands:hand|hands}, {turn} s per turn, {claim} s per claim."
    ),
    "table.status.hand": "Table #{table} · hand {hand}/{hands}",
    "table.status.turn": "{name} to play",
    "table.status.claim": "waiting for claims",
    "table.status.paused": "paused",
    "table.status.over": "Table #{table} · hand {hand} is over.",
    "table.hand_start": (
        "**Hand {hand}/{hands}**: {dealer} deals (East). 宝 (wild): **{bao}** "
        "(indicator {indicator}). Fairness hash `{commitment}`."
    ),
    "table.panel.head": (
        "**Table #{table} · hand {hand}/{hands}** · you are **{place}** (seat {n}) · "
        "宝 **{bao}** · {live} {live:tile|tiles} left"
    ),
    "table.panel.wait": "Waiting for the others.",
    "table.panel.over": "This hand is over: see the result in the table's thread.",
    "table.dm_closed": (
        "{user}: I cannot DM you (your DMs are closed); use **My hand** on the table message."
    ),
    "table.handoff.away": (
        "Table #{table} is being restored after a restart: press again in a few seconds."
    ),
    "table.resumed": "Someone is back: the game goes on.",
    "table.result.title": "Table #{table} · hand {hand}: result",
    "table.result.payment": "{payer} → {payee}: {amount} ({reason})",
    "table.result.draw": "No payments (流局).",
    "table.result.totals": "Totals",
    "table.result.seed": "Seed (revealed)",
    "table.result.ready": "Press Ready for the next hand.",
    "table.session.title": "Table #{table}: final standings after {hands} {hands:hand|hands}",
    "table.session.settle": "Settlement",
    "table.session.transfer": "{payer} pays {payee} **{amount}**",
    "tables.row_status": "Table #{id} in <#{channel}> · {status} · {seated}/4 seated",
    "perm.send_messages": "Send Messages",
    "perm.attach_files": "Attach Files",
    "perm.embed_links": "Embed Links",
    "perm.create_public_threads": "Create Public Threads",
    "perm.send_messages_in_threads": "Send Messages in Threads",
    "table.seat.dealer": "(dealer)",
    "table.btn.bao_tile": "{tile} ({bao})",
    "table.btn.drawn_tile": "{tile} · drawn",
    "table.reply.already_here": (
        "You already sit at this table ({seat}). Wait for the host to start, or press Leave."
    ),
    "table.hand_start.dms": (
        "Each player's tiles are in their DMs (DMs closed? Press **My hand** on the "
        "table message below)."
    ),
    "table.event.discarded": "{who} discarded {tile}",
    "table.event.flown": "{who} flew the 宝 {tile} (飞宝)",
    "table.event.chi": "{who} chi {tiles}",
    "table.event.pong": "{who} pong {tile}",
    "table.event.kong": "{who} kong {tile}",
    "table.event.kong_indicator": "{who} 跌宝 kong {tile} (on a discard)",
    "table.event.angang": "{who} concealed kong {tile}",
    "table.event.bugang_declared": "{who} added {tile} to a pong (补杠)",
    "table.event.won": "{who} wins ({how})",
    "table.event.bonus": "{who}: {bonus}",
    "table.event.exhausted": "No tiles left: 流局 (draw)",
    "table.how.self": "self-drawn, 自摸",
    "table.how.kong": "on a kong's replacement, 杠开",
    "table.how.rob": "robbing a kong, 抢杠",
    "table.how.tianhu": "the dealt hand, 天胡",
    "table.how.dihu": "on the dealer's first discard, 地胡",
    "table.panel.recent": "Since your last move:",
    "table.panel.claim": "{who} discarded **{tile}**: {options}",
    "table.panel.rob": "{who} adds **{tile}** to a pong (补杠) — rob it? {options}",
    "table.panel.turn_drew": "Your turn: you drew **{tile}** (marked). Discard a tile.",
    "table.panel.turn": "Your turn: discard a tile.",
    "table.panel.can_win": "**You can win!**",
    "table.panel.or": "Or: {options}",
    "table.panel.away": "You are away: the AI plays your seat. Press **I'm back** to play again.",
    "table.panel.link": "[Go to the table]({url})",
    "table.hint.shanten_best": (
        "Best discards leave you {n} {n:tile|tiles} from ready (shanten). Discard → "
        "shanten, effective tiles still unseen:"
    ),
    "table.hint.ready_after": (
        "You can be ready (tenpai). Discard → waits (value per payer if self-drawn; copies unseen):"
    ),
    "table.hint.discard_ready": "{tile} → {waits}",
    "table.hint.dead": "{tile} (dead: none left)",
    "table.hint.shanten_now": "Not ready yet: {n} {n:tile|tiles} from ready (shanten {n}).",
    "table.result.doubled": "{amount} = {value} × {factor}, flew {flown} 宝",
    "tables.status.lobby": "waiting for players",
    "tables.status.playing": "playing",
    "tables.status.ready": "between hands",
    "tables.status.ended": "ended",
}
