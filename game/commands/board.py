"""`sideways board submit|list|top|get`: send a replay to a board server and read its verified leaderboards."""

from __future__ import annotations

import json
import sys

from game.commands.common import CommandError, fail, ranged_number, write_output

PROG = "sideways board"
WAIT_S = 120.0  # how long `submit` waits for the verdict before answering "queued" (a Qualifying run verifies in seconds)
EPILOG = ("exit codes: 0 verified (or listed; or taken and still being verified), 1 refused by the server, 2 a bad "
          "argument or file, or the server unreachable (a submitted run then waits in the outbox)")


def add_parser(sub) -> None:
    """Register `board` and its four actions."""
    p = sub.add_parser("board", help="submit runs to a board server and read its verified leaderboards", epilog=EPILOG)
    actions = p.add_subparsers(dest="action", required=True)
    server_help = "the board server (default: Settings → Online)"
    s = actions.add_parser("submit", help="send a replay to be re-simulated and ranked", epilog=EPILOG)
    s.add_argument("file", help="a .swr replay (sessions are saved under SIDEWAYS_HOME/replays)")
    s.add_argument("--server", help=server_help)
    s.add_argument("--name", help="your name on the server, for the first submission there (default: Settings → Online)")
    s.add_argument("--no-wait", action="store_true", help="answer once the server has the run, without waiting for the verdict")
    s.add_argument("--json", action="store_true", help='print {"status", "board", "score", "rank", "run", "reason"} as one line')
    s.set_defaults(run=_submit)
    ls = actions.add_parser("list", help="the server's boards and how many runs each holds", epilog=EPILOG)
    ls.add_argument("--server", help=server_help)
    ls.add_argument("--json", action="store_true", help="print the server's boards document as one line")
    ls.set_defaults(run=_list)
    t = actions.add_parser("top", help="a board's best runs, and your own row", epilog=EPILOG)
    t.add_argument("board", help="a board id (from `sideways board list`)")
    t.add_argument("--server", help=server_help)
    t.add_argument("--limit", type=ranged_number("--limit", 1, 100, whole=True), default=20, help="rows to show, 1..100 (default 20)")
    t.add_argument("--json", action="store_true", help='print {"board", "rows", "you"} as one line')
    t.set_defaults(run=_top)
    g = actions.add_parser("get", help="download a run's replay (its digest checked)", epilog=EPILOG)
    g.add_argument("run_id", metavar="RUN_ID", help="a run id (16 hex digits)")
    g.add_argument("--server", help=server_help)
    g.add_argument("--out", required=True, metavar="FILE.swr", help="where to write the replay")
    g.set_defaults(run=_get)


def _online(args):
    """Settings → Online, with --server over its address: (server URL, settings); CommandError when neither names one."""
    from game.content.online_settings import check_url
    from game.content.settings import load_settings, settings_path

    loaded = load_settings(settings_path())
    if loaded.message:
        sys.stderr.write(f"{PROG}: {loaded.message}\n")
    online = loaded.settings.online
    if args.server is None and not online.server:
        raise CommandError("no server set; pass --server URL or set one in Settings → Online")
    try:
        return check_url(args.server, "--server") if args.server is not None else online.server.rstrip("/"), online
    except ValueError as e:
        raise CommandError(str(e)) from None


def _submit(args) -> int:
    from game.content.online_settings import MAX_NAME_CHARS, name_problem
    from game.content.replays import parse_replay
    from game.content.user_paths import display_path
    from game.net.board_client import NetError
    from game.net.submit import NeedName, submit
    from game.safe_json import DataError, read_bytes, shown
    from game.sim.replay.format import MAX_FILE_BYTES, ReplayError

    try:
        server, online = _online(args)
        label = display_path(args.file)
        try:
            data = read_bytes(args.file, label, MAX_FILE_BYTES)
            parse_replay(data, label)  # what this game cannot read is not sent
        except (DataError, ReplayError) as e:
            raise CommandError(str(e)) from None
        name = args.name if args.name is not None else online.name
        if args.name is not None and (name_problem(args.name) or not args.name.strip()):
            raise CommandError(f"--name must be printable text of 1 to {MAX_NAME_CHARS} characters, got {shown(args.name)}")
        result = submit(data, server, name, 0.0 if args.no_wait else WAIT_S)
    except (CommandError, NeedName, NetError) as e:
        return fail(PROG, str(e))
    if result.note:
        sys.stderr.write(f"{PROG}: {result.note}\n")
    code = {"verified": 0, "refused": 1}.get(result.status, 2 if result.reason else 0)
    if args.json:
        text = json.dumps(result.as_dict())
    elif result.status == "verified":
        text = f"{label}: verified on {result.board}: score {result.score:g}, rank {result.rank} (run {result.run})"
    elif result.status == "refused":
        text = f"{label}: refused: {result.reason}"
    elif result.reason:
        text = f"{label}: queued: {result.reason} (run {result.run})"
    else:
        text = f"{label}: queued as run {result.run}; the server is verifying it (see `sideways board top`)"
    written = write_output(None, PROG, lambda out: out.write(text + "\n"))
    return written or code


