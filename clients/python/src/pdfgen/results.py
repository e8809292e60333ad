"""What generate returns: one dataclass per answer shape, with what the headers say about the request."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import ClassVar, Literal, Union

import httpx


@dataclass(frozen=True)
class ResponseInfo:
    #: X-Request-Id: quote it to support; history records carry it too.
    request_id: str
    #: The Idempotency-Key sent with every attempt of this call.
    idempotency_key: str
    #: Idempotent-Replayed: the stored answer of an earlier request with the same key, not counted again.
    replayed: bool
    #: X-Test-Mode: made with a test key (TEST watermark, counted apart from the month).
    test_mode: bool


@dataclass(frozen=True)
class GenerationStats(ResponseInfo):
    """The generation headers: X-Generation-Time-Ms, X-PDF-Size-Bytes, X-Usage-Remaining."""

    generation_time_ms: int
    pdf_size_bytes: int
    #: Generations left this month (None on an unlimited plan's answer without the header).
    usage_remaining: Union[int, None]
    template_id: str


@dataclass(frozen=True)
class UrlResult(GenerationStats):
    output_format: ClassVar[Literal["url"]] = "url"
    template_version: str
    generated_at: str
    #: Permanent hosted URL; it needs no key.
    pdf_url: str


@dataclass(frozen=True)
class Base64Result(GenerationStats):
    output_format: ClassVar[Literal["base64"]] = "base64"
    template_version: str
    generated_at: str
    base64: str

    @property
    def pdf(self) -> bytes:
        """`base64` decoded."""
        return base64.b64decode(self.base64)


@dataclass(frozen=True)
class BufferResult(GenerationStats):
    output_format: ClassVar[Literal["buffer"]] = "buffer"
    pdf: bytes


@dataclass(frozen=True)
class FileResult(GenerationStats):
    """generate_to_file: the PDF was written to `path`."""

    output_format: ClassVar[Literal["buffer"]] = "buffer"
    path: str

    @classmethod
    def of(cls, result: BufferResult, path: str) -> FileResult:
        return cls(
            result.request_id,
            result.idempotency_key,
            result.replayed,
            result.test_mode,
            result.generation_time_ms,
            result.pdf_size_bytes,
            result.usage_remaining,
            result.template_id,
            path,
        )


@dataclass(frozen=True)
class JobAcceptedResult(ResponseInfo):
    """202: the webhook job is queued; the PDF is POSTed to the webhook URL (see verify_webhook, jobs.get)."""

    output_format: ClassVar[Literal["webhook"]] = "webhook"
    job_id: str
    status: Literal["queued"]
    template_id: str


GenerateResult = Union[UrlResult, Base64Result, BufferResult, JobAcceptedResult]


def read_generate_result(response: httpx.Response, template_id: str, idempotency_key: str) -> GenerateResult:
    """Reads a 2xx generate answer by what it is: a 202 job, PDF bytes, or JSON with `base64` or `pdfUrl`."""
    headers = response.headers
    request_id = headers.get("x-request-id", "")
    replayed = headers.get("idempotent-replayed") == "true"
    test_mode = headers.get("x-test-mode") == "true"
    if response.status_code == 202:
        job = response.json()
        return JobAcceptedResult(request_id, idempotency_key, replayed, test_mode, job_id=job["jobId"], status=job["status"], template_id=job["templateId"])
    remaining = headers.get("x-usage-remaining")
    generation_time_ms = int(headers.get("x-generation-time-ms", 0))
    pdf_size_bytes = int(headers.get("x-pdf-size-bytes", 0))
    usage_remaining = None if remaining is None else int(remaining)
    stats = (request_id, idempotency_key, replayed, test_mode, generation_time_ms, pdf_size_bytes, usage_remaining)
    if headers.get("content-type", "").startswith("application/pdf"):
        return BufferResult(*stats, template_id=template_id, pdf=response.content)
    body = response.json()
    json_fields = dict(template_id=body["templateId"], template_version=body["templateVersion"], generated_at=body["generatedAt"])
    if "base64" in body:
        return Base64Result(*stats, **json_fields, base64=body["base64"])
    # url is the default format: JSON without base64 carries pdfUrl.
    return UrlResult(*stats, **json_fields, pdf_url=body["pdfUrl"])
