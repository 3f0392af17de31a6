"""Settings, the token-masking log filter and the bot's no-token start-up."""

from __future__ import annotations

import http.server
import io
import json
import logging
import threading
from collections.abc import Iterator

import pytest

from shangrao_bot.bot_runner import INVITE_PERMISSIONS, run_bot
from shangrao_bot.log import TokenFilter, configure_logging
from shangrao_bot.settings import DEFAULT_DATABASE_URL, Settings, SettingsError, load_settings

TOKEN = "MTIzNDU2Nzg5.fake-token.abcdefghijklmnop"


def test_defaults_from_empty_env() -> None:
    settings = load_settings({})
    assert settings == Settings(
        discord_token=None,
        database_url=DEFAULT_DATABASE_URL,
        dev_guild_id=None,
        log_level="INFO",
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


def test_run_bot_with_rejected_token_explains_and_exits_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    clean_root_logger: logging.Logger,
) -> None:
    import discord.http

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
