"""End-to-end tests: the real discord.py client against a loopback fake Discord.

See :mod:`tests.e2e.fake_discord` for the fake and its driver API, and ``conftest.py`` here
for the ``fake_discord`` and ``start_bot`` fixtures.
"""
