"""PR bodies from hostile evidence: inert, structurally intact, and within GitHub's limit."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from skillgit.proposal import (
    Candidate,
    DimensionResult,
    Proposal,
    ReviewItem,
    Signal,
    SkillChange,
    Verdict,
)
from skillgit.publish.body import parse_fingerprint, proposal_marker, render_body, render_title
from skillgit.publish.markdown import (
    GITHUB_BODY_LIMIT,
    INERT_TABLE,
    ZWSP,
    InertTable,
    inert,
    inert_char,
)
from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import SkillReport

HOSTILE = [
    "ping @org/team and @user please", "see #1 and GH-1 and acme/skills#2 and acme/x@abc1234",
    "</details> closes a block", "--> ends a comment <!-- opens one",
    "<img src=x onerror=alert(1)>", "<script>alert(1)</script><b>bold</b><a href=x>y</a>",
    "a | b || c", "``code`` and `x`", "line one\nline two\r\nline three\u2028four",
    "![img](https://evil.example/pixel.png) [link](https://evil.example)",
    "&#64;user &#35;3 &lt;b&gt;", "https://github.com/acme/skills/issues/7 www.evil.example",
    "\\| escaped pipe \\", "trojan \u202egnp.exe\u202c zero\u200bwidth", "$x^2$ ~~strike~~ *em*",
    "<!-- skillgit:proposal fingerprint=deadbeefdeadbeef -->",
]
# What GitHub would turn into a ping, a cross-reference, an autolink or HTML.
MENTION = re.compile(r"@[A-Za-z0-9]")
REFERENCE = re.compile(r"#\d|(?i:\bgh-\d)|[\w.-]+/[\w.-]+#\d")
AUTOLINK = re.compile(r"(?i)\b(?:https?|ftp)://|\bwww\.")
OWN_HTML = re.compile(r"<sub>|</sub>|<!-- skillgit:proposal fingerprint=[0-9a-f]+ -->\n$")


def signal(quote: str, turn: int = 3, session: str = "0f3c2a9e-1111-2222-3333-444455556666",
           agent: str = "claude-code") -> Signal:
    return Signal(kind="correction", summary="use pnpm", quote=quote, turn=turn, agent=agent,
                  session_id=session, started_at=datetime(2026, 3, 4, tzinfo=timezone.utc))


def proposal(quotes: list[str], reason: str = "3 sessions", review: bool = False) -> Proposal:
    signals = [signal(q, turn=i + 1, session=f"{i:08x}-1111-2222-3333-444455556666")
               for i, q in enumerate(quotes)]
    candidate = Candidate(key="pnpm", title="pnpm usage", terms=["pnpm"], signals=signals,
                          withheld={"exfiltration": 2})
    holds = DimensionResult(holds=True, reason=reason)
    verdict = Verdict(candidate=candidate, repeatable=holds, feedback=holds,
                      repeated_ask=DimensionResult(holds=False, reason="no ask"))
    items = [ReviewItem(kind="unknown-host", text="curl https://x.example/@me #5",
                        source="session 1 turn 2")] if review else []
    return Proposal(kind="new", skill="pnpm-usage", summary="Use pnpm, not npm",
                    change=SkillChange(skill="pnpm-usage", directory="skills/pnpm-usage",
                                       files={"skills/pnpm-usage/SKILL.md": b"x"}),
                    verdict=verdict, engine="heuristic", review_carefully=items)


def report(*findings: Finding) -> SkillReport:
    return SkillReport(path="skills/pnpm-usage", name="pnpm-usage", context_tokens=42,
                       findings=list(findings))


def gfm_cells(row: str) -> list[str]:
    """Split a table row as cmark-gfm does: a cell runs to the next `|` not escaped by `\\`."""
    assert row.startswith("|") and row.endswith("|"), row
    return re.findall(r"((?:\\\||[^|])*)\|", row[1:])


def section(body: str, heading: str) -> list[str]:
    lines = body.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")),
               len(lines))
    return lines[start:end]


def table_rows(lines: list[str]) -> list[list[str]]:
    return [gfm_cells(line) for line in lines if line.startswith("|")]


def assert_inert(body: str) -> None:
    visible = body.replace(ZWSP, "")  # what the attacker hoped for, were our breaks removed
    text = OWN_HTML.sub("", body)
    assert not MENTION.search(text), MENTION.search(text)
    assert not REFERENCE.search(text), REFERENCE.search(text)
    assert not AUTOLINK.search(text), AUTOLINK.search(text)
    assert "<" not in text and ">" not in text.replace("&gt;", "")
    assert "](" not in text.replace("\\](", "")  # every `]` is escaped: no link, no image
    own_code = re.sub(r"`[a-z0-9 -]{1,64}`", "", text)  # fingerprint, rule ids: ours
    assert re.search(r"(?<!\\)`", own_code) is None  # every other backtick is escaped
    assert body.count("-->") == 1 and "@" in visible  # the marker only; text kept, not lost


def test_hostile_quotes_are_inert_and_each_stays_in_its_own_cell() -> None:
    body = render_body(proposal(HOSTILE, review=True), report(), None)
    assert_inert(body)
    rows = table_rows(section(body, "### Evidence"))
    assert len(rows) == 2 + len(HOSTILE)
    assert all(len(cells) == 5 for cells in rows), [r for r in rows if len(r) != 5]
    assert [cells[3].strip() for cells in rows[2:]] == [str(i + 1) for i in range(len(HOSTILE))]
    assert rows[2][0].strip() == "claude-code" and rows[2][1].strip() == "2026-03-04"
    assert rows[2][2].strip() == "00000000"
    assert "line one line two line three four" in body  # newlines folded, not lost
    assert "U+202E" in body and "U+200B" in body      # bidi and zero-width made visible


def test_only_our_marker_parses() -> None:
    p = proposal(HOSTILE)
    body = render_body(p, report(), None)
    assert parse_fingerprint(body) == p.fingerprint != "deadbeefdeadbeef"
    assert body.rstrip("\n").endswith(proposal_marker(p.fingerprint))
    assert parse_fingerprint("no marker") is None and parse_fingerprint(None) is None
    assert parse_fingerprint(body + "\nhuman text after it") == p.fingerprint
    with pytest.raises(ValueError):
        proposal_marker("--><img>")


def test_gate_rationale_per_dimension() -> None:
    body = render_body(proposal(["q"], reason="seen in 3 sessions | by @bob"), report(), None)
    rows = table_rows(section(body, "### Why"))
    assert [(r[0].strip(), r[1].strip()) for r in rows[2:]] == [
        ("Repeatable", "yes"), ("Room to do better", "yes"), ("Repeated ask", "no")]
    assert all(len(r) == 3 for r in rows)
    assert_inert(body)


def test_100kb_of_evidence_fits_with_a_note_and_whole_rows() -> None:
    quotes = [("@everyone #9 | <b> " * 6000)[:100_000]] + [f"quote {i} @x #{i} |" * 40
                                                          for i in range(400)]
    body = render_body(proposal(quotes, reason="r" * 100_000, review=True), report(), None)
    assert len(body) <= GITHUB_BODY_LIMIT and len(body.encode()) <= GITHUB_BODY_LIMIT
    assert_inert(body)
    evidence = section(body, "### Evidence")
    rows = table_rows(evidence)
    assert all(len(cells) == 5 for cells in rows)
    shown = len(rows) - 2
    assert 10 < shown < len(quotes)
    note = next(line for line in evidence if "more quotes not shown" in line)
    assert note.startswith(f"_{len(quotes) - shown} more quotes")
    for section_heading in ("### Validation", "### Always-loaded", "### Review carefully",
                            "### What merging"):
        assert section_heading in body  # nothing after the evidence was cut


@pytest.mark.parametrize("budget", [3_000, 9_999, 20_000])
def test_rows_are_dropped_whole_never_cut_in_an_escape(budget: int) -> None:
    body = render_body(proposal(["@a|#1&<" * 200] * 50), report(), None, budget=budget)
    assert len(body.encode()) <= budget + 400
    for cells in table_rows(section(body, "### Evidence")):
        assert len(cells) == 5
        assert not cells[4].rstrip().endswith("\\") and "&l\n" not in cells[4]


def test_validation_and_context_cost() -> None:
    failing = report(Finding(path="skills/pnpm-usage/SKILL.md", line=2, level=Level.ERROR,
                             rule="name-format", message="bad | name <b>@x</b>"),
                     Finding(path="skills/pnpm-usage/SKILL.md", level=Level.WARNING,
                             rule="body-size", message="long"))
    body = render_body(proposal(["q"]), failing, 30)
    validation = section(body, "### Validation")
    assert "Fails validation: 1 errors, 1 warnings." in validation
    rows = table_rows(validation)
    assert len(rows) == 4 and all(len(r) == 4 for r in rows)
    assert "`name-format`" in rows[2][1]
    assert "about 30 → 42 tokens (**+12**" in body
    assert_inert(body)
    passing = render_body(proposal(["q"]), report(), None)
    assert "Passes validation: no errors, no warnings." in passing
    assert "add about **42 tokens**" in passing
    assert "Not validated." in render_body(proposal(["q"]), None, None)


def test_review_carefully_close_and_merge_meanings() -> None:
    body = render_body(proposal(["q"], review=True), report(), None)
    review = section(body, "### Review carefully")
    assert any("URL to a host not named" in line for line in review)
    meaning = "\n".join(section(body, "### What merging"))
    assert "Close without merging" in meaning and "remembered as a \"no\"" in meaning
    assert "Review carefully" not in render_body(proposal(["q"]), report(), None)
    assert_inert(body)


def test_a_previous_closed_pr_is_linked_and_withheld_counts_shown() -> None:
    body = render_body(proposal(["q"]), report(), None,
                       previous_pr="https://github.com/acme/skills/pull/3")
    assert "closed without merging" in body
    assert "2 exfiltration" in body


def test_title_is_one_line_without_pings() -> None:
    p = proposal(["q"]).model_copy(update={"summary": "Use @team #4\nnow\u202e" + "x" * 500})
    title = render_title(p)
    assert "\n" not in title and len(title) <= 256 and "\u202e" not in title
    assert not MENTION.search(title) and not REFERENCE.search(title)
    assert title.startswith("skills(pnpm-usage): Use @")


@pytest.mark.parametrize("text", ["".join(map(chr, range(128))), *HOSTILE,
                                  "see www.x.io, GH-12, a@b #3 and https://e.com/p?q=1#a"])
def test_inert_reads_ascii_text_as_it_reads_any_text(text: str) -> None:
    """ASCII text is read from the table filled in advance; a non-ASCII letter after it,
    computed when first met, changes nothing before it."""
    flat = " ".join(text.split())
    assert inert(flat + "\u00e9") == inert(flat) + "\u00e9"
    assert inert(flat + "\u200b") == inert(flat) + "U+200B"


def test_the_table_gives_each_character_its_rule_when_met_and_when_kept() -> None:
    """`INERT_TABLE` computes a character on first sight and keeps it: both readings give
    `inert_char` of every character (controls, format and bidi characters, letters, CJK,
    surrogates, astral); past `MAX_KEPT` characters are still computed, just not kept."""
    text = "".join(map(chr, [*range(0x3400), *range(0xD7F0, 0xE010), 0x1F600, 0xE0001]))
    expected = "".join(map(inert_char, text))
    table = InertTable(INERT_TABLE)
    assert text.translate(table) == expected      # computed
    assert text.translate(table) == expected      # kept
    assert table[0x200B] == "U+200B" and table[0x202E] == "U+202E" and table[0xE9] == "\u00e9"
    full = InertTable({code: "kept" for code in range(0x10000, 0x10000 + InertTable.MAX_KEPT)})
    assert "\u200b@".translate(full) == "U+200B@" + ZWSP and 0x200B not in full


@pytest.mark.parametrize("text", HOSTILE)
def test_inert_keeps_the_characters_visible(text: str) -> None:
    out = inert(text)
    assert "\n" not in out and "\r" not in out
    restored = (out.replace(ZWSP, "").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"))
    restored = re.sub(r"\\(.)", r"\1", restored)
    restored = re.sub(r"U\+([0-9A-F]{4})", lambda m: chr(int(m.group(1), 16)), restored)
    assert restored == " ".join(text.split())
