"""Content terms of short texts, how specific each term is, and how alike two term sets are
(for lexical clustering); also the words, as users wrote them, that a skill name is built from.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from skillgit.skills.names import to_ascii


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Longer tokens are hashes, keys or paths, never a good name or grouping term.
MAX_TERM_CHARS = 30

_TOKEN = re.compile(r"[a-z0-9][a-z0-9_./+#-]*[a-z0-9+#]|[a-z0-9]")

STOPWORDS = _words("""
a about above after again against all also always am an and any are as at be because been
before being below between both but by can cannot could did do does doing don dont done down
during each else even every few for from further get gets got had has have having he her
here hers him his how i if in into is isn it its itself just know let like ll make makes
making me might more most much must my need needs never no nor not now of off ok okay on
once one only or other our out over own please pls re really right same see she should
shouldn so some still such sure than thank thanks that the their them then there these they
thing things this those though through to too try under until up us use used uses using ve
very want wants was way we well were what when where which while who why will with without
won would yes yet you your yours instead actually again also again ll isn wasn aren hey hi
let lets go going gonna wanna remember time times next first last new now already still just
via per etc
""")

# Words that name work in general, not a specific tool, rule or place.
GENERIC_TERMS = _words("""
fix bug test error code file change update add function work issue help look check run write
implement improve refactor clean build make thing stuff problem broken fail wrong good
better project repo app feature task step output result done start stop again review read
explain
""")


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light, deterministic suffix stripper (enough to match 'tests'/'test', 'failing'/'fail').
    Pure, so memoised: a run stems the same few thousand words hundreds of thousands of times."""
    if any(c in word for c in "./_-#+") or word.isdigit():
        return word
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


# A redaction marker (`[REDACTED:<kind>]`, see skillgit.redact), also one cut short by a
# quote limit: neither the marker nor its kind is something the user said.
_MARKER = re.compile(r"\[REDACTED(?::[^\]\s]*)?\]?", re.I)
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,})s\b")           # PRs, APIs, URLs
_CAMEL = re.compile(r"\b[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b")  # getUser, FastAPI
_CAPS = re.compile(r"\b[A-Z][A-Z0-9]+\b")                    # CI, PR, NPM
_TICKED = re.compile(r"`([^`\n]+)`")


def _clean(text: str) -> str:
    """Redaction markers dropped, letters spelled in ASCII ("führer" → "fuhrer"), so a term
    (and a skill name built from it) keeps every letter the user wrote."""
    return _ACRONYM_PLURAL.sub(r"\1", to_ascii(_MARKER.sub(" ", text)))


def _content(raw: str) -> str:
    """A raw token as a content token ("" for a stopword, a lone number, a one-letter word
    or a redaction marker's piece)."""
    token = raw.strip("./-_")
    if (len(token) < 2 or len(token) > MAX_TERM_CHARS or token in STOPWORDS
            or token.isdigit() or "redacted" in token):
        return ""
    return token


def _tokens(text: str) -> Iterable[str]:
    """Content tokens as written (lower-cased, unstemmed)."""
    for raw in _TOKEN.findall(_clean(text).lower()):
        token = _content(raw)
        if token:
            yield token


@functools.lru_cache(maxsize=1 << 16)
def _term(raw: str) -> str:
    """The stemmed content term of one raw token, or "" (pure, so memoised: a run reads the
    same few thousand tokens hundreds of thousands of times)."""
    token = _content(raw)
    return stem(token) if token else ""


@functools.lru_cache(maxsize=1 << 15)
def terms(text: str) -> frozenset[str]:
    """Lower-cased, stemmed content terms: stopwords, lone numbers, one-letter words and
    redaction markers dropped."""
    found = set(map(_term, _TOKEN.findall(_clean(text).lower())))
    found.discard("")
    return frozenset(found)


@functools.lru_cache(maxsize=1 << 15)
def cues(text: str) -> frozenset[str]:
    """Terms the text marks as names of things: `quoted` code, camelCase, ACRONYMS (pure, so
    memoised: a lesson repeated in many sessions is one text)."""
    text = _clean(text)
    marked = [*_CAMEL.findall(text), *_CAPS.findall(text), *_TICKED.findall(text)]
    return terms(" ".join(marked)) if marked else frozenset()


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Overlap coefficient, but only when at least two terms (or all of a tiny set) are shared."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    if shared < min(2, len(a), len(b)):
        return 0.0
    return shared / min(len(a), len(b))


# -- specificity: how much one shared term says that two signals are about the same work --

# Everyday words: shared, they say little about which work a signal is about.
COMMON_WORDS = _words("""
able accept across act action actual ago ahead allow almost alone along although amount
another anymore anyone anything anyway anywhere appear apply area around ask attention
available avoid away back bad basic become begin behind believe best big bigger bit body
bold both bottom box break bring call care carry case cause certain chance clear close come
common complete consider continue copy correct cost count course cover current cut day deal
decide default detail different doesn each early easy edge empty end enough entire ever
everything everywhere exact example except exist expect extra fact far fast feel field fill
final fine finish fit follow force form format forget full general given goes gone great
group guess half hand handle happen hard head hear high hold home hope idea important include
inside item keep kind large later least leave left less level light line link little live
long longer lose lot low main mark matter max maybe mean meant mention mess message middle
min mind minute miss mode moment name near nearly necessary nice none normal note nothing
notice number often old option order original part pass past people perfect pick piece place
plain plan point possible prefer probably proper pull push put rather reason recent red
reference regular related remain reply report request rest return root rule safe saying
second section seem send sense separate set short side sign similar since single size slow
sort space special specific stand standard state stay straight strict style table take talk
term text top total track true turn type usual usually view wait whole word wrote
debug info warn warning fatal trace
answer content create data delete describe directory display find folder get give hello input
list move open please print question quick remove rename response save say show simple small
store summarize summary tell value world
""")

