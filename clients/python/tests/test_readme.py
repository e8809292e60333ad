"""Every Python example of the README runs, top to bottom, against the real service."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import pytest

from .conftest import Workspace
from .receiver import Receiver

README = Path(__file__).parent.parent / "README.md"


def examples() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", README.read_text(), flags=re.S | re.M)


def test_the_readme_has_its_examples() -> None:
    assert len(examples()) >= 10


def test_the_readme_examples_run(
    base_url: str, new_workspace: Callable[..., Workspace], receiver: Receiver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = new_workspace("business")
    for name, value in {"PDFGEN_API_KEY": workspace.key, "PDFGEN_BASE_URL": base_url, "PDF_READY_URL": receiver.url, "PDFGEN_WEBHOOK_SECRET": workspace.webhook_secret}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "readme"}
    for number, example in enumerate(examples()):
        exec(compile(example, f"README.md example {number + 1}", "exec"), namespace)

    printed = capsys.readouterr().out
    assert "INVALID_DATA ['Missing required field: client'" in printed
    assert (tmp_path / "invoice.pdf").read_bytes().startswith(b"%PDF-") and (tmp_path / "draft.pdf").read_bytes().startswith(b"%PDF-")
    assert namespace["again"].replayed and namespace["batch"]["status"] == "succeeded"
    # The webhook example's handler, given the delivery of the README's own webhook job.
    body, headers = receiver.next()
    handle_delivery = namespace["handle_delivery"]
    assert handle_delivery(body, headers) == 204
    assert handle_delivery(body.replace(b"generation", b"Generation"), headers) == 401
    assert f"PDF ready {namespace['job'].job_id}" in capsys.readouterr().out
