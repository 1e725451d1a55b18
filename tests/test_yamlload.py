"""Every YAML skillgit reads rejects absurd nesting at once, with a clear error naming the line.

`yaml.safe_load` needed seconds of quadratic scanning before its RecursionError (the pure-Python
loader), or crashed on the C stack (libyaml's composer); readers that did not catch
RecursionError (the pre-commit config edit, eval's labelled set) crashed with a traceback.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from skillgit import yamlload
from skillgit.config import parse_config
from skillgit.errors import UsageError
from skillgit.eval.labelled import EXPECTED_FILE, load_labelled
from skillgit.init.precommit import add_hook
from skillgit.llm.keys import read_keys_file
from skillgit.skills.document import DocumentProblem
from skillgit.skills.frontmatter import parse_frontmatter

DEEP = 300_000

# One document per way YAML nests, each far deeper than any recursion limit.
NESTINGS = {
    "flow-sequence": "[" * DEEP + "]" * DEEP,
    "flow-mapping": "{a: " * DEEP + "1" + "}" * DEEP,
    "block-sequence": "- " * DEEP + "x",
    "block-mapping": "".join(" " * i + "a:\n" for i in range(3000)) + " " * 3000 + "b: 1\n",
    "explicit-keys": "? " * DEEP + "x",
    "mixed": "- " * 60 + "{a: [" * (DEEP // 3) + "1" + "]}" * (DEEP // 3),
}


def nested(depth: int) -> str:
    """A document `depth` nodes deep: a mapping, then sequences, then the scalar."""
    return "top: " + "[" * (depth - 2) + "1" + "]" * (depth - 2) + "\n"


@pytest.mark.parametrize("text", NESTINGS.values(), ids=NESTINGS.keys())
def test_absurd_nesting_is_refused_quickly_with_its_line(text: str) -> None:
    started = time.monotonic()
    with pytest.raises(yamlload.NestedTooDeeply) as caught:
        yamlload.safe_load("key:\n  " + text.replace("\n", "\n  "))
    assert "nested too deeply" in str(caught.value)
    assert caught.value.problem_mark is not None and caught.value.problem_mark.line >= 1
    # Seconds (or a crash) before; a few milliseconds now. The bound is loose for loaded CI.
    assert time.monotonic() - started < 2


def test_the_limit_is_exact_and_normal_documents_load_as_pyyaml_loads_them() -> None:
    assert yamlload.safe_load(nested(yamlload.MAX_DEPTH)) == yaml.safe_load(
        nested(yamlload.MAX_DEPTH))
    with pytest.raises(yamlload.NestedTooDeeply):
        yamlload.safe_load(nested(yamlload.MAX_DEPTH + 1))
    text = ("a: &x [1, {b: 2024-01-02, c: 'q'}]\nd: *x\ne:\n  - !!str 3\n  - ~\n  - 1.5\n"
            "f: |\n  block\n  text\ng: {? k: v}\n")
    assert yamlload.safe_load(text) == yaml.safe_load(text)
    assert yamlload.safe_load("") is None
    with pytest.raises(yaml.constructor.ConstructorError):
        yamlload.safe_load("!!python/object:os.system x")


DEEP_TEXT = "x: " + NESTINGS["flow-sequence"] + "\n"


def test_every_reader_refuses_it_with_its_own_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"^f.yaml:1: nested too deeply"):
        parse_config(DEEP_TEXT, "f.yaml")
    keys = tmp_path / "keys.yaml"
    keys.write_text(DEEP_TEXT)
    keys.chmod(0o600)
    with pytest.raises(UsageError, match="is not valid YAML at line 1"):
        read_keys_file(keys)
    with pytest.raises(DocumentProblem, match="nested too deeply"):
        parse_frontmatter(DEEP_TEXT)
    # The pre-commit config is left alone (it crashed with a RecursionError before).
    edit = add_hook("repos:\n" + DEEP_TEXT)
    assert edit.text is None and "not valid YAML" in edit.reason
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / EXPECTED_FILE).write_text(DEEP_TEXT)
    with pytest.raises(UsageError, match="nested too deeply"):
        load_labelled(tmp_path / "set")
