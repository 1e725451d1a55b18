"""Memoised grouping helpers (issue 27): each memo is a pure function of its arguments, so the
memoised result equals a fresh computation on any input, seen before or not."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from skillgit.mine import identity, named_actions, runners, shell_command, terms, told

# Words, flags, paths, tools and the punctuation the tokenizer and the command parser split on.
_PIECES = st.sampled_from(["npm", "pnpm", "uv", "pip", "add", "install", "tests", "failing",
                           "--save-exact", "-y", "src/app.py", "use", "not", "instead", "of",
                           "never", "always", "`", ",", ".", "\n", "&&", "FOO=1", "sudo",
                           "[REDACTED:token]", "PRs", "getUser", "ünïcode", "12", "a"])
_TEXTS = st.one_of(st.text(max_size=60),
                   st.lists(_PIECES, max_size=12).map(" ".join))
_COMMANDS = st.one_of(st.none(), _TEXTS)


@settings(max_examples=150)
@given(st.text(max_size=20))
def test_stem_memo_equals_a_fresh_stem(word: str) -> None:
    assert terms.stem(word) == terms.stem.__wrapped__(word)
    assert terms.stem(word) == terms.stem.__wrapped__(word)   # and again, from the memo


@settings(max_examples=150)
@given(_TEXTS)
def test_term_memo_equals_a_fresh_term(raw: str) -> None:
    fresh = terms._content(raw)
    expected = terms.stem.__wrapped__(fresh) if fresh else ""
    assert terms._term(raw) == expected
    assert terms._term(raw) == expected


@settings(max_examples=150)
@given(_TEXTS)
def test_terms_are_the_stemmed_content_tokens(text: str) -> None:
    """`terms` (memoised per text, built from memoised tokens) equals stemming each content
    token afresh."""
    fresh = frozenset(terms.stem.__wrapped__(token) for token in terms._tokens(text))
    assert terms.terms.__wrapped__(text) == fresh
    assert terms.terms(text) == fresh


@settings(max_examples=150)
@given(_TEXTS)
def test_cues_memo_equals_a_fresh_computation(text: str) -> None:
    """`cues` (memoised per text): the terms of what the text marks as names, afresh."""
    clean = terms._clean(text)
    marked = [*terms._CAMEL.findall(clean), *terms._CAPS.findall(clean),
              *terms._TICKED.findall(clean)]
    fresh = terms.terms.__wrapped__(" ".join(marked)) if marked else frozenset()
    assert terms.cues.__wrapped__(text) == fresh
    assert terms.cues(text) == fresh
    assert terms.cues(text) == fresh   # and again, from the memo


def _fresh_identities(summary: str, quote: str, dont: str | None,
                      do: str | None) -> identity.Identities:
    """The keys computed with no memo anywhere (`said`, `move`, `parse`, `told` and the named
    actions unwrapped)."""
    parse = shell_command.parse.__wrapped__
    text = f"{summary}\n{quote}"
    words = identity.said.__wrapped__(text)
    commands = identity.move.__wrapped__(dont, do)
    programs = frozenset(c.program for c in (parse(dont), parse(do)) if c)
    switches = frozenset(k for k in words if k[0] == "switch")
    action = (told.told.__wrapped__(text, dont, do) | named_actions.runs_told(text, dont, do)
              | named_actions.options_run(text, dont, do)
              | runners.runner_named(text, dont, do))
    mentioned = (named_actions.names_in.__wrapped__(text)
                 | named_actions.runs_named.__wrapped__(text))
    subject = frozenset(k for k in words if k[0] in _SUBJECT)
    beside = bool(commands and dont is None and not action and subject
                  and not any(k[2].lower() in (do or "").lower() for k in subject))
    if commands and not beside:
        named = frozenset(k for k in switches if set(k[1:]) <= programs)
        short, long = runners.initials(dont, do)
        short = frozenset(k for k in short
                          if re.search(rf"(?<![\w-])-{re.escape(k[3])}(?![\w-])", text, re.I))
        strong = commands | named | action | named_actions.names_added(dont, do) | short
        return identity.Identities(strong, identity.loose(strong) | long | (mentioned - strong),
                                   programs, True)
    bare = identity.bare_names.__wrapped__(text) - subject
    return identity.Identities(switches | subject | action,
                               words - switches - subject | bare | (mentioned - action),
                               frozenset() if beside else programs, False, beside)


_SUBJECT = ("file", "task", "call", "type", "opt", "env", "option", "symbol", "folder")


@settings(max_examples=150)
@given(_TEXTS, _TEXTS, _COMMANDS, _COMMANDS)
def test_identities_memo_equals_a_fresh_computation(summary: str, quote: str,
                                                    dont: str | None, do: str | None) -> None:
    fresh = _fresh_identities(summary, quote, dont, do)
    assert identity.identities_of.__wrapped__(summary, quote, dont, do) == fresh
    assert identity.identities_of(summary, quote, dont, do) == fresh
    assert identity.identities_of(summary, quote, dont, do) == fresh
