"""Settings, the token-masking log filter and the bot's no-token start-up."""

from __future__ import annotations

import http.server
import io
import json
import logging
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot, pacing_for, service_config_for
from shangrao_bot.entrypoints.bot_runner import INVITE_PERMISSIONS, run_bot
from shangrao_bot.log import TokenFilter, configure_logging
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import (
    DEFAULT_DATABASE_URL,
    PACING_TIMINGS,
    TABLE_TIMINGS,
    BackupPlan,
    Settings,
    SettingsError,
    TableTimings,
    Timing,
    load_settings,
)
from shangrao_bot.ui.pacing import Pacing

TOKEN = "MTIzNDU2Nzg5.fake-token.abcdefghijklmnop"
ROOT = Path(__file__).resolve().parents[1]


def test_defaults_from_empty_env() -> None:
    settings = load_settings({})
    assert settings == Settings(
        discord_token=None,
        database_url=DEFAULT_DATABASE_URL,
        dev_guild_id=None,
        log_level="INFO",
        picture_processes=2,  # a Settings made in code leaves the picture workers alone
    )
    assert DEFAULT_DATABASE_URL == "sqlite:///data/shangrao.db"


def test_blank_values_count_as_unset() -> None:
    env = {"DISCORD_TOKEN": "", "DEV_GUILD_ID": " ", "LOG_LEVEL": "", "DATABASE_URL": ""}
    assert load_settings(env) == load_settings({})


def test_values_are_read() -> None:
    env = {
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_URL": "sqlite:///tmp/x.db",
        "DEV_GUILD_ID": "123456789012345678",
        "LOG_LEVEL": "debug",
    }
    settings = load_settings(env)
    assert settings.discord_token == TOKEN
    assert settings.database_url == "sqlite:///tmp/x.db"
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize("value", ["abc", "12x", "-5", "1.5", "²"])
def test_bad_dev_guild_id_names_the_variable(value: str) -> None:
    with pytest.raises(SettingsError) as info:
        load_settings({"DEV_GUILD_ID": value})
    assert info.value.variable == "DEV_GUILD_ID"
    assert "DEV_GUILD_ID" in str(info.value)
    assert "numeric" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_unknown_log_level_is_refused() -> None:
    with pytest.raises(SettingsError, match="LOG_LEVEL") as info:
        load_settings({"LOG_LEVEL": "LOUD"})
    assert "INFO" in str(info.value)


def test_table_timings_default_to_the_service_defaults() -> None:
    settings = load_settings({})
    assert settings.table_timings == TableTimings()
    assert service_config_for(settings) == ServiceConfig()


def test_table_timings_are_read_and_reach_the_service_config() -> None:
    env = {
        "TABLE_AI_DELAY_SECONDS": "0.01",
        "TABLE_MIN_CLAIM_SECONDS": " 0.5 ",
        "TABLE_READY_SECONDS": "2",
        "TABLE_MIN_BETWEEN_HANDS_SECONDS": "0",
        "TABLE_RESUME_GRACE_SECONDS": "1e1",
    }
    settings = load_settings(env)
    assert settings.table_timings == TableTimings(0.01, 0.5, 2.0, 0.0, 10.0)
    cfg = service_config_for(settings)
    assert (
        cfg.ai_delay,
        cfg.min_claim_seconds,
        cfg.ready_seconds,
        cfg.min_between_hands,
        cfg.resume_grace_seconds,
    ) == (0.01, 0.5, 2.0, 0.0, 10.0)
    # the rest of the service config keeps its defaults
    assert cfg.default_claim_seconds == ServiceConfig().default_claim_seconds
    # the bot built from settings alone (as `python bot.py` does) uses them
    assert ShangraoBot(settings)._service_config == cfg
    # an explicit config (tests) wins over the environment
    explicit = ServiceConfig(ai_delay=0.5)
    assert ShangraoBot(settings, service_config=explicit)._service_config is explicit


def test_pacing_defaults_and_is_read_from_the_environment() -> None:
    assert pacing_for(load_settings({})) == Pacing()
    env = {"TABLE_BOARD_EDIT_SECONDS": "0.2", "TABLE_PANEL_QUIET_SECONDS": "0"}
    settings = load_settings(env)
    assert pacing_for(settings) == Pacing(board_edit_seconds=0.2, panel_quiet_seconds=0.0)
    # the bot built from settings alone (as `python bot.py` does) uses them; an explicit
    # pacing (tests) wins over the environment
    assert ShangraoBot(settings)._pacing == pacing_for(settings)
    explicit = Pacing(board_edit_seconds=3.0)
    assert ShangraoBot(settings, pacing=explicit)._pacing is explicit


def test_one_timing_alone_changes_one_field() -> None:
    cfg = service_config_for(load_settings({"TABLE_READY_SECONDS": "15"}))
    assert cfg == ServiceConfig(ready_seconds=15.0)


