"""The TypedDicts in pdfgen.models name the same keys, required and optional, as the served OpenAPI document."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from pdfgen import models

#: TypedDict -> where its schema is in /openapi.json.
SCHEMAS: dict[Any, str] = {
    models.ErrorBody: "ErrorResponse",
    models.Template: "TemplateDto",
    models.TemplateList: "TemplateListDto",
    models.TemplateSchema: "TemplateSchemaDto",
    models.DefaultOptions: "DefaultOptionsDto",
    models.MarginDto: "MarginDto",
    models.TemplateDetail: "TemplateDetailDto",
    models.TemplateDefinition: "TemplateDefinitionDto",
    models.TemplateVersion: "TemplateVersionDto",
    models.TemplateDefinitionRequest: "TemplateDefinitionRequest",
    models.TemplatePreviewRequest: "TemplatePreviewRequest",
    models.Job: "JobDto",
    models.Generation: "GenerationDto",
    models.GenerationsPage: "GenerationsPageDto",
    models.BatchAccepted: "BatchAcceptedDto",
    models.Batch: "BatchDto",
    models.BatchItem: "BatchItemDto",
}


@pytest.fixture(scope="module")
def document(base_url: str) -> Any:
    return httpx.get(f"{base_url}/openapi.json").raise_for_status().json()


def keys(schema: Any) -> tuple[set[str], set[str]]:
    required = set(schema.get("required", []))
    return required, set(schema["properties"]) - required


@pytest.mark.parametrize("typed", SCHEMAS, ids=lambda typed: typed.__name__)
def test_a_response_or_request_type_matches_its_schema(typed: Any, document: Any) -> None:
    assert (set(typed.__required_keys__), set(typed.__optional_keys__)) == keys(document["components"]["schemas"][SCHEMAS[typed]])


def test_the_generate_options_webhook_and_batch_item_match_the_request_schemas(document: Any) -> None:
    schemas = document["components"]["schemas"]
    generate = schemas["GenerateRequestDto"]["properties"]
    assert (set(), set(models.PdfOptions.__optional_keys__)) == keys(generate["options"])
    assert (set(), set(models.Margin.__optional_keys__)) == keys(generate["options"]["properties"]["margin"])
    assert (set(models.WebhookTarget.__required_keys__), set(models.WebhookTarget.__optional_keys__)) == keys(generate["webhook"])
    item = schemas["BatchRequest"]["properties"]["items"]["items"]
    assert (set(models.BatchItemRequest.__required_keys__), set(models.BatchItemRequest.__optional_keys__)) == keys(item)
    assert set(generate["outputFormat"]["enum"]) == set(models.OutputFormat.__args__)
    assert set(schemas["TemplateDto"]["properties"]["category"]["enum"]) == set(models.TemplateCategory.__args__)
