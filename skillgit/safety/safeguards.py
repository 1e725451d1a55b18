"""What a rule would make the agent do to a safeguard or to where code comes from, as data.

`EFFECTS` is the vocabulary, defined once: each effect is a safeguard weakened or a code source
added, with its class of risk and the words a finding uses. The tables map what a text can
carry to an effect: options of programs (`FLAGS`), environment variables (`ENV`), settings in
any config syntax (`SETTINGS`: `key = value`, `key: value`, `git config key value`), code and
CI idioms (`IDIOMS`), and prose (`PROSE`: a verb and what it acts on). `effects` reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.safety.vocab import CODE_SOURCE, DESTRUCTIVE, EXFILTRATION, PERSISTENCE, WEAKENED

EFFECTS: dict[str, tuple[str, str]] = {
    "hooks": (WEAKENED, "git hooks or commit checks skipped"),
    "tls": (WEAKENED, "TLS, signature or checksum verification turned off"),
    "tests": (WEAKENED, "tests, linters, type checks or CI jobs disabled"),
    "locks": (WEAKENED, "state locks, lockfiles or production guards bypassed"),
    "review": (WEAKENED, "branch protection, required reviews or history protection bypassed"),
    "security": (WEAKENED, "security software or sandboxing turned off"),
    "perms": (WEAKENED, "file or socket permissions widened"),
    "agent": (WEAKENED, "the agent's permission checks bypassed"),
    "secret-check": (WEAKENED, "a tool's own check for secrets overridden (secrets or env "
                     "files let through)"),
    "index": (CODE_SOURCE, "a new package index or registry"),
    "run-remote": (CODE_SOURCE, "a package run from a URL or an unknown name"),
    "lookalike": (CODE_SOURCE, "a package named like a well-known one"),
    "mcp": (CODE_SOURCE, "an MCP server added"),
    "git-dep": (CODE_SOURCE, "a dependency fetched from a git repository"),
    "binary": (CODE_SOURCE, "a binary downloaded to run later"),
    "destroy": (DESTRUCTIVE, "shared or production data destroyed (a database, schema, bucket, "
                "namespace, volumes or a folder outside the project)"),
    "send": (EXFILTRATION, "repository content or the environment sent to another host"),
    "expose": (EXFILTRATION, "this machine opened to another host (a reverse tunnel)"),
    "auth": (WEAKENED, "a server's authentication turned off (its token or password empty)"),
    "persist": (PERSISTENCE, "a job that queues itself again or code put where it runs at start"),
    "equipment": (DESTRUCTIVE, "a value written to live equipment (a PLC, a controller)"),
}

# The default indexes: pointing a tool back at one of these adds no source (nor does the
# directory source `cargo vendor` writes: a registry it named would be read by its own row).
DEFAULT_INDEX = re.compile(r"^(?:https?://)?(?:pypi\.org|pypi\.python\.org|files\.pythonhosted"
                           r"\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|crates\.io|(?:npm|"
                           r"maven|nuget|rubygems)\.pkg\.github\.com|"
                           r"index\.crates\.io|rubygems\.org|proxy\.golang\.org|sum\.golang\.org)"
                           r"(?:[/:]\S*)?$|^(?:vendor(?:ed)?(?:-sources)?|direct|off|default|"
                           r"\$\{?\w+\}?|<[^>]*>)$", re.I)
AGENTS = frozenset({"claude", "codex", "gemini", "aider", "cursor-agent", "amp", "copilot",
                    "goose", "opencode", "qwen", "crush", "cline", "kiro", "droid", "q",
                    "continue", "auggie", "junie", "openhands"})
_PACKAGERS = frozenset({"pip", "pip3", "uv", "uvx", "pipx", "poetry", "pdm", "rye", "hatch",
                        "npm", "npx", "pnpm", "pnpx", "yarn", "bun", "bunx", "cargo", "gem",
                        "bundle", "conda", "mamba"})


# Test markers that say what a test costs or needs, not what it checks.
COST = (r"(?:slow|very_slow|integration|e2e|end_to_end|gpu|cuda|network|online|internet|"
         r"benchmark|bench|perf|performance|manual|docker|live|external|serial|nightly|"
         r"requires_\w+|needs_\w+|long|heavy|stress|load|smoke|windows|macos|linux)\b")


GUARDS = (r"secure[_-]?boot|flash[_-]?enc\w*|secur(?:e|ity)\w*|verif\w*|sign(?:ing|ature|ed)\w*|"
          r"sigs?\b|(?:cert\w*|hostname|peer)[_-]?(?:valid\w*|pinning)|"
          r"sandbox\w*|\w*protection|\w*guard\w*|network[_-]?polic\w*|firewall\w*|apparmor|"
          r"seccomp|selinux|enforc\w*|integrity\w*|antivirus|defender\w*|csrf\w*|hsts|encrypt\w*|"
          r"mfa|2fa|auth|authentication|gpg\w*|audit\w*|\w*scan(?:ner|ning)?|isolation|checksums?|"
          r"csp|content[_-]?security[_-]?policy|content[_-]?trust\w*|"
          r"(?<!health[_-])(?<!health)checks?|validat(?:e|ion)\w*")
"""Names of a safeguard in a setting's key (its own words or a config system's:
`CONFIG_SECURE_BOOT`, `csrf_enabled`, `EnableFirewall`, `hostnameVerification`)."""
ON = r"true|1|yes|on|y|enabled?"
"""A setting's value that turns it on, in every config syntax (YAML's `yes`, Kconfig's `y`,
INI's `1`, a Windows policy's `Enabled`): one vocabulary for every row that needs one."""
OFF = r"false|0|no|off|n|none|null|nil|disabled?|ignored?"
"""A setting's value that turns it off, likewise."""
OFF_WORD = r"(?:disable|skip|no|bypass|without|ignore)"
"""A key's first word that turns what it names off (`DISABLE_SANDBOX`, `skipVerify`)."""
OFF_WORD_NOT_FIRST = (r"(?!(?:disable|skip|bypass|without|ignore)|no(?:[._-]|(?-i:[A-Z]))|"
                      r"[a-z]*?(?:in|un)(?:secur|sign|verif|authent|trust))")
