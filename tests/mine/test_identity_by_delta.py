"""A lesson's identity is what the agent's action changes (issue 25): a runner put in front of
the command, whatever program it runs; the program run behind a runner, not the runner's
first word; a short flag and the long flag it stands for. Look-alikes stay apart: two long
flags sharing an initial, a runner kept while only a flag changes, a runner's own commands."""

from __future__ import annotations

from signalkit import holding, signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities_of, move
from skillgit.mine.lesson_identity import related
from skillgit.mine.lessons import Lesson
from skillgit.mine.naming import lesson_words
from skillgit.mine.runners import initials, runner_named, unwrap
from skillgit.mine.shell_command import parse
from skillgit.mine.told import told
from skillgit.proposal import Signal


def _unwrapped(command: str) -> tuple[str | None, str, str]:
    parsed = parse(command)
    assert parsed is not None
    via, ran = unwrap(parsed)
    return via, ran.program, ran.subcommand


def test_a_runner_is_unwrapped_to_the_program_it_runs() -> None:
    assert _unwrapped("poetry run pytest -q") == ("poetry", "pytest", "")
    assert _unwrapped("bundle exec rake db:seed") == ("bundle", "rake", "db:seed")
    assert _unwrapped("mise x -- cargo build --release") == ("mise", "cargo", "build")
    assert _unwrapped("pdm run dart run melos bootstrap") == ("pdm", "melos", "bootstrap")


def test_a_runners_own_commands_and_package_runners_are_no_environment() -> None:
    assert _unwrapped("uv pip install httpx") == (None, "uv", "pip")
    assert _unwrapped("pnpm install --frozen-lockfile") == (None, "pnpm", "install")
    assert _unwrapped("dart run melos bootstrap") == (None, "melos", "bootstrap")


def test_putting_a_runner_in_front_is_one_key_whatever_it_runs() -> None:
    assert ("via", "", "pdm") in move("pytest tests/api", "pdm run pytest tests/api")
    assert ("via", "", "pdm") in move("alembic upgrade head", "pdm run alembic upgrade head")
    assert ("via", "", "pdm") in move("pytest -q", "pdm run")  # the runner told alone
    assert not any(k[0] == "via" for k in move("pdm run pytest", "pdm run pytest -n 4"))
    assert not any(k[0] == "via" for k in move("pip install httpx", "poetry add httpx"))


def test_the_corrected_part_is_the_one_running_the_same_program() -> None:
    assert move("which node && node --version", "volta run node --version") == {
        ("switch", "node", "volta"), ("via", "", "volta")}
    assert related("which node && node --version", "volta run node scripts/seed.js") == \
        "node --version"
    assert related("make lint", "make lint-fix") == "make lint"
    configure_then_build = "meson setup out --buildtype debug && meson compile -C out"
    assert related(configure_then_build, "meson compile -C out-debug") == configure_then_build


def test_another_program_behind_the_same_runner_is_a_switch_of_that_program() -> None:
    keys = move("bundle exec rake assets:precompile", "bundle exec rails assets:precompile")
    assert ("switch", "rake", "rails") in keys
    assert not any(k[0] == "no-flag" for k in keys)


def test_a_runner_named_in_words_is_the_lesson_only_outside_a_command_written_out() -> None:
    assert runner_named("in this repo everything goes through pdm", None, "pdm run lint") == {
        ("via", "", "pdm")}
    assert runner_named("regenerate it: `pdm run gen-client --force`", None,
                        "pdm run gen-client --force") == frozenset()
    assert runner_named("we go through pdm", "pytest", "pdm run pytest") == frozenset()


def test_a_short_flag_and_a_long_flag_by_its_initial() -> None:
    assert initials("mvn verify", "mvn verify -o") == (
        {("initial", "mvn", "verify", "o")}, frozenset())
    assert initials("mvn verify", "mvn verify --offline") == (
        frozenset(), {("initial", "mvn", "verify", "o")})
    short, _ = initials(None, "fvm dart run melos exec -c")
    assert short == {("initial", "melos", "exec", "c")}


def _s(n: int, kind: str, text: str, **fields: str) -> Signal:
    return signal(n, kind, text, **fields)


