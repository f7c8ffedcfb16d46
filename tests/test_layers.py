"""The code's shape holds (the brief's standards): no import circles among pbem's modules, lower layers
never importing higher ones (the rules import no platform module; the platform's core imports neither the
web nor the notices), and no module much over 600 lines. Imports at a module's top level are read from the
source, as Python runs them; an import inside a function is a deliberate late binding and is not counted."""

import ast
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
    higher = {"pbem.games": ("pbem.web", "pbem.notify", "pbem.service", "pbem.store", "pbem.between",
                             "pbem.events", "pbem.loading", "pbem.folding"),
              "pbem.folding": ("pbem.web", "pbem.notify", "pbem.service", "pbem.store"),
              "pbem.store": ("pbem.web", "pbem.notify", "pbem.service"),
              "pbem.events": ("pbem.web", "pbem.notify", "pbem.service", "pbem.store")}
    wrong = [(name, imported) for name, imported_set in graph().items() for imported in imported_set
             for low, above in higher.items() if name.startswith(low) and imported.startswith(above)]
    assert wrong == []


def test_no_module_is_much_over_600_lines():
    lines = {name: len(path.read_text().splitlines()) for name, path in modules().items()}
    assert {name: count for name, count in lines.items() if count > 650} == {}
