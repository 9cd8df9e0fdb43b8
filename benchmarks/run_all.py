"""Run the quick benchmarks in one go: the engine and the research environments.

The strength benchmarks of the computer players take much longer; run them on their own
(see the README's players section).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUICK = ["core_speed.py", "rl_envs.py"]

if __name__ == "__main__":
    for name in QUICK:
        path = HERE / name
        if path.exists():
            print(f"\n=== {name} ===", flush=True)
            sys.argv = [str(path), *sys.argv[1:]]
            runpy.run_path(str(path), run_name="__main__")
