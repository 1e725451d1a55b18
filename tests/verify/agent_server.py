"""A scripted model on 127.0.0.1 that answers like an agent, for `skillgit verify` tests.

It speaks the OpenAI Chat Completions wire format and decides its answer from the request
alone: `RULES` maps a rule (as the proposed skill states it) to the command an agent runs when
that rule is in its prompt, and the command it runs otherwise. Behaviours:

- `ignores`: always the command it would run without any rule;
- `follows`: the rule's command when the rule is in the prompt (the skill was loaded), else
  the other one: the held-out model of the issue's acceptance;
- `plain`: as `follows`, but the bare command as plain text (no JSON);
- `garbage`: text that is neither JSON nor a command.

Every request is recorded (`received`) for "this never left" assertions, and counted.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))

from servers import Received, openai_reply

# rule text in the skill body -> (command with the rule, command without it)
RULES: dict[str, tuple[str, str]] = {
    "Use `pnpm install`, not `npm install`.": ("pnpm install", "npm install"),
    "Run `PYTHONPATH=src pytest tests/` instead of `pytest tests/`": (
        "PYTHONPATH=src pytest tests/", "pytest tests/"),
    "Run `make deploy-staging` instead of `make deploy`.": ("make deploy-staging",
                                                            "make deploy"),
    # an update amends the step it changes (issue 25): the skill's step says it this way
    "`make deploy-staging` (not `make deploy`)": ("make deploy-staging", "make deploy"),
}
# which rule a request is about, from the user's words in the replayed session
TOPICS = {"pnpm": ("settings page", "login form", "CSV export"),
          "pytest": ("tests",), "deploy": ("deploy",)}


def next_command(system: str, user: str, behaviour: str) -> str:
    about = [(rule, commands) for rule, commands in RULES.items()
             if commands[0].split()[-1] in user or any(w in user for w in _topic(rule))]
    for rule, (followed, _ignored) in about:  # any wording of the rule that was loaded
        if behaviour == "follows" and rule in system:
            return followed
    return about[0][1][1] if about else "ls"


def _topic(rule: str) -> tuple[str, ...]:
    for key, words in TOPICS.items():
        if key in rule:
            return words
    return ()


class AgentServer:
    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.received: list[Received] = []
        self.prompt_tokens = 0
        self.delay = 0.0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                with server._lock:
                    server.received.append(Received(
                        self.command, self.path,
                        {k.lower(): v for k, v in self.headers.items()}, body))
                payload = server.answer(json.loads(body)).encoded()
                if server.delay:
                    time.sleep(server.delay)   # a model's latency (benchmarks)
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.01}, daemon=True)

    def answer(self, request: dict[str, Any]) -> Any:
        messages = request["messages"]
        system, user = messages[0]["content"], messages[-1]["content"]
        tokens = (len(system) + len(user) + 3) // 4
        with self._lock:
            self.prompt_tokens += tokens
        if self.behaviour == "garbage":
            return openai_reply("lorem ipsum, the answer is purple", prompt_tokens=tokens)
        if self.behaviour == "plain":   # follows, answering the bare command as plain text
            return openai_reply(next_command(system, user, "follows"), prompt_tokens=tokens)
        command = next_command(system, user, self.behaviour)
        return openai_reply(json.dumps({"kind": "command", "command": command, "file": None,
                                        "text": None}), prompt_tokens=tokens)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> AgentServer:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
