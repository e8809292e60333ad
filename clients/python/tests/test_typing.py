"""The installed package is typed (py.typed): mypy --strict checks programs that use it, and infers each generate result from output_format."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROGRAM = '''
from typing_extensions import assert_type
from pdfgen import AsyncPdfgen, Base64Result, BufferResult, Generation, JobAcceptedResult, Pdfgen, TemplateList, UrlResult

def sync_calls(client: Pdfgen) -> None:
    assert_type(client.generate("invoice-basic", {}), UrlResult)
    assert_type(client.generate("invoice-basic", {}, output_format="base64"), Base64Result)
    assert_type(client.generate("invoice-basic", {}, output_format="buffer"), BufferResult)
    assert_type(client.generate("invoice-basic", {}, webhook={"url": "https://example.com"}), JobAcceptedResult)
    assert_type(client.templates.list("invoice"), TemplateList)
    for generation in client.generations.list(status="failed"):
        assert_type(generation, Generation)
        error: str = generation.get("error", "")

async def async_calls(client: AsyncPdfgen) -> None:
    assert_type(await client.generate("invoice-basic", {}, output_format="buffer"), BufferResult)
    async for generation in client.generations.list():
        assert_type(generation["requestId"], str)
'''

WRONG = '''
from pdfgen import Pdfgen

def wrong(client: Pdfgen) -> None:
    client.generate("invoice-basic", {}, output_format="pdf")
    client.templates.list("invoices")
    client.generate("invoice-basic", {}, options={"format": "A3"})
'''


def test_mypy_strict_infers_the_results_and_refuses_unknown_values(tmp_path: Path) -> None:
    (tmp_path / "program.py").write_text(PROGRAM)
    (tmp_path / "wrong.py").write_text(WRONG)
    # The cache (of the standard library's stubs, mostly) lives in the environment, which outlives the run.
    cache = Path(sys.prefix) / ".mypy_cache"
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", f"--cache-dir={cache}", "program.py", "wrong.py"], cwd=tmp_path, capture_output=True, text=True)
    # Every error is one of the three wrong calls: an unknown output format, category and page size.
    errors = [line.split(": error:")[0] for line in checked.stdout.splitlines() if ": error:" in line]
    assert errors == ["wrong.py:5", "wrong.py:6", "wrong.py:7"], checked.stdout
