"""The rules stay pure (architecture section 1): nothing under pbem/games/ touches the clock, the
database, the network, Flask, the file system at play time, or an unseeded random source."""

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parent.parent / "pbem" / "games"
FORBIDDEN_MODULES = {
    "flask", "werkzeug", "sqlite_utils", "sqlite3", "requests", "urllib", "http", "smtplib", "socket",
    "time", "datetime", "random", "secrets", "os", "subprocess", "threading", "asyncio", "pbem.store",
    "pbem.service", "pbem.web", "pbem.notify",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def sources():
    return sorted(GAMES_DIR.rglob("*.py"))


def imported_modules(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_game_module_is_pure(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for module in imported_modules(tree):
        root = module.split(".")[0]
        assert root not in FORBIDDEN_MODULES and module not in FORBIDDEN_MODULES, f"{path.name} imports {module}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_the_scan_sees_the_games():
    assert any(p.name == "base.py" for p in sources())
