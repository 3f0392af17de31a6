"""The backups' refusals: a :class:`~shangrao_bot.store.errors.StoreError` with a ``backup.`` key
of the catalogs' ``backups`` area and its arguments (an operator reads them on the command line,
or in the log of a scheduled backup)."""

from __future__ import annotations

from shangrao_bot.store.errors import StoreError


class BackupRefused(StoreError):
    """A backup or a restore that cannot be done, and nothing of it was left half-written: the
    file to restore is no checked backup, the disk is full, a bot runs on the database …"""
