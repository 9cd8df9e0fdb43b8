"""A hard time bound for one decision, checked inside the search loops.

The clock is this thread's CPU time (:func:`time.thread_time`), not the wall clock: on a loaded
machine the wall clock would fire the bound far more often, and a decision cut short plays
differently, so tournaments would stop depending on their seed alone. Every cut is counted
(:attr:`Deadline.fired`), so a run can report how often the bound changed a decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class Deadline:
    """The moment (in ``clock`` seconds) after which a decision answers with what it has."""

    def __init__(self, seconds: float | None, clock: Clock = time.thread_time) -> None:
        self.clock = clock
        self.start = clock()
        self.end = None if seconds is None else self.start + seconds
        self.fired = False  # whether a loop stopped early because of this deadline

    def passed(self) -> bool:
        """Whether time is up; a True answer is remembered in :attr:`fired`."""
        if self.end is None or self.clock() < self.end:
            return False
        self.fired = True
        return True

    def share(self, fraction: float) -> Deadline:
        """A deadline for one part of the work: ``fraction`` of the time that is left, on the
        same clock (cuts in it are not counted here)."""
        if self.end is None:
            return Deadline(None, self.clock)
        return Deadline(max(0.0, self.end - self.clock()) * fraction, self.clock)


NO_DEADLINE = Deadline(None)
