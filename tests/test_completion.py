"""Shell completion, as the README documents it: click's `_SKILLGIT_COMPLETE` protocol."""

from __future__ import annotations

import os
import subprocess
import sys


def run(**extra: str) -> str:
    env = {**os.environ, **extra, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-m", "skillgit"], env=env, capture_output=True,
                          text=True, timeout=60, check=True).stdout


def test_bash_completes_options_of_a_lazily_loaded_command() -> None:
    out = run(_SKILLGIT_COMPLETE="bash_complete", COMP_WORDS="skillgit share --ins",
              COMP_CWORD="2")
    assert out.splitlines() == ["plain,--install"]


def test_the_completion_script_is_printed() -> None:
    script = run(_SKILLGIT_COMPLETE="zsh_source")
    assert "#compdef skillgit" in script and "_SKILLGIT_COMPLETE=zsh_complete" in script
