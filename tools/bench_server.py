"""Benchmark the Sideways server on SQLite (the embedded default) and on PostgreSQL (a temporary cluster it starts and
stops): figures printed, never asserted.

  (1) verified runs per second with 1 and with 2 verifying processes: N distinct Qualifying runs (the tests' recorded
      run, its "created" varied) submitted at once over loopback, timed from the first submit to the last verdict
      (after one warm-up run per process);
  (2) board read latency p50/p95 and requests/s with R concurrent readers (asyncio + httpx) on GET
      /api/v1/boards/{id} (top 20) and on the board's web page, against the board those runs ranked on;
  (3) a board of M generated rows (players, runs and board rows bulk-inserted with SQLAlchemy in the server's own
      tables): the store's top-20, board document (its row count) and own-rank queries (the functions the API calls; p50 of
      repeated calls), the same over HTTP, the boards listing, and the database's size.

Each server is a real `sideways server` subprocess (tests/support/board_server.py), with the read and submit rate
limits raised through SIDEWAYS_SERVER_LIMIT_*.

    python3 tools/bench_server.py [--backend sqlite|postgres|both] [--runs N] [--readers N] [--rows N] [--json FILE]
    python3 tools/bench_server.py --quick            # a small smoke version (a few runs, 10,000 rows)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMITS = {"SIDEWAYS_SERVER_LIMIT_READ_PER_ADDRESS": "10000000/minute", "SIDEWAYS_SERVER_LIMIT_SUBMIT_PER_PLAYER": "100000/minute",
          "SIDEWAYS_SERVER_LIMIT_SUBMIT_PER_ADDRESS": "100000/minute", "SIDEWAYS_SERVER_LIMIT_REGISTER_PER_ADDRESS": "100000/minute"}
PLAYERS = 20  # the runs of (1) are shared among this many players: the read board of (2) has this many rows
CHUNK = 20_000  # generated rows per insert


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) of the values, nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def ms(values: list[float]) -> dict:
    """p50/p95 in milliseconds of durations in seconds."""
    return {"p50_ms": round(pct(values, 50) * 1000, 2), "p95_ms": round(pct(values, 95) * 1000, 2), "n": len(values)}


# --- (1) verified runs per second -----------------------------------------------------------------------------------


def submit_all(url: str, tokens: list[str], files: list[bytes]) -> list[str]:
    """Every file submitted at once (20 threads), player i % len(tokens): the run ids, each accepted (202/200)."""
    from tests.support.board_server import submit

    def one(i: int) -> str:
        r = submit(url, tokens[i % len(tokens)], files[i])
        if r.status_code not in (200, 202):
            raise SystemExit(f"bench_server: submission {i} answered {r.status_code}: {r.text[:200]}")
        return r.json()["run"]

    with ThreadPoolExecutor(20) as pool:
        return list(pool.map(one, range(len(files))))


def wait_judged(engine, total: int, timeout_s: float = 1800) -> dict:
    """Poll the server's own database until `total` runs are judged; the counts by status."""
    from game.server.ledger import counts

    deadline = time.monotonic() + timeout_s
    while True:
        c = counts(engine)
        if c.get("verified", 0) + c.get("refused", 0) >= total:
            return c
        if time.monotonic() > deadline:
            raise SystemExit(f"bench_server: runs still unjudged after {timeout_s:.0f} s: {c}")
        time.sleep(0.02)


def verify_rate(server, runs: int, workers: int, first: int) -> dict:
    """(1) on a fresh server: `workers` warm-up runs, then `runs` runs at once; runs/s from first submit to last verdict."""
    from tests.support.board_runs import qualifying_run, variant
    from tests.support.board_server import register

    tokens = [register(server.url, f"bench {i}") for i in range(PLAYERS)]
    engine = server.engine()
    try:
        warmups = [variant(qualifying_run(), first + i) for i in range(workers)]
        submit_all(server.url, tokens, warmups)
        wait_judged(engine, workers)
        files = [variant(qualifying_run(), first + workers + i) for i in range(runs)]
        t0 = time.perf_counter()
        submit_all(server.url, tokens, files)
        submitted = time.perf_counter() - t0
        c = wait_judged(engine, workers + runs)
        wall = time.perf_counter() - t0
    finally:
        engine.dispose()
    rate = runs / wall
    return {"workers": workers, "runs": runs, "verified": c.get("verified", 0) - workers, "refused": c.get("refused", 0),
            "submit_s": round(submitted, 2), "wall_s": round(wall, 2), "runs_per_s": round(rate, 2), "per_worker": round(rate / workers, 2)}


