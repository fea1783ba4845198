"""A non-blocking UDP sender: a packet that cannot go out now is counted and dropped, never raised, never waited for."""

from __future__ import annotations

import ipaddress
import socket
import threading

RATE_HZ = 60.0  # Forza sends its Data Out at 60 packets a second (Turn 10's Data Out documentation)


class UdpSender:
    """Sends datagrams to one host and port; `sent` and `failed` count them, `error` is the last failure (one line)."""

    def __init__(self, host: str, port: int) -> None:
        """Opens the socket now; a host name is looked up once, on a thread (packets before it is found count as failed)."""
        self.address = (host, int(port))
        self.sent = self.failed = 0
        self.error: str | None = None
        self._sock: socket.socket | None = None
        self._to: tuple[str, int] | None = None  # the address packets go to, once known
        self._looking = False
        try:
            self._to = (str(ipaddress.IPv4Address(host)), int(port))
        except ValueError:
            self.error, self._looking = f"{host}: looking the host up", True
            threading.Thread(target=self._look_up, daemon=True, name="telemetry host lookup").start()
        try:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self._sock.setblocking(False)
        except OSError as e:
            self.error = f"cannot open a UDP socket: {e.strerror or e}"

    @property
    def pending(self) -> bool:
        """The host name is still being looked up (the packets until then are counted as failed, not reported)."""
        return self._to is None and self._looking

    def _look_up(self) -> None:
        host, port = self.address
        try:
            found = socket.getaddrinfo(host, port, socket.AF_INET, socket.SOCK_DGRAM)
        except (OSError, UnicodeError) as e:
            self.error, self._looking = f"{host}: cannot find this host ({getattr(e, 'strerror', None) or e})", False
            return
        self._to, self.error, self._looking = found[0][4][:2], None, False

    def send(self, packet: bytes) -> bool:
        """Send one packet; False (counted, error noted) where it could not go out."""
        if self._sock is None or self._to is None:
            self.failed += 1
            return False
        try:
            self._sock.sendto(packet, self._to)
        except (OSError, OverflowError, UnicodeError) as e:  # a full buffer, no route, a refused port, a bad host name
            self.failed += 1
            self.error = f"{self.address[0]}:{self.address[1]}: {getattr(e, 'strerror', None) or e}"
            return False
        self.sent += 1
        return True

    def close(self) -> None:
        """Close the socket (sending after it counts as failed)."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class Pacer:
    """Lets a packet through once per 1/RATE_HZ of the clock it is given (sim time while driving)."""

    def __init__(self, rate_hz: float = RATE_HZ) -> None:
        self.period = 1.0 / rate_hz
        self._next: float | None = None

    def due(self, t: float) -> bool:
        """True when a packet is due at time t: on average RATE_HZ a second at any frame rate, never two for one
        period; the first is due at once, and so is one after time went back (a restart)."""
        if self._next is None or t < self._next - 2.0 * self.period:
            self._next = t
        if t + 1e-9 < self._next:
            return False
        self._next += self.period
        if self._next <= t:  # slow frames: no burst to catch up
            self._next = t + self.period
        return True
