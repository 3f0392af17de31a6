"""The scorekeeping screens: previews, the live scoreboard, settlement, the book's readers.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.preview.title": "Hand #{seq} · session #{session}",
    "skv.preview.winner": "Winner: **{name}**",
    "skv.preview.draw": "流局 (exhaustive draw): only kong and 宝 bonuses are settled.",
    "skv.preview.no_payments": "No payments.",
    "skv.preview.net": "Net",
    "skv.preview.pending": (
        "⏳ Waiting for {needed} {needed:confirmation|confirmations} by another "
        "seated player (or a scorer); expires {expires}."
    ),
    "skv.preview.tiles": "宝 **{bao}** · winning tile **{win}**",
    "skv.preview.bao": "宝 **{bao}**",
    "skv.preview.reading": "Read as: {hand}",
    "skv.preview.acting": "(宝 as {tiles})",
    "skv.calc.net": "Seats (the winner is seat 1)",
    "skv.preview.pending_self": (
        "⏳ Check the payments and press Confirm to record it; expires {expires}."
    ),
    "skv.preview.counted": "✅ Confirmed: it counts.",
    "skv.preview.voided": "❌ Voided: {reason}",
    "skv.preview.undone": "❌ Undone: {reason}",
    "skv.void.cancelled": "cancelled by {name}",
    "skv.void.expired": "expired: not confirmed in time",
    "skv.void.undo": "undone: {reason}",
    "skv.duplicate": "That hand was just recorded (hand {seq}, id {id}): its preview is above.",
    "skv.not_member": (
        "<@{id}> is not a member of this server: mention members, or write a guest's name."
    ),
    "skv.scorer_only": "Only members with the scorer role or administrators can do this.",
    "skv.rules.scoring": (
        "Scorer role: {role} · a recorded hand waits {minutes} min for "
        "{confirmations} {confirmations:confirmation|confirmations}"
    ),
    "skv.btn.confirm": "Confirm",
    "skv.btn.cancel": "Cancel",
    "skv.btn.paid": "Paid: {payer} → {payee} {amount}",
    "skv.reply.confirmed": "Thanks: your confirmation of hand #{id} is noted.",
    "skv.board.title": "Session #{session} · live scoreboard",
    "skv.board.closed_title": "Session #{session} · final standings",
    "skv.board.row": "{rank}. 座{seat} **{name}** {total:+d}",
    "skv.board.meta": "{preset} · stake {stake} · {hands} {hands:hand|hands} counted",
    "skv.board.pending": "{count} {count:hand|hands} waiting for confirmation.",
    "skv.board.last": "Last hand: #{seq} {what}",
    "skv.board.last_win": "{name} won {pattern} ({delta:+d})",
    "skv.board.help": (
        "Record a hand with 📝 Record below, or with `/score tiles`, `/score quick` or "
        "`/score draw` in this channel."
    ),
    "skv.settle.title": "Settlement: who pays whom",
    "skv.settle.none": "Nobody owes anything.",
    "skv.settle.row": "{mark} {payer} pays {payee} **{amount}**",
    "skv.settle.help": "The receiver (or an administrator) presses the button once paid.",
    "skv.started": "Session #{session} started: {players}.",
    "skv.undone": "Hand #{seq} (id {id}) is undone: {reason}",
    "skv.sessions.row": "#{id} · {kind} · {status} · opened {opened} · {players}",
    "skv.kind.physical": "physical table",
    "skv.kind.virtual": "virtual table",
    "skv.session.open": "open",
    "skv.session.closed": "closed",
    "skv.request.undo": (
        "**{who}** asks to undo hand #{seq} (id {id}): {reason}\n"
        "It counts (someone else confirmed it), so another seated player or a scorer "
        "must agree: Confirm undoes it. The request lapses {when}."
    ),
    "skv.request.void": (
        "**{who}** asks to void hand #{seq} (id {id}): {reason}\n"
        "It counts (someone else confirmed it), so another seated player or a scorer "
        "must agree: Confirm voids it. The request lapses {when}."
    ),
    "skv.request.withdrawn": (
        "The request to void hand id {id} was withdrawn by {name}: it still counts."
    ),
    "skv.voided": "Hand id {id} is voided: {reason}",
    "skv.history.title": "History",
    "skv.history.none": "No hands recorded yet.",
    "skv.history.row": "`{id}` s#{session}·{seq} {date} {status} {what}",
    "skv.status.pending": "⏳",
    "skv.status.confirmed": "✅",
    "skv.status.voided": "❌",
    "skv.board2.title": "Leaderboard · {period} · by {metric}",
    "skv.board2.row": (
        "{rank}. {name} — {value} · {hands} {hands:hand|hands} · {wins} {wins:win|wins}"
    ),
    "skv.board2.filter": "At least {min_hands} {min_hands:hand|hands}{guests}.",
    "skv.board2.winners_only": "Only players who won a hand have a biggest hand.",
    "skv.board2.guests": ", guests included",
    "skv.period.week": "last 7 days",
    "skv.period.month": "last 30 days",
    "skv.period.season": "current season",
    "skv.period.all": "all time",
    "skv.metric.total": "total",
    "skv.metric.average": "average",
    "skv.metric.win_rate": "win rate",
    "skv.metric.biggest": "biggest hand",
    "skv.stats.title": "Stats · {name}",
    "skv.stats.summary": (
        "{hands} {hands:hand|hands} · {wins} {wins:win|wins} ({rate}) · {self_draws} "
        "{self_draws:self-draw|self-draws} · total {total:+d} · biggest hand "
        "{biggest}"
    ),
    "skv.stats.feibao": "飞宝: {count} 宝 flown; net of those hands {net:+d}",
    "skv.stats.patterns": "Winning patterns",
    "skv.stats.h2h": "Head to head (net)",
    "skv.stats.none": "—",
    "skv.export.done": "{rows} {rows:row|rows} exported.",
    "skv.export.too_big": (
        "The export is {size} even compressed, more than Discord accepts here "
        "({limit}): export one session at a time (`session:`)."
    ),
    "skv.export.stopped": (
        "The bot is restarting, so this export was stopped: ask for it again in a minute."
    ),
    "skv.export.busy": (
        "An export of this server's book is already being made: wait for it to "
        "arrive, then try again."
    ),
    "skv.guest_tag": " (guest)",
    "skv.player.linked": "{guest}'s history now belongs to {member}.",
    "skv.player.renamed": "{old} is now called {new} (the old name still finds them).",
    "skv.reason.win": "win",
    "skv.reason.minggang": "明杠 bonus",
    "skv.reason.angang": "暗杠 bonus",
    "skv.reason.jiebao": "接宝 bonus",
    "skv.reason.sigebao": "四个宝 bonus",
    "skv.how.self": "self-draw (自摸)",
    "skv.how.kong": "kong replacement (杠开)",
    "skv.how.rob": "robbed kong (抢杠)",
    "skv.how.tianhu": "天胡",
    "skv.how.dihu": "地胡",
}