# --- (2) board reads under concurrent readers ------------------------------------------------------------------------


async def _read(url: str, readers: int, per_reader: int) -> dict:
    import httpx

    latencies: list[float] = []

    async def reader(client) -> None:
        for _ in range(per_reader):
            t = time.perf_counter()
            r = await client.get(url)
            latencies.append(time.perf_counter() - t)
            if r.status_code != 200:
                raise SystemExit(f"bench_server: GET {url} answered {r.status_code}: {r.text[:200]}")

    limits = httpx.Limits(max_connections=readers, max_keepalive_connections=readers)
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        await client.get(url)
        t0 = time.perf_counter()
        await asyncio.gather(*(reader(client) for _ in range(readers)))
        wall = time.perf_counter() - t0
    return {**ms(latencies), "req_per_s": round(len(latencies) / wall, 1), "readers": readers}


def read_latency(server, board: str, readers: int, per_reader: int) -> dict:
    """(2): the API's top 20 and the board's web page, each with `readers` concurrent readers."""
    return {"api_top20": asyncio.run(_read(f"{server.url}api/v1/boards/{board}?limit=20", readers, per_reader)),
            "web_page": asyncio.run(_read(f"{server.url}boards/{board}", readers, per_reader))}


# --- (3) a board of many generated rows ------------------------------------------------------------------------------


