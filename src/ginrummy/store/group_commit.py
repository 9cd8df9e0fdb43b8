"""Group commit: the saves of many coroutines written together, one transaction per batch.

A server that stores every action before acknowledging it pays one transaction, and so one
disk sync, per action if it saves them one by one; the syncs queue up and become the latency.
:class:`GroupCommit` keeps the promise (each caller's ``save`` returns only once a committed
transaction holds its match) but shares the sync: while one batch is being committed on the
store's thread, the saves that arrive wait together and form the next batch. A lone save is
written at once; under load the batches grow by themselves, with no timer to tune.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> from ginrummy.store import Save, open_store
>>> async def demo() -> list[str]:
...     with ThreadPoolExecutor(max_workers=1) as thread:
...         store = await asyncio.get_running_loop().run_in_executor(
...             thread, open_store, "sqlite:///:memory:")
...         group = GroupCommit(store, thread)
...         await asyncio.gather(*(group.save(Save(f"m{i}", "R", "web", ("a", "b"), False,
...                                                None, {})) for i in range(3)))
...         ids = await asyncio.get_running_loop().run_in_executor(
...             thread, lambda: sorted(m.id for m in store.list()))
...         return ids + [f"{group.batches} transaction"]
>>> asyncio.run(demo())
['m0', 'm1', 'm2', '1 transaction']
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from ginrummy.store import MatchStore, Save, StaleMatchError


class GroupCommit:
    """Batches :meth:`save` calls made on one event loop into ``store.save_many`` transactions.

    ``thread`` is the executor that owns the store (SQLite wants one thread): every batch runs
    there, between whatever else the caller runs on it. If a batch fails, each of its saves is
    tried alone, so one save that cannot be written fails only its own caller. A stale save
    (its match moved on elsewhere, see :class:`ginrummy.store.Save`) does not fail the batch:
    the store commits the others, and only its caller gets the :class:`StaleMatchError`.
    """

    def __init__(self, store: MatchStore, thread: Executor) -> None:
        self.store = store
        self.thread = thread
        self.batches = 0  # transactions committed so far (a figure for tests and benchmarks)
        self._waiting: list[tuple[Save, asyncio.Future[None]]] = []
        self._writing = False

    async def save(self, save: Save) -> None:
        """Return once ``save`` is committed; raise what the store raised if it cannot be."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((save, done))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write())
        await done

    async def _write(self) -> None:
        """Commit batches until nobody waits: each holds every save that came in meanwhile."""
        loop = asyncio.get_running_loop()
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    await loop.run_in_executor(self.thread, self.store.save_many,
                                               [save for save, _ in batch])
                    self.batches += 1
                    results: list[BaseException | None] = [None] * len(batch)
                except StaleMatchError as error:  # the others are committed
                    self.batches += 1
                    results = [StaleMatchError([save.id]) if place in error.positions else None
                               for place, (save, _) in enumerate(batch)]
                except Exception:
                    results = [await self._alone(save) for save, _ in batch]
                for (_, done), error in zip(batch, results, strict=True):
                    if done.done():
                        continue  # its caller was cancelled (a closed connection)
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)
        finally:
            self._writing = False

    async def _alone(self, save: Save) -> BaseException | None:
        try:
            await asyncio.get_running_loop().run_in_executor(
                self.thread, self.store.save_many, [save])
        except Exception as error:
            return error
        self.batches += 1
        return None
