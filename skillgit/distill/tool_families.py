"""Small tables about developer tools: which ones replace each other, and what kind of work
a command is.

- A *family* holds tools (or build modes, or flags) sharing one job, so naming another
  member than the one the agent ran is naming an alternative to it (pnpm after `npm
  install`, a debug build after `cargo build --release`, `--force-with-lease` after
  `--force`, a rebase after `git merge`).
  Some members follow one another (`NEXT_STEPS`: apply after plan): naming the next step
  is no alternative.
- A *kind of work* (test, build, install, format, lint, version control, deploy) lets a
  prompt point at a command by what it does ("the whole suite" after `pytest`).
- A command *runs broadly* when it targets the whole tree (`eslint .`, `cargo fmt --all`,
  `go test ./...`, `git add -A`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skillgit.distill.user_phrases import mentions, used_words

# Members are program names, "program subcommand", build modes or flags.
FAMILIES: tuple[frozenset[str], ...] = tuple(frozenset(f.split(",")) for f in (
    "npm,pnpm,yarn,bun",
    "pip,pip3,uv,poetry,pipenv,conda,pdm,setup.py",
    "black,ruff,autopep8,yapf",
    "flake8,pylint,pyflakes,ruff check,ruff",
    "eslint,biome,oxlint",
    "protoc,buf",
    "npm install,npm i,npm ci",
    "docker,podman",
    "gofmt,goimports,gofumpt",
    "prettier,biome,dprint",
    "jest,vitest,mocha",
    "gradle,gradlew,mvn,mvnw",
    "docker-compose,docker compose,podman-compose",
    "gem,bundle,bundler",
    "release,debug",
    "--force,--force-with-lease",
    "git merge,git rebase,merge,rebase",
    "terraform apply,terraform plan,apply,plan",
    "migrate:fresh,migrate",
))
# (ran, named): the step that follows the one the agent ran, so naming it is the next step,
# not an alternative ("apply it" after a plan).
NEXT_STEPS = frozenset({("terraform plan", "terraform apply"), ("plan", "apply"),
                        ("terraform plan", "apply"), ("plan", "terraform apply")})
# Words that name a build mode in a command ("--release", "-c Release").
_MODES = {"release": re.compile(r"--release\b|(?:-c|--configuration)\s+release\b|"
                                r"--mode[= ]production\b", re.I),
          "debug": re.compile(r"--debug\b|(?:-c|--configuration)\s+debug\b", re.I)}

# kind of work -> (programs or subcommands that do it, words a prompt names it by)
_KIND_TABLE = (
    ("test", "pytest,jest,vitest,mocha,rspec,phpunit,playwright,cypress,tox,nox,go test,"
     "cargo test,dotnet test,mvn test,gradle test,gradlew test,npm test,yarn test,pnpm test",
     r"tests?|specs?|suites?|e2e|test\ runs?"),
    ("build", "make,webpack,tsc,cargo build,go build,dotnet build,docker build,docker buildx,"
     "mvn install,mvn package,gradle build,gradlew build,npm run build",
     r"builds?|compil\w*|rebuild\w*"),
    ("install", "npm install,npm i,pnpm add,yarn add,pip install,uv add,cargo add,go get,"
     "gem install,bundle add,composer require,composer update,dotnet add,poetry add,pdm add,"
     "install.packages,conda install,mamba install,pip3 install,uv pip install,mix deps.get",
     r"dependenc\w+|deps|packages?|installs?|lock\ ?files?|globally"),
    ("format", "prettier,black,gofmt,goimports,cargo fmt,ruff format,pint",
     r"format\w*|reformat\w*|formatter"),
    ("lint", "eslint,clippy,rubocop,flake8,pylint,golangci-lint,tflint,mypy,ruff check",
     r"lint\w*|autocorrect\w*|warnings"),
    ("vcs", "git", r"commits?|branch\w*|push\w*|stag(?:e|ed|ing)|merge|rebase"),
    ("deploy", "terraform,kubectl,helm", r"apply|deploy\w*|prod|production|state"),
)
KINDS: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    kind: (tuple(programs.split(",")), re.compile(rf"\b(?:{nouns})\b", re.I))
    for kind, programs, nouns in _KIND_TABLE}
# Tools named by one word in the tables above: a subcommand that is one of them (`cargo
# clippy`, `go vet` is not) is named by its own name.
TOOL_WORDS: frozenset[str] = (frozenset(
    m for family in FAMILIES for m in family if " " not in m and m.isalpha() and len(m) > 3) | (
    frozenset(p for _kind, programs, _nouns in _KIND_TABLE for p in programs.split(",")
              if " " not in p and len(p) > 3))) - {"release", "debug", "merge", "rebase", "apply",
                                                     "plan", "make", "migrate"}
_WHOLE_TREE = re.compile(r"\b(?:whole|entire|every|all\ (?:the|of\ the)|everything|full)\b", re.I)
_BROAD_ARGS = re.compile(r"(?:^|\s)(?:\.|\./\.\.\.|--all|--workspace|-A|\*\*\S*|\"\*\*\S*)"
                         r"(?=\s|$|\")")


def _programs(commands: Iterable[str]) -> set[str]:
    found: set[str] = set()
    for command in commands:
        found |= used_words(command)
    return found


def members_used(commands: Iterable[str]) -> frozenset[str]:
    """Family members the commands used: programs, subcommands, flags and build modes."""
    commands = list(commands)
    found = _programs(commands)
    for mode, pattern in _MODES.items():
        if any(pattern.search(c) for c in commands):
            found.add(mode)
    return frozenset(m for family in FAMILIES for m in family if m in found)


def alternative(text: str, used: frozenset[str]) -> str | None:
    """Another member of a family the agent used, named in `text` (lower-cased), or None."""
    for family in FAMILIES:
        ran = family & used
        if not ran:
            continue
        for member in sorted(family - ran, key=len, reverse=True):
            named = mentions(text, member) or mentions(text, member + "s")
            if named and not any(member in r or r in member for r in ran
                                 if " " in r or " " in member) and not any(
                                     (r, member) in NEXT_STEPS for r in ran):
                return member
    return None


def kinds_of(commands: Iterable[str]) -> frozenset[str]:
    """The kinds of work the commands are (see KINDS)."""
    lowered = [c.lower() for c in commands]
    words = {w for c in lowered for w in re.findall(r"[\w.+-]+", c)}
    return frozenset(kind for kind, (programs, _nouns) in KINDS.items()
                     if any(set(p.split()) <= words and any(mentions(c, p) for c in lowered)
                            for p in programs))


def names_kind(text: str, kinds: frozenset[str]) -> bool:
    return any(KINDS[kind][1].search(text) for kind in kinds)


def runs_broadly(command: str) -> bool:
    return _BROAD_ARGS.search(command) is not None


def names_whole_tree(text: str) -> bool:
    return _WHOLE_TREE.search(text) is not None
