"""``ginrummy serve`` refuses bad options with one line and exit status 2, before serving."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(("args", "words"), [
    (["--db", "mysql://nowhere"], "unknown store URL"),
    (["--port", "70000"], "port must be between 1 and 65535"),
    (["--message-rate", "0"], "--message-rate must be positive"),
])
def test_bad_serve_options_say_what_is_wrong(tmp_path: Path, args: list[str], words: str) -> None:
    done = subprocess.run([sys.executable, "-m", "ginrummy", "serve", *args],
                          env=dict(os.environ, GINRUMMY_HOME=str(tmp_path)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("ginrummy serve: ") and words in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
