"""Session facts every digest carries, computed the same way for every engine.

`main_dir` is the deepest folder where most of the work happened, from the paths the
tool calls touched (edits weigh more than reads), relative to the session's working
directory when the work happened under it ("." for the working directory itself).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from collections import Counter
from collections.abc import Iterator

from skillgit.digest import Digest, DigestAnswer
from skillgit.transcripts.model import Conversation, Turn, TurnKind
from skillgit.transcripts.skill_use import skill_uses

# Share of the touched-path weight a folder must cover to be the main folder.
MAIN_DIR_SHARE = 0.6
CWD_PREFERENCE = 2
EDIT_TOOLS = frozenset({"edit", "multiedit", "write", "notebookedit", "write_file", "replace",
                        "apply_patch", "patch", "edit_file", "create_file", "str_replace"})
READ_TOOLS = frozenset({"read", "grep", "glob", "ls", "read_file", "read_many_files",
                        "list_directory", "search_file_content", "list", "view", "find"})
SHELL_TOOLS = frozenset({"bash", "shell", "exec_command", "run_shell_command",
                         "local_shell_call", "terminal", "run_terminal_cmd", "exec"})
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$", re.MULTILINE)
_SHELL_TOKEN = re.compile(r"""[^\s'"`;|&<>()=]+""")
_GLOB_CHARS = set("*?[{")
# System locations and bare one-level absolute tokens ("/clear") are not project paths.
_NOT_PROJECT = re.compile(r"^/(?:dev|proc|sys|etc|usr|bin|sbin|opt|var)(?:/|$)|^/[^/]*$|^~$")
_SKIP_PATH = re.compile(r"(?:^|/)SKILL\.md\b|/plugins/cache/")


def tool_kind(turn: Turn) -> str:
    """"edit", "read", "shell" or "other", from the tool name (any agent's spelling)."""
    name = (turn.tool_name or "").lower().rsplit(".", 1)[-1]
    if name in EDIT_TOOLS:
        return "edit"
    if name in READ_TOOLS:
        return "read"
    if name in SHELL_TOOLS:
        return "shell"
    return "other"


def build_digest(conversation: Conversation, answer: DigestAnswer, *, engine: str,
                 model: str | None, prompt_version: str) -> Digest:
    """A `Digest`: the session facts of `conversation` plus an engine's `answer`."""
    from skillgit.distill.commands_around import with_commands  # it uses tool_kind, below
    from skillgit.distill.replays import with_replays
    user_feedback, env_feedback = with_replays(
        conversation, with_commands(conversation, answer.user_feedback), answer.env_feedback)
    return Digest(
        agent=conversation.agent,
        session_id=conversation.session_id,
        started_at=conversation.started_at,
        main_dir=main_dir(conversation),
        n_user_turns=len(conversation.user_turns),
        opening=opening_fingerprint(conversation),
        topics=list(answer.topics),
        tasks=list(answer.tasks),
        skills_used=conversation.skills_used,
        skill_uses=skill_uses(conversation),
        env_feedback=env_feedback,
        user_feedback=user_feedback,
        engine=engine,
        model=model,
        prompt_version=prompt_version,
    )


def opening_fingerprint(conversation: Conversation) -> str | None:
    """A hash of the turns from the first prompt through the first reply to it, with their
    exact timestamps: a resumed or forked session copies those records verbatim, while two
    distinct sessions differ in them (a reply's text, a millisecond) even when they start in
    the same second with the same prompt. What comes before the first prompt (a compaction
    summary a resumed file may begin with) is left out. None without a prompt."""
    opening: list[list[str]] = []
    prompted = False
    for turn in conversation.turns:
        is_prompt = turn.kind in (TurnKind.USER, TurnKind.SLASH_COMMAND)
        if not prompted and not is_prompt:
            continue
        opening.append([turn.kind.value, turn.text, turn.command or "", turn.tool_name or "",
                        turn.tool_input or "", turn.result.text if turn.result else "",
                        turn.timestamp.isoformat() if turn.timestamp else ""])
        if not is_prompt:
            break
        prompted = True
    if not opening:
        return None
    material = json.dumps(opening, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return hashlib.sha256(material).hexdigest()[:32]


def main_dir(conversation: Conversation) -> str | None:
    """The deepest folder covering most touched-path weight; falls back to the cwd."""
    cwd = _clean(conversation.cwd) if conversation.cwd else None
    weights: Counter[str] = Counter()
    for folder, weight in _touched_folders(conversation, cwd):
        weights[folder] += weight
    if not weights:
        return "." if cwd else None
    by_root: Counter[str] = Counter()
    for folder, weight in weights.items():
        by_root[_root_of(folder, cwd)] += weight
    # Work under the session's own directory wins unless clearly outweighed elsewhere.
    root = max(by_root, key=lambda r: (by_root[r] * (CWD_PREFERENCE if r == cwd else 1), r))
    folder = _deepest_majority(
        Counter({f: w for f, w in weights.items() if _root_of(f, cwd) == root}), root=root)
    if root == cwd:
        relative = posixpath.relpath(folder, cwd)
        return "." if relative in (".", "") else relative
    return folder


def _root_of(folder: str, cwd: str | None) -> str:
    """The project a folder belongs to: the cwd when under it, else its first levels."""
    if cwd is not None and _is_under(folder, cwd):
        return cwd
    depth = 3 if folder.startswith("/") else 2  # "/a/b/c" or "~/a/b"
    return "/".join(folder.split("/")[:depth]) or folder


def _touched_folders(conversation: Conversation,
                     cwd: str | None) -> Iterator[tuple[str, int]]:
    for turn in conversation.turns:
        if turn.kind is not TurnKind.TOOL_CALL or not turn.tool_input:
            continue
        kind = tool_kind(turn)
        if _SKIP_PATH.search(turn.tool_input):
            continue  # loading a skill or plugin is not work on the project
        if kind == "edit":
            paths = _PATCH_FILE.findall(turn.tool_input) or [turn.tool_input]
            yield from ((f, 3) for p in paths if (f := _folder(p, cwd, is_file=True)))
        elif kind == "read":
            folder = _folder(turn.tool_input, cwd, is_file=None)
            if folder:
                yield folder, 1
        elif kind == "shell":
            for token in _SHELL_TOKEN.findall(turn.tool_input)[:40]:
                if "/" in token and "://" not in token and not token.startswith("-"):
                    folder = _folder(token, cwd, is_file=None)
                    if folder:
                        yield folder, 1


def _folder(path: str, cwd: str | None, *, is_file: bool | None) -> str | None:
    path = path.strip().split("\n", 1)[0].strip()
    if not path or len(path) > 400 or " " in path:
        return None
    parts = path.split("/")
    for i, part in enumerate(parts):
        if _GLOB_CHARS & set(part):
            parts, is_file = parts[:i], False
            break
    path = "/".join(parts)
    if not path:
        return cwd
    if not (path.startswith("/") or path.startswith("~")):
        if cwd is None:
            return None
        path = posixpath.join(cwd, path)
    path = _clean(path)
    if _NOT_PROJECT.match(path):
        return None
    last = path.rsplit("/", 1)[-1]
    if is_file or (is_file is None and "." in last.lstrip(".")):
        path = posixpath.dirname(path) or path
    return path


def _clean(path: str) -> str:
    cleaned = posixpath.normpath(path.strip())
    return cleaned if cleaned != "." else path.strip()


def _is_under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def _deepest_majority(weights: Counter[str], root: str | None) -> str:
    total = sum(weights.values())
    covered: Counter[str] = Counter()
    for folder, weight in weights.items():
        for ancestor in _ancestors(folder):
            covered[ancestor] += weight
    current = root if root is not None else ""
    while True:
        children = [(w, f) for f, w in covered.items() if _parent(f) == current]
        if not children:
            break
        weight, child = max(children, key=lambda item: (item[0], item[1]))
        if weight < MAIN_DIR_SHARE * total:
            break
        current = child
    return current or "/"


def _parent(folder: str) -> str:
    parent = posixpath.dirname(folder)
    return "" if parent == folder else parent


def _ancestors(folder: str) -> Iterator[str]:
    current = folder
    while current:
        yield current
        current = _parent(current)
