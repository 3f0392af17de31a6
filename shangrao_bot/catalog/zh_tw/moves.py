"""Refusals of typed moves (d 5m, chi 345m) and of a table's settings.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a typed move that cannot be read (engine/typed_moves.py)
    "move.empty_line": "空行：請輸入指令，如 d 5m 或 pass（輸入 help 查看全部指令）",
    "move.line_too_long": "這一行有 {n} 個字元：指令都很短，如 d 5m",
    "move.not_a_command": "「{token}」不是指令：輸入 help 查看指令列表（如 d 5m、pong、pass）",
    "move.discard_needs_tile": "d 後面要寫一張牌：如 d 5m、d 7z 或 d 五萬",
    "move.bad_discard_tile": "{reason}——請寫一張牌，如 d 5m 或 d 五萬",
    "move.bad_tile": "{reason}——請寫一張牌，如 {example}",
    "move.bad_chi_tiles": "{reason}——請寫出順子，如 chi 345m",
    "move.chi_not_three": "「{token}」不是三張牌的順子：請寫出順子，如 chi 345m",
    "move.several_chi": "有幾種吃法：請輸入 {options:or}",
    "move.several_kongs": "有幾種槓法：請輸入 {options:or}",
    "move.not_on_offer": "現在能喊的牌是 {offered:term}，不是 {named:term}：請直接輸入 {verb}",
    "move.pass_takes_no_tile": "pass 後面不用寫牌：直接輸入 pass",
    # a table's settings (service/config.py) and a move typed where none fits
    "table.config.preset": "「{name}」不是計分方案：請用 shangrao（上饒）或 baike（百科）",
    "table.config.hands": "{n} 手不行：請用 1 到 {max} 手",
    "table.config.turn": "每回合 {n:g} 秒不行：請用 {low:g} 到 {high:g} 秒",
    "table.config.claim": "吃碰 {n:g} 秒不行：請用 {low:g} 到 {high:g} 秒",
    "table.not_a_move": "「{request}」在這裡不是有效的操作：請用按鈕",
}
