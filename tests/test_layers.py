"""The code's shape holds (the brief's standards): no import circles among pbem's modules, lower layers
never importing higher ones (the rules import no platform module; the platform's core imports neither the
web nor the notices), and no module much over 600 lines. Imports at a module's top level are read from the
source, as Python runs them; an import inside a function is a deliberate late binding and is not counted."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pbem"


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The pbem modules `name` imports at its top level (`from . import x` imports x, not the package)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & set(known)
            out |= submodules
            if len(submodules) < len(node.names) and base in known:
                out.add(base)
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name in known}
    return out - {name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_round_a_circle():
    assert circles(graph()) == []


def test_the_scan_finds_a_circle_when_there_is_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_lower_layers_never_import_higher_ones():
    # The packages by layer (README, "The code"), lowest first: the games' rules; the store; the events;
    # play (folding, the verbs, the clock); words; people; the lobby, and tournaments beside it; between
    # players and notices; the web. The one
    # upward arrow left is play's service telling a move's summary in words (pbem/words/), which goes
    # once the games projection keeps only what the words are made from.
    higher = {"pbem.games": ("pbem.web", "pbem.notify", "pbem.play", "pbem.people", "pbem.store", "pbem.between",
                             "pbem.events", "pbem.words"),
              "pbem.store": ("pbem.web", "pbem.notify", "pbem.play", "pbem.people", "pbem.between", "pbem.games",
                             "pbem.words", "pbem.events"),
              "pbem.events": ("pbem.web", "pbem.notify", "pbem.play", "pbem.people", "pbem.store", "pbem.between",
                              "pbem.words"),
              "pbem.play": ("pbem.web", "pbem.notify", "pbem.people", "pbem.between"),
              "pbem.words": ("pbem.web", "pbem.notify", "pbem.people", "pbem.between"),
              "pbem.people": ("pbem.web", "pbem.lobby", "pbem.tournaments"),
              "pbem.lobby": ("pbem.web", "pbem.notify", "pbem.tournaments"),
              "pbem.tournaments": ("pbem.web", "pbem.notify", "pbem.between"),
              "pbem.between": ("pbem.web",),
              "pbem.notify": ("pbem.web",)}
    wrong = [(name, imported) for name, imported_set in graph().items() for imported in imported_set
             for low, above in higher.items() if name.startswith(low) and imported.startswith(above)]
    assert wrong == []


def test_no_module_is_much_over_600_lines():
    lines = {name: len(path.read_text().splitlines()) for name, path in modules().items()}
    assert {name: count for name, count in lines.items() if count > 650} == {}


# A string that is a statement of SQL, as our modules write them (lower case, a table or keyword after).
SQL_START = re.compile(r"\s*(select\s|insert\s+(or\s+\w+\s+)?into\s|update\s+\w+\s+set\s|delete\s+from\s|"
                       r"create\s+(unique\s+)?(table|index)\s|drop\s+(table|index)\s|pragma\s|begin\s+(immediate|deferred|exclusive|transaction)\b|"
                       r"commit$|rollback|savepoint\s|release\s|with\s+\w+\s+as\s*\()", re.IGNORECASE)
def is_sql(text: str) -> bool:
    """A statement, in lower case or upper case as SQL is written here (not an English "Select a game")."""
    match = SQL_START.match(text)
    return bool(match) and (match.group(1).islower() or match.group(1).isupper())


SQL_CALLS = {"execute", "executemany", "executescript", "query"}


def sql_written_in(path: Path) -> list[str]:
    """What in one module's source is SQL: calls that run a statement, a database subscripted by a table's
    name (sqlite-utils' `db["games"]`), an import of sqlite3 or sqlite_utils, a string that is a statement."""
    found = []
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SQL_CALLS:
            found.append(f"{where} .{node.func.attr}(")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, str) and "db" in ast.unparse(node.value).lower():
            found.append(f"{where} {ast.unparse(node)}")
        elif isinstance(node, ast.Import) and any(a.name.split(".")[0] in ("sqlite3", "sqlite_utils")
                                                  for a in node.names):
            found.append(f"{where} import sqlite")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("sqlite3", "sqlite_utils"):
            found.append(f"{where} from sqlite import")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings \
                and is_sql(node.value):
            found.append(f"{where} {node.value[:40]!r}")
    return found


def test_no_sql_is_written_outside_the_store():
    outside = {name: path for name, path in modules().items()
               if not (name == "pbem.store" or name.startswith("pbem.store."))}
    assert [line for path in outside.values() for line in sql_written_in(path)] == []


def test_the_sql_scan_finds_sql(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('import sqlite3\n\ndef f(db):\n    """Select the rows."""\n    db["games"].insert({})\n'
                      '    db.conn.execute("x")\n    return f"select * from t where {1}", "Select a game"\n')
    found = [line.split(" ", 1)[1] for line in sql_written_in_file(module)]
    assert sorted(found) == sorted(["import sqlite", "db['games']", ".execute(", "'select * from t where '"])


def sql_written_in_file(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return sql_written_in(path)
    finally:
        ROOT = saved


def test_every_package_is_installed():
    """A package left out of pyproject.toml's list works in a checkout and is missing from a wheel."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    packages = {".".join(path.parent.relative_to(ROOT).parts) for path in PACKAGE.rglob("__init__.py")}
    assert packages - listed == set()