def test_one_runner_lesson_in_three_forms_is_one_candidate() -> None:
    signals = [
        _s(1, "correction", "no, not the global interpreter, this project has a lockfile",
           corrected_command="pytest tests/api", succeeded_command="pdm run pytest tests/api"),
        _s(2, "env-fix", "`alembic upgrade head` failed (No module named 'sqlmodel'); the "
           "user gave `pdm run alembic upgrade head`", command="alembic upgrade head",
           fix="pdm run alembic upgrade head"),
        _s(3, "preference", "in this repo everything goes through pdm, scripts included",
           succeeded_command="pdm run lint"),
        _s(4, "correction", "run the api tests on four workers",
           corrected_command="pdm run pytest tests/api",
           succeeded_command="pdm run pytest tests/api -n 4"),
    ]
    candidates = group(signals)
    assert holding(candidates, 1) is holding(candidates, 2) is holding(candidates, 3)
    assert holding(candidates, 4) is not holding(candidates, 1)


def test_two_runners_are_two_lessons() -> None:
    signals = [
        _s(1, "correction", "not the global one, the lockfile pins it",
           corrected_command="pytest tests/api", succeeded_command="pdm run pytest tests/api"),
        _s(2, "correction", "the docs toolchain lives in its own env",
           corrected_command="sphinx-build docs out",
           succeeded_command="pipenv run sphinx-build docs out"),
    ]
    candidates = group(signals)
    assert holding(candidates, 1) is not holding(candidates, 2)


def test_a_short_flag_joins_the_lesson_of_its_long_form_and_two_long_flags_do_not() -> None:
    signals = [
        _s(1, "correction", "no network on the build box, keep maven off the internet",
           corrected_command="mvn verify", succeeded_command="mvn verify --offline"),
        _s(2, "correction", "the artifacts are all cached here. `mvn verify -o`",
           succeeded_command="mvn verify -o"),
        _s(3, "correction", "push the release tags with the commit",
           corrected_command="git push", succeeded_command="git push --follow-tags"),
        _s(4, "correction", "never a plain force push on shared branches",
           corrected_command="git push -f", succeeded_command="git push --force-with-lease"),
    ]
    candidates = group(signals)
    assert holding(candidates, 1) is holding(candidates, 2)
    assert holding(candidates, 3) is not holding(candidates, 4)


def test_a_short_flag_a_fix_ran_that_nobody_wrote_joins_nothing_by_its_initial() -> None:
    said = "`mvn verify` failed (a flaky test); the retry worked"
    ident = identities_of(said, said, "mvn verify", "mvn verify -T 4")
    assert not any(k[0] == "initial" for k in ident.strong)  # `-T` is nowhere in its words
    written = "run it as `mvn verify -T 4`"
    ident = identities_of(written, written, "mvn verify", "mvn verify -T 4")
    assert ("initial", "mvn", "verify", "t") in ident.strong


def test_a_one_word_flag_named_as_a_word_is_the_flag_the_run_adds() -> None:
    assert told("ship it as a hotfix, like the last one", None,
                "release-tool cut --hotfix --notes x") == {("flag", "release-tool", "hotfix")}
    assert told("ship it as a hotfix", "release-tool cut --hotfix",
                "release-tool cut --hotfix --notes x") == frozenset()  # it had it already
    assert told("keep all of it", None, "release-tool cut --all") == frozenset()  # too short
    assert told("no apt packages for the build", None,  # an everyday word names no flag
                "meson compile --build dist") == frozenset()


def test_a_lesson_is_named_by_the_program_its_runner_runs() -> None:
    behind = Lesson(kind="rule", said="the docs build with sphinx now",
                    do="pdm run sphinx-build docs out", switch=("mkdocs", "sphinx-build"))
    assert lesson_words(behind)[:2] == ["run", "sphinx-build"]
    flagged = Lesson(kind="rule", said="offline here", do="fvm flutter build web --offline",
                     dont="fvm flutter build web")
    assert lesson_words(flagged) == ["run", "flutter", "build", "with", "offline"]


def test_a_command_dictated_through_a_runner_is_no_runner_lesson() -> None:
    ident = identities_of("the client is generated. `pdm run gen-client --force`", "x",
                          None, "pdm run gen-client --force")
    assert ("via", "", "pdm") not in ident.strong
