"""Where shards of matches run: this process, local worker processes, or tasks on a Ray cluster.

Every backend yields `(start, stop, tables)` as shards finish, in any order; the driver
writes them. `on_match(n)` (optional) is told as matches finish inside a shard, so a
progress bar moves with matches, not shards (local backends; Ray reports whole shards). Workers return their rows instead of writing files, so a Ray cluster needs
no shared disk: the matches table as a list of dicts (read by the summary), the decision
and card tables as Arrow tables.

Local workers never outlive their driver: each asks the kernel to kill it when its parent
dies (Linux `PR_SET_PDEATHSIG`) and also watches its parent id, so SIGTERM, SIGINT or
kill -9 of the driver leaves no process behind; workers ignore Ctrl-C, which the driver
handles. A worker that dies (killed, out of memory) breaks the pool: the pool is rebuilt
and the unfinished shards are submitted again, up to `LOCAL_RETRIES` times, as Ray
retries its lost tasks; then the run fails with a message. The driver looks for dead
workers itself: one killed halfway through sending its result leaves Python's pool reading
the rest forever, never reporting the pool broken.

`with kept_workers(n):` keeps one local pool of `n` workers for every batch run inside the
block, where each batch would otherwise fork its own: what a search playing many small
batches wants (`tcglab tune`, `tcglab sweep`, `tcglab decksearch`). `run_jobs` plays shards
of different configs on the same pool (a deck search's pairings); `run_tasks` runs other
work on such a pool (`experiments.strength`'s matches).
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from experiments.batch.match import play_match
from experiments.batch.reaper import cluster_pids, start_reaper, stop_reaper
from sim.core.errors import TcglabError

LOCAL_RETRIES = 3
RAY_RETRIES = 3


class WorkerLostError(TcglabError):
    """Local workers kept dying: the run stops instead of retrying forever."""


_TICK_FD = None  # in a local worker: a pipe's write end; one byte per finished match


def _tick_pipe(n: int) -> None:
    os.write(_TICK_FD, b"\x01" * n)  # a write under PIPE_BUF is atomic: no lock a killed worker could hold


def run_shard(config, start: int, stop: int, run_id: str, on_match=None) -> tuple[int, int, dict]:
    """Play matches start..stop-1 and return their rows by table."""
    matches, decisions, cards = [], [], []
    tick = on_match or (_tick_pipe if _TICK_FD is not None else None)
    for index in range(start, stop):
        row, dec, crd = play_match(config, index, run_id)
        if tick is not None:
            tick(1)
        matches.append(row)
        decisions.extend(dec)
        cards.extend(crd)
    tables: dict = {"matches": matches}
    # The bulky tables go back as Arrow tables: building them here, in the worker, and
    # pickling their column buffers costs far less than pickling thousands of dicts that
    # the driver would then convert itself, competing with the workers for a core.
    if config.log_decisions:
        tables["decisions"] = _arrow("decisions", decisions)
    if config.log_cards:
        tables["cards"] = _arrow("cards", cards)
    return start, stop, tables


def _arrow(table: str, rows: list[dict]):
    from experiments.batch.schema import to_arrow
    return to_arrow(table, rows)


def run_inline(config, ranges: list[tuple[int, int]], run_id: str, on_match=None) -> Iterator[tuple]:
    """Run shards one after another in this process."""
    for start, stop in ranges:
        yield run_shard(config, start, stop, run_id, on_match)


def _worker_init(parent: int, tick_fd: int | None, setup=None, setup_args: tuple = ()) -> None:
    """In each local worker: die with the parent, leave Ctrl-C to the driver, report matches,
    then call `setup(*setup_args)` if given."""
    global _TICK_FD
    _TICK_FD = tick_fd
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us when the parent dies
    except (OSError, AttributeError):
        pass  # not Linux: the watchdog below does the job, a little later
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="tcglab-parent-watch").start()
    _one_torch_thread()
    if setup is not None:
        setup(*setup_args)


def _one_torch_thread() -> None:
    """In a forked worker of a driver that has run torch (a `ppo:` agent checked or played
    there): one intra-op thread. The thread pool the driver started does not survive the
    fork, and the worker's first parallel forward pass waited on it forever. Workers run
    side by side, so one thread each is also what they should use."""
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def local_pool(workers: int, tick_fd: int | None = None) -> ProcessPoolExecutor:
    """A pool of `workers` forked processes set up as the local backend's (they die with this
    process and leave Ctrl-C to it); `tick_fd` receives one byte per finished match. Callers
    that play many small configs (a deck search) submit `run_shard` to it themselves."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_worker_init, initargs=(os.getpid(), tick_fd),
                               mp_context=multiprocessing.get_context("fork"))


