"""generate in its three formats and to a file, against the real service, sync and async."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Callable

import httpx
import pytest

from pdfgen import AsyncPdfgen, Base64Result, BufferResult, Pdfgen, UrlResult
from pdfgen.transport import USER_AGENT

from .conftest import INVOICE, Workspace


def test_url_result_is_a_hosted_pdf_that_needs_no_key(client: Pdfgen, base_url: str) -> None:
    result = client.generate("invoice-basic", INVOICE, options={"format": "A4", "margin": {"top": "20mm"}})
    assert isinstance(result, UrlResult) and result.output_format == "url"
    assert (result.template_id, result.template_version, result.replayed, result.test_mode) == ("invoice-basic", "1.0.0", False, False)
    assert result.pdf_url.startswith("http") and result.pdf_url.endswith(".pdf")
    hosted = httpx.get(base_url + httpx.URL(result.pdf_url).path)
    assert hosted.status_code == 200 and hosted.content.startswith(b"%PDF-")
    assert len(hosted.content) == result.pdf_size_bytes
    assert client.files.download(result.pdf_url) == hosted.content
    assert result.generation_time_ms >= 0 and result.usage_remaining is not None and result.request_id


def test_base64_and_buffer_results_carry_the_bytes(client: Pdfgen) -> None:
    encoded = client.generate("invoice-basic", INVOICE, output_format="base64")
    assert isinstance(encoded, Base64Result) and encoded.pdf.startswith(b"%PDF-")
    assert len(encoded.pdf) == encoded.pdf_size_bytes
    raw = client.generate("invoice-basic", INVOICE, output_format="buffer")
    assert isinstance(raw, BufferResult) and raw.output_format == "buffer"
    assert raw.pdf.startswith(b"%PDF-") and len(raw.pdf) == raw.pdf_size_bytes


def test_generate_to_file_writes_the_pdf(client: Pdfgen, tmp_path: Path) -> None:
    result = client.generate_to_file(tmp_path / "invoice.pdf", "invoice-basic", INVOICE)
    written = (tmp_path / "invoice.pdf").read_bytes()
    assert result.path == str(tmp_path / "invoice.pdf")
    assert written.startswith(b"%PDF-") and len(written) == result.pdf_size_bytes


def test_the_same_idempotency_key_replays_the_first_answer(client: Pdfgen) -> None:
    key = f"order-{uuid.uuid4()}"
    first = client.generate("invoice-basic", INVOICE, idempotency_key=key)
    again = client.generate("invoice-basic", INVOICE, idempotency_key=key)
    assert (first.replayed, again.replayed) == (False, True)
    assert again.pdf_url == first.pdf_url and again.idempotency_key == key


def test_every_generate_sends_a_fresh_idempotency_key_and_the_user_agent(base_url: str, workspace: Workspace) -> None:
    sent: list[httpx.Request] = []
    with httpx.Client(event_hooks={"request": [sent.append]}) as http:
        client = Pdfgen(workspace.key, base_url, http_client=http)
        one = client.generate("invoice-basic", INVOICE)
        two = client.generate("invoice-basic", INVOICE)
    assert [request.headers["Idempotency-Key"] for request in sent] == [one.idempotency_key, two.idempotency_key]
    assert one.idempotency_key != two.idempotency_key
    assert {request.headers["User-Agent"] for request in sent} == {USER_AGENT}
    assert USER_AGENT.startswith("pdfgen-python/1.")


def test_a_test_key_says_test_mode(base_url: str, new_workspace: Callable[..., Workspace]) -> None:
    with Pdfgen(new_workspace("free", mode="test").key, base_url) as client:
        assert client.generate("invoice-basic", INVOICE).test_mode is True


@pytest.mark.anyio
async def test_the_async_client_generates_all_three(async_client: AsyncPdfgen, tmp_path: Path) -> None:
    url = await async_client.generate("invoice-basic", INVOICE)
    encoded = await async_client.generate("invoice-basic", INVOICE, output_format="base64")
    raw = await async_client.generate("invoice-basic", INVOICE, output_format="buffer")
    written = await async_client.generate_to_file(tmp_path / "a.pdf", "invoice-basic", INVOICE)
    assert (await async_client.files.download(url.pdf_url)).startswith(b"%PDF-")
    assert encoded.pdf.startswith(b"%PDF-") and raw.pdf.startswith(b"%PDF-")
    assert (tmp_path / "a.pdf").stat().st_size == written.pdf_size_bytes
