"""Pdfgen: the sync client."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Literal, Optional, Union, overload

import httpx

from . import calls
from .calls import Timeout
from .config import transport_options
from .models import JsonObject, OutputFormat, PdfOptions, WebhookTarget
from .resources import Batches, Files, Generations, Jobs, Templates
from .results import Base64Result, BufferResult, FileResult, GenerateResult, JobAcceptedResult, UrlResult
from .transport import SyncTransport


class Pdfgen:
    """
    A client of the pdfgen API. `api_key` (sent as X-API-Key) and `base_url` (the service's root:
    the API is under /api/v1, files under /files) default to PDFGEN_API_KEY and PDFGEN_BASE_URL.
    `timeout` is each attempt's (seconds or an httpx.Timeout); a call is retried up to `retries`
    times after a 429 rate limit, a 502, 503 or 504, a 409 IDEMPOTENCY_KEY_IN_PROGRESS or a network
    error, waiting Retry-After or `retry_base_delay` doubling, at most `retry_max_delay`.
    `http_client` is an httpx.Client of yours (proxies, certificates); you close it.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        timeout: Union[float, httpx.Timeout] = 120.0,
        retries: int = 3,
        retry_base_delay: float = 0.5,
        retry_max_delay: float = 30.0,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        options = transport_options(api_key, base_url, timeout, retries, retry_base_delay, retry_max_delay)
        self._owns_http = http_client is None
        self._transport = SyncTransport(http_client or httpx.Client(), **options)
        self.templates = Templates(self._transport)
        self.jobs = Jobs(self._transport)
        self.generations = Generations(self._transport)
        self.batches = Batches(self._transport)
        self.files = Files(self._transport)

    @overload
    def generate(
        self,
        template_id: str,
        data: JsonObject,
        *,
        webhook: WebhookTarget,
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> JobAcceptedResult: ...
    @overload
    def generate(
        self,
        template_id: str,
        data: JsonObject,
        *,
        output_format: Literal["buffer"],
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> BufferResult: ...
    @overload
    def generate(
        self,
        template_id: str,
        data: JsonObject,
        *,
        output_format: Literal["base64"],
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> Base64Result: ...
    @overload
    def generate(
        self,
        template_id: str,
        data: JsonObject,
        *,
        output_format: Literal["url"] = "url",
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> UrlResult: ...
    def generate(
        self,
        template_id: str,
        data: JsonObject,
        *,
        output_format: Optional[OutputFormat] = None,
        webhook: Optional[WebhookTarget] = None,
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> GenerateResult:
        """
        Renders a PDF: a hosted URL (default), base64, the bytes (`buffer`), or with `webhook` a
        queued job (202) whose PDF is POSTed there. Every attempt sends the same Idempotency-Key
        (`idempotency_key`, default a random UUID), so a retry never renders or counts twice.
        """
        return self._transport.send(
            calls.generate(
                template_id,
                data,
                output_format=output_format,
                template_version=template_version,
                options=options,
                webhook=webhook,
                idempotency_key=idempotency_key,
                timeout=timeout,
            )
        )

    def generate_to_file(
        self,
        path: Union[str, Path],
        template_id: str,
        data: JsonObject,
        *,
        template_version: Optional[str] = None,
        options: Optional[PdfOptions] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> FileResult:
        """Renders a PDF and writes its bytes to `path`."""
        result = self.generate(
            template_id,
            data,
            output_format="buffer",
            template_version=template_version,
            options=options,
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        Path(path).write_bytes(result.pdf)
        return FileResult.of(result, str(path))

    def close(self) -> None:
        """Closes the HTTP connections (not those of an `http_client` you passed)."""
        if self._owns_http:
            self._transport.http.close()

    def __enter__(self) -> Pdfgen:
        return self

    def __exit__(self, kind: Optional[type[BaseException]], error: Optional[BaseException], trace: Optional[TracebackType]) -> None:
        self.close()
