"""`.ci/run` is a newcomer's set-up: a fresh virtualenv, then README's two commands, verbatim."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
README = (PROJECT / "README.md").read_text(encoding="utf-8")
CI_RUN = PROJECT / ".ci" / "run"


def readme_setup() -> list[str]:
    """The command lines of README's Set-up block."""
    section = README[README.index("## Set-up"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "README's Set-up section has no sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def ci_commands() -> list[str]:
    return [line for line in CI_RUN.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_readme_setup_is_two_commands_install_then_tests() -> None:
    install, tests = readme_setup()
    assert install.startswith("python3 -m pip install -e '.[test]'")
    assert tests == "python3 -m pytest -q"


def test_ci_runs_readme_install_and_test_commands_in_a_fresh_venv() -> None:
    install, tests = readme_setup()
    commands = ci_commands()
    assert commands[-2:] == [install, tests], "the last two commands of .ci/run must be README's"
    venv = [i for i, line in enumerate(commands) if re.match(r"python3 -m venv \S", line)]
    assert len(venv) == 1 and venv[0] < len(commands) - 2, "no fresh venv before README's commands"
    created = commands[venv[0]].split()[3].strip('"').rstrip("/")
    activate = r'&& \. "?' + re.escape(created) + r'/bin/activate"?$'
    assert re.search(activate, commands[venv[0]]), "the fresh venv is not activated"
    assert "set -euo pipefail" in commands


def test_ci_run_is_valid_executable_bash() -> None:
    bash = shutil.which("bash")
    assert bash is not None
    assert CI_RUN.stat().st_mode & 0o111, ".ci/run is not executable"
    subprocess.run([bash, "-n", str(CI_RUN)], check=True)


def test_tests_find_the_shared_corpus_only_through_conftest() -> None:
    """`SKILLGIT_TEST_CORPUS` moves the corpus for every test: no test builds its own path to
    `../shared/corpus` (one that did ignored the variable and failed on other machines)."""
    spelled = re.compile(r"""["']shared["']\s*/\s*["']corpus|shared/corpus["']""")
    offenders = [str(path.relative_to(PROJECT))
                 for path in sorted((PROJECT / "tests").rglob("*.py"))
                 if path.name != "conftest.py" and spelled.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
