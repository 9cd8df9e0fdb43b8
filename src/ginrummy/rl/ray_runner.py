"""Run independent, seeded jobs on local processes (default) or on Ray, with the same results.

Each job is a picklable function and its arguments, seeded by its own index, so the results
do not depend on where or in what order the jobs ran. ``address=None`` with ``use_ray`` starts a
local Ray instance (loopback, no dashboard) and shuts it down afterwards; an address such as
``ray://head:10001`` or ``auto`` joins an existing cluster and leaves it running.

The tournament command calls :func:`run_pairs_ray`, a drop-in for the arena's ``run_pairs``.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules

T = TypeVar("T")


def add_ray_arguments(parser: argparse.ArgumentParser) -> None:
    """``--ray`` and ``--ray-address`` for any command that farms out jobs."""
    parser.add_argument("--ray", action="store_true",
                        help="run the jobs on a local Ray instance instead of local processes")
    parser.add_argument("--ray-address", metavar="ADDRESS",
                        help="run the jobs on the Ray cluster at ADDRESS (e.g. ray://head:10001)")


def uses_ray(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "ray", False) or getattr(args, "ray_address", None))


def run_jobs(
    function: Callable[..., T],
    jobs: Sequence[tuple[Any, ...]],
    *,
    processes: int = 1,
    use_ray: bool = False,
    address: str | None = None,
    num_cpus: int | None = None,
    on_result: Callable[[int], None] | None = None,
) -> list[T]:
    """``[function(*job) for job in jobs]``, in job order, wherever they run."""
    if use_ray or address:
        return _on_ray(function, jobs, address=address, num_cpus=num_cpus, on_result=on_result)
    results: list[T] = []
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            results.append(function(*job))
            if on_result is not None:
                on_result(len(results))
        return results
    with multiprocessing.get_context().Pool(min(processes, len(jobs))) as pool:
        for result in pool.imap(_Star(function), jobs):
            results.append(result)
            if on_result is not None:
                on_result(len(results))
    return results


class _Star:
    """``function(*job)`` as a picklable callable for a process pool."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function

    def __call__(self, job: tuple[Any, ...]) -> Any:
        return self.function(*job)


def _on_ray(
    function: Callable[..., T],
    jobs: Sequence[tuple[Any, ...]],
    *,
    address: str | None,
    num_cpus: int | None,
    on_result: Callable[[int], None] | None,
) -> list[T]:
    try:
        import ray
    except ImportError:
        raise GinRummyError("Ray is not installed: pip install 'ginrummy[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False,
                         _node_ip_address="127.0.0.1")
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise GinRummyError(f"cannot start or reach Ray at {address or 'localhost'}: "
                                f"{error}") from None
    try:
        remote = ray.remote(function)
        pending = {remote.remote(*job): index for index, job in enumerate(jobs)}
        results: list[Any] = [None] * len(jobs)
        done = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                results[pending.pop(ref)] = ray.get(ref)
                done += 1
                if on_result is not None:
                    on_result(done)
        return results
    finally:
        if started:
            ray.shutdown()


def run_pairs_ray(
    name_a: str,
    name_b: str,
    rules: Rules,
    *,
    pairs: int,
    seed: int,
    jobs: int = 1,
    move_timeout: float | None = None,
    on_result: Callable[[int], None] | None = None,
    address: str | None = None,
) -> list[Any]:
    """The arena's ``run_pairs`` on Ray: the same mirrored pairs from the same seeds.

    ``jobs`` caps the CPUs of a local Ray instance; a cluster uses all it has.
    """
    from ginrummy.players.arena import DEFAULT_MOVE_TIMEOUT, pair_seed

    timeout = DEFAULT_MOVE_TIMEOUT if move_timeout is None else move_timeout
    work = [(name_a, name_b, rules, pair_seed(seed, index), index, timeout)
            for index in range(pairs)]
    return run_jobs(_play_pair_job, work, use_ray=True, address=address,
                    num_cpus=None if address else max(jobs, 1), on_result=on_result)


def _play_pair_job(name_a: str, name_b: str, rules: Rules, seed: int, index: int,
                   move_timeout: float) -> Any:
    from ginrummy.players.arena import play_pair

    return play_pair(name_a, name_b, rules, seed, index=index, move_timeout=move_timeout)