def run_tasks(workers: int, fn, tasks: list[tuple], setup=None, setup_args: tuple = (),
              start_method: str = "spawn") -> Iterator[tuple[int, object]]:
    """Call `fn(*task)` for each of `tasks` on `workers` local processes started by
    `start_method`, each first running `setup(*setup_args)`, and yield `(index in tasks,
    result)` as each finishes: the pool of `run_jobs` (workers die with this process, ignore
    Ctrl-C, are replaced when one dies, up to `LOCAL_RETRIES` times) for work other than
    shards of a run, such as `experiments.strength`'s matches. `fn` and `setup` must be
    module-level functions; "spawn" suits workers that load torch models."""
    def make_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=workers, initializer=_worker_init,
                                   initargs=(os.getpid(), None, setup, setup_args),
                                   mp_context=multiprocessing.get_context(start_method))
    yield from _run_pools(workers, fn, tasks, list(range(len(tasks))), make_pool)


class _KeptPool:
    """The pool `kept_workers` keeps (made at the first batch) and the pipe its workers tick."""

    def __init__(self) -> None:
        self.pool: ProcessPoolExecutor | None = None
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.read_fd, False)

    def close(self) -> None:
        if self.pool is not None:
            stop_pool(self.pool)
        for fd in (self.read_fd, self.write_fd):
            os.close(fd)


_KEPT: dict[int, _KeptPool] = {}
"""The worker counts `kept_workers` keeps a pool for."""


@contextmanager
def kept_workers(workers: int) -> Iterator[None]:
    """Inside the block, batches on the local backend with `workers` workers share one
    `local_pool`, forked at the first batch and stopped when the block ends, instead of a pool
    forked and stopped per batch. Every fork costs the driver more than the fork: the next
    time it writes each page of its memory, the kernel copies or remaps it. For a tune's
    trials, or a sweep's cells and early-stopping chunks, of a few hundred matches each, that
    was a large part of a batch. Workers keep nothing between shards (each shard loads its
    game and agents from its config), so the matches are the same. The workers always tick
    one pipe; a batch without `on_match` drains it unread. A pool broken by a dead worker, or
    left by an error or an interrupt, is stopped; the next batch forks a new one. Nested
    blocks for the same count share the outer block's pool."""
    if workers < 2 or workers in _KEPT:
        yield
        return
    kept = _KEPT[workers] = _KeptPool()
    try:
        yield
    finally:
        del _KEPT[workers]
        kept.close()


def run_local(config, ranges: list[tuple[int, int]], run_id: str, on_match=None) -> Iterator[tuple]:
    """Run shards in a pool of `config.workers` processes, at most 2 per worker queued;
    a broken pool (a worker died) is rebuilt and its unfinished shards resubmitted."""
    jobs = [(config, start, stop, run_id) for start, stop in ranges]
    try:
        for _, result in run_jobs(config.workers, jobs, on_match):
            yield result
    except WorkerLostError as exc:
        raise WorkerLostError(f"{exc}: run again with --resume") from None


def run_jobs(workers: int, jobs: list[tuple], on_match=None) -> Iterator[tuple[int, tuple]]:
    """Play `jobs`, each `(config, start, stop, run_id)` (configs may differ: a deck search's
    pairings), on `workers` local processes (one: in this process), and yield
    `(index in jobs, run_shard's result)` as each finishes. Inside `kept_workers(workers)`
    they run on the kept pool. A worker that dies is noticed within half a second, even one
    killed halfway through sending its result (which leaves the pool itself waiting forever):
    the pool is stopped, a new one forked and the unfinished jobs submitted again, up to
    `LOCAL_RETRIES` times; then `WorkerLostError`."""
    if workers == 1:
        for index, (config, start, stop, run_id) in enumerate(jobs):
            yield index, run_shard(config, start, stop, run_id, on_match)
        return
    todo = list(range(len(jobs)))
    kept = _KEPT.get(workers)
    if kept is not None:
        _drain(kept.read_fd, None)  # ticks an interrupted batch left
        yield from _run_pools(workers, run_shard, jobs, todo, lambda: local_pool(workers, kept.write_fd), on_match,
                              kept.read_fd, kept)
        return
    read_fd, write_fd = os.pipe() if on_match is not None else (None, None)
    if read_fd is not None:
        os.set_blocking(read_fd, False)
    try:
        yield from _run_pools(workers, run_shard, jobs, todo, lambda: local_pool(workers, write_fd), on_match,
                              read_fd)
    finally:
        for fd in (read_fd, write_fd):
            if fd is not None:
                os.close(fd)


def _drain(read_fd: int, on_match) -> None:
    """Tell `on_match` (None: nobody) of every match the workers finished since the last call."""
    while True:
        try:
            data = os.read(read_fd, 65536)
        except BlockingIOError:
            return
        if not data:
            return
        if on_match is not None:
            on_match(len(data))


