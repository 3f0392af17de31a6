"""Redraw the golden images after an intended change to the art or layout.

    python -m tests.render.regenerate

Look at every changed image before committing it (``tests/render/golden/*.png``): the golden
test then holds the new art in place.
"""

from __future__ import annotations

from pathlib import Path

from tests.render.scenes import GOLDEN

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, draw in GOLDEN.items():
        path = GOLDEN_DIR / f"{name}.png"
        png = draw()
        path.write_bytes(png)
        print(f"{path}  {len(png) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
