"""Several `zdeck serve` processes (and machines) on one PostgreSQL: `zdeck serve --workers N`.

Every table is run by exactly one process at a time, its **owner**: the process whose writer session holds the
table's advisory lock (`pg_try_advisory_lock(hashtextextended(room, 0))`). Every write of a table's facts is
committed through that same session (zdeck.server.store, `Store.owner`), so a write can only commit while the
lock that makes its process the owner is held: a process whose session is gone (killed, cut off) can commit
nothing more, and the lock is free for another process the moment PostgreSQL ends that session. The `owners`
row says which process holds it (for relaying) and counts its owners (`fence`).

Any process accepts any client. A connection to a table owned elsewhere is **relayed** through PostgreSQL's
LISTEN/NOTIFY: each process listens on its own channel; the client's messages go to the owner's channel, the
owner's messages for that client come back on the relaying process's (in order: one sending thread per process,
one receiving). A message too long for one notification (8000 bytes) is put in the `relayed` table and its id
sent instead. The game's table text (the big part of a connection's first state) is added by the relaying
process itself. The lobby's REST reads and joins of a remote table are asked of its owner the same way.

Each process looks every `POLL_S` for processes gone: a `processes` row whose writer session is no longer in
`pg_stat_activity` (kill -9 ends it at once: the kernel closes the socket). Their tables are taken by whichever
live process gets each lock first, and read back from the database (the last committed version: nothing a
client was shown is lost, since nothing is shown before it is committed); clients relayed through a live
process are attached to the new owner with nothing but a pause and a fresh state; clients of the dead process
reconnect (the page does it by itself) to any other.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import logging
import os
import queue
import random
import re
import secrets
import socket
import threading
import time
import zlib
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, make_url

from zdeck.live.room import ProtocolError, Room, RoomError, parse_message
from zdeck.server.settling import settled
from zdeck.server.store import Store, owners, processes

if TYPE_CHECKING:
    from zdeck.server.app import Hub, Socket

log = logging.getLogger("zdeck.server")

POLL_S = 0.5  # how often a process looks for processes gone
NOTE_BYTES = 7800  # a notification's payload at most (PostgreSQL's limit is 8000 bytes)
BATCH = 1000  # records one flush of the sender takes at most
CALL_S = 10.0  # how long a request to another process is awaited
ADOPTING = 16  # tables of a process gone rebuilt at once (each started as soon as its part is)
# Every queue on the way between processes is bounded (a stalled PostgreSQL or a slow process must not grow one
# without end); past a bound the client concerned is dropped with a reason, and reconnects:
RELAY_OUTBOX = 512  # messages for one relayed client queued here, not yet sent (as a local socket's OUTBOX)
SENDER_RECORDS = 20_000  # messages for clients this process's sender holds in all
RELAY_PENDING = 64  # a relayed client's messages sent to the owner and not yet answered
RELAY_INBOX = 64  # a relayed client's messages at the owner waiting for the table
DISPATCHING = 256  # notifications received and not yet handled by the event loop (the listener then waits)
BACKLOG = "too many messages waiting to be relayed between server processes; reconnect"
LEAVING_S = 2.0  # a table handed over to another process is not taken back here for this long
MOVED = "the table moved to another server process while this message was on its way: send it again"


class Elsewhere(Exception):
    """The table is owned by another process: `owner`."""

    def __init__(self, owner: str) -> None:
        super().__init__(owner)
        self.owner = owner


def process_name() -> str:
    name = f"{socket.gethostname()[:20]}-{os.getpid()}-{secrets.token_hex(3)}"
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def libpq_url(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class RemoteConn:
    """A client of another process attached to a table here: what the room sends it goes back through PostgreSQL.
    The first state carries no table (the relaying process adds it: `wants_table`)."""

    wants_table = False

    def __init__(self, fleet: Fleet, process: str, conn: int, seat: int | None, room: Room, fresh: bool) -> None:
        self.fleet, self.process, self.conn, self.seat, self.room = fleet, process, conn, seat, room
        self.fresh = fresh  # its first message is the connection's first state: the relaying process adds the table
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self.unsent = 0  # its messages in the sender's queue (the sender's thread counts them down once sent)

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.unsent >= RELAY_OUTBOX or not self.fleet.sender.room():
            self.fleet.drop(self, BACKLOG)
            return
        self.fleet.sender.put(self.process, ["d", self.conn, text, 1 if self.fresh else 0], self)
        self.fresh = False

    def receive(self, text: str) -> None:
        """A message of the client, relayed here: handled in order (`run`); past RELAY_INBOX waiting, dropped."""
        if self.closed:
            return
        if self.inbox.qsize() >= RELAY_INBOX:
            self.fleet.drop(self, BACKLOG)
            return
        self.inbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.fleet.sender.put(self.process, ["x", self.conn, code, reason])
            self.inbox.put_nowait(None)

    async def run(self) -> None:
        """The client's messages, one at a time and in order, as a local connection's."""
        while True:
            text = await self.inbox.get()
            if text is None or self.closed:
                return
            await self.room.handle(self, text)


class Link:
    """A client of this process at a table owned elsewhere (`owner`), or since taken over here (`room`)."""

    def __init__(self, ident: int, room_id: str, socket_: Socket, table: str, token: str | None) -> None:
        self.id, self.room_id, self.socket, self.table, self.token = ident, room_id, socket_, table, token
        self.owner: str | None = None
        self.room: Room | None = None
        self.pending: collections.deque[Any] = collections.deque()  # ids of messages sent, not yet answered
        self.moving: asyncio.Event = asyncio.Event()
        self.moving.set()  # set: not moving

    def deliver(self, text: str, first: bool) -> None:
        if first:
            text = text[:-1] + ',"table":' + self.table + "}"
        if text.startswith(('{"type":"result"', '{"type":"error"')) and self.pending:
            self.pending.popleft()
        self.socket.send(text)


class Sender:
    """One thread that sends this process's notifications in order, on one connection of its own: each flush packs
    what has queued up into as few notifications as it can, sent by one statement (a payload over NOTE_BYTES goes
    into `relayed` first)."""

    def __init__(self, url: str, most: int = SENDER_RECORDS) -> None:
        self.url = libpq_url(url)
        self.queue: queue.SimpleQueue[tuple[str, list[Any], RemoteConn | None] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="zdeck-notify", daemon=True)
        self.seq = itertools.count()
        self.sent = 0
        self.most = most  # clients' messages held at most (requests, answers and closings always go)
        self.queued = 0  # clients' messages held now
        self._counting = threading.Lock()
        self._connection: Any = None

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=5)

    def room(self) -> bool:
        """Whether a client's message may be queued (below `most`)."""
        return self.queued < self.most

    def put(self, process: str, record: list[Any], conn: RemoteConn | None = None) -> None:
        """Queue a record for `process`; `conn`: the client it is for, whose count of unsent messages it joins."""
        if conn is not None:
            with self._counting:
                self.queued += 1
                conn.unsent += 1
        self.queue.put((process, record, conn))

    def _loop(self) -> None:
        try:
            while True:
                first = self.queue.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < BATCH:
                    try:
                        item = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        self._flush(batch)
                        return
                    batch.append(item)
                self._flush(batch)
        finally:
            if self._connection is not None:
                self._connection.close()

    def _flush(self, batch: list[tuple[str, list[Any], RemoteConn | None]]) -> None:
        try:
            self._send(batch)
        finally:  # sent or lost (the database went away): no longer held here
            with self._counting:
                for _, _, conn in batch:
                    if conn is not None:
                        conn.unsent -= 1
                        self.queued -= 1

    def _send(self, batch: list[tuple[str, list[Any], RemoteConn | None]]) -> None:
        import psycopg

        by_process: dict[str, list[str]] = {}
        for process, record, _ in batch:
            by_process.setdefault(process, []).append(json.dumps(record, separators=(",", ":")))
        try:
            if self._connection is None or self._connection.closed:
                self._connection = psycopg.connect(self.url, autocommit=True)
            channels, payloads = [], []
            for process, records in by_process.items():
                for payload in self._pack(records):
                    channels.append(f"zdeck_{process}")
                    payloads.append(payload)
            # one statement, its own transaction: delivered in this order, after any `relayed` rows it names
            self._connection.execute("SELECT pg_notify(c, p) FROM unnest(%s::text[], %s::text[]) WITH ORDINALITY "
                                     "AS t(c, p, n) ORDER BY n", (channels, payloads))
            self.sent += len(payloads)
        except Exception as exc:  # noqa: BLE001 - the database went away: the receivers notice the owner gone
            log.warning("relaying %d message(s) failed: %s", len(batch), str(exc).splitlines()[0])
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _pack(self, records: list[str]) -> list[str]:
        """Payloads `[seq, record, ...]` within NOTE_BYTES (the sequence number keeps two equal payloads from being
        merged into one by PostgreSQL)."""
        payloads: list[str] = []
        current: list[str] = []
        size = 0
        for record in records:
            if len(record.encode()) > NOTE_BYTES - 40:
                row = self._connection.execute("INSERT INTO relayed (body) VALUES (%s) RETURNING id", (record,))
                record = json.dumps(["big", row.fetchone()[0]])
            if current and size + len(record.encode()) + 1 > NOTE_BYTES - 24:
                payloads.append(f"[{next(self.seq)},{','.join(current)}]")
                current, size = [], 0
            current.append(record)
            size += len(record.encode()) + 1
        if current:
            payloads.append(f"[{next(self.seq)},{','.join(current)}]")
        return payloads


