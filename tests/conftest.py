"""Shared fixtures: golden files (`--update-golden` rewrites them on purpose)."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files instead of comparing")


@pytest.fixture
def golden(request):
    """golden(path, text): compare text with the file at path (relative to the test file), or rewrite
    it when pytest runs with --update-golden. A missing file fails, so goldens are always committed."""
    update = request.config.getoption("--update-golden")
    base = Path(request.node.fspath).parent

    def check(relative: str, text: str) -> None:
        path = base / relative
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            return
        assert path.exists(), f"golden file {path} is missing: run pytest --update-golden once and commit it"
        expected = path.read_text()
        assert text == expected, f"{path} differs: inspect the change, then rewrite with --update-golden"

    return check