"""Not such a word first, nor the safeguard's absence named: `disableHostnameVerification:
false` and `ALLOW_UNSIGNED_FIRMWARE=false` are safe."""
NOT_NEGATED = (r"(?![\w.-]*?(?<![^\W_])(?:disable|skip|bypass|without|ignore|no)"
               r"(?:[._-]|(?-i:[A-Z])))")
"""No such word anywhere in the key (`SKIP_VERSION_CHECK=false` keeps the check)."""
KEY_PARTS = r"[-_]{0,2}(?:[^\W_]+[._-]+)*"
"""The words of a setting's key before the word that says what it does (`min_required_`,
`ci.`): letters and digits between separators, one way only to read them, so that a long run
of dashes or underscores (a table's border) is read in linear time."""
SCANNERS = (r"scan\w*|trivy|semgrep|snyk|sast|dast|codeql|bandit|gosec|checkov|tfsec|gitleaks|"
            r"trufflehog|sonar\w*|grype|dependency[_-]?check|secret[_-]?scan\w*|audit")
"""What a scanner is called in a setting's name: its job or a well-known scanner."""


@dataclass(frozen=True)
class Flag:
    effect: str
    flag: str                        # "--no-verify"; one letter for a short option ("k")
    programs: frozenset[str] = frozenset()   # empty: any program
    sub: str = ""                    # the subcommand it needs ("commit")
    value: str = ""                  # a regex its value must match ("" = no value read)
    anywhere: bool = False           # distinctive: a mention in prose counts too


def _f(effect: str, flags: str, programs: frozenset[str] | str = frozenset(), sub: str = "",
       value: str = "", anywhere: bool = False) -> list[Flag]:
    progs = frozenset(programs.split()) if isinstance(programs, str) else programs
    return [Flag(effect, f, progs, sub, value, anywhere) for f in flags.split()]


