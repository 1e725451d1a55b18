"""A key with CR/LF, a control or non-ASCII character is refused by its source, never echoed.

httpx refuses such a header value with an error quoting it (`Illegal header value b'Bearer
sk-…\\r\\n…'`); the message then reached stdout with the key in it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import ScriptedServer, openai_reply

from skillgit.cli import main
from skillgit.llm.base import EngineUnavailable
from skillgit.llm.http import JsonHttpClient

TAIL = "TOPSECRETTAIL9876"
BAD_KEYS = {
    "crlf": f"sk-abc\r\nX-Injected: {TAIL}",
    "lf": f"sk-abc\n{TAIL}",
    "cr": f"sk-abc\r{TAIL}",
    "escape": f"sk-abc\x1b[31m{TAIL}",
    "bell": f"sk-abc\x07{TAIL}",
    "osc52": f"sk-abc\x1b]52;c;{TAIL}\x07",
    "c1": f"sk-abc\x85{TAIL}",
    "bidi": f"sk-abc\u202e{TAIL}",
    "non-ascii": f"sk-abcé{TAIL}",
    "inner space": f"sk-abc {TAIL}",
    "tab": f"sk-abc\t{TAIL}",
}


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        running.queue(*[openai_reply('{"ok": true}')] * 5)
        yield running


@pytest.fixture(autouse=True)
def no_agent_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty-bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    monkeypatch.chdir(tmp_path)


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["llm", "check", *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("key", BAD_KEYS.values(), ids=BAD_KEYS.keys())
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_key_in_the_environment_is_refused_naming_the_variable(
        key: str, as_json: bool, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", key)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    code, output = _check(capsys, "--llm", "openai", "--model", "m",
                          *(["--json"] if as_json else []))
    assert code == 2 and "OPENAI_API_KEY" in output
    assert TAIL not in output and "sk-abc" not in output and "Traceback" not in output
    assert server.received == []  # nothing was sent
    code, output = _check(capsys)  # auto-detection finds the same key
    assert code == 2 and "OPENAI_API_KEY" in output and TAIL not in output


@pytest.mark.parametrize("key", [*BAD_KEYS.values(), f"sk-abc\x00{TAIL}"],
                         ids=[*BAD_KEYS.keys(), "nul"])
def test_a_bad_key_in_the_keys_file_is_refused_naming_the_entry(
        key: str, server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "xdg" / "skillgit" / "keys.yaml"
    keys.parent.mkdir(parents=True)
    keys.write_text(f"openai: {json.dumps(key)}\n")  # a YAML double-quoted string
    keys.chmod(0o600)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    code, output = _check(capsys, "--llm", "openai", "--model", "m")
    assert code == 2 and str(keys) in output and "'openai'" in output
    assert TAIL not in output and "sk-abc" not in output and server.received == []


def test_surrounding_whitespace_is_still_trimmed(server: ScriptedServer,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", f"  sk-abc{TAIL}\r\n")  # `$(cat key.txt)` and friends
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    code, output = _check(capsys, "--llm", "openai", "--model", "m")
    assert code == 0, output
    assert server.received[0].headers["authorization"] == f"Bearer sk-abc{TAIL}"


UNSENDABLE = {name: key for name, key in BAD_KEYS.items() if name != "inner space"}


@pytest.mark.parametrize("key", UNSENDABLE.values(), ids=UNSENDABLE.keys())
def test_the_http_client_never_sends_nor_echoes_a_bad_header(key: str,
                                                             server: ScriptedServer) -> None:
    # Defence in depth, for a key that reached the client some other way.
    with pytest.raises(EngineUnavailable) as caught:
        JsonHttpClient(service="openai", base_url=server.url,
                       headers={"authorization": f"Bearer {key}"}, secrets=[key])
    message = str(caught.value)
    assert "authorization" in message and TAIL not in message and "sk-abc" not in message
