"""Builds the traditional Chinese rule book, ``docs/rules.zh-TW.md``, from the simplified one
(``docs/rules.zh-CN.md``): run ``make rulebook`` after changing the simplified book; the result
ships as data beside it, and a test checks that the shipped file equals a fresh build.

The conversion: a few whole words that Taiwan says differently (伺服器, 預設 …), then a
character map; code (commands, tile codes, the command line's answers) is left as it is.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

# Words said differently in Taiwan, replaced (longest first) before the character map.
TW_PHRASES: dict[str, str] = {
    "服务器": "伺服器",
    "命令行": "命令列",
    "命令": "指令",
    "默认": "預設",
    "设置": "設定",
    "优先级": "優先順序",
    "消息": "訊息",
    "哈希值": "雜湊值",
    "运行": "執行",
}

# Simplified → traditional, one character each, for every simplified character of the book
# (a test checks that none is left over). A character with several traditional forms is
# mapped to the one the book means: 发 發 (the dragon, to deal), 里 裡, 杠 槓, 松 鬆 (宽松);
# 幺 stays, as players write 九幺.
TW_CHARS: dict[str, str] = dict(
    zip(
        "万与东两个么书于从优会体关写决况凑几则别务励华单双发变号后员图场墙处头奖宝实宽对"
        "将属并庄废开张强当录抢拟择据掷数断无时显机杠条来标样没点烂独环着确种类紧级组经结"
        "给绝继续编节虚补见规计认让记许设试语说读谁调赢轮输边过运还这进远连选里针错闲间阅"
        "际随项顺颗风飞饶饼马松",
        "萬與東兩個麼書於從優會體關寫決況湊幾則別務勵華單雙發變號後員圖場牆處頭獎寶實寬對"
        "將屬並莊廢開張強當錄搶擬擇據擲數斷無時顯機槓條來標樣沒點爛獨環著確種類緊級組經結"
        "給絕繼續編節虛補見規計認讓記許設試語說讀誰調贏輪輸邊過運還這進遠連選裡針錯閒間閱"
        "際隨項順顆風飛饒餅馬鬆",
        strict=True,
    )
)
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
_TW_WORDS = re.compile("|".join(sorted(TW_PHRASES, key=len, reverse=True)))
_TW_TABLE = str.maketrans(TW_CHARS)


def to_traditional(text: str) -> str:
    """Simplified Chinese ``text`` in traditional characters, code spans and blocks unchanged."""
    out = []
    position = 0
    for code in _CODE.finditer(text):
        out.append(_convert(text[position : code.start()]))
        out.append(code.group())
        position = code.end()
    out.append(_convert(text[position:]))
    return "".join(out)


def _convert(text: str) -> str:
    return _TW_WORDS.sub(lambda m: TW_PHRASES[m.group()], text).translate(_TW_TABLE)


def build(docs: Path) -> str:
    """The traditional book's Markdown, from ``docs/rules.zh-CN.md``."""
    return to_traditional((docs / "rules.zh-CN.md").read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    """``python -m shangrao_bot.traditional_book [DOCS]``: write ``DOCS/rules.zh-TW.md``."""
    args = sys.argv[1:] if argv is None else argv
    docs = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs"
    (docs / "rules.zh-TW.md").write_text(build(docs), encoding="utf-8")
    print(docs / "rules.zh-TW.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
