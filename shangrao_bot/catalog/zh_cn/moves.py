"""Refusals of typed moves (d 5m, chi 345m) and of a table's settings.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a typed move that cannot be read (engine/typed_moves.py)
    "move.empty_line": "空行：请输入命令，如 d 5m 或 pass（输入 help 查看全部命令）",
    "move.line_too_long": "这一行有 {n} 个字符：命令都很短，如 d 5m",
    "move.not_a_command": "“{token}”不是命令：输入 help 查看命令列表（如 d 5m、pong、pass）",
    "move.discard_needs_tile": "d 后面要写一张牌：如 d 5m、d 7z 或 d 五万",
    "move.bad_discard_tile": "{reason}——请写一张牌，如 d 5m 或 d 五万",
    "move.bad_tile": "{reason}——请写一张牌，如 {example}",
    "move.bad_chi_tiles": "{reason}——请写出顺子，如 chi 345m",
    "move.chi_not_three": "“{token}”不是三张牌的顺子：请写出顺子，如 chi 345m",
    "move.several_chi": "有几种吃法：请输入 {options:or}",
    "move.several_kongs": "有几种杠法：请输入 {options:or}",
    "move.not_on_offer": "现在能叫的牌是 {offered:term}，不是 {named:term}：请直接输入 {verb}",
    "move.pass_takes_no_tile": "pass 后面不用写牌：直接输入 pass",
    # a table's settings (service/config.py) and a move typed where none fits
    "table.config.preset": "“{name}”不是计分方案：请用 shangrao（上饶）或 baike（百科）",
    "table.config.hands": "{n} 手不行：请用 1 到 {max} 手",
    "table.config.turn": "每回合 {n:g} 秒不行：请用 {low:g} 到 {high:g} 秒",
    "table.config.claim": "吃碰 {n:g} 秒不行：请用 {low:g} 到 {high:g} 秒",
    "table.not_a_move": "“{request}”在这里不是有效的操作：请用按钮",
}
