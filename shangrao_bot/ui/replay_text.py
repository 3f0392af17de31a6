"""The words of ``/replay`` (a finished virtual hand, step by step, and as an animation), in
English, simplified and traditional Chinese. Registered with :mod:`.i18n`."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- the replay message -----------------------------------------------------------------
    "replay.title": {
        "en": "Replay of hand #{hand} (table #{table}, hand {number})",
        "zh-CN": "第 {hand} 手的回放（牌桌 #{table} 第 {number} 手）",
        "zh-TW": "第 {hand} 手的回放（牌桌 #{table} 第 {number} 手）",
    },
    "replay.step": {
        "en": "Step {step} of {steps} · {view}",
        "zh-CN": "第 {step} / {steps} 步 · {view}",
        "zh-TW": "第 {step} / {steps} 步 · {view}",
    },
    "replay.view_table": {
        "en": "every hand face up",
        "zh-CN": "四家手牌全部亮出",
        "zh-TW": "四家手牌全部亮出",
    },
    "replay.view_seat": {
        "en": "seat {seat} ({wind})'s view",
        "zh-CN": "{seat} 号座（{wind}家）视角",
        "zh-TW": "{seat} 號座（{wind}家）視角",
    },
    "replay.pick_view": {
        "en": "Whose view…",
        "zh-CN": "选择视角…",
        "zh-TW": "選擇視角…",
    },
    "replay.option_table": {
        "en": "The table: every hand",
        "zh-CN": "全桌：四家手牌",
        "zh-TW": "全桌：四家手牌",
    },
    "replay.option_seat": {
        "en": "Seat {seat} ({wind}): {name}",
        "zh-CN": "{seat} 号座（{wind}家）：{name}",
        "zh-TW": "{seat} 號座（{wind}家）：{name}",
    },
    "replay.animate": {"en": "Animate", "zh-CN": "动画", "zh-TW": "動畫"},
    "replay.animation": {
        "en": "Hand #{hand} as an animation ({steps} steps · {view}).",
        "zh-CN": "第 {hand} 手的动画（{steps} 步 · {view}）。",
        "zh-TW": "第 {hand} 手的動畫（{steps} 步 · {view}）。",
    },
    # --- refusals ----------------------------------------------------------------------------
    "replay.unknown": {
        "en": "There is no hand #{hand} in this server. `/history` lists this server's hands "
        "with their ids.",
        "zh-CN": "本服务器没有第 {hand} 手。`/history` 会列出本服务器的牌局及编号。",
        "zh-TW": "本伺服器沒有第 {hand} 手。`/history` 會列出本伺服器的牌局及編號。",
    },
    "replay.physical": {
        "en": "Hand #{hand} was recorded with `/score` at a physical table: the bot never saw "
        "its moves, so there is nothing to replay. Only hands played at a bot table "
        "(`/table create`) can be replayed; `/history` shows this hand's scores.",
        "zh-CN": "第 {hand} 手是线下牌局用 `/score` 记录的：机器人没有看到它的过程，无法回放。"
        "只有在机器人牌桌（`/table create`）上打的牌可以回放；它的得分可在 `/history` 查看。",
        "zh-TW": "第 {hand} 手是線下牌局用 `/score` 記錄的：機器人沒有看到它的過程，無法回放。"
        "只有在機器人牌桌（`/table create`）上打的牌可以回放；它的得分可在 `/history` 查看。",
    },
    "replay.running": {
        "en": "Hand #{hand} is still being played (or still being recorded): a hand can be "
        "replayed once it has ended. Try again in a moment.",
        "zh-CN": "第 {hand} 手还在进行（或正在记录）：牌局结束后才能回放。请稍后再试。",
        "zh-TW": "第 {hand} 手還在進行（或正在記錄）：牌局結束後才能回放。請稍後再試。",
    },
    "replay.running_table": {
        "en": "Your hand at table #{table} is still being played: it can be replayed once it "
        "has ended. To replay an earlier hand, give its id: `/replay hand:ID` (`/history` "
        "lists them).",
        "zh-CN": "你在牌桌 #{table} 的这一手还在进行：结束后才能回放。要回放更早的一手，"
        "请在 `/replay` 的“手牌”选项里填它的编号（`/history` 会列出）。",
        "zh-TW": "你在牌桌 #{table} 的這一手還在進行：結束後才能回放。要回放更早的一手，"
        "請在 `/replay` 的「手牌」選項裡填它的編號（`/history` 會列出）。",
    },
    "replay.none_played": {
        "en": "You have not finished a hand at a bot table in this server yet. Play one with "
        "`/table create`, or give a hand's id: `/replay hand:ID` (`/history` lists them).",
        "zh-CN": "你在本服务器还没有在机器人牌桌上打完过一手。用 `/table create` 开一桌，"
        "或在 `/replay` 的“手牌”选项里填一手的编号（`/history` 会列出）。",
        "zh-TW": "你在本伺服器還沒有在機器人牌桌上打完過一手。用 `/table create` 開一桌，"
        "或在 `/replay` 的「手牌」選項裡填一手的編號（`/history` 會列出）。",
    },
    "replay.damaged": {
        "en": "Hand #{hand} cannot be replayed: its table's log does not rebuild ({reason}). "
        "Its scores in `/history` are unaffected.",
        "zh-CN": "第 {hand} 手无法回放：牌桌记录无法重建（{reason}）。"
        "`/history` 里的得分不受影响。",
        "zh-TW": "第 {hand} 手無法回放：牌桌記錄無法重建（{reason}）。"
        "`/history` 裡的得分不受影響。",
    },
}
