"""Where shards of matches run: local processes (default) or tasks on a Ray cluster.

Both yield `(start, stop, tables)` as shards finish, in any order; the driver writes them.
Workers return their rows instead of writing files, so a Ray cluster needs no shared disk:
the matches table as a list of dicts (one per match, read by the summary), the decision
and card tables as Arrow tables.
"""
from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait


def run_shard(config, start: int, stop: int, run_id: str) -> tuple[int, int, dict[str, list[dict]]]:
    """Play matches start..stop-1 and return their rows by table."""
    from experiments.batch.match import play_match
    matches, decisions, cards = [], [], []
    for index in range(start, stop):
        row, dec, crd = play_match(config, index, run_id)
        matches.append(row)
        decisions.extend(dec)
        cards.extend(crd)
    tables: dict = {"matches": matches}
    # The bulky tables go back as Arrow tables: building them here, in the worker, and
    # pickling their column buffers costs far less than pickling thousands of dicts that
    # the driver would then convert itself, competing with the workers for a core.
    if config.log_decisions:
        tables["decisions"] = _arrow(decisions)
    if config.log_cards:
        tables["cards"] = _arrow(cards)
    return start, stop, tables


def _arrow(rows: list[dict]):
    import pyarrow as pa
    return pa.Table.from_pylist(rows) if rows else pa.table({})


def run_local(config, ranges: list[tuple[int, int]], run_id: str) -> Iterator[tuple]:
    """Run shards in this process (1 worker) or a process pool, keeping at most 2 per worker queued."""
    if config.workers == 1:
        for start, stop in ranges:
            yield run_shard(config, start, stop, run_id)
        return
    todo = list(ranges)
    with ProcessPoolExecutor(max_workers=config.workers) as pool:
        running = set()
        while todo or running:
            while todo and len(running) < 2 * config.workers:
                start, stop = todo.pop(0)
                running.add(pool.submit(run_shard, config, start, stop, run_id))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()


def run_ray(config, ranges: list[tuple[int, int]], run_id: str) -> Iterator[tuple]:
    """Run shards as Ray tasks (retried on lost workers) on an existing or local cluster."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise RuntimeError("the ray backend needs the 'ray' extra: pip install 'tcglab[ray]'") from exc
    started_here = False
    if not ray.is_initialized():
        kwargs = {"address": config.ray_address} if config.ray_address else {"num_cpus": config.workers}
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False, **kwargs)
        started_here = True
    remote = ray.remote(max_retries=3, retry_exceptions=False)(run_shard)
    try:
        todo = list(ranges)
        running = []
        limit = 2 * max(1, config.workers)
        while todo or running:
            while todo and len(running) < limit:
                start, stop = todo.pop(0)
                running.append(remote.remote(config, start, stop, run_id))
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def backend_for(name: str):
    """The shard iterator of a backend name."""
    return {"local": run_local, "ray": run_ray}[name]
