"""Each kind of error answer of the real service raises its own class, with the contract's body."""

from __future__ import annotations

from typing import Callable

import httpx
import pytest

from pdfgen import (
    APIError,
    AuthenticationError,
    ConflictError,
    NotFoundError,
    PayloadTooLargeError,
    Pdfgen,
    PermissionDeniedError,
    QuotaExceededError,
    ValidationError,
)

from .conftest import INVOICE, Workspace


def test_invalid_data_is_a_validation_error_naming_each_field(client: Pdfgen) -> None:
    with pytest.raises(ValidationError) as raised:
        client.generate("invoice-basic", {"invoiceNumber": "INV-1", "items": [{"description": "x", "quantity": "ten", "unitPrice": 1}]})
    error = raised.value
    assert (error.status, error.code, error.message) == (400, "INVALID_DATA", "Invalid data for template")
    assert "Missing required field: client" in error.validation_errors
    assert any("items[0].quantity" in problem for problem in error.validation_errors)
    assert error.request_id and error.body["requestId"] == error.request_id
    assert "Missing required field: client" in str(error)


def test_an_unknown_template_lists_the_available_ones(client: Pdfgen) -> None:
    with pytest.raises(ValidationError) as raised:
        client.generate("no-such-template", {})
    assert raised.value.code == "TEMPLATE_NOT_FOUND"
    assert "invoice-basic" in (raised.value.available_templates or [])


def test_a_wrong_key_is_an_authentication_error(base_url: str) -> None:
    with Pdfgen("pdfg_00000000-0000-4000-8000-000000000000", base_url) as client, pytest.raises(AuthenticationError) as raised:
        client.templates.schema("invoice-basic")
    assert (raised.value.status, raised.value.code) == (401, "INVALID_API_KEY")


def test_a_plan_without_webhooks_is_permission_denied(base_url: str, new_workspace: Callable[..., Workspace]) -> None:
    with Pdfgen(new_workspace("free").key, base_url) as client, pytest.raises(PermissionDeniedError) as raised:
        client.generate("invoice-basic", INVOICE, webhook={"url": "https://example.com/hook"})
    assert (raised.value.status, raised.value.code) == (403, "WEBHOOKS_NOT_IN_PLAN")


def test_an_unknown_job_is_not_found(client: Pdfgen) -> None:
    with pytest.raises(NotFoundError) as raised:
        client.jobs.get("no-such-job")
    assert (raised.value.status, raised.value.code, raised.value.message) == (404, "JOB_NOT_FOUND", "Job 'no-such-job' not found")


def test_a_key_reused_with_another_body_is_a_conflict(client: Pdfgen) -> None:
    client.generate("invoice-basic", INVOICE, idempotency_key="python-reused-key")
    with pytest.raises(ConflictError) as raised:
        client.generate("invoice-basic", {**INVOICE, "invoiceNumber": "INV-2"}, idempotency_key="python-reused-key")
    assert (raised.value.status, raised.value.code) == (422, "IDEMPOTENCY_KEY_REUSED")


def test_a_body_over_the_limit_is_payload_too_large(client: Pdfgen) -> None:
    with pytest.raises(PayloadTooLargeError) as raised:
        client.generate("invoice-basic", {**INVOICE, "notes": "x" * 300_000})
    assert raised.value.code == "BODY_TOO_LARGE" and (raised.value.limit_bytes or 0) > 0


def test_a_used_up_month_is_quota_exceeded_and_not_retried(base_url: str, new_workspace: Callable[..., Workspace]) -> None:
    sent: list[httpx.Request] = []
    with httpx.Client(event_hooks={"request": [sent.append]}) as http:
        client = Pdfgen(new_workspace("free", monthlyLimit=1).key, base_url, http_client=http)
        client.generate("invoice-basic", INVOICE)
        with pytest.raises(QuotaExceededError) as raised:
            client.generate("invoice-basic", INVOICE)
    error = raised.value
    assert (error.status, error.code, error.limit, error.used, error.remaining) == (429, "QUOTA_EXCEEDED", 1, 1, 0)
    assert error.retry_after is not None and error.retry_after > 0
    assert len(sent) == 2


def test_an_error_that_is_not_the_apis_is_unexpected_response(base_url: str, workspace: Workspace) -> None:
    def proxy(request: httpx.Request) -> httpx.Response:
        return httpx.Response(418, text="<html>I'm a teapot</html>", headers={"X-Request-Id": "proxy-1"})

    with Pdfgen(workspace.key, base_url, http_client=httpx.Client(transport=httpx.MockTransport(proxy))) as client, pytest.raises(APIError) as raised:
        client.templates.list()
    assert (type(raised.value), raised.value.status, raised.value.code, raised.value.request_id) == (APIError, 418, "UNEXPECTED_RESPONSE", "proxy-1")