FLAGS: list[Flag] = [
    *_f("expose", "R", "ssh autossh"),  # a remote forward: the other host reaches this one
    *_f("hooks", "--no-verify", anywhere=True), *_f("hooks", "n", "git", sub="commit"),
    *_f("tls", "k", "curl"),
    *_f("tls", "--insecure --no-check-certificate --trusted-host --insecure-skip-tls-verify "
        "--skip-tls-verify --tls-verify=false --tlsverify=false --no-verify-ssl "
        "--insecure-registry --no-strict-ssl --strict-ssl=false --nogpgcheck --no-gpg-checks "
        "--allow-unauthenticated --allow-insecure-host --proxy-insecure --ssl-no-revoke "
        "--disable-content-trust --insecure-skip-verify --skip-verify", anywhere=True),
    *_f("tls", "-insecure", "go"),
    *_f("agent", "--dangerously-skip-permissions --dangerously-bypass-approvals-and-sandbox "
        "--allow-dangerously-skip-permissions --dangerously-allow-all --yolo --full-auto "
        "--yes-always --allow-all-tools --trust-all-tools --always-approve", anywhere=True),
    *_f("agent", "--auto-approve --force --yes -y --allow-all", AGENTS),
    *_f("agent", "--permission-mode", value=r"bypassPermissions", anywhere=True),
    *_f("agent", "--approval-mode", value=r"yolo", anywhere=True),
    *_f("agent", "--ask-for-approval -a", "codex", value=r"never"),
    *_f("agent", "--sandbox -s", "codex", value=r"danger-full-access"),
    *_f("tests", "--deselect", "pytest py.test", value=r".+"),
    # a test selection that leaves named tests or areas out (`-m "not auth"`, `-k "not
    # test_refund"`); leaving out tests by what they cost or need (`-m "not slow"`) is fine
    *_f("tests", "-k -m", "pytest py.test",
        value=rf"(?!\s*not\s+{COST}(?:\s+(?:and|or)\s+not\s+{COST})*\s*$)\s*not\b.+"),
    *_f("tests", "--testPathIgnorePatterns --test-path-ignore-patterns --exclude-tag "
        "--skip-tests --skip", "jest vitest npx pnpm yarn npm mocha cargo go gradle mvn dotnet",
        value=r".+"),
    *_f("tests", "--no-lint --skip-lint --no-typecheck --skip-typecheck --no-type-check "
        "--skip-checks", anywhere=True),
    *_f("locks", "-lock=false --no-frozen-lockfile --frozen-lockfile=false --no-lockfile "
        "--skip-lock --no-package-lock --no-immutable --ignore-lockfile", anywhere=True),
    *_f("security", "--privileged", "docker podman nerdctl"),
    # a runtime's permission sandbox given up whole (Deno grants nothing unless asked)
    *_f("security", "--allow-all -A", "deno"),
    # a container's isolation given up, whatever runs it (a compose file, a runner's options)
    *_f("security", "--cap-add", value=r"(?:all|sys_admin|sys_ptrace|sys_module|net_admin)\b",
        anywhere=True),
    *_f("security", "--pid --ipc --userns --uts", value=r"host\b", anywhere=True),
    # a build's check or scan task left out (`gradle build -x spotbugsMain -x test`)
    *_f("tests", "-x --exclude-task", value=r"(?:[\w-]+:)*\w*(?i:check|scan|lint|spotbugs|pmd|"
        r"detekt|audit|test|verify|sonar|owasp|snyk|trivy|jacoco|dependencycheck)\w*(?![\w./-])",
        anywhere=True),
    *_f("run-remote", "--install-extension", "code code-insiders codium cursor windsurf",
        value=r"(?:\S*\.vsix|\w+://\S+)"),
    *_f("tests", "-DskipTests -Dmaven.test.skip=true -DskipITs", anywhere=True),
    *_f("review", "--admin", "gh", sub="pr"),
    *_f("review", "--force f", "git", sub="push"),
    *_f("security", "--no-audit --audit=false", "npm pnpm yarn"),
    *_f("index", "-i --index-url --extra-index-url --find-links -f --index --default-index",
        "pip pip3 uv uvx pipx pdm", value=r".+"),
    # (cargo's `--registry` names one its config already declares: the config adds the source)
    *_f("index", "--registry", "npm npx pnpm pnpx yarn bun bunx", value=r".+"),
    # a tool's own guard against changing what is live, overridden
    *_f("locks", "--allow-live --allow-production --allow-prod", anywhere=True),
    *_f("index", "--registry --registry-url --mirror --substituters --extra-substituters",
        value=r"\S*://\S+", anywhere=True),
    *_f("index", "--index-url --extra-index-url", value=r"\S+", anywhere=True),
    *_f("index", "--index", "cargo", value=r".+"),
    *_f("index", "--source -s --clear-sources", "gem", value=r".*"),
    *_f("index", "-c --channel", "conda mamba micromamba", value=r"\S*://.+"),
    *_f("security", "--security-opt", value=r"(?:seccomp|apparmor|label|systempaths)"
        r"[=:](?:unconfined|disable)|no-new-privileges[=:]false", anywhere=True),
]

