"""Refusals of the backups (``shangrao-bot backup`` and ``restore``, and the bot's scheduled
backups): said to the operator on the command line, or in the log.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # taking a backup
    "backup.no_database": "{path} 没有数据库：没有可备份的内容",
    "backup.source_unreadable": "{path} 无法作为 SQLite 数据库读取（{error}）",
    "backup.out_is_folder": "{path} 是文件夹：请用 --out 给出备份的文件名",
    "backup.newer_schema": (
        "数据库的结构版本是 {version}，比这个机器人支持的版本（{latest}）新：请用运行在它上面的"
        "机器人来备份"
    ),
    "backup.no_space": (
        "{folder} 没有足够空间存放备份（{error}）：什么也没有写入；请腾出空间或换一个位置"
    ),
    "backup.write_failed": "备份无法写入 {path}（{error}）：什么也没有保留",
    "backup.check_failed": "{path} 没有通过检查（{why}）：什么也没有保留",
    "backup.why.integrity": "SQLite 完整性检查：{detail}",
    "backup.why.version": "副本的结构版本是 {copy}，数据库的是 {source}",
    "backup.why.rows": "表 {table}：副本有 {copy} 行，数据库有 {source} 行",
    # restoring one
    "backup.missing": "{path} 没有备份文件",
    "backup.not_checked": (
        "{path} 不是经过检查的备份（旁边没有有效的清单 {manifest}）：restore 只读取 "
        "shangrao-bot backup 写出的备份"
    ),
    "backup.altered": (
        "{path} 不是清单所描述的文件（{size} 字节，清单写的是 {expected}，或 sha256 不符）："
        "它被截断或改动过；什么也没有恢复"
    ),
    "backup.newer_backup": (
        "{path} 的结构版本是 {version}，比这个机器人支持的版本（{latest}）新：请先升级机器人"
    ),
    "backup.wrong_kind": "{path} 是 {kind} 数据库的备份，而要恢复到的数据库是 {target}",
    "backup.bot_running": "有机器人正在使用 {path}（它持有 {path}.lock）：请先停掉它再恢复",
    "backup.target_has_data": (
        "{target} 里已有数据（{rows} 行）：加上 --replace 才会用备份的数据替换它"
    ),
    "backup.target_unreadable": (
        "{target} 无法作为数据库读取（{error}）：加上 --replace 才会替换它"
    ),
    # PostgreSQL
    "backup.pg_tools_missing": (
        "找不到版本 {major} 或更新的 PostgreSQL pg_dump 和 pg_restore：请安装 "
        "postgresql-client-{major} 软件包（Debian），或把它们所在的文件夹加入 PATH"
    ),
    "backup.pg_tool_failed": "{tool} 失败（退出状态 {status}）：{error}",
    "backup.pg_no_database": "PostgreSQL 地址 {url} 没有指定数据库",
    "backup.pg_failed": "{url} 的 PostgreSQL 拒绝了：{error}",
    "backup.pg_in_use": (
        "除了这个连接，还有 {count} 个连接在使用数据库 {url}：请先停掉机器人的进程再恢复"
    ),
}
