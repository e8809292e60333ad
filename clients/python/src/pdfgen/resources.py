"""The sync client's groups of calls: templates, jobs, generations (history), batches, files."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional, Union

from . import calls
from .calls import Timeout
from .models import (
    Batch,
    BatchAccepted,
    BatchItemRequest,
    Generation,
    GenerationStatus,
    GenerationsPage,
    Job,
    JsonObject,
    Template,
    TemplateCategory,
    TemplateDefinitionRequest,
    TemplateDetail,
    TemplateList,
    TemplatePreviewRequest,
    TemplateSchema,
    WebhookTarget,
)
from .transport import SyncTransport

class Templates:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def list(self, category: Optional[TemplateCategory] = None, *, timeout: Timeout = None) -> TemplateList:
        """The templates (built-in and the workspace's own), optionally of one category."""
        return self._transport.send(calls.list_templates(category, timeout))

    def get(self, template_id: str, *, timeout: Timeout = None) -> TemplateDetail:
        """One template; a custom one also carries its newest `definition` and its `versions`."""
        return self._transport.send(calls.get_template(template_id, timeout))

    def schema(self, template_id: str, *, timeout: Timeout = None) -> TemplateSchema:
        """The JSON Schema that validates the template's `data`, and its default options."""
        return self._transport.send(calls.template_schema(template_id, timeout))

    def create(self, definition: TemplateDefinitionRequest, *, timeout: Timeout = None) -> Template:
        """A custom template of the workspace (Business plan), at version 1.0.0."""
        return self._transport.send(calls.create_template(definition, timeout))

    def update(self, template_id: str, definition: TemplateDefinitionRequest, *, timeout: Timeout = None) -> Template:
        """A new version of a custom template; older versions stay renderable."""
        return self._transport.send(calls.update_template(template_id, definition, timeout))

    def delete(self, template_id: str, *, timeout: Timeout = None) -> None:
        """Deletes a custom template and its versions; hosted PDFs made from it stay."""
        self._transport.send(calls.delete_template(template_id, timeout))

    def preview(self, request: TemplatePreviewRequest, *, timeout: Timeout = None) -> bytes:
        """The PDF with a PREVIEW watermark on every page: not stored, not counted."""
        return self._transport.send(calls.preview_template(request, timeout))

    def preview_to_file(self, request: TemplatePreviewRequest, path: Union[str, Path], *, timeout: Timeout = None) -> None:
        Path(path).write_bytes(self.preview(request, timeout=timeout))

    def language_schema(self, *, timeout: Timeout = None) -> JsonObject:
        """The template language's JSON Schema (draft-07), for an editor or a check before create."""
        return self._transport.send(calls.template_language_schema(timeout))


class Jobs:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def get(self, job_id: str, *, timeout: Timeout = None) -> Job:
        """A webhook job of this workspace; NotFoundError (JOB_NOT_FOUND) otherwise."""
        return self._transport.send(calls.get_job(job_id, timeout))


class Generations:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def list(
        self,
        *,
        template_id: Optional[str] = None,
        status: Optional[GenerationStatus] = None,
        page_size: Optional[int] = None,
        timeout: Timeout = None,
    ) -> Iterator[Generation]:
        """Every generation of the workspace, newest first, fetching page after page (1 to 100 records, default 50) as it is iterated."""
        cursor: Optional[str] = None
        while True:
            page = self.page(limit=page_size, cursor=cursor, template_id=template_id, status=status, timeout=timeout)
            yield from page["generations"]
            cursor = page["nextCursor"]
            if cursor is None:
                return

    def page(
        self,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        template_id: Optional[str] = None,
        status: Optional[GenerationStatus] = None,
        timeout: Timeout = None,
    ) -> GenerationsPage:
        """One page; pass its `nextCursor` as `cursor` for the next (None on the last page)."""
        return self._transport.send(calls.list_generations(limit=limit, cursor=cursor, template_id=template_id, status=status, timeout=timeout))


class Batches:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def create(
        self,
        items: list[BatchItemRequest],
        *,
        merge: Optional[bool] = None,
        webhook: Optional[WebhookTarget] = None,
        idempotency_key: Optional[str] = None,
        timeout: Timeout = None,
    ) -> BatchAccepted:
        """Queues up to 500 generations (Pro plan and above); follow them with get()."""
        return self._transport.send(calls.create_batch(items, merge=merge, webhook=webhook, idempotency_key=idempotency_key, timeout=timeout))

    def get(self, batch_id: str, *, timeout: Timeout = None) -> Batch:
        return self._transport.send(calls.get_batch(batch_id, timeout))


class Files:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def download(self, url_or_id: str, *, timeout: Timeout = None) -> bytes:
        """A hosted PDF's bytes, given its pdfUrl, `<id>.pdf` or `<id>` (fetched from the client's base URL)."""
        return self._transport.send(calls.download_file(url_or_id, timeout))

    def delete(self, url_or_id: str, *, timeout: Timeout = None) -> None:
        """Erases a hosted PDF for good; NotFoundError when unknown, another workspace's, or already erased."""
        self._transport.send(calls.delete_file(url_or_id, timeout))
