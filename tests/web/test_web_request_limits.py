"""HTTP requests stay within their limits while they arrive: a body is refused (413) as soon as it
passes 8 KiB, announced or not, and oversized headers are refused (431, or the server closes the
connection), against a real ``ginrummy serve`` on loopback spoken to through a raw socket."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_fixtures import client, live_server, sqlite_url

from ginrummy.web.limits import Limits

LIMIT = Limits().max_body_bytes
HUGE = 300 << 20  # what the client claims, or would send if it were let
CHUNK = 4096
__all__ = ["sqlite_url"]  # a fixture


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    home = tmp_path_factory.mktemp("home")
    with live_server(f"sqlite:///{home}/web.sqlite3", home) as (base, process):
        yield base, process.pid


def address(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def read_reply(sock: socket.socket) -> bytes:
    """What the server sent until it closed the connection (or went quiet for 5 s)."""
    sock.settimeout(5)
    reply = b""
    while True:
        try:
            data = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            return reply
        if not data:
            return reply
        reply += data


def push_body(sock: socket.socket, head: bytes, piece: bytes) -> tuple[bytes, int]:
    """Send ``head``, then ``piece`` over and over (up to HUGE bytes) until the server answers
    or stops reading; the answer and how many body bytes went out."""
    sock.sendall(head)
    sock.setblocking(False)
    sent = 0
    deadline = time.monotonic() + 20
    while sent < HUGE and time.monotonic() < deadline:
        try:
            if sock.recv(1, socket.MSG_PEEK):
                break  # the server has answered
        except BlockingIOError:
            pass
        except OSError:
            break
        try:
            sent += sock.send(piece)
        except BlockingIOError:
            time.sleep(0.01)  # the server reads no more: its window is full
        except OSError:
            break  # it closed the connection
    sock.setblocking(True)
    return read_reply(sock), sent


def status_of(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/1.1 ") else 0


def post_head(base: str, framing: str) -> bytes:
    return (f"POST /api/games HTTP/1.1\r\nHost: {address(base)[0]}\r\n"
            f"Content-Type: application/json\r\n{framing}\r\n\r\n").encode()


def still_serves(base: str) -> None:
    with socket.create_connection(address(base), timeout=5) as sock:
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = read_reply(sock)
    assert status_of(reply) == 200
    assert "presets" in json.loads(reply.split(b"\r\n\r\n", 1)[1])


def test_web_a_huge_announced_body_is_refused_before_it_is_read(server: tuple[str, int]) -> None:
    base, pid = server
    before = rss_kib(pid)
    with socket.create_connection(address(base), timeout=5) as sock:
        reply, sent = push_body(sock, post_head(base, f"Content-Length: {HUGE}"), b"{" * CHUNK)
    assert status_of(reply) == 413 and b"too large" in reply
    assert sent < 16 << 20  # the answer came long before the 300 MB, and the socket closed
    assert rss_kib(pid) - before < 20_000
    still_serves(base)


def test_web_a_chunked_body_is_cut_off_at_the_limit(server: tuple[str, int]) -> None:
    base, pid = server
    before = rss_kib(pid)
    chunk = f"{CHUNK:x}\r\n".encode() + b" " * CHUNK + b"\r\n"
    with socket.create_connection(address(base), timeout=5) as sock:
        reply, sent = push_body(sock, post_head(base, "Transfer-Encoding: chunked"), chunk)
    assert status_of(reply) == 413
    assert sent < 16 << 20
    assert rss_kib(pid) - before < 20_000
    still_serves(base)


def test_web_a_body_longer_than_announced_is_not_taken_for_a_request(
    server: tuple[str, int]
) -> None:
    base, _ = server
    with socket.create_connection(address(base), timeout=5) as sock:
        reply, _ = push_body(sock, post_head(base, "Content-Length: 2"), b"x" * CHUNK)
    # the two announced bytes are not JSON; the rest is no request at all
    assert status_of(reply) == 400
    still_serves(base)


@pytest.mark.parametrize("headers", [
    "".join(f"X-Pad-{i}: {'y' * 100}\r\n" for i in range(100)),  # 100 lines, 11 KiB
    f"X-Big: {'z' * 12_000}\r\n",  # one 12 KiB value
    f"X-Huge: {'z' * 2_000_000}\r\n",  # past what the server itself buffers
])
def test_web_oversized_headers_are_refused(server: tuple[str, int], headers: str) -> None:
    base, _ = server
    with socket.create_connection(address(base), timeout=5) as sock:
        try:
            sock.sendall(f"GET /api/meta HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode())
        except OSError:
            pass  # closed while we were still sending: refused too
        reply = read_reply(sock)
    assert reply == b"" or status_of(reply) in (400, 431)
    if len(headers) < 16_000:  # within what the server buffers: the application's answer
        assert status_of(reply) == 431
    still_serves(base)


def test_web_request_limits_in_process(sqlite_url: str) -> None:
    """The same limits through the ASGI app alone (any server in front)."""
    with client(sqlite_url) as test_client:
        big = test_client.post("/api/games", content=b"{" * (LIMIT + 1),
                               headers={"Content-Type": "application/json"})
        assert big.status_code == 413

        def pieces() -> Iterator[bytes]:  # no Content-Length: chunked
            for _ in range(64):
                yield b" " * 1024

        assert test_client.post("/api/games", content=pieces()).status_code == 413
        many = {f"x-pad-{i}": "y" for i in range(Limits().max_headers + 1)}
        assert test_client.get("/api/meta", headers=many).status_code == 431
        assert test_client.post("/api/games", json={"opponent": "random"}).status_code == 200
