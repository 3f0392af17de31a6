"""Ratings and seasons: the leaderboard by rating, /profile, /season.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.metric.rating": "等级分",
    "rt.board.row": "{rank}. {name} — **{rating}**（μ {mu} · σ {sigma}）· 计分 {games} 手",
    "rt.board.filter": (
        "至少计分 {min_hands} 手{where}{guests}。等级分 = μ − "
        "3σ（每一手已确认的牌局算一局，四人按得分排名）。"
    ),
    "rt.board.in_season": "（本赛季内；等级分为赛季结束时的）",
    "rt.board.in_period": "（这段时间内；等级分为现在的）",
    "rt.board.empty": "还没有人计分满 {min_hands} 手：把 `最少手数` 调小即可看到所有人。",
    "rt.period_and_season": "`时段` 和 `赛季` 只能选一个。",
    "rt.no_open_season": (
        "本服务器现在没有进行中的赛季：用 `/season start` 开一个，或用 `赛季` 选一个过去的赛季。"
    ),
    "rt.unknown_season": "本服务器没有叫“{name}”的赛季：输入几个字再从列表里选。",
    "rt.season.open_tag": "（进行中）",
    "rt.season.title": "赛季 {name}",
    "rt.stats.rating": (
        "等级分 **{rating}**（μ {mu} · σ {sigma}，计分 {games} 手）· 最近 {recent} 手：{change}"
    ),
    "rt.stats.unrated": "等级分：还没有（没有分出输赢的已确认牌局）。",
    "rt.stats.trend": "等级分走势（最近 {count} 手）：{points}",
    "rt.profile.title": "玩家档案 · {name}",
    "rt.profile.rating": "等级分",
    "rt.profile.rating_value": "**{rating}**（μ {mu} · σ {sigma}）\n排名 {rank} / {ranked}",
    "rt.profile.unrated": "还没有",
    "rt.profile.record": "战绩",
    "rt.profile.record_value": "{hands} 手 · 胡 {wins} 次（{rate}）\n总分 {total:+d}",
    "rt.profile.patterns": "拿手牌型",
    "rt.profile.biggest": "最大一手",
    "rt.profile.flown": "飞宝",
    "rt.profile.flown_value": "共飞 {count} 个宝（这些牌局净得 {net:+d}）",
    "rt.profile.trend": "等级分走势",
    "rt.season.started": (
        "赛季 **{name}** 开始了：从现在起记录的牌局都算进这个赛季，直到 `/season end`。"
    ),
    "rt.season.still_open": "赛季“{name}”还在进行中：先用 `/season end` 结束它，再开新赛季。",
    "rt.season.name_taken": "本服务器已经有叫“{name}”的赛季了：请换个名字。",
    "rt.season.bad_name": "赛季名字为 1 到 {limit} 个字：请换个短一点的。",
    "rt.season.none_open": "本服务器现在没有进行中的赛季：用 `/season start` 开一个。",
    "rt.season.summary_title": "赛季 {name} 结束",
    "rt.season.summary_intro": "{start} – {end} · 共 {hands} 手已确认的牌局",
    "rt.season.champion": "🏆 冠军",
    "rt.season.champion_value": "**{name}** {total:+d}（{hands} 手）",
    "rt.season.biggest": "💥 最大一手",
    "rt.season.biggest_value": "**{name}** {biggest:+d}",
    "rt.season.bao": "🀄 宝吊头最多",
    "rt.season.bao_value": "**{name}** × {count}",
    "rt.season.improved": "📈 等级分进步最大",
    "rt.season.improved_value": "**{name}** {before} → {after}（{change}）",
    "rt.season.nobody": "—",
}
