"""Imports point down (design.md): no module imports from a layer above its own.

Every import counts, wherever it stands (top level, inside a function, under
TYPE_CHECKING), absolute or relative. `llm/` holds model backends only and knows no rule of
`distill/`; engines find each other through the `skillgit.engines` entry points.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "skillgit"

# Top to bottom. A unit (a sub-package or a top-level module of skillgit) may import units of
# its own layer or below. `<root>` is skillgit/__init__.py (the version).
LAYERS: list[set[str]] = [
    {"__main__", "cli"},
    {"demo", "init", "eval",       # init: writes config, workflow, pre-commit entry
     "jobsummary"},                # the Action's job summary and outputs, from the JSON
    {"publish", "review",            # PR lifecycle, PR body, push; review: diff → findings;
     "charts",                       # charts: Mermaid and skill use (job summary, dashboard)
     "verify"},                      # replay → measured effect (its trailer: PR body, publish)
    {"mine"},
    {"share"},                     # digest refs: a source for mine, like transcripts
    {"judge"},                     # the model judge: below mine, above the engines
    {"attribution"},               # invocation → skill version, outcome windows, stats
    {"distill"},                   # the rules and the engines that run them
    {"llm"},                       # model backends only
    {"skills", "transcripts", "report"},
    {"github"},                    # the only GitHub client; imports nothing from above
    {"forge"},                     # the forge protocol, its answers and errors (github: the first)
    {"wire"},                      # the proposal's wire format: trailers, ledger, branches, lock
    # Below both producers and consumers: the git side, redaction, config, shared data types.
    {"gitops", "gitobjects", "gitremote", "interrupts", "printable", "redact",
     "config", "config_docs", "config_layers", "yamlload",
     "digest",
     "proposal", "safety", "tokens", "errors", "hints", "wording", "stages", "retry",
     "atomicfile", "collector", "tls", "<root>"},
    {"credential_commands"},       # data below redaction and the screen, which both read it
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def unit_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def module_name(path: Path) -> tuple[str, str]:
    """(the module's dotted name, the package relative imports start from)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def parsed(path: Path) -> ast.Module:
    """`path`'s syntax tree (read-only): each text is parsed once, not once per check."""
    return _parse(path.read_text(encoding="utf-8"), str(path))


@cache
def _parse(text: str, filename: str) -> ast.Module:
    return ast.parse(text, filename)


def import_statements(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """Every `import` and `from … import` node of `path`'s tree, in `ast.walk` order: each
    tree is walked once, not once per check (a walk visits every node of the tree)."""
    return _import_statements(path.read_text(encoding="utf-8"), str(path))


@cache
def _import_statements(text: str, filename: str) -> tuple[ast.Import | ast.ImportFrom, ...]:
    return tuple(node for node in ast.walk(_parse(text, filename))
                 if isinstance(node, ast.Import | ast.ImportFrom))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import of a skillgit module in `path`."""
    _, package = module_name(path)
    found = []
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                # `from . import x` may name a module: count `pkg.x` too.
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
            else:
                module = node.module or ""
            found.append((node.lineno, module))
    return [(line, name) for line, name in found
            if name == "skillgit" or name.startswith("skillgit.")]


def upward_imports() -> list[str]:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module, _ = module_name(path)
        unit = unit_of(module)
        for line, target in imported_modules(path):
            other = unit_of(target)
            if other == unit or other not in RANK:
                continue
            if RANK[other] < RANK[unit]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {unit} imports "
                             f"{target} from the layer above it ({other})")
    return wrong


def test_every_unit_has_a_layer() -> None:
    units = {unit_of(module_name(path)[0]) for path in PACKAGE.rglob("*.py")}
    missing = sorted(units - RANK.keys())
    assert missing == [], f"place these in LAYERS (see design.md, 'imports point down'): {missing}"


def test_imports_point_down() -> None:
    assert upward_imports() == []


# Only these drive `mine` from above it: the CLI, and the two harnesses that run the whole
# pipeline on a repository they build (the demo; eval over labelled sets). Everyone else that
# reads what `mine` writes (publish, review, share, charts, init, the job summary) reads the
# wire format (`skillgit.wire`), which sits below both.
DRIVE_MINE = {"__main__", "cli", "demo", "eval"}
# dulwich is the git layer's business (design.md: "dulwich is used only in the git layer").
GIT_LAYER = {"gitops", "gitobjects", "gitremote"}


def units_importing(name: str) -> dict[str, list[str]]:
    """unit → ["path:line", ...] of every import of `name` (or a module below it)."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        unit = unit_of(module_name(path)[0])
        for node in import_statements(path):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            if any(n == name or n.startswith(name + ".") for n in names):
                found.setdefault(unit, []).append(f"{path.relative_to(PACKAGE.parent)}:"
                                                  f"{getattr(node, 'lineno', 0)}")
    return found


def test_nothing_above_mine_imports_it_but_the_cli_and_the_harnesses() -> None:
    above = {unit for unit, rank in RANK.items() if rank < RANK["mine"]}
    users = units_importing("skillgit.mine")
    wrong = {unit: where for unit, where in users.items() if unit in above - DRIVE_MINE}
    assert wrong == {}, "read the wire format from skillgit.wire, not skillgit.mine"
    for unit in ("publish", "review", "share"):
        assert unit not in users


def test_publish_and_review_speak_only_to_the_forge_protocol() -> None:
    """The CLI builds the GitHub forge and hands it down (design.md, "a forge protocol")."""
    users = units_importing("skillgit.github")
    assert {"publish", "review"} & set(users) == set(), users
    assert "cli" in users, "the check found no import of skillgit.github at all"


def test_dulwich_is_imported_only_by_the_git_layer() -> None:
    users = units_importing("dulwich")
    assert set(users) - GIT_LAYER == set(), {u: users[u] for u in set(users) - GIT_LAYER}
    assert users, "the check found no dulwich import at all: it is looking in the wrong place"


def test_llm_imports_no_distill_mine_or_cli() -> None:
    """The tidy-up of issue 10 in plain words: llm/ holds model backends only."""
    for path in sorted((PACKAGE / "llm").rglob("*.py")):
        for line, target in imported_modules(path):
            assert unit_of(target) not in {"distill", "mine", "cli", "demo"}, f"{path}:{line}"


@pytest.mark.parametrize("source, unit, expected", [
    ("from skillgit.distill.facts import build_digest\n", "llm", True),
    ("def f():\n    from skillgit.mine import run\n", "distill", True),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import skillgit.cli\n",
     "gitops", True),
    ("from ..distill import facts\n", "llm", True),
    ("from skillgit.llm.base import Usage\n", "distill", False),
    ("from skillgit.digest import Digest\n", "llm", False),
])
def test_the_check_sees_every_kind_of_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              source: str, unit: str, expected: bool) -> None:
    fake = tmp_path / "skillgit"
    (fake / unit).mkdir(parents=True)
    (fake / unit / "probe.py").write_text(source, encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert bool(upward_imports()) is expected
