"""Secrets split into joined pieces (issue 23): the rules alone leave pieces unmasked, the
joined value is found and every piece that holds part of it is masked; ordinary
concatenations pass untouched; adversarial inputs stay linear."""

from __future__ import annotations

import time

import pytest

from skillgit.redact import Redactor
from skillgit.redact.pieces import iter_runs, iter_variable_runs
from skillgit.redact.scan import _scan

# (text, the pieces that must be masked)
SPLIT = {
    "js-array-join": ("const t = ['hvs.fGK1qP', 'x64WVy9Lm', 'R2tQz8Kd0Vn3Bw'].join('');",
                      ["hvs.fGK1qP", "x64WVy9Lm", "R2tQz8Kd0Vn3Bw"]),
    "js-plus": ("const key = 'sk_live_' + 'a8Hq2Lm9' + 'Zx4Tr7Wp3N';",
                ["sk_live_", "a8Hq2Lm9", "Zx4Tr7Wp3N"]),
    "js-template": ("const t = `ghp_${'R8mQ2xLp9Z'}${'Tb4Wn7Kc1Vd6'}${'Hs3Fg5Jy0Ue8Ai'}`;",
                    ["ghp_", "R8mQ2xLp9Z", "Tb4Wn7Kc1Vd6", "Hs3Fg5Jy0Ue8Ai"]),
    "js-plus-lines": ("fetch(u, {headers: {x: 'npm_Qw8Er2Ty6U' + 'Io4Pa9Sd3Fg7Hj'\n"
                      "    + 'Kl1Zx5Cv8Bn2Mq'}})",
                      ["npm_Qw8Er2Ty6U", "Io4Pa9Sd3Fg7Hj", "Kl1Zx5Cv8Bn2Mq"]),
    "python-implicit": ('TOKEN = ("glpat-"\n         "Xq8Lm2Rt"\n         "Vb7Nc4Zk9Pw3")',
                        ["glpat-", "Xq8Lm2Rt", "Vb7Nc4Zk9Pw3"]),
    "python-plus": ('api = "AKIA" + "ZQ3T7YHB" + "L2M4XK9P"', ["AKIA", "ZQ3T7YHB", "L2M4XK9P"]),
    "python-join": ('hook = "".join(["whsec_Mb2Q", "n9Lc7Xv4Rt", "8Kp3Wz6Hy1Jd5Fs0"])',
                    ["whsec_Mb2Q", "n9Lc7Xv4Rt", "8Kp3Wz6Hy1Jd5Fs0"]),
    "rust-concat": ('const S: &str = concat!("whsec_", "2tajeK9mQ4xR", "YWjBn7Lp2Zc8Vd5H");',
                    ["whsec_", "2tajeK9mQ4xR", "YWjBn7Lp2Zc8Vd5H"]),
    "powershell": ('$pw = "Falcon#19" + "orbitwharf-6"', ["Falcon#19", "orbitwharf-6"]),
    "go": ('conn := "xoxb-1234" + "5678901-Ab" + "Cd9Ef8Gh7"',
           ["xoxb-1234", "5678901-Ab", "Cd9Ef8Gh7"]),
    "shell-vars": ("P1='sbp_4f9a2c81'; P2='7d1e8b3a9c0f'; P3='5b6a4d2e1f3c7a9b0d8e'\n"
                   'export SUPABASE_ACCESS_TOKEN="$P1$P2$P3"',
                   ["sbp_4f9a2c81", "7d1e8b3a9c0f", "5b6a4d2e1f3c7a9b0d8e"]),
    "shell-braces": ('A="hf_Zq8Xw2Ec"\nB="Rv4Tb6Yn"\nC="Um1Ik3Ol9Pa5Sd7Fg"\n'
                     'curl -H "Authorization: Bearer ${A}${B}${C}" https://huggingface.co/api',
                     ["hf_Zq8Xw2Ec", "Rv4Tb6Yn", "Um1Ik3Ol9Pa5Sd7Fg"]),
    "csharp": ('var k = string.Concat("AIza", "SyD8xQ2mL9pR", "4tZ7wK1cVb6N", "h3Jf0Ue5Gy2");',
               ["AIza", "SyD8xQ2mL9pR", "4tZ7wK1cVb6N", "h3Jf0Ue5Gy2"]),
    "python-prefixed": ('DSN = (rb"rk_live_Zq8" rb"Xw2EcRv4Tb6Yn")',
                        ["rk_live_Zq8", "Xw2EcRv4Tb6Yn"]),
    "shell-quoted-refs": ("U1='hf_Qw8Er2Ty6U'\nU2='Io4Pa9Sd3Fg7Hj'\nU3='Kl1Zx5Cv8'\n"
                          'huggingface-cli login --token "$U1""$U2""$U3"',
                          ["hf_Qw8Er2Ty6U", "Io4Pa9Sd3Fg7Hj", "Kl1Zx5Cv8"]),
    "shell-touching": ("export T='AKIAZQ3T''7YHBL2M4XK9P'", ["AKIAZQ3T", "7YHBL2M4XK9P"]),
}


@pytest.mark.parametrize("name", list(SPLIT))
def test_the_rules_alone_leave_pieces_unmasked(name: str) -> None:
    text, pieces = SPLIT[name]
    found = _scan(text, (), True, True, True)  # the scan without the pieces finder
    assert any(not any(m.start <= text.index(piece) and text.index(piece) + len(piece) <= m.end
                       for m in found) for piece in pieces)


@pytest.mark.parametrize("name", list(SPLIT))
def test_a_secret_split_into_pieces_masks_every_piece(name: str) -> None:
    text, pieces = SPLIT[name]
    redacted = Redactor(home="/srv/dev").redact(text)
    for piece in pieces:
        assert piece not in redacted, redacted
    assert "[REDACTED:" in redacted
    assert Redactor(home="/srv/dev").redact(redacted) == redacted


