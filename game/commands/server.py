"""`sideways server [--port N] [--host H] [--database URL] [--data DIR] [--workers N]`: the verified leaderboards, and
`sideways server worker --database postgresql://... [--workers N]`: verifying processes for a PostgreSQL deployment."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import signal
import socket
from pathlib import Path

from game.commands.common import CommandError, fail
from game.safe_json import shown

PROG = "sideways server"
NEEDS = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "procrastinate", "psycopg", "limits", "jinja2")


def add_parser(sub) -> None:
    """Register `server` and its `worker` subcommand."""
    p = sub.add_parser("server", help="serve verified leaderboards (needs the server extra: pip install -e \".[server]\")",
                       epilog="exit codes: 0 stopped by SIGINT/SIGTERM, 2 a bad argument, an unusable data folder or database")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0 picks a free one, printed when ready)")
    p.add_argument("--database", default="", help="postgresql://USER@HOST/DB for a deployment past one machine (this process then only "
                                                  "serves; `sideways server worker` verifies); default: SQLite under --data")
    p.add_argument("--data", help="the server's folder: its SQLite boards and accepted replays (default: SIDEWAYS_HOME/server)")
    p.add_argument("--workers", type=_workers, help="verifying processes (default: one per core)")
    p.set_defaults(run=run, server_command=None)
    sub2 = p.add_subparsers(dest="server_command", parser_class=type(p))
    w = sub2.add_parser("worker", help="verify runs from a PostgreSQL server's queue (any number of machines)")
    w.add_argument("--database", required=True, help="postgresql://USER@HOST/DB, the same the API serves from")
    w.add_argument("--workers", type=_workers, help="verifying processes (default: one per core)")
    w.set_defaults(run=run_worker)


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"--port must be a whole number from 0 to 65535, got {shown(text)}")
    return int(text)


def _workers(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 256:
        raise argparse.ArgumentTypeError(f"--workers must be a whole number from 1 to 256, got {shown(text)}")
    return int(text)


def check_extra() -> None:
    """The server's libraries are installed, or one line says how to install them."""
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing:
        raise CommandError(f"the server needs its extra (missing {', '.join(missing)}): pip install -e \".[server]\"")


def config_of(args, worker: bool = False):
    """The ServerConfig the arguments describe; the data folder made; the database reachable and migrated."""
    from game import paths
    from game.server.config import ConfigError, ServerConfig, check_database, default_workers, limits_from_env, timing_from_env
    from game.server.db import DatabaseError, describe, migrate, open_engine

    try:
        database = check_database(args.database)
        timing = timing_from_env()
        limits = limits_from_env()
    except ConfigError as e:
        raise CommandError(str(e)) from None
    data = Path(args.data) if getattr(args, "data", None) else paths.user_home() / "server"
    config = ServerConfig(data=data, database=database, host=getattr(args, "host", "127.0.0.1"), port=getattr(args, "port", 0),
                          workers=args.workers or default_workers(), limits=limits, **timing)
    if worker and not config.postgres:
        raise CommandError("a worker verifies for a PostgreSQL server: pass --database postgresql://USER@HOST/DB "
                           "(the embedded server verifies in its own processes)")
    if not config.postgres:
        try:
            (data / "replays").mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CommandError(f"--data {shown(str(data))}: cannot use the folder ({e.strerror or e})") from None
    try:
        engine = open_engine(config.url)
        try:
            migrate(engine)
            if config.postgres:
                from game.server.queue_pg import ensure_schema

                ensure_schema(engine)
        finally:
            engine.dispose()
    except DatabaseError as e:
        raise CommandError(str(e)) from None
    except Exception as e:  # the driver's own errors: unreachable host, bad credentials, a file that is no database
        raise CommandError(f"cannot open the database: {describe(e)}") from None
    return config


def run(args) -> int:
    """Serve until SIGINT/SIGTERM; one line when the server is ready."""
    try:
        check_extra()
        config = config_of(args)
        sock = _bind(config.host, config.port)
    except CommandError as e:
        return fail(PROG, str(e))
    import uvicorn

    from game.server.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(config), log_level="warning", access_log=False, lifespan="on"))
    port = sock.getsockname()[1]
    host = f"[{config.host}]" if ":" in config.host else config.host

    async def main() -> None:
        serving = asyncio.ensure_future(server.serve(sockets=[sock]))
        while not server.started and not serving.done():
            await asyncio.sleep(0.02)
        if server.started:
            print(f"Sideways server ready at http://{host}:{port}/", flush=True)
        await serving

    for sig in (signal.SIGINT, signal.SIGTERM):  # uvicorn stops gracefully on these, then raises them again: ours ignore that
        signal.signal(sig, lambda *_: None)
    asyncio.run(main())
    return 0 if server.started else fail(PROG, "the server stopped while starting (see the log above)")


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so a port in use is one line (and port 0 gets its real number)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise CommandError(f"--host {shown(host)}: no such address") from None
    family, kind, proto, _name, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise CommandError(f"cannot listen on {shown(host)} port {port}: {e.strerror or e}") from None
    sock.set_inheritable(True)
    return sock


def run_worker(args) -> int:
    """Verify jobs from the PostgreSQL queue until SIGINT/SIGTERM."""
    prog = f"{PROG} worker"
    try:
        check_extra()
        config = config_of(args, worker=True)
    except CommandError as e:
        return fail(prog, str(e))
    from game.server.worker import run_workers

    return run_workers(config, lambda: print(f"Sideways worker ready: {config.workers} verifying processes", flush=True))

