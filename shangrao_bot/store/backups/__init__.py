"""Checked backups of the bot's database, their restore, and the bot's own on a schedule.

* ``taking`` — :func:`~.taking.take_backup`: a consistent copy while the bot runs, checked, put
  in place with its manifest, never half-written;
* ``restoring`` — :func:`~.restoring.restore_backup`: a checked backup put back, refused for
  anything else, a database a bot runs on, or data it would replace unasked;
* ``sqlite_copy`` — SQLite's online backup in paced steps inside one read snapshot, and the
  copy's check (integrity, schema version, every table's rows);
* ``pg_copy``, ``pg_tools`` — PostgreSQL: ``pg_dump`` of an exported snapshot, checked in a
  scratch database; the restore into a fresh database swapped in; finding and running the tools;
* ``manifest`` — what makes a file a checked backup: its manifest beside it (digest, size,
  schema version, rows);
* ``files`` — partial files renamed into place, a full disk;
* ``schedule`` — the running bot's backups (``BACKUP_EVERY``, ``BACKUP_KEEP``, ``BACKUP_DIR``);
* ``refusals`` — :class:`~.refusals.BackupRefused` (texts in the catalogs' ``backups`` area).
"""
