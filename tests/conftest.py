"""Shared test configuration.

Hypothesis explores new examples on every local run (that is how it finds bugs); on CI
(``CI`` set) it runs a fixed, derandomized set so that a landing never depends on luck. A
failure found locally is then pinned as an explicit test.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
