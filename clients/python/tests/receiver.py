"""A webhook endpoint on 127.0.0.1 for the service's real deliveries."""

from __future__ import annotations

import queue
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any


class Receiver:
    """An HTTP endpoint on 127.0.0.1 that keeps every POST (raw body and headers) and answers 204."""

    def __init__(self) -> None:
        deliveries: queue.Queue[tuple[bytes, dict[str, str]]] = queue.Queue()
        self.deliveries = deliveries

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                deliveries.put((body, dict(self.headers.items())))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def next(self) -> tuple[bytes, dict[str, str]]:
        return self.deliveries.get(timeout=30)