def test_quotes_and_operators_stay() -> None:
    redacted = Redactor(home="/srv/dev").redact(SPLIT["go"][0])
    assert redacted.startswith('conn := "[REDACTED:slack-token]" + "[REDACTED:')
    assert redacted.count('" + "') == 2


LOOK_ALIKES = [
    'greeting = "Hello, " + name + "!"',
    'full = path + "/" + file',
    "const s = ['a', 'b'].join(', ');",
    'const url = "https://api.example.com/v1/" + "users/" + userId + "/repos";',
    'query = "SELECT id, name FROM users " + "WHERE org_id = ? " + "ORDER BY created_at DESC"',
    'msg = ("This configuration option controls how the "\n'
    '       "scheduler retries failed jobs before giving up.")',
    'p = "".join(["src", "/", "main.py"])',
    'const P: &str = concat!("src/", "bin/", "main.rs");',
    'var s = string.Concat("Hello", " ", "World");',
    "const t = `${'Hello'}, ${'world'}`;",
    "PREFIX='build'; SUFFIX='_output_directory'; mkdir \"$PREFIX$SUFFIX\"",
    '$greeting = "Good" + "Morning" + "Everyone"',
    'fmt.Println("user" + "name" + "Configuration")',
    'className = "btn " + "btn-primary " + "btn-lg"',
    'el = document["getElement" + "ById"]("root")',
    'String s = "com.example." + "service." + "UserServiceImpl";',
    'sql = "INSERT INTO accounts (a, b) " + "VALUES (?, ?)"',
    'raise ValueError("expected a positive integer, got " + repr(x))',
    'stamp = "2024-01-" + "15T10:30:00Z"',
    'const header = "Authorization: " + "Bearer " + token;',
    'const sha = "3f786850e387550f" + "dcc4d5b7d6b5a3c1";',
    'label = "Größe: " + "12" + "cm"',
    "const words = ['Hello', 'World'].join(' ');",
    'A="foo"; B="barbazqux"; echo "${A}${B}"',
    'name = "camelCase" + "Identifier" + "NameForTheWidget"',
    'base = "/api/" + "v2/" + "projects/" + "settings"',
    'The function returns "foo" + "bar", which is "foobar".',
    'doc = ("Returns the number of items in the queue "\n'
    '       "that are waiting for a worker to pick them up.")',
    'cmd = ["git", "commit", "-m", "Fix the parser"].join(" ")',
    'let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");',
    "echo 'It''s done' \"and\" 'then some'",
    'i18n = "settings" + "." + "notifications" + "." + "emailDigest"',
    "Python: `@beta_tool` decorator + `client.beta.messages.tool_runner(...)` in beta",
    "| Ruby | Yes (beta) | `Anthropic::BaseTool` + `tool_runner` in beta |",
    'subprocess.run(["git", "log", "--format=%H"] + ["--", "src/"])',
    'print("Build" "2024" "Ready")',
    "Please don't use 'rm -rf''s' shortcut",
    'digest = "e3b0c44298fc1c14" + "9afbf4c8996fb924"',
    'day = "-".join(["2024", "01", "15"])',
    'text = ("line one of the message\\n"\n        "line two of the message\\n")',
    'p = os.path.join("src", "skillgit", "redact", "pieces.py")',
    'img = "data:image/png;base64," + "iVBORw0KGgo"',
    "LOG_DIR='/var/log'; APP='myservice'; tail -f \"$LOG_DIR$APP\"",
]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_ordinary_concatenations_pass_untouched(text: str) -> None:
    assert Redactor(home="/srv/dev").redact(text) == text


def test_runs_are_found_per_syntax() -> None:
    runs = list(iter_runs('x = "ab" + "cd"; y = concat!("e", "f"); z = ["g", "h"].join("-")'))
    assert [len(run.pieces) for run in runs] == [2, 2, 2]
    assert runs[2].separator == "-"
    [word] = list(iter_variable_runs("A=1; B='two'; echo $A$B"))
    assert len(word.pieces) == 2


def test_a_run_crosses_no_blank_line() -> None:
    assert list(iter_runs('x = "AKIAZQ3T7YHB" +\n\n "L2M4XK9P"')) == []


def test_primed_batches_give_what_each_text_gives_alone() -> None:
    # prime scans texts joined by blank lines: a text's pieces must read alike there
    texts = [piece for text, _ in SPLIT.values() for piece in (text, "x = (", text + " +")]
    texts += [*LOOK_ALIKES, "A='hf_Zq8Xw2Ec'", 'echo "$A$B"', "B='Rv4Tb6YnUm1Ik3Ol9Pa5Sd7Fg'"]
    primed = Redactor(home="/srv/dev")
    primed.prime(texts)
    assert [primed.redact(t) for t in texts] == [Redactor(home="/srv/dev").redact(t)
                                                 for t in texts]


ADVERSARIAL = {
    "plus": "'a' + " * 100000,
    "touching": "'ab'" * 150000,
    "unclosed": "x = ('" * 100000,
    "lists": "['a', " * 100000,
    "joins": "['a', 'b'].join(" * 40000,
    "concats": "concat!(\"a\", " * 50000,
    "templates": "`${'a'}" * 80000,
    "variables": "A=x; B=y; $A$B " * 40000,
    "random-pieces": "'aB3x' + " * 60000,
}


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_pieces_stay_linear(name: str) -> None:
    start = time.process_time()
    Redactor(home="/srv/dev").redact(ADVERSARIAL[name])
    assert time.process_time() - start < 10
