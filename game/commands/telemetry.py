"""`sideways telemetry listen`: receive and decode the Forza Dash packets a drive sends (for checking a dashboard's setup);
and `--telemetry HOST:PORT`, the flag play and replay share."""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time

from game.commands.common import fail, ranged_number
from game.content.telemetry_settings import DEFAULT_HOST, DEFAULT_PORT, parse_target, port_problem
from game.safe_json import shown

MAX_COUNT = 10**9  # listen --count: packets (a day at 60 a second is 5.2 million)
MAX_TIMEOUT_S = 3600.0  # listen --timeout: seconds without a packet

LINE = "{CurrentRaceTime:8.2f}s {race} {kmh:6.1f} km/h {CurrentEngineRpm:5.0f}/{EngineMaxRpm:.0f} rpm gear {gear} " \
       "thr {Accel:3d} brk {Brake:3d} steer {Steer:4d} pos ({PositionX:.1f}, {PositionY:.1f}, {PositionZ:.1f}) " \
       "dist {DistanceTraveled:.1f} m score {Boost:.0f}"


def telemetry_arg(text: str):
    """--telemetry HOST:PORT -> TelemetrySettings (enabled); an argparse error line otherwise."""
    try:
        return parse_target(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_telemetry_arg(p) -> None:
    """--telemetry on play and replay."""
    p.add_argument("--telemetry", type=telemetry_arg, metavar="HOST:PORT",
                   help="send this run as Forza 'Data Out' Dash packets (UDP, 60 a second) to HOST:PORT, over Settings -> Telemetry")


def use_telemetry_arg(args) -> None:
    """Turn --telemetry on for this run (every drive of this process)."""
    target = getattr(args, "telemetry", None)
    if target is not None:
        from game.view.drive.telemetry_tap import set_override

        set_override(target)


def _port(text: str) -> int:
    problem = port_problem(int(text)) if text.isdigit() else "must be a whole number"
    if problem:
        raise argparse.ArgumentTypeError(f"--port {problem}, got {shown(text)}")
    return int(text)


def add_parser(sub) -> None:
    """Register `sideways telemetry listen`."""
    p = sub.add_parser("telemetry", help="telemetry out: `listen` decodes and prints what a drive sends")
    tsub = p.add_subparsers(dest="action", required=True)
    lp = tsub.add_parser("listen", help="print the Forza Dash packets arriving on a UDP port, decoded",
                         epilog="exit codes: 0 done (--count reached, --timeout passed or Ctrl+C), 2 the port cannot be opened")
    lp.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"UDP port to listen on (default {DEFAULT_PORT}, as Settings -> Telemetry)")
    lp.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST}; 0.0.0.0 for packets from other machines)")
    lp.add_argument("--count", type=ranged_number("--count", 1, MAX_COUNT, whole=True), help="stop after this many packets (default: until Ctrl+C)")
    lp.add_argument("--timeout", type=ranged_number("--timeout", 0, MAX_TIMEOUT_S, low_open=True), help="stop after this many seconds without a packet")
    lp.add_argument("--json", action="store_true", help="print every field of each packet as one JSON object a line")
    p.set_defaults(run=run)


def run(args) -> int:
    """Listen; one line a packet."""
    from game.telemetry.forza_dash import decode

    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind((args.host, args.port))
    except OSError as e:
        return fail("sideways telemetry listen", f"cannot listen on {shown(args.host, quote=False)}:{args.port}: {e.strerror or e}")
    sock.settimeout(args.timeout or 0.5)
    got, last = 0, time.monotonic()
    sys.stderr.write(f"sideways telemetry listen: waiting for Forza Dash packets on {shown(args.host, quote=False)}:{args.port}\n")
    try:
        while args.count is None or got < args.count:
            try:
                data, sender = sock.recvfrom(2048)
            except TimeoutError:
                if args.timeout and time.monotonic() - last >= args.timeout:
                    sys.stderr.write(f"sideways telemetry listen: nothing for {args.timeout:g} s, {got} packet(s) in all\n")
                    break
                continue
            last = time.monotonic()
            try:
                fields = decode(data)
            except ValueError as e:
                sys.stderr.write(f"sideways telemetry listen: ignored a packet from {sender[0]}: {e}\n")
                continue
            got += 1
            sys.stdout.write((json.dumps(fields) if args.json else format_line(fields)) + "\n")
            sys.stdout.flush()
    except KeyboardInterrupt:
        sys.stderr.write(f"sideways telemetry listen: stopped, {got} packet(s)\n")
    finally:
        sock.close()
    return 0


def format_line(f: dict) -> str:
    """One packet as a line a person reads (a Sled packet's missing Dash fields as zero)."""
    from game.telemetry.dash_frame import NEUTRAL_GEAR
    from game.telemetry.forza_dash import NAMES

    f = {n: f.get(n, 0) for n in NAMES}
    gear = {0: "R", NEUTRAL_GEAR: "N"}.get(f["Gear"], str(f["Gear"]))
    return LINE.format(**f, race="on " if f["IsRaceOn"] else "off", kmh=f["Speed"] * 3.6, gear=gear)