class Fleet:
    """This process's part in a fleet: its name and channel, the locks it holds, its relays both ways."""

    def __init__(self, store: Store, hub: Hub) -> None:
        self.store, self.hub = store, hub
        self.name = process_name()
        store.owner = self.name
        store.on_session_lost = self._session_lost_threadsafe
        self.sender = Sender(store.url)
        self.held: set[str] = set()  # rooms whose lock this process holds
        self.remote: dict[tuple[str, int], RemoteConn] = {}  # other processes' clients at tables here
        self.links: dict[int, Link] = {}  # this process's clients at tables elsewhere
        self.replies: dict[int, tuple[str, asyncio.Future[Any]]] = {}  # requests sent: (to which process, answer)
        self.gone: dict[str, float] = {}  # processes noticed gone (-> when): a request to one fails at once
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listening = threading.Event()
        self._dispatching = threading.BoundedSemaphore(DISPATCHING)  # notifications handed to the loop, unhandled
        self._stopping = threading.Event()
        self._poller: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.takeovers: list[tuple[str, int, float]] = []  # (process gone, tables taken, seconds) - for the log
        self.leaving: dict[str, float] = {}  # rooms handed over to another process -> until when not taken back
        self.handed = 0  # tables handed over to the process their clients are on

    def counts(self) -> dict[str, Any]:
        """For GET /api/health: this process's name, its tables, its relayed clients both ways, the tables it handed
        over to the process their clients are on, the notifications it sent and its writer's commits."""
        return {"process": self.name, "tables": len(self.held), "relayed_here": len(self.remote),
                "relayed_away": sum(1 for link in self.links.values() if link.room is None),
                "handed_over": self.handed, "notifications": self.sender.sent, "commits": self.store.commits,
                "queued": self.sender.queued}

    # -- starting and stopping ---------------------------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        threading.Thread(target=self._listen, name="zdeck-listen", daemon=True).start()
        await asyncio.to_thread(self._listening.wait, 30)
        self.sender.start()
        await self._register()
        orphans = await asyncio.to_thread(self._unowned)
        await self._adopt(orphans)
        self._poller = asyncio.create_task(self._poll_forever())

    async def stop(self) -> None:
        self._stopping.set()
        if self._poller is not None:
            self._poller.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.sender.stop()

    def forget_self(self) -> None:
        """After the writer's session is closed (its locks with it): others need not wait to notice."""
        engine = sa.create_engine(self.store.url, poolclass=sa.pool.NullPool)
        try:
            with engine.begin() as connection:
                connection.execute(processes.delete().where(processes.c.name == self.name))
        except Exception as exc:  # noqa: BLE001 - they notice the session gone anyway
            log.debug("could not deregister: %s", exc)
        finally:
            engine.dispose()

    async def _register(self) -> None:
        name, host = self.name, socket.gethostname()[:200]

        def work(connection: Connection) -> None:
            connection.execute(processes.delete().where(processes.c.name == name))
            connection.execute(sa.text(
                "INSERT INTO processes (name, backend_pid, backend_start, host, started) SELECT :n, pid, "
                "backend_start, :h, :t FROM pg_stat_activity WHERE pid = pg_backend_pid()"),
                {"n": name, "h": host, "t": time.time()})

        await self.store.write(work)

    def _session_lost_threadsafe(self) -> None:
        if self._loop is not None and not self._stopping.is_set():
            self._loop.call_soon_threadsafe(self._session_lost)

    def _session_lost(self) -> None:
        """The writer's session broke: its locks are gone, so are its tables (another process may hold them by
        now). Drop them all; clients reconnect; this process registers again under its new session."""
        log.warning("the database session holding this process's tables was lost: %d table(s) let go",
                    len(self.hub.rooms))
        for room in list(self.hub.rooms.values()):
            room.stop()
            room.broken = True
            room.close_all(1012, "the server process lost its tables; reconnect")
            self.hub.forget(room, release=False)
        self.held.clear()
        self._spawn(self._register())

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- ownership ----------------------------------------------------------------------------------------------
    async def take(self, room_id: str) -> bool | None:
        """Try to own the room: True (it is ours), False (another process holds it), None (no such room)."""
        if room_id in self.held:
            return True
        if self._leaving(room_id):
            return False
        name, locked = self.name, [False]

        def work(connection: Connection) -> bool | None:
            if connection.execute(sa.text("SELECT 1 FROM rooms WHERE id = :r"), {"r": room_id}).first() is None:
                connection.execute(owners.delete().where(owners.c.room_id == room_id))
                return None
            if not locked[0]:  # (a batch that failed is retried write by write: locked once)
                if not connection.execute(sa.text("SELECT pg_try_advisory_lock(hashtextextended(:r, 0))"),
                                          {"r": room_id}).scalar():
                    return False
                locked[0] = True
            connection.execute(sa.text(
                "INSERT INTO owners (room_id, process, fence, since) VALUES (:r, :p, 1, :t) ON CONFLICT (room_id) "
                "DO UPDATE SET process = :p, fence = owners.fence + 1, since = :t"),
                {"r": room_id, "p": name, "t": time.time()})
            return True

        taken: bool | None = await self.store.call(work)
        if taken:
            self.held.add(room_id)
        return taken

    def _leaving(self, room_id: str) -> bool:
        until = self.leaving.get(room_id)
        if until is None:
            return False
        if time.monotonic() < until:
            return True
        del self.leaving[room_id]
        return False

    # -- a table follows its clients ---------------------------------------------------------------------------
    async def cede(self, owner: str, room_id: str) -> bool:
        """Ask the owner to hand the room over to this process, where a client of it just arrived: True once it
        let it go (this process may take it now). The owner does so only if every client it has at the table is
        relayed from here - a proxy that routes by room sends them all here - so a table whose clients are spread
        over processes stays where it is."""
        if owner == self.name:
            return False
        try:
            return bool(await self.call(owner, "cede", room_id, {}))
        except (Elsewhere, RoomError, TimeoutError):
            return False

    async def _cede(self, asker: str, room_id: str) -> bool:
        """Hand the room over to `asker` if all its clients here are relayed from there: stop it, let its lock go
        (committed after every write of the room: one writer session), and tell `asker` to attach them there."""
        if room_id not in self.held:
            return False
        try:
            room = await self.hub.get(room_id)  # (one being read back, e.g. just taken over, once it is)
        except (Elsewhere, RoomError):
            return False
        if room is None:
            return False
        async with room.lock:
            if self.hub.rooms.get(room_id) is not room or room.broken or \
                    not all(isinstance(conn, RemoteConn) and conn.process == asker for conn in room.conns):
                return False
            room.stop()
            room.broken = True  # a message that waited for the lock is refused: its sender is told to send it again
            moved = [conn for conn in room.conns if isinstance(conn, RemoteConn)]
            room.conns.clear()
            for conn in moved:
                conn.closed = True
                conn.inbox.put_nowait(None)
                self.remote.pop((conn.process, conn.conn), None)
            self.hub.forget(room, release=False)
            self.leaving[room_id] = time.monotonic() + LEAVING_S
            await self.release(room_id)
        for conn in moved:  # after the lock is free: they attach where the table goes next
            self.sender.put(asker, ["mv", conn.conn])
        self.handed += 1
        return True

    async def release(self, room_id: str) -> None:
        if room_id not in self.held:
            return
        self.held.discard(room_id)
        name, unlocked = self.name, [False]

        def work(connection: Connection) -> None:
            connection.execute(owners.delete().where(owners.c.room_id == room_id, owners.c.process == name))
            if not unlocked[0]:
                connection.execute(sa.text("SELECT pg_advisory_unlock(hashtextextended(:r, 0))"), {"r": room_id})
                unlocked[0] = True

        try:
            await self.store.write(work)
        except Exception as exc:  # noqa: BLE001 - the lock goes with the session anyway
            log.debug("releasing room %s: %s", room_id, exc)

    async def owner_of(self, room_id: str) -> str | None:
        """The live process that owns the room, waiting a moment for one that is taking it over."""
        deadline = time.monotonic() + CALL_S
        while True:
            found = await asyncio.to_thread(self._owner_row, room_id)
            if found is not None and found in (await asyncio.to_thread(self._alive))[0]:
                return found
            if time.monotonic() > deadline:
                return None
            if await self.take(room_id):
                return self.name
            await asyncio.sleep(0.05)

    def _owner_row(self, room_id: str) -> str | None:
        with self.store.engine.connect() as connection:
            return connection.execute(sa.select(owners.c.process).where(owners.c.room_id == room_id)).scalar()

    def _alive(self) -> tuple[set[str], set[str]]:
        """(processes alive, processes gone): a registered process whose writer session has ended is gone, and so
        is one that owns rows and is not registered (it stopped)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(sa.text(
                "SELECT p.name, EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = p.backend_pid "
                "AND a.backend_start = p.backend_start) FROM processes p "
                "UNION ALL SELECT DISTINCT o.process, false FROM owners o WHERE NOT EXISTS "
                "(SELECT 1 FROM processes p WHERE p.name = o.process)")).all()
        alive = {name for name, up in rows if up} | {self.name}
        return alive, {name for name, up in rows if not up} - alive

    def _dead(self) -> tuple[set[str], set[str]]:
        """(the processes gone, those alive): gone are also those this process relays to or for that are no longer
        registered (another process may have taken all their tables and forgotten them already)."""
        alive, dead = self._alive()
        known = {link.owner for link in list(self.links.values()) if link.owner is not None}
        known |= {process for process, _ in list(self.remote)}
        return dead | (known - alive), alive

    def _unowned(self) -> list[str]:
        """Unfinished, open tables that no process owns (a fleet started on a database a single server used)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(sa.text(
                "SELECT DISTINCT g.room_id FROM games g JOIN rooms r ON r.id = g.room_id WHERE g.finished IS NULL "
                "AND r.closed IS NULL AND NOT EXISTS (SELECT 1 FROM owners o WHERE o.room_id = g.room_id)")).all()
        return [row[0] for row in rows]

    def _orphans(self, process: str) -> list[str]:
        """The tables in play the process gone owned; those whose game is over (or that are closed) are let go here
        (the next process asked for one takes it, as any table nobody owns)."""
        with self.store.engine.begin() as connection:
            playing = [row[0] for row in connection.execute(sa.text(
                "SELECT o.room_id FROM owners o JOIN rooms r ON r.id = o.room_id WHERE o.process = :p AND "
                "r.closed IS NULL AND EXISTS (SELECT 1 FROM games g WHERE g.room_id = o.room_id AND g.finished IS NULL)"),
                {"p": process})]
            connection.execute(owners.delete().where(owners.c.process == process, owners.c.room_id.not_in(playing)))
        return playing

    def _bury(self, process: str) -> None:
        with self.store.engine.begin() as connection:
            connection.execute(processes.delete().where(
                processes.c.name == process, ~sa.exists().where(owners.c.process == process)))

    async def _poll_forever(self) -> None:
        while True:
            await asyncio.sleep(POLL_S)
            try:
                dead, alive = await asyncio.to_thread(self._dead)
                for process in dead:
                    await self._take_over(process, sorted(alive))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the database is unreachable: next time
                log.warning("looking for server processes gone: %s", str(exc).splitlines()[0])

    async def _take_over(self, process: str, alive: list[str]) -> None:
        """Take the tables of a process gone: first this process's share of them (the survivors split them by the
        room's hash, and rebuild their shares at once), then whatever is still free."""
        noticed = time.monotonic()
        self._noticed_gone(process)
        for key in [key for key in self.remote if key[0] == process]:  # its clients at tables here are gone
            self._detach(self.remote.pop(key))
        orphans = await asyncio.to_thread(self._orphans, process)
        random.shuffle(orphans)
        mine = alive.index(self.name) if self.name in alive else 0
        share = [room for room in orphans if zlib.crc32(room.encode()) % max(1, len(alive)) == mine]
        links = [link for link in self.links.values() if link.owner == process]
        taken, (locks, read, rebuilt) = await self._adopt(share, then=[self._rehome(link) for link in links])
        rest = [room for room in orphans if room not in set(share)]
        if rest:  # those of a survivor slower to notice, or gone too
            more, (locks2, read2, rebuilt2) = await self._adopt(rest)
            taken, locks, read, rebuilt = taken + more, locks + locks2, read + read2, rebuilt + rebuilt2
        await asyncio.to_thread(self._bury, process)
        if orphans or taken:
            spent = time.monotonic() - noticed
            self.takeovers.append((process, taken, spent))
            log.warning("server process %s is gone: took over %d of its %d table(s) in %.2f s (locks %.2f s, reading "
                        "%.2f s, rebuilding %.2f s)", process, taken, len(orphans), spent, locks, read, rebuilt)

    async def _adopt(self, rooms: list[str], then: list[Any] | None = None) -> tuple[int, tuple[float, float, float]]:
        """Take what it can of `rooms` (all locks tried in one commit) and read them back (in one go, rebuilt a few
        at a time): how many it took, and the seconds spent on the locks, reading and rebuilding. `then`: work
        started once the locks are taken (relayed clients attached again: each waits for its own table only)."""
        started = time.monotonic()
        got = await self.take_many([room for room in rooms if room not in self.hub.rooms])
        locks = time.monotonic() - started
        for work in then or []:
            self._spawn(work)
        taken, read, rebuilt = await self.hub.adopt(got, ADOPTING)
        return taken, (locks, read, rebuilt)

    async def take_many(self, rooms: list[str]) -> list[str]:
        """Try to own each room at once: those now held here."""
        wanted = [room for room in rooms if room not in self.held and not self._leaving(room)]
        if not wanted:
            return []
        name: str = self.name
        locked: list[list[str] | None] = [None]

        def work(connection: Connection) -> list[str]:
            if locked[0] is None:  # (a batch that failed is retried write by write: locked once)
                rows = connection.execute(sa.text(
                    "SELECT r, pg_try_advisory_lock(hashtextextended(r, 0)) FROM unnest(CAST(:rs AS text[])) r"),
                    {"rs": wanted}).all()
                locked[0] = [room for room, got in rows if got]
            got: list[str] = locked[0] or []
            if got:
                connection.execute(sa.text(
                    "INSERT INTO owners (room_id, process, fence, since) SELECT r, :p, 1, :t FROM "
                    "unnest(CAST(:rs AS text[])) r ON CONFLICT (room_id) DO UPDATE SET process = :p, "
                    "fence = owners.fence + 1, since = :t"), {"rs": got, "p": name, "t": time.time()})
            return got

        taken: list[str] = await self.store.call(work)
        self.held.update(taken)
        return taken

    # -- relaying a client of this process ---------------------------------------------------------------------
    async def relay(self, socket_: Socket, room_id: str, owner: str, token: str | None, table: str) -> Link | None:
        """Attach this process's client to the room at `owner`; None (the client told why) if it refuses."""
        link = Link(next(self._ids), room_id, socket_, table, token)
        self.links[link.id] = link
        try:
            seat = await self.call(owner, "attach", room_id, {"conn": link.id, "token": token, "fresh": True})
        except RoomError as exc:
            del self.links[link.id]
            socket_.send(json.dumps({"type": "error", "message": str(exc)}))
            socket_.close(exc.status if exc.status >= 1000 else {404: 4404, 410: 4410}.get(exc.status, 1011),
                          str(exc)[:120])
            return None
        except Elsewhere as moved:  # taken over meanwhile: ask again
            del self.links[link.id]
            if moved.owner == self.name:  # handed over to this process meanwhile
                return await self._here(link)
            return await self.relay(socket_, room_id, moved.owner, token, table)
        except TimeoutError:  # the owner went meanwhile: its tables are being taken over
            del self.links[link.id]
            socket_.close(1012, "the table's server process stopped; reconnect")
            return None
        socket_.seat = seat
        link.owner = owner
        return link

    async def _here(self, link: Link) -> Link | None:
        """The client attached to its table here, where it has come meanwhile."""
        try:
            room = await self.hub.get(link.room_id)
        except (Elsewhere, RoomError) as exc:
            link.socket.close(1012, f"the table is moving between server processes; reconnect ({exc})"[:120])
            return None
        if room is None:
            link.socket.close(4404, "no such room")
            return None
        if link.token is not None:
            link.socket.seat = room.seat_for(link.token)
            if link.socket.seat is None:
                link.socket.send(json.dumps({"type": "error", "message": "this token holds no seat of this room "
                                                                         "(leave it out to watch)"}))
                link.socket.close(4401, "this token holds no seat of this room")
                return None
        try:
            async with settled(room):
                room.attach(link.socket)
        except RoomError:
            link.socket.close(1011, "the table is being reloaded; reconnect")
            return None
        link.room = room
        self.links[link.id] = link
        return link

    async def forward(self, link: Link, text: Any) -> None:
        """A client's message, to its table's owner (or the room here, once taken over)."""
        await link.moving.wait()
        if link.room is not None:
            await link.room.handle(link.socket, text)
            return
        try:
            ident = parse_message(text).get("id")
        except ProtocolError as exc:  # refused here: the owner has nothing to do with it
            link.socket.send(json.dumps({"type": "error", "message": str(exc)}))
            return
        assert link.owner is not None
        if len(link.pending) >= RELAY_PENDING or not self.sender.room():
            link.socket.close(1013, BACKLOG)
            return
        link.pending.append(ident)
        self.sender.put(link.owner, ["m", self.name, link.id, text])

    async def unlink(self, link: Link) -> None:
        self.links.pop(link.id, None)
        if link.room is not None:
            room = link.room
            if room.lock.locked():
                async with room.lock:
                    room.detach(link.socket)
            else:
                room.detach(link.socket)
        elif link.owner is not None:
            self.sender.put(link.owner, ["u", self.name, link.id])

    async def _rehome(self, link: Link) -> None:
        """The owner is gone: the client waits (a pause), then is attached where its table now runs."""
        link.moving.clear()
        try:
            for ident in list(link.pending):
                link.socket.send(json.dumps({"type": "error", "message": MOVED,
                                             **({"id": ident} if ident is not None else {})}))
            link.pending.clear()
            link.owner = None
            deadline = time.monotonic() + CALL_S
            while link.id in self.links and time.monotonic() < deadline:
                try:
                    room = await self.hub.get(link.room_id)
                except Elsewhere as away:
                    if away.owner == self.name:  # it is coming here (the owner handed it over)
                        await asyncio.sleep(0.05)
                        continue
                    try:
                        await self.call(away.owner, "attach", link.room_id,
                                        {"conn": link.id, "token": link.token, "fresh": False})
                        link.owner = away.owner
                        return
                    except (Elsewhere, RoomError, TimeoutError):
                        await asyncio.sleep(0.1)
                        continue
                if room is None:
                    break
                link.socket.wants_table = False
                async with settled(room):
                    room.attach(link.socket)
                link.room = room
                return
            link.socket.close(1012, "the table could not be found after its server process stopped; reconnect")
        except RoomError as exc:
            link.socket.close(1011, str(exc)[:120])
        finally:
            link.moving.set()

    # -- requests between processes --------------------------------------------------------------------------
    async def call(self, owner: str, op: str, room_id: str, args: dict[str, Any]) -> Any:
        """Ask the owner of `room_id` to do `op`; its answer, or its RoomError (Elsewhere if it no longer owns the
        room; TimeoutError if it does not answer within CALL_S, or is noticed gone meanwhile)."""
        if owner in self.gone:
            raise TimeoutError(f"server process {owner} is gone")
        ident = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.replies[ident] = (owner, future)
        self.sender.put(owner, ["q", self.name, ident, op, room_id, args])
        try:
            return await asyncio.wait_for(future, CALL_S)
        finally:
            self.replies.pop(ident, None)

    def _noticed_gone(self, process: str) -> None:
        """Requests waiting for its answer fail now (their clients move on: attached elsewhere, or reconnecting)."""
        now = time.monotonic()
        self.gone[process] = now
        for name in [name for name, when in self.gone.items() if now - when > 60]:
            del self.gone[name]
        for owner, future in list(self.replies.values()):
            if owner == process and not future.done():
                future.set_exception(TimeoutError(f"server process {process} is gone"))

    async def _answer(self, sender: str, ident: int, op: str, room_id: str, args: dict[str, Any]) -> None:
        try:
            value = await self._do(sender, op, room_id, args)
            self.sender.put(sender, ["r", ident, value, None, 0])
        except Elsewhere as away:
            self.sender.put(sender, ["r", ident, None, away.owner, -1])
        except RoomError as exc:
            self.sender.put(sender, ["r", ident, None, str(exc), exc.status])
        except Exception as exc:
            log.exception("answering %s for room %s", op, room_id)
            self.sender.put(sender, ["r", ident, None, f"the table's server process failed: {exc}", 503])

    async def _do(self, sender: str, op: str, room_id: str, args: dict[str, Any]) -> Any:
        if op == "cede":
            return await self._cede(sender, room_id)
        room = self.hub.rooms.get(room_id) if room_id in self.held else None
        if room is None:
            room = await self.hub.get(room_id)  # Elsewhere if another process owns it
            if room is None:
                raise RoomError(f"no room {room_id}", 404)
        if op == "attach":
            token = args.get("token")
            seat = None
            if token is not None:
                seat = room.seat_for(token)
                if seat is None:
                    raise RoomError("this token holds no seat of this room (leave it out to watch)", 4401)
            conn = RemoteConn(self, sender, int(args["conn"]), seat, room, bool(args.get("fresh")))
            old = self.remote.pop((sender, conn.conn), None)
            if old is not None:
                self._detach(old)
            async with settled(room):
                room.attach(conn)
            self.remote[(sender, conn.conn)] = conn
            conn.task = asyncio.create_task(conn.run())
            return seat
        if op == "info":
            async with settled(room):
                return room.info()
        if op == "join":
            seat, token = await room.join(args["name"], args.get("seat"))
            return {"room": room.id, "seat": seat, "token": token}
        if op == "record":
            return await self.hub.record_text(room, args.get("number"))
        if op == "log":  # GET /api/rooms/{room}/log (zdeck.server.public_log)
            from zdeck.server.public_log import public_log

            return {"number": room.number, "log": await public_log(room)}
        raise RoomError(f"unknown request {op}", 400)

    def drop(self, conn: RemoteConn, reason: str) -> None:
        """Let a relayed client go, saying why (its relaying process closes its socket: it reconnects)."""
        if conn.closed:
            return
        conn.close(1013, reason)
        if self.remote.get((conn.process, conn.conn)) is conn:
            del self.remote[(conn.process, conn.conn)]
        asyncio.get_running_loop().call_soon(self._detach, conn)  # not within the room's broadcast that overflowed

    def _detach(self, conn: RemoteConn) -> None:
        conn.closed = True
        conn.inbox.put_nowait(None)
        room = conn.room
        if room.lock.locked():
            async def later() -> None:
                async with room.lock:
                    room.detach(conn)
            self._spawn(later())
        else:
            room.detach(conn)

    # -- what arrives on this process's channel ----------------------------------------------------------------
    def _listen(self) -> None:
        import psycopg

        url = libpq_url(self.store.url)
        while not self._stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as listening, \
                        psycopg.connect(url, autocommit=True) as reading:
                    listening.execute(f'LISTEN "zdeck_{self.name}"')
                    self._listening.set()
                    while not self._stopping.is_set():
                        for note in listening.notifies(timeout=1.0):
                            self._received(note.payload, reading)
            except Exception as exc:  # noqa: BLE001 - the database went away: listen again
                if not self._stopping.is_set():
                    log.warning("listening for relayed messages: %s", str(exc).splitlines()[0])
                    time.sleep(0.5)

    def _received(self, payload: str, reading: Any) -> None:
        records = json.loads(payload)[1:]
        for index, record in enumerate(records):
            if record[0] == "big":
                row = reading.execute("DELETE FROM relayed WHERE id = %s RETURNING body", (record[1],)).fetchone()
                records[index] = json.loads(row[0]) if row is not None else ["lost"]
        assert self._loop is not None
        while not self._dispatching.acquire(timeout=1.0):  # the event loop is behind: wait for it (bounded)
            if self._stopping.is_set():
                return
        self._loop.call_soon_threadsafe(self._dispatch, records)

    def _dispatch(self, records: list[list[Any]]) -> None:
        try:
            self._handle(records)
        finally:
            self._dispatching.release()

    def _handle(self, records: list[list[Any]]) -> None:
        for record in records:
            kind = record[0]
            if kind == "d":
                link = self.links.get(record[1])
                if link is not None:
                    link.deliver(record[2], bool(record[3]))
            elif kind == "x":
                link = self.links.get(record[1])
                if link is not None:
                    link.socket.close(record[2], record[3])
            elif kind == "r":
                _, future = self.replies.get(record[1], ("", None))
                if future is not None and not future.done():
                    if record[4] == 0:
                        future.set_result(record[2])
                    elif record[4] == -1:
                        future.set_exception(Elsewhere(record[3]))
                    else:
                        future.set_exception(RoomError(record[3], record[4]))
            elif kind == "q":
                self._spawn(self._answer(record[1], record[2], record[3], record[4], record[5]))
            elif kind == "m":
                conn = self.remote.get((record[1], record[2]))
                if conn is not None:
                    conn.receive(record[3])
                else:  # the table moved away from here: the client is attached where it is now
                    self.sender.put(record[1], ["mv", record[2]])
            elif kind == "mv":
                link = self.links.get(record[1])
                if link is not None and link.owner is not None:
                    self._spawn(self._rehome(link))
            elif kind == "u":
                conn = self.remote.pop((record[1], record[2]), None)
                if conn is not None:
                    self._detach(conn)

