"""The words around the rule book: page buttons, topic names, the contents.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "book.title": "規則書",
    "book.page": "第 {page} 頁，共 {pages} 頁",
    "book.prev": "◀ 上一頁",
    "book.next": "下一頁 ▶",
    "book.contents": "目錄",
    "book.toc.pick": "點下面的按鈕選一個主題，或在 `/rules explain` 裡選主題。",
    "book.help": "完整的規則書（依你的語言）：`/rules explain`。",
    "book.topic.basics": "牌、牌桌與牌牆",
    "book.topic.bao": "跌寶與寶",
    "book.topic.kongs": "面子、吃碰槓",
    "book.topic.winning": "胡牌",
    "book.topic.patterns": "牌型與分數",
    "book.topic.payments": "付分與獎勵分",
    "book.topic.presets": "計分方案與房規",
    "book.topic.examples": "算例",
}
