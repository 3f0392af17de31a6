"""Slash commands in Discord's command picker: their names, descriptions and options.

Keyed by the English text the cogs write (``locale_str``), as discord.py asks for it when
commands are synced; command names follow Discord's rule (lower case, no spaces). In
繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "help": "幫助",
    "What the bot does, its commands and the rules in short": "機器人的功能、指令和規則簡介",
    "rules": "規則",
    "The server's scoring preset, house rules and stake": "本伺服器的計分方案、房規和底分",
    "show": "查看",
    "Show the preset, the house rules and the stake": "查看計分方案、房規和底分",
    "set": "設定",
    "Change the preset, a house rule or the stake (administrators)": (
        "修改計分方案、房規或底分（管理員）"
    ),
    "preset": "方案",
    "Scoring preset: shangrao (multipliers) or baike (flat points)": (
        "計分方案：上饒（倍數）或百科（固定分）"
    ),
    "stake": "底分",
    "Multiplies every amount (1-1000)": "所有分數乘以它（1-1000）",
    "indicator_kong": "跌寶槓",
    "The three live tiles of the indicator's kind count as a kong": (
        "與跌寶牌同種的其餘三張算一個槓"
    ),
    "di_hu": "地胡",
    "A non-dealer may win on the dealer's first discard": "閒家可胡莊家打出的第一張牌",
    "qiang_gang": "搶槓",
    "A 补杠 may be robbed (shangrao preset)": "可以搶補槓（上饒方案）",
    "baike_loose_baodiao": "寶調寬鬆",
    "baike: other 宝 may act inside the sets of a 宝调 win": (
        "百科方案：寶調胡牌時其他寶可在面子中百搭"
    ),
    "rob_with_bao": "有寶搶槓",
    "An 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset)": (
        "有寶平胡也可以搶補槓，算 1 × 6 分（上饒方案）"
    ),
    "scorer_role": "記分員角色",
    "Members with this role may confirm and void any recorded hand": (
        "有此角色的成員可確認或作廢任何已記錄的牌局"
    ),
    "confirm_minutes": "確認分鐘數",
    "Minutes a recorded hand waits for confirmation (1-1440)": (
        "記錄的牌局等待確認的分鐘數（1-1440）"
    ),
    "confirmations": "確認人數",
    "Other seated members who must confirm a hand (1-3)": "每手需要幾位其他在座成員確認（1-3）",
    "language": "語言",
    "Language of the bot's public messages and images (auto: the server's)": (
        "機器人公開訊息和圖片的語言（自動：跟隨伺服器）"
    ),
    "auto (the server's language)": "自動（跟隨伺服器語言）",
    "English": "英文 English",
    "简体中文": "簡體中文",
    "繁體中文": "繁體中文",
    "no_scorer_role": "取消記分員",
    "Remove the scorer role (nobody is a scorer)": "取消記分員角色（不再有記分員）",
    "explain": "講解",
    "Read the rule book in your language (only you see it)": "依你的語言閱讀規則書（只有你看得到）",
    "topic": "主題",
    "What to read (empty: the contents)": "要讀的主題（留空：目錄）",
    "Tiles, table and wall": "牌、牌桌與牌牆",
    "跌宝 and the 宝": "跌寶與寶",
    "Sets, calls and kongs": "面子、吃碰槓",
    "Winning": "胡牌",
    "Patterns and values": "牌型與分數",
    "Payments and bonuses": "付分與獎勵分",
    "Presets and house rules": "計分方案與房規",
    "Worked examples": "算例",
    "shangrao (multipliers)": "上饒（倍數）",
    "baike (flat points)": "百科（固定分）",
    "score": "計分",
    "Score a hand": "計算一手牌的分數",
    "tiles": "牌面",
    "hand": "手牌",
    "Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)": (
        "所有暗牌，含胡的那張（如 123m4p5m6p777s111z5m9s）"
    ),
    "win": "胡牌",
    "The winning tile (e.g. 9s); not needed for 天胡": "胡的那張牌（如 9s）；天胡不需要",
    "bao": "寶",
    "The 宝 kind (e.g. 5m)": "寶牌（如 5m）",
    "melds": "副露",
    "Melds: [123m] exposed, (1111z) concealed, 跌宝杠 (111m) from hand, {111m} claimed": (
        "副露：[123m] 明的，(1111z) 暗槓，跌寶槓 (111m) 自摸、{111m} 碰出"
    ),
    "how": "胡法",
    "How the hand was won": "怎麼胡的",
    "kong_chain": "連槓",
    "Kongs in the chain that ended with the winning replacement (杠开)": (
        "以胡牌補牌結束的連續槓數（槓開）"
    ),
    "robbed": "被搶座",
    "flown": "飛寶",
    "self-draw (自摸)": "自摸",
    "kong replacement (杠开)": "槓開",
    "robbed kong (抢杠)": "搶槓",
    "天胡": "天胡",
    "地胡": "地胡",
    "Score a hand from its tiles (recorded in this channel's session)": (
        "按牌面計分（記入本頻道的場次）"
    ),
    "winner": "贏家",
    "The winner (default: you)": "贏家（預設：你）",
    "bonuses": "槓寶分",
    "Kong and 宝 bonuses of the other players, e.g. 2:暗杠, 3:明杠": (
        "其他玩家的槓分和寶分，如 2:暗杠, 3:明杠"
    ),
    "quick": "快速",
    "Record a hand from its pattern and flags, without tiles": "不輸入牌面，按牌型和選項記錄一手",
    "The winner": "贏家",
    "pattern": "牌型",
    "The pattern (start typing: the list follows the session's preset)": (
        "牌型（輸入即可選擇；列表依場次的計分方案而定）"
    ),
    "Whose 补杠 was robbed (抢杠)": "誰的補槓被搶（搶槓）",
    "dandiao": "單吊",
    "单吊: the winning tile paired a lone tile": "單吊：胡的那張牌與單張成對",
    "yaojiu": "九幺",
    "九幺: every tile a terminal or honor (standard or 七对 patterns)": (
        "九幺：每張都是幺九牌或字牌（一般牌型或七對）"
    ),
    "宝 discarded per player, e.g. 2:1, Alice:1": "各家打出的寶，如 2:1, 老王:1",
    "Every kong and 宝 bonus, the winner's included, e.g. 1:暗杠, 3:明杠": (
        "所有槓分和寶分，含贏家的，如 1:暗杠, 3:明杠"
    ),
    "draw": "流局",
    "Record a 流局: only kong and 宝 bonuses": "記錄流局：只算槓分和寶分",
    "Kong and 宝 bonuses, e.g. 1:暗杠, 3:明杠 (empty: none)": (
        "槓分和寶分，如 1:暗杠, 3:明杠（留空：沒有）"
    ),
    "undo": "撤銷",
    "Void the last hand of this channel's session": "作廢本頻道場次的上一手",
    "reason": "原因",
    "Why (kept in the audit trail)": "原因（記入操作紀錄）",
    "void": "作廢",
    "Void a hand of an open session by its id": "按編號作廢進行中場次的一手",
    "The hand's id (see /history)": "這一手的編號（見 /牌局紀錄）",
    "Why": "原因",
    "leaderboard": "排行榜",
    "The server's ranking of confirmed hands": "本伺服器已確認牌局的排行",
    "period": "時段",
    "Which hands count (default: all time)": "統計哪段時間的牌局（預設：全部）",
    "last 7 days": "近 7 天",
    "last 30 days": "近 30 天",
    "current season": "本賽季",
    "all time": "全部",
    "metric": "排名依據",
    "What ranks players (default: total)": "按什麼排名（預設：總分）",
    "total": "總分",
    "average per hand": "每手平均分",
    "win rate": "胡牌率",
    "biggest hand": "最大一手",
    "min_hands": "最少手數",
    "Only players with at least this many hands (default 1; by rating: 10 rated hands)": (
        "只列出至少打了這麼多手的玩家（預設 1；按等級分：計分 10 手）"
    ),
    "rating": "等級分",
    "season": "賽季",
    "A season, past or current (start typing a name; default: all time)": (
        "一個賽季，過去的或進行中的（輸入名字即可選擇；預設：全部）"
    ),
    "guests": "含訪客",
    "Include guests (players without a Discord account)": "包括訪客（沒有 Discord 帳號的玩家）",
    "history": "牌局紀錄",
    "The latest recorded hands": "最近記錄的牌局",
    "player": "玩家",
    "Only hands of this player": "只看這位玩家的牌局",
    "Only hands of this session": "只看這個場次的牌局",
    "stats": "戰績",
    "A player's figures (default: yours)": "玩家的戰績數據（預設：你自己）",
    "The player (start typing a name)": "玩家（輸入名字即可選擇）",
    "export": "匯出",
    "Download the book as a file": "把記分帳本下載為檔案",
    "One session's hands (default: every hand of the server)": (
        "只匯出一個場次的牌局（預設：本伺服器的全部牌局）"
    ),
    "format": "格式",
    "csv (spreadsheets) or json": "csv（試算表）或 json",
    "csv": "csv",
    "json": "json",
    "Link guests to members, rename guests": "把訪客連結到成員、幫訪客改名",
    "link": "連結",
    "link (the pages' address)": "連結",
    "Merge a guest's history into a member (scorers, admins)": (
        "把訪客的紀錄併入成員（記分員、管理員）"
    ),
    "guest": "訪客",
    "The guest's name": "訪客的名字",
    "member": "成員",
    "The member they are": "這位訪客對應的成員",
    "rename": "改名",
    "Rename a guest (scorers, admins)": "幫訪客改名（記分員、管理員）",
    "The guest's current name": "訪客現在的名字",
    "name": "名字",
    "The new name": "新名字",
    "session": "場次",
    "Score sessions at a physical table": "線下牌局的記分場次",
    "list": "列表",
    "This server's score sessions, newest first": "本伺服器的記分場次，最新在前",
    "start": "開始",
    "Start a score session in this channel (four players)": "在本頻道開始一個記分場次（四位玩家）",
    "players": "四家",
    "Four players in seat order: @mentions and/or guest names (commas for names with spaces)": (
        "依座位順序的四位玩家：@提及成員和／或訪客名字（名字有空格時用逗號分隔）"
    ),
    "Scoring preset for this session (default: the server's)": (
        "本場次的計分方案（預設：本伺服器的）"
    ),
    "Multiplies every amount (default: the server's)": "所有分數乘以它（預設：本伺服器的）",
    "Show a session's scoreboard (default: this channel's)": "查看場次的記分板（預設：本頻道的）",
    "The session's number (see /session list)": "場次編號（見 /場次 列表）",
    "End this channel's session: final standings and settlement": (
        "結束本頻道的場次：最終排名和結算"
    ),
    "table": "牌桌",
    "Virtual mahjong tables in a thread": "討論串裡的虛擬麻將桌",
    "The virtual tables open in this server": "本伺服器進行中的虛擬牌桌",
    "create": "開桌",
    "Open a virtual table in a new thread": "在新討論串裡開一張虛擬牌桌",
    "hands": "手數",
    "Hands to play (default 4)": "要打的手數（預設 4）",
    "turn_seconds": "每回合秒數",
    "Seconds per turn (default 45)": "每回合的秒數（預設 45）",
    "claim_seconds": "吃碰秒數",
    "Seconds to claim a discard (default 15)": "吃碰槓一張牌的秒數（預設 15）",
    "leave": "離開",
    "Leave your table (an AI plays for you)": "離開牌桌（由 AI 代打）",
    "end": "結束",
    "End a table (its host or an administrator)": "結束牌桌（房主或管理員）",
    "dm": "私訊",
    "Private panels by DM: on, or off (use My hand)": (
        "私訊手牌面板：開啟，或關閉（使用「我的手牌」）"
    ),
    "mode": "模式",
    "on: your hand by DM; off: only My hand": "開：私訊傳送手牌；關：只用「我的手牌」",
    "on": "開",
    "off": "關",
    "watch": "觀看",
    "Watch a table (the public board only)": "觀看牌桌（只看公開牌面）",
    "The table's number (default: yours or this thread's)": "牌桌編號（預設：你的或本討論串的）",
    "analyze": "何切",
    "What to discard (何切): a hand's discards ranked, as a picture and text": (
        "何切：把每種打法排序（圖片和文字）"
    ),
    "14 tiles to choose a discard, or 13 as they stand (e.g. 123m456p78s1199s5m2z)": (
        "14 張牌選一張打出，或 13 張看現狀（如 123m456p78s1199s5m2z）"
    ),
    "Your melds: [123m] exposed, (1111z) concealed": "你的副露：[123m] 明的，(1111z) 暗槓",
    "seen": "已見",
    "Other tiles in sight: discards on the table, other players' melds": (
        "其他看得見的牌：桌上的棄牌、別人的副露"
    ),
    "profile": "檔案",
    "A player's card: rating, record, favourite patterns (default: yours)": (
        "玩家檔案：等級分、戰績、拿手牌型（預設：你自己）"
    ),
    "Seasons of the server's book: start and end them (scorers, admins)": (
        "本伺服器帳本的賽季：開始和結束（記分員、管理員）"
    ),
    "Start a season: hands recorded from now on belong to it (scorers, admins)": (
        "開始一個賽季：從現在起記錄的牌局都屬於它（記分員、管理員）"
    ),
    "The season's name (1-50 characters)": "賽季名字（1-50 個字）",
    "End the current season and post its summary card (scorers, admins)": (
        "結束當前賽季並發出賽季總結（記分員、管理員）"
    ),
    "puzzle": "何切題",
    "何切 puzzles: what would you discard?": "何切題：你打哪張？",
    "new": "出題",
    "Pose a 何切 puzzle from an AI game (answers by buttons)": (
        "從電腦對局裡出一道何切題（點按鈕作答）"
    ),
    "seed": "種子",
    "Replay the puzzle of this seed (empty: a new one)": "再出這個種子的題（不填：出新題）",
    "Correct answers to this server's 何切 puzzles": "本伺服器何切題的答對次數",
    "daily_puzzle": "每日何切",
    "Post a 何切 puzzle every day in the puzzle channel": "每天在指定頻道發一道何切題",
    "puzzle_channel": "何切頻道",
    "The channel of the daily 何切 puzzle": "每日何切題的頻道",
    "puzzle_minutes": "何切分鐘數",
    "Minutes a 何切 puzzle takes answers before it is revealed (1-1440)": (
        "何切題揭曉前可以作答的分鐘數（1-1440）"
    ),
    "replay": "回放",
    "Replay a finished hand of a bot table, step by step or animated": (
        "逐步或以動畫回放機器人牌桌上打完的一手"
    ),
    "The hand's id from /history (default: the last hand you played)": (
        "牌局編號，見 /history（預設：你打的最後一手）"
    ),
    "review": "復盤",
    "Review your decisions in bot-table hands": "復盤你在機器人牌桌上的決定",
    "Your decisions in a finished bot-table hand, judged by the analysis": (
        "用何切分析評判你在一手打完的機器人牌桌牌局中的決定"
    ),
    "Whose decisions (default: yours)": "復盤誰的決定（預設：你自己）",
    "Every player's decisions over a session of bot-table hands": (
        "一整場機器人牌桌牌局中每位玩家的決定"
    ),
    "The session's number (default: the session of your last bot-table hand)": (
        "場次編號（預設：你最後一手機器人牌桌牌局的場次）"
    ),
    "review_public": "公開復盤",
    "Anyone may review any player's decisions with /review (off: only their own)": (
        "任何人都能用 /review 復盤任何玩家（關：只能復盤自己）"
    ),
    "web": "網頁",
    "The league's web pages: switch them on or off, or get their link": (
        "牌社網頁：開啟、關閉或取得連結"
    ),
    "Switch the league's web pages on and get their secret address (admins)": (
        "開啟牌社網頁並取得它的秘密網址（管理員）"
    ),
    "rotate": "換網址",
    "Give the web pages a new secret address: old links stop working (admins)": (
        "給網頁換一個新的秘密網址：舊連結全部失效（管理員）"
    ),
    "Switch the league's web pages off: every link stops working (admins)": (
        "關閉牌社網頁：所有連結全部失效（管理員）"
    ),
    "The league's web pages: their link, only for you": "牌社網頁的連結，只有你看得到",
    "event": "比賽",
    "Club nights and tournaments: several tables, several rounds": (
        "俱樂部比賽夜和錦標賽：多桌、多輪"
    ),
    "Open a club night or tournament in this channel": "在這個頻道開一場比賽夜或錦標賽",
    "The event's name": "比賽名字",
    "rounds": "輪數",
    "How many rounds (default 4)": "打幾輪（預設 4）",
    "seating": "排位",
    "How each round is seated (default swiss)": "每輪怎麼排位（預設瑞士制）",
    "tables": "牌桌",
    "Physical tables (scored here) or virtual tables (played here)": (
        "實體桌（在這裡記分）或虛擬桌（在這裡打）"
    ),
    "Hands each table plays a round (default 4)": "每桌每輪打幾局（預設 4）",
    "resting": "輪空",
    "What a resting player scores for the round (default 0)": "輪空的玩家本輪記多少分（預設 0）",
    "swiss": "瑞士制",
    "random": "隨機",
    "manual": "手動",
    "physical": "實體桌",
    "virtual": "虛擬桌",
    "0": "0 分",
    "the round's lowest": "本輪最低分",
    "add": "加人",
    "Add players to an event (its organiser)": "給比賽加人（組織者）",
    "people": "玩家們",
    "@mentions and/or guests' names (commas between names)": "@提及和/或客人名字（名字之間用逗號）",
    "The event's number (default: this channel's)": "比賽編號（預設：本頻道的）",
    "remove": "移除",
    "Take a player out of an event from its next round (its organiser)": (
        "從下一輪起把一名玩家移出比賽（組織者）"
    ),
    "A @mention or a guest's name": "@提及或客人名字",
    "An event: its settings and players": "一場比賽：設定和玩家",
    "standings": "排名",
    "An event's standings": "比賽排名",
    "seat": "手動排位",
    "Seat the next round by hand: one table of four per line (its organiser)": (
        "手動排下一輪：每行一桌四人（組織者）"
    ),
    "Tables separated by ';' or new lines; '-' for a fill-in seat": "各桌用 ; 或換行分開；補位寫 -",
    "swap": "換座",
    "Correct the round being played: two players change seats (its organiser)": (
        "更正正在進行的一輪：兩名玩家互換座位（組織者）"
    ),
    "first": "第一位",
    "second": "第二位",
    "finish": "結束",
    "Finish an event and post its podium (its organiser)": "結束比賽並公布領獎台（組織者）",
    "priority": ("優先"),
    "What seating puts first: new opponents (default) or even winds": (
        "排位優先什麼：換新對手（預設）或風位均衡"
    ),
    "new opponents": ("換新對手"),
    "each wind once every four rounds": ("每四輪每個風位各坐一次"),
}
