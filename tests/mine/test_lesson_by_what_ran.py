"""A lesson whose sessions agree on what the agent then ran, though not on what it ran before
(issue 25): one lesson, stated with that command, and never joined to another lesson through
the arguments of another subcommand."""

from __future__ import annotations

from skillgit.mine.identity import move
from skillgit.mine.lessons import _clusters, lessons
from skillgit.mine.placement import amend_step
from skillgit.proposal import Candidate, Signal


def _pref(n: int, said: str, corrected: str | None, succeeded: str | None) -> Signal:
    return Signal(kind="preference", summary=said, quote=said, turn=2, agent="codex",
                  session_id=f"s{n}", corrected_command=corrected, succeeded_command=succeeded)


CLIPPY = [
    _pref(1, "CI runs clippy with warnings denied. please always do that",
          "SQLX_OFFLINE=true cargo build -p api",
          "SQLX_OFFLINE=true cargo clippy -- -D warnings"),
    _pref(2, "finish with the usual clippy pass with warnings denied", None,
          "SQLX_OFFLINE=true cargo clippy -- -D warnings"),
    _pref(3, "before you tell me you're done, run cargo clippy", None,
          "cargo clippy -- -D warnings"),
]


def test_another_subcommand_is_a_move_to_it_without_its_arguments() -> None:
    keys = move("cargo build -p api", "cargo clippy -- -D warnings")
    assert ("to", "cargo", "clippy", "--", "d") in keys
    assert not any(k[0] in ("flag", "no-flag") for k in keys)  # -p belongs to build
    same = move("cargo test -p api", "cargo test -p api --release")
    assert ("flag", "cargo", "release") in same  # one subcommand: its flags are the move


def test_sessions_agreeing_on_what_then_ran_are_one_lesson_stated_with_it() -> None:
    assert len(_clusters(CLIPPY)) == 1
    [lesson] = lessons(Candidate(key="k", title="t", terms=["clippy"], signals=CLIPPY))
    assert lesson.sessions == 3
    assert lesson.do == "cargo clippy -- -D warnings"   # bare: one session ran it so
    assert lesson.dont is None                         # `cargo build` was one session's


def test_a_lesson_of_another_subcommand_with_the_same_flag_stays_apart() -> None:
    nextest = [_pref(4, "run the tests with nextest", "cargo test -p api",
                     "cargo nextest run -p api"),
               _pref(5, "nextest, not cargo test", "cargo test -p core",
                     "cargo nextest run -p core")]
    assert len(_clusters([*CLIPPY, *nextest])) == 2


def test_a_recurring_pair_still_states_both_commands() -> None:
    pair = [_pref(n, "use pnpm", "npm install", "pnpm install") for n in (1, 2)]
    [lesson] = lessons(Candidate(key="k", title="t", terms=["pnpm"], signals=pair))
    assert (lesson.do, lesson.dont) == ("pnpm install", "npm install")


def test_the_command_the_user_wrote_beats_the_agents_repair() -> None:
    said = "PRs you open should always be drafts (`gh pr create --draft`), otherwise CODEOWNERS"
    signal = _pref(1, said, "gh pr create --fill --base main", "gh pr ready 412 --undo")
    [lesson] = lessons(Candidate(key="k", title="t", terms=["draft"], signals=[signal]))
    assert lesson.do == "gh pr create --fill --base main --draft"   # the flag it adds
    assert lesson.dont == "gh pr create --fill --base main"


def test_a_quoted_command_of_another_program_changes_nothing() -> None:
    said = "use `pnpm install` next time"
    signal = _pref(1, said, "npm install", "pnpm install")
    [lesson] = lessons(Candidate(key="k", title="t", terms=["pnpm"], signals=[signal]))
    assert (lesson.do, lesson.dont) == ("pnpm install", "npm install")


def test_a_flag_added_to_a_step_amends_that_step_in_place() -> None:
    body = ["1. Push the branch.\n", "2. Open it:\n", "   `gh pr create --fill`\n", "3. Done.\n"]
    lesson = ["- Run `gh pr create --fill --draft` instead of `gh pr create --fill`."]
    assert amend_step(body, lesson, "\n")
    assert body[2] == "   `gh pr create --fill --draft` (not `gh pr create --fill`)\n"
    chained = ["1. Open it: `gh pr create --fill`\n"]
    assert not amend_step(chained, ["- Run `git push && gh pr create --fill` instead of "
                                    "`gh pr create --fill`."], "\n")
