"""The README stays true: its test command is the one CI runs, and its commands exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    return [line.strip() for line in (ROOT / "README.md").read_text().splitlines() if line.startswith("    python3 -m venv")]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    test_command = next(c for c in readme_commands() if "pytest" in c)
    assert test_command in ci
    assert "apt-get install -y -qq chromium chromium-driver" in ci  # the browser tests' Debian packages
    assert ci.index("apt-get install") < ci.index(test_command)


def test_the_readme_serve_command_starts_pbem_serve_with_its_base_url_and_port():
    serve = next(c for c in readme_commands() if "serve" in c)
    assert serve.endswith("PBEM_BASE_URL=http://localhost:5000 .venv/bin/pbem serve --port 5000")
    assert "Python 3.11 or later" in (ROOT / "README.md").read_text()


def test_var_holds_only_its_placeholder_in_git():
    ignore = (ROOT / ".gitignore").read_text()
    assert "var/*" in ignore and "!var/.gitkeep" in ignore


def test_every_test_file_is_named_in_the_readme_and_every_one_named_exists():
    readme = (ROOT / "README.md").read_text()
    named = set(re.findall(r"\b(test_[a-z0-9_]+)\.py", readme)) - {"test_board_"}
    files = {p.stem for p in (ROOT / "tests").glob("test_*.py")}
    boards = {p for p in files if p.startswith("test_board_")}
    if "test_board_<game>.py" in readme:
        named |= boards  # one name for the four boards' files
    assert files - named == set(), f"name these in the README's Tests section: {sorted(files - named)}"
    assert named - files == set(), f"the README names test files that do not exist: {sorted(named - files)}"
