"""Tests of the image renderer (issue 5). Golden images: ``python -m tests.render.regenerate``."""
