"""The words around the rule book: page buttons, topic names, the contents.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "book.title": "规则书",
    "book.page": "第 {page} 页，共 {pages} 页",
    "book.prev": "◀ 上一页",
    "book.next": "下一页 ▶",
    "book.contents": "目录",
    "book.toc.pick": "点下面的按钮选一个主题，或在 `/rules explain` 里选主题。",
    "book.help": "完整的规则书（按你的语言）：`/rules explain`。",
    "book.topic.basics": "牌、牌桌与牌墙",
    "book.topic.bao": "跌宝与宝",
    "book.topic.kongs": "面子、吃碰杠",
    "book.topic.winning": "胡牌",
    "book.topic.patterns": "牌型与分数",
    "book.topic.payments": "付分与奖励分",
    "book.topic.presets": "计分方案与房规",
    "book.topic.examples": "算例",
}
