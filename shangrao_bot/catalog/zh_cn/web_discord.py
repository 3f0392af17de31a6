"""牌社网页在 Discord 里的部分：``/web on | off | rotate | link`` 命令，以及在网页上打开排行榜、
玩家档案、场次、回放或复盘的 🌐 按钮。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.discord.button.site": "打开牌社网页",
    "web.discord.button.league": "网页版排行榜",
    "web.discord.button.player": "网页版玩家档案",
    "web.discord.button.session": "网页版场次",
    "web.discord.button.hand": "网页版回放",
    "web.discord.button.review": "网页版复盘",
    "web.discord.admin_only": "只有服务器管理员才能开启或关闭牌社网页，或给它换新网址。",
    "web.discord.no_address": (
        "机器人不知道它的网页在哪里提供。请机器人的运维人员设置 `WEB_PORT`（由机器人自己提供网页）"
        "或 `WEB_PUBLIC_URL`（单独运行的 `shangrao-bot web` 的网址），然后重启机器人。"
    ),
    "web.discord.on": (
        "牌社网页已开启：<{url}>\n"
        "有这个网址的人都能查看本服务器的账本（名字、分数、场次），但谁都不能在网页上修改任何东西。"
        "把它分享给你的牌友吧。`/web rotate` 给网页换新网址（旧链接全部失效）；"
        "`/web off` 关闭网页。"
    ),
    "web.discord.already_on": (
        "牌社网页本来就是开启的：<{url}>\n"
        "`/web rotate` 给网页换新网址（旧链接全部失效）；`/web off` 关闭网页。"
    ),
    "web.discord.rotated": "牌社网页换了新网址：<{url}>\n之前的链接全部失效。",
    "web.discord.off": "牌社网页已关闭：所有指向它的链接都已失效。`/web on` 会以新网址重新开启。",
    "web.discord.already_off": "牌社网页本来就是关闭的。",
    "web.discord.link": (
        "本服务器牌社的网页（排行榜、赛季、场次、玩家）：<{url}>\n有这个网址的人都能查看。"
    ),
    "web.discord.link_off": "牌社网页未开启。服务器管理员可以用 `/web on` 开启。",
}
