"""verify_webhook agrees with the standardwebhooks package, and verifies the service's real deliveries."""

from __future__ import annotations

import base64
import json
import time
from datetime import datetime, timezone
from typing import Any, Optional

import pytest
import standardwebhooks

from pdfgen import Pdfgen, WebhookVerificationError, verify_webhook

from .conftest import INVOICE
from .receiver import Receiver

SECRET = "whsec_" + base64.b64encode(b"a secret of thirty-two bytes!!!!").decode()
OTHER_SECRET = "whsec_" + base64.b64encode(b"another secret, also 32 bytes..").decode()
BODY = json.dumps({"type": "generation.succeeded", "success": True, "jobId": "j1", "note": "caf\u00e9 \u2713"}, ensure_ascii=False)

def signed(body: str, secret: str = SECRET, at: Optional[float] = None, msg_id: str = "msg_1") -> dict[str, str]:
    """Headers as standardwebhooks signs them."""
    timestamp = datetime.fromtimestamp(time.time() if at is None else at, tz=timezone.utc)
    signature = standardwebhooks.Webhook(secret).sign(msg_id, timestamp, body)
    return {"webhook-id": msg_id, "webhook-timestamp": str(int(timestamp.timestamp())), "webhook-signature": signature}

def official_accepts(body: str, headers: dict[str, str], secret: str = SECRET) -> bool:
    try:
        standardwebhooks.Webhook(secret).verify(body, headers)
        return True
    except standardwebhooks.WebhookVerificationError:
        return False

def ours_accepts(body: str, headers: dict[str, str], secret: str = SECRET) -> bool:
    try:
        verify_webhook(body.encode(), headers, secret)
        return True
    except WebhookVerificationError:
        return False

def test_a_delivery_signed_by_standardwebhooks_verifies_and_parses() -> None:
    headers = signed(BODY)
    assert verify_webhook(BODY.encode(), headers, SECRET) == json.loads(BODY)
    assert verify_webhook(BODY, {name.upper(): value for name, value in headers.items()}, SECRET) == json.loads(BODY)

def test_ours_and_standardwebhooks_agree_on_every_case() -> None:
    good = signed(BODY)
    rotated = {**good, "webhook-signature": f"{signed(BODY, OTHER_SECRET)['webhook-signature']} {good['webhook-signature']}"}
    unpadded_secret = SECRET.rstrip("=")
    cases: dict[str, tuple[str, dict[str, str], str]] = {
        "signed": (BODY, good, SECRET),
        "one of several signatures (rotation)": (BODY, rotated, SECRET),
        "secret without base64 padding": (BODY, signed(BODY, unpadded_secret), unpadded_secret),
        "body changed": (BODY.replace("j1", "j2"), good, SECRET),
        "another secret": (BODY, good, OTHER_SECRET),
        "another webhook-id": (BODY, {**good, "webhook-id": "msg_2"}, SECRET),
        "six minutes old": (BODY, signed(BODY, at=time.time() - 360), SECRET),
        "six minutes ahead": (BODY, signed(BODY, at=time.time() + 360), SECRET),
        "four minutes old": (BODY, signed(BODY, at=time.time() - 240), SECRET),
        "unknown version only": (BODY, {**good, "webhook-signature": good["webhook-signature"].replace("v1,", "v2,")}, SECRET),
        "no signature header": (BODY, {k: v for k, v in good.items() if k != "webhook-signature"}, SECRET),
    }
    verdicts = {name: (ours_accepts(*case), official_accepts(*case)) for name, case in cases.items()}
    assert {name: ours for name, (ours, _) in verdicts.items()} == {name: official for name, (_, official) in verdicts.items()}
    assert [name for name, (ours, _) in verdicts.items() if ours] == ["signed", "one of several signatures (rotation)", "secret without base64 padding", "four minutes old"]

@pytest.mark.parametrize(
    ("headers", "secret", "code"),
    [
        ({}, SECRET, "MISSING_HEADERS"),
        ({"webhook-id": "m", "webhook-timestamp": "soon", "webhook-signature": "v1,x"}, SECRET, "INVALID_TIMESTAMP"),
        ({**signed(BODY, at=time.time() - 3600)}, SECRET, "TIMESTAMP_OUT_OF_TOLERANCE"),
        ({**signed(BODY)}, OTHER_SECRET, "INVALID_SIGNATURE"),
        ({**signed(BODY)}, "whsec_", "INVALID_SECRET"),
    ],
)
def test_each_refusal_says_why(headers: dict[str, str], secret: str, code: str) -> None:
    with pytest.raises(WebhookVerificationError) as raised:
        verify_webhook(BODY, headers, secret)
    assert raised.value.code == code

def test_a_signed_body_that_is_not_json_is_invalid_body() -> None:
    with pytest.raises(WebhookVerificationError) as raised:
        verify_webhook("not json", signed("not json"), SECRET)
    assert raised.value.code == "INVALID_BODY"

def test_the_services_generation_webhook_verifies(client: Pdfgen, receiver: Receiver, workspace: Any) -> None:
    accepted = client.generate("invoice-basic", INVOICE, webhook={"url": receiver.url, "headers": {"X-Order": "42"}})
    assert accepted.output_format == "webhook" and accepted.status == "queued"
    body, headers = receiver.next()
    event = verify_webhook(body, headers, workspace.webhook_secret)
    assert event == standardwebhooks.Webhook(workspace.webhook_secret).verify(body, headers)
    assert event["type"] == "generation.succeeded" and event["jobId"] == accepted.job_id
    assert client.files.download(event["pdfUrl"]).startswith(b"%PDF-")
    assert headers["X-Order"] == "42"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body + b" ", headers, workspace.webhook_secret)
    job = client.jobs.get(accepted.job_id)
    deadline = time.monotonic() + 10
    while job["status"] != "delivered" and time.monotonic() < deadline:
        time.sleep(0.1)
        job = client.jobs.get(accepted.job_id)
    assert (job["status"], job.get("pdfUrl")) == ("delivered", event["pdfUrl"])

def test_the_services_batch_webhook_verifies(client: Pdfgen, receiver: Receiver, workspace: Any) -> None:
    accepted = client.batches.create([{"templateId": "invoice-basic", "data": INVOICE}], webhook={"url": receiver.url})
    body, headers = receiver.next()
    event = verify_webhook(body, headers, workspace.webhook_secret)
    assert event["type"] == "batch.finished" and event["id"] == accepted["batchId"] and event["status"] == "succeeded"
