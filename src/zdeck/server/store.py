"""Where rooms live between processes: an SQL database through SQLAlchemy Core.

A room is its row, its seats, its games (number, seed, final result) and each game's
accepted submissions in order - the same entries a record lists. Nothing else is saved:
a state is rebuilt by replaying them from the seed (`Room.restore`).

Writes go through one thread that commits whatever has queued up in one transaction
(group commit), so many tables' moves share a commit; each caller awaits its own write.
The schema is Alembic's (`migrations/`); `Store.migrate()` brings a database up to date.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import NullPool

from zdeck.core import Game
from zdeck.live.room import Room, RoomData, Seat
from zdeck.records import Record

log = logging.getLogger("zdeck.server")

metadata = sa.MetaData()
rooms = sa.Table(
    "rooms", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("closed", sa.Float),  # when the server closed the room (it is never resumed), and why
    sa.Column("closed_reason", sa.String(200)),
)
seats = sa.Table(
    "seats", metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(64)),
    sa.Column("name", sa.String(64)),
    sa.Column("token_hash", sa.String(64)),
)
games = sa.Table(
    "games", metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("scores", sa.Text),
    sa.Column("winners", sa.Text),
    sa.Column("finished", sa.Float),
)
actions = sa.Table(
    "actions", metadata,
    sa.Column("room_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("player", sa.Integer),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("seen", sa.Integer),
)
# Several processes on one PostgreSQL (zdeck.server.fleet): each running process, by its writer session (its
# backend's pid and start, so that a session gone from pg_stat_activity is a process gone); which process owns
# each table in memory (`fence` counts the owners it has had); texts relayed between processes that are too long
# for one notification.
processes = sa.Table(
    "processes", metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("backend_pid", sa.Integer, nullable=False),
    sa.Column("backend_start", sa.DateTime(timezone=True)),
    sa.Column("host", sa.String(200), nullable=False),
    sa.Column("started", sa.Float, nullable=False),
)
owners = sa.Table(
    "owners", metadata,
    sa.Column("room_id", sa.String(32), primary_key=True),
    sa.Column("process", sa.String(40), nullable=False, index=True),
    sa.Column("fence", sa.BigInteger, nullable=False),
    sa.Column("since", sa.Float, nullable=False),
)
relayed = sa.Table(
    "relayed", metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
    sa.Column("body", sa.Text, nullable=False),
)

Write = Callable[[Connection], None]
_BATCH = 500  # writes one commit takes at most


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute("PRAGMA synchronous=NORMAL")  # a commit survives the process's death (kill -9)
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


class Store:
    """The rooms' database. `open()` starts the writer; `close()` drains and stops it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._queue: queue.SimpleQueue[tuple[Write, asyncio.Future[None], asyncio.AbstractEventLoop] | None] = \
            queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.refused = 0  # writes refused since the database last took one (0: it takes them)
        # A fleet process (zdeck.server.fleet) names itself here: its writer then commits through one session held
        # for its life, the session that holds its tables' advisory locks - a write can only commit while the lock
        # that makes it the table's owner is held - and a new room is owned by it from its first commit.
        self.owner: str | None = None
        self.on_session_lost: Callable[[], None] | None = None  # the held session broke: its locks are gone
        self._session: Connection | None = None

    # -- schema ---------------------------------------------------------------------------------
    def migrate(self) -> None:
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":  # a fleet's processes start at once: one migrates at a time
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK + 1})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # -- the writer -------------------------------------------------------------------------------
    def open(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._write_loop, name="zdeck-writer", daemon=True)
            self._thread.start()

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None
        if self._session is not None:
            self._session.close()
            self._session = None
        self.engine.dispose()

    async def call(self, work: Callable[[Connection], Any]) -> Any:
        """A write that answers: `work`'s return value, once committed."""
        answer: list[Any] = [None]

        def run(connection: Connection) -> None:
            answer[0] = work(connection)

        await self.write(run)
        return answer[0]

    async def write(self, work: Write) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((work, future, loop))
        await future

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < _BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)
            if stop:
                return

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A transaction: on the engine's pool, or on the held session of a fleet process."""
        if self.owner is None:
            with self.engine.begin() as connection:
                yield connection
            return
        if self._session is None:
            self._session = self.engine.connect()
        try:
            with self._session.begin():
                yield self._session
        finally:
            if self._session.invalidated or self._session.closed:  # the session is gone, and its locks with it
                self._session.close()
                self._session = None
                if self.on_session_lost is not None:
                    self.on_session_lost()

    def _commit(self, batch: list[tuple[Write, asyncio.Future[None], asyncio.AbstractEventLoop]]) -> None:
        try:
            with self._begin() as connection:
                for work, _, _ in batch:
                    work(connection)
            self.commits += 1
            errors: list[BaseException | None] = [None] * len(batch)
        except Exception:  # noqa: BLE001 - one bad write must not sink the others: each alone now
            errors = []
            for work, _, _ in batch:
                try:
                    with self._begin() as connection:
                        work(connection)
                    errors.append(None)
                except Exception as exc:  # noqa: BLE001 - handed to the write's caller
                    errors.append(exc)
        self._note(next((e for e in errors if e is not None), None), len(errors) - errors.count(None))
        for (_, future, loop), error in zip(batch, errors):
            loop.call_soon_threadsafe(_settle, future, error)

    def _note(self, error: BaseException | None, refused: int) -> None:
        """One line when the database starts refusing writes (a full disk, a read-only file), one when it takes
        them again: not a traceback per write."""
        if error is not None:
            if self.refused == 0:
                log.error("the database refused a write: %s; tables that could not save are reloaded from what it "
                          "holds, and writes are tried again as they come", one_line(error))
            self.refused += refused
        elif self.refused:
            log.warning("the database takes writes again (%d refused meanwhile)", self.refused)
            self.refused = 0

    # -- what rooms save (the Saver of zdeck.live.room) -----------------------------------------
    async def create_room(self, room: Room) -> None:
        row = {"id": room.id, "game": room.game.id, "players": room.game.players,
               "options": json.dumps(room.game.options), "settings": json.dumps(room.settings.as_dict()),
               "created": room.created}
        seat_rows = [{"room_id": room.id, "seat": s.index, "kind": s.kind, "bot": s.bot, "name": s.name,
                      "token_hash": s.token_hash} for s in room.seats]
        game_row = {"room_id": room.id, "number": room.number, "seed": room.seed}

        owner, locked = self.owner, [False]

        def work(connection: Connection) -> None:
            if owner is not None and not locked[0]:  # (a batch that failed is retried write by write: locked once)
                if not connection.execute(sa.text("SELECT pg_try_advisory_lock(hashtextextended(:r, 0))"),
                                          {"r": row["id"]}).scalar():
                    raise RuntimeError(f"room {row['id']} is locked by another process")
                locked[0] = True
            connection.execute(rooms.insert(), row)
            connection.execute(seats.insert(), seat_rows)
            connection.execute(games.insert(), game_row)
            if owner is not None:
                connection.execute(owners.insert(), {"room_id": row["id"], "process": owner, "fence": 1,
                                                     "since": time.time()})

        await self.write(work)

    async def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> None:
        def work(connection: Connection) -> None:
            done = connection.execute(
                seats.update().where(seats.c.room_id == room, seats.c.seat == seat, seats.c.name.is_(None))
                .values(name=name, token_hash=token_hash))
            if done.rowcount != 1:
                raise RuntimeError(f"seat {seat} of room {room} is not open in the database")

        await self.write(work)

    async def add_action(self, room: str, number: int, index: int, entry: list[Any],
                         result: tuple[list[float], list[int]] | None) -> None:
        row = {"room_id": room, "number": number, "idx": index, "player": entry[0], "action": entry[1],
               "seen": entry[2] if len(entry) == 3 else None}

        def work(connection: Connection) -> None:
            connection.execute(actions.insert(), row)
            if result is not None:
                connection.execute(games.update().where(games.c.room_id == room, games.c.number == number)
                                   .values(scores=json.dumps(result[0]), winners=json.dumps(result[1]),
                                           finished=time.time()))

        await self.write(work)

    async def new_game(self, room: str, number: int, seed: int) -> None:
        def work(connection: Connection) -> None:
            connection.execute(games.insert(), {"room_id": room, "number": number, "seed": seed})

        await self.write(work)

    # -- reading (at start-up, and for a room asked for that is not in memory) ---------------------
    def unfinished_rooms(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(games.c.room_id).join(rooms, rooms.c.id == games.c.room_id)
                .where(games.c.finished.is_(None), rooms.c.closed.is_(None)).order_by(games.c.room_id))
            return [row[0] for row in rows]

    async def close_room(self, room: str, reason: str) -> None:
        """The room is closed for good: its unfinished game is never resumed, its seats take no one."""
        def work(connection: Connection) -> None:
            connection.execute(rooms.update().where(rooms.c.id == room).values(closed=time.time(),
                                                                                closed_reason=reason))

        await self.write(work)

    def closed(self, room: str) -> str | None:
        """Why the room was closed, or None (open, or no such room)."""
        with self.engine.connect() as connection:
            return connection.execute(sa.select(rooms.c.closed_reason).where(rooms.c.id == room,
                                                                             rooms.c.closed.is_not(None))).scalar()

    async def expire_tokens(self, before: float) -> list[str]:
        """Forget the seats' tokens of rooms whose last game ended (or that closed) before `before`; returns those
        rooms. A token so forgotten holds its seat no more."""
        found: list[str] = []

        def work(connection: Connection) -> None:
            latest = sa.select(games.c.room_id, sa.func.max(games.c.number).label("number")) \
                .group_by(games.c.room_id).subquery()
            ended = sa.select(games.c.room_id).join(
                latest, sa.and_(latest.c.room_id == games.c.room_id, latest.c.number == games.c.number)) \
                .where(games.c.finished < before)
            closed = sa.select(rooms.c.id).where(rooms.c.closed < before)
            holding = sa.select(seats.c.room_id).where(seats.c.token_hash.is_not(None))
            stale = {row[0] for row in connection.execute(sa.union(ended, closed))}
            found.extend(sorted(stale & {row[0] for row in connection.execute(holding.distinct())}))
            if found:
                connection.execute(seats.update().where(seats.c.room_id.in_(found)).values(token_hash=None))

        await self.write(work)
        return found

    def finished_record(self, room: Room, number: int) -> Record | None:
        """An earlier game of this room as a record, if it was played to its end."""
        with self.engine.connect() as connection:
            game = connection.execute(sa.select(games).where(
                games.c.room_id == room.id, games.c.number == number, games.c.finished.is_not(None))).mappings().first()
            if game is None:
                return None
            entries = connection.execute(
                sa.select(actions.c.player, actions.c.action, actions.c.seen)
                .where(actions.c.room_id == room.id, actions.c.number == number).order_by(actions.c.idx)).all()
        return Record(room.game.id, room.game.players, dict(room.game.options), game["seed"], room.seat_names(),
                      [[p, a] if seen is None else [p, a, seen] for p, a, seen in entries],
                      json.loads(game["scores"]), json.loads(game["winners"]),
                      seats=[seat.record(room.game.id) for seat in room.seats])

    def room_game(self, room_id: str) -> Game | None:
        """The game a room plays (its players and options), for a process that relays it: None if no such room."""
        from zdeck.live.shared import shared
        from zdeck.registry import make

        with self.engine.connect() as connection:
            row = connection.execute(sa.select(rooms.c.game, rooms.c.players, rooms.c.options)
                                     .where(rooms.c.id == room_id)).first()
        return None if row is None else shared(make(row[0], row[1], **json.loads(row[2])))

    def listing(self, limit: int) -> list[dict[str, Any]]:
        """The lobby's list read from the database (every process's rooms): the newest `limit` rooms waiting or in
        play, as `Room.summary` gives them."""
        from zdeck.registry import game_class

        with self.engine.connect() as connection:
            latest = sa.select(games.c.room_id, sa.func.max(games.c.number).label("number")) \
                .group_by(games.c.room_id).subquery()
            found = connection.execute(
                sa.select(rooms.c.id, rooms.c.game, rooms.c.players, rooms.c.created, games.c.number)
                .join(latest, latest.c.room_id == rooms.c.id)
                .join(games, sa.and_(games.c.room_id == rooms.c.id, games.c.number == latest.c.number))
                .where(rooms.c.closed.is_(None), games.c.finished.is_(None))
                .order_by(rooms.c.created.desc()).limit(limit)).all()
            ids = [row[0] for row in found]
            taken: dict[str, int] = dict(connection.execute(
                sa.select(seats.c.room_id, sa.func.count()).where(
                    seats.c.room_id.in_(ids), sa.or_(seats.c.kind != "person", seats.c.name.is_not(None)))
                .group_by(seats.c.room_id)).all()) if ids else {}
        listed = []
        for room_id, game, players, created, number in found:
            seated = int(taken.get(room_id, 0))
            try:
                title = game_class(game).title
            except ValueError:
                title = game
            listed.append({"room": room_id, "game": game, "title": title, "players": players, "seats_taken": seated,
                           "seats_open": players - seated, "status": "playing" if seated == players else "waiting",
                           "number": number, "created": created})
        return listed

    def load_many(self, room_ids: list[str]) -> dict[str, RoomData | str]:
        """Many rooms as `load` gives each, read in four queries (a fleet process taking over the tables of one
        gone): by id, its RoomData, or why it was closed; a room not found is left out."""
        if not room_ids:
            return {}
        found: dict[str, RoomData | str] = {}
        with self.engine.connect() as connection:
            room_rows = connection.execute(sa.select(rooms).where(rooms.c.id.in_(room_ids))).mappings().all()
            seat_rows = connection.execute(sa.select(seats).where(seats.c.room_id.in_(room_ids))
                                           .order_by(seats.c.room_id, seats.c.seat)).mappings().all()
            latest = sa.select(games.c.room_id, sa.func.max(games.c.number).label("number")) \
                .where(games.c.room_id.in_(room_ids)).group_by(games.c.room_id).subquery()
            game_rows = connection.execute(sa.select(games).join(latest, sa.and_(
                latest.c.room_id == games.c.room_id, latest.c.number == games.c.number))).mappings().all()
            entry_rows = connection.execute(
                sa.select(actions.c.room_id, actions.c.player, actions.c.action, actions.c.seen)
                .join(latest, sa.and_(latest.c.room_id == actions.c.room_id, latest.c.number == actions.c.number))
                .order_by(actions.c.room_id, actions.c.idx)).all()
        seats_of: dict[str, list[Seat]] = {}
        for s in seat_rows:
            seats_of.setdefault(s["room_id"], []).append(
                Seat(s["seat"], s["kind"], bot=s["bot"], name=s["name"], token_hash=s["token_hash"]))
        game_of = {g["room_id"]: g for g in game_rows}
        entries_of: dict[str, list[list[Any]]] = {}
        for room_id, p, a, seen in entry_rows:
            entries_of.setdefault(room_id, []).append([p, a] if seen is None else [p, a, seen])
        for row in room_rows:
            if row["closed"] is not None:
                found[row["id"]] = row["closed_reason"] or "closed"
                continue
            game = game_of[row["id"]]
            found[row["id"]] = RoomData(
                id=row["id"], game=row["game"], players=row["players"], options=json.loads(row["options"]),
                settings=json.loads(row["settings"]), created=row["created"], seats=seats_of.get(row["id"], []),
                number=game["number"], seed=game["seed"], actions=entries_of.get(row["id"], []))
        return found

    def load(self, room_id: str) -> RoomData | None:
        """The room with its latest game and that game's submissions; None if there is no such room."""
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(rooms).where(rooms.c.id == room_id)).mappings().first()
            if row is None:
                return None
            seat_rows = connection.execute(sa.select(seats).where(seats.c.room_id == room_id)
                                           .order_by(seats.c.seat)).mappings().all()
            game = connection.execute(sa.select(games).where(games.c.room_id == room_id)
                                      .order_by(games.c.number.desc()).limit(1)).mappings().one()
            entries = connection.execute(
                sa.select(actions.c.player, actions.c.action, actions.c.seen)
                .where(actions.c.room_id == room_id, actions.c.number == game["number"])
                .order_by(actions.c.idx)).all()
        return RoomData(
            id=row["id"], game=row["game"], players=row["players"], options=json.loads(row["options"]),
            settings=json.loads(row["settings"]), created=row["created"],
            seats=[Seat(s["seat"], s["kind"], bot=s["bot"], name=s["name"], token_hash=s["token_hash"])
                   for s in seat_rows],
            number=game["number"], seed=game["seed"],
            actions=[[p, a] if seen is None else [p, a, seen] for p, a, seen in entries],
        )


