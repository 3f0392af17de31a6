"""Message catalog of the scorebook's refusals (:mod:`.scorebook`), merged into the UI's
catalog like :mod:`.messages` (every key in all three languages with the same placeholders,
checked by a test). ``{reason}`` is the rules core's or the ledger's explanation."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "sk.no_session": {
        "en": "There is no open score session in this channel: start one with `/session start`.",
        "zh-CN": "本频道没有进行中的记分场次：先用 `/session start` 开一场。",
        "zh-TW": "本頻道沒有進行中的記分場次：先用 `/session start` 開一場。",
    },
    "sk.bad_preset": {
        "en": "'{preset}' is not a preset: use shangrao or baike.",
        "zh-CN": "'{preset}' 不是计分方案：请选上饶或百科。",
        "zh-TW": "'{preset}' 不是計分方案：請選上饒或百科。",
    },
    "sk.roster_size": {
        "en": "A session seats four players; you named {count}. Write four, in seat order, "
        "e.g. `@Alice @Bob Lao Wang, Xiao Li`.",
        "zh-CN": "一场需要四位玩家，你写了 {count} 位。按座位顺序写四位，"
        "例如 `@小明 @小红 老王, 小李`。",
        "zh-TW": "一場需要四位玩家，你寫了 {count} 位。按座位順序寫四位，"
        "例如 `@小明 @小紅 老王, 小李`。",
    },
    "sk.roster_twice": {
        "en": "The same player is named twice: each seat needs a different player.",
        "zh-CN": "同一位玩家写了两次：每个座位要不同的玩家。",
        "zh-TW": "同一位玩家寫了兩次：每個座位要不同的玩家。",
    },
    "sk.bad_stake": {
        "en": "A stake of {stake} is not possible: use a whole number from 1 to {limit}.",
        "zh-CN": "底分 {stake} 不行：请用 1 到 {limit} 的整数。",
        "zh-TW": "底分 {stake} 不行：請用 1 到 {limit} 的整數。",
    },
    "sk.name_long": {
        "en": "The name '{name}' is too long: use at most {limit} characters.",
        "zh-CN": "名字 '{name}' 太长：最多 {limit} 个字。",
        "zh-TW": "名字 '{name}' 太長：最多 {limit} 個字。",
    },
    "sk.name_empty": {
        "en": "A guest needs a name with letters you can see: write it, e.g. Lao Wang.",
        "zh-CN": "客人需要一个看得见的名字：写上名字，例如 老王。",
        "zh-TW": "客人需要一個看得見的名字：寫上名字，例如 老王。",
    },
    "sk.name_number": {
        "en": "'{name}' cannot be a name: a number means a seat (1-4) or a player (#12). Add a "
        "letter, e.g. Player {name}.",
        "zh-CN": "'{name}' 不能当名字：数字表示座位（1-4）或玩家编号（#12）。"
        "加上文字，例如 玩家{name}。",
        "zh-TW": "'{name}' 不能當名字：數字表示座位（1-4）或玩家編號（#12）。"
        "加上文字，例如 玩家{name}。",
    },
    "sk.name_member": {
        "en": "'{name}' is already the name of a member at this table: give the guest another "
        "name, so everyone knows who is who.",
        "zh-CN": "'{name}' 已经是这桌一位成员的名字：给客人另取一个名字，免得分不清谁是谁。",
        "zh-TW": "'{name}' 已經是這桌一位成員的名字：給客人另取一個名字，免得分不清誰是誰。",
    },
    "sk.session_open": {
        "en": "This channel already has an open score session: end it with `/session end` "
        "first, or start the new one in another channel.",
        "zh-CN": "本频道已有进行中的记分场次：先用 `/session end` 结束，或到别的频道开新场。",
        "zh-TW": "本頻道已有進行中的記分場次：先用 `/session end` 結束，或到別的頻道開新場。",
    },
    "sk.no_transfer": {
        "en": "Transfer #{id} does not exist in this server.",
        "zh-CN": "本服务器没有转账 #{id}。",
        "zh-TW": "本伺服器沒有轉帳 #{id}。",
    },
    "sk.paid_not_payee": {
        "en": "Only {payee} (who receives it), a scorer or an administrator can mark this paid.",
        "zh-CN": "只有收款人 {payee}、记分员或管理员可以标记已付。",
        "zh-TW": "只有收款人 {payee}、記分員或管理員可以標記已付。",
    },
    "sk.not_seated": {
        "en": "You are not seated in this session: only its players or a member with the "
        "scorer role can do this.",
        "zh-CN": "你不在这场的座位上：只有本场玩家或记分员可以这样做。",
        "zh-TW": "你不在這場的座位上：只有本場玩家或記分員可以這樣做。",
    },
    "sk.bad_seat.winner": {
        "en": "'{value}' in winner is not a seat: use 1-4, a name or a mention.",
        "zh-CN": "`赢家` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
        "zh-TW": "`贏家` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    },
    "sk.bad_seat.robbed": {
        "en": "'{value}' in robbed is not a seat: use 1-4, a name or a mention.",
        "zh-CN": "`被抢座` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
        "zh-TW": "`被搶座` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    },
    "sk.bad_seat.flown": {
        "en": "'{value}' in flown is not a seat: use 1-4, a name or a mention.",
        "zh-CN": "`飞宝` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
        "zh-TW": "`飛寶` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    },
    "sk.bad_seat.bonuses": {
        "en": "'{value}' in bonuses is not a seat: use 1-4, a name or a mention.",
        "zh-CN": "`杠宝分` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
        "zh-TW": "`槓寶分` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    },
    "sk.not_in_session.winner": {
        "en": "'{name}' (in winner) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated.",
        "zh-CN": "'{name}'（`赢家`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
        "zh-TW": "'{name}'（`贏家`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    },
    "sk.not_in_session.robbed": {
        "en": "'{name}' (in robbed) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated.",
        "zh-CN": "'{name}'（`被抢座`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
        "zh-TW": "'{name}'（`被搶座`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    },
    "sk.not_in_session.flown": {
        "en": "'{name}' (in flown) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated.",
        "zh-CN": "'{name}'（`飞宝`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
        "zh-TW": "'{name}'（`飛寶`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    },
    "sk.not_in_session.bonuses": {
        "en": "'{name}' (in bonuses) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated.",
        "zh-CN": "'{name}'（`杠宝分`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
        "zh-TW": "'{name}'（`槓寶分`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    },
    "sk.bad_flown": {
        "en": "'{item}' in flown should be WHO:N, e.g. `2:1` or `Alice:1` (宝 discarded).",
        "zh-CN": "`飞宝` 里的 '{item}' 应写成 谁:数量，例如 `2:1` 或 `老王:1`（打出的宝）。",
        "zh-TW": "`飛寶` 裡的 '{item}' 應寫成 誰:數量，例如 `2:1` 或 `老王:1`（打出的寶）。",
    },
    "sk.flown_many": {
        "en": "'{item}': a player can fly at most 4 宝.",
        "zh-CN": "'{item}'：一位玩家最多飞 4 个宝。",
        "zh-TW": "'{item}'：一位玩家最多飛 4 個寶。",
    },
    "sk.bad_bonus": {
        "en": "'{item}' in bonuses should be WHO:KIND, KIND one of 明杠 暗杠 接宝 四个宝 "
        "(or minggang angang jiebao sigebao), e.g. `2:暗杠` or `Alice:minggang×2`.",
        "zh-CN": "`杠宝分` 里的 '{item}' 应写成 谁:种类，种类是 明杠 暗杠 接宝 四个宝 之一，"
        "例如 `2:暗杠` 或 `老王:明杠×2`。",
        "zh-TW": "`槓寶分` 裡的 '{item}' 應寫成 誰:種類，種類是 明槓 暗槓 接寶 四個寶 之一，"
        "例如 `2:暗槓` 或 `老王:明槓×2`。",
    },
    "sk.bad_how": {
        "en": "'{how}' is not a way of winning: pick one from the list.",
        "zh-CN": "'{how}' 不是胡法：请从列表里选。",
        "zh-TW": "'{how}' 不是胡法：請從列表裡選。",
    },
    "sk.need_win": {
        "en": "Name the winning tile in `win` (e.g. 9s); only 天胡 has none.",
        "zh-CN": "请在 `胡牌` 里写出胡的那张牌（例如 九条）；只有天胡不用。",
        "zh-TW": "請在 `胡牌` 裡寫出胡的那張牌（例如 九條）；只有天胡不用。",
    },
    "sk.name_winner": {
        "en": "You are not seated in this session: name the winner in `winner`.",
        "zh-CN": "你不在本场座位上：请在 `赢家` 里写出赢家。",
        "zh-TW": "你不在本場座位上：請在 `贏家` 裡寫出贏家。",
    },
    "sk.hand_voided": {
        "en": "Hand #{id} was voided ({reason}): record it again if it was played.",
        "zh-CN": "第 #{id} 手已作废（{reason}）：如果确实打了，请重新记录。",
        "zh-TW": "第 #{id} 手已作廢（{reason}）：如果確實打了，請重新記錄。",
    },
    "sk.hand_counted": {
        "en": "Hand #{id} is already confirmed and counts.",
        "zh-CN": "第 #{id} 手已确认并计入。",
        "zh-TW": "第 #{id} 手已確認並計入。",
    },
    "sk.hand_expired": {
        "en": "Hand #{id} was not confirmed within {minutes} {minutes:minute|minutes} and "
        "expired: record it again.",
        "zh-CN": "第 #{id} 手 {minutes} 分钟内没有确认，已过期：请重新记录。",
        "zh-TW": "第 #{id} 手 {minutes} 分鐘內沒有確認，已過期：請重新記錄。",
    },
    "sk.confirm_not_seated": {
        "en": "Only the players seated in this session (or a member with the scorer role) can "
        "confirm its hands.",
        "zh-CN": "只有本场在座玩家（或记分员）可以确认。",
        "zh-TW": "只有本場在座玩家（或記分員）可以確認。",
    },
    "sk.confirm_own": {
        "en": "You recorded this hand: another seated player (or a scorer) confirms it.",
        "zh-CN": "这手是你记录的：需要另一位在座玩家（或记分员）确认。",
        "zh-TW": "這手是你記錄的：需要另一位在座玩家（或記分員）確認。",
    },
    "sk.nothing_to_undo": {
        "en": "This session has no hand to undo.",
        "zh-CN": "本场没有可以撤销的牌局。",
        "zh-TW": "本場沒有可以撤銷的牌局。",
    },
    "sk.undo_not_yours": {
        "en": "The last hand (#{id}) was recorded by someone else: only its recorder, a scorer "
        "or an administrator can undo it.",
        "zh-CN": "最后一手（#{id}）是别人记录的：只有记录者、记分员或管理员可以撤销。",
        "zh-TW": "最後一手（#{id}）是別人記錄的：只有記錄者、記分員或管理員可以撤銷。",
    },
    "sk.request_gone": {
        "en": "This request is no longer open (it lapsed, was answered, or the bot restarted): "
        "ask again with `/score undo` or `/score void`.",
        "zh-CN": "这个请求已经失效（过期、已处理或机器人重启过）：请再用 `/score undo` 或 "
        "`/score void` 提出。",
        "zh-TW": "這個請求已經失效（過期、已處理或機器人重啟過）：請再用 `/score undo` 或 "
        "`/score void` 提出。",
    },
    "sk.request_own": {
        "en": "You asked for this: another seated player (or a scorer) confirms it.",
        "zh-CN": "这是你提出的请求：需要另一位在座玩家（或记分员）确认。",
        "zh-TW": "這是你提出的請求：需要另一位在座玩家（或記分員）確認。",
    },
    "sk.void_not_yours": {
        "en": "Hand #{id} was recorded by someone else: only its recorder, a scorer or an "
        "administrator can void it.",
        "zh-CN": "第 #{id} 手是别人记录的：只有记录者、记分员或管理员可以作废。",
        "zh-TW": "第 #{id} 手是別人記錄的：只有記錄者、記分員或管理員可以作廢。",
    },
    "sk.need_reason": {
        "en": "Say why in `reason` (it is kept in the audit trail).",
        "zh-CN": "请在 `原因` 里写明原因（会记入操作记录）。",
        "zh-TW": "請在 `原因` 裡寫明原因（會記入操作紀錄）。",
    },
    "sk.calc_robbed": {
        "en": "'{value}' in robbed: outside a session the winner is seat 1, so name the robbed "
        "seat as 2, 3 or 4.",
        "zh-CN": "`被抢座` 里的 '{value}'：场次外赢家是 1 号位，被抢的座位请写 2、3 或 4。",
        "zh-TW": "`被搶座` 裡的 '{value}'：場次外贏家是 1 號位，被搶的座位請寫 2、3 或 4。",
    },
    "sk.calc_flown": {
        "en": "'{item}' in flown should be SEAT:N with SEAT 1-4 (the winner is 1), e.g. `1:1`.",
        "zh-CN": "`飞宝` 里的 '{item}' 应写成 座位:数量，座位 1-4（赢家是 1），例如 `1:1`。",
        "zh-TW": "`飛寶` 裡的 '{item}' 應寫成 座位:數量，座位 1-4（贏家是 1），例如 `1:1`。",
    },
    "sk.calc_bonus": {
        "en": "'{item}' in bonuses should be SEAT:KIND with SEAT 1-4 (the winner is 1), "
        "e.g. `2:暗杠`.",
        "zh-CN": "`杠宝分` 里的 '{item}' 应写成 座位:种类，座位 1-4（赢家是 1），例如 `2:暗杠`。",
        "zh-TW": "`槓寶分` 裡的 '{item}' 應寫成 座位:種類，座位 1-4（贏家是 1），例如 `2:暗槓`。",
    },
    "sk.ledger": {
        "en": "The book refused that: {reason}",
        "zh-CN": "账本拒绝了：{reason}",
        "zh-TW": "帳本拒絕了：{reason}",
    },
    "sk.no_player": {
        "en": "Nobody called '{name}' has played in this server.",
        "zh-CN": "本服务器没有叫 '{name}' 的玩家。",
        "zh-TW": "本伺服器沒有叫 '{name}' 的玩家。",
    },
    "sk.not_guest": {
        "en": "'{name}' is not a guest: link merges a guest's history into a member.",
        "zh-CN": "'{name}' 不是访客：关联是把访客的记录并入成员。",
        "zh-TW": "'{name}' 不是訪客：關聯是把訪客的紀錄併入成員。",
    },
    "sk.no_session_id": {
        "en": "Session #{id} does not exist in this server: see `/session list`.",
        "zh-CN": "本服务器没有场次 #{id}：请看 `/session list`。",
        "zh-TW": "本伺服器沒有場次 #{id}：請看 `/session list`。",
    },
}