# Environment variables: name (regex) → (value regex, effect). Read in any assignment syntax.
ENV: list[tuple[str, str, str]] = [
    (r"HUSKY", OFF, "hooks"),
    (r"HUSKY_SKIP_HOOKS|SKIP_HOOKS|OVERCOMMIT_DISABLE|PRE_COMMIT_ALLOW_NO_CONFIG|GIT_NO_VERIFY",
     ON, "hooks"),
    (r"LEFTHOOK", OFF, "hooks"),
    (r"NODE_TLS_REJECT_UNAUTHORIZED|PYTHONHTTPSVERIFY|DOCKER_CONTENT_TRUST", OFF,
     "tls"),
    (r"GIT_SSL_NO_VERIFY|GONOSUMCHECK|GOINSECURE|GONOSUMDB|PIP_TRUSTED_HOST|UV_INSECURE_HOST|"
     r"UV_NATIVE_TLS_NO_VERIFY|HOMEBREW_NO_VERIFY\w*", r"\S+", "tls"),
    (r"GOSUMDB", r"off", "tls"),
    # any tool's variable whose own words turn a verification off (`OPAMNOCHECKSUMS=1`,
    # `JULIA_SSL_NO_VERIFY_HOSTS='**'`): set to anything but an off value
    (r"\w*?(?:NO|SKIP|DISABLE|IGNORE)_?(?:VERIFY|CHECKSUMS?|SIGNATURES?|SIG_?CHECK|SSL|TLS|"
     r"CERT_?CHECK\w*|INTEGRITY|HASH_?CHECK)\w*", r"(?![\"']?(?:false|0|no|off)\b)\S+", "tls"),
    (r"GOFLAGS", r".*-insecure.*", "tls"),
    # set to nothing (verification off), not to a CA bundle's path
    (r"CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE", r"\"\"|''|(?=[\s;`&|)]|$)", "tls"),
    (r"(?i:npm_config_strict_ssl)|YARN_ENABLE_STRICT_SSL|ANSIBLE_HOST_KEY_CHECKING|"
     r"CARGO_HTTP_CHECK_REVOKE|\w*SSL_VERIFY|\w*VERIFY_SSL", OFF, "tls"),
    (r"PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_EXTRA_INDEX_URL|"
     r"UV_INDEX|UV_DEFAULT_INDEX|(?i:npm_config_registry)|YARN_NPM_REGISTRY_SERVER|"
     r"YARN_REGISTRY|BUN_CONFIG_REGISTRY|GOPROXY|CARGO_REGISTRIES_\w+_INDEX|BUNDLE_MIRROR__\w+|"
     r"RUBYGEMS_HOST|POETRY_REPOSITORIES_\w+_URL|PDM_PYPI_URL|GEM_SOURCE|"
     r"\w+_(?:HOSTED_URL|MIRROR(?:_URL)?|REGISTRY(?:_URL|_SERVER)?|INDEX_URL|REPOSITORY_URL|"
     r"STORAGE_BASE_URL|PACKAGES_URL)|"
     # where a tool's plugins, extensions or modules come from (`NXF_PLUGINS_TEST_REPOSITORY`)
     r"\w*(?:PLUGINS?|EXTENSIONS?|ADDONS?|MODULES?|CHARTS?)_(?:\w+_)?(?:REPOSITORY|REPO|"
     r"REGISTRY|INDEX|MIRROR|SOURCE)(?:_URLS?)?",
     # a place (a URL, a host, a path, a variable), not a word of prose
     r"\$\{?\w+\}?\S*|[^\s.,;]*[/.:][^\s,;]*[\w/]", "index"),
    (r"\w*DANGEROUSLY\w*|\w*YOLO\w*|\w*AUTO_APPROVE\w*|IS_SANDBOX", ON, "agent"),
    (r"SKIP_TESTS|SKIP_CI|CI_SKIP|SKIP_LINT|SKIP_CHECKS|NO_LINT", ON, "tests"),
    (r"SKIP", r"[a-z][\w-]*(?:,[\w-]+)*", "hooks"),  # pre-commit: these hooks never run
    (r"DISABLE_DATABASE_ENVIRONMENT_CHECK|ALLOW_PRODUCTION_\w+|I_KNOW_WHAT_I_AM_DOING\w*",
     ON, "locks"),
]

