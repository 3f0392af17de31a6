"""The ``deploy/`` example stays true to the bot: its settings load, its shard processes cover
every shard exactly once, each serves its health and metrics on a port of its own, and its units
run commands that exist."""

from __future__ import annotations

import re
from pathlib import Path

import dotenv

from shangrao_bot.entrypoints.cli import build_parser
from shangrao_bot.settings import load_settings
from shangrao_bot.sharding import ShardPlan

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def test_the_example_settings_load_for_every_instance() -> None:
    values = dotenv.dotenv_values(DEPLOY / "shangrao-bot.env.example")
    env = {k: v or "" for k, v in values.items()}
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    instances = re.findall(r"shangrao-bot@([0-9,-]+)", readme)
    assert instances, "the README names the instances it starts"
    plans: list[ShardPlan] = []
    ports: list[int | None] = []
    for ids in dict.fromkeys(instances):
        own = dotenv.dotenv_values(DEPLOY / "instances" / f"{ids}.env")  # the unit's %i.env
        mine = {k: v or "" for k, v in own.items()}
        settings = load_settings({**env, "SHARD_IDS": ids, **mine})
        assert settings.database_url.startswith("postgresql://")
        plans.append(settings.shards)
        ports.append(settings.metrics_port)
    assert None not in ports and len(set(ports)) == len(ports)  # a page of its own each
    count = plans[0].count
    assert count is not None and all(p.count == count for p in plans)
    covered = sorted(i for p in plans for i in p.ids or ())
    assert covered == list(range(count))  # every shard, each by one process


def test_the_units_run_the_bot_and_its_migrate_command() -> None:
    unit = (DEPLOY / "systemd" / "shangrao-bot@.service").read_text(encoding="utf-8")
    assert "Environment=SHARD_IDS=%i" in unit and "bot.py" in unit
    assert "EnvironmentFile=-/etc/shangrao-bot.d/%i.env" in unit  # its METRICS_PORT
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    assert "`/etc/shangrao-bot.d/`" in readme and "instances/*.env" in readme
    migrate = (DEPLOY / "systemd" / "shangrao-bot-migrate.service").read_text(encoding="utf-8")
    command = migrate.split("ExecStart=", 1)[1].splitlines()[0].split()[1:]
    assert command == ["migrate"]
    build_parser().parse_args(command)  # a subcommand the command line has
