"""Small helpers shared by the server tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.testclient import WebSocketTestSession


def receive_until(ws: WebSocketTestSession, wanted: Callable[[dict[str, Any]], bool],
                  limit: int = 500) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Messages up to the first one `wanted` accepts: (that one, all before it)."""
    seen: list[dict[str, Any]] = []
    for _ in range(limit):
        message = ws.receive_json()
        if wanted(message):
            return message, seen
        seen.append(message)
    raise AssertionError(f"no wanted message in {limit}: last {seen[-3:]}")


def reply(ws: WebSocketTestSession, message: Any) -> dict[str, Any]:
    """Send `message` (text as is, else JSON) and return its result or error."""
    ws.send_text(message if isinstance(message, str) else json.dumps(message))
    found, _ = receive_until(ws, lambda m: m["type"] in ("result", "error"))
    return found


def state_of(ws: WebSocketTestSession) -> dict[str, Any]:
    found, _ = receive_until(ws, lambda m: m["type"] == "state")
    return found


def raw_http(port: int, request: bytes, wait: float = 5.0, pause: float = 0.0) -> tuple[float, bytes]:
    """Send `request` as bytes on a fresh connection to 127.0.0.1:`port` (its first 10 bytes, then `pause` s,
    then the rest) and read until the server closes or `wait` s pass: (seconds taken, what came back)."""
    import socket
    import time

    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(request[:10])
        if pause:
            time.sleep(pause)
        try:
            sock.sendall(request[10:])
        except OSError:
            pass  # answered and closed already
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (TimeoutError, OSError):
            pass
    return time.monotonic() - started, answer


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def detail_of(answer: bytes) -> str:
    return str(json.loads(answer.split(b"\r\n\r\n", 1)[1])["detail"])
