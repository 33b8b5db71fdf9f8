"""Running the app under uvicorn for the open internet: the listening socket bound before anything is
printed, and an HTTP protocol that bounds what a connection may send before the app sees a request - the
request target (414), the headers' size (431) and the time they take to arrive (408). Every refusal is an
answer with its reason, WebSocket handshakes included (the WebSocket library would drop a request line over
8 KB without a word).
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from zdeck.server.limits import PUBLIC, Limits

HEADERS_AT_MOST = 100  # header lines in one request
REASONS = {408: b"Request Timeout", 414: b"URI Too Long", 431: b"Request Header Fields Too Large"}


class _Refused(Exception):
    pass


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, with `limits` on the request line and headers (one subclass per limits:
    `bounded_http`)."""

    limits: Limits = PUBLIC

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._refused = False
        self._head = 0
        self._lines = 0
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._timer = self.loop.call_later(self.limits.headers_s, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if not self.transport.is_closing():
            self._refuse(408, f"the request's headers did not arrive within {self.limits.headers_s:g} s", raising=False)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head = self._lines = 0
        if self._timer is None:  # the next request on a kept-alive connection (idle, uvicorn's keep-alive timeout
            self._arm()         # closes it): its own time for its headers

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > self.limits.url_bytes:
            self._refuse(414, f"the request target is over {self.limits.url_bytes} bytes, the most this server reads")

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head += len(name) + len(value) + 4
        self._lines += 1
        if self._head > self.limits.header_bytes or self._lines > HEADERS_AT_MOST:
            self._refuse(431, f"the request's headers are over {self.limits.header_bytes} bytes or "
                              f"{HEADERS_AT_MOST} lines, the most this server reads")
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def send_400_response(self, msg: str) -> None:
        if not self._refused:  # the parser's error after a refusal of ours, which answered already
            super().send_400_response(msg)

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def _refuse(self, status: int, message: str, raising: bool = True) -> None:
        """Answer `status` with its reason and close; raising stops the parser (it answers nothing more)."""
        self._refused = True
        self._disarm()
        body = json.dumps({"detail": message}).encode()
        self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
                             b"connection: close\r\n\r\n%s" % (status, REASONS[status], len(body), body))
        self.transport.close()
        if raising:
            raise _Refused(message)


def bounded_http(limits: Limits) -> type[BoundedHttp]:
    return type("BoundedHttp", (BoundedHttp,), {"limits": limits})


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the server says where it is. OSError as the system gives it (the
    port is taken, or this user may not bind it)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

