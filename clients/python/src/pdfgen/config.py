"""The options both clients take, with their defaults and environment variables."""

from __future__ import annotations

import os
from typing import Any, Optional, Union

import httpx

from .retry import RetryPolicy


def transport_options(
    api_key: Optional[str],
    base_url: Optional[str],
    timeout: Union[float, httpx.Timeout],
    retries: int,
    retry_base_delay: float,
    retry_max_delay: float,
) -> dict[str, Any]:
    api_key = api_key or os.environ.get("PDFGEN_API_KEY")
    base_url = base_url or os.environ.get("PDFGEN_BASE_URL")
    if not api_key:
        raise ValueError("api_key is required (or set PDFGEN_API_KEY)")
    if not base_url:
        raise ValueError("base_url is required (or set PDFGEN_BASE_URL): the service's root, e.g. https://pdf.example.com")
    return dict(
        api_key=api_key,
        base_url=base_url,
        timeout=timeout,
        retry=RetryPolicy(retries=retries, base_delay=retry_base_delay, max_delay=retry_max_delay),
    )
