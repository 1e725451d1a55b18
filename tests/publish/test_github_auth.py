"""Where GitHub is, which token, and OWNER/NAME: from flags, the environment and `gh`."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skillgit.errors import UsageError
from skillgit.github.auth import GitHubSettings, Token, resolve_token, run_gh
from skillgit.github.errors import NoToken
from skillgit.github.repo import RepoRef


def no_gh(name: str) -> str | None:
    return None


def test_settings_default_to_github_com() -> None:
    assert GitHubSettings.from_env({}) == GitHubSettings("https://api.github.com",
                                                         "https://github.com")


def test_settings_for_enterprise_server() -> None:
    only_server = GitHubSettings.from_env({"GITHUB_SERVER_URL": "https://ghe.corp/"})
    assert only_server.api_url == "https://ghe.corp/api/v3"
    both = GitHubSettings.from_env({"GITHUB_SERVER_URL": "https://ghe.corp",
                                    "GITHUB_API_URL": "https://ghe.corp/api/v3/"})
    assert (both.api_url, both.server_host) == ("https://ghe.corp/api/v3", "ghe.corp")


@pytest.mark.parametrize("name, value", [("GITHUB_API_URL", "ftp://x"),
                                         ("GITHUB_SERVER_URL", "not a url")])
def test_settings_refuse_bad_urls(name: str, value: str) -> None:
    with pytest.raises(UsageError, match=name):
        GitHubSettings.from_env({name: value})


def test_token_order_flag_then_skillgit_then_github() -> None:
    env = {"MY_TOKEN": "t-flag", "SKILLGIT_GITHUB_TOKEN": "t-skillgit", "GITHUB_TOKEN": "t-gh"}
    assert resolve_token(env, "MY_TOKEN", which=no_gh).source == "MY_TOKEN"
    assert resolve_token(env, which=no_gh).value == "t-skillgit"
    assert resolve_token({"GITHUB_TOKEN": " t-gh\n"}, which=no_gh) == Token("t-gh",
                                                                           "GITHUB_TOKEN")


def test_token_env_must_name_a_set_variable() -> None:
    with pytest.raises(NoToken, match="MY_TOKEN"):
        resolve_token({"GITHUB_TOKEN": "x"}, "MY_TOKEN", which=no_gh)
    with pytest.raises(UsageError, match="--token-env"):
        resolve_token({}, "ghp_looks_like_a_token; rm -rf", which=no_gh)


def test_no_token_anywhere_says_how_to_get_one() -> None:
    with pytest.raises(NoToken, match="gh auth login"):
        resolve_token({}, which=no_gh)


def test_token_with_line_breaks_is_refused_without_echoing_it() -> None:
    with pytest.raises(NoToken) as caught:
        resolve_token({"GITHUB_TOKEN": "abc\r\nX-Evil: 1"}, which=no_gh)
    assert "abc" not in str(caught.value)


def test_gh_is_asked_only_when_installed_and_with_the_host() -> None:
    calls: list[list[str]] = []

    def run(argv: list[str], timeout: float) -> str | None:
        calls.append(argv)
        return "gho_fromgh\n"

    token = resolve_token({}, which=lambda name: "/usr/bin/gh", run=run)
    assert token == Token("gho_fromgh", "gh auth token")
    ghes = GitHubSettings.from_env({"GITHUB_SERVER_URL": "https://ghe.corp"})
    resolve_token({}, settings=ghes, which=lambda name: "/usr/bin/gh", run=run)
    assert calls == [["/usr/bin/gh", "auth", "token"],
                     ["/usr/bin/gh", "auth", "token", "--hostname", "ghe.corp"]]
    with pytest.raises(NoToken):
        resolve_token({}, which=lambda name: "/usr/bin/gh", run=lambda argv, t: None)


def test_real_gh_subprocess_no_shell_token_from_stdout(tmp_path: Path) -> None:
    gh = tmp_path / "gh"
    gh.write_text('#!/bin/sh\n[ "$1 $2" = "auth token" ] || exit 1\necho gho_real_1234\n')
    gh.chmod(gh.stat().st_mode | stat.S_IXUSR)
    assert run_gh([str(gh), "auth", "token"], 5.0) == "gho_real_1234\n"
    assert run_gh([str(gh), "auth", "status"], 5.0) is None
    assert run_gh([str(tmp_path / "missing")], 5.0) is None
    slow = tmp_path / "slow"
    slow.write_text("#!/bin/sh\nexec sleep 5\n")
    slow.chmod(gh.stat().st_mode)
    assert run_gh([str(slow)], 0.2) is None
    token = resolve_token({"PATH": str(tmp_path)},
                          which=lambda name: str(gh) if name == "gh" else None)
    assert token.value == "gho_real_1234"


def test_token_never_shows_in_repr() -> None:
    token = Token("ghp_supersecret", "GITHUB_TOKEN")
    assert "supersecret" not in repr(token) + str(token) + f"{[token]}"


@pytest.mark.parametrize("url", [
    "https://github.com/acme/skills.git", "https://github.com/acme/skills",
    "https://x-access-token:ghp_abc@github.com/acme/skills.git",
    "ssh://git@github.com/acme/skills.git", "git@github.com:acme/skills.git",
    "https://ghe.corp/acme/skills/",
])
def test_repo_from_remote_url(url: str) -> None:
    assert RepoRef.from_remote_url(url) == RepoRef("acme", "skills")


@pytest.mark.parametrize("url", ["/srv/git/skills.git", "file:///srv/skills.git",
                                 "https://x-access-token:ghp_abc@github.com/"])
def test_repo_from_a_non_github_remote_asks_for_repo(url: str) -> None:
    with pytest.raises(UsageError, match="--repo") as caught:
        RepoRef.from_remote_url(url)
    assert "ghp_abc" not in str(caught.value)


@pytest.mark.parametrize("text", ["acme", "acme/", "/skills", "acme/skills/extra",
                                  "acme/../x", "ac me/skills", "acme/sk?ills", "-acme/x",
                                  "acme/..", "acme/%2e%2e"])
def test_repo_names_that_could_escape_an_api_path_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="OWNER/NAME"):
        RepoRef.parse(text)


def test_repo_api_path() -> None:
    assert RepoRef.parse("Acme-1/my.skills_x").api_path == "/repos/Acme-1/my.skills_x"
    assert os.sep not in RepoRef.parse("a/b").api_path.replace("/", "")


TOKENS = ["ghp_16C7e42F292c6912E7710c838347Ae178B4a",
          "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN",
          "gho-16C7e42F292c6912E7710c838347Ae178B4a", "0123456789abcdef0123456789abcdef0123"]


@pytest.mark.parametrize("value", TOKENS)
def test_a_token_where_a_variable_name_belongs_is_never_echoed(value: str) -> None:
    for key in ("--token-env", "publish.token_env"):
        with pytest.raises(UsageError) as caught:
            resolve_token({"GITHUB_TOKEN": "x"}, value, which=no_gh, key=key)
        message = str(caught.value)
        assert value not in message and value[:12] not in message
        assert message.startswith(f"{key}: expects the NAME of an environment variable")


@pytest.mark.parametrize("name", ["SKILLGIT_GITHUB_TOKEN", "my_token", "GH_TOKEN_2",
                                  "ORG_SKILLS_BOT_GITHUB_TOKEN_2026"])
def test_ordinary_variable_names_are_still_named_in_messages(name: str) -> None:
    with pytest.raises(NoToken, match=name):
        resolve_token({}, name, which=no_gh)


def test_publish_names_the_config_key_or_the_flag_never_the_token(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from pushkit import git

    from skillgit.cli import main

    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q",
        "--allow-empty", "-m", "init")
    git(tmp_path, "remote", "add", "origin", "https://github.com/o/r.git")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".skillgit.yaml").write_text(f"publish:\n  token_env: {TOKENS[0]}\n")
    assert main(["publish", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "publish.token_env: expects the NAME" in err and TOKENS[0][4:] not in err
    (tmp_path / ".skillgit.yaml").unlink()
    assert main(["publish", "--dry-run", "--token-env", TOKENS[1]]) == 2
    captured = capsys.readouterr()
    assert "--token-env: expects the NAME" in captured.err
    assert TOKENS[1][12:] not in captured.err + captured.out
