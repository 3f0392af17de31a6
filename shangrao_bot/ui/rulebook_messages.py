"""The words around the rule book in Discord (:mod:`.rulebook`): page buttons, topic names, the
contents. The book itself is in ``docs/`` (``rules.en.md``, ``rules.zh-CN.md``)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "book.title": {"en": "Rule book", "zh-CN": "规则书", "zh-TW": "規則書"},
    "book.page": {
        "en": "Page {page} of {pages}",
        "zh-CN": "第 {page} 页，共 {pages} 页",
        "zh-TW": "第 {page} 頁，共 {pages} 頁",
    },
    "book.prev": {"en": "◀ Previous", "zh-CN": "◀ 上一页", "zh-TW": "◀ 上一頁"},
    "book.next": {"en": "Next ▶", "zh-CN": "下一页 ▶", "zh-TW": "下一頁 ▶"},
    "book.contents": {"en": "Contents", "zh-CN": "目录", "zh-TW": "目錄"},
    "book.toc.pick": {
        "en": "Pick a topic with a button below, or give one to `/rules explain`.",
        "zh-CN": "点下面的按钮选一个主题，或在 `/rules explain` 里选主题。",
        "zh-TW": "點下面的按鈕選一個主題，或在 `/rules explain` 裡選主題。",
    },
    "book.help": {
        "en": "The whole rule book, in your language: `/rules explain`.",
        "zh-CN": "完整的规则书（按你的语言）：`/rules explain`。",
        "zh-TW": "完整的規則書（依你的語言）：`/rules explain`。",
    },
    "book.topic.basics": {
        "en": "Tiles, table and wall",
        "zh-CN": "牌、牌桌与牌墙",
        "zh-TW": "牌、牌桌與牌牆",
    },
    "book.topic.bao": {"en": "跌宝 and the 宝", "zh-CN": "跌宝与宝", "zh-TW": "跌寶與寶"},
    "book.topic.kongs": {
        "en": "Sets, calls and kongs",
        "zh-CN": "面子、吃碰杠",
        "zh-TW": "面子、吃碰槓",
    },
    "book.topic.winning": {"en": "Winning", "zh-CN": "胡牌", "zh-TW": "胡牌"},
    "book.topic.patterns": {
        "en": "Patterns and values",
        "zh-CN": "牌型与分数",
        "zh-TW": "牌型與分數",
    },
    "book.topic.payments": {
        "en": "Payments and bonuses",
        "zh-CN": "付分与奖励分",
        "zh-TW": "付分與獎勵分",
    },
    "book.topic.presets": {
        "en": "Presets and house rules",
        "zh-CN": "计分方案与房规",
        "zh-TW": "計分方案與房規",
    },
    "book.topic.examples": {"en": "Worked examples", "zh-CN": "算例", "zh-TW": "算例"},
}
