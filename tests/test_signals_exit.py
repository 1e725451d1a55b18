"""Signals: deferred sections, and the exit codes of an interrupted or terminated command."""

from __future__ import annotations

import os
import signal

import pytest

from skillgit import interrupts
from skillgit.cli import main
from skillgit.interrupts import Terminated, deferred, sigterm_raises


def test_a_signal_in_a_deferred_section_is_raised_when_it_ends() -> None:
    reached = []
    with pytest.raises(KeyboardInterrupt), deferred():
        os.kill(os.getpid(), signal.SIGINT)
        with deferred():  # nested: still held
            reached.append("inner")
        assert interrupts.interrupt_pending()
        reached.append("end")
    assert reached == ["inner", "end"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert not interrupts.interrupt_pending()


def test_sigterm_raises_terminated_and_is_deferred_too() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with sigterm_raises():
        with pytest.raises(Terminated), deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            done = True
        assert done
        with pytest.raises(Terminated):
            os.kill(os.getpid(), signal.SIGTERM)
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.parametrize(("raised", "code"), [(KeyboardInterrupt, 130), (Terminated, 143)])
def test_interrupted_commands_exit_130_or_143(raised: type[BaseException], code: int,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def stop(*args: object, **kwargs: object) -> None:
        raise raised()

    monkeypatch.setattr("skillgit.config.load_config", stop)
    assert main(["mine", "--dry-run"]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and "complete proposals" in err
