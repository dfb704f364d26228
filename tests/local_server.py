"""A real HTTP server on 127.0.0.1 standing in for Project Gutenberg and Hugging Face in the tests.

``serve(routes)`` runs a threaded server for the duration of a ``with`` block and yields its base
URL. Each route maps a path to a ``Reply``: the body, and how to misbehave the way the internet
does (announce more than is sent, stall midway, hang before answering, close without a length).
"""

from __future__ import annotations

import contextlib
import http.server
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass
class Reply:
    """What the server sends for one path."""

    body: bytes = b""
    status: int = 200
    send: int | None = None  # bytes actually sent (default: the whole body)
    announce_length: bool = True
    stall: bool = False  # send the headers and ``send`` bytes, then wait until the test ends
    hang: bool = False  # accept the connection and never answer
    hits: list[str] = field(default_factory=list)


@contextlib.contextmanager
def serve(routes: dict[str, Reply]) -> Iterator[str]:
    """Serve ``routes`` on a free 127.0.0.1 port; yields ``http://127.0.0.1:PORT``."""
    release = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            reply = routes.get(self.path)
            if reply is None:
                self.send_error(404, "Not Found")
                return
            reply.hits.append(self.path)
            if reply.hang:
                release.wait(30)
                return
            if reply.status != 200:
                self.send_error(reply.status)
                return
            self.send_response(200)
            if reply.announce_length:
                self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            sent = reply.body if reply.send is None else reply.body[: reply.send]
            self.wfile.write(sent)
            self.wfile.flush()
            if reply.stall:
                release.wait(30)
            self.close_connection = True

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    # A proxy set for the machine must not stand between the test and its own server.
    saved = {name: os.environ.get(name) for name in ("NO_PROXY", "no_proxy")}
    os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        release.set()
        httpd.shutdown()
        httpd.server_close()
