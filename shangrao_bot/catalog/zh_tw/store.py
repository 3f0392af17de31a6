"""Refusals of the ledger: unknown ids, closed sessions, impossible changes; and why the
database ``DATABASE_URL`` names cannot be used (said to the operator at start-up).

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # the database itself (start-up, the command line)
    "store.db.url_unsupported": (
        "不支援 DATABASE_URL「{url}」：請用 sqlite:///relative/path.db（相對路徑）、"
        "sqlite:////absolute/path.db（絕對路徑）或 postgresql://USER@HOST:PORT/DATABASE"
    ),
    "store.db.url_memory": (
        "DATABASE_URL 指向記憶體資料庫：帳本必須在重新啟動後保留，請給出檔案路徑"
        "（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.url_no_file": "DATABASE_URL「{url}」沒有指定檔案：請在 sqlite:/// 後面加上路徑",
    "store.db.not_sqlite": (
        "DATABASE_URL：{path} 不是 SQLite 資料庫（或已損壞）：請讓 DATABASE_URL 指向機器人的"
        "資料庫檔案，或指向一個新檔案以建立空帳本"
    ),
    "store.db.not_writable": (
        "DATABASE_URL：資料庫 {path} 無法寫入（{why}）：請讓機器人可以寫入該檔案及其所在資料夾，"
        "或讓 DATABASE_URL 指向可寫入的位置（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.why.folder_read_only": "所在資料夾 {folder} 是唯讀的",
    "store.db.why.file_read_only": "檔案是唯讀的",
    "store.db.not_a_file": (
        "DATABASE_URL：{path} 不是一般檔案：請給出資料庫檔案的路徑（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.folder_uncreatable": (
        "DATABASE_URL：無法建立資料夾 {folder}（{error}）：請先建立它，或給出可寫入資料夾中的路徑"
    ),
    "store.db.probe_missing": "DATABASE_URL：寫入測試沒有執行",
    "store.db.pg_unusable": (
        "DATABASE_URL：無法使用 PostgreSQL 資料庫 {url}（{error}）：請檢查伺服器是否在執行、"
        "資料庫是否存在，以及該使用者能否連線並在其中建立資料表"
    ),
    "store.db.pg_read_only": (
        "DATABASE_URL：PostgreSQL 資料庫 {url} 無法寫入（{error}）：請給該使用者寫入權限"
    ),
    "store.db.sqlite_in_use": (
        "DATABASE_URL：另一個機器人處理程序已在使用 {path}：SQLite 資料庫只能供一個處理程序使用；"
        "請停掉另一個處理程序，或改用 PostgreSQL，以多個分片處理程序執行機器人"
    ),
    "store.db.sqlite_shards": (
        "SHARD_IDS：這個處理程序執行 {count} 個分片中的 {ids:list} 號，其餘分片由別的處理程序在"
        "同一個資料庫上執行；SQLite 檔案只能供一個處理程序使用：請把 DATABASE_URL 設為 "
        "PostgreSQL 資料庫（postgresql://USER@HOST:PORT/DATABASE）"
    ),
    "store.db.newer_schema": (
        "資料庫的結構版本是 {version}，比這個機器人支援的版本（{latest}）新：請升級機器人"
    ),
    "store.db.closed": "資料庫已關閉",
    "store.db.in_memory": "帳本需要資料庫檔案，不能用記憶體資料庫",
    "store.db.no_readers": "資料庫至少需要一個讀取連線",
    "store.db.no_row_id": "插入語句沒有傳回列 id：{sql}",
    "store.duplicate": "這筆紀錄已經存在（同一個唯一鍵出現了第二列：{detail}）",
    # settings
    "store.settings.unknown": "「{key}」不是一項設定",
    "store.settings.bad_preset": "「{preset}」不是計分方案：請用 shangrao（上饒）或 baike（百科）",
    "store.settings.bad_stake": "底分 {stake} 不可用：請用 1 或以上的整數",
    "store.settings.bad_language": "「{language}」不是可選的語言：請用 {languages:list}",
    "store.settings.bad_confirm_minutes": (
        "確認時限 {minutes} 分鐘不可用：請用 {low} 到 {high} 分鐘"
    ),
    "store.settings.bad_confirmations": "確認人數 {count} 不可用：請用 1 到 3",
    "store.settings.bad_review_public": "review_public 只能是 true 或 false，不能是 {value}",
    # players
    "store.player.not_found": "本伺服器沒有玩家 #{player}",
    "store.player.name_empty": "訪客需要一個名字：寫上名字，例如 老王",
    "store.player.name_long": "名字「{start}…」太長：最多 {limit} 個字",
    "store.player.name_taken": "名字「{name}」已經屬於另一位玩家",
    "store.player.not_unmerged_guest": "{name} 不是尚未關聯的訪客",
    "store.player.merge_into_guest": "{name} 是訪客：只能把訪客關聯到 Discord 成員",
    "store.player.shared_session": (
        "{guest} 和 {user} 在場次 #{session} 同桌打過牌：他們是不同的人，不能關聯"
    ),
    "store.player.rename_member": "{name} 是 Discord 成員：名字跟隨 Discord",
    "store.player.rename_merged": "{name} 已關聯到一位成員：請改那位成員的名字",
    # sessions
    "store.session.not_found": "本伺服器沒有場次 #{session}",
    "store.session.bad_kind": "場次類型「{kind}」不是 virtual（線上）或 physical（實體）",
    "store.session.four_players": "一場需要四位不同的玩家，每個座位一位",
    "store.session.bad_stake": "底分 {stake} 不可用：請用 1 或以上的整數",
    "store.session.channel_busy": "本頻道已有進行中的記分場次：請先結束它",
    "store.session.closed": "場次 #{session} 已結束：請開一場新的",
    "store.session.already_closed": "場次 #{session} 已經結束",
    "store.session.pending_hands": "場次 #{session} 還有 {count} 手牌等待確認：請先確認或作廢",
    "store.session.nothing_to_undo": "場次 #{session} 沒有可以撤回的牌局",
    # hands
    "store.hand.not_found": "本伺服器沒有第 #{hand} 手",
    "store.hand.bad_outcome": "結果「{outcome}」不是 win（胡）或 draw（流局）",
    "store.hand.four_seats": "一手牌有四個座位：請給出四個得失分和四個飛寶數",
    "store.hand.not_zero_sum": "付款合計必須為零；這些得失分合計為 {total}",
    "store.hand.payment_seats": "付款 {payer}→{payee}：座位是 0-3，且不能相同",
    "store.hand.payment_amount": "付款 {payer}→{payee} 的金額 {amount}：金額必須為正數",
    "store.hand.payment_reason": "付款原因「{reason}」不是 {reasons:list} 之一",
    "store.hand.payments_deltas": "付款得出 {net}，與得失分 {deltas} 不符",
    "store.hand.winner_seats": "贏家座位是 0-3",
    "store.hand.win_needs_winner": "胡牌需要有贏家",
    "store.hand.draw_has_winner": "流局沒有贏家",
    "store.hand.voided": "第 #{hand} 手已作廢（{reason}）：請重新記錄",
    "store.hand.void_needs_reason": "請說明為什麼作廢這手（必須寫原因）",
    "store.hand.undo_needs_reason": "請說明為什麼撤回這手（必須寫原因）",
    "store.hand.confirmed_meanwhile": "第 #{hand} 手剛剛已被確認：它已計入",
    "store.hand.already_voided": "第 #{hand} 手已經作廢（{reason}）",
    "store.hand.session_closed": "第 #{hand} 手屬於已結束的場次：不能再更改",
    "store.hand.recorded_meanwhile": (
        "剛剛又記錄了第 #{hand} 手：現在它是最後一手，請再看一遍再撤回"
    ),
    # settlement transfers
    "store.transfer.not_found": "本伺服器沒有轉帳 #{transfer}",
    "store.transfer.already_paid": "轉帳 #{transfer} 已經標記為已付",
    # seasons
    "store.season.not_found": "本伺服器沒有賽季 #{season}",
    "store.season.bad_name": "賽季名字為 1 到 {limit} 個字",
    "store.season.open": "賽季「{name}」還在進行中",
    "store.season.name_taken": "已經有叫「{name}」的賽季了",
    "store.season.started_meanwhile": "剛剛有另一個賽季開始了（或已有叫「{name}」的賽季）",
    "store.season.none_open": "現在沒有進行中的賽季",
    # the virtual tables' event store
    "store.table.not_found": "牌桌 #{table} 不存在",
    "store.table.closed": "牌桌 #{table} 已關閉",
    "store.table.log_moved_on": (
        "牌桌 #{table} 的紀錄已到第 {last} 個事件，而不是第 {expected} 個："
        "另一個處理程序在寫這張牌桌"
    ),
    "store.event.bad_setting": (
        "比賽有 1 到 {rounds} 輪，每輪 1 到 {hands} 局；排位為瑞士制、隨機或手動；"
        "實體桌或虛擬桌；輪空的玩家記 0 分或本輪最低分"
    ),
    "store.event.bad_name": "比賽名字為 1 到 {limit} 個字",
    "store.event.not_found": "本伺服器沒有比賽 #{event}",
    "store.event.finished": "比賽「{name}」已經結束",
    "store.event.no_rounds_left": "「{name}」的每一輪都已開始，現在不能加入",
    "store.event.already_in": "{name} 已經在這場比賽中",
    "store.event.full": "一場比賽最多 {limit} 名玩家",
    "store.event.not_in": "這名玩家不在這場比賽中",
    "store.event.round_playing": "第 {round} 輪還在進行，請先結束這一輪",
    "store.event.bad_seating": "這個排位沒有讓每位參賽者恰好坐一次、每桌四人",
    "store.event.round_not_playing": "第 {round} 輪不在進行中",
    "store.event.no_round": "第 {round} 輪還沒開始",
    "store.event.swap_virtual": "虛擬桌由機器人自己排位，無需更正",
    "store.event.bad_swap": "請選兩個不同的座位，每個座位上都是參賽者",
}
