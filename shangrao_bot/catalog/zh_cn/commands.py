"""Slash commands in Discord's command picker: their names, descriptions and options.

Keyed by the English text the cogs write (``locale_str``), as discord.py asks for it when
commands are synced; command names follow Discord's rule (lower case, no spaces). In
简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "help": "帮助",
    "What the bot does, its commands and the rules in short": "机器人的功能、命令和规则简介",
    "rules": "规则",
    "The server's scoring preset, house rules and stake": "本服务器的计分方案、房规和底分",
    "show": "查看",
    "Show the preset, the house rules and the stake": "查看计分方案、房规和底分",
    "set": "设置",
    "Change the preset, a house rule or the stake (administrators)": (
        "修改计分方案、房规或底分（管理员）"
    ),
    "preset": "方案",
    "Scoring preset: shangrao (multipliers) or baike (flat points)": (
        "计分方案：上饶（倍数）或百科（固定分）"
    ),
    "stake": "底分",
    "Multiplies every amount (1-1000)": "所有分数乘以它（1-1000）",
    "indicator_kong": "跌宝杠",
    "The three live tiles of the indicator's kind count as a kong": (
        "与跌宝牌同种的其余三张算一个杠"
    ),
    "di_hu": "地胡",
    "A non-dealer may win on the dealer's first discard": "闲家可胡庄家打出的第一张牌",
    "qiang_gang": "抢杠",
    "A 补杠 may be robbed (shangrao preset)": "可以抢补杠（上饶方案）",
    "baike_loose_baodiao": "宝调宽松",
    "baike: other 宝 may act inside the sets of a 宝调 win": (
        "百科方案：宝调胡牌时其他宝可在面子中百搭"
    ),
    "rob_with_bao": "有宝抢杠",
    "An 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset)": (
        "有宝平胡也可以抢补杠，算 1 × 6 分（上饶方案）"
    ),
    "scorer_role": "记分员角色",
    "Members with this role may confirm and void any recorded hand": (
        "有此角色的成员可确认或作废任何已记录的牌局"
    ),
    "confirm_minutes": "确认分钟数",
    "Minutes a recorded hand waits for confirmation (1-1440)": (
        "记录的牌局等待确认的分钟数（1-1440）"
    ),
    "confirmations": "确认人数",
    "Other seated members who must confirm a hand (1-3)": "每手需要几位其他在座成员确认（1-3）",
    "language": "语言",
    "Language of the bot's public messages and images (auto: the server's)": (
        "机器人公开消息和图片的语言（自动：跟随服务器）"
    ),
    "auto (the server's language)": "自动（跟随服务器语言）",
    "English": "英文 English",
    "简体中文": "简体中文",
    "繁體中文": "繁体中文",
    "no_scorer_role": "取消记分员",
    "Remove the scorer role (nobody is a scorer)": "取消记分员角色（不再有记分员）",
    "explain": "讲解",
    "Read the rule book in your language (only you see it)": "按你的语言阅读规则书（只有你看得到）",
    "topic": "主题",
    "What to read (empty: the contents)": "要读的主题（留空：目录）",
    "Tiles, table and wall": "牌、牌桌与牌墙",
    "跌宝 and the 宝": "跌宝与宝",
    "Sets, calls and kongs": "面子、吃碰杠",
    "Winning": "胡牌",
    "Patterns and values": "牌型与分数",
    "Payments and bonuses": "付分与奖励分",
    "Presets and house rules": "计分方案与房规",
    "Worked examples": "算例",
    "shangrao (multipliers)": "上饶（倍数）",
    "baike (flat points)": "百科（固定分）",
    "score": "计分",
    "Score a hand": "计算一手牌的分数",
    "tiles": "牌面",
    "hand": "手牌",
    "Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)": (
        "所有暗牌，含胡的那张（如 123m4p5m6p777s111z5m9s）"
    ),
    "win": "胡牌",
    "The winning tile (e.g. 9s); not needed for 天胡": "胡的那张牌（如 9s）；天胡不需要",
    "bao": "宝",
    "The 宝 kind (e.g. 5m)": "宝牌（如 5m）",
    "melds": "副露",
    "Melds: [123m] exposed, (1111z) concealed, 跌宝杠 (111m) from hand, {111m} claimed": (
        "副露：[123m] 明的，(1111z) 暗杠，跌宝杠 (111m) 自摸、{111m} 碰出"
    ),
    "how": "胡法",
    "How the hand was won": "怎么胡的",
    "kong_chain": "连杠",
    "Kongs in the chain that ended with the winning replacement (杠开)": (
        "以胡牌补牌结束的连续杠数（杠开）"
    ),
    "robbed": "被抢座",
    "flown": "飞宝",
    "self-draw (自摸)": "自摸",
    "kong replacement (杠开)": "杠开",
    "robbed kong (抢杠)": "抢杠",
    "天胡": "天胡",
    "地胡": "地胡",
    "Score a hand from its tiles (recorded in this channel's session)": (
        "按牌面计分（记入本频道的场次）"
    ),
    "winner": "赢家",
    "The winner (default: you)": "赢家（默认：你）",
    "bonuses": "杠宝分",
    "Kong and 宝 bonuses of the other players, e.g. 2:暗杠, 3:明杠": (
        "其他玩家的杠分和宝分，如 2:暗杠, 3:明杠"
    ),
    "quick": "快速",
    "Record a hand from its pattern and flags, without tiles": "不输入牌面，按牌型和选项记录一手",
    "The winner": "赢家",
    "pattern": "牌型",
    "The pattern (start typing: the list follows the session's preset)": (
        "牌型（输入即可选择；列表随场次的计分方案而定）"
    ),
    "Whose 补杠 was robbed (抢杠)": "谁的补杠被抢（抢杠）",
    "dandiao": "单吊",
    "单吊: the winning tile paired a lone tile": "单吊：胡的那张牌与单张成对",
    "yaojiu": "九幺",
    "九幺: every tile a terminal or honor (standard or 七对 patterns)": (
        "九幺：每张都是幺九牌或字牌（普通牌型或七对）"
    ),
    "宝 discarded per player, e.g. 2:1, Alice:1": "各家打出的宝，如 2:1, 老王:1",
    "Every kong and 宝 bonus, the winner's included, e.g. 1:暗杠, 3:明杠": (
        "所有杠分和宝分，含赢家的，如 1:暗杠, 3:明杠"
    ),
    "draw": "流局",
    "Record a 流局: only kong and 宝 bonuses": "记录流局：只算杠分和宝分",
    "Kong and 宝 bonuses, e.g. 1:暗杠, 3:明杠 (empty: none)": (
        "杠分和宝分，如 1:暗杠, 3:明杠（留空：没有）"
    ),
    "undo": "撤销",
    "Void the last hand of this channel's session": "作废本频道场次的上一手",
    "reason": "原因",
    "Why (kept in the audit trail)": "原因（记入操作记录）",
    "void": "作废",
    "Void a hand of an open session by its id": "按编号作废进行中场次的一手",
    "The hand's id (see /history)": "这一手的编号（见 /牌局记录）",
    "Why": "原因",
    "leaderboard": "排行榜",
    "The server's ranking of confirmed hands": "本服务器已确认牌局的排行",
    "period": "时段",
    "Which hands count (default: all time)": "统计哪段时间的牌局（默认：全部）",
    "last 7 days": "近 7 天",
    "last 30 days": "近 30 天",
    "current season": "本赛季",
    "all time": "全部",
    "metric": "排名依据",
    "What ranks players (default: total)": "按什么排名（默认：总分）",
    "total": "总分",
    "average per hand": "每手平均分",
    "win rate": "胡牌率",
    "biggest hand": "最大一手",
    "min_hands": "最少手数",
    "Only players with at least this many hands (default 1; by rating: 10 rated hands)": (
        "只列出至少打了这么多手的玩家（默认 1；按等级分：计分 10 手）"
    ),
    "rating": "等级分",
    "season": "赛季",
    "A season, past or current (start typing a name; default: all time)": (
        "一个赛季，过去的或进行中的（输入名字即可选择；默认：全部）"
    ),
    "guests": "含访客",
    "Include guests (players without a Discord account)": "包括访客（没有 Discord 账号的玩家）",
    "history": "牌局记录",
    "The latest recorded hands": "最近记录的牌局",
    "player": "玩家",
    "Only hands of this player": "只看这位玩家的牌局",
    "Only hands of this session": "只看这个场次的牌局",
    "stats": "战绩",
    "A player's figures (default: yours)": "玩家的战绩数据（默认：你自己）",
    "The player (start typing a name)": "玩家（输入名字即可选择）",
    "export": "导出",
    "Download the book as a file": "把记分账本下载为文件",
    "One session's hands (default: every hand of the server)": (
        "只导出一个场次的牌局（默认：本服务器的全部牌局）"
    ),
    "format": "格式",
    "csv (spreadsheets) or json": "csv（电子表格）或 json",
    "csv": "csv",
    "json": "json",
    "Link guests to members, rename guests": "把访客关联到成员、给访客改名",
    "link": "关联",
    "link (the pages' address)": "链接",
    "Merge a guest's history into a member (scorers, admins)": (
        "把访客的记录并入成员（记分员、管理员）"
    ),
    "guest": "访客",
    "The guest's name": "访客的名字",
    "member": "成员",
    "The member they are": "这位访客对应的成员",
    "rename": "改名",
    "Rename a guest (scorers, admins)": "给访客改名（记分员、管理员）",
    "The guest's current name": "访客现在的名字",
    "name": "名字",
    "The new name": "新名字",
    "session": "场次",
    "Score sessions at a physical table": "线下牌局的记分场次",
    "list": "列表",
    "This server's score sessions, newest first": "本服务器的记分场次，最新在前",
    "start": "开始",
    "Start a score session in this channel (four players)": "在本频道开始一个记分场次（四位玩家）",
    "players": "四家",
    "Four players in seat order: @mentions and/or guest names (commas for names with spaces)": (
        "按座位顺序的四位玩家：@提及成员和/或访客名字（名字带空格时用逗号分隔）"
    ),
    "Scoring preset for this session (default: the server's)": (
        "本场次的计分方案（默认：本服务器的）"
    ),
    "Multiplies every amount (default: the server's)": "所有分数乘以它（默认：本服务器的）",
    "Show a session's scoreboard (default: this channel's)": "查看场次的记分板（默认：本频道的）",
    "The session's number (see /session list)": "场次编号（见 /场次 列表）",
    "End this channel's session: final standings and settlement": (
        "结束本频道的场次：最终排名和结算"
    ),
    "table": "牌桌",
    "Virtual mahjong tables in a thread": "子区里的虚拟麻将桌",
    "The virtual tables open in this server": "本服务器进行中的虚拟牌桌",
    "create": "开桌",
    "Open a virtual table in a new thread": "在新子区里开一张虚拟牌桌",
    "hands": "手数",
    "Hands to play (default 4)": "要打的手数（默认 4）",
    "turn_seconds": "每回合秒数",
    "Seconds per turn (default 45)": "每回合的秒数（默认 45）",
    "claim_seconds": "吃碰秒数",
    "Seconds to claim a discard (default 15)": "吃碰杠一张牌的秒数（默认 15）",
    "leave": "离开",
    "Leave your table (an AI plays for you)": "离开牌桌（由 AI 代打）",
    "end": "结束",
    "End a table (its host or an administrator)": "结束牌桌（房主或管理员）",
    "dm": "私信",
    "Private panels by DM: on, or off (use My hand)": (
        "私信手牌面板：开启，或关闭（使用“我的手牌”）"
    ),
    "mode": "模式",
    "on: your hand by DM; off: only My hand": "开：私信发送手牌；关：只用“我的手牌”",
    "on": "开",
    "off": "关",
    "watch": "观看",
    "Watch a table (the public board only)": "观看牌桌（只看公开牌面）",
    "The table's number (default: yours or this thread's)": "牌桌编号（默认：你的或本子区的）",
    "analyze": "何切",
    "What to discard (何切): a hand's discards ranked, as a picture and text": (
        "何切：把每种打法排序（图片和文字）"
    ),
    "14 tiles to choose a discard, or 13 as they stand (e.g. 123m456p78s1199s5m2z)": (
        "14 张牌选一张打出，或 13 张看现状（如 123m456p78s1199s5m2z）"
    ),
    "Your melds: [123m] exposed, (1111z) concealed": "你的副露：[123m] 明的，(1111z) 暗杠",
    "seen": "已见",
    "Other tiles in sight: discards on the table, other players' melds": (
        "其他看得见的牌：桌上的弃牌、别人的副露"
    ),
    "profile": "档案",
    "A player's card: rating, record, favourite patterns (default: yours)": (
        "玩家档案：等级分、战绩、拿手牌型（默认：你自己）"
    ),
    "Seasons of the server's book: start and end them (scorers, admins)": (
        "本服务器账本的赛季：开始和结束（记分员、管理员）"
    ),
    "Start a season: hands recorded from now on belong to it (scorers, admins)": (
        "开始一个赛季：从现在起记录的牌局都属于它（记分员、管理员）"
    ),
    "The season's name (1-50 characters)": "赛季名字（1-50 个字）",
    "End the current season and post its summary card (scorers, admins)": (
        "结束当前赛季并发出赛季总结（记分员、管理员）"
    ),
    "puzzle": "何切题",
    "何切 puzzles: what would you discard?": "何切题：你打哪张？",
    "new": "出题",
    "Pose a 何切 puzzle from an AI game (answers by buttons)": (
        "从电脑对局里出一道何切题（点按钮作答）"
    ),
    "seed": "种子",
    "Replay the puzzle of this seed (empty: a new one)": "再出这个种子的题（不填：出新题）",
    "Correct answers to this server's 何切 puzzles": "本服务器何切题的答对次数",
    "daily_puzzle": "每日何切",
    "Post a 何切 puzzle every day in the puzzle channel": "每天在指定频道发一道何切题",
    "puzzle_channel": "何切频道",
    "The channel of the daily 何切 puzzle": "每日何切题的频道",
    "puzzle_minutes": "何切分钟数",
    "Minutes a 何切 puzzle takes answers before it is revealed (1-1440)": (
        "何切题揭晓前可以作答的分钟数（1-1440）"
    ),
    "replay": "回放",
    "Replay a finished hand of a bot table, step by step or animated": (
        "逐步或以动画回放机器人牌桌上打完的一手"
    ),
    "The hand's id from /history (default: the last hand you played)": (
        "牌局编号，见 /history（默认：你打的最后一手）"
    ),
    "review": "复盘",
    "Review your decisions in bot-table hands": "复盘你在机器人牌桌上的决定",
    "Your decisions in a finished bot-table hand, judged by the analysis": (
        "用何切分析评判你在一手打完的机器人牌桌牌局中的决定"
    ),
    "Whose decisions (default: yours)": "复盘谁的决定（默认：你自己）",
    "Every player's decisions over a session of bot-table hands": (
        "一整场机器人牌桌牌局中每位玩家的决定"
    ),
    "The session's number (default: the session of your last bot-table hand)": (
        "场次编号（默认：你最后一手机器人牌桌牌局的场次）"
    ),
    "review_public": "公开复盘",
    "Anyone may review any player's decisions with /review (off: only their own)": (
        "任何人都能用 /review 复盘任何玩家（关：只能复盘自己）"
    ),
    "web": "网页",
    "The league's web pages: switch them on or off, or get their link": (
        "牌社网页：开启、关闭或获取链接"
    ),
    "Switch the league's web pages on and get their secret address (admins)": (
        "开启牌社网页并获取它的秘密网址（管理员）"
    ),
    "rotate": "换网址",
    "Give the web pages a new secret address: old links stop working (admins)": (
        "给网页换一个新的秘密网址：旧链接全部失效（管理员）"
    ),
    "Switch the league's web pages off: every link stops working (admins)": (
        "关闭牌社网页：所有链接全部失效（管理员）"
    ),
    "The league's web pages: their link, only for you": "牌社网页的链接，只有你能看到",
    "event": "比赛",
    "Club nights and tournaments: several tables, several rounds": (
        "俱乐部比赛夜和锦标赛：多桌、多轮"
    ),
    "Open a club night or tournament in this channel": "在这个频道开一场比赛夜或锦标赛",
    "The event's name": "比赛名字",
    "rounds": "轮数",
    "How many rounds (default 4)": "打几轮（默认 4）",
    "seating": "排位",
    "How each round is seated (default swiss)": "每轮怎么排位（默认瑞士制）",
    "tables": "牌桌",
    "Physical tables (scored here) or virtual tables (played here)": (
        "实体桌（在这里记分）或虚拟桌（在这里打）"
    ),
    "Hands each table plays a round (default 4)": "每桌每轮打几局（默认 4）",
    "resting": "轮空",
    "What a resting player scores for the round (default 0)": "轮空的玩家本轮记多少分（默认 0）",
    "swiss": "瑞士制",
    "random": "随机",
    "manual": "手动",
    "physical": "实体桌",
    "virtual": "虚拟桌",
    "0": "0 分",
    "the round's lowest": "本轮最低分",
    "add": "加人",
    "Add players to an event (its organiser)": "给比赛加人（组织者）",
    "people": "玩家们",
    "@mentions and/or guests' names (commas between names)": "@提及和/或客人名字（名字之间用逗号）",
    "The event's number (default: this channel's)": "比赛编号（默认：本频道的）",
    "remove": "移除",
    "Take a player out of an event from its next round (its organiser)": (
        "从下一轮起把一名玩家移出比赛（组织者）"
    ),
    "A @mention or a guest's name": "@提及或客人名字",
    "An event: its settings and players": "一场比赛：设置和玩家",
    "standings": "排名",
    "An event's standings": "比赛排名",
    "seat": "手动排位",
    "Seat the next round by hand: one table of four per line (its organiser)": (
        "手动排下一轮：每行一桌四人（组织者）"
    ),
    "Tables separated by ';' or new lines; '-' for a fill-in seat": "各桌用 ; 或换行分开；补位写 -",
    "swap": "换座",
    "Correct the round being played: two players change seats (its organiser)": (
        "更正正在进行的一轮：两名玩家互换座位（组织者）"
    ),
    "first": "第一位",
    "second": "第二位",
    "finish": "结束",
    "Finish an event and post its podium (its organiser)": "结束比赛并公布领奖台（组织者）",
    "priority": ("优先"),
    "What seating puts first: new opponents (default) or even winds": (
        "排位优先什么：换新对手（默认）或风位均衡"
    ),
    "new opponents": ("换新对手"),
    "each wind once every four rounds": ("每四轮每个风位各坐一次"),
}
