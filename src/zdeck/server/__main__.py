"""`python -m zdeck.server [--host H] [--port P] [--db URL]`: the same as `zdeck serve`."""

from __future__ import annotations

import argparse

from zdeck.server import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="zdeck serve", description="Start the zdeck game server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: an SQLite file in the user's data dir)")
    args = parser.parse_args(argv)
    try:
        serve(args.host, args.port, args.db)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
