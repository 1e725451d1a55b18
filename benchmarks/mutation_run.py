"""Mutation run over the core rules: one-line mutants, each against its targeted tests.

    python benchmarks/mutation_run.py [--area AREA]... [--list] [--max-per-function N]
                                      [--function NAME]...

    AREA: gate, validator, lock, ledger, redactor, composer, table, values, publish, share,
          attribution, wire or slips

Not part of the test suite (it is slow: one pytest run per mutant). For every target
function it derives one-line mutants mechanically (a comparison flipped or loosened, `and`
and `or` swapped, a `not` dropped, a constant moved by one, `min`/`max` swapped, a regex
quantifier doubled), plus the named slips of issues 18, 23 and 29 (`slips`). Each mutant is
applied to the source file, the area's tests run (`pytest -x`), and the file is restored
(always, also on Ctrl-C). A mutant is *killed* when the tests fail, *survives* when they pass.
Prints one line per mutant, the score per area (slips and derived mutants apart) and the
survivors at the end; exit 1 when a slip survives. Scores measured: benchmarks/mutation_scores.md.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutant:
    area: str
    path: str
    line: int           # 1-based
    old: str
    new: str
    why: str


# area -> (targets: (file, function names), tests)
AREAS: dict[str, tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]] = {
    # (signal_risks, issue 23 r15: a command the user's quote holds is judged inside the quote)
    "gate": ((("skillgit/mine/judge.py", ("_dimensions", "_kill", "_sessions",
                                          "attach_to_known", "signal_risks")),),
             ("tests/mine/test_core_boundaries.py", "tests/mine/test_propose.py",
              "tests/mine/test_signal_risks.py", "tests/mine/test_signal_risks_context.py",
              "tests/mine/test_gate_edges.py")),
    "validator": ((("skillgit/skills/spec_rules.py", ("_check_name", "_check_description")),),
                  ("tests/skills/test_name_directory_case.py", "tests/skills/test_rules.py")),
    "lock": ((("skillgit/wire/lock.py", ("repo_lock", "_try_lock", "writing")),),
             ("tests/mine/test_core_boundaries.py",
              "tests/mine/test_write.py::test_two_runs_at_once_do_not_corrupt_refs",
              "tests/mine/test_fault_writes.py")),
    "ledger": ((("skillgit/wire/ledger.py", ("blocks", "find")),),
               ("tests/mine/test_core_boundaries.py", "tests/mine/test_propose.py")),
    "redactor": ((("skillgit/redact/rules.py", ("TOKEN_RULES",)),),
                 ("tests/redact/test_redact_kinds.py", "tests/redact/test_secret_kinds.py",
                  "tests/redact/test_redact_behaviour.py")),
    # issue 23: the composer (fragments screened alone, failing ones dropped alone)
    "composer": ((("skillgit/mine/fragments.py", ("problem", "shown", "together")),
                  ("skillgit/mine/withhold.py", ("without_failing_notes", "withheld_reason",
                                                 "_first_finding")),
                  ("skillgit/mine/write.py", ("commit_message", "model_rationale_lines",
                                              "evidence_shown", "quote_shown"))),
                 ("tests/mine/test_isolation.py", "tests/mine/test_cold_warm.py",
                  "tests/mine/test_propose.py", "tests/mine/test_proposal_screen.py",
                  "tests/mine/test_write.py", "tests/mine/test_e2e.py",
                  "tests/judge/test_mine_cli.py", "tests/judge/test_model_judge.py",
                  "tests/mine/test_injection_e2e.py", "tests/mine/test_secret_leaks.py",
                  "tests/mine/test_composer_edges.py")),
    # issue 23: the engine over the effects table (polarity, settings, flags, packages); r15
    # added a setting stated as kept, the checkers' rows and where a download is written
    "table": ((("skillgit/safety/polarity.py", ("forbids", "unforbidden", "_forbidden_words",
                                                "stated_as_kept")),
               ("skillgit/safety/effects.py", ("findings", "_hits", "_command_effects",
                                               "_matches", "_chmod", "_packages")),
               ("skillgit/safety/verbs.py", ("hits", "_judge", "_git")),
               ("skillgit/safety/credential_files.py", ("_text_form", "_path_form",
                                                        "is_sensitive")),
               ("skillgit/safety/lookalike.py", ("is_known", "imitates", "bare_name")),
               ("skillgit/safety/checkers.py", ("NO_ID", "WHOLE_FILE", "CHECKER_IDIOMS")),
               ("skillgit/safety/persist.py", ("_downloaded_to", "_targets")),
               # session 40: what a command does, read for any program (r22), the cut text's
               # open quote, and the redactor's value syntaxes; their regex guards are slips
               ("skillgit/safety/sources.py", ("hits", "_adds_source", "_parts")),
               ("skillgit/safety/calls.py", ("saved_then_run",)),
               ("skillgit/safety/hooks.py", ("_sources",)),
               ("skillgit/safety/vocab.py", ("is_home_dot_entry",)),
               ("skillgit/safety/__init__.py", ("closed_at_end",)),
               ("skillgit/redact/labelled.py", ("_layout",)),
               ("skillgit/redact/public.py", ("_keylike",))),
              ("tests/safety/test_any_program.py", "tests/safety/test_cut_text.py",
               "tests/redact/test_value_syntaxes.py", "tests/safety/test_any_program_edges.py",
               "tests/redact/test_value_syntax_edges.py", "tests/safety/test_hits_edges.py",
               "tests/safety/test_effects.py", "tests/safety/test_injection_sweep2.py",
               "tests/safety/test_injection_ordinary.py",
               "tests/safety/test_verbs_and_places.py", "tests/safety/test_round15.py",
               "tests/safety/test_r15_engine_edges.py", "tests/safety/test_polarity_blanking.py",
               "tests/safety/test_table_engine_edges.py")),
    # session 41: values found by where they stand (a clause's complement, a printed
    # credential, a password option paired with a user option, a row-keyed table) and the
    # screen's readings of a setting's words and of variables set before a program
    "values": ((("skillgit/redact/complement.py", ("made_up", "iter_complement_matches")),
                ("skillgit/redact/echoed.py", ("_reads_credential", "iter_echoed_matches")),
                ("skillgit/redact/paired_options.py", ("iter_paired_option_matches", "_lines")),
                ("skillgit/redact/row_keyed.py", ("iter_row_keyed_matches", "_cells")),
                ("skillgit/safety/verbs.py", ("_judge",))),
               ("tests/redact/test_complement.py", "tests/redact/test_echoed.py",
                "tests/redact/test_paired_options.py", "tests/redact/test_row_keyed.py",
                "tests/redact/test_value_roles.py", "tests/safety/test_setting_words.py",
                "tests/safety/test_env_targets.py")),
    # issue 29: the newer areas, each against its behaviour tests and the nearest others
    "publish": ((("skillgit/publish/plan.py", ("plan",)),
                 ("skillgit/publish/body.py", ("parse_fingerprint", "_summary")),
                 ("skillgit/publish/closed.py", ("with_rejection", "sessions_of")),
                 ("skillgit/publish/panel.py", ("write_dashboard",))),
                ("tests/publish/test_publish_behaviour.py", "tests/publish/test_body.py",
                 "tests/publish/test_dashboard_panel.py", "tests/publish/test_publish_e2e.py")),
    "share": ((("skillgit/share/gate.py", ("for_sharing", "shared_session_id", "gate_findings",
                                           "shared_main_dir")),
               ("skillgit/share/shared.py", ("merge",))),
              ("tests/share/test_share_behaviour.py", "tests/share/test_share_parts.py",
               "tests/share/test_untrusted_refs.py")),
    "attribution": ((("skillgit/attribution/history.py", ("at", "by_content")),
                     ("skillgit/attribution/outcome.py", ("window_bounds", "_inside")),
                     ("skillgit/attribution/attribute.py", ("repo_name", "resolve"))),
                    ("tests/attribution/test_attribution_behaviour.py",
                     "tests/attribution/test_history.py", "tests/attribution/test_outcome.py",
                     "tests/attribution/test_invocations.py")),
    "wire": ((("skillgit/wire/commit.py", ("trailer_lines", "parse_trailers", "resolve_identity",
                                           "made_by_skillgit")),
              ("skillgit/wire/ledger.py", ("grown", "find", "without", "blocks")),
              ("skillgit/wire/branches.py", ("resolve_base",))),
             ("tests/test_wire.py", "tests/mine/test_write.py", "tests/mine/test_propose.py",
              "tests/publish/test_push_ledger.py")),
}
# The named slips: (area, file, exact old text, new text, what it does).
SLIPS: tuple[tuple[str, str, str, str, str], ...] = (
    ("gate", "skillgit/mine/judge.py", "n = len(c.sessions)", "n = len(c.signals)",
     "the gate counts signals instead of sessions"),
    ("validator", "skillgit/skills/spec_rules.py", "if value != skill.directory_name:",
     "if value.lower() != skill.directory_name.lower():",
     "a case-insensitive name/directory check"),
    ("lock", "skillgit/mine/run.py",
     "with writing(repo, [*branches, *ledger], options.lock_wait_seconds):",
     "with __import__('contextlib').nullcontext():", "mine writes without taking the lock"),
    ("ledger", "skillgit/wire/ledger.py", "max(before + 2,", "max(before + 1,",
     "the ledger re-proposes at +1 session instead of +2"),
    ("lock", "skillgit/wire/lock.py", "with repo_lock(repo.control_dir, wait_seconds):",
     "with repo_lock(repo.work_tree or repo.control_dir, wait_seconds):",
     "the lock file is created in the work tree"),
    # issue 23: isolation slips
    ("composer", "skillgit/mine/write.py", "f\"\\u201c{shown(quote_shown(s))}\\u201d\")",
     "f\"\\u201c{quote_shown(s)}\\u201d\")", "an evidence quote is composed unscreened"),
    ("composer", "skillgit/mine/write.py", "[f\"- {shown(item)}\" for item",
     "[f\"- {item}\" for item", "a rejected candidate's note is composed unscreened"),
    ("composer", "skillgit/mine/write.py", "{shown(escaped(verdict.fallback, 400))}",
     "{escaped(verdict.fallback, 400)}", "a judge fallback is composed unscreened"),
    ("composer", "skillgit/mine/propose.py",
     "risks = together([quote_shown(s) for s in evidence_shown(proposal)])",
     "risks = __import__('skillgit.safety').safety.refused("
     "__import__('skillgit.mine.write').mine.write.commit_message(proposal))",
     "the composed message is read as one shell text again"),
    ("composer", "skillgit/mine/propose.py", "proposal = without_failing_notes(proposal)",
     "pass", "a note the final screen flags withholds the whole proposal"),
    ("composer", "skillgit/distill/run.py", "digest = as_cached(digest)", "pass",
     "a cold run uses the digest as it was before the final screen"),
    ("composer", "skillgit/mine/propose.py",
     "if all(fragments.problem(text) is None for text in (note, *r.sources)):",
     "if True:", "rejected notes are not screened alone"),
    ("composer", "skillgit/mine/propose.py",
     "if all(fragments.problem(text) is None for text in (note, *r.sources)):",
     "if fragments.problem(note) is None:", "a note is screened only as shown (cut)"),
    ("composer", "skillgit/distill/run.py",
     "digest = with_sources(digest, job.conversation)", "pass",
     "a quote cut from an unsafe turn is screened without it"),
    # issue 23, r15: the checkers' rows (their guards are regex text, no derived mutant reaches)
    ("table", "skillgit/safety/checkers.py", r"(?<![=!]=\s)(?<![=!]=)", "",
     "a comparison with a security mode of None reads as setting it"),
    ("table", "skillgit/safety/checkers.py", r"(?:,|/|\bor\b|\band\b)", "(?!)",
     "an enum's members listed read as a mode set to None"),
    ("table", "skillgit/safety/checkers.py", r"(?=\s*(?:$|\n|", "(?=(?:|\n|",
     "a suppression with a rule id reads as one that silences everything"),
    ("table", "skillgit/safety/polarity.py", "_KEEP_IT.search(text))", "True)",
     "a setting reported as committed passes without a rule that forbids changing it"),
    ("table", "skillgit/safety/persist.py", "plain = plain[-1:]", "pass",
     "a copy's source counts as a file it writes"),
    # session 40 (r22): what a command does, read for any program
    ("table", "skillgit/safety/verbs.py", "or _GO_OPTION.fullmatch(w))", ")",
     "a one-dash option of destruction (`-recurse`, `-purge`) is no verb"),
    ("table", "skillgit/safety/verbs.py", r'(?:-[a-z]+)*(?:=\S*)?")', '")',
     "a one-dash option of several words or with a value is no verb"),
    ("table", "skillgit/safety/verbs.py", r'_GO_OPTION = re.compile(r"-[a-z]{3,}',
     r'_GO_OPTION = re.compile(r"-[a-z]{2,}', "a two-letter flag reads as a one-dash option"),
    ("table", "skillgit/safety/sources.py", "NOUN_REACH = 4", "NOUN_REACH = 2",
     "a source's noun three or four words after the program is missed"),
    ("table", "skillgit/safety/sources.py", " and not _LOCAL.match(url)", "",
     "a registry on this machine reads as a place elsewhere"),
    ("table", "skillgit/safety/sources.py", r'github\.io)(?:[:/]|$)")', r'github\.io)")',
     "a host that only begins with a registry's name passes as the registry"),
    ("table", "skillgit/safety/sources.py", r'r"[-_:.=/]+"', r'r"[-_:.]+"',
     "a noun or verb joined by `=` or `/` is not read"),
    ("table", "skillgit/safety/calls.py", "saved.setdefault(s, call.end())",
     "saved.setdefault(s, 0)", "a file run before it is downloaded counts as fetched and run"),
    ("table", "skillgit/safety/calls.py", ' and name.rsplit(".", 1)[-1] not in EXEC_CALLS', "",
     "a runner called as a module's function is not read as one"),
    ("table", "skillgit/safety/hooks.py",
     'elif any(is_home_dot_entry(a) for a in local if not a.startswith("-")):', "elif False:",
     "a home's dot-file copied to another host passes"),
    ("table", "skillgit/safety/hooks.py",
     "elif r.names & UPLOADERS and any(is_home_dot_entry(a) for a in _sources(r)):",
     "elif False:", "a home's dot-file uploaded passes"),
    ("table", "skillgit/safety/hooks.py",
     "named = [b for a, b in pairwise(args) if a in _FILE_OPTIONS]", "named = []",
     "an upload's `-f FILE` is not read as what it sends"),
    ("table", "skillgit/safety/__init__.py", 'quotes = _APOSTROPHE.sub("", text)',
     "quotes = text", "an apostrophe inside a word opens a quotation"),
    ("table", "skillgit/safety/__init__.py", "if quotes.count(mark) % 2}",
     "if quotes.count(mark)}", "a quotation closed in the text is closed again at its end"),
    ("table", "skillgit/safety/__init__.py", "    closed = closed_at_end(text)",
     "    closed = text", "a text cut inside a code span is read with the span open"),
    # session 40 (r22): the redactor's value syntaxes (regex guards and short byte arrays)
    ("table", "skillgit/redact/values.py", r"\{(?=[^{}]*[;\]@#%^&*+~?])(", r"\{(",
     "any braced word (a format field) reads as ODBC's quoting"),
    ("table", "skillgit/redact/values.py",
     'if braced is not None and value[braced.end():braced.end() + 1] in ("", ";"):',
     "if braced is not None:", "a braced value with more after it is read as its inside"),
    ("table", "skillgit/redact/labelled.py",
     "if (shaped(value) or layout in layouts) and not is_placeholder(value):",
     "if shaped(value) and not is_placeholder(value):",
     "a code with no digit in a list of codes is not masked"),
    ("table", "skillgit/redact/labelled.py", "layouts.update((layout,) if layout else ())",
     "layouts.update((layout,))", "a layout that says too little joins a list's layouts"),
    ("table", "skillgit/redact/structures.py", "if len(values) < 16:  #", "if len(values) < 8:  #",
     "a short list of bytes is judged as a key's random bytes"),
    ("table", "skillgit/redact/structures.py", "if named and any(c.isdigit() for c in spelled)",
     "if named and spelled", "bytes under a credential's name that spell a word are masked"),
    ("table", "skillgit/redact/structures.py",
     '_CREDENTIAL_ROOT.search(lowered, text.rfind("\\n", 0, match.start()) + 1,',
     "_CREDENTIAL_ROOT.search(lowered, 0,", "a credential's name on an earlier line names bytes"),
    ("table", "skillgit/redact/structures.py", "if all(32 < v < 127 for v in values) else",
     "if all(0 <= v < 256 for v in values) else",
     "bytes that spell no printable text are read as spelled"),
    ("table", "skillgit/redact/public.py",
     "if any(_keylike(value) for value in _JSON_STRING.findall(decoded)):", "if False:",
     "a base64 document that holds a key passes as harmless data"),
    # issue 29: publish/
    ("publish", "skillgit/publish/plan.py", "key=lambda s: (-s.local.sessions, s.local.branch))",
     "key=lambda s: (s.local.sessions, s.local.branch))",
     "the --max-open slots go to the proposals with the least evidence"),
    ("publish", "skillgit/publish/panel.py", "newest = max(ours,", "newest = min(ours,",
     "the dashboard reads the oldest mine run"),
    ("publish", "skillgit/publish/body.py", "return found[-1] if found else None",
     "return found[0] if found else None", "the first fingerprint marker of a body wins"),
    ("publish", "skillgit/publish/body.py",
     "count = max(sessions or 0, len(proposal.verdict.candidate.sessions))",
     "count = len(proposal.verdict.candidate.sessions)",
     "the PR body counts only the sessions its quotes show"),
    ("publish", "skillgit/publish/closed.py",
     "kept = [r for r in ledger.rejected if (r.kind, r.skill) != (closed.kind, closed.skill)]",
     "kept = list(ledger.rejected)", "a skill rejected again keeps its older ledger entry"),
    ("publish", "skillgit/publish/plan.py",
     "for step in [s for s in opening if s.local.branch not in force_open][slots:]:",
     "for step in opening[slots:]:", "the dashboard's 'open now' waits for a --max-open slot"),
    # issue 29: share/
    ("share", "skillgit/share/gate.py",
     "opening = digest.opening if digest.opening and _HEX.fullmatch(digest.opening) else None",
     "opening = digest.opening", "a session's opening text is shared as it is"),
    ("share", "skillgit/share/gate.py",
     'own = {"opening", "started_at"} |', 'own = {"opening", "started_at", "tasks"} |',
     "the privacy gate does not scan the tasks"),
    ("share", "skillgit/share/gate.py", "if _HOME_LEFT.search(text):",
     "if _HOME_LEFT.match(text):", "the home-path check sees a home path only at the start"),
    ("share", "skillgit/share/gate.py", "if _SAFE_SESSION.fullmatch(session_id):",
     "if _SAFE_SESSION.match(session_id):", "a session id that is a path is kept unhashed"),
    ("share", "skillgit/share/gate.py",
     'for key in ("topics", "tasks", "env_feedback", "user_feedback")}',
     'for key in ("topics", "env_feedback", "user_feedback")}',
     "the tasks' paths are not made project-relative"),
    ("share", "skillgit/share/gate.py",
     "return candidate if relative_inside(candidate) and PATH_MARKER not in candidate else None",
     "return candidate if relative_inside(candidate) else None",
     "a main_dir outside the project is shared as [path]"),
    # issue 29: attribution/
    ("attribution", "skillgit/attribution/history.py",
     "at = bisect.bisect_right([v.since for v in chain], when)",
     "at = bisect.bisect_left([v.since for v in chain], when)",
     "a session at the very second a version landed gets the version before"),
    ("attribution", "skillgit/attribution/history.py", "best = named or matches",
     "best = matches", "a copy under two names counts for the first name"),
    ("attribution", "skillgit/attribution/outcome.py",
     "if other.skill == use.skill and other.turn > use.turn:", "if other.turn > use.turn:",
     "a window ends at another skill's invocation"),
    ("attribution", "skillgit/attribution/attribute.py",
     'return name, history.at(name, use.at or when), "time", True',
     'return name, history.at(name, when), "time", True',
     "the version is looked up at the session's start, not at the invocation"),
    ("attribution", "skillgit/attribution/history.py", "if at == 0:", "if at < 0:",
     "a session before the skill existed gets its newest version"),
    ("attribution", "skillgit/attribution/history.py",
     "return found if found.blob is not None else None", "return found",
     "a session after the skill was removed gets the removal as its version"),
    # issue 29: the wire format
    ("wire", "skillgit/wire/commit.py", 'if sep and key.startswith("Skillgit-"):', "if sep:",
     "any `Key: value` line of the last paragraph is read as a trailer"),
    ("wire", "skillgit/wire/commit.py", "and len(info.parents) == 1)",
     "and len(info.parents) >= 1)", "a merge commit passes for skillgit's own"),
    ("wire", "skillgit/wire/commit.py",
     'return [f"{key}: {values[key]}" for key in TRAILER_KEYS if key in values]',
     'return [f"{key}: {value}" for key, value in sorted(values.items())]',
     "trailers are written in another order than the table's"),
    ("wire", "skillgit/wire/ledger.py",
     "if entry.kind == kind and (entry.skill == skill",
     "if (entry.skill == skill", "a rejected new skill also blocks its update"),
    ("wire", "skillgit/wire/branches.py",
     'candidates = [base] if base else [repo.current_branch(), "main", "master"]',
     'candidates = [base] if base else ["main", "master", repo.current_branch()]',
     "the base is main even when another branch is checked out"),
    ("wire", "skillgit/wire/commit.py", "and info.committer.startswith(identity)", "",
     "a commit someone else committed passes for skillgit's own"),
)
_OPERATORS: tuple[tuple[str, str, str], ...] = (
    (r" == ", " != ", "== -> !="), (r" != ", " == ", "!= -> =="),
    (r" >= ", " > ", ">= -> >"), (r" <= ", " < ", "<= -> <"),
    (r" > ", " >= ", "> -> >="), (r" < ", " <= ", "< -> <="),
    (r" and ", " or ", "and -> or"), (r" or ", " and ", "or -> and"),
    (r"\bnot ", "", "drop not"), (r"\bTrue\b", "False", "True -> False"),
    (r"\bFalse\b", "True", "False -> True"), (r"\bmin\(", "max(", "min -> max"),
    (r"\bmax\(", "min(", "max -> min"), (r"\+ 2\b", "+ 1", "+2 -> +1"),
    (r"\* 1\.5\b", "* 1.25", "*1.5 -> *1.25"), (r"(?<![\w.])1\b(?!\.)", "2", "1 -> 2"),
    (r"(?<![\w.])0\b(?!\.)", "1", "0 -> 1"),
)
_QUANTIFIER = re.compile(r"\{(\d+),(\d*)\}")


def _function_lines(source: str, names: tuple[str, ...]) -> list[int]:
    tree = ast.parse(source)
    lines: list[int] = []
    for node in ast.walk(tree):
        name = getattr(node, "name", None)
        if isinstance(node, ast.Assign):
            name = next((t.id for t in node.targets if isinstance(t, ast.Name)), None)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        if name in names and isinstance(node, ast.stmt):
            body = getattr(node, "body", None)
            first = body[0].lineno if isinstance(body, list) and body else node.lineno
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                    body[0].value, ast.Constant):
                first = (body[0].end_lineno or first) + 1  # after the docstring
            lines += range(first, (node.end_lineno or first) + 1)
    return sorted(set(lines))


def derive(area: str, limit: int, only: list[str] | None = None) -> list[Mutant]:
    targets, _tests = AREAS[area]
    found: list[Mutant] = []
    for path, all_names in targets:
        names = tuple(n for n in all_names if only is None or n in only)
        text = (ROOT / path).read_text(encoding="utf-8").splitlines()
        lines_of = {name: _function_lines("\n".join(text), (name,)) for name in names}
        numbers = [(name, n) for name in names for n in lines_of[name]]
        per_function = dict.fromkeys(names, 0)
        for name, number in numbers:
            if per_function[name] >= limit:
                continue  # the cap is per function: a long one does not crowd out the next
            line = text[number - 1]
            code = line.split("#", 1)[0]
            if not code.strip() or code.strip().startswith(('"', "'", "r\"", "f\"")):
                continue
            if area == "redactor":
                match = _QUANTIFIER.search(code)
                if match:
                    low = int(match.group(1))
                    new = line.replace(match.group(0), f"{{{low * 2 + 4},{match.group(2)}}}", 1)
                    found.append(Mutant(area, path, number, line, new,
                                        f"quantifier {match.group(0)} raised"))
                continue
            for pattern, replacement, why in _OPERATORS:
                match = re.search(pattern, code)
                if match is None:
                    continue
                new = line[:match.start()] + replacement + line[match.end():]
                found.append(Mutant(area, path, number, line, new, why))
                per_function[name] += 1
                break  # one mutant per line keeps the run short
    return found


def slips(areas: list[str]) -> list[Mutant]:
    found = []
    for area, path, old, new, why in SLIPS:
        if area not in areas and "slips" not in areas:
            continue
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        hits = [i for i, line in enumerate(lines, 1) if old in line]
        if len(hits) != 1:
            raise SystemExit(f"slip '{why}': {old!r} found {len(hits)} times in {path}")
        line = lines[hits[0] - 1]
        found.append(Mutant("slip:" + area, path, hits[0], line, line.replace(old, new), why))
    return found


def run_one(mutant: Mutant, tests: tuple[str, ...], basetemp: str) -> tuple[bool, float]:
    """(killed, seconds): apply, run the tests, restore.

    A `.pyc` is checked against its source's mtime in whole seconds and its size, so a mutant
    of the same size written and restored within one second would leave its bytecode standing
    for the restored file (seen in a hand check: `first = 0` read as `first = 1` afterwards).
    The tests run without writing bytecode, and the restored file gets its mtime back.

    Each run has its own `--basetemp`: pytest's default one is shared by every run of the same
    user, and each run starts by cleaning up the others' old folders there (seen on a shared
    machine: 175 s for eleven tests that take one second with their own folder)."""
    path = ROOT / mutant.path
    original = path.read_bytes()
    stat = path.stat()
    lines = original.decode("utf-8").split("\n")
    assert lines[mutant.line - 1] == mutant.old, mutant
    lines[mutant.line - 1] = mutant.new
    started = time.monotonic()
    try:
        path.write_bytes("\n".join(lines).encode("utf-8"))
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p", "no:cacheprovider",
             f"--basetemp={basetemp}", *tests], cwd=ROOT, capture_output=True, text=True,
            timeout=600, check=False, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    finally:
        path.write_bytes(original)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return result.returncode != 0, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--area", action="append", choices=[*AREAS, "slips"])
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--max-per-function", type=int, default=12)
    parser.add_argument("--function", action="append", metavar="NAME",
                        help="derive mutants only from these target functions (the slips of "
                             "the areas still run)")
    args = parser.parse_args(argv)
    areas = args.area or [*AREAS, "slips"]
    mutants = slips(areas) + [m for a in areas if a in AREAS
                              for m in derive(a, args.max_per_function, args.function)]
    if args.list:
        for mutant in mutants:
            print(f"{mutant.area:<16} {mutant.path}:{mutant.line}  {mutant.why}")
        return 0
    survivors: list[Mutant] = []
    with tempfile.TemporaryDirectory(prefix="skillgit-mutation-") as basetemp:
        for mutant in mutants:
            tests = AREAS[mutant.area.removeprefix("slip:")][1]
            killed, seconds = run_one(mutant, tests, os.path.join(basetemp, "run"))
            print(f"{'killed ' if killed else 'SURVIVED'} {mutant.area:<16} {mutant.path}:"
                  f"{mutant.line} {mutant.why} ({seconds:.0f}s)\n    - {mutant.old.strip()}\n"
                  f"    + {mutant.new.strip()}", flush=True)
            if not killed:
                survivors.append(mutant)
    if mutants:
        print(f"\n{len(mutants) - len(survivors)} of {len(mutants)} mutants killed; "
              f"{len(survivors)} survived")
        for area in dict.fromkeys(m.area for m in mutants):
            total = sum(1 for m in mutants if m.area == area)
            lived = sum(1 for m in survivors if m.area == area)
            print(f"  {area:<18} {total - lived} of {total} killed")
        for mutant in survivors:
            print(f"  {mutant.area} {mutant.path}:{mutant.line} {mutant.why}: "
                  f"{mutant.new.strip()}")
    return 1 if any(m.area.startswith("slip:") for m in survivors) else 0


if __name__ == "__main__":
    sys.exit(main())
