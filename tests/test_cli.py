from __future__ import annotations

import subprocess
import sys

from skillgit import __version__
from skillgit.cli import main


def test_version_flag(capsys):
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_commands(capsys):
    assert main(["-h"]) == 0
    out = capsys.readouterr().out
    assert "validate" in out


def test_unknown_command_is_usage_error(capsys):
    assert main(["no-such-command"]) == 2
    assert "No such command" in capsys.readouterr().err


def test_python_dash_m_works():
    proc = subprocess.run([sys.executable, "-m", "skillgit", "--version"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0
    assert __version__ in proc.stdout


def test_mine_help_imports_no_mining_machinery():
    # `mine --help` answers without the pipeline (it used to import all of it).
    probe = ("import sys\nfrom skillgit.cli import main\nmain(['mine', '--help'])\n"
             "print(sorted(m for m in sys.modules if m.startswith(('skillgit.mine', "
             "'skillgit.distill', 'skillgit.judge'))))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=False)
    assert "--from-digests" in proc.stdout
    assert proc.stdout.rstrip().splitlines()[-1] == "[]", proc.stdout[-500:]