@pytest.mark.parametrize("timing", TABLE_TIMINGS + PACING_TIMINGS, ids=lambda t: t.variable)
@pytest.mark.parametrize("value", ["fast", "-1", "nan", "inf", "1,5", "99999", "0x10"])
def test_bad_table_timings_name_the_variable_and_the_range(timing: Timing, value: str) -> None:
    variable = timing.variable
    with pytest.raises(SettingsError) as info:
        load_settings({variable: value})
    assert info.value.variable == variable
    assert info.value.value == value
    assert str(info.value).startswith(f"{variable}={value!r} is invalid: expected a number of")
    assert re.search(r"from \d+ to \d+", str(info.value))


def test_blank_table_timings_count_as_unset() -> None:
    env = {t.variable: " " for t in TABLE_TIMINGS + PACING_TIMINGS}
    assert load_settings(env).table_timings == TableTimings()


def test_timing_bounds_fit_the_service() -> None:
    """Each default lies in its range; the claim hold can never exceed the default claim
    window (or /table create without a claim time would be refused)."""
    defaults = ServiceConfig()
    for timing in TABLE_TIMINGS:
        assert timing.low <= getattr(defaults, timing.field) <= timing.high, timing
    hold = next(t for t in TABLE_TIMINGS if t.field == "min_claim_seconds")
    assert hold.high <= defaults.default_claim_seconds
    for timing in PACING_TIMINGS:
        assert timing.low <= getattr(Pacing(), timing.field) <= timing.high, timing


def test_env_example_documents_every_timing_with_its_default() -> None:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    for timing in TABLE_TIMINGS + PACING_TIMINGS:
        defaults = ServiceConfig() if timing in TABLE_TIMINGS else Pacing()
        match = re.search(rf"^#\s*{timing.variable}=(\S+)$", text, re.MULTILINE)
        assert match, f"{timing.variable} is not documented in .env.example"
        assert float(match.group(1)) == getattr(defaults, timing.field), timing.variable
        assert f"({timing.low:g}-{timing.high:g})" in text, timing.variable


def test_bot_py_refuses_a_bad_timing_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot

    monkeypatch.chdir(tmp_path)  # no .env from the developer's checkout
    monkeypatch.setenv("TABLE_MIN_CLAIM_SECONDS", "soon")
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "shangrao-bot: TABLE_MIN_CLAIM_SECONDS='soon' is invalid: "
        "expected a number of seconds from 0 to 15"
    )


def test_repr_masks_the_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})
    for text in (repr(settings), str(settings), f"{settings}"):
        assert TOKEN not in text
        assert "[token]" in text
    assert "discord_token=None" in repr(load_settings({}))


def _capture(filter_: logging.Filter) -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    handler.addFilter(filter_)
    logger = logging.getLogger("tests.token_filter")
    logger.handlers = [handler]
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    return logger, stream


def test_log_filter_masks_the_token_in_messages_and_args() -> None:
    logger, stream = _capture(TokenFilter(TOKEN))
    logger.info("connecting with %s", TOKEN)
    logger.warning(f"raw {TOKEN} in the message")
    logger.info("nothing secret, %d", 42)
    output = stream.getvalue()
    assert TOKEN not in output
    assert output.splitlines() == [
        "INFO connecting with [token]",
        "WARNING raw [token] in the message",
        "INFO nothing secret, 42",
    ]


def test_log_filter_masks_the_token_in_tracebacks() -> None:
    logger, stream = _capture(TokenFilter(TOKEN))
    try:
        raise RuntimeError(f"bad token {TOKEN}")
    except RuntimeError:
        logger.exception("login failed")
    output = stream.getvalue()
    assert TOKEN not in output
    assert "RuntimeError: bad token [token]" in output


@pytest.fixture
def clean_root_logger() -> Iterator[logging.Logger]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield root
    root.handlers = handlers
    root.setLevel(level)


def test_configure_logging_installs_the_filter_once(clean_root_logger: logging.Logger) -> None:
    stream = io.StringIO()
    handler = configure_logging("INFO", TOKEN, stream=stream)
    assert configure_logging("DEBUG", TOKEN) is handler
    assert clean_root_logger.handlers.count(handler) == 1
    assert sum(isinstance(f, TokenFilter) for f in handler.filters) == 1
    assert clean_root_logger.level == logging.DEBUG

    logging.getLogger("discord.http").info("Authorization: Bot %s", TOKEN)
    assert TOKEN not in stream.getvalue()
    assert "Authorization: Bot [token]" in stream.getvalue()


def test_run_bot_without_token_explains_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_bot(load_settings({})) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "DISCORD_TOKEN" in captured.err
    assert "Reset Token" in captured.err
    assert "applications.commands" in captured.err
    assert f"permissions={INVITE_PERMISSIONS}" in captured.err
    assert "shangrao-bot score" in captured.err
    assert "shangrao-bot analyze" in captured.err
    assert "Traceback" not in captured.err


