"""Retries: which answers are retried, how long the client waits, and that a retried generate never renders twice."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Iterator, Union

import httpx
import pytest

from pdfgen import AsyncPdfgen, NetworkError, Pdfgen, QuotaExceededError, RateLimitError, RequestTimeoutError, ServerError

from .conftest import INVOICE, Workspace

Answer = Union[httpx.Response, Exception]
OK_URL = {"success": True, "templateId": "invoice-basic", "templateVersion": "1.0.0", "generatedAt": "2026-01-01T00:00:00.000Z", "pdfUrl": "http://x/files/a.pdf"}


def error(status: int, code: str, **headers: str) -> httpx.Response:
    return httpx.Response(status, json={"success": False, "error": code.lower(), "code": code, "requestId": "r"}, headers=headers)


class Script:
    """A stand-in server that answers from a list, recording every request and when it came."""

    def __init__(self, *answers: Answer) -> None:
        self.answers: Iterator[Answer] = iter(answers)
        self.requests: list[httpx.Request] = []
        self.times: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.times.append(time.monotonic())
        answer = next(self.answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def client(self, **options: Any) -> Pdfgen:
        return Pdfgen("pdfg_test", "http://pdfgen.test", retry_base_delay=0.01, http_client=httpx.Client(transport=httpx.MockTransport(self)), **options)


@pytest.mark.parametrize("status", [502, 503, 504])
def test_a_busy_or_unreachable_server_is_retried_with_the_same_idempotency_key(status: int) -> None:
    script = Script(error(status, "BUSY"), error(status, "BUSY"), httpx.Response(200, json=OK_URL))
    result = script.client().generate("invoice-basic", INVOICE)
    assert result.pdf_url == "http://x/files/a.pdf"
    assert len({request.headers["Idempotency-Key"] for request in script.requests}) == 1 and len(script.requests) == 3


def test_a_rate_limit_and_a_key_in_progress_are_retried_after_retry_after() -> None:
    script = Script(error(429, "RATE_LIMITED", **{"Retry-After": "1"}), error(409, "IDEMPOTENCY_KEY_IN_PROGRESS", **{"Retry-After": "0"}), httpx.Response(200, json=OK_URL))
    script.client().generate("invoice-basic", INVOICE)
    assert script.times[1] - script.times[0] >= 0.95
    assert len(script.requests) == 3


def test_a_retry_after_beyond_the_longest_wait_is_raised_at_once() -> None:
    script = Script(error(429, "RATE_LIMITED", **{"Retry-After": "120"}))
    with pytest.raises(RateLimitError) as raised:
        script.client().templates.list()
    assert raised.value.retry_after == 120 and len(script.requests) == 1


def test_retries_stop_after_the_last_one() -> None:
    script = Script(*[error(503, "SERVER_BUSY")] * 3)
    with pytest.raises(ServerError) as raised:
        script.client(retries=2).templates.list()
    assert raised.value.code == "SERVER_BUSY" and len(script.requests) == 3


def test_a_used_up_month_and_a_failed_render_are_not_retried() -> None:
    script = Script(error(429, "QUOTA_EXCEEDED", **{"Retry-After": "1"}), error(500, "GENERATION_FAILED"))
    client = script.client()
    with pytest.raises(QuotaExceededError):
        client.generate("invoice-basic", INVOICE)
    with pytest.raises(ServerError):
        client.generate("invoice-basic", INVOICE)
    assert len(script.requests) == 2


def test_a_lost_connection_is_retried_but_not_for_a_template_create() -> None:
    script = Script(httpx.ConnectError("refused"), httpx.Response(200, json=OK_URL), httpx.ReadError("reset"), error(502, "BAD_GATEWAY"))
    client = script.client()
    assert client.generate("invoice-basic", INVOICE).pdf_url
    definition: Any = {"name": "x", "schema": {}, "layout": {"body": []}}
    with pytest.raises(NetworkError):
        client.templates.create(definition)
    with pytest.raises(ServerError):
        client.templates.update("x", definition)
    assert [request.method for request in script.requests] == ["POST", "POST", "POST", "PUT"]


def test_the_timeout_is_per_attempt_and_per_call() -> None:
    script = Script(httpx.ReadTimeout("slow"), httpx.ReadTimeout("slow"), httpx.Response(200, json={"templates": [], "total": 0, "categories": []}))
    client = script.client(timeout=7.0, retries=1)
    with pytest.raises(RequestTimeoutError):
        client.templates.list()
    client.templates.list(timeout=2.5)
    assert [request.extensions["timeout"]["read"] for request in script.requests] == [7.0, 7.0, 2.5]


def test_the_real_rate_limit_is_waited_out(base_url: str, new_workspace: Callable[..., Workspace]) -> None:
    """More calls at once than the service allows a key (50 a second, refilled continuously): some answer 429, and every call succeeds."""
    statuses: list[int] = []

    async def record(response: httpx.Response) -> None:
        statuses.append(response.status_code)

    async def burst() -> list[Any]:
        async with httpx.AsyncClient(event_hooks={"response": [record]}) as http:
            client = AsyncPdfgen(new_workspace("pro").key, base_url, http_client=http, retries=6)
            return await asyncio.gather(*(client.templates.schema("invoice-basic") for _ in range(200)))

    schemas = asyncio.run(burst())
    assert len(schemas) == 200 and all(schema["templateId"] == "invoice-basic" for schema in schemas)
    assert 429 in statuses and statuses.count(200) == 200
