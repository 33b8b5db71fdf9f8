"""`python -m zdeck.server [--host H] [--port P] [--db URL]`: the same as `zdeck serve`."""

from __future__ import annotations

import argparse
import sys

from zdeck.server import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="zdeck serve", description="Start the zdeck game server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: an SQLite file in the user's data dir)")
    parser.add_argument("--proxy", default=None, help="the reverse proxy's address, whose X-Forwarded-For is believed")
    parser.add_argument("--allow-origin", action="append", default=[], help="another origin whose pages may connect")
    parser.add_argument("--limit", action="append", default=[], help="NAME=VALUE: one of the server's limits")
    parser.add_argument("--workers", type=int, default=None,
                        help="N processes on one PostgreSQL database, each table owned by one (docs/deploying.md)")
    args = parser.parse_args(argv)
    try:
        serve(args.host, args.port, args.db, proxy=args.proxy, allow_origins=args.allow_origin,
              limits=args.limit, workers=args.workers)
    except ValueError as exc:
        print(f"zdeck serve: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
