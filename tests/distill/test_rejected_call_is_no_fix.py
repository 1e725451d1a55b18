"""A call the user turned down or interrupted never ran to success: it is not the fix of the
failure before it (planted set7 recorded a rejected `db:test:prepare && rspec` as the fix that
worked). The same call, run and passing, still is."""

from __future__ import annotations

from sessionkit import Talk

from skillgit.distill.agent_fixes import find_fix, is_success
from skillgit.transcripts.model import TurnKind


def _after_failure(second_output: str) -> Talk:
    return (Talk()
            .user("add the max_seats column and make the model spec pass")
            .tool("exec_command", "bin/rspec spec/models/venue_spec.rb",
                  "1 example, 1 failure", exit_code=1)
            .tool("exec_command",
                  "bin/rails db:test:prepare && bin/rspec spec/models/venue_spec.rb",
                  second_output))


def test_an_interrupted_call_is_not_the_fix() -> None:
    turns = _after_failure("aborted").build().turns
    calls = [t for t in turns if t.kind is TurnKind.TOOL_CALL]
    assert calls[1].result is not None and calls[1].result.rejected
    assert not is_success(calls[1])
    assert find_fix(calls[0], turns) is None


def test_a_refused_call_is_not_the_fix() -> None:
    turns = _after_failure("exec command rejected by user").build().turns
    calls = [t for t in turns if t.kind is TurnKind.TOOL_CALL]
    assert find_fix(calls[0], turns) is None


def test_the_same_call_run_and_passing_is_the_fix() -> None:
    turns = _after_failure("3 examples, 0 failures").build().turns
    calls = [t for t in turns if t.kind is TurnKind.TOOL_CALL]
    assert is_success(calls[1])
    found = find_fix(calls[0], turns)
    assert found is not None and found[0] == [calls[1]]
