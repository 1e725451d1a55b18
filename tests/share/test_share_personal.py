"""`share` with the allow-list in the personal config file (the team's repository has none),
`--json`, and the folders of sessions the allow-list did not admit."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from teamkit import contributor, pnpm_session, ref_files

from skillgit.share.projects import AllowList


def test_an_entry_under_another_home_says_where_the_sessions_were() -> None:
    allow = AllowList(["/home/alice/src/webapp"], Path("/repo"), "/Users/alice")
    assert allow.match("/Users/alice/src/webapp/api") is None
    assert allow.match("/Users/alice/src/webapp") is None
    assert allow.match("/srv/tools") is None
    assert allow.missed_summary() == "~/src/webapp/api (1), ~/src/webapp (1), /srv/tools (1)"
    assert allow.match("/home/alice/src/webapp") is not None
    assert AllowList(["/x"], Path("/"), "/h").missed_summary() == ""


def test_share_reads_the_allow_list_from_the_user_file_and_speaks_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    gina = contributor(tmp_path, "gina", str(bare))
    (gina.clone / ".skillgit.yaml").write_text("{}\n")        # the team's file: no projects
    personal = gina.home / "xdg_config_home" / "skillgit" / "config.yaml"
    personal.parent.mkdir(parents=True)
    personal.write_text("share:\n  projects: [~/src/elsewhere]\n  contributor: gina-laptop\n")
    gina.session(pnpm_session("add the audit page", "no, use pnpm not npm here"))
    code, out, err = gina.run(monkeypatch, capsys, "share", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["version"] == 1 and doc["ref"] == "refs/skillgit/digests/gina-laptop"
    assert doc["ready"] == 0 and doc["outside"] == 1
    assert doc["outside_folders"] == "~/src/webapp (1)"
    assert ("no session was in an allow-listed project; sessions outside the allow-list were "
            "in: ~/src/webapp (1)") in err

    personal.write_text("share:\n  projects: [~/src/webapp]\n  contributor: gina-laptop\n")
    code, out, err = gina.run(monkeypatch, capsys, "share", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ready"] == 1 and len(doc["new"]) == 1, err
    shared = ref_files(bare, "refs/skillgit/digests/gina-laptop")
    assert [p for p in shared if p.endswith(".json")] == doc["new"]