def generate(engine, board, rows: int, seed: int = 7) -> list[tuple[str, float]]:
    """`rows` players, each with one verified run and its row on `board` (scores 0-100 to 0.1, so ties happen, as on a
    Qualifying board), inserted in chunks; (player id, score) of each, in insert order."""
    from game.server.db import now
    from game.server.ledger import token_hash
    from game.server.tables import VERIFIED, board_rows, boards, players, runs
    from game.server.work import verify_bytes
    from game.sim.physics_version import PHYSICS_VERSION
    from tests.support.board_runs import qualifying_run

    verdict = verify_bytes(qualifying_run())
    breakdown, stamp = verdict.breakdown, now()
    rng = random.Random(seed)
    out = []
    with engine.begin() as c:
        c.execute(boards.insert().values(id=board.id, physics=PHYSICS_VERSION, doc=board.as_dict()))
    for lo in range(0, rows, CHUNK):
        ps, rs, bs = [], [], []
        for i in range(lo, min(rows, lo + CHUNK)):
            pid, score = f"{i:016x}", round(rng.uniform(0, 100), 1)
            at = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i // 60) % 60:02d}Z"
            ps.append({"id": pid, "name": f"player {i}", "name_key": f"player {i}", "token_hash": token_hash(f"bench-{i}"), "created": stamp})
            rs.append({"id": pid, "sha256": f"{i:064x}", "player_id": pid, "board_id": board.id, "status": VERIFIED, "score": score,
                       "car": "hatch", "model": "arcade", "created": "2026-01-01T12:00:00", "submitted_at": at, "verified_at": at,
                       "reason": "", "breakdown": breakdown | {"score": score, "total": score}, "physics": PHYSICS_VERSION, "size": 2709,
                       "attempts": 1})
            bs.append({"board_id": board.id, "player_id": pid, "run_id": pid, "score": score, "at": at})
            out.append((pid, score))
        with engine.begin() as c:
            c.execute(players.insert(), ps)
            c.execute(runs.insert(), rs)
            c.execute(board_rows.insert(), bs)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        from sqlalchemy import text

        c.execute(text("ANALYZE"))
        if engine.dialect.name == "postgresql":
            c.execute(text("VACUUM"))  # the visibility map an index-only count needs, as autovacuum would leave it
    return out


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def picks(made: list[tuple[str, float]]) -> dict[str, int]:
    """Players to look up: the leader, one ranked in the middle, the last (index into `made`)."""
    order = sorted(range(len(made)), key=lambda i: -made[i][1])
    return {"first": order[0], "middle": order[len(order) // 2], "last": order[-1]}


def big_board(engine, board, rows: int, repeat: int) -> dict:
    """(3) in-process: generate, then the store's top 20, own rank (leader, middle, last) and boards listing."""
    from game.server.blobs import FileBlobs
    from game.server.store import Store
    from game.sim.physics_version import PHYSICS_VERSION

    t0 = time.perf_counter()
    made = generate(engine, board, rows)
    out: dict = {"rows": rows, "generate_s": round(time.perf_counter() - t0, 1)}
    store = Store(engine, FileBlobs(Path(tempfile.gettempdir())), lambda: (board,), PHYSICS_VERSION)
    out["store_top20"] = ms(timed(lambda: store.top(board.id, 20), repeat))
    out["store_board_doc"] = ms(timed(lambda: store.board(board.id), repeat))  # the board's document with its row count
    for where, i in picks(made).items():
        pid = made[i][0]
        rank = store.top(board.id, 20, pid)[1]["rank"]
        out[f"store_own_rank_{where}"] = {**ms(timed(lambda pid=pid: store.top(board.id, 20, pid), repeat)), "rank": rank}
    out["store_boards_listing"] = ms(timed(store.boards_with_counts, max(3, repeat // 4)))
    out["size_mb"] = size_mb(engine)
    out["picks"] = {k: made[i][0] for k, i in picks(made).items()}
    out["picks_index"] = {k: i for k, i in picks(made).items()}
    return out


def size_mb(engine) -> dict:
    """The database's size in MB: the whole, and per table (PostgreSQL: with its indexes and TOAST)."""
    from sqlalchemy import text

    with engine.connect() as c:
        if engine.dialect.name == "postgresql":
            tables = {t: c.execute(text("SELECT pg_total_relation_size(:t)"), {"t": t}).scalar() for t in ("players", "runs", "board_rows")}
            total = c.execute(text("SELECT pg_database_size(current_database())")).scalar()
        else:
            c.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            total = c.execute(text("PRAGMA page_count")).scalar() * c.execute(text("PRAGMA page_size")).scalar()
            try:
                rows = c.execute(text("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")).all()
                tables = {}
                for name, size in rows:  # each table with its indexes (sqlite_autoindex_T_N, and ours named T_...)
                    owner = next((t for t in ("board_rows", "players", "runs") if t in name), None)
                    if owner:
                        tables[owner] = tables.get(owner, 0) + size
            except Exception:  # a SQLite built without dbstat: the total only
                tables = {}
    return {"total": round(total / 1e6, 1), **{t: round(v / 1e6, 1) for t, v in tables.items()}}


async def _sequential(url: str, repeat: int, token: str | None = None) -> dict:
    import httpx

    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(timeout=120, headers=headers) as client:
        r = await client.get(url)
        if r.status_code != 200:
            raise SystemExit(f"bench_server: GET {url} answered {r.status_code}: {r.text[:200]}")
        lat = []
        for _ in range(repeat):
            t = time.perf_counter()
            await client.get(url)
            lat.append(time.perf_counter() - t)
    return ms(lat)


def big_board_http(server, board: str, found: dict, repeat: int) -> dict:
    """(3) over HTTP, one request at a time: the top 20 (anonymous, and with the middle and last players' tokens: their
    own rank), the board's web page and the boards listing."""
    api = f"{server.url}api/v1/boards/{board}"
    idx = found["picks_index"]
    out = {"http_top20": asyncio.run(_sequential(api, repeat))}
    for where in ("middle", "last"):
        out[f"http_top20_own_rank_{where}"] = asyncio.run(_sequential(api, repeat, f"bench-{idx[where]}"))
    out["http_web_page"] = asyncio.run(_sequential(f"{server.url}boards/{board}", repeat))
    out["http_boards_listing"] = asyncio.run(_sequential(f"{server.url}api/v1/boards", max(3, repeat // 4)))
    return out


# --- one backend -----------------------------------------------------------------------------------------------------


def bench_backend(backend: str, args, stack: ExitStack, tmp: Path) -> dict:
    from game.server.boards import boards_of
    from game.server.config import ServerConfig
    from game.server.db import migrate, open_engine
    from game.server.shipped import Shipped
    from tests.support.board_runs import QUALIFYING_BOARD
    from tests.support.board_server import board_server

    cluster = None
    if backend == "postgres":
        from tests.support.pg_cluster import PgCluster

        cluster = PgCluster()
        stack.callback(cluster.stop)
    out: dict = {"backend": backend, "verify": [], "reads": None}
    for i, workers in enumerate((1, 2)):
        database = cluster.database() if cluster else ""
        print(f"[{backend}] verifying {args.runs} runs with {workers} worker(s)...", file=sys.stderr, flush=True)
        with board_server(tmp / f"{backend}-verify-{workers}", database, workers, env=LIMITS) as server:
            out["verify"].append(verify_rate(server, args.runs, workers, first=100_000 * (i + 1)))
            if workers == 2:
                print(f"[{backend}] reading with {args.readers} readers...", file=sys.stderr, flush=True)
                out["reads"] = {"board_rows": min(PLAYERS, args.runs), **read_latency(server, QUALIFYING_BOARD, args.readers, args.per_reader)}
    board = next(b for b in boards_of(Shipped.load()) if b.id == QUALIFYING_BOARD)
    folder = tmp / f"{backend}-big"
    database = cluster.database() if cluster else ""
    (folder / "data" / "replays").mkdir(parents=True)
    engine = open_engine(ServerConfig(data=folder / "data", database=database).url)
    try:
        migrate(engine)
        print(f"[{backend}] generating a board of {args.rows:,} rows...", file=sys.stderr, flush=True)
        big = big_board(engine, board, args.rows, args.repeat)
    finally:
        engine.dispose()
    with board_server(folder, database, 1, env=LIMITS) as server:
        big.update(big_board_http(server, board.id, big, args.repeat))
    out["big_board"] = big
    return out


def show(r: dict) -> None:
    """One backend's short table."""
    print(f"\n== {r['backend']} ==  ({r['cores']} cores; load average {r['load_before'][0]} before, {r['load_after'][0]} after)")
    for v in r["verify"]:
        print(f"verify  {v['workers']} worker(s): {v['runs']} runs in {v['wall_s']:.2f} s = {v['runs_per_s']:.2f} runs/s, "
              f"{v['per_worker']:.2f} per worker  (verified {v['verified']}, refused {v['refused']})")
    reads = r["reads"]
    for key, label in (("api_top20", "GET /api/v1/boards/{id}"), ("web_page", "GET /boards/{id} (page)")):
        x = reads[key]
        print(f"read    {label:28} {x['readers']} readers, {reads['board_rows']} rows: p50 {x['p50_ms']:.1f} ms  p95 {x['p95_ms']:.1f} ms  "
              f"{x['req_per_s']:.0f} req/s  ({x['n']} requests)")
    big = r["big_board"]
    print(f"board   {big['rows']:,} rows (generated in {big['generate_s']:.0f} s), p50 of repeated calls:")
    for key in [k for k in big if k.startswith(("store_", "http_"))]:
        x = big[key]
        rank = f"  (rank {x['rank']:,})" if "rank" in x else ""
        print(f"        {key:30} p50 {x['p50_ms']:8.2f} ms  p95 {x['p95_ms']:8.2f} ms{rank}")
    size = big["size_mb"]
    print("size    " + ", ".join(f"{k} {v:,.1f} MB" for k, v in size.items()))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both", help="the database(s) to run on (default both)")
    p.add_argument("--runs", type=int, default=60, help="runs submitted at once for the verification rate (default 60)")
    p.add_argument("--readers", type=int, default=50, help="concurrent readers for the read latency (default 50)")
    p.add_argument("--per-reader", type=int, default=20, help="requests per reader for each read (default 20)")
    p.add_argument("--rows", type=int, default=1_000_000, help="rows of the generated board (default 1,000,000)")
    p.add_argument("--repeat", type=int, default=40, help="calls timed for each query on the generated board (default 40)")
    p.add_argument("--quick", action="store_true", help="a small smoke version: 4 runs, 10 readers x 5, 10,000 rows, 8 calls")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    args = p.parse_args(argv)
    if args.quick:
        args.runs, args.readers, args.per_reader, args.rows, args.repeat = 4, 10, 5, 10_000, 8
    for name in ("runs", "readers", "per_reader", "rows", "repeat"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    if "postgres" in backends:
        from tests.support.pg_cluster import pg_bin

        if pg_bin() is None:
            p.error("PostgreSQL is not installed (sudo apt-get install postgresql); use --backend sqlite")
    results = []
    with tempfile.TemporaryDirectory(prefix="sideways-bench-server-") as tmp:
        for backend in backends:
            load = os.getloadavg()
            with ExitStack() as stack:
                results.append({**bench_backend(backend, args, stack, Path(tmp)), "cores": os.cpu_count(),
                                "load_before": [round(x, 1) for x in load], "load_after": [round(x, 1) for x in os.getloadavg()]})
            show(results[-1])
    if args.json:
        Path(args.json).write_text(json.dumps({"args": vars(args), "results": results}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