class _Unauthorized(http.server.BaseHTTPRequestHandler):
    """A loopback stand-in for Discord's REST API that refuses every token."""

    def do_GET(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.slow
def test_run_bot_with_rejected_token_explains_and_exits_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    clean_root_logger: logging.Logger,
    tmp_path: Path,
) -> None:
    import discord.http

    monkeypatch.chdir(tmp_path)  # the ledger is opened before the login: not in the checkout
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        assert run_bot(load_settings({"DISCORD_TOKEN": TOKEN})) == 2
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert "rejected DISCORD_TOKEN" in err
    assert "Reset Token" in err
    assert "Traceback" not in err
    assert TOKEN not in err


def test_invite_permissions_match_discord_flags() -> None:
    discord = pytest.importorskip("discord")
    expected = discord.Permissions(
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_external_emojis=True,
    )
    assert expected.value == INVITE_PERMISSIONS


def test_shutdown_grace_is_read_with_its_range() -> None:
    assert load_settings({}).shutdown_grace_seconds == 5.0
    assert load_settings({"SHUTDOWN_GRACE_SECONDS": "0.5"}).shutdown_grace_seconds == 0.5
    for value in ("soon", "-1", "601", "nan"):
        with pytest.raises(SettingsError) as info:
            load_settings({"SHUTDOWN_GRACE_SECONDS": value})
        assert info.value.variable == "SHUTDOWN_GRACE_SECONDS"
        assert "from 0 to 600" in str(info.value)


def test_picture_processes_are_read_with_their_range() -> None:
    assert load_settings({}).picture_processes == 2
    assert load_settings({"PICTURE_PROCESSES": "0"}).picture_processes == 0
    assert load_settings({"PICTURE_PROCESSES": " 4 "}).picture_processes == 4
    for value in ("two", "-1", "17", "1.5", "²"):
        with pytest.raises(SettingsError) as info:
            load_settings({"PICTURE_PROCESSES": value})
        assert info.value.variable == "PICTURE_PROCESSES"
        assert "from 0 to 16" in str(info.value)


def test_metrics_port_and_host_are_read_with_their_ranges() -> None:
    settings = load_settings({})
    assert (settings.metrics_port, settings.metrics_host) == (None, "127.0.0.1")
    assert load_settings({"METRICS_PORT": " 9710 "}).metrics_port == 9710
    assert load_settings({"METRICS_PORT": "0"}).metrics_port == 0  # any free port
    for host in ("0.0.0.0", "::1", "10.0.0.7", "metrics.example", "localhost"):
        assert load_settings({"METRICS_HOST": host}).metrics_host == host
    for value in ("http", "-1", "65536", "97.1", "９７１０"):
        with pytest.raises(SettingsError) as info:
            load_settings({"METRICS_PORT": value})
        assert info.value.variable == "METRICS_PORT"
        assert "from 1 to 65535" in str(info.value)
    for value in ("127.0.0.1:9710", "http://host", "a b", "-host", "x" * 254):
        with pytest.raises(SettingsError) as info:
            load_settings({"METRICS_HOST": value})
        assert info.value.variable == "METRICS_HOST"


def test_run_bot_with_its_metrics_port_in_use_says_so_and_exits_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    clean_root_logger: logging.Logger,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)  # no ledger in the checkout, should one be opened
    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"DISCORD_TOKEN": TOKEN, "METRICS_PORT": str(port)}
        assert run_bot(load_settings(env)) == 2  # before logging in: no Discord
    finally:
        taken.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"shangrao-bot: METRICS_PORT='{port}' is invalid: "), err
    assert f"127.0.0.1:{port} is taken" in err
    assert "Traceback" not in err and TOKEN not in err
    assert not (tmp_path / "data").exists()  # stopped before the database was opened


def test_backups_are_off_unless_asked_for_and_read_with_their_ranges() -> None:
    assert load_settings({}).backups == BackupPlan(every_seconds=None, keep=7, folder=None)
    env = {"BACKUP_EVERY": "6h", "BACKUP_KEEP": "3", "BACKUP_DIR": "/srv/backups"}
    assert load_settings(env).backups == BackupPlan(6 * 3600.0, 3, "/srv/backups")
    assert load_settings({"BACKUP_EVERY": "1d 12h"}).backups.every_seconds == 36 * 3600
    assert load_settings({"BACKUP_EVERY": "90M"}).backups.every_seconds == 90 * 60
    assert load_settings({"BACKUP_EVERY": " "}).backups.every_seconds is None
    for bad in ("6", "6x", "0h", "30s", "31d", "h", "6h-", "-6h", "6h 6"):
        with pytest.raises(SettingsError) as info:
            load_settings({"BACKUP_EVERY": bad})
        assert info.value.variable == "BACKUP_EVERY" and "1m to 30d" in str(info.value)
    for bad in ("0", "x", "1001", "-1", "²", "2.5"):
        with pytest.raises(SettingsError) as info:
            load_settings({"BACKUP_KEEP": bad})
        assert info.value.variable == "BACKUP_KEEP" and "1 to 1000" in str(info.value)


def test_env_example_documents_the_backup_settings() -> None:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert re.search(r"^#BACKUP_EVERY=6h$", text, re.MULTILINE)
    assert re.search(r"^#BACKUP_KEEP=7$", text, re.MULTILINE)
    assert re.search(r"^#BACKUP_DIR=", text, re.MULTILINE)
