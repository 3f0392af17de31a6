"""牌社網頁在 Discord 裡的部分：``/web on | off | rotate | link`` 指令，以及在網頁上打開排行榜、
玩家檔案、場次、回放或復盤的 🌐 按鈕。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.discord.button.site": "打開牌社網頁",
    "web.discord.button.league": "網頁版排行榜",
    "web.discord.button.player": "網頁版玩家檔案",
    "web.discord.button.session": "網頁版場次",
    "web.discord.button.hand": "網頁版回放",
    "web.discord.button.review": "網頁版復盤",
    "web.discord.admin_only": "只有伺服器管理員才能開啟或關閉牌社網頁，或給它換新網址。",
    "web.discord.no_address": (
        "機器人不知道它的網頁在哪裡提供。請機器人的維運人員設定 `WEB_PORT`（由機器人自己提供網頁）"
        "或 `WEB_PUBLIC_URL`（單獨執行的 `shangrao-bot web` 的網址），然後重新啟動機器人。"
    ),
    "web.discord.on": (
        "牌社網頁已開啟：<{url}>\n"
        "有這個網址的人都能查看本伺服器的帳本（名字、分數、場次），但誰都不能在網頁上修改任何東西。"
        "把它分享給你的牌友吧。`/web rotate` 給網頁換新網址（舊連結全部失效）；"
        "`/web off` 關閉網頁。"
    ),
    "web.discord.already_on": (
        "牌社網頁本來就是開啟的：<{url}>\n"
        "`/web rotate` 給網頁換新網址（舊連結全部失效）；`/web off` 關閉網頁。"
    ),
    "web.discord.rotated": "牌社網頁換了新網址：<{url}>\n之前的連結全部失效。",
    "web.discord.off": "牌社網頁已關閉：所有指向它的連結都已失效。`/web on` 會以新網址重新開啟。",
    "web.discord.already_off": "牌社網頁本來就是關閉的。",
    "web.discord.link": (
        "本伺服器牌社的網頁（排行榜、賽季、場次、玩家）：<{url}>\n有這個網址的人都能查看。"
    ),
    "web.discord.link_off": "牌社網頁未開啟。伺服器管理員可以用 `/web on` 開啟。",
}
