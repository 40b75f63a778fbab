"""Bots think in worker processes, so a hard bot's half second of CPU never slows the host's event loop.

A thread would not do: it holds the interpreter lock for most of its thinking, and the loop then runs only in
the gaps (`bench/server_loop.py` on a busy 2-core machine: 824 loop ticks a second with no game, 98 with a table
of hard bots thinking in a thread, 571 with them in the pool; latency p99 57 ms in a thread, 10 in the pool). A
`BotPool` hands the bot and the game state to a process, one per core, started when the first bot thinks, and
gets back the move and the bot as it is after choosing (its dice moved on), so the next decision starts from
the same bot it would have in-process: the moves are the same ones, for the same state and seed.

What travels is small: the state's card catalogue and board are sent as the names they were loaded from
(`_Out.persistent_id`), and each worker builds them once and keeps them (`_In.persistent_load`), as it keeps
the engines (named by game). The hard Wonderland bot's remembered fight odds (up to 40,000 entries, 280 KB
pickled) stay behind too: they depend only on the board and the cards, so each worker keeps one memo per board
and packs for every bot it serves (`_memo`). A submission is then 2-6 KB and about 0.3 ms of the loop's time
each way (`bench/server_loop.py` measures it).

Any process may own a pool (the host, or a worker process hosting tables); `close` ends its processes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import copyreg
import io
import logging
import multiprocessing
import os
import pickle
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from functools import cache, lru_cache
from typing import Any

from ..shared.bots import Bot
from ..shared.bots.hard import CachedWonderlandNormal
from ..shared.rules import registry
from ..shared.rules.base import Action, Ruleset
from ..shared.rules.munchkin.flow import build_catalog
from ..shared.rules.munchkin.state import Catalog as MunchkinCatalog
from ..shared.rules.wonderland.board import Board, load_board
from ..shared.rules.wonderland.cards import Catalog as WonderlandCatalog
from ..shared.rules.wonderland.cards import load_catalog

log = logging.getLogger(__name__)

Choice = tuple[Action | None, Bot]
GIVE_UP_AFTER = 3  # pools in a row that broke before answering: processes do not work here, think in a thread


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class BotPool:
    """Bots' decisions in worker processes (`choose`); in a thread where no process can be started."""

    def __init__(self, workers: int | None = None, processes: bool = True) -> None:
        self.workers = workers or cores()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._starting = asyncio.Lock()
        self._deaths = 0  # pools broken one after the other (a worker killed, or one that cannot start)
        self.in_threads = not processes  # True: bots think in a thread (asked for, or no process would start)
        self.submitted = 0  # decisions sent to a worker process
        self.sent_bytes = 0  # what they cost on the way there (the pickled bot and state)
        self.pickling = 0.0  # seconds of the loop's CPU spent pickling them and reading the answers

    async def choose(self, ruleset: Ruleset[Any], bot: Bot, state: Any, seat: int) -> Choice:
        """The bot's move for `seat` and the bot after choosing it (use that one for its next move)."""
        if not self.in_threads:
            try:
                return await self._in_worker(ruleset.game, bot, state, seat)
            except (OSError, NotImplementedError, AssertionError, BrokenProcessPool) as exc:
                self._give_up_processes(exc)
        # The fallback keeps the loop responsive only as well as a thread can (see the module's doc), but a host
        # on a system without process support (no /dev/shm for the pool's locks, a daemon process that may not
        # have children, a sandbox) still plays: better a slower loop than a host that cannot seat a hard bot.
        action = await asyncio.to_thread(bot.choose, ruleset, state, seat)
        return action, bot

    async def _in_worker(self, game: str, bot: Bot, state: Any, seat: int) -> Choice:
        start = time.thread_time()
        data = dumps((game, bot, state, seat))
        self.pickling += time.thread_time() - start
        pool = await self._started()
        self.submitted += 1
        self.sent_bytes += len(data)
        answer = await asyncio.wrap_future(pool.submit(think, data))
        start = time.thread_time()
        action, after = loads(answer)
        self.pickling += time.thread_time() - start
        self._deaths = 0
        return action, after

    async def _started(self) -> concurrent.futures.ProcessPoolExecutor:
        """The pool, its processes started in a thread: starting one waits tens of ms on fork and exec."""
        async with self._starting:
            if self._pool is None:
                self._pool = await asyncio.to_thread(_start, self.workers)
            return self._pool

    def _give_up_processes(self, exc: BaseException) -> None:
        self._deaths += 1
        if isinstance(exc, BrokenProcessPool) and self._deaths < GIVE_UP_AFTER:
            # A worker died (killed, out of memory): start afresh with the next decision.
            log.warning("a bot worker process died (%s); starting new ones", exc)
            self._close_pool()
            return
        log.warning("bots think in a thread: cannot start worker processes (%s: %s)", type(exc).__name__, exc)
        self.in_threads = True
        self._close_pool()

    def _close_pool(self, wait: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def close(self) -> None:
        """End the worker processes and wait for them to exit (blocking; decisions being made are dropped)."""
        self._close_pool(wait=True)


def _start(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    context = multiprocessing.get_context("spawn")  # a fork would copy the host's threads and their locks
    pool = concurrent.futures.ProcessPoolExecutor(workers, context)
    pool.submit(abs, 0)  # the first submission starts the processes
    return pool


# -- what travels ------------------------------------------------------------------------------------------
class _Out(pickle.Pickler):
    """Pickles catalogues, boards and engines by name: each process builds its own once."""

    def persistent_id(self, obj: Any) -> Any:
        named = _NAMED.get(type(obj))  # asked of every object pickled: one look-up for all the others
        return None if named is None else named(obj)


class _In(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        kind, *names = pid
        return _BY_NAME[kind](*names)


def dumps(value: Any) -> bytes:
    out = io.BytesIO()
    pickler = _Out(out, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(value)
    return out.getvalue()


def loads(data: bytes) -> Any:
    return _In(io.BytesIO(data)).load()


@cache
def _catalog(game: str, packs: tuple[str, ...]) -> Any:
    """One catalogue per game and packs in each process (Munchkin's keeps its memo across decisions)."""
    return build_catalog(packs) if game == "munchkin" else load_catalog(packs)


def _ruleset(game: str) -> Ruleset[Any]:
    return registry.ruleset(game)


_BY_NAME: dict[str, Callable[..., Any]] = {"catalog": _catalog, "board": load_board, "ruleset": _ruleset}


def _board_name(board: Board) -> tuple[str, str]:
    """What `load_board` was given: a shipped board's name (its source is `NAME.toml`), else the file's path."""
    if board.source == f"{board.id}.toml" and load_board(board.id) is board:
        return ("board", board.id)
    return ("board", board.source)


def _engine_name(ruleset: Ruleset[Any]) -> tuple[str, str] | None:
    """A game's own engine by its name; any other (a test's wrapper) would travel whole."""
    return ("ruleset", ruleset.game) if registry.ruleset(ruleset.game) is ruleset else None


_NAMED: dict[type, Callable[[Any], Any]] = {
    MunchkinCatalog: lambda catalog: ("catalog", "munchkin", catalog.packs),
    WonderlandCatalog: lambda catalog: ("catalog", "wonderland", catalog.packs),
    Board: _board_name,
    **{type(registry.ruleset(game)): _engine_name for game in registry.GAMES},
}


MEMOS = ("fights", "moves")  # CachedWonderlandNormal's memos: what a fight or a next move is worth


def _without_memos(policy: CachedWonderlandNormal) -> tuple[Any, ...]:
    kept = {name: value for name, value in vars(policy).items() if name not in MEMOS}
    return (_policy, (type(policy), kept))


def _policy(kind: type[CachedWonderlandNormal], kept: dict[str, Any]) -> CachedWonderlandNormal:
    policy = object.__new__(kind)
    vars(policy).update(kept, **{name: {} for name in MEMOS})
    return policy


_DISPATCH = {**copyreg.dispatch_table, CachedWonderlandNormal: _without_memos}


@lru_cache(maxsize=8)
def _memo(board: str, packs: tuple[str, ...]) -> dict[str, dict[tuple[object, ...], float]]:
    """A worker's memos for one board and card packs, shared by every bot thinking about such a game."""
    return {name: {} for name in MEMOS}


def think(data: bytes) -> bytes:
    """In a worker: the bot's move and the bot after it, pickled the same way."""
    game, bot, state, seat = loads(data)
    for policy in (getattr(bot, "policy", None), getattr(bot, "playout_policy", None)):
        if isinstance(policy, CachedWonderlandNormal):
            vars(policy).update(_memo(_board_name(state.board)[1], state.catalog.packs))
    action = bot.choose(_ruleset(game), state, seat)
    return dumps((action, bot))
