"""What every HTTP answer and every request body goes through before the app: the request body bounded in size
and in the time it takes to arrive (`Limits.body_bytes`, `Limits.body_s`), and the security headers of a
page meant for the open internet (a Content-Security-Policy the pages pass, no framing, no sniffing).

The request line and headers are bounded one layer down, in the HTTP protocol (`zdeck.server.serving`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from zdeck.server.limits import Limits

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The pages load their scripts, styles and images from this server only, run no inline code and talk back to
# this server only (`'self'` covers its ws: and wss:); no one may frame them.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# FastAPI's API pages (/docs, /redoc) load Swagger UI and ReDoc from a CDN and start them inline.
API_PAGES = ("/docs", "/docs/oauth2-redirect", "/redoc")
API_PAGE_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                   "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
                   "https://fastapi.tiangolo.com; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                   "frame-ancestors 'none'")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin")]


class Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Guard:
    """ASGI middleware: reads a request's whole body within the limits before the app runs (so the app never
    holds more than `body_bytes` of one, nor waits more than `body_s` for it), and adds the security headers."""

    def __init__(self, app: App, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(scope, send)
        try:
            body, gone = await self._body(scope, receive)
        except Refused as refused:
            await answer(send, refused.status, refused.message, close=True)
            return
        if gone:
            return  # the client left before its body was in: nobody to answer
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _body(self, scope: Scope, receive: Receive) -> tuple[bytes, bool]:
        limit, loop = self.limits.body_bytes, asyncio.get_running_loop()
        length = header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                raise Refused(400, f"Content-Length {length[:20]!r} is not a number of bytes")
            if int(length) > limit:
                raise Refused(413, f"the request body is {int(length)} bytes; this server takes at most {limit}")
        deadline = loop.time() + self.limits.body_s
        parts: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise Refused(408, f"the request body did not arrive within {self.limits.body_s:g} s") from None
            if message["type"] == "http.disconnect":
                return b"", True
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise Refused(413, f"the request body is over {limit} bytes, the most this server takes")
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts), False


def _with_headers(scope: Scope, send: Send) -> Send:
    policy = (API_PAGE_POLICY if scope.get("path") in API_PAGES else PAGE_POLICY).encode()

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {name.lower() for name, _ in headers}
            headers += [(name, value) for name, value in [(b"content-security-policy", policy), *HEADERS]
                        if name not in present]
            message["headers"] = headers
        await send(message)

    return sending


async def answer(send: Send, status: int, message: str, close: bool = False) -> None:
    """An error answer in the app's shape: `{"detail": message}`."""
    body = json.dumps({"detail": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """A WebSocket's `Origin` against the server's own (the `Host` it was reached by) and the origins an
    operator allowed (`zdeck serve --allow-origin`; `*`: any). No `Origin` at all is not a browser: allowed,
    since a browser always sends one and only a browser's page can be made to connect by a stranger's site."""
    if origin is None:
        return True
    if "*" in allowed or origin.rstrip("/") in allowed:
        return True
    try:
        parts = urlsplit(origin)
        seen = parts.hostname, parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return False
    if host is None or parts.scheme not in ("http", "https") or seen[0] is None:
        return False
    try:
        reached = urlsplit(f"//{host}")
        own = reached.hostname, reached.port
    except ValueError:
        return False
    return seen[0] == own[0] and (own[1] is None and seen[1] in (80, 443) or seen[1] == own[1])
