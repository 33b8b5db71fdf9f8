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
