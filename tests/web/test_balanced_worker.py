"""The worker's rule for new connections, on gunicorn's own worker object and a real listening socket: an idle
worker accepts; one with a request running leaves new connections to the others for the grace, then accepts;
a connection that waits for its request (a slow client, deferred without a thread) does not count."""
from __future__ import annotations

import os
import selectors
import socket
import time

import pytest
from gunicorn.config import Config

from seeplog.web.balanced_worker import GRACE, BalancedThreadWorker, is_write_listener, slot_listener
from tests.web.served import free_ports


@pytest.fixture
def worker():
    listener = socket.create_server(("127.0.0.1", 0))
    made = BalancedThreadWorker(0, 0, [listener], None, 30, Config(), None)
    made.poller = selectors.DefaultSelector()
    yield made
    made.poller.close()
    made.tmp.close()
    listener.close()


def test_an_idle_worker_accepts(worker):
    worker.set_accept_enabled(True)
    assert worker._accepting


def test_a_worker_with_a_request_running_leaves_new_connections_to_the_others_until_the_grace_is_over(worker):
    worker.set_accept_enabled(True)
    worker.nr_conns, worker.last_accept = 1, time.monotonic()
    worker.set_accept_enabled(False)
    worker.set_accept_enabled(True)  # what gunicorn's loop asks while it has threads free
    assert not worker._accepting
    worker.last_accept -= GRACE
    worker.set_accept_enabled(True)
    assert worker._accepting


def test_a_connection_waiting_for_its_request_is_not_a_request_running(worker):
    worker.nr_conns, worker.last_accept = 1, time.monotonic()
    worker.pending_conns.append(object())
    worker.set_accept_enabled(True)
    assert worker._accepting


def test_accepting_a_connection_stops_accepting_while_it_runs(worker):
    worker.set_accept_enabled(True)
    client = socket.create_connection(worker.sockets[0].getsockname())
    worker.tpool = Pool()
    try:
        worker.accept(worker.sockets[0])
        assert worker.nr_conns == 1 and worker.tpool.submitted == 1
        assert not worker._accepting
    finally:
        for conn in worker.tpool.connections:
            conn.sock.close()
        client.close()


class Pool:
    """Takes the accepted connection as gunicorn's thread pool would, and runs nothing."""

    def __init__(self):
        self.connections = []

    @property
    def submitted(self):
        return len(self.connections)

    def submit(self, handle, conn):
        self.connections.append(conn)
        return Done()


class Done:
    def add_done_callback(self, callback):
        pass


@pytest.fixture
def two_listeners():
    """A worker with an ordinary listener and one for writes (as SEEPLOG_WRITE_BIND names it)."""
    reads, writes = socket.create_server(("127.0.0.1", 0)), socket.create_server(("127.0.0.1", 0))
    made = BalancedThreadWorker(0, 0, [reads, writes], None, 30, Config(), None)
    made.write_bind = "127.0.0.1:%d" % writes.getsockname()[1]
    made.poller = selectors.DefaultSelector()
    yield made, reads, writes
    made.poller.close()
    made.tmp.close()
    reads.close()
    writes.close()


def listened(worker) -> set:
    return {key.fileobj for key in worker.poller.get_map().values()}


def test_only_the_write_listener_is_the_writes(two_listeners):
    worker, reads, writes = two_listeners
    assert worker.writes == {writes}
    assert not is_write_listener(reads, "") and not is_write_listener(writes, "")
    assert is_write_listener(writes, "localhost:%d" % writes.getsockname()[1])
    assert not is_write_listener(writes, "[::1]:%d" % writes.getsockname()[1])  # another family: no error


def test_a_unix_socket_for_writes_is_told_from_a_tcp_one(tmp_path):
    path = str(tmp_path / "writes.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as unix, socket.create_server(("127.0.0.1", 0)) as tcp:
        unix.bind(path)
        assert is_write_listener(unix, f"unix:{path}") and not is_write_listener(tcp, f"unix:{path}")
        assert not is_write_listener(unix, "127.0.0.1:%d" % tcp.getsockname()[1])


def test_a_worker_in_its_grace_still_takes_writes_but_not_the_others(two_listeners):
    worker, reads, writes = two_listeners
    worker.nr_conns, worker.last_accept = 1, time.monotonic()
    worker.set_accept_enabled(True)
    assert listened(worker) == {writes} and not worker._accepting
    worker.last_accept -= GRACE
    worker.set_accept_enabled(True)
    assert listened(worker) == {reads, writes} and worker._accepting
    worker.set_accept_enabled(False)  # no thread free (or the worker stops)
    assert listened(worker) == set()


def test_a_waiting_write_is_accepted_before_the_waiting_reads(two_listeners):
    worker, reads, writes = two_listeners
    worker.tpool = Pool()
    worker.set_accept_enabled(True)
    clients = [socket.create_connection(reads.getsockname()), socket.create_connection(writes.getsockname())]
    try:
        time.sleep(0.05)  # both handshakes done: both listeners are ready
        worker.wait_for_and_dispatch_events(timeout=1.0)
        assert [conn.sock.getsockname() for conn in worker.tpool.connections] == [writes.getsockname()]
        worker.last_accept -= GRACE
        worker.set_accept_enabled(True)
        worker.wait_for_and_dispatch_events(timeout=1.0)  # then the read
        assert [conn.sock.getsockname() for conn in worker.tpool.connections][1:] == [reads.getsockname()]
    finally:
        for conn in worker.tpool.connections:
            conn.sock.close()
        for client in clients:
            client.close()


def test_each_worker_takes_a_game_port_of_its_own_and_lets_it_go_when_it_stops():
    # two ports in a row of the tests' range: the kernel's ephemeral ones may be a client connection's port + 1
    port = free_ports(2)
    taken: list = []
    try:
        for _ in range(3):  # each kept as it is taken: closed below whatever fails
            taken.append(slot_listener(f"127.0.0.1:{port}", 2))
        assert [t[0].getsockname()[1] for t in taken[:2]] == [port, port + 1]
        assert taken[2] is None  # every slot held: this worker listens to the shared addresses alone
        listener, held = taken[0]
        listener.close()
        os.close(held)  # the worker stopped: its replacement takes its slot
        again = slot_listener(f"127.0.0.1:{port}", 2)
        assert again is not None and again[0].getsockname()[1] == port
        taken[0] = again
    finally:
        for t in taken:
            if t is not None:
                t[0].close()
                os.close(t[1])
