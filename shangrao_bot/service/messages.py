"""Message catalog of the table service: the refusals of :mod:`.errors` and the notices the
service asks the presenter to show (``Presenter.notice(table, key, **args)``).

Same shape as :data:`shangrao_bot.ui.i18n.MESSAGES` (key → {"en", "zh-CN", "zh-TW"}), kept here
so the service owns its words; the UI merges this catalog into its own (every key has all three
languages and the same placeholders in each, checked by a test). Placeholders:

* ``{reason}`` — the engine's or the command parser's explanation (English; it names tiles).
* ``{seat}`` in a refusal — a seat as players count them, 1-4. A notice's ``seat`` argument is
  the service's 0-3, for the presenter to name the seat.
* ``{name}`` — the seat's display name (an AI's is "AI 2 (normal)"); the Discord layer names
  the seat itself (its wind and player, an AI in the reader's language).
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- refusals (errors.py) ------------------------------------------------------------------
    "table.not_found": {
        "en": "Table #{table} is not open (it ended, or never existed).",
        "zh-CN": "牌桌 #{table} 没有开着（已结束或不存在）。",
        "zh-TW": "牌桌 #{table} 沒有開著（已結束或不存在）。",
    },
    "table.too_many": {
        "en": "This server already has {limit} open tables: end one before opening another.",
        "zh-CN": "本服务器已有 {limit} 张牌桌开着：请先结束一张再开新的。",
        "zh-TW": "本伺服器已有 {limit} 張牌桌開著：請先結束一張再開新的。",
    },
    "table.bad_config": {
        "en": "That table setting is not possible: {reason}",
        "zh-CN": "牌桌设置无效：{reason}",
        "zh-TW": "牌桌設定無效：{reason}",
    },
    "table.full": {
        "en": "This table is full.",
        "zh-CN": "这张牌桌已经坐满了。",
        "zh-TW": "這張牌桌已經坐滿了。",
    },
    "table.seat_taken": {
        "en": "Seat {seat} is taken: pick a free seat.",
        "zh-CN": "{seat} 号座位已有人：请选空位。",
        "zh-TW": "{seat} 號座位已有人：請選空位。",
    },
    "table.bad_seat": {
        "en": "There is no seat {seat}: seats are 1-4.",
        "zh-CN": "没有 {seat} 号座位：座位是 1-4。",
        "zh-TW": "沒有 {seat} 號座位：座位是 1-4。",
    },
    "table.already_seated": {
        "en": "You already sit at table #{table}: leave it first (one table at a time).",
        "zh-CN": "你已经坐在牌桌 #{table}：请先离开（同一时间只能坐一张牌桌）。",
        "zh-TW": "你已經坐在牌桌 #{table}：請先離開（同一時間只能坐一張牌桌）。",
    },
    "table.not_seated": {
        "en": "You do not sit at this table.",
        "zh-CN": "你没有坐在这张牌桌。",
        "zh-TW": "你沒有坐在這張牌桌。",
    },
    "table.not_host": {
        "en": "Only the table's host can do that.",
        "zh-CN": "只有房主可以这样做。",
        "zh-TW": "只有房主可以這樣做。",
    },
    "table.not_host_or_admin": {
        "en": "Only the table's host or a server administrator can end the table.",
        "zh-CN": "只有房主或服务器管理员可以结束牌桌。",
        "zh-TW": "只有房主或伺服器管理員可以結束牌桌。",
    },
    "table.already_started": {
        "en": "The game has already started: the seats can no longer change.",
        "zh-CN": "牌局已经开始：座位不能再改了。",
        "zh-TW": "牌局已經開始：座位不能再改了。",
    },
    "table.not_full_yet": {
        "en": "The game needs four seats filled; {empty} still empty (add AI players?).",
        "zh-CN": "需要坐满四个座位；还有 {empty} 个空位（要加电脑吗？）。",
        "zh-TW": "需要坐滿四個座位；還有 {empty} 個空位（要加電腦嗎？）。",
    },
    "table.bad_ai_level": {
        "en": "'{level}' is not an AI level: use easy, normal or hard.",
        "zh-CN": "“{level}”不是电脑玩家的难度：请用“简单”“普通”或“困难”。",
        "zh-TW": "「{level}」不是電腦玩家的難度：請用「簡單」「普通」或「困難」。",
    },
    "table.not_an_ai": {
        "en": "Seat {seat} is not an AI player.",
        "zh-CN": "{seat} 号座位不是电脑玩家。",
        "zh-TW": "{seat} 號座位不是電腦玩家。",
    },
    "table.not_playing": {
        "en": "The game has not started yet.",
        "zh-CN": "牌局还没有开始。",
        "zh-TW": "牌局還沒有開始。",
    },
    "table.prompt_outdated": {
        "en": "This prompt is outdated: the game has moved on. Use your latest hand panel.",
        "zh-CN": "这个提示已过期：牌局已经往下进行了。请用最新的手牌面板。",
        "zh-TW": "這個提示已過期：牌局已經往下進行了。請用最新的手牌面板。",
    },
    "table.not_your_turn": {
        "en": "Not now: {reason}",
        "zh-CN": "现在不行：{reason}",
        "zh-TW": "現在不行：{reason}",
    },
    "table.illegal": {
        "en": "That move is not allowed: {reason}",
        "zh-CN": "不能这样出牌：{reason}",
        "zh-TW": "不能這樣出牌：{reason}",
    },
    "table.bad_command": {
        "en": "{reason}",
        "zh-CN": "{reason}",
        "zh-TW": "{reason}",
    },
    "table.wait_for_claims": {
        "en": "Wait a moment: the discard may still be claimed.",
        "zh-CN": "请稍等：这张牌还可能被吃碰杠。",
        "zh-TW": "請稍等：這張牌還可能被吃碰槓。",
    },
    "table.already_answered": {
        "en": "You have already answered this discard.",
        "zh-CN": "你已经对这张牌作出了选择。",
        "zh-TW": "你已經對這張牌作出了選擇。",
    },
    # --- notices (Presenter.notice) ------------------------------------------------------------
    "table.notice.timed_out": {
        "en": "{name} ran out of time: {action} was played for them (strike {strikes}).",
        "zh-CN": "{name} 超时：已代为 {action}（第 {strikes} 次）。",
        "zh-TW": "{name} 超時：已代為 {action}（第 {strikes} 次）。",
    },
    "table.notice.autopilot": {
        "en": "{name} seems to be away: an AI plays their seat until they press “I'm back” on "
        "their hand panel.",
        "zh-CN": "{name} 似乎离开了：由电脑代打，直到他在手牌面板上按“我回来了”。",
        "zh-TW": "{name} 似乎離開了：由電腦代打，直到他在手牌面板上按「我回來了」。",
    },
    "table.notice.away": {
        "en": "{name} stepped away: an AI plays their seat until they press “I'm back” on "
        "their hand panel.",
        "zh-CN": "{name} 暂时离开：由电脑代打，直到他在手牌面板上按“我回来了”。",
        "zh-TW": "{name} 暫時離開：由電腦代打，直到他在手牌面板上按「我回來了」。",
    },
    "table.notice.back": {
        "en": "{name} is back.",
        "zh-CN": "{name} 回来了。",
        "zh-TW": "{name} 回來了。",
    },
    "table.notice.paused": {
        "en": "Everyone is away: the table is paused and ends in {minutes} min unless someone "
        "comes back.",
        "zh-CN": "所有玩家都离开了：牌桌暂停，{minutes} 分钟内无人回来就结束。",
        "zh-TW": "所有玩家都離開了：牌桌暫停，{minutes} 分鐘內無人回來就結束。",
    },
    "table.notice.host_changed": {
        "en": "{name} is now the table's host.",
        "zh-CN": "{name} 现在是房主。",
        "zh-TW": "{name} 現在是房主。",
    },
    "table.notice.restored": {
        "en": "The bot restarted; the game continues where it stopped.",
        "zh-CN": "机器人重启了；牌局从中断处继续。",
        "zh-TW": "機器人重啟了；牌局從中斷處繼續。",
    },
    # --- why a table closed (Presenter.table_closed reason) ------------------------------------
    "table.closed.completed": {
        "en": "The session is complete.",
        "zh-CN": "本场已打完。",
        "zh-TW": "本場已打完。",
    },
    "table.closed.ended": {
        "en": "The table was ended; the hands finished so far count.",
        "zh-CN": "牌桌已结束；已打完的牌局照常计分。",
        "zh-TW": "牌桌已結束；已打完的牌局照常計分。",
    },
    "table.closed.idle": {
        "en": "Everyone was away too long: the table ended; the hands finished so far count.",
        "zh-CN": "所有玩家离开太久：牌桌已结束；已打完的牌局照常计分。",
        "zh-TW": "所有玩家離開太久：牌桌已結束；已打完的牌局照常計分。",
    },
    "table.closed.abandoned": {
        "en": "Every player left the lobby: the table is closed.",
        "zh-CN": "所有玩家都离开了等候区：牌桌已关闭。",
        "zh-TW": "所有玩家都離開了等候區：牌桌已關閉。",
    },
    "table.closed.expired": {
        "en": "The lobby stayed unchanged too long without a game starting: the table is "
        "closed. Anyone may open a new one.",
        "zh-CN": "等候区太久没有变动、也没有开局：牌桌已关闭。任何人都可以重新开桌。",
        "zh-TW": "等候區太久沒有變動、也沒有開局：牌桌已關閉。任何人都可以重新開桌。",
    },
}
