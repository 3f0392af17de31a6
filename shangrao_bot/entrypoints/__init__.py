"""What starts a process, kept together at the top of the layers (everything below is a library
these call): the command line and its subcommands, the bot's runner and the league's web
server. ``shangrao_bot/__main__.py`` (the ``shangrao-bot`` console script, ``python -m
shangrao_bot``) and ``bot.py`` (``make run``) are thin doors into :mod:`.cli` and
:mod:`.bot_runner`.

* :mod:`.cli`: ``shangrao-bot``'s ``main`` — the conventions every subcommand shares (exit
  statuses, one-line refusals in ``--lang``, a closed pipe) and the small subcommands
  (``verify``, ``simulate``, ``play``, ``run``, ``migrate``); :mod:`.cli_parser` builds its
  argument parser from every subcommand's options.
* One module per larger subcommand, each with its options and its run: :mod:`.score_cli`
  (``score``), :mod:`.analyze_cli` (``analyze``), :mod:`.arena_cli` (``arena``, over
  :mod:`.arena`: AI levels compared on duplicate deals), :mod:`.simulate` (``simulate``: AI
  players play a session), :mod:`.replay_cli` and :mod:`.review_cli` (``replay``, ``review``:
  a finished hand of the bot's database, opened through :mod:`.cli_ledger`), :mod:`.backup_cli`
  (``backup``, ``restore``) and :mod:`.web_cli` (``web``: the league's pages in a process of
  their own).
* :mod:`.bot_runner`: the Discord bot's process (``run``, ``bot.py``): settings checked, the
  operator's and the league's pages listening, the gateway, the periodic memory hand-back; or
  one line saying why it cannot start.

The terminal game (``play``) is the package :mod:`shangrao_bot.play`, in the same layer; the
command line's shared refusal and exit-status helpers (:mod:`shangrao_bot.cli_errors`) sit with
the pure helpers, since the terminal game and the renderer's ``render`` subcommand use them too.
"""
