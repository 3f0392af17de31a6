"""俱乐部比赛（多桌、多轮的比赛夜和锦标赛）：比赛服务的拒绝（``club.…``），以及 Discord 里
比赛的消息、按钮、排位、排名和私信（``club.ui.…``）。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "club.organiser_only": "只有“{name}”的组织者（创建者、记分员或管理员）可以这样做。",
    "club.nobody_named": "请至少写一名玩家：成员用 @ 提及，客人写名字。",
    "club.finished": "比赛“{name}”已经结束。",
    "club.round_playing": "第 {round} 轮还在进行，请先结束这一轮。",
    "club.no_round_playing": "现在没有正在进行的一轮。",
    "club.no_rounds_left": "{rounds} 轮都已打完，请结束比赛。",
    "club.virtual_guest": (
        "{name} 是客人：虚拟桌需要成员自己按按钮。请移除这位客人，或让这场比赛在实体桌进行。"
    ),
    "club.choose_fill": (
        "{count} 名玩家凑不成整桌。请选择：本轮 {rest} 人轮空，或补 {fill} 个座位。"
    ),
    "club.too_few": "比赛至少要 {least} 人入座（两桌），现在只有 {count} 人。请加人，或补上空座。",
    "club.manual_tables": "这场比赛手动排位：用 `/event seat` 写出各桌，才能开始这一轮。",
    "club.not_manual": "这场比赛自动排位：请按“开始”按钮。",
    "club.no_event": "这个频道没有进行中的比赛。用 `/event create` 创建一场。",
    "club.bad_table_line": (
        "第 {table} 桌写了 {count} 个座位：每桌写四个（成员用 @，客人写名字，补位写 `-`），"
        "一行一桌。"
    ),
    "club.unknown_player": "{name} 不在这场比赛中。用 `/event add` 加入。",
    "club.not_member": "<@{id}> 不是本服务器成员：请 @提及成员，或写客人的名字。",
    "club.not_seated": "{name} 不在正在进行的这一轮里。",
    "club.ui.title": "🀄 {name}",
    "club.ui.settings": (
        "{rounds} 轮 · {seating} · {tables} · {preset:preset} · 每轮 {hands} 局 · 轮空记 {resting}"
    ),
    "club.ui.seating.swiss": "瑞士制排位",
    "club.ui.seating.random": "随机排位",
    "club.ui.seating.manual": "手动排位",
    "club.ui.tables.physical": "实体桌",
    "club.ui.tables.virtual": "虚拟桌",
    "club.ui.resting.zero": "0 分",
    "club.ui.resting.lowest": "本轮最低分",
    "club.ui.organiser": "组织者：{name}",
    "club.ui.players": "玩家（{n}）",
    "club.ui.no_players": "还没有人：请按“加入”。",
    "club.ui.player_late": "{name}（第 {round} 轮起）",
    "club.ui.player_left": "{name}（第 {round} 轮后退出）",
    "club.ui.status.waiting": "第 {round}/{rounds} 轮等组织者开始。",
    "club.ui.status.playing": "第 {round}/{rounds} 轮进行中：{done}/{tables} 桌已打完。",
    "club.ui.status.all_played": "{rounds} 轮都已打完：组织者用 `/event finish` 结束比赛。",
    "club.ui.status.finished": "已结束。",
    "club.ui.join": "加入",
    "club.ui.leave": "退出",
    "club.ui.start": "开始第 {round} 轮",
    "club.ui.close": "结束第 {round} 轮",
    "club.ui.standings_button": "排名",
    "club.ui.joined": "你从第 {round} 轮起参加“{name}”。",
    "club.ui.left": "从下一轮起，“{name}”不再给你排位。",
    "club.ui.added": "已加入：{names}。",
    "club.ui.removed": "从下一轮起不再给 {name} 排位。",
    "club.ui.created": "比赛已开放：玩家请按“加入”；每一轮由组织者开始。",
    "club.ui.choice": "{count} 名玩家凑不成四人一桌。第 {round} 轮怎么开始？",
    "club.ui.choice.rest": "{n} 人轮空",
    "club.ui.choice.fill_physical": "补 {n} 个替补",
    "club.ui.choice.fill_virtual": "补 {n} 个电脑",
    "club.ui.seating_title": "第 {round} 轮排位",
    "club.ui.table": "第 {table} 桌",
    "club.ui.seat": "{wind:wind} {name}",
    "club.ui.substitute": "替补",
    "club.ui.ai_seat": "电脑",
    "club.ui.resting": "轮空：{names}",
    "club.ui.repeats": "再次同桌的对数：{repeats}",
    "club.ui.repeats_none": "没有人和同一个人同桌两次。",
    "club.ui.table_thread": "第 {round} 轮 · 第 {table} 桌",
    "club.ui.dm": "“{event}”第 {round} 轮：你在第 {table} 桌，坐{wind:wind}。你的牌桌：{where}",
    "club.ui.dm_resting": "“{event}”第 {round} 轮：你本轮轮空。",
    "club.ui.substitute_name": "替补{n}",
    "club.ui.close_confirm": (
        "结束第 {round} 轮？有 {unfinished} 桌没打完：按已打的局数计，还在等确认的牌局作废。"
    ),
    "club.ui.close_yes": "结束第 {round} 轮",
    "club.ui.close_no": "继续打",
    "club.ui.round_closed": "第 {round} 轮结束。",
    "club.ui.round_done": "每桌都打完了：第 {round} 轮结束。",
    "club.ui.finished": "“{name}”结束了，恭喜获胜者！",
    "club.ui.standings_title": "{name} · 排名",
    "club.ui.standings_after": "第 {round}/{rounds} 轮后 · {hands} 局",
    "club.ui.standings_line": "{rank}. {name} **{total:+d}** · 平均 {place} 位 · 最佳 {best}",
    "club.ui.standings_rest": " · 轮空 {n} 次",
    "club.ui.standings_empty": "还没打过一轮。",
    "club.ui.no_value": "–",
    "club.ui.swapped": "第 {round} 轮：{first} 和 {second} 换了座位；已记录的牌局随座位移动。",
    "club.ui.round_started": "第 {round} 轮开始了：排位已经发出。",
    "club.text_channel_only": "请在文字频道里创建比赛：各桌的讨论串会开在那里。",
    "club.ui.winds_first": " · 风位均衡优先",
}