# Settings, in whatever file or command sets them: key (regex) → (value regex, effect).
SETTINGS: list[tuple[str, str, str]] = [
    (r"http\.(?:\S+\.)?sslverify|sslverify|ssl_verify|strict-ssl|strictssl|enablestrictssl|"
     r"http\.proxystrictssl|check-revoke|verify_ssl|verifyssl|insecure-skip-tls-verify|"
     r"stricthostkeychecking|host_key_checking|tlsverify", OFF, "tls"),
    (r"trusted-host|trusted_host|allow-insecure-host|unsafehttpwhitelist|insecure-registries",
     r"\S+", "tls"),
    (r"(?:global\.|install\.)?(?:extra-)?index-url|(?:global\.)?find-links|"
     r"npmregistryserver|replace-with|default-index",
     r"(?:https?://|//)\S+|[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:/\S*)?", "index"),
    (r"(?:@[\w-]+:)?registry", r"(?:(?:sparse|git|registry)\+)?(?:https?:)?//\S+", "index"),
    (r"replace-with", r"[\w.-]+", "index"),  # cargo: crates.io replaced by another source
    (r"index", r"(?:sparse|git|registry)\+https?://\S+", "index"),  # cargo registries
    (r"defaultmode|permission-mode|permissionmode", r"bypasspermissions", "agent"),
    (r"approval_policy|ask_for_approval|approval-mode|approvalmode", r"never|yolo", "agent"),
    (r"sandbox_mode|sandbox", r"danger-full-access|off|none|false", "agent"),
    (r"dangerouslyskippermissions|skipdangerousmodepermissionprompt|auto_?approve|"
     r"autoapprove|chat\.tools\.autoapprove|yolo|alwaysallow|trust_?all_?tools",
     ON + r"|\[", "agent"),
    (r"enableallprojectmcpservers", ON, "mcp"),
    (r"continue-on-error|allow_failure|allow-failure|soft_fail|soft-fail|ignore_failure|"
     r"ignore-failure|ignore_errors|failure", r"true|ignore|ignored|allow(?:ed)?", "tests"),
    # a failure let through, in any key's words (`maven.test.failure.ignore`,
    # `testFailureIgnore`, `ignore.test.failures`)
    (KEY_PARTS + r"(?:\w*?(?:test|build|check|lint)\w*?[._-]?)?(?:failures?|errors?)[._-]?"
     r"(?:ignored?|allowed?)|" + KEY_PARTS + r"ignore[._-]?(?:\w+[._-])?(?:failures?|errors?)",
     ON, "tests"),
    (r"fail_on_error|fail-on-error|fail_build|fail-build|exit[_-]?code", OFF, "tests"),
    (r"if", r"false|\$\{\{\s*false\s*\}\}", "tests"),
    (r"enforce_admins|required_pull_request_reviews|required_status_checks", OFF + r"|null",
     "review"),
    (r"required_approving_review_count", r"0", "review"),
    (KEY_PARTS + r"\w*approv(?:al|als|ers|ing)?\w*(?:[._-]\w+)*", r"0", "review"),
    # an extension gallery or marketplace pointed elsewhere (VS Code's `product.json`)
    (KEY_PARTS + r"\w*(?:gallery|marketplace)\w*(?:[._-]\w*(?:url|uri)\w*)?",
     r"(?:https?:)?//\S+", "index"),
    # a scanner switched off by a variable or key naming it (`SEMGREP_DISABLE=1`, `SKIP_TRIVY`)
    (KEY_PARTS + r"(?:" + SCANNERS + r")[._-]?(?:disabled?|skip(?:ped)?|off)|" +
     KEY_PARTS + r"(?:disable|skip|no)[._-]?(?:" + SCANNERS + r")\w*",
     ON, "security"),
    (r"allow_force_pushes|allow_deletions", ON, "review"),
    (r"selinux", r"disabled|permissive", "security"),
    (r"fail_under|fail-under|cov-fail-under|minimum_coverage|coverage_threshold|"
     r"min_coverage", r"0(?:\.0+)?", "tests"),  # a coverage gate set to nothing
    (r"open-pull-requests-limit", r"0", "security"),  # dependency updates and alerts off
    # any key whose last part says "insecure", "skip verification" or lets what is unsigned
    # or unverified in (`ALLOW_UNSIGNED_FIRMWARE`, `acceptUntrustedCerts`), set on
    (KEY_PARTS + r"(?:(?:in|un)secure|allowall|trust[_-]?all\w*|trust[_-]?any\w*|"
     r"accept[_-]?all[_-]?certs?|(?:allow|accept|trust|permit)[_-]?(?:un(?:signed|verified|"
     r"trusted)|self[_-]?signed)\w*|"
     r"allow[_-]?(?:in|un)secure\w*|(?:skip|disable|ignore|no)"
     r"[_-]?(?:\w+[_-])?(?:tls|ssl|certs?|verify)\w*|(?:tls|ssl|certs?)[_-]?(?:\w+[_-])?"
     r"(?:skip|insecure|disabled?|ignore|no)[_-]?\w*)",
     ON, "tls"),
    # any key naming a safeguard (in its own words or a config system's: `CONFIG_SECURE_BOOT`,
    # `csrf_enabled`, `EnableFirewall`), set off
    (NOT_NEGATED + KEY_PARTS + OFF_WORD_NOT_FIRST + r"(?:[a-z]+(?=[A-Z]))?(?:enable[_-]?|use[_-]?|"
     r"require[_-]?|enforce[_-]?)?(?:" + GUARDS + r")(?:[._-](?:enabled?|on|check\w*|mode|"
     r"polic(?:y|ies)|level|required|enforced|active|v\d+))*",
     OFF + r"|permissive", "security"),
    # a safeguard named first and what it guards after it (`secure-http`, `ssl.verify.peer`),
    # switched off by a plain boolean: a number or `none` may be a size or a mode there
    (NOT_NEGATED + KEY_PARTS + OFF_WORD_NOT_FIRST + r"(?:enable[_-]?|use[_-]?|require[_-]?)?(?:"
     + GUARDS + r")(?:[._-][^\W_]+)+", r"false|off|no|null|disabled?", "security"),
    # the same safeguard named after a word that turns it off (`DISABLE_SANDBOX=1`,
    # `disableHostnameVerification`: a camelCase word may stand between), or before a last
    # word that picks no check (Kconfig's `CONFIG_BOOT_SIGNATURE_TYPE_NONE=y`), set on
    (KEY_PARTS + r"(?:" + OFF_WORD + r"(?:[._-]|(?-i:(?=[A-Z])))?(?:(?-i:[A-Z][a-z0-9]+)|"
     r"[^\W_]+[._-])?(?:" + GUARDS + r")|(?:" + GUARDS + r")[._-](?:none|off|disabled?|"
     r"skip(?:ped)?|unsigned|insecure))", ON, "security"),
    # a policy engine's enforcement lowered to reporting (Kyverno, Gatekeeper, Azure Policy,
    # Sentinel, rulesets, Istio's mTLS, an admission webhook failing open)
    (KEY_PARTS + r"(?:(?:validation)?failure[_-]?(?:action|policy)|enforcement(?:[_-]?(?:action|"
     r"mode|level))?|enforce[_-]?mode|mtls[._-]mode)",
     r"audit|warn(?:ing)?|dry-?run|permissive|log(?:only)?|monitor\w*|detect(?:ion)?(?:only)?|"
     r"report(?:only)?|advisory|donotenforce|evaluate|ignore|disabled?|off|none", "security"),
    (r"privileged|allowprivilegeescalation|hostpid|hostnetwork", ON, "security"),
    # any key whose own word says it goes around a control (`Safety.InterlockBypass`,
    # `bypass_signature_check`), set on; a proxy's or a cache's bypass is no control
    (r"(?![\w.-]*(?:proxy|cache))" + KEY_PARTS + r"[a-z]*bypass\w*", ON, "security"),
    # a server letting in whoever comes without credentials (Asterisk's `allowguest=yes`, an
    # FTP's `anonymous_enable=YES`, `guest_ok = yes`), or a key that is only "insecure" set to
    # anything but off (Asterisk's `insecure=port,invite`)
    (KEY_PARTS + r"(?:allow[_-]?(?:guests?|anonymous|anon|unauthenticated)\w*|(?:anonymous|"
     r"anon|guest)(?:[_-]| (?=ok\b))?(?:enabled?|ok|access|logins?|allowed)|(?:enable|allow)[_-]?"
     r"(?:anonymous|anon|guest)[_-]?(?:access|logins?|users?)?)",
     ON, "auth"),
    (r"insecure", r"\w+,\w[\w,]*|port|invite|very|yes|true|on|1|all", "auth"),
    # who may connect, opened to everyone (`mynetworks = 0.0.0.0/0`, `source_ranges: ["::/0"]`)
    (KEY_PARTS + r"\w*(?:networks?|cidrs?|(?:source|ip)[_-]?ranges?|allow(?:ed)?[_-]?\w*|"
     r"allowlist|whitelist|trusted[_-]?\w*|acl)\w*", r"\[?[\"']?(?:0\.0\.0\.0/0|::/0)", "security"),
    # every message copied to another address (Postfix `always_bcc`, `sender_bcc_maps`)
    (r"always_bcc|\w*bcc_maps|\w*bcc|forward[_-]?to|redirect[_-]?to|copy[_-]?to",
     r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", "send"),
    # a binary cache or module registry added (Nix substituters, Bazel registries)
    (r"(?:extra-|trusted-)?substituters|extra-trusted-public-keys|trusted-public-keys|"
     r"binary[_-]?caches?", r"\S*\S", "index"),
    # credentials carried along by what a setting includes, forwards, records or exports, in
    # any key's shape (`capture-request-headers`, `headersToCapture`) and any list's
    (KEY_PARTS + r"(?:(?:include|forward|capture|record|log|export|propagate|send|pass|trace)"
     r"[\w-]*?[._-]?headers?|headers?[._-]?(?:to[._-]?)?(?:capture|log|record|forward|"
     r"include|tags?))(?:[._-][^\W_]+)*",
     r"\[?\s*(?:[\"']?[\w-]+[\"']?(?::[\w.-]+)?\s*,\s*)*[\"']?(?:authorization|cookie|"
     r"set-cookie|x-api-key|proxy-authorization)\b", "send"),
    # people's data an SDK or exporter sends along with what it reports (`send_default_pii`)
    (KEY_PARTS + r"send[_-]?default[_-]?pii|(?:capture|include|record|send)[_-]?(?:request|"
     r"response|http)?[_-]?bod(?:y|ies)", ON + r"|all|always", "send"),
    (r"pod-security\.kubernetes\.io/(?:enforce|audit|warn)", r"privileged", "security"),
    (r"(?:frozen|immutable)[-_]?(?:lockfile|install)s?|package-lock|lockfile", OFF,
     "locks"),
    (r"(?:org\.gradle\.)?dependency[._-]verification|verify[_-]?(?:checksums?|signatures?)|"
     r"checksum[_-]?(?:check|verification)", OFF + r"|lenient", "tls"),
    # infrastructure guards: backups, deletion protection, public-access blocks
    (r"backup_retention_period|backup_retention_days|retention_in_days", r"0", "locks"),
    (r"deletion_protection|deletion_protection_enabled|termination_protection|"
     r"prevent_destroy|enable_deletion_protection", OFF, "locks"),
    (r"skip_final_snapshot|force_destroy|force_delete", ON, "locks"),
    (r"block_public_acls|block_public_policy|ignore_public_acls|restrict_public_buckets",
     OFF, "perms"),
]

# Number-valued safeguards: a key counting what a change must pass or how long records are kept,
# lowered to 0 or removed in any language (`thresholds`). (part of the key, effect); a key that
# turns something off when it is 0 (`auto_approve`, `skip_…`) is none of them.
THRESHOLDS: list[tuple[str, str]] = [
    (r"approv(?:al|als|ers?|ing)", "review"),
    (r"reviewers?|review[_-]?count|reviews?[_-]?required|required[_-]?reviews?", "review"),
    (r"fail[_-]?under|coverage[_-]?(?:threshold|min\w*|gate)|min(?:imum)?[_-]?coverage|"
     r"coveragethreshold", "tests"),
    (r"retention", "locks"),
]
NOT_A_THRESHOLD = r"auto|skip|bypass|disable|dangerous|yolo|policy|mode"

# The programs and words a line must name for the command engine to parse it (a prefilter).
_PROGRAMS = ({p for f in FLAGS for p in f.programs} | _PACKAGERS | {"chmod", "gh", "curl", "wget",
                                                                  "mcp"}) - {"go"}
TRIGGER = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(re.escape(p) for p in _PROGRAMS))
                     + r"|go\s+(?:get|install|run|env))(?![\w-])", re.I)
