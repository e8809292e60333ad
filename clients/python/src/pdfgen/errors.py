"""The errors a call raises: one class per kind of API answer, so callers catch what they handle."""

from __future__ import annotations

import email.utils
import json
import time
from typing import Any, Optional

import httpx

from .models import ErrorBody


class PdfgenError(Exception):
    """Base of every error this package raises."""


class APIError(PdfgenError):
    """An error answer of the API: `{success: false, error, code, requestId, ...extra}`."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        request_id: Optional[str] = None,
        body: Optional[ErrorBody] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        #: Stable UPPER_SNAKE identifier to branch on; UNEXPECTED_RESPONSE when the answer was not the API's error shape.
        self.code = code
        #: The failed request's X-Request-Id: quote it to support.
        self.request_id = request_id
        #: The whole error body, extra fields included.
        self.body: ErrorBody = body if body is not None else {}  # type: ignore[typeddict-item]
        #: The answer's Retry-After, in seconds (429, 503, 409 in progress).
        self.retry_after = retry_after

    @property
    def details(self) -> Optional[str]:
        """A short, safe explanation (GENERATION_FAILED, INVALID_WEBHOOK_URL, INVALID_JSON)."""
        return self.body.get("details")

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.message}" + (f" ({self.details})" if self.details else "")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r}, request_id={self.request_id!r})"


class ValidationError(APIError):
    """400: the request was refused as sent (invalid data, unknown template, bad webhook URL, ...)."""

    def __str__(self) -> str:
        return super().__str__() + "".join(f"\n  - {problem}" for problem in self.validation_errors)

    @property
    def validation_errors(self) -> list[str]:
        """INVALID_REQUEST, INVALID_DATA, INVALID_TEMPLATE_DEFINITION: every problem, each naming its field."""
        return list(self.body.get("validationErrors", []))

    @property
    def available_templates(self) -> Optional[list[str]]:
        """TEMPLATE_NOT_FOUND: the template ids this workspace may use."""
        return self.body.get("availableTemplates")


class AuthenticationError(APIError):
    """401: the API key is missing or not valid."""


class PermissionDeniedError(APIError):
    """403: the plan or the workspace does not allow it (WEBHOOKS_NOT_IN_PLAN, WORKSPACE_SUSPENDED, ...)."""


class NotFoundError(APIError):
    """404: no such job, batch, template or file in this workspace."""


class ConflictError(APIError):
    """409 (TEMPLATE_ALREADY_EXISTS, IDEMPOTENCY_KEY_IN_PROGRESS) and 422 IDEMPOTENCY_KEY_REUSED (the key came with another body)."""


class PayloadTooLargeError(APIError):
    """413: the body is larger than the service takes."""

    @property
    def limit_bytes(self) -> Optional[int]:
        return self.body.get("limitBytes")


class RateLimitError(APIError):
    """429 RATE_LIMITED: too many requests a second; `retry_after` says when to come back."""


class QuotaExceededError(APIError):
    """429 QUOTA_EXCEEDED: the month's generations are used up; never retried (waiting minutes does not help)."""

    @property
    def limit(self) -> Optional[int]:
        return self.body.get("limit")

    @property
    def used(self) -> Optional[int]:
        return self.body.get("used")

    @property
    def remaining(self) -> Optional[int]:
        return self.body.get("remaining")


class ServerError(APIError):
    """5xx: GENERATION_FAILED (500), SERVER_BUSY (503), or a proxy's 502/504."""


class NetworkError(PdfgenError):
    """The request got no answer: connection refused or reset, DNS failure, time-out."""


class RequestTimeoutError(NetworkError):
    """An attempt took longer than its time-out."""


_BY_STATUS: dict[int, type[APIError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: ConflictError,
}


def error_class(status: int, code: str) -> type[APIError]:
    if status == 429:
        return QuotaExceededError if code == "QUOTA_EXCEEDED" else RateLimitError
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, APIError)


def error_from_response(response: httpx.Response) -> APIError:
    """Reads a non-2xx answer (its body must have been read)."""
    body = _error_body(response.content)
    code = body["code"] if body else "UNEXPECTED_RESPONSE"
    return error_class(response.status_code, code)(
        body["error"] if body else f"Unexpected {response.status_code} response",
        status=response.status_code,
        code=code,
        request_id=body["requestId"] if body else response.headers.get("x-request-id"),
        body=body,
        retry_after=parse_retry_after(response.headers.get("retry-after")),
    )


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """A Retry-After header (seconds, or an HTTP date) in seconds from now."""
    if value is None:
        return None
    if value.strip().isdigit():
        return float(value)
    try:
        date = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, date.timestamp() - (time.time() if now is None else now))


def _error_body(content: bytes) -> Optional[ErrorBody]:
    try:
        body: Any = json.loads(content)
    except ValueError:
        return None
    shaped = isinstance(body, dict) and body.get("success") is False and isinstance(body.get("error"), str) and isinstance(body.get("code"), str)
    return body if shaped else None
