"""Ratings and seasons: the leaderboard by rating, /profile, /season.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.metric.rating": "等級分",
    "rt.board.row": "{rank}. {name} — **{rating}**（μ {mu} · σ {sigma}）· 計分 {games} 手",
    "rt.board.filter": (
        "至少計分 {min_hands} 手{where}{guests}。等級分 = μ − "
        "3σ（每一手已確認的牌局算一局，四人按得分排名）。"
    ),
    "rt.board.in_season": "（本賽季內；等級分為賽季結束時的）",
    "rt.board.in_period": "（這段時間內；等級分為現在的）",
    "rt.board.empty": "還沒有人計分滿 {min_hands} 手：把 `最少手數` 調小即可看到所有人。",
    "rt.period_and_season": "`時段` 和 `賽季` 只能選一個。",
    "rt.no_open_season": (
        "本伺服器現在沒有進行中的賽季：用 `/season start` 開一個，或用 `賽季` 選一個過去的賽季。"
    ),
    "rt.unknown_season": "本伺服器沒有叫「{name}」的賽季：輸入幾個字再從列表裡選。",
    "rt.season.open_tag": "（進行中）",
    "rt.season.title": "賽季 {name}",
    "rt.stats.rating": (
        "等級分 **{rating}**（μ {mu} · σ {sigma}，計分 {games} 手）· 最近 {recent} 手：{change}"
    ),
    "rt.stats.unrated": "等級分：還沒有（沒有分出輸贏的已確認牌局）。",
    "rt.stats.trend": "等級分走勢（最近 {count} 手）：{points}",
    "rt.profile.title": "玩家檔案 · {name}",
    "rt.profile.rating": "等級分",
    "rt.profile.rating_value": "**{rating}**（μ {mu} · σ {sigma}）\n排名 {rank} / {ranked}",
    "rt.profile.unrated": "還沒有",
    "rt.profile.record": "戰績",
    "rt.profile.record_value": "{hands} 手 · 胡 {wins} 次（{rate}）\n總分 {total:+d}",
    "rt.profile.patterns": "拿手牌型",
    "rt.profile.biggest": "最大一手",
    "rt.profile.flown": "飛寶",
    "rt.profile.flown_value": "共飛 {count} 個寶（這些牌局淨得 {net:+d}）",
    "rt.profile.trend": "等級分走勢",
    "rt.season.started": (
        "賽季 **{name}** 開始了：從現在起記錄的牌局都算進這個賽季，直到 `/season end`。"
    ),
    "rt.season.still_open": "賽季「{name}」還在進行中：先用 `/season end` 結束它，再開新賽季。",
    "rt.season.name_taken": "本伺服器已經有叫「{name}」的賽季了：請換個名字。",
    "rt.season.bad_name": "賽季名字為 1 到 {limit} 個字：請換個短一點的。",
    "rt.season.none_open": "本伺服器現在沒有進行中的賽季：用 `/season start` 開一個。",
    "rt.season.summary_title": "賽季 {name} 結束",
    "rt.season.summary_intro": "{start} – {end} · 共 {hands} 手已確認的牌局",
    "rt.season.champion": "🏆 冠軍",
    "rt.season.champion_value": "**{name}** {total:+d}（{hands} 手）",
    "rt.season.biggest": "💥 最大一手",
    "rt.season.biggest_value": "**{name}** {biggest:+d}",
    "rt.season.bao": "🀄 寶吊頭最多",
    "rt.season.bao_value": "**{name}** × {count}",
    "rt.season.improved": "📈 等級分進步最大",
    "rt.season.improved_value": "**{name}** {before} → {after}（{change}）",
    "rt.season.nobody": "—",
}