def one_line(error: BaseException) -> str:
    """A database error as one line: its first, without SQLAlchemy's statement and background link."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class DatabaseInUse(Exception):
    """Another `zdeck serve` already serves this database."""


# The lock a process holds on each database it serves, by database: (the lock file or connection, its engine).
_HELD: dict[str, tuple[Any, Engine | None]] = {}
_PG_LOCK = 0x7A6465636B  # "zdeck": the PostgreSQL advisory lock one server holds on its database


def claim(url: str, shared: bool = False) -> None:
    """Make this process the one server of the database at `url`, held until it ends (or `release`): on SQLite
    an exclusive lock on `<file>.lock` beside it, on PostgreSQL a session advisory lock. DatabaseInUse, saying
    who holds it, when another process does. `shared`: one process of a fleet on PostgreSQL (`zdeck serve
    --workers`, zdeck.server.fleet), which shares the lock with the others (and with no single server)."""
    key = make_url(url).render_as_string(hide_password=False)
    if key in _HELD:
        return
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = str(parsed.database or "").removeprefix("file:").partition("?")[0]  # a plain path or a URI's
        if path in ("", ":memory:"):
            return
        _HELD[key] = (_lock_file(Path(path).with_name(Path(path).name + ".lock")), None)
    elif parsed.get_backend_name() == "postgresql":
        engine = sa.create_engine(url, poolclass=NullPool)
        connection = engine.connect()
        taking = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        if not connection.execute(sa.text(f"SELECT {taking}(:key)"), {"key": _PG_LOCK}).scalar():
            holder = connection.execute(sa.text(
                "SELECT a.client_addr, a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                "WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = :key"),
                {"key": _PG_LOCK}).first()
            connection.close()
            engine.dispose()
            who = f" (its connection from {holder[0] or 'a local socket'}, backend pid {holder[1]})" if holder else ""
            if shared:
                raise DatabaseInUse(f"a single zdeck serve (without --workers) is serving this database{who}: "
                                    "stop it before starting a fleet")
            raise DatabaseInUse(f"another zdeck serve is serving this database{who}: one server per database "
                                "(several processes share one with --workers, each of them started so)")
        connection.commit()
        _HELD[key] = (connection, engine)


def _lock_file(path: Path) -> int:
    import fcntl

    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise DatabaseInUse(f"cannot make the lock file {path}: {exc.strerror}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(handle, 32).decode(errors="replace").strip()
        os.close(handle)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise DatabaseInUse(f"another zdeck serve is serving this SQLite file{who}: it holds the lock {path}; "
                            "one server per file") from None
    os.ftruncate(handle, 0)
    os.write(handle, str(os.getpid()).encode())
    return handle


def release(url: str) -> None:
    held = _HELD.pop(make_url(url).render_as_string(hide_password=False), None)
    if held is None:
        return
    lock, engine = held
    if engine is None:
        os.close(lock)
    else:
        try:
            lock.close()
        finally:
            engine.dispose()


def check_writable(url: str) -> None:
    """A write that changes nothing, rolled back: raises the database's own error (a read-only file, a read-only
    transaction, no permission) before the server says it is ready."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("UPDATE alembic_version SET version_num = version_num"))
            connection.rollback()
    finally:
        engine.dispose()


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
