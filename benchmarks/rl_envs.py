"""Environment steps per second: our PettingZoo env and batch simulator beside RLCard and OpenSpiel.

    python benchmarks/rl_envs.py [--rounds 5] [--scale 1.0] [--envs 4096,16384] [--vector-envs 4096]
                                 [--only pettingzoo|vector]

Every contender plays uniformly random legal actions, drawn the same way on every side
(``rng.choice`` over the list of legal action ints), and counts one step per decision (chance
moves not counted). Ours produce a full observation and action mask at every step; RLCard's
``env.step`` builds its state dict; OpenSpiel's ``gin_rummy`` is driven from Python with
``legal_actions``/``apply_action`` only (no observation tensor), as its usual benchmark does. Rounds
are interleaved and timed in CPU time of this process (the machine is shared); the table shows
median rates and the median per-round ratio to RLCard. The vector rows step
``ginrummy_v0.vector_selfplay`` (observations of both seats, masks, rewards and outcome infos at
every step) and the Gymnasium ``make_vec`` env against its built-in ``standard`` opponent (one
step = one learner decision, the opponent's replies played inside it). ``--only pettingzoo`` times
the two PettingZoo rows beside the anchors and skips the batch and vector rows; ``--only vector``
times the vector rows beside the anchors. The batch and vector rows run the simulator's compiled
kernels where Numba is installed (the ``rl`` extra; ``GINRUMMY_NO_JIT=1`` turns them off): the
second line says which.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

Workload = Callable[[], int]  # runs once, returns the number of steps it took


def pettingzoo(steps: int, *, wrapped: bool) -> Workload:
    from ginrummy.rl import ginrummy_v0

    env = ginrummy_v0.env() if wrapped else ginrummy_v0.raw_env()
    rng = random.Random(1)

    def run() -> int:
        done = 0
        env.reset(seed=1)
        while done < steps:
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.reset()
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done += 1
        return done

    return run


def batch(steps: int, envs: int) -> Workload:
    from ginrummy.rl.batch import BatchGinRummy, random_legal_actions

    sim = BatchGinRummy(envs, seed=1)
    rng = np.random.default_rng(1)
    _, mask = sim.reset()

    def run() -> int:
        nonlocal mask
        done = 0
        while done < steps:
            _, mask, _, _ = sim.step(random_legal_actions(mask, rng))
            done += envs
        return done

    return run


def vector_selfplay(steps: int, envs: int) -> Workload:
    from ginrummy.rl import ginrummy_v0
    from ginrummy.rl.batch import random_legal_actions

    env = ginrummy_v0.vector_selfplay(num_envs=envs, seed=1)
    rng = np.random.default_rng(1)
    _, info = env.reset()
    rows = np.arange(envs)

    def run() -> int:
        nonlocal info
        done = 0
        while done < steps:
            mask = info["action_mask"][rows, info["to_play"]]
            _, _, _, _, info = env.step(random_legal_actions(mask, rng))
            done += envs
        return done

    return run


def vector_env(steps: int, envs: int) -> Workload:
    import gymnasium

    from ginrummy.rl import ginrummy_v0  # noqa: F401  (registers the env)
    from ginrummy.rl.batch import random_legal_actions

    env = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=envs, opponent="standard")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)

    def run() -> int:
        nonlocal info
        done = 0
        while done < steps:
            _, _, _, _, info = env.step(random_legal_actions(info["action_mask"].view(np.int8),
                                                             rng))
            done += envs
        return done

    return run


def rlcard(steps: int) -> Workload:
    import rlcard as rlcard_module

    env = rlcard_module.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)

    def run() -> int:
        done = 0
        while done < steps:
            state, _ = env.reset()
            while not env.is_over() and done < steps:
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                done += 1
        return done

    return run


def openspiel(steps: int) -> Workload:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)

    def run() -> int:
        done = 0
        while done < steps:
            state = game.new_initial_state()
            while not state.is_terminal() and done < steps:
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    done += 1
        return done

    return run


def measure(workload: Workload) -> float:
    start = time.process_time()
    steps = workload()
    return steps / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the workload sizes")
    parser.add_argument("--envs", default="4096,16384",
                        help="batch simulator widths, comma-separated")
    parser.add_argument("--vector-envs", default="4096",
                        help="vector env widths, comma-separated (empty: none)")
    parser.add_argument("--only", choices=["pettingzoo", "vector"],
                        help="time only these rows beside the anchors")
    args = parser.parse_args(argv)
    if args.only == "pettingzoo":
        args.envs = args.vector_envs = ""
    if args.only == "vector":
        args.envs = ""
    steps = int(20_000 * args.scale)
    rows: list[tuple[str, Workload]] = [] if args.only == "vector" else [
        ("ginrummy_v0.env (PettingZoo, wrapped)", pettingzoo(steps, wrapped=True)),
        ("ginrummy_v0.raw_env (PettingZoo)", pettingzoo(steps, wrapped=False)),
    ]
    for width in [int(w) for w in args.envs.split(",") if w]:
        rows.append((f"BatchGinRummy ({width} envs)", batch(max(steps * 20, width * 50), width)))
    for width in [int(w) for w in args.vector_envs.split(",") if w]:
        size = max(steps * 10, width * 25)
        rows.append((f"vector_selfplay ({width} envs, 2 seats)", vector_selfplay(size, width)))
        rows.append((f"make_vec vs standard ({width} envs)", vector_env(size, width)))
    missing = []
    for name, make in (("RLCard gin-rummy env", rlcard), ("OpenSpiel gin_rummy", openspiel)):
        try:
            rows.append((name, make(steps)))
        except ImportError:
            missing.append(name)
    print(f"load average before: {load()}")
    from ginrummy.rl import kernels
    print("batch kernels: " + ("compiled (Numba)" if kernels.compiled() else "NumPy only"))
    rates: dict[str, list[float]] = {name: [] for name, _ in rows}
    for _ in range(args.rounds):
        for name, workload in rows:
            rates[name].append(measure(workload))
    anchor = rates.get("RLCard gin-rummy env")
    print(f"steps/s (CPU time), median of {args.rounds} interleaved rounds; "
          "ratio = median per-round rate / RLCard's")
    for name, series in rates.items():
        line = f"  {name:<40} {statistics.median(series):>12,.0f}"
        if anchor is not None:
            ratio = statistics.median(a / b for a, b in zip(series, anchor, strict=True))
            line += f"   {ratio:7.1f}x RLCard"
        print(line)
    print(f"load average after: {load()}")
    for name in missing:
        print(f"missing anchor: {name} (pip install 'ginrummy[bench]')")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} CPUs)"


if __name__ == "__main__":
    main()
