"""Where ginrummy keeps the user's files (saved matches, score sheets, settings)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir(*, create: bool = True) -> Path:
    """``$GINRUMMY_HOME``, else the platform's user data directory; created on first use
    (``create=False``: only named, as ``ginrummy data`` does)."""
    override = os.environ.get("GINRUMMY_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home())) / "ginrummy"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "ginrummy"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "ginrummy"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
