"""Verifying webhook deliveries, signed per Standard Webhooks with the workspace's secret (whsec_...)."""

# No `from __future__ import annotations`: TypedDict must see NotRequired.
import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, List, Literal, Mapping, Optional, Union

from typing_extensions import NotRequired, TypedDict

from .errors import PdfgenError
from .models import BatchItem

#: Standard Webhooks' window against replays of an old delivery.
TOLERANCE_SECONDS = 5 * 60
_SECRET_PREFIX = "whsec_"

WebhookVerificationCode = Literal["MISSING_HEADERS", "INVALID_TIMESTAMP", "TIMESTAMP_OUT_OF_TOLERANCE", "INVALID_SIGNATURE", "INVALID_SECRET", "INVALID_BODY"]


class WebhookSuccess(TypedDict):
    """The body POSTed to a webhook URL when the PDF was made."""

    type: Literal["generation.succeeded"]
    success: Literal[True]
    pdfUrl: str
    templateId: str
    templateVersion: str
    generatedAt: str
    jobId: str


class WebhookFailure(TypedDict):
    """The body POSTed when rendering failed (that generation is not counted)."""

    type: Literal["generation.failed"]
    success: Literal[False]
    error: str
    details: str
    templateId: str
    templateVersion: str
    jobId: str


class WebhookBatchFinished(TypedDict):
    """The body POSTed to a batch's webhook once its last item has ended: the batch as batches.get answers it."""

    type: Literal["batch.finished"]
    success: Literal[True]
    id: str
    status: Literal["succeeded", "partial", "failed"]
    items: List[BatchItem]
    createdAt: str
    finishedAt: str
    mergedPdfUrl: NotRequired[str]


#: Tell the bodies apart by `type`.
WebhookPayload = Union[WebhookSuccess, WebhookFailure, WebhookBatchFinished]


class WebhookVerificationError(PdfgenError):
    def __init__(self, code: WebhookVerificationCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def verify_webhook(body: Union[bytes, str], headers: Mapping[str, str], secret: str, *, now: Optional[float] = None) -> WebhookPayload:
    """
    Verifies a delivery and returns its parsed body: `webhook-signature` holds one or more
    `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` (several during a
    secret rotation), keyed with the base64 part of the secret after `whsec_`, and
    `webhook-timestamp` is within 5 minutes of now. Pass the body exactly as received, never
    parsed and re-serialised; `headers` is any mapping (names in any case).
    """
    named = {name.lower(): value for name, value in headers.items()}
    message_id, timestamp, signatures = (named.get(f"webhook-{part}") for part in ("id", "timestamp", "signature"))
    if not message_id or not timestamp or not signatures:
        raise WebhookVerificationError("MISSING_HEADERS", "Missing webhook-id, webhook-timestamp or webhook-signature header")
    if not timestamp.isdigit():
        raise WebhookVerificationError("INVALID_TIMESTAMP", "webhook-timestamp is not Unix seconds")
    if abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("TIMESTAMP_OUT_OF_TOLERANCE", "webhook-timestamp is more than 5 minutes from now")
    raw = body.encode() if isinstance(body, str) else body
    expected = hmac.new(_secret_key(secret), f"{message_id}.{timestamp}.".encode() + raw, hashlib.sha256).digest()
    if not any(_matches(entry, expected) for entry in signatures.split(" ")):
        raise WebhookVerificationError("INVALID_SIGNATURE", "No webhook-signature matches the body and the secret")
    try:
        payload: Any = json.loads(raw)
    except ValueError:
        raise WebhookVerificationError("INVALID_BODY", "The signed body is not JSON") from None
    return payload  # type: ignore[no-any-return]


def _matches(entry: str, expected: bytes) -> bool:
    version, _, signature = entry.partition(",")
    try:
        candidate = base64.b64decode(signature, validate=True)
    except binascii.Error:
        return False
    return version == "v1" and hmac.compare_digest(candidate, expected)


def _secret_key(secret: str) -> bytes:
    encoded = secret[len(_SECRET_PREFIX) :] if secret.startswith(_SECRET_PREFIX) else secret
    try:
        # Padding may be left off, as Standard Webhooks' libraries allow.
        key = base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)
    except binascii.Error:
        key = b""
    if not key:
        raise WebhookVerificationError("INVALID_SECRET", "The webhook secret is empty or not base64")
    return key
