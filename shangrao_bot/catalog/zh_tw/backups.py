"""Refusals of the backups (``shangrao-bot backup`` and ``restore``, and the bot's scheduled
backups): said to the operator on the command line, or in the log.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # taking a backup
    "backup.no_database": "{path} 沒有資料庫：沒有可備份的內容",
    "backup.source_unreadable": "{path} 無法作為 SQLite 資料庫讀取（{error}）",
    "backup.out_is_folder": "{path} 是資料夾：請用 --out 給出備份的檔案名稱",
    "backup.newer_schema": (
        "資料庫的結構版本是 {version}，比這個機器人支援的版本（{latest}）新：請用執行在它上面的"
        "機器人來備份"
    ),
    "backup.no_space": (
        "{folder} 沒有足夠空間存放備份（{error}）：什麼也沒有寫入；請騰出空間或換一個位置"
    ),
    "backup.write_failed": "備份無法寫入 {path}（{error}）：什麼也沒有保留",
    "backup.check_failed": "{path} 沒有通過檢查（{why}）：什麼也沒有保留",
    "backup.why.integrity": "SQLite 完整性檢查：{detail}",
    "backup.why.version": "副本的結構版本是 {copy}，資料庫的是 {source}",
    "backup.why.rows": "表 {table}：副本有 {copy} 列，資料庫有 {source} 列",
    # restoring one
    "backup.missing": "{path} 沒有備份檔案",
    "backup.not_checked": (
        "{path} 不是經過檢查的備份（旁邊沒有有效的清單 {manifest}）：restore 只讀取 "
        "shangrao-bot backup 寫出的備份"
    ),
    "backup.altered": (
        "{path} 不是清單所描述的檔案（{size} 位元組，清單寫的是 {expected}，或 sha256 不符）："
        "它被截斷或改動過；什麼也沒有還原"
    ),
    "backup.newer_backup": (
        "{path} 的結構版本是 {version}，比這個機器人支援的版本（{latest}）新：請先升級機器人"
    ),
    "backup.wrong_kind": "{path} 是 {kind} 資料庫的備份，而要還原到的資料庫是 {target}",
    "backup.bot_running": "有機器人正在使用 {path}（它持有 {path}.lock）：請先停掉它再還原",
    "backup.target_has_data": (
        "{target} 裡已有資料（{rows} 列）：加上 --replace 才會用備份的資料取代它"
    ),
    "backup.target_unreadable": (
        "{target} 無法作為資料庫讀取（{error}）：加上 --replace 才會取代它"
    ),
    # PostgreSQL
    "backup.pg_tools_missing": (
        "找不到版本 {major} 或更新的 PostgreSQL pg_dump 和 pg_restore：請安裝 "
        "postgresql-client-{major} 套件（Debian），或把它們所在的資料夾加入 PATH"
    ),
    "backup.pg_tool_failed": "{tool} 失敗（結束狀態 {status}）：{error}",
    "backup.pg_no_database": "PostgreSQL 位址 {url} 沒有指定資料庫",
    "backup.pg_failed": "{url} 的 PostgreSQL 拒絕了：{error}",
    "backup.pg_in_use": (
        "除了這個連線，還有 {count} 個連線在使用資料庫 {url}：請先停掉機器人的程序再還原"
    ),
}
