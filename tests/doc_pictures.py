"""The pictures the docs show, and `make screens`'s last step: copy them from a run's screenshots.

    python tests/doc_pictures.py SHOTS_DIR

The browser tests take their screenshots (tests/browser, `_shot`) into SHOTS_DIR when SCREENSHOTS names it;
the ones README.md and docs/*.md show are copied to docs/pictures/, so a screen that changes changes its
picture; the OLED's reference screens are in tests/screens/ already (`make screens` redraws them).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PICTURES = ROOT / "docs" / "pictures"


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def links(doc: Path) -> list[str]:
    """Every local link and image of a Markdown file, as written (anchors and web addresses left out)."""
    found = re.findall(r"\]\(([^)\s]+)\)", doc.read_text())
    return [link.split("#")[0] for link in found if not re.match(r"^(https?:|mailto:|#)", link)]


def referenced() -> set[Path]:
    """The pictures under docs/pictures the docs show."""
    return {(doc.parent / link).resolve() for doc in documents() for link in links(doc)
            if (doc.parent / link).resolve().parent == PICTURES.resolve()}


def main(shots: str) -> int:
    missing = []
    for picture in sorted(referenced()):
        taken = Path(shots) / picture.name
        if taken.exists():
            shutil.copyfile(taken, picture)
        else:
            missing.append(picture.name)
    if missing:
        print(f"no screenshot for {', '.join(missing)}: a browser test must take it (_shot)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
