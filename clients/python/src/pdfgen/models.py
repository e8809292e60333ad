"""The API's JSON bodies as TypedDicts, keys as on the wire (camelCase).

Each mirrors a schema of the service's /openapi.json (named in its docstring); the test suite
compares their keys with the served document, so they cannot drift apart unnoticed.
"""

# No `from __future__ import annotations` here: TypedDict must see NotRequired to tell optional keys.
from typing import Any, Dict, List, Literal, Optional, Union

from typing_extensions import NotRequired, TypedDict

OutputFormat = Literal["url", "base64", "buffer"]
PageFormat = Literal["Letter", "A4", "Legal"]
Orientation = Literal["portrait", "landscape"]
PdfStandard = Literal["PDF/A-2b", "PDF/A-3b", "PDF/UA-1"]
GenerationStatus = Literal["succeeded", "failed"]
TemplateCategory = Literal["calendar", "report", "dashboard", "invoice", "certificate", "custom"]
#: A JSON object: a template's data, a JSON Schema, a layout.
JsonObject = Dict[str, Any]


class Margin(TypedDict, total=False):
    """Each side a CSS length (`20mm`, `1in`, `72pt`) or points as a number."""

    top: Union[str, float]
    right: Union[str, float]
    bottom: Union[str, float]
    left: Union[str, float]


class PdfOptions(TypedDict, total=False):
    """GenerateRequestDto.options: every key left out takes the template's default."""

    format: PageFormat
    orientation: Orientation
    margin: Margin
    displayHeaderFooter: bool
    headerTemplate: str
    footerTemplate: str
    lang: str
    pdfStandard: Union[PdfStandard, List[PdfStandard]]
    eInvoice: Literal["zugferd", "xrechnung", "facturx"]
    #: `{userPassword?, ownerPassword, permissions?}` (Pro plan and above).
    encryption: JsonObject
    #: `{reason?, location?, contactInfo?, visible?}`: signed with the workspace's certificate.
    signature: JsonObject
    #: `[{filename, content (base64), mimeType?, description?, relationship?}]`.
    attachments: List[JsonObject]


class WebhookTarget(TypedDict):
    """Where a webhook job or a batch POSTs its result; `headers` (at most 20) go with it."""

    url: str
    headers: NotRequired[Dict[str, str]]


class BatchItemRequest(TypedDict):
    """BatchRequest.items[]: one generation of a batch."""

    templateId: str
    data: JsonObject
    templateVersion: NotRequired[str]
    options: NotRequired[PdfOptions]


class ErrorBody(TypedDict):
    """ErrorResponse: the body of every error answer; extra fields by code."""

    success: Literal[False]
    error: str
    code: str
    requestId: str
    details: NotRequired[str]
    limitBytes: NotRequired[int]
    availableTemplates: NotRequired[List[str]]
    validationErrors: NotRequired[List[str]]
    categories: NotRequired[List[str]]
    limit: NotRequired[int]
    used: NotRequired[int]
    remaining: NotRequired[int]
    requested: NotRequired[int]
    retryAfterSeconds: NotRequired[int]


class Template(TypedDict):
    """TemplateDto."""

    id: str
    name: str
    description: str
    category: TemplateCategory
    version: str
    custom: bool
    createdAt: NotRequired[str]
    updatedAt: NotRequired[str]


class TemplateList(TypedDict):
    """TemplateListDto."""

    templates: List[Template]
    total: int
    categories: List[TemplateCategory]


class MarginDto(TypedDict):
    """MarginDto: a template's default margins."""

    top: str
    right: str
    bottom: str
    left: str


class DefaultOptions(TypedDict):
    """DefaultOptionsDto."""

    format: PageFormat
    orientation: Orientation
    margin: MarginDto


class TemplateSchema(TypedDict):
    """TemplateSchemaDto: the JSON Schema (draft-07) that validates `data`."""

    templateId: str
    templateName: str
    schema: JsonObject
    defaultOptions: DefaultOptions


class TemplateDefinition(TypedDict):
    """TemplateDefinitionDto: a custom template's newest definition."""

    schema: JsonObject
    layout: JsonObject
    defaultOptions: PdfOptions
    sampleData: Optional[JsonObject]


class TemplateVersion(TypedDict):
    """TemplateVersionDto."""

    version: str
    createdAt: str


class TemplateDetail(Template):
    """TemplateDetailDto: a custom template adds its `definition` and its `versions`, oldest first."""

    definition: NotRequired[TemplateDefinition]
    versions: NotRequired[List[TemplateVersion]]


class TemplateDefinitionRequest(TypedDict):
    """TemplateDefinitionRequest: the body of templates.create (id optional) and templates.update (version optional)."""

    name: str
    schema: JsonObject
    layout: JsonObject
    id: NotRequired[str]
    description: NotRequired[str]
    category: NotRequired[TemplateCategory]
    version: NotRequired[str]
    defaultOptions: NotRequired[PdfOptions]
    sampleData: NotRequired[JsonObject]


class TemplatePreviewRequest(TypedDict, total=False):
    """TemplatePreviewRequest: a stored template (`templateId`, `templateVersion`) or a layout not stored (`layout`, `schema`)."""

    templateId: str
    templateVersion: str
    layout: JsonObject
    schema: JsonObject
    data: JsonObject
    options: PdfOptions


class Job(TypedDict):
    """JobDto: a webhook request's job."""

    success: bool
    jobId: str
    status: Literal["queued", "rendering", "delivering", "delivered", "failed"]
    templateId: str
    attempts: int
    createdAt: str
    updatedAt: str
    pdfUrl: NotRequired[str]
    lastError: NotRequired[str]


class Generation(TypedDict):
    """GenerationDto: one record of the generation history."""

    id: str
    templateId: str
    templateVersion: str
    outputFormat: OutputFormat
    status: GenerationStatus
    generationTimeMs: int
    requestId: str
    mode: Literal["live", "test"]
    createdAt: str
    pdfUrl: NotRequired[str]
    jobId: NotRequired[str]
    sizeBytes: NotRequired[int]
    pages: NotRequired[int]
    #: A failed generation's reason (the details of its 500).
    error: NotRequired[str]


class GenerationsPage(TypedDict):
    """GenerationsPageDto: newest first; pass `nextCursor` as `cursor` for the next page (None on the last)."""

    success: bool
    generations: List[Generation]
    nextCursor: Optional[str]


class BatchAccepted(TypedDict):
    """BatchAcceptedDto: 202, the batch is queued."""

    success: bool
    batchId: str
    items: int


class BatchItem(TypedDict):
    """BatchItemDto."""

    index: int
    status: Literal["queued", "running", "succeeded", "failed"]
    pdfUrl: NotRequired[str]
    error: NotRequired[str]


class Batch(TypedDict):
    """BatchDto."""

    success: bool
    id: str
    status: Literal["queued", "running", "succeeded", "partial", "failed"]
    items: List[BatchItem]
    createdAt: str
    mergedPdfUrl: NotRequired[str]
    finishedAt: NotRequired[str]
