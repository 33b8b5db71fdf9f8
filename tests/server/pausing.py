"""A real `zdeck serve` that stops at a chosen point, for a test to kill it there with SIGKILL.

    python -m tests.server.pausing POINT FOLDER -- [the server's options]

Once FOLDER/arm exists, the server stops at POINT the next time it gets there, writes FOLDER/paused, and waits
(the test kills it then):
- `commit`: a change applied to a room's state and its write handed to the database writer, not committed;
- `broadcast`: a version committed and sent to one client, the others still waiting for it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

PAUSE_S = 60.0  # the test kills the server well within it


def main() -> None:
    point, folder = sys.argv[1], Path(sys.argv[2])
    armed, paused = folder / "arm", folder / "paused"

    def stop_here() -> None:
        if armed.exists() and not paused.exists():
            paused.write_text(point)
            time.sleep(PAUSE_S)  # in the writer's thread, or in the event loop: either way nothing goes on

    if point == "commit":
        from zdeck.server.store import Store

        commit = Store._commit

        def held(self: Store, batch: Any) -> None:
            stop_here()
            commit(self, batch)

        Store._commit = held  # type: ignore[method-assign]
    elif point == "broadcast":
        from starlette.websockets import WebSocket

        send_text = WebSocket.send_text

        async def sent(self: WebSocket, data: str) -> None:
            await send_text(self, data)
            if data.startswith('{"type":"state"'):
                stop_here()

        WebSocket.send_text = sent  # type: ignore[method-assign]
    else:
        raise SystemExit(f"no point {point!r}: commit or broadcast")
    from zdeck.server.__main__ import main as serve

    serve(sys.argv[sys.argv.index("--") + 1:])


if __name__ == "__main__":
    main()
