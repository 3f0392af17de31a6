"""The words of ratings and seasons: ``/leaderboard metric:rating`` and ``season:``, the rating
in ``/stats``, the ``/profile`` card, ``/season start | end`` and the season's summary card."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "skv.metric.rating": {"en": "rating", "zh-CN": "等级分", "zh-TW": "等級分"},
    "rt.board.row": {
        "en": "{rank}. {name} — **{rating}** (μ {mu} · σ {sigma}) · {games} rated "
        "{games:hand|hands}",
        "zh-CN": "{rank}. {name} — **{rating}**（μ {mu} · σ {sigma}）· 计分 {games} 手",
        "zh-TW": "{rank}. {name} — **{rating}**（μ {mu} · σ {sigma}）· 計分 {games} 手",
    },
    "rt.board.filter": {
        "en": "At least {min_hands} rated {min_hands:hand|hands}{where}{guests}. Rating = μ − 3σ "
        "(OpenSkill Plackett–Luce, every counted hand one game).",
        "zh-CN": "至少计分 {min_hands} 手{where}{guests}。等级分 = μ − 3σ（每一手已确认的牌局"
        "算一局，四人按得分排名）。",
        "zh-TW": "至少計分 {min_hands} 手{where}{guests}。等級分 = μ − 3σ（每一手已確認的牌局"
        "算一局，四人按得分排名）。",
    },
    "rt.board.in_season": {
        "en": " in this season (rating as it stood at its end)",
        "zh-CN": "（本赛季内；等级分为赛季结束时的）",
        "zh-TW": "（本賽季內；等級分為賽季結束時的）",
    },
    "rt.board.in_period": {
        "en": " in this period (rating as it stands now)",
        "zh-CN": "（这段时间内；等级分为现在的）",
        "zh-TW": "（這段時間內；等級分為現在的）",
    },
    "rt.board.empty": {
        "en": "Nobody has {min_hands} rated {min_hands:hand|hands} yet: lower `min_hands` to see "
        "everyone rated.",
        "zh-CN": "还没有人计分满 {min_hands} 手：把 `最少手数` 调小即可看到所有人。",
        "zh-TW": "還沒有人計分滿 {min_hands} 手：把 `最少手數` 調小即可看到所有人。",
    },
    "rt.period_and_season": {
        "en": "Choose either `period` or `season`, not both.",
        "zh-CN": "`时段` 和 `赛季` 只能选一个。",
        "zh-TW": "`時段` 和 `賽季` 只能選一個。",
    },
    "rt.no_open_season": {
        "en": "No season is open in this server: start one with `/season start`, or pick a past "
        "season with `season`.",
        "zh-CN": "本服务器现在没有进行中的赛季：用 `/season start` 开一个，或用 `赛季` 选一个"
        "过去的赛季。",
        "zh-TW": "本伺服器現在沒有進行中的賽季：用 `/season start` 開一個，或用 `賽季` 選一個"
        "過去的賽季。",
    },
    "rt.unknown_season": {
        "en": "There is no season called “{name}” in this server: start typing and pick one from "
        "the list.",
        "zh-CN": "本服务器没有叫“{name}”的赛季：输入几个字再从列表里选。",
        "zh-TW": "本伺服器沒有叫「{name}」的賽季：輸入幾個字再從列表裡選。",
    },
    "rt.season.open_tag": {"en": " (open)", "zh-CN": "（进行中）", "zh-TW": "（進行中）"},
    "rt.season.title": {
        "en": "season {name}",
        "zh-CN": "赛季 {name}",
        "zh-TW": "賽季 {name}",
    },
    "rt.stats.rating": {
        "en": "Rating **{rating}** (μ {mu} · σ {sigma}, {games} rated {games:hand|hands})"
        " · last {recent} {recent:hand|hands}: {change}",
        "zh-CN": "等级分 **{rating}**（μ {mu} · σ {sigma}，计分 {games} 手）· 最近 {recent} 手："
        "{change}",
        "zh-TW": "等級分 **{rating}**（μ {mu} · σ {sigma}，計分 {games} 手）· 最近 {recent} 手："
        "{change}",
    },
    "rt.stats.unrated": {
        "en": "Rating: not rated yet (no counted hand with a winner or a bonus).",
        "zh-CN": "等级分：还没有（没有分出输赢的已确认牌局）。",
        "zh-TW": "等級分：還沒有（沒有分出輸贏的已確認牌局）。",
    },
    "rt.stats.trend": {
        "en": "Rating trend (last {count}): {points}",
        "zh-CN": "等级分走势（最近 {count} 手）：{points}",
        "zh-TW": "等級分走勢（最近 {count} 手）：{points}",
    },
    "rt.profile.title": {
        "en": "Profile · {name}",
        "zh-CN": "玩家档案 · {name}",
        "zh-TW": "玩家檔案 · {name}",
    },
    "rt.profile.rating": {"en": "Rating", "zh-CN": "等级分", "zh-TW": "等級分"},
    "rt.profile.rating_value": {
        "en": "**{rating}** (μ {mu} · σ {sigma})\nrank {rank} of {ranked}",
        "zh-CN": "**{rating}**（μ {mu} · σ {sigma}）\n排名 {rank} / {ranked}",
        "zh-TW": "**{rating}**（μ {mu} · σ {sigma}）\n排名 {rank} / {ranked}",
    },
    "rt.profile.unrated": {"en": "not rated yet", "zh-CN": "还没有", "zh-TW": "還沒有"},
    "rt.profile.record": {"en": "Record", "zh-CN": "战绩", "zh-TW": "戰績"},
    "rt.profile.record_value": {
        "en": "{hands} {hands:hand|hands} · {wins} {wins:win|wins} ({rate})\ntotal {total:+d}",
        "zh-CN": "{hands} 手 · 胡 {wins} 次（{rate}）\n总分 {total:+d}",
        "zh-TW": "{hands} 手 · 胡 {wins} 次（{rate}）\n總分 {total:+d}",
    },
    "rt.profile.patterns": {"en": "Favourite patterns", "zh-CN": "拿手牌型", "zh-TW": "拿手牌型"},
    "rt.profile.biggest": {"en": "Biggest hand", "zh-CN": "最大一手", "zh-TW": "最大一手"},
    "rt.profile.flown": {"en": "宝 flown", "zh-CN": "飞宝", "zh-TW": "飛寶"},
    "rt.profile.flown_value": {
        "en": "{count} 宝 flown (net of those hands {net:+d})",
        "zh-CN": "共飞 {count} 个宝（这些牌局净得 {net:+d}）",
        "zh-TW": "共飛 {count} 個寶（這些牌局淨得 {net:+d}）",
    },
    "rt.profile.trend": {"en": "Rating trend", "zh-CN": "等级分走势", "zh-TW": "等級分走勢"},
    "rt.season.started": {
        "en": "Season **{name}** has started: every hand recorded from now on counts in it, until "
        "`/season end`.",
        "zh-CN": "赛季 **{name}** 开始了：从现在起记录的牌局都算进这个赛季，直到 `/season end`。",
        "zh-TW": "賽季 **{name}** 開始了：從現在起記錄的牌局都算進這個賽季，直到 `/season end`。",
    },
    "rt.season.still_open": {
        "en": "Season “{name}” is still open: end it with `/season end` before starting another.",
        "zh-CN": "赛季“{name}”还在进行中：先用 `/season end` 结束它，再开新赛季。",
        "zh-TW": "賽季「{name}」還在進行中：先用 `/season end` 結束它，再開新賽季。",
    },
    "rt.season.name_taken": {
        "en": "A season of this server is already called “{name}”: choose another name.",
        "zh-CN": "本服务器已经有叫“{name}”的赛季了：请换个名字。",
        "zh-TW": "本伺服器已經有叫「{name}」的賽季了：請換個名字。",
    },
    "rt.season.bad_name": {
        "en": "A season name has 1 to {limit} characters: choose a shorter one.",
        "zh-CN": "赛季名字为 1 到 {limit} 个字：请换个短一点的。",
        "zh-TW": "賽季名字為 1 到 {limit} 個字：請換個短一點的。",
    },
    "rt.season.none_open": {
        "en": "No season is open in this server: start one with `/season start`.",
        "zh-CN": "本服务器现在没有进行中的赛季：用 `/season start` 开一个。",
        "zh-TW": "本伺服器現在沒有進行中的賽季：用 `/season start` 開一個。",
    },
    "rt.season.summary_title": {
        "en": "Season {name} is over",
        "zh-CN": "赛季 {name} 结束",
        "zh-TW": "賽季 {name} 結束",
    },
    "rt.season.summary_intro": {
        "en": "{start} – {end} · {hands} counted {hands:hand|hands}",
        "zh-CN": "{start} – {end} · 共 {hands} 手已确认的牌局",
        "zh-TW": "{start} – {end} · 共 {hands} 手已確認的牌局",
    },
    "rt.season.champion": {"en": "🏆 Champion", "zh-CN": "🏆 冠军", "zh-TW": "🏆 冠軍"},
    "rt.season.champion_value": {
        "en": "**{name}** {total:+d} in {hands} {hands:hand|hands}",
        "zh-CN": "**{name}** {total:+d}（{hands} 手）",
        "zh-TW": "**{name}** {total:+d}（{hands} 手）",
    },
    "rt.season.biggest": {"en": "💥 Biggest hand", "zh-CN": "💥 最大一手", "zh-TW": "💥 最大一手"},
    "rt.season.biggest_value": {
        "en": "**{name}** {biggest:+d}",
        "zh-CN": "**{name}** {biggest:+d}",
        "zh-TW": "**{name}** {biggest:+d}",
    },
    "rt.season.bao": {"en": "🀄 Most 宝吊头", "zh-CN": "🀄 宝吊头最多", "zh-TW": "🀄 寶吊頭最多"},
    "rt.season.bao_value": {
        "en": "**{name}** × {count}",
        "zh-CN": "**{name}** × {count}",
        "zh-TW": "**{name}** × {count}",
    },
    "rt.season.improved": {
        "en": "📈 Most improved rating",
        "zh-CN": "📈 等级分进步最大",
        "zh-TW": "📈 等級分進步最大",
    },
    "rt.season.improved_value": {
        "en": "**{name}** {before} → {after} ({change})",
        "zh-CN": "**{name}** {before} → {after}（{change}）",
        "zh-TW": "**{name}** {before} → {after}（{change}）",
    },
    "rt.season.nobody": {"en": "—", "zh-CN": "—", "zh-TW": "—"},
}
