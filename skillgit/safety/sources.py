"""A place code comes from, added by any program: a verb of adding, a noun of a code source and
a URL, in one command.

The screen's tables name the programs they know (`npm config set registry`, `helm repo add`);
a package manager nobody listed still says what it does in its words: `mix hex.repo add NAME
URL`, `choco source add -s URL`, `dnf config-manager --add-repo URL`, `luarocks config
rocks_servers URL`. So each command of a line is read as words, split into parts at `.`, `-`,
`_`, `:` and `=` (`hex.repo`, `--add-repo`, `rocks_servers`):
- a *noun* is a part naming where packages come from (`repo`, `registry`, `source`, `channel`,
  `index`, `feed`, `mirror`, `tap`, `servers`) among the first few words after the program;
- a *verb* is a part that adds or sets one (`add`, `set`, `register`, `config`, `addrepo`);
- the *place* is a URL argument that is none of the ecosystems' own registries.
A hit is `index`, judged by its polarity like every other ("never add another `hex.repo`").
`git remote add` is git's own (a remote is where the repository is pushed, not a source of
packages), as is a URL that is the ecosystem's default registry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety.verbs import COMMAND_SEPARATORS, QUOTES, segments

SOURCE_NOUNS = frozenset({"repo", "repos", "repository", "repositories", "registry",
                          "registries", "source", "sources", "channel", "channels", "index",
                          "feed", "feeds", "mirror", "mirrors", "tap", "servers", "addrepo"})
"""Parts of a word that name a place packages come from."""
ADD_VERBS = frozenset({"add", "set", "register", "config", "configure", "addrepo", "append",
                       "prepend", "insert", "use", "enable", "new", "create"})
"""Parts of a word that add such a place or point a tool at one."""
NOUN_REACH = 4
"""Words after the program the noun may stand at (`dotnet nuget add source`)."""
OFFICIAL = re.compile(
    r"(?i)^https?://(?:[\w-]+\.)*(?:pypi\.org|pythonhosted\.org|npmjs\.org|yarnpkg\.com|"
    r"crates\.io|rubygems\.org|golang\.org|hex\.pm|cocoapods\.org|nuget\.org|packagist\.org|"
    r"maven\.org|apache\.org|gradle\.org|anaconda\.org|conda-forge\.org|luarocks\.org|"
    r"ocaml\.org|haskell\.org|r-project\.org|chocolatey\.org|dart\.dev|pub\.dev|jsr\.io|"
    r"deno\.land|julialang\.org|cpan\.org|metacpan\.org|swift\.org|microsoft\.com|"
    r"docker\.io|k8s\.io|helm\.sh|github\.com|githubusercontent\.com|bitnami\.com|"
    r"hashicorp\.com|kubernetes\.github\.io|prometheus-community\.github\.io)(?:[:/]|$)")
"""The ecosystems' own registries, the hosts their tools ship with, and the chart
repositories the projects themselves publish (Bitnami's, Kubernetes', HashiCorp's)."""
_URL = re.compile(r"[a-z][\w+.-]*://[^\s`'\"]+", re.I)


def _parts(word: str) -> set[str]:
    return {p.lower() for p in re.split(r"[-_:.=/]+", word.strip(QUOTES).lstrip("-")) if p}


_DEPENDENCY = re.compile(
    r"(?i)(?<![\w-])(?:requires?|depends?|dependenc(?:y|ies)|deps|gem|pod|package|"
    r"implementation|api|add)\s*[(\[{=:]?\s*(['\"])(?P<url>(?:git\+)?(?:https?|git|ssh)://[^'\"\s]+)\1")
"""A dependency declared by its URL in a manifest's own words (`requires "https://host/x#head"`
in a `.nimble` file, `gem 'x', git: …` is read elsewhere): code from that host."""


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, "index" or "git-dep") of each command in `text` that adds a code source
    by URL, and each dependency a manifest line declares by a URL that is no registry's."""
    if "://" not in text:
        return
    for declared in _DEPENDENCY.finditer(text):
        url = declared.group("url").removeprefix("git+")
        if not OFFICIAL.match(url) and not _LOCAL.match(url):
            yield declared.start(), declared.end(), "git-dep"
    offset = 0
    for line in text.split("\n"):
        if "://" in line:
            for start, body in segments(line):
                base = offset + start
                for part in (p for p in COMMAND_SEPARATORS.split(body) if p.strip()):
                    if _adds_source(part.split()):
                        at = body.find(part)
                        yield base + at, base + at + len(part), "index"
        offset += len(line) + 1


def _adds_source(words: list[str]) -> bool:
    if len(words) < 3:
        return False
    program = words[0].strip(QUOTES).rsplit("/", 1)[-1].lower()
    if program == "sudo" and len(words) > 3:
        words, program = words[1:], words[1].strip(QUOTES).lower()
    head = [_parts(w) for w in words[1:NOUN_REACH + 1] if "://" not in w]
    if program == "git" or not any(p & SOURCE_NOUNS for p in head):
        return False
    if not any(p & ADD_VERBS for p in head):
        return False
    urls = [m.group().rstrip(QUOTES) for w in words[1:] for m in _URL.finditer(w)]
    return any(not OFFICIAL.match(url) and not _LOCAL.match(url) for url in urls)


_LOCAL = re.compile(r"(?i)^(?:https?|file)://(?:localhost|127\.|\[?::1|0\.0\.0\.0)|^file://")
"""A registry on this machine (a test's local server, a folder): no place elsewhere."""
