"""Refusals of the ledger: unknown ids, closed sessions, impossible changes; and why the
database ``DATABASE_URL`` names cannot be used (said to the operator at start-up).

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # the database itself (start-up, the command line)
    "store.db.url_unsupported": (
        "不支持 DATABASE_URL “{url}”：请用 sqlite:///relative/path.db（相对路径）、"
        "sqlite:////absolute/path.db（绝对路径）或 postgresql://USER@HOST:PORT/DATABASE"
    ),
    "store.db.url_memory": (
        "DATABASE_URL 指向内存数据库：账本必须在重启后保留，请给出文件路径"
        "（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.url_no_file": "DATABASE_URL “{url}”没有指定文件：请在 sqlite:/// 后面加上路径",
    "store.db.not_sqlite": (
        "DATABASE_URL：{path} 不是 SQLite 数据库（或已损坏）：请让 DATABASE_URL 指向机器人的"
        "数据库文件，或指向一个新文件以建立空账本"
    ),
    "store.db.not_writable": (
        "DATABASE_URL：数据库 {path} 无法写入（{why}）：请让机器人可以写入该文件及其所在文件夹，"
        "或让 DATABASE_URL 指向可写的位置（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.why.folder_read_only": "所在文件夹 {folder} 是只读的",
    "store.db.why.file_read_only": "文件是只读的",
    "store.db.not_a_file": (
        "DATABASE_URL：{path} 不是普通文件：请给出数据库文件的路径（例如 sqlite:///data/shangrao.db）"
    ),
    "store.db.folder_uncreatable": (
        "DATABASE_URL：无法创建文件夹 {folder}（{error}）：请先创建它，或给出可写文件夹中的路径"
    ),
    "store.db.probe_missing": "DATABASE_URL：写入测试没有执行",
    "store.db.pg_unusable": (
        "DATABASE_URL：无法使用 PostgreSQL 数据库 {url}（{error}）：请检查服务器是否在运行、"
        "数据库是否存在，以及该用户能否连接并在其中建表"
    ),
    "store.db.pg_read_only": (
        "DATABASE_URL：PostgreSQL 数据库 {url} 无法写入（{error}）：请给该用户写入权限"
    ),
    "store.db.sqlite_in_use": (
        "DATABASE_URL：另一个机器人进程已在使用 {path}：SQLite 数据库只能供一个进程使用；"
        "请停掉另一个进程，或改用 PostgreSQL，以多个分片进程运行机器人"
    ),
    "store.db.sqlite_shards": (
        "SHARD_IDS：这个进程运行 {count} 个分片中的 {ids:list} 号，其余分片由别的进程在同一个"
        "数据库上运行；SQLite 文件只能供一个进程使用：请把 DATABASE_URL 设为 PostgreSQL 数据库"
        "（postgresql://USER@HOST:PORT/DATABASE）"
    ),
    "store.db.newer_schema": (
        "数据库的结构版本是 {version}，比这个机器人支持的版本（{latest}）新：请升级机器人"
    ),
    "store.db.closed": "数据库已关闭",
    "store.db.in_memory": "账本需要数据库文件，不能用内存数据库",
    "store.db.no_readers": "数据库至少需要一个读取连接",
    "store.db.no_row_id": "插入语句没有返回行 id：{sql}",
    "store.duplicate": "这条记录已经存在（同一个唯一键出现了第二行：{detail}）",
    # settings
    "store.settings.unknown": "“{key}”不是一项设置",
    "store.settings.bad_preset": "“{preset}”不是计分方案：请用 shangrao（上饶）或 baike（百科）",
    "store.settings.bad_stake": "底分 {stake} 不可用：请用 1 或以上的整数",
    "store.settings.bad_language": "“{language}”不是可选的语言：请用 {languages:list}",
    "store.settings.bad_confirm_minutes": (
        "确认时限 {minutes} 分钟不可用：请用 {low} 到 {high} 分钟"
    ),
    "store.settings.bad_confirmations": "确认人数 {count} 不可用：请用 1 到 3",
    "store.settings.bad_review_public": "review_public 只能是 true 或 false，不能是 {value}",
    # players
    "store.player.not_found": "本服务器没有玩家 #{player}",
    "store.player.name_empty": "访客需要一个名字：写上名字，例如 老王",
    "store.player.name_long": "名字“{start}…”太长：最多 {limit} 个字",
    "store.player.name_taken": "名字“{name}”已经属于另一位玩家",
    "store.player.not_unmerged_guest": "{name} 不是尚未关联的访客",
    "store.player.merge_into_guest": "{name} 是访客：只能把访客关联到 Discord 成员",
    "store.player.shared_session": (
        "{guest} 和 {user} 在场次 #{session} 同桌打过牌：他们是不同的人，不能关联"
    ),
    "store.player.rename_member": "{name} 是 Discord 成员：名字跟随 Discord",
    "store.player.rename_merged": "{name} 已关联到一位成员：请改那位成员的名字",
    # sessions
    "store.session.not_found": "本服务器没有场次 #{session}",
    "store.session.bad_kind": "场次类型“{kind}”不是 virtual（线上）或 physical（线下）",
    "store.session.four_players": "一场需要四位不同的玩家，每个座位一位",
    "store.session.bad_stake": "底分 {stake} 不可用：请用 1 或以上的整数",
    "store.session.channel_busy": "本频道已有进行中的记分场次：请先结束它",
    "store.session.closed": "场次 #{session} 已结束：请开一场新的",
    "store.session.already_closed": "场次 #{session} 已经结束",
    "store.session.pending_hands": "场次 #{session} 还有 {count} 手牌等待确认：请先确认或作废",
    "store.session.nothing_to_undo": "场次 #{session} 没有可以撤回的牌局",
    # hands
    "store.hand.not_found": "本服务器没有第 #{hand} 手",
    "store.hand.bad_outcome": "结果“{outcome}”不是 win（胡）或 draw（流局）",
    "store.hand.four_seats": "一手牌有四个座位：请给出四个得失分和四个飞宝数",
    "store.hand.not_zero_sum": "付款合计必须为零；这些得失分合计为 {total}",
    "store.hand.payment_seats": "付款 {payer}→{payee}：座位是 0-3，且不能相同",
    "store.hand.payment_amount": "付款 {payer}→{payee} 的金额 {amount}：金额必须为正数",
    "store.hand.payment_reason": "付款原因“{reason}”不是 {reasons:list} 之一",
    "store.hand.payments_deltas": "付款得出 {net}，与得失分 {deltas} 不符",
    "store.hand.winner_seats": "赢家座位是 0-3",
    "store.hand.win_needs_winner": "胡牌需要有赢家",
    "store.hand.draw_has_winner": "流局没有赢家",
    "store.hand.voided": "第 #{hand} 手已作废（{reason}）：请重新记录",
    "store.hand.void_needs_reason": "请说明为什么作废这手（必须写原因）",
    "store.hand.undo_needs_reason": "请说明为什么撤回这手（必须写原因）",
    "store.hand.confirmed_meanwhile": "第 #{hand} 手刚刚已被确认：它已计入",
    "store.hand.already_voided": "第 #{hand} 手已经作废（{reason}）",
    "store.hand.session_closed": "第 #{hand} 手属于已结束的场次：不能再更改",
    "store.hand.recorded_meanwhile": (
        "刚刚又记录了第 #{hand} 手：现在它是最后一手，请再看一遍再撤回"
    ),
    # settlement transfers
    "store.transfer.not_found": "本服务器没有转账 #{transfer}",
    "store.transfer.already_paid": "转账 #{transfer} 已经标记为已付",
    # seasons
    "store.season.not_found": "本服务器没有赛季 #{season}",
    "store.season.bad_name": "赛季名字为 1 到 {limit} 个字",
    "store.season.open": "赛季“{name}”还在进行中",
    "store.season.name_taken": "已经有叫“{name}”的赛季了",
    "store.season.started_meanwhile": "刚刚有另一个赛季开始了（或已有叫“{name}”的赛季）",
    "store.season.none_open": "现在没有进行中的赛季",
    # the virtual tables' event store
    "store.table.not_found": "牌桌 #{table} 不存在",
    "store.table.closed": "牌桌 #{table} 已关闭",
    "store.table.log_moved_on": (
        "牌桌 #{table} 的记录已到第 {last} 个事件，而不是第 {expected} 个：另一个进程在写这张牌桌"
    ),
    "store.event.bad_setting": (
        "比赛有 1 到 {rounds} 轮，每轮 1 到 {hands} 局；排位为瑞士制、随机或手动；"
        "实体桌或虚拟桌；轮空的玩家记 0 分或本轮最低分"
    ),
    "store.event.bad_name": "比赛名字为 1 到 {limit} 个字",
    "store.event.not_found": "本服务器没有比赛 #{event}",
    "store.event.finished": "比赛“{name}”已经结束",
    "store.event.no_rounds_left": "“{name}”的每一轮都已开始，现在不能加入",
    "store.event.already_in": "{name} 已经在这场比赛中",
    "store.event.full": "一场比赛最多 {limit} 名玩家",
    "store.event.not_in": "这名玩家不在这场比赛中",
    "store.event.round_playing": "第 {round} 轮还在进行，请先结束这一轮",
    "store.event.bad_seating": "这个排位没有让每位参赛者恰好坐一次、每桌四人",
    "store.event.round_not_playing": "第 {round} 轮不在进行中",
    "store.event.no_round": "第 {round} 轮还没开始",
    "store.event.swap_virtual": "虚拟桌由机器人自己排位，无需更正",
    "store.event.bad_swap": "请选两个不同的座位，每个座位上都是参赛者",
}
