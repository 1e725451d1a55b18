"""One lesson named in the forms other than a long flag: a configuration's dashed name the
correction's command adds (a preset named in one session, run in another), a short option
with its value ("-k smoke" said alone, or inside a habit in Spanish), and a subcommand the
correction moves to ("cargo fmt" after `rustfmt`, recalled in an ask). Each form joins the
lesson holding it; a neighbour of another name, option or subcommand stays apart (issue 25)."""

from __future__ import annotations

from signalkit import holding, signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities
from skillgit.mine.lessons import Lesson
from skillgit.mine.named_actions import names_in, options_in, runs_named
from skillgit.mine.naming import lesson_words, run_words

PRESET = [
    signal(1, "correction", "no hand-made build dirs, that's what the preset is for: cmake "
           "--build --preset ci-gcc-release", corrected_command="cmake -S . -B out && cmake "
           "--build out", succeeded_command="cmake --build --preset ci-gcc-release"),
    signal(2, "preference", "Here we always build through the ci-gcc-release preset, never a "
           "directory of our own"),
]
PRESET_NEIGHBOUR = signal(3, "preference", "For profiling we always use the "
                          "ci-gcc-profile preset")

SMOKE = [
    signal(4, "correction", "the whole suite is 12 minutes, for a typo fix run the quick "
           "ones: -k smoke"),
    signal(5, "preference", "Como siempre solo los rápidos, o sea pytest con -k smoke",
           succeeded_command="pytest -k smoke -q"),
]
SMOKE_NEIGHBOUR = signal(6, "correction", "for the payment code run the slow ones too: "
                         "-k integration")

CARGO_FMT = [
    signal(7, "correction", "not rustfmt file by file, the whole crate at once: cargo fmt",
           corrected_command="rustfmt src/lib.rs", succeeded_command="cargo fmt && git add -u"),
    signal(8, "correction", "the lint job is red: formatting. amend it",
           corrected_command="cargo build && git commit -am wip",
           succeeded_command="cargo fmt && git commit -a --amend --no-edit"),
    signal(9, "preference", "usual drill before committing: cargo fmt on the crates you "
           "touched"),
]
CLIPPY = signal(10, "correction", "not cargo build, check it with cargo clippy first",
                corrected_command="cargo build", succeeded_command="cargo clippy")


def _sessions_of(signals: list, n: int) -> set[str]:
    return {s.session_id for s in holding(group(signals), n).signals}


def test_a_dashed_name_the_command_adds_joins_the_norm_naming_it() -> None:
    assert ("name", "", "ci-gcc-release") in identities(PRESET[0]).strong
    assert ("name", "", "ci-gcc-release") in identities(PRESET[1]).loose
    assert _sessions_of([*PRESET, PRESET_NEIGHBOUR], 1) == {"session-0001", "session-0002"}


def test_a_short_option_with_its_value_is_one_key_in_any_language() -> None:
    first, second = identities(SMOKE[0]).strong, identities(SMOKE[1]).strong
    assert ("opt", "", "-k smoke") in first & second
    assert _sessions_of([*SMOKE, SMOKE_NEIGHBOUR], 4) == {"session-0004", "session-0005"}


def test_a_word_after_a_short_option_is_its_value_only_when_it_is_no_sentence_word() -> None:
    assert options_in("add -v and rerun") == frozenset()
    assert options_in("then -n to be sure") == frozenset()
    assert options_in("pin it with -D vite@6") == frozenset()   # a package, not the value
    assert options_in("run it with -LE slow") == {("opt", "", "-LE slow")}
    assert options_in("-x\nnext line") == frozenset()          # a line break ends it


def test_a_failing_commands_options_are_no_key() -> None:
    failed = signal(12, "env-error", "`make -C build all` failed: missing target")
    assert not any(k[0] == "opt" for k in identities(failed).strong)


def test_the_subcommand_a_correction_moves_to_is_one_key_in_every_form() -> None:
    said_it, led_it = identities(CARGO_FMT[0]).strong, identities(CARGO_FMT[1]).strong
    assert ("runs", "cargo", "fmt") in said_it & led_it
    assert ("runs", "cargo", "fmt") in identities(CARGO_FMT[2]).loose
    assert ("runs", "git", "add") not in said_it  # run beside it, never named
    assert _sessions_of([*CARGO_FMT, CLIPPY], 7) == {"session-0007", "session-0008",
                                                    "session-0009"}


def test_a_subcommand_run_before_is_no_move() -> None:
    same = signal(13, "correction", "git commit with -s please",
                  corrected_command="git commit -m x", succeeded_command="git commit -s -m x")
    assert not any(k[0] == "runs" for k in identities(same).strong)


def test_words_name_keys_only_for_known_programs_and_dashed_names() -> None:
    assert runs_named("stage it and run git clang-format") >= {("runs", "git", "clang-format")}
    assert not any(k[1] == "stage" for k in runs_named("stage it and run git clang-format"))
    assert names_in("keep it up-to-date, use ci-gcc-release") >= {
        ("name", "", "ci-gcc-release")}
    assert names_in("the hand-rolled one") == frozenset()  # two parts: a word, not a name


def test_a_short_option_said_with_its_value_names_the_skill_with_both() -> None:
    command = "ctest --preset ci-asan -LE nightly --output-on-failure"
    assert run_words(command, "leave the nightly label out: -LE nightly") == [
        "run", "ctest", "with", "LE", "nightly"]  # the preset's value is no word of it
    assert run_words(command, "skip the LE label") == ["run", "ctest", "with", "LE"]
    assert run_words("migrate create -ext sql -seq add_x", "use -seq for these") == [
        "run", "migrate", "create", "with", "seq"]  # add_x follows, never said with it


def test_a_tool_run_as_a_subcommand_of_the_switched_to_program_is_named_as_run() -> None:
    moved = Lesson(kind="rule", said="format only the staged lines: git clang-format",
                   do="git clang-format", switch=("clang-format", "git"))
    assert lesson_words(moved) == ["run", "git", "clang-format"]
    # a switch to another program (npm is no subcommand of pnpm) is not named as a run
    switched = Lesson(kind="rule", said="pnpm here", do="pnpm install", switch=("npm", "pnpm"))
    assert lesson_words(switched) != ["run", "pnpm", "install"]