def _list(args) -> int:
    from game.net.board_client import BoardClient, NetError

    try:
        server, _ = _online(args)
        with BoardClient(server) as client:
            doc = client.boards()
    except (CommandError, NetError) as e:
        return fail(PROG, str(e))
    if args.json:
        return write_output(None, PROG, lambda out: out.write(json.dumps(doc) + "\n"))
    rows = [(b["id"], str(b["runs"]), b["title"]) for b in doc["boards"]]
    head = f"{server}: {len(rows)} board(s), physics {doc['physics']}"
    return write_output(None, PROG, lambda out: out.write("\n".join([head, *table(("BOARD", "RUNS", "TITLE"), rows, right=(1,))]) + "\n"))


def _top(args) -> int:
    from game.net.board_client import BoardClient, NetError
    from game.net.identity import identity_for

    try:
        server, _ = _online(args)
        ident, note = identity_for(server)
        if note:
            sys.stderr.write(f"{PROG}: {note}\n")
        with BoardClient(server) as client:
            doc = client.top(args.board, args.limit, ident.token if ident else None)
    except (CommandError, NetError) as e:
        return fail(PROG, str(e))
    if args.json:
        return write_output(None, PROG, lambda out: out.write(json.dumps(doc) + "\n"))

    def cells(r: dict) -> tuple[str, ...]:
        return (str(r["rank"]), r["player"], f"{r['score']:g}", r["car"], r["model"], r["date"][:10], r["run"])

    lines = [f"{doc['board']['title']} ({doc['board']['id']})"]
    lines += table(("RANK", "PLAYER", "SCORE", "CAR", "HANDLING", "DATE", "RUN"), [cells(r) for r in doc["rows"]], right=(0, 2))
    if not doc["rows"]:
        lines.append("no verified runs yet")
    you = doc["you"]
    if you is not None and all(r["run"] != you["run"] for r in doc["rows"]):
        lines.append(f"you: rank {you['rank']}, {you['score']:g} ({you['car']}, run {you['run']})")
    return write_output(None, PROG, lambda out: out.write("\n".join(_shown(line) for line in lines) + "\n"))


def _get(args) -> int:
    from game.content.atomic import write_bytes_atomic
    from game.content.user_paths import display_path
    from game.net.board_client import BoardClient, NetError

    try:
        server, _ = _online(args)
        with BoardClient(server) as client:
            got = client.replay(args.run_id)
        try:
            write_bytes_atomic(args.out, got.data)
        except OSError as e:
            raise CommandError(f"{display_path(args.out)}: cannot write ({e.strerror or e})") from None
    except (CommandError, NetError) as e:
        return fail(PROG, str(e))
    r = got.replay
    text = f"{display_path(args.out)}: run {args.run_id.strip().lower()}, {r.mode} on {r.track_id}, car {r.car_id} ({len(got.data)} bytes)"
    return write_output(None, PROG, lambda out: out.write(_shown(text) + "\n"))


def _shown(text: str) -> str:
    from game.safe_json import one_line

    return one_line(text)


def table(head: tuple[str, ...], rows: list[tuple[str, ...]], right: tuple[int, ...] = ()) -> list[str]:
    """Aligned columns, every cell escaped first (a name holding control characters or newlines stays in its cell)."""
    from game.safe_json import shown

    cells = [head, *[tuple(shown(c, 100, quote=False) for c in row) for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    return ["  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in cells]
