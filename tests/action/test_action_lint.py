"""action.yml, the workflow `skillgit init` writes and every workflow block in README pass the
ecosystem's linters with nothing to report: zizmor (pedantic persona), check-jsonschema with
GitHub's bundled schemas, and actionlint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from linters import PROJECT, actionlint, check_jsonschema, zizmor

from skillgit.init.workflow import DEFAULT_ACTION, workflow_text

README = (PROJECT / "README.md").read_text(encoding="utf-8")
ACTION = PROJECT / "action.yml"
PINNED = "acme/skillgit@0123456789abcdef0123456789abcdef01234567"


def readme_workflows() -> list[str]:
    """Every ```yaml block of README that is a workflow (has `on:` and `jobs:`)."""
    blocks = re.findall(r"```yaml\n(.*?)```", README, re.S)
    return [b for b in blocks if re.search(r"^on:", b, re.M) and re.search(r"^jobs:", b, re.M)]


def workflows(tmp_path: Path) -> list[Path]:
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    texts = {"init-default.yml": workflow_text(), "init-pinned.yml": workflow_text(PINNED)}
    texts.update({f"readme-{n}.yml": text for n, text in enumerate(readme_workflows())})
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(folder.iterdir())


def test_readme_shows_the_workflow_init_writes() -> None:
    blocks = readme_workflows()
    assert len(blocks) == 1
    uses = re.search(r"uses: (\S+/skillgit@\S+)", blocks[0])
    assert uses is not None
    assert blocks[0] == workflow_text(uses.group(1))


def test_zizmor_finds_nothing(tmp_path: Path) -> None:
    paths = workflows(tmp_path)
    proc = zizmor(ACTION, *paths)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "No findings to report" in proc.stdout


def test_zizmor_would_flag_what_it_is_meant_to(tmp_path: Path) -> None:
    """The linter is really looking: an input spliced into a run script is template injection."""
    bad = tmp_path / "action.yml"
    text = ACTION.read_text(encoding="utf-8").replace(
        '\'"$SKILLGIT_PYTHON" "$SKILLGIT_ACTION_PATH/action/run.py"\'',
        '\'"$SKILLGIT_PYTHON" run.py "${{ inputs.args }}"\'')
    assert text != ACTION.read_text(encoding="utf-8")
    bad.write_text(text, encoding="utf-8")
    proc = zizmor(bad)
    assert proc.returncode != 0 and "template-injection" in proc.stdout


def test_only_a_sha_pinned_action_goes_without_the_suppression() -> None:
    assert "zizmor: ignore[unpinned-uses]" in workflow_text(DEFAULT_ACTION)
    assert "zizmor" not in workflow_text(PINNED)


def test_check_jsonschema_accepts_the_action_and_the_workflows(tmp_path: Path) -> None:
    action = check_jsonschema("vendor.github-actions", ACTION)
    assert action.returncode == 0, action.stdout + action.stderr
    flows = check_jsonschema("vendor.github-workflows", *workflows(tmp_path))
    assert flows.returncode == 0, flows.stdout + flows.stderr


def test_actionlint_finds_nothing(tmp_path: Path) -> None:
    paths = workflows(tmp_path)
    assert len(paths) == 3
    assert actionlint(*paths) == []


def test_actionlint_is_really_linting(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(workflow_text().replace("mode: review",
                                           "mode: ${{ github.event.pull_request.title }}")
                   .replace("contents: read", "contents: reed"), encoding="utf-8")
    messages = " ".join(str(f["message"]) for f in actionlint(bad))
    assert "contents" in messages


@pytest.mark.parametrize("step", range(len(yaml.safe_load(ACTION.read_text("utf-8"))
                                           ["runs"]["steps"])))
def test_no_expression_is_spliced_into_a_script(step: int) -> None:
    """Inputs, the token and step outputs reach the scripts only through `env:`."""
    spec = yaml.safe_load(ACTION.read_text("utf-8"))["runs"]["steps"][step]
    assert "${{" not in str(spec.get("run", ""))
    if "uses" in spec:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", spec["uses"]), "pin by commit SHA"


def test_the_token_reaches_skillgit_only_as_its_variable() -> None:
    text = ACTION.read_text("utf-8")
    assert text.count("${{ inputs.token }}") == 1
    assert "SKILLGIT_GITHUB_TOKEN: ${{ inputs.token }}" in text