def _lost_worker(pool: ProcessPoolExecutor) -> bool:
    """Whether a worker of `pool` has exited (the pool's own check misses one killed mid-result)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            if proc.exitcode is not None:
                return True
        except ValueError:  # closed by the pool: it was joined, so it has exited
            return True
    return False


def _run_pools(workers: int, fn, jobs: list[tuple], todo: list[int], make_pool, on_match=None, read_fd=None,
               kept: _KeptPool | None = None) -> Iterator[tuple[int, object]]:
    """The pool loop of run_jobs and run_tasks: `fn(*jobs[i])` for i in `todo` on a pool from
    `make_pool`, a new one after each broken one, up to LOCAL_RETRIES; the `kept` pool (of
    `kept_workers`) is used, and left running when every job came back."""
    failures = 0
    while todo:
        pool = (kept.pool if kept is not None else None) or make_pool()
        if kept is not None:
            kept.pool = pool
        running: dict = {}
        finished_all = False
        try:
            while todo or running:
                while todo and len(running) < 2 * workers:
                    running[pool.submit(fn, *jobs[todo[0]])] = todo[0]
                    todo.pop(0)  # only once submitted: a broken pool refuses the submit
                finished, _ = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
                if read_fd is not None:
                    _drain(read_fd, on_match)
                for fut in finished:
                    index = running.pop(fut)
                    try:
                        result = fut.result()
                    except BrokenProcessPool:
                        todo.insert(0, index)
                        continue
                    yield index, result
                if not finished and _lost_worker(pool):
                    raise BrokenProcessPool("a local worker died")
            finished_all = True
        except BrokenProcessPool:
            pass
        finally:
            todo[:0] = sorted(running.values())
            if kept is None or not finished_all:
                stop_pool(pool)
                if kept is not None:
                    kept.pool = None
        if todo:
            failures += 1
            if failures > LOCAL_RETRIES:
                raise WorkerLostError(f"local workers died {failures} times (killed, or out of memory?); "
                                      f"{len(todo)} of {len(jobs)} tasks not done")


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a `local_pool` now: cancel queued shards and kill its workers (they hold nothing to
    save), then wait for the pool's manager thread, so that the interpreter's exit never waits
    on it (what a run does when it is interrupted or fails)."""
    # No public way to reach these: the first shutdown call below drops the pool's references.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.kill()
    for proc in processes:
        proc.join(timeout=5)
    writer = getattr(results, "_writer", None)
    if writer is not None:
        # A worker killed while sending its result leaves the manager thread blocked reading the
        # rest of that message, which no process will write. This process holds the last write
        # end of the result pipe (the workers' copies died with them): closing it gives the reader
        # EOF, so the manager thread takes the pool as broken and ends.
        writer.close()
    if manager is not None:
        manager.join(timeout=30)
    if results is not None and (manager is None or not manager.is_alive()):
        results.close()


def run_ray(config, ranges: list[tuple[int, int]], run_id: str, on_match=None) -> Iterator[tuple]:
    """Run shards as Ray tasks (retried on lost workers) on the cluster `connect_ray` joined;
    stopping the generator early cancels the tasks still running."""
    import ray
    remote = ray.remote(max_retries=RAY_RETRIES, retry_exceptions=False)(run_shard)
    todo = list(ranges)
    running: list = []
    limit = 2 * max(1, config.workers)
    try:
        while todo or running:
            while todo and len(running) < limit:
                start, stop = todo.pop(0)
                running.append(remote.remote(config, start, stop, run_id))
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                start, stop, tables = ray.get(ref)
                if on_match is not None:
                    on_match(stop - start)
                yield start, stop, tables
    finally:
        for ref in running:
            ray.cancel(ref, force=True)


def connect_ray(address: str | None, workers: int):
    """Join the Ray cluster at `address` (or start a local one with `workers` CPUs);
    returns a function that disconnects (and stops a local cluster started here). A local
    cluster's processes never outlive this process: `experiments.batch.reaper` stops them
    when it exits, even by SIGKILL."""
    try:
        import ray
    except ImportError:
        raise TcglabError("the ray backend needs the extra 'ray': install with: pip install -e '.[ray]'") from None
    if ray.is_initialized():
        return lambda: None
    if address:
        _probe(address)
    kwargs = {"address": address} if address else {"num_cpus": workers}
    try:
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False, **kwargs)
    except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError...
        where = f"the Ray cluster at {address!r}" if address else "a local Ray cluster"
        text = str(exc).strip().splitlines()
        raise TcglabError(f"cannot reach {where}: {text[0] if text else type(exc).__name__}") from None
    if address:
        return ray.shutdown
    reaper = start_reaper(cluster_pids(os.getpid()))

    def disconnect() -> None:
        try:
            ray.shutdown()
        finally:
            stop_reaper(reaper)
    return disconnect


def _probe(address: str, seconds: float = 5.0) -> None:
    """Refuse at once a host:port nothing listens on (Ray itself would retry for minutes)."""
    import socket
    target = address.split("://", 1)[-1]
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto" and other forms Ray resolves itself
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=seconds).close()
    except OSError as exc:
        raise TcglabError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


def backend_for(name: str):
    """The shard iterator of a backend name ("local" or "ray")."""
    return {"local": run_local, "ray": run_ray}[name]
