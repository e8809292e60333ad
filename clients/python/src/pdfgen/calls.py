"""Every API operation as a Call: where it goes, what it sends, how its 2xx answer is read.

The sync and async clients send the same Calls, so the API is described once, here.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Optional, TypeVar, Union
from urllib.parse import quote

import httpx

from .errors import APIError
from .models import (
    Batch,
    BatchAccepted,
    BatchItemRequest,
    GenerationsPage,
    JsonObject,
    Job,
    OutputFormat,
    PdfOptions,
    Template,
    TemplateCategory,
    TemplateDefinitionRequest,
    TemplateDetail,
    TemplateList,
    TemplatePreviewRequest,
    TemplateSchema,
    WebhookTarget,
)
from .results import GenerateResult, read_generate_result

T = TypeVar("T")
#: Seconds, or an httpx.Timeout; None takes the client's.
Timeout = Union[float, httpx.Timeout, None]


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    read: Callable[[httpx.Response], T]
    query: Mapping[str, Union[str, int, None]] = field(default_factory=dict)
    body: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    #: False when sending twice may act twice (a second template, a second version): then a lost
    #: connection, a time-out, a 502 or a 504 is not retried.
    repeatable: bool = True
    #: This call's time-out of each attempt (connect, write, and each read), overriding the client's.
    timeout: Timeout = None
    #: Sent without the API key (public hosted files: the key goes nowhere it is not needed).
    public: bool = False


def _json(response: httpx.Response) -> Any:
    return response.json()


def _nothing(response: httpx.Response) -> None:
    return None


def _template_path(template_id: str) -> str:
    return f"/api/v1/templates/{quote(template_id, safe='')}"


def _without_none(values: Mapping[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in values.items() if value is not None}


def generate(
    template_id: str,
    data: JsonObject,
    *,
    output_format: Optional[OutputFormat],
    template_version: Optional[str],
    options: Optional[PdfOptions],
    webhook: Optional[WebhookTarget],
    idempotency_key: Optional[str],
    timeout: Timeout,
) -> Call[GenerateResult]:
    key = idempotency_key or str(uuid.uuid4())
    body = _without_none(
        {"templateId": template_id, "templateVersion": template_version, "data": data, "outputFormat": output_format, "options": options, "webhook": webhook}
    )
    return Call(
        "POST",
        "/api/v1/generate",
        lambda response: read_generate_result(response, template_id, key),
        body=body,
        headers={"Idempotency-Key": key},
        timeout=timeout,
    )


def list_templates(category: Optional[TemplateCategory], timeout: Timeout) -> Call[TemplateList]:
    return Call("GET", "/api/v1/templates", _json, query={"category": category}, timeout=timeout)


def get_template(template_id: str, timeout: Timeout) -> Call[TemplateDetail]:
    return Call("GET", _template_path(template_id), _json, timeout=timeout)


def template_schema(template_id: str, timeout: Timeout) -> Call[TemplateSchema]:
    return Call("GET", f"{_template_path(template_id)}/schema", _json, timeout=timeout)


def create_template(definition: TemplateDefinitionRequest, timeout: Timeout) -> Call[Template]:
    # Not sent again after a lost answer: without an `id` the server would draw another one (a
    # second template), with one the repeat would answer 409 for the template this call made.
    return Call("POST", "/api/v1/templates", _json, body=definition, repeatable=False, timeout=timeout)


def update_template(template_id: str, definition: TemplateDefinitionRequest, timeout: Timeout) -> Call[Template]:
    # Each PUT makes a version, so a repeat after a lost answer would add a second one.
    return Call("PUT", _template_path(template_id), _json, body=definition, repeatable=False, timeout=timeout)


def delete_template(template_id: str, timeout: Timeout) -> Call[None]:
    return Call("DELETE", _template_path(template_id), _nothing, timeout=timeout)


def preview_template(request: TemplatePreviewRequest, timeout: Timeout) -> Call[bytes]:
    return Call("POST", "/api/v1/templates/preview", _read_preview, body=request, timeout=timeout)


def template_language_schema(timeout: Timeout) -> Call[JsonObject]:
    return Call("GET", "/api/v1/template-language.schema.json", _json, timeout=timeout)


def get_job(job_id: str, timeout: Timeout) -> Call[Job]:
    return Call("GET", f"/api/v1/jobs/{quote(job_id, safe='')}", _json, timeout=timeout)


def list_generations(
    *, limit: Optional[int], cursor: Optional[str], template_id: Optional[str], status: Optional[str], timeout: Timeout
) -> Call[GenerationsPage]:
    query = {"limit": limit, "cursor": cursor, "templateId": template_id, "status": status}
    return Call("GET", "/api/v1/generations", _json, query=query, timeout=timeout)


def create_batch(
    items: list[BatchItemRequest], *, merge: Optional[bool], webhook: Optional[WebhookTarget], idempotency_key: Optional[str], timeout: Timeout
) -> Call[BatchAccepted]:
    body = _without_none({"items": items, "merge": merge, "webhook": webhook})
    return Call("POST", "/api/v1/batches", _json, body=body, headers={"Idempotency-Key": idempotency_key or str(uuid.uuid4())}, timeout=timeout)


def get_batch(batch_id: str, timeout: Timeout) -> Call[Batch]:
    return Call("GET", f"/api/v1/batches/{quote(batch_id, safe='')}", _json, timeout=timeout)


def file_name(url_or_id: str) -> str:
    """`<id>.pdf` of a hosted file, given its pdfUrl, `<id>.pdf` or `<id>`."""
    name = url_or_id.split("?")[0].split("#")[0].rsplit("/", 1)[-1]
    return name if name.endswith(".pdf") else f"{name}.pdf"


def download_file(url_or_id: str, timeout: Timeout) -> Call[bytes]:
    # Always from the client's base URL, whatever host the URL names.
    return Call("GET", f"/files/{quote(file_name(url_or_id), safe='')}", _read_pdf, timeout=timeout, public=True)


def delete_file(url_or_id: str, timeout: Timeout) -> Call[None]:
    return Call("DELETE", f"/files/{quote(file_name(url_or_id), safe='')}", _nothing, timeout=timeout)


def _read_pdf(response: httpx.Response) -> bytes:
    if not response.headers.get("content-type", "").startswith("application/pdf"):
        raise _unexpected(response, "not a PDF")
    return response.content


def _read_preview(response: httpx.Response) -> bytes:
    # A 2xx that is not the API's watermarked PDF (a proxy's page, say) must not pass for one.
    if response.headers.get("x-preview") != "true":
        raise _unexpected(response, "not a preview PDF")
    return _read_pdf(response)


def _unexpected(response: httpx.Response, what: str) -> APIError:
    return APIError(
        f"Unexpected {response.status_code} response: {what}",
        status=response.status_code,
        code="UNEXPECTED_RESPONSE",
        request_id=response.headers.get("x-request-id"),
    )

