"""Arbitrary bytes as SKILL.md never raise: they yield findings."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillgit.skills.validate import validate_skill

FRONTMATTERISH = st.lists(
    st.sampled_from([b"---\n", b"---\r\n", b"name: x\n", b"description: ", b"metadata:\n",
                     b"  k: v\n", b"- a\n", b"&a [*a]\n", b"\xff", b"\x00", b"\xef\xbb\xbf",
                     b"[", b"{", b": :\n", b"!!binary x\n", b"'\n", b"\"", b"\t", b"\r"]),
    max_size=30,
).map(b"".join)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=2000), FRONTMATTERISH,
                      FRONTMATTERISH.flatmap(lambda head: st.binary(max_size=200).map(
                          lambda tail: b"---\n" + head + tail))))
def test_arbitrary_bytes_give_findings_not_exceptions(tmp_path: Path, data: bytes) -> None:
    folder = tmp_path / "fuzz-skill"
    folder.mkdir(exist_ok=True)
    (folder / "SKILL.md").write_bytes(data)
    report = validate_skill(folder)
    assert report.findings, "every input yields at least the context-cost note or a problem"
    for finding in report.findings:
        assert finding.rule and finding.message
