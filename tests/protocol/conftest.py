"""Every protocol test gets a private data directory (bots.log is written there)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def ginrummy_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    return tmp_path
