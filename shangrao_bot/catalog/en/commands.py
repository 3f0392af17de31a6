"""Slash commands in Discord's command picker: their names, descriptions and options.

Keyed by the English text the cogs write (``locale_str``), as discord.py asks for it when
commands are synced; command names follow Discord's rule (lower case, no spaces). In
English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "help": "help",
    "What the bot does, its commands and the rules in short": (
        "What the bot does, its commands and the rules in short"
    ),
    "rules": "rules",
    "The server's scoring preset, house rules and stake": (
        "The server's scoring preset, house rules and stake"
    ),
    "show": "show",
    "Show the preset, the house rules and the stake": (
        "Show the preset, the house rules and the stake"
    ),
    "set": "set",
    "Change the preset, a house rule or the stake (administrators)": (
        "Change the preset, a house rule or the stake (administrators)"
    ),
    "preset": "preset",
    "Scoring preset: shangrao (multipliers) or baike (flat points)": (
        "Scoring preset: shangrao (multipliers) or baike (flat points)"
    ),
    "stake": "stake",
    "Multiplies every amount (1-1000)": "Multiplies every amount (1-1000)",
    "indicator_kong": "indicator_kong",
    "The three live tiles of the indicator's kind count as a kong": (
        "The three live tiles of the indicator's kind count as a kong"
    ),
    "di_hu": "di_hu",
    "A non-dealer may win on the dealer's first discard": (
        "A non-dealer may win on the dealer's first discard"
    ),
    "qiang_gang": "qiang_gang",
    "A 补杠 may be robbed (shangrao preset)": "A 补杠 may be robbed (shangrao preset)",
    "baike_loose_baodiao": "baike_loose_baodiao",
    "baike: other 宝 may act inside the sets of a 宝调 win": (
        "baike: other 宝 may act inside the sets of a 宝调 win"
    ),
    "rob_with_bao": "rob_with_bao",
    "An 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset)": (
        "An 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset)"
    ),
    "scorer_role": "scorer_role",
    "Members with this role may confirm and void any recorded hand": (
        "Members with this role may confirm and void any recorded hand"
    ),
    "confirm_minutes": "confirm_minutes",
    "Minutes a recorded hand waits for confirmation (1-1440)": (
        "Minutes a recorded hand waits for confirmation (1-1440)"
    ),
    "confirmations": "confirmations",
    "Other seated members who must confirm a hand (1-3)": (
        "Other seated members who must confirm a hand (1-3)"
    ),
    "language": "language",
    "Language of the bot's public messages and images (auto: the server's)": (
        "Language of the bot's public messages and images (auto: the server's)"
    ),
    "auto (the server's language)": "auto (the server's language)",
    "English": "English",
    "简体中文": "简体中文",
    "繁體中文": "繁體中文",
    "no_scorer_role": "no_scorer_role",
    "Remove the scorer role (nobody is a scorer)": "Remove the scorer role (nobody is a scorer)",
    "explain": "explain",
    "Read the rule book in your language (only you see it)": (
        "Read the rule book in your language (only you see it)"
    ),
    "topic": "topic",
    "What to read (empty: the contents)": "What to read (empty: the contents)",
    "Tiles, table and wall": "Tiles, table and wall",
    "跌宝 and the 宝": "跌宝 and the 宝",
    "Sets, calls and kongs": "Sets, calls and kongs",
    "Winning": "Winning",
    "Patterns and values": "Patterns and values",
    "Payments and bonuses": "Payments and bonuses",
    "Presets and house rules": "Presets and house rules",
    "Worked examples": "Worked examples",
    "shangrao (multipliers)": "shangrao (multipliers)",
    "baike (flat points)": "baike (flat points)",
    "score": "score",
    "Score a hand": "Score a hand",
    "tiles": "tiles",
    "hand": "hand",
    "Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)": (
        "Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)"
    ),
    "win": "win",
    "The winning tile (e.g. 9s); not needed for 天胡": (
        "The winning tile (e.g. 9s); not needed for 天胡"
    ),
    "bao": "bao",
    "The 宝 kind (e.g. 5m)": "The 宝 kind (e.g. 5m)",
    "melds": "melds",
    "Melds: [123m] exposed, (1111z) concealed, 跌宝杠 (111m) from hand, {111m} claimed": (
        "Melds: [123m] exposed, (1111z) concealed, 跌宝杠 (111m) from hand, {111m} claimed"
    ),
    "how": "how",
    "How the hand was won": "How the hand was won",
    "kong_chain": "kong_chain",
    "Kongs in the chain that ended with the winning replacement (杠开)": (
        "Kongs in the chain that ended with the winning replacement (杠开)"
    ),
    "robbed": "robbed",
    "flown": "flown",
    "self-draw (自摸)": "self-draw (自摸)",
    "kong replacement (杠开)": "kong replacement (杠开)",
    "robbed kong (抢杠)": "robbed kong (抢杠)",
    "天胡": "天胡",
    "地胡": "地胡",
    "Score a hand from its tiles (recorded in this channel's session)": (
        "Score a hand from its tiles (recorded in this channel's session)"
    ),
    "winner": "winner",
    "The winner (default: you)": "The winner (default: you)",
    "bonuses": "bonuses",
    "Kong and 宝 bonuses of the other players, e.g. 2:暗杠, 3:明杠": (
        "Kong and 宝 bonuses of the other players, e.g. 2:暗杠, 3:明杠"
    ),
    "quick": "quick",
    "Record a hand from its pattern and flags, without tiles": (
        "Record a hand from its pattern and flags, without tiles"
    ),
    "The winner": "The winner",
    "pattern": "pattern",
    "The pattern (start typing: the list follows the session's preset)": (
        "The pattern (start typing: the list follows the session's preset)"
    ),
    "Whose 补杠 was robbed (抢杠)": "Whose 补杠 was robbed (抢杠)",
    "dandiao": "dandiao",
    "单吊: the winning tile paired a lone tile": "单吊: the winning tile paired a lone tile",
    "yaojiu": "yaojiu",
    "九幺: every tile a terminal or honor (standard or 七对 patterns)": (
        "九幺: every tile a terminal or honor (standard or 七对 patterns)"
    ),
    "宝 discarded per player, e.g. 2:1, Alice:1": "宝 discarded per player, e.g. 2:1, Alice:1",
    "Every kong and 宝 bonus, the winner's included, e.g. 1:暗杠, 3:明杠": (
        "Every kong and 宝 bonus, the winner's included, e.g. 1:暗杠, 3:明杠"
    ),
    "draw": "draw",
    "Record a 流局: only kong and 宝 bonuses": "Record a 流局: only kong and 宝 bonuses",
    "Kong and 宝 bonuses, e.g. 1:暗杠, 3:明杠 (empty: none)": (
        "Kong and 宝 bonuses, e.g. 1:暗杠, 3:明杠 (empty: none)"
    ),
    "undo": "undo",
    "Void the last hand of this channel's session": "Void the last hand of this channel's session",
    "reason": "reason",
    "Why (kept in the audit trail)": "Why (kept in the audit trail)",
    "void": "void",
    "Void a hand of an open session by its id": "Void a hand of an open session by its id",
    "The hand's id (see /history)": "The hand's id (see /history)",
    "Why": "Why",
    "leaderboard": "leaderboard",
    "The server's ranking of confirmed hands": "The server's ranking of confirmed hands",
    "period": "period",
    "Which hands count (default: all time)": "Which hands count (default: all time)",
    "last 7 days": "last 7 days",
    "last 30 days": "last 30 days",
    "current season": "current season",
    "all time": "all time",
    "metric": "metric",
    "What ranks players (default: total)": "What ranks players (default: total)",
    "total": "total",
    "average per hand": "average per hand",
    "win rate": "win rate",
    "biggest hand": "biggest hand",
    "min_hands": "min_hands",
    "Only players with at least this many hands (default 1; by rating: 10 rated hands)": (
        "Only players with at least this many hands (default 1; by rating: 10 rated hands)"
    ),
    "rating": "rating",
    "season": "season",
    "A season, past or current (start typing a name; default: all time)": (
        "A season, past or current (start typing a name; default: all time)"
    ),
    "guests": "guests",
    "Include guests (players without a Discord account)": (
        "Include guests (players without a Discord account)"
    ),
    "history": "history",
    "The latest recorded hands": "The latest recorded hands",
    "player": "player",
    "Only hands of this player": "Only hands of this player",
    "Only hands of this session": "Only hands of this session",
    "stats": "stats",
    "A player's figures (default: yours)": "A player's figures (default: yours)",
    "The player (start typing a name)": "The player (start typing a name)",
    "export": "export",
    "Download the book as a file": "Download the book as a file",
    "One session's hands (default: every hand of the server)": (
        "One session's hands (default: every hand of the server)"
    ),
    "format": "format",
    "csv (spreadsheets) or json": "csv (spreadsheets) or json",
    "csv": "csv",
    "json": "json",
    "Link guests to members, rename guests": "Link guests to members, rename guests",
    "link": "link",
    "link (the pages' address)": "link",
    "Merge a guest's history into a member (scorers, admins)": (
        "Merge a guest's history into a member (scorers, admins)"
    ),
    "guest": "guest",
    "The guest's name": "The guest's name",
    "member": "member",
    "The member they are": "The member they are",
    "rename": "rename",
    "Rename a guest (scorers, admins)": "Rename a guest (scorers, admins)",
    "The guest's current name": "The guest's current name",
    "name": "name",
    "The new name": "The new name",
    "session": "session",
    "Score sessions at a physical table": "Score sessions at a physical table",
    "list": "list",
    "This server's score sessions, newest first": "This server's score sessions, newest first",
    "start": "start",
    "Start a score session in this channel (four players)": (
        "Start a score session in this channel (four players)"
    ),
    "players": "players",
    "Four players in seat order: @mentions and/or guest names (commas for names with spaces)": (
        "Four players in seat order: @mentions and/or guest names (commas for names with spaces)"
    ),
    "Scoring preset for this session (default: the server's)": (
        "Scoring preset for this session (default: the server's)"
    ),
    "Multiplies every amount (default: the server's)": (
        "Multiplies every amount (default: the server's)"
    ),
    "Show a session's scoreboard (default: this channel's)": (
        "Show a session's scoreboard (default: this channel's)"
    ),
    "The session's number (see /session list)": "The session's number (see /session list)",
    "End this channel's session: final standings and settlement": (
        "End this channel's session: final standings and settlement"
    ),
    "table": "table",
    "Virtual mahjong tables in a thread": "Virtual mahjong tables in a thread",
    "The virtual tables open in this server": "The virtual tables open in this server",
    "create": "create",
    "Open a virtual table in a new thread": "Open a virtual table in a new thread",
    "hands": "hands",
    "Hands to play (default 4)": "Hands to play (default 4)",
    "turn_seconds": "turn_seconds",
    "Seconds per turn (default 45)": "Seconds per turn (default 45)",
    "claim_seconds": "claim_seconds",
    "Seconds to claim a discard (default 15)": "Seconds to claim a discard (default 15)",
    "leave": "leave",
    "Leave your table (an AI plays for you)": "Leave your table (an AI plays for you)",
    "end": "end",
    "End a table (its host or an administrator)": "End a table (its host or an administrator)",
    "dm": "dm",
    "Private panels by DM: on, or off (use My hand)": (
        "Private panels by DM: on, or off (use My hand)"
    ),
    "mode": "mode",
    "on: your hand by DM; off: only My hand": "on: your hand by DM; off: only My hand",
    "on": "on",
    "off": "off",
    "watch": "watch",
    "Watch a table (the public board only)": "Watch a table (the public board only)",
    "The table's number (default: yours or this thread's)": (
        "The table's number (default: yours or this thread's)"
    ),
    "analyze": "analyze",
    "What to discard (何切): a hand's discards ranked, as a picture and text": (
        "What to discard (何切): a hand's discards ranked, as a picture and text"
    ),
    "14 tiles to choose a discard, or 13 as they stand (e.g. 123m456p78s1199s5m2z)": (
        "14 tiles to choose a discard, or 13 as they stand (e.g. 123m456p78s1199s5m2z)"
    ),
    "Your melds: [123m] exposed, (1111z) concealed": (
        "Your melds: [123m] exposed, (1111z) concealed"
    ),
    "seen": "seen",
    "Other tiles in sight: discards on the table, other players' melds": (
        "Other tiles in sight: discards on the table, other players' melds"
    ),
    "profile": "profile",
    "A player's card: rating, record, favourite patterns (default: yours)": (
        "A player's card: rating, record, favourite patterns (default: yours)"
    ),
    "Seasons of the server's book: start and end them (scorers, admins)": (
        "Seasons of the server's book: start and end them (scorers, admins)"
    ),
    "Start a season: hands recorded from now on belong to it (scorers, admins)": (
        "Start a season: hands recorded from now on belong to it (scorers, admins)"
    ),
    "The season's name (1-50 characters)": "The season's name (1-50 characters)",
    "End the current season and post its summary card (scorers, admins)": (
        "End the current season and post its summary card (scorers, admins)"
    ),
    "puzzle": "puzzle",
    "何切 puzzles: what would you discard?": "何切 puzzles: what would you discard?",
    "new": "new",
    "Pose a 何切 puzzle from an AI game (answers by buttons)": (
        "Pose a 何切 puzzle from an AI game (answers by buttons)"
    ),
    "seed": "seed",
    "Replay the puzzle of this seed (empty: a new one)": (
        "Replay the puzzle of this seed (empty: a new one)"
    ),
    "Correct answers to this server's 何切 puzzles": (
        "Correct answers to this server's 何切 puzzles"
    ),
    "daily_puzzle": "daily_puzzle",
    "Post a 何切 puzzle every day in the puzzle channel": (
        "Post a 何切 puzzle every day in the puzzle channel"
    ),
    "puzzle_channel": "puzzle_channel",
    "The channel of the daily 何切 puzzle": "The channel of the daily 何切 puzzle",
    "puzzle_minutes": "puzzle_minutes",
    "Minutes a 何切 puzzle takes answers before it is revealed (1-1440)": (
        "Minutes a 何切 puzzle takes answers before it is revealed (1-1440)"
    ),
    "replay": "replay",
    "Replay a finished hand of a bot table, step by step or animated": (
        "Replay a finished hand of a bot table, step by step or animated"
    ),
    "The hand's id from /history (default: the last hand you played)": (
        "The hand's id from /history (default: the last hand you played)"
    ),
    "review": "review",
    "Review your decisions in bot-table hands": "Review your decisions in bot-table hands",
    "Your decisions in a finished bot-table hand, judged by the analysis": (
        "Your decisions in a finished bot-table hand, judged by the analysis"
    ),
    "Whose decisions (default: yours)": "Whose decisions (default: yours)",
    "Every player's decisions over a session of bot-table hands": (
        "Every player's decisions over a session of bot-table hands"
    ),
    "The session's number (default: the session of your last bot-table hand)": (
        "The session's number (default: the session of your last bot-table hand)"
    ),
    "review_public": "review_public",
    "Anyone may review any player's decisions with /review (off: only their own)": (
        "Anyone may review any player's decisions with /review (off: only their own)"
    ),
    "web": "web",
    "The league's web pages: switch them on or off, or get their link": (
        "The league's web pages: switch them on or off, or get their link"
    ),
    "Switch the league's web pages on and get their secret address (admins)": (
        "Switch the league's web pages on and get their secret address (admins)"
    ),
    "rotate": "rotate",
    "Give the web pages a new secret address: old links stop working (admins)": (
        "Give the web pages a new secret address: old links stop working (admins)"
    ),
    "Switch the league's web pages off: every link stops working (admins)": (
        "Switch the league's web pages off: every link stops working (admins)"
    ),
    "The league's web pages: their link, only for you": (
        "The league's web pages: their link, only for you"
    ),
    "event": "event",
    "Club nights and tournaments: several tables, several rounds": (
        "Club nights and tournaments: several tables, several rounds"
    ),
    "Open a club night or tournament in this channel": (
        "Open a club night or tournament in this channel"
    ),
    "The event's name": "The event's name",
    "rounds": "rounds",
    "How many rounds (default 4)": "How many rounds (default 4)",
    "seating": "seating",
    "How each round is seated (default swiss)": "How each round is seated (default swiss)",
    "tables": "tables",
    "Physical tables (scored here) or virtual tables (played here)": (
        "Physical tables (scored here) or virtual tables (played here)"
    ),
    "Hands each table plays a round (default 4)": "Hands each table plays a round (default 4)",
    "resting": "resting",
    "What a resting player scores for the round (default 0)": (
        "What a resting player scores for the round (default 0)"
    ),
    "swiss": "swiss",
    "random": "random",
    "manual": "manual",
    "physical": "physical",
    "virtual": "virtual",
    "0": "0",
    "the round's lowest": "the round's lowest",
    "add": "add",
    "Add players to an event (its organiser)": "Add players to an event (its organiser)",
    "people": "people",
    "@mentions and/or guests' names (commas between names)": (
        "@mentions and/or guests' names (commas between names)"
    ),
    "The event's number (default: this channel's)": "The event's number (default: this channel's)",
    "remove": "remove",
    "Take a player out of an event from its next round (its organiser)": (
        "Take a player out of an event from its next round (its organiser)"
    ),
    "A @mention or a guest's name": "A @mention or a guest's name",
    "An event: its settings and players": "An event: its settings and players",
    "standings": "standings",
    "An event's standings": "An event's standings",
    "seat": "seat",
    "Seat the next round by hand: one table of four per line (its organiser)": (
        "Seat the next round by hand: one table of four per line (its organiser)"
    ),
    "Tables separated by ';' or new lines; '-' for a fill-in seat": (
        "Tables separated by ';' or new lines; '-' for a fill-in seat"
    ),
    "swap": "swap",
    "Correct the round being played: two players change seats (its organiser)": (
        "Correct the round being played: two players change seats (its organiser)"
    ),
    "first": "first",
    "second": "second",
    "finish": "finish",
    "Finish an event and post its podium (its organiser)": (
        "Finish an event and post its podium (its organiser)"
    ),
    "priority": ("priority"),
    "What seating puts first: new opponents (default) or even winds": (
        "What seating puts first: new opponents (default) or even winds"
    ),
    "new opponents": ("new opponents"),
    "each wind once every four rounds": ("each wind once every four rounds"),
}
