"""Tests of the image renderer. Golden images: ``python -m tests.render.regenerate``."""
