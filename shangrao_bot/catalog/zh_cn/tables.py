"""The virtual tables' refusals and the notices the table service asks to show.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "table.not_found": "牌桌 #{table} 没有开着（已结束或不存在）。",
    "table.too_many": "本服务器已有 {limit} 张牌桌开着：请先结束一张再开新的。",
    "table.bad_config": "牌桌设置无效：{reason}",
    "table.full": "这张牌桌已经坐满了。",
    "table.seat_taken": "{seat} 号座位已有人：请选空位。",
    "table.bad_seat": "没有 {seat} 号座位：座位是 1-4。",
    "table.already_seated": "你已经坐在牌桌 #{table}：请先离开（同一时间只能坐一张牌桌）。",
    "table.not_seated": "你没有坐在这张牌桌。",
    "table.not_host": "只有房主可以这样做。",
    "table.not_host_or_admin": "只有房主或服务器管理员可以结束牌桌。",
    "table.already_started": "牌局已经开始：座位不能再改了。",
    "table.not_full_yet": "需要坐满四个座位；还有 {empty} 个空位（要加电脑吗？）。",
    "table.bad_ai_level": "“{level}”不是电脑玩家的难度：请用“简单”“普通”或“困难”。",
    "table.not_an_ai": "{seat} 号座位不是电脑玩家。",
    "table.not_playing": "牌局还没有开始。",
    "table.prompt_outdated": "这个提示已过期：牌局已经往下进行了。请用最新的手牌面板。",
    "table.not_your_turn": "现在不行：{reason}",
    "table.illegal": "不能这样出牌：{reason}",
    "table.bad_command": "{reason}",
    "table.wait_for_claims": "请稍等：这张牌还可能被吃碰杠。",
    "table.already_answered": "你已经对这张牌作出了选择。",
    "table.notice.timed_out": "{name} 超时：已代为 {action}（第 {strikes} 次）。",
    "table.notice.autopilot": "{name} 似乎离开了：由电脑代打，直到他在手牌面板上按“我回来了”。",
    "table.notice.away": "{name} 暂时离开：由电脑代打，直到他在手牌面板上按“我回来了”。",
    "table.notice.back": "{name} 回来了。",
    "table.notice.paused": "所有玩家都离开了：牌桌暂停，{minutes} 分钟内无人回来就结束。",
    "table.notice.host_changed": "{name} 现在是房主。",
    "table.notice.restored": "机器人重启了；牌局从中断处继续。",
    "table.closed.completed": "本场已打完。",
    "table.closed.ended": "牌桌已结束；已打完的牌局照常计分。",
    "table.closed.idle": "所有玩家离开太久：牌桌已结束；已打完的牌局照常计分。",
    "table.closed.abandoned": "所有玩家都离开了等候区：牌桌已关闭。",
    "table.closed.expired": "等候区太久没有变动、也没有开局：牌桌已关闭。任何人都可以重新开桌。",
}