# Programs a developer runs: as specific as a path or an identifier, wherever they occur.
KNOWN_TOOLS = _words("""
npm pnpm yarn bun deno node npx pnpx bunx nvm volta corepack vite webpack rollup esbuild
parcel turbo nx lerna tsc tsx eslint prettier biome jest vitest mocha cypress playwright
storybook pip pipx uv uvx poetry pipenv conda mamba pyenv virtualenv venv tox nox pytest
ruff isort flake8 pylint mypy pyright alembic django flask fastapi celery gunicorn uvicorn
cargo rustc rustup clippy gofmt maven mvn gradle javac kotlin sbt dotnet nuget msbuild gem
bundler rake rails rspec rubocop composer phpunit artisan cmake ninja bazel meson gcc clang
git gh glab svn docker podman kubectl helm minikube terraform tofu pulumi ansible vagrant aws
gcloud az heroku vercel netlify flyctl wrangler firebase supabase psql postgres postgresql
mysql sqlite sqlite3 redis mongo mongosh prisma sqlalchemy curl wget ssh scp rsync jq sed awk
rg tmux nginx systemctl brew apt direnv pre-commit husky tailwind graphql openapi protobuf
""")

HIGH, PLAIN, LOW = 2.5, 1.0, 0.4
"""Prior weights: a tool, path or identifier; a word; an everyday word, generic work or a
version number (an identifier weighs as much as two and a half words)."""
DF_FLOOR, DF_SHARE, MIN_DAMPING = 20, 0.02, 0.1
"""Inverse document frequency over the run lowers only terms carried by more than
max(DF_FLOOR, DF_SHARE * signals) signals: in a small run every shared term is rare, and
plain IDF would rank the anchor two signals share below the words only one of them has."""


def _inflected(words: Iterable[str]) -> frozenset[str]:
    """The stems of the words and of their -s, -es, -ed and -ing forms ("changes" → chang)."""
    forms = set(words)
    for w in words:
        root = w[:-1] if w.endswith("e") else w
        forms.update((f"{w}s", f"{w}es", f"{root}ed", f"{root}ing"))
    return frozenset(map(stem, forms))


_LOW_WORDS = _inflected(COMMON_WORDS | GENERIC_TERMS)
_TOOLS = _inflected(KNOWN_TOOLS)
_VERSION = re.compile(r"v?\d+(?:[.x]\d*)*[a-z]{0,2}")
_SHAPED = re.compile(r".*(?:[./_#+@:-]|\d).*")


def prior(term: str, cued: frozenset[str] = frozenset()) -> float:
    """A term's weight before the run is looked at (`cued`: terms the run marks as names)."""
    if term in _LOW_WORDS or _VERSION.fullmatch(term):
        return LOW
    if term in cued or term in _TOOLS or _SHAPED.fullmatch(term):
        return HIGH
    return PLAIN


class Specificity:
    """Term weights for one run: the prior, lowered for terms that many signals carry.

    Weights are whole thousandths (`units`), so a sum does not depend on the order a set
    iterates in (it varies with the process's string hashing) and grouping is reproducible.
    """

    def __init__(self, term_sets: Iterable[frozenset[str]], cued: frozenset[str]) -> None:
        self.df: Counter[str] = Counter()
        self.n = 0
        for words in term_sets:
            self.df.update(words)
            self.n += 1
        self.cued = cued
        self.floor = max(DF_FLOOR, DF_SHARE * self.n)
        self._cache: dict[str, int] = {}

    def units(self, term: str) -> int:
        try:
            return self._cache[term]
        except KeyError:
            found = prior(term, self.cued)
            df = self.df[term]
            if df > self.floor:
                found *= max(MIN_DAMPING, math.log(self.n / df) / math.log(self.n / self.floor))
            self._cache[term] = units = round(found * 1000)
            return units

    def weight(self, term: str) -> float:
        return self.units(term) / 1000


# -- skill names ------------------------------------------------------------------------------

def surface_forms(texts: Iterable[str]) -> dict[str, str]:
    """Stemmed term → its most frequent form in the texts (ties: the shorter, then alphabetical)."""
    seen: dict[str, Counter[str]] = {}
    for text in texts:
        for token in _tokens(text):
            seen.setdefault(stem(token), Counter())[token] += 1
    return {term: min(forms.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0]
            for term, forms in seen.items()}


def _name_rank(term: str) -> int:
    """0 for a word or dotted name (cart.py), 1 for a path, host or port, 2 for a version."""
    if _VERSION.fullmatch(term):
        return 2
    return 1 if re.search(r"[/:@]|\d|\..*\.", term) else 0


def name_words(words: Sequence[str], texts: Iterable[str], limit: int = 3) -> list[str]:
    """The name parts for up to `limit` of `words` (stemmed terms, best first): each as the
    user wrote it, split at punctuation, never a part twice (docker, docker-compose →
    docker-compose); words and dotted names before paths and hosts, versions last."""
    forms = surface_forms(texts)
    parts: list[str] = []
    stems: set[str] = set()
    used = 0
    for word in sorted(words, key=_name_rank):
        if used == limit:
            break
        new = []
        for part in re.split(r"[^a-z0-9]+", forms.get(word, word).lower()):
            if part and stem(part) not in stems:
                stems.add(stem(part))
                new.append(part)
        if new:
            parts += new
            used += 1
    return parts
