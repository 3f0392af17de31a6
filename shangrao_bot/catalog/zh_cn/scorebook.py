"""The scorebook's refusals (recording, confirming and taking back hands).

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "sk.no_session": "本频道没有进行中的记分场次：先用 `/session start` 开一场。",
    "sk.bad_preset": "'{preset}' 不是计分方案：请选上饶或百科。",
    "sk.roster_size": (
        "一场需要四位玩家，你写了 {count} 位。按座位顺序写四位，例如 `@小明 @小红 老王, 小李`。"
    ),
    "sk.roster_twice": "同一位玩家写了两次：每个座位要不同的玩家。",
    "sk.bad_stake": "底分 {stake} 不行：请用 1 到 {limit} 的整数。",
    "sk.name_long": "名字 '{name}' 太长：最多 {limit} 个字。",
    "sk.name_empty": "客人需要一个看得见的名字：写上名字，例如 老王。",
    "sk.name_number": (
        "'{name}' 不能当名字：数字表示座位（1-4）或玩家编号（#12）。加上文字，例如 玩家{name}。"
    ),
    "sk.name_member": "'{name}' 已经是这桌一位成员的名字：给客人另取一个名字，免得分不清谁是谁。",
    "sk.session_open": "本频道已有进行中的记分场次：先用 `/session end` 结束，或到别的频道开新场。",
    "sk.no_transfer": "本服务器没有转账 #{id}。",
    "sk.paid_not_payee": "只有收款人 {payee}、记分员或管理员可以标记已付。",
    "sk.not_seated": "你不在这场的座位上：只有本场玩家或记分员可以这样做。",
    "sk.bad_seat.winner": "`赢家` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
    "sk.bad_seat.robbed": "`被抢座` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
    "sk.bad_seat.flown": "`飞宝` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
    "sk.bad_seat.bonuses": "`杠宝分` 里的 '{value}' 不是座位：请用 1-4、名字或 @提及。",
    "sk.not_in_session.winner": "'{name}'（`赢家`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.robbed": "'{name}'（`被抢座`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.flown": "'{name}'（`飞宝`）不是本场玩家：请用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.bonuses": (
        "'{name}'（`杠宝分`）不是本场玩家：请用座位 1-4 或在座玩家的名字。"
    ),
    "sk.bad_flown": "`飞宝` 里的 '{item}' 应写成 谁:数量，例如 `2:1` 或 `老王:1`（打出的宝）。",
    "sk.flown_many": "'{item}'：一位玩家最多飞 4 个宝。",
    "sk.bad_bonus": (
        "`杠宝分` 里的 '{item}' 应写成 谁:种类，种类是 明杠 暗杠 接宝 四个宝 "
        "之一，例如 `2:暗杠` 或 `老王:明杠×2`。"
    ),
    "sk.bad_how": "'{how}' 不是胡法：请从列表里选。",
    "sk.need_win": "请在 `胡牌` 里写出胡的那张牌（例如 九条）；只有天胡不用。",
    "sk.name_winner": "你不在本场座位上：请在 `赢家` 里写出赢家。",
    "sk.hand_voided": "第 #{id} 手已作废（{reason}）：如果确实打了，请重新记录。",
    "sk.hand_counted": "第 #{id} 手已确认并计入。",
    "sk.hand_expired": "第 #{id} 手 {minutes} 分钟内没有确认，已过期：请重新记录。",
    "sk.confirm_not_seated": "只有本场在座玩家（或记分员）可以确认。",
    "sk.confirm_own": "这手是你记录的：需要另一位在座玩家（或记分员）确认。",
    "sk.nothing_to_undo": "本场没有可以撤销的牌局。",
    "sk.undo_not_yours": "最后一手（#{id}）是别人记录的：只有记录者、记分员或管理员可以撤销。",
    "sk.request_gone": (
        "这个请求已经失效（过期、已处理或机器人重启过）：请再用 `/score undo` 或 "
        "`/score void` 提出。"
    ),
    "sk.request_own": "这是你提出的请求：需要另一位在座玩家（或记分员）确认。",
    "sk.void_not_yours": "第 #{id} 手是别人记录的：只有记录者、记分员或管理员可以作废。",
    "sk.need_reason": "请在 `原因` 里写明原因（会记入操作记录）。",
    "sk.calc_robbed": "`被抢座` 里的 '{value}'：场次外赢家是 1 号位，被抢的座位请写 2、3 或 4。",
    "sk.calc_flown": "`飞宝` 里的 '{item}' 应写成 座位:数量，座位 1-4（赢家是 1），例如 `1:1`。",
    "sk.calc_bonus": (
        "`杠宝分` 里的 '{item}' 应写成 座位:种类，座位 1-4（赢家是 1），例如 `2:暗杠`。"
    ),
    "sk.ledger": "账本拒绝了：{reason}",
    "sk.no_player": "本服务器没有叫 '{name}' 的玩家。",
    "sk.not_guest": "'{name}' 不是访客：关联是把访客的记录并入成员。",
    "sk.no_session_id": "本服务器没有场次 #{id}：请看 `/session list`。",
}
