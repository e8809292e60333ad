"""Fixtures: the running service (PDFGEN_TEST_BASE_URL), workspaces made through its admin API (PDFGEN_TEST_ADMIN_TOKEN)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import httpx
import pytest

from pdfgen import AsyncPdfgen, Pdfgen

from .receiver import Receiver

#: The smallest valid invoice-basic data.
INVOICE: dict[str, Any] = {
    "invoiceNumber": "INV-1042",
    "client": {"name": "Globex"},
    "items": [{"description": "Consulting", "quantity": 10, "unitPrice": 150}],
}


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: run these tests through test/client/python-client.spec.ts (npm test)")
    return value


@dataclass(frozen=True)
class Workspace:
    id: str
    key: str
    webhook_secret: str


@pytest.fixture(scope="session")
def base_url() -> str:
    return _env("PDFGEN_TEST_BASE_URL")


@pytest.fixture(scope="session")
def admin(base_url: str) -> Iterator[httpx.Client]:
    """The operator API, as an operator calls it."""
    with httpx.Client(base_url=f"{base_url}/admin/v1", headers={"Authorization": f"Bearer {_env('PDFGEN_TEST_ADMIN_TOKEN')}"}) as client:
        yield client


@pytest.fixture(scope="session")
def new_workspace(admin: httpx.Client) -> Callable[..., Workspace]:
    """A new workspace on `plan` with a fresh key (its own rate limit and month)."""

    def create(plan: str = "business", mode: str = "live", **settings: Any) -> Workspace:
        workspace = admin.post("/workspaces", json={"name": f"python-{plan}", "plan": plan}).raise_for_status().json()
        if settings:
            admin.patch(f"/workspaces/{workspace['id']}", json=settings).raise_for_status()
        key = admin.post(f"/workspaces/{workspace['id']}/keys", json={"mode": mode}).raise_for_status().json()["key"]
        return Workspace(workspace["id"], key, workspace["webhookSecret"])

    return create


@pytest.fixture(scope="session")
def workspace(new_workspace: Callable[..., Workspace]) -> Workspace:
    return new_workspace("business")


@pytest.fixture
def client(base_url: str, workspace: Workspace) -> Iterator[Pdfgen]:
    with Pdfgen(workspace.key, base_url, retry_base_delay=0.05) as pdfgen:
        yield pdfgen


@pytest.fixture
async def async_client(base_url: str, workspace: Workspace) -> Any:
    async with AsyncPdfgen(workspace.key, base_url, retry_base_delay=0.05) as pdfgen:
        yield pdfgen


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiver = Receiver()
    yield receiver
    receiver.server.shutdown()
