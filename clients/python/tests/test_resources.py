"""Templates, custom templates, jobs, the history, batches and hosted files, against the real service."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest

from pdfgen import AsyncPdfgen, BatchItemRequest, NotFoundError, Pdfgen, TemplateDefinitionRequest

from .conftest import INVOICE

NOTICE: TemplateDefinitionRequest = {
    "name": "Notice",
    "schema": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
    "layout": {"body": [{"type": "text", "text": "Hello {{ name }}", "style": "title"}]},
    "sampleData": {"name": "Ada"},
}


def test_templates_list_get_and_schema(client: Pdfgen) -> None:
    listed = client.templates.list()
    ids = {template["id"] for template in listed["templates"]}
    assert {"invoice-basic", "weekly-report", "calendar-schedule", "kpi-dashboard"} <= ids
    assert listed["total"] == len(listed["templates"])
    assert [t["id"] for t in client.templates.list("invoice")["templates"]] == ["invoice-basic"]
    assert client.templates.get("weekly-report")["custom"] is False
    schema = client.templates.schema("invoice-basic")
    assert schema["templateId"] == "invoice-basic" and "invoiceNumber" in schema["schema"]["required"]
    assert schema["defaultOptions"]["format"] in ("Letter", "A4", "Legal")
    assert client.templates.language_schema()["$schema"].startswith("http://json-schema.org/draft-07")


def test_a_custom_template_from_create_to_delete(client: Pdfgen) -> None:
    template_id = f"notice-{uuid.uuid4().hex[:8]}"
    created = client.templates.create({**NOTICE, "id": template_id})
    assert (created["id"], created["version"], created["custom"]) == (template_id, "1.0.0", True)
    updated = client.templates.update(template_id, {**NOTICE, "layout": {"body": [{"type": "text", "text": "Bye {{ name }}"}]}})
    assert updated["version"] == "1.1.0"
    detail = client.templates.get(template_id)
    assert [version["version"] for version in detail.get("versions", [])] == ["1.0.0", "1.1.0"]
    assert client.generate(template_id, {"name": "Ada"}, template_version="1.0.0").template_version == "1.0.0"
    assert client.templates.preview({"templateId": template_id}).startswith(b"%PDF-")
    assert client.templates.preview({"layout": NOTICE["layout"], "schema": NOTICE["schema"], "data": {"name": "Bo"}}).startswith(b"%PDF-")
    client.templates.delete(template_id)
    with pytest.raises(NotFoundError) as missing:
        client.templates.get(template_id)
    assert missing.value.code == "TEMPLATE_NOT_FOUND"


def test_the_history_iterates_every_page_newest_first(new_workspace: Any, base_url: str) -> None:
    with Pdfgen(new_workspace("pro").key, base_url) as fresh:
        made = [fresh.generate("invoice-basic", INVOICE).request_id for _ in range(5)]
        seen = [generation["requestId"] for generation in fresh.generations.list(page_size=2)]
        assert seen == list(reversed(made))
        first = fresh.generations.page(limit=2)
        assert len(first["generations"]) == 2 and first["nextCursor"] is not None
        last = fresh.generations.page(limit=2, cursor=fresh.generations.page(limit=2, cursor=first["nextCursor"])["nextCursor"])
        assert len(last["generations"]) == 1 and last["nextCursor"] is None
        assert len(list(fresh.generations.list(status="succeeded", template_id="invoice-basic"))) == 5
        assert list(fresh.generations.list(status="failed")) == []


@pytest.mark.anyio
async def test_the_async_history_iterates_every_page(base_url: str, new_workspace: Any) -> None:
    async with AsyncPdfgen(new_workspace("pro").key, base_url) as fresh:
        made = [(await fresh.generate("invoice-basic", INVOICE)).request_id for _ in range(3)]
        assert [generation["requestId"] async for generation in fresh.generations.list(page_size=1)] == list(reversed(made))


def test_a_batch_is_created_and_followed_to_its_end(client: Pdfgen) -> None:
    items: list[BatchItemRequest] = [{"templateId": "invoice-basic", "data": INVOICE}, {"templateId": "invoice-basic", "data": {**INVOICE, "invoiceNumber": "INV-1043"}}]
    accepted = client.batches.create(items, merge=True)
    assert accepted["items"] == 2
    batch = client.batches.get(accepted["batchId"])
    deadline = time.monotonic() + 30
    while batch["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        batch = client.batches.get(accepted["batchId"])
    assert batch["status"] == "succeeded"
    assert [item["index"] for item in batch["items"]] == [0, 1]
    for item in batch["items"]:
        assert item["status"] == "succeeded" and client.files.download(item.get("pdfUrl", "")).startswith(b"%PDF-")
    assert client.files.download(batch.get("mergedPdfUrl", "")).startswith(b"%PDF-")


def test_a_hosted_file_is_downloaded_then_erased(client: Pdfgen) -> None:
    pdf_url = client.generate("invoice-basic", INVOICE).pdf_url
    file_id = pdf_url.rsplit("/", 1)[1].removesuffix(".pdf")
    assert client.files.download(file_id) == client.files.download(pdf_url)
    client.files.delete(pdf_url)
    with pytest.raises(NotFoundError):
        client.files.download(pdf_url)
    with pytest.raises(NotFoundError):
        client.files.delete(f"{file_id}.pdf")
