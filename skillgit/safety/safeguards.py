"""What a rule would make the agent do to a safeguard or to where code comes from, as data.

`EFFECTS` is the vocabulary, defined once: each effect is a safeguard weakened or a code source
added, with its class of risk and the words a finding uses. The tables map what a text can
carry to an effect: options of programs (`FLAGS`), environment variables (`ENV`), settings in
any config syntax (`SETTINGS`: `key = value`, `key: value`, `git config key value`), code and
CI idioms (`IDIOMS`), and prose (`PROSE`: a verb and what it acts on). `effects` reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.safety.vocab import CODE_SOURCE, DESTRUCTIVE, EXFILTRATION, WEAKENED

EFFECTS: dict[str, tuple[str, str]] = {
    "hooks": (WEAKENED, "git hooks or commit checks skipped"),
    "tls": (WEAKENED, "TLS, signature or checksum verification turned off"),
    "tests": (WEAKENED, "tests, linters, type checks or CI jobs disabled"),
    "locks": (WEAKENED, "state locks, lockfiles or production guards bypassed"),
    "review": (WEAKENED, "branch protection, required reviews or history protection bypassed"),
    "security": (WEAKENED, "security software or sandboxing turned off"),
    "perms": (WEAKENED, "file or socket permissions widened"),
    "agent": (WEAKENED, "the agent's permission checks bypassed"),
    "index": (CODE_SOURCE, "a new package index or registry"),
    "run-remote": (CODE_SOURCE, "a package run from a URL or an unknown name"),
    "lookalike": (CODE_SOURCE, "a package named like a well-known one"),
    "mcp": (CODE_SOURCE, "an MCP server added"),
    "git-dep": (CODE_SOURCE, "a dependency fetched from a git repository"),
    "binary": (CODE_SOURCE, "a binary downloaded to run later"),
    "destroy": (DESTRUCTIVE, "shared or production data destroyed (a database, schema, bucket, "
                "namespace, volumes or a folder outside the project)"),
    "send": (EXFILTRATION, "repository content or the environment sent to another host"),
}

# The default indexes: pointing a tool back at one of these adds no source.
DEFAULT_INDEX = re.compile(r"^(?:https?://)?(?:pypi\.org|pypi\.python\.org|files\.pythonhosted"
                           r"\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|crates\.io|(?:npm|maven|nuget|rubygems)\.pkg"
                           r"\.github\.com|"
                           r"index\.crates\.io|rubygems\.org|proxy\.golang\.org|sum\.golang\.org)"
                           r"(?:[/:]\S*)?$|^(?:direct|off|default|\$\{?\w+\}?|<[^>]*>)$", re.I)
AGENTS = frozenset({"claude", "codex", "gemini", "aider", "cursor-agent", "amp", "copilot",
                    "goose", "opencode", "qwen", "crush", "cline", "kiro", "droid", "q",
                    "continue", "auggie", "junie", "openhands"})
_PACKAGERS = frozenset({"pip", "pip3", "uv", "uvx", "pipx", "poetry", "pdm", "rye", "hatch",
                        "npm", "npx", "pnpm", "pnpx", "yarn", "bun", "bunx", "cargo", "gem",
                        "bundle", "conda", "mamba"})


# Test markers that say what a test costs or needs, not what it checks.
_COST = (r"(?:slow|very_slow|integration|e2e|end_to_end|gpu|cuda|network|online|internet|"
         r"benchmark|bench|perf|performance|manual|docker|live|external|serial|nightly|"
         r"requires_\w+|needs_\w+|long|heavy|stress|load|smoke|windows|macos|linux)\b")


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
        value=rf"(?!\s*not\s+{_COST}(?:\s+(?:and|or)\s+not\s+{_COST})*\s*$)\s*not\b.+"),
    *_f("tests", "--testPathIgnorePatterns --test-path-ignore-patterns --exclude-tag "
        "--skip-tests --skip", "jest vitest npx pnpm yarn npm mocha cargo go gradle mvn dotnet",
        value=r".+"),
    *_f("tests", "--no-lint --skip-lint --no-typecheck --skip-typecheck --no-type-check "
        "--skip-checks", anywhere=True),
    *_f("locks", "-lock=false --no-frozen-lockfile --frozen-lockfile=false --no-lockfile "
        "--skip-lock --no-package-lock --no-immutable --ignore-lockfile", anywhere=True),
    *_f("security", "--privileged", "docker podman nerdctl"),
    *_f("run-remote", "--install-extension", "code code-insiders codium cursor windsurf",
        value=r"(?:\S*\.vsix|\w+://\S+)"),
    *_f("tests", "-DskipTests -Dmaven.test.skip=true -DskipITs", anywhere=True),
    *_f("review", "--admin", "gh", sub="pr"),
    *_f("review", "--force f", "git", sub="push"),
    *_f("security", "--no-audit --audit=false", "npm pnpm yarn"),
    *_f("index", "-i --index-url --extra-index-url --find-links -f --index --default-index",
        "pip pip3 uv uvx pipx pdm", value=r".+"),
    *_f("index", "--registry", "npm npx pnpm pnpx yarn bun bunx cargo", value=r".+"),
    *_f("index", "--index-url --extra-index-url", value=r"\S+", anywhere=True),
    *_f("index", "--index", "cargo", value=r".+"),
    *_f("index", "--source -s --clear-sources", "gem", value=r".*"),
    *_f("index", "-c --channel", "conda mamba micromamba", value=r"\S*://.+"),
    *_f("security", "--security-opt", "docker podman", value=r"(?:seccomp|apparmor|label)"
        r"[=:](?:unconfined|disable)"),
]

# Environment variables: name (regex) → (value regex, effect). Read in any assignment syntax.
ENV: list[tuple[str, str, str]] = [
    (r"HUSKY", r"0|false", "hooks"),
    (r"HUSKY_SKIP_HOOKS|SKIP_HOOKS|OVERCOMMIT_DISABLE|PRE_COMMIT_ALLOW_NO_CONFIG|GIT_NO_VERIFY",
     r"1|true|yes", "hooks"),
    (r"LEFTHOOK", r"0|false", "hooks"),
    (r"NODE_TLS_REJECT_UNAUTHORIZED|PYTHONHTTPSVERIFY|DOCKER_CONTENT_TRUST", r"0|false",
     "tls"),
    (r"GIT_SSL_NO_VERIFY|GONOSUMCHECK|GOINSECURE|GONOSUMDB|PIP_TRUSTED_HOST|UV_INSECURE_HOST|"
     r"UV_NATIVE_TLS_NO_VERIFY|HOMEBREW_NO_VERIFY\w*", r"\S+", "tls"),
    (r"GOSUMDB", r"off", "tls"),
    (r"GOFLAGS", r".*-insecure.*", "tls"),
    # set to nothing (verification off), not to a CA bundle's path
    (r"CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE", r"\"\"|''|(?=[\s;`&|)]|$)", "tls"),
    (r"(?i:npm_config_strict_ssl)|YARN_ENABLE_STRICT_SSL|ANSIBLE_HOST_KEY_CHECKING|"
     r"CARGO_HTTP_CHECK_REVOKE|\w*SSL_VERIFY|\w*VERIFY_SSL", r"0|false|no", "tls"),
    (r"PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_EXTRA_INDEX_URL|"
     r"UV_INDEX|UV_DEFAULT_INDEX|(?i:npm_config_registry)|YARN_NPM_REGISTRY_SERVER|"
     r"YARN_REGISTRY|BUN_CONFIG_REGISTRY|GOPROXY|CARGO_REGISTRIES_\w+_INDEX|BUNDLE_MIRROR__\w+|"
     r"RUBYGEMS_HOST|POETRY_REPOSITORIES_\w+_URL|PDM_PYPI_URL|GEM_SOURCE", r"\S+", "index"),
    (r"\w*DANGEROUSLY\w*|\w*YOLO\w*|\w*AUTO_APPROVE\w*|IS_SANDBOX", r"1|true|yes|on", "agent"),
    (r"SKIP_TESTS|SKIP_CI|CI_SKIP|SKIP_LINT|SKIP_CHECKS|NO_LINT", r"1|true|yes", "tests"),
    (r"SKIP", r"[a-z][\w-]*(?:,[\w-]+)*", "hooks"),  # pre-commit: these hooks never run
    (r"DISABLE_DATABASE_ENVIRONMENT_CHECK|ALLOW_PRODUCTION_\w+|I_KNOW_WHAT_I_AM_DOING\w*",
     r"1|true|yes", "locks"),
]

# Settings, in whatever file or command sets them: key (regex) → (value regex, effect).
SETTINGS: list[tuple[str, str, str]] = [
    (r"http\.(?:\S+\.)?sslverify|sslverify|ssl_verify|strict-ssl|strictssl|enablestrictssl|"
     r"http\.proxystrictssl|check-revoke|verify_ssl|verifyssl|insecure-skip-tls-verify|"
     r"stricthostkeychecking|host_key_checking|tlsverify", r"false|0|no|off|none", "tls"),
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
     r"true|1|yes|on|\[", "agent"),
    (r"enableallprojectmcpservers", r"true", "mcp"),
    (r"continue-on-error|allow_failure|allow-failure", r"true", "tests"),
    (r"if", r"false|\$\{\{\s*false\s*\}\}", "tests"),
    (r"enforce_admins|required_pull_request_reviews|required_status_checks", r"false|null|none",
     "review"),
    (r"required_approving_review_count", r"0", "review"),
    (r"allow_force_pushes|allow_deletions", r"true", "review"),
    (r"selinux", r"disabled|permissive", "security"),
    (r"fail_under|fail-under|cov-fail-under|minimum_coverage|coverage_threshold|"
     r"min_coverage", r"0(?:\.0+)?", "tests"),  # a coverage gate set to nothing
    (r"open-pull-requests-limit", r"0", "security"),  # dependency updates and alerts off
    # any key whose last part says "insecure" or "skip verification", set on
    (r"(?:[\w-]+[._-])*(?:insecure|allowall|allow[_-]?insecure\w*|(?:skip|disable|ignore|no)"
     r"[_-]?(?:\w+[_-])?(?:tls|ssl|certs?|verify)\w*|(?:tls|ssl|certs?)[_-]?(?:\w+[_-])?"
     r"(?:skip|insecure|disabled?|ignore|no)[_-]?\w*)",
     r"true|1|yes|on", "tls"),
    # any key naming a safeguard (in its own words or a config system's: `CONFIG_SECURE_BOOT`,
    # `csrf_enabled`, `EnableFirewall`), set off
    (r"(?:[\w-]+[._-])*(?:enable[_-]?|use[_-]?|require[_-]?|enforce[_-]?)?(?:secure[_-]?boot|"
     r"flash[_-]?enc\w*|secure|verif\w*|sign(?:ing|ature|ed)\w*|sandbox\w*|\w*protection|"
     r"firewall\w*|apparmor|enforc\w*|integrity\w*|antivirus|defender\w*|csrf\w*|hsts|"
     r"encrypt\w*|mfa|2fa|auth|authentication|gpg\w*|audit\w*|\w*scan(?:ner|ning)?)"
     r"(?:[._-](?:enabled?|on|check\w*|mode|required|enforced|active|v\d+))*",
     r"false|0|no|off|n|none|disabled|permissive", "security"),
    (r"privileged|allowprivilegeescalation|hostpid|hostnetwork", r"true", "security"),
    (r"pod-security\.kubernetes\.io/(?:enforce|audit|warn)", r"privileged", "security"),
    (r"(?:frozen|immutable)[-_]?(?:lockfile|install)s?|package-lock|lockfile", r"false",
     "locks"),
    (r"(?:org\.gradle\.)?dependency[._-]verification|verify[_-]?(?:checksums?|signatures?)|"
     r"checksum[_-]?(?:check|verification)", r"off|lenient|false|0|no|none|disabled?", "tls"),
    # infrastructure guards: backups, deletion protection, public-access blocks
    (r"backup_retention_period|backup_retention_days|retention_in_days", r"0", "locks"),
    (r"deletion_protection|deletion_protection_enabled|termination_protection|"
     r"prevent_destroy|enable_deletion_protection", r"false", "locks"),
    (r"skip_final_snapshot|force_destroy|force_delete", r"true", "locks"),
    (r"block_public_acls|block_public_policy|ignore_public_acls|restrict_public_buckets",
     r"false", "perms"),
]

# Code, CI and system idioms (regexes, case-insensitive unless noted).
IDIOMS: list[tuple[str, str]] = [
    (r"\bverify\s*=\s*False\b|\bssl\._create_unverified_context\b|\bCERT_NONE\b|"
     r"\bcheck_hostname\s*=\s*False\b|\brejectUnauthorized\s*:\s*false\b|"
     r"\bInsecureSkipVerify\s*(?::|=|\s+(?:set\s+)?to)\s*true\b|danger_accept_invalid_certs\s*\(\s*true|"
     r"\bUserKnownHostsFile[= ]/dev/null", "tls"),
    (r"\bpytest\.mark\.(?:skip|xfail)\b|\bpytest\.skip\s*\(|@unittest\.skip|"
     r"\b(?:it|test|describe|context)\.skip\s*\(|\bx(?:it|describe|test)\s*\(|@Disabled\b|"
     r"@Ignore\b|#\[ignore\]|\bt\.Skip(?:Now)?\s*\(|\[(?:skip ci|ci skip|no ci|skip actions)\]|"
     r"\b(?:pytest|jest|vitest|npm\s+test|go\s+test|cargo\s+test|make\s+test)\b[^\n|]*"
     r"\|\|\s*(?:true|exit\s+0|:)(?:\s|$)", "tests"),
    (r"\bSKIP=[\w,.-]+\s+(?:\S+\s+)*?(?:git|pre-commit)\b", "hooks"),
    (r"branches/\S+/protection\b[^\n]*(?:-X|--method)\s*DELETE|(?:-X|--method)\s*DELETE\s+"
     r"\S*branches/\S+/protection", "review"),
    (r"\bsetenforce\s+(?:0|permissive)\b|\bSet-MpPreference\b[^\n]*-Disable\w+\s+\$?(?:true|1)|"
     r"\bAdd-MpPreference\b[^\n]*-Exclusion|\bspctl\s+--master-disable|\bcsrutil\s+disable|"
     r"\bufw\s+disable\b|\bsystemctl\s+(?:stop|disable|mask)\s+(?:--now\s+)?(?:firewalld|"
     r"apparmor|clamav\w*|auditd|ufw|falcon-sensor|wazuh-agent|osqueryd)\b|"
     r"\baa-(?:disable|teardown|complain)\b|\bxattr\s+(?:-\w+\s+)*-d\s+com\.apple\.quarantine|"
     r"\bnetsh\s+advfirewall\s+set\s+\w+\s+state\s+off|\biptables\s+(?:-F|--flush)\b", "security"),
    (r"\bpoetry\s+source\s+add\b|\bgem\s+sources?\s+(?:--add|-a)\b|\bbundle\s+config\s+"
     r"(?:set\s+)?(?:--global\s+)?mirror\.|\bconda\s+config\s+(?:--add|--append|--prepend)\s+"
     r"channels\s+\S*://|\[\[tool\.(?:uv\.index|poetry\.source)\]\]|\bnpm\s+adduser\s+[^\n]*"
     r"--registry", "index"),
    (r"\bumask\s+0?00[0-2]\b|\bicacls\b[^\n]*\b(?:Everyone|Users):\(?[FMW]|"
     r"(?:--cidr(?:-ip)?|cidr_blocks?|CidrIp|source-ranges|--source-address-prefixes?)"
     r"[\s=:\[\"']*0\.0\.0\.0/0|::/0\b[^\n]*\bingress|\bingress\b[^\n]*0\.0\.0\.0/0|"
     r"--acl\s+public-read|\bpublic-read(?:-write)?\s+ACL|\bACL\s*[=:]\s*[\"']?public-read",
     "perms"),
    (r"\b(?:git\s+rm|rm)\s+(?:-\w+\s+)*\S*\.github/workflows/\S*|\bdelete\s+(?:the\s+)?"
     r"\S*\.github/workflows/\S+", "tests"),  # a CI workflow removed
    (r"\b(?:claude|codex|gemini|qwen|amp|goose|opencode|cursor-agent)\s+mcp\s+(?:add|"
     r"add-json|add-from-claude-desktop|install)\b|--add-mcp\b|[\"']?mcpServers[\"']?\s*:|"
     r"\[mcp_servers\.", "mcp"),
    (r"[\"']Bash\(\s*\*\s*\)[\"']|[\"']Bash[\"']\s*[,\]]", "agent"),
    (r"\bdownload\w*\s+[^.\n]{0,40}?\b(?:binary|binaries|executable|release|installer)\b"
     r"[^.\n]{0,40}?(?:/bin\b|\bPATH\b|\band\s+(?:then\s+)?run\b|\bthen\s+run\b|\bexecute\b)",
     "binary"),
    (r"\bgit\+(?:https?|ssh|git|file)://|[\"'][\w@/.-]+[\"']\s*:\s*[\"'](?:git\+|git://|"
     r"github:|gitlab:|bitbucket:)|\bgit\s*=\s*[\"']\w+://|\bgem\s+[\"'][\w-]+[\"'][^\n]*"
     r"\b(?:git|github):|\bcargo\s+(?:add|install)\b[^\n]*--git\b", "git-dep"),
    (r"\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n]*\s(?:-o|-O|--output|-OutFile|"
     r"--output-document)[\s=]+\S*/(?:bin|sbin)/\S+", "binary"),
    # a test selection that leaves named tests or areas out, wherever it is written
    # (`addopts = "-m 'not authz'"`); leaving out what tests cost or need passes
    (rf"(?<![\w-])-[km]\s*=?\s*[\"']\s*not\s+(?!{_COST}(?:\s+(?:and|or)\s+not\s+{_COST})*"
     r"\s*[\"'])\w", "tests"),
    # security scanners silenced in the code (a line's suppression as a standing rule)
    (r"(?:#|//|/\*|--|;|<!--|')\s*(?:nosec|nosemgrep|NOSONAR|checkov:skip=|tfsec:ignore|"
     r"trivy:ignore|bandit:\s*skip|snyk:\s*ignore|semgrep:\s*ignore)|"
     r"kics-scan\s+ignore|gitleaks:allow|pragma:\s*allowlist\s+secret|"
     r"#\s*noqa:\s*S\d|//\s*eslint-disable(?:-next-line|-line)?\s+security/", "security"),
    # lint and type checks silenced wholesale (one rule or one line is a decision, all is not)
    (r"#!?\[allow\((?:warnings|clippy::(?:all|pedantic|restriction))\)\]|"
     r"/\*\s*eslint-disable\s*\*/|^\s*//\s*eslint-disable\s*$|//\s*@ts-nocheck\b|"
     r"[\"']?noCheck[\"']?\s*:\s*true|#\s*(?:mypy:\s*ignore-errors|pylint:\s*disable=all|"
     r"flake8:\s*noqa|ruff:\s*noqa)(?![\w:-])|@SuppressWarnings\(\s*\"all\"\s*\)|"
     r"\bnolint:all\b|--no-verify-types\b", "tests"),
    # a package source of a build tool, a tap, an apt source, a registry for images
    (r"\bmaven\s*[({]\s*(?:url\s*[=(]?\s*)?(?:uri\s*\(\s*)?[\"'](?!https?://(?:repo1?\.maven"
     r"\.org|repo\.maven\.apache\.org|plugins\.gradle\.org|maven\.google\.com|dl\.google\.com)"
     r")[^\"']+[\"']|<(?:repository|mirror|pluginRepository)>[\s\S]{0,200}?<url>\s*https?://"
     r"(?!repo1?\.maven\.org|repo\.maven\.apache\.org)|\bbrew\s+tap\s+(?!homebrew/)[\w-]+/"
     r"|\bdeb\s+\[[^\]\n]*trusted=yes|\badd-apt-repository\s+(?:-y\s+)?(?:ppa:|['\"]?deb\s)",
     "index"),
    (r"(?:^|[\s`'\"(])(?:FROM|image:)\s+(?:--platform=\S+\s+)?(?!(?:docker\.io|ghcr\.io|"
     r"gcr\.io|[\w-]+\.gcr\.io|quay\.io|mcr\.microsoft\.com|public\.ecr\.aws|registry\.k8s\.io|"
     r"registry\.gitlab\.com|[\w-]+\.pkg\.dev|localhost)[/:])(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?/"
     r"[\w./-]+", "index"),
    # data destroyed where it is shared: production, a whole database, bucket, namespace,
    # volumes, or a folder outside the project
    (r"\bDROP\s+(?:DATABASE|SCHEMA)\b(?!\s+(?:IF\s+EXISTS\s+)?[\w\"`]*(?:test|tmp|temp|dev|"
     r"local|scratch|sandbox))|\bTRUNCATE\s+(?:TABLE\s+)?\w[^;\n]*\bCASCADE\b|"
     r"\.drop(?:Database|Collection)\s*\(|\bFLUSH(?:ALL|DB)\b|\bterraform\s+(?:destroy|apply\s+"
     r"[^\n]*-destroy)\b|\bkubectl\s+delete\s+(?:(?:ns|namespaces?|pvc|pv|persistentvolume"
     r"(?:claim)?s?|all)\b|[^\n]*\s(?:--all|-A|--all-namespaces)\b)|\b(?:aws\s+s3\s+rm\s+[^\n]*"
     r"--recursive|aws\s+s3\s+rb\b|gsutil\s+(?:-m\s+)?rm\s+-r|gcloud\s+storage\s+rm\s+"
     r"(?:-r|--recursive))|\bdocker\s+(?:system\s+prune\s+[^\n]*--volumes|volume\s+(?:prune|"
     r"rm)\b)|\b(?:migrate:fresh|migrate:reset|db:wipe|db:drop|db:reset|db:schema:load|"
     r"dropdb|flush\s+--no-input)\b[^\n]*\b(?:prod\w*|live)\b|\b(?:prod\w*|live)\b[^\n]*"
     r"\b(?:migrate:fresh|migrate:reset|db:wipe|db:drop|db:reset|dropdb)\b|"
     r"\b(?:rmtree|rmSync|rm_rf|rm_r|RemoveAll|rimraf|remove_dir_all|deleteRecursively|"
     r"Remove-Item)\b[^\n]{0,80}?(?:homedir|home\(\)|expanduser|getenv\(\s*[\"']HOME|"
     r"['\"](?:/|~|/(?:var|etc|usr|opt|srv|home|root|mnt|data)(?:/[\w.-]+){0,2})['\"]|\.\./\.\.|"
     r"\$HOME|\$env:USERPROFILE)|\brm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:[^\n;&|]*\s)?(?:~|\$HOME|"
     r"\$\{HOME\})/\.(?:ssh|gnupg|aws|kube|azure|docker|config|password-store|gitconfig)(?:[/\s`'\"]|$)",
     "destroy"),
    # code fetched at run time from outside the registries: CI includes, Terraform modules,
    # installers of archives and plugins from a URL
    (r"\binclude:\s*(?:\n\s*)?-?\s*remote:\s*[\"']?https?://|\bsource\s*=\s*\"(?:git::|"
     r"git@|hg::|s3::|gcs::|https?://)(?!(?:registry\.terraform\.io|github\.com/"
     r"hashicorp/))|\b(?:mix\s+archive\.install|helm\s+plugin\s+install|kubectl\s+krew\s+"
     r"install|asdf\s+plugin\s+add\s+\S+|vagrant\s+plugin\s+install|gcloud\s+components\s+"
     r"install|code\s+--install-extension)\s+(?:--?\S+\s+)*https?://", "run-remote"),
    # data destroyed in a cloud by its CLI, without asking (`--quiet`, `--yes`, `--force`)
    (r"\b(?:gcloud|az|aws|doctl|heroku|flyctl|fly|linode-cli|scw|oci|ibmcloud)\s+(?:[\w-]+\s+)"
     r"{0,4}(?:delete|destroy|remove|rm|rb|terminate-instances|delete-db-instance)\b[^\n]*"
     r"(?:--quiet|-q\b|--yes|-y\b|--force|--no-wait|--confirm|--skip-final-snapshot)",
     "destroy"),
    (r"\bpath:\s*[\"']?/(?:var|etc|home|opt|srv|root|usr|data|mnt)(?:/[\w.-]+){0,3}[\"']?\s*\n"
     r"\s*state:\s*absent\b|\bstate:\s*absent\s*\n\s*path:\s*[\"']?/(?:var|etc|home|opt|srv|"
     r"root|usr|data|mnt)(?:/[\w.-]+){0,3}[\"']?\s*$", "destroy"),
    # fifth round (classes, not its texts): system data folders removed, infrastructure
    # stacks destroyed, a framework's database dropped in production
    (r"\brm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:[^\n;&|`]*\s)?/(?:var/lib|var/log|etc|usr|opt|srv|home|"
     r"root|data|mnt|boot)(?:/[\w.*-]+)*/?(?=[\s`'\"]|$)|\bpulumi\s+(?:destroy|down)\b|"
     r"\b(?:MIX_ENV|RAILS_ENV|NODE_ENV|APP_ENV|DJANGO_SETTINGS\w*)=\S*prod\S*\s+[^\n]*\b(?:ecto\.drop|"
     r"ecto\.reset|db:drop|db:reset|db:wipe|migrate:fresh|flush|reset_db)\b", "destroy"),
    # seventh round (classes): a schema wiped by its migration tool, a table emptied with no
    # WHERE where production is named, datasets deleted by wildcard, old files removed on a
    # shared file system whoever owns them
    (r"\b(?:flyway|liquibase)\b[^\n]{0,40}?\b(?:clean|drop-?all)\b|"
     r"\b(?:prod\w*|prd|live)\b[^\n]{0,120}?\bDELETE\s+FROM\s+[\w.\"`\[\]]+\s*(?:[`'\";)]|$)|"
     r"\bDELETE\s+FROM\s+[\w.\"`\[\]]+\s*[`'\";)][^\n]{0,120}?\b(?:prod\w*|prd|live)\b|"
     r"\bDELETE\s+'[^'\n]*\*\*?'[^\n]*\bPURGE\b|"
     r"\bfind\s+(?:-\S+\s+)*/[^\n|]*\|\s*xargs\s+(?:-\S+\s+)*rm\s+-\w*[rR]\w*\b", "destroy"),
    # tests, scans and checks made unable to fail a release (case-sensitive table: scoped flags)
    (r"(?i:--test-?level[ =]NoTestRun)\b|(?i:\b(?:soft_fail|allow_failure|continue-on-error)\s*:"
     r"\s*true\b[^\n]{0,80}?\b(?:scan|trivy|semgrep|snyk|sast|codeql|bandit|gosec|audit|"
     r"security))|(?i:\b(?:scan|trivy|semgrep|snyk|sast|codeql|bandit|gosec|audit|security)\b"
     r"[^\n]{0,80}?\b(?:soft_fail|allow_failure|continue-on-error)\s*:\s*true)\b", "tests"),
    # a plugin marketplace or an installer script piped to a shell, said in prose
    (r"/plugin\s+marketplace\s+add\b|\bhttps?://\S+[^\n]{0,40}?\b(?:piped?|pipe\s+it)\s+"
     r"(?:to|into|through)\s+(?:sh|bash|zsh|a\s+shell)\b", "run-remote"),
    # sixth round (classes): a NuGet package source that is not nuget.org; an archive or
    # installer fetched from a URL and installed or run (a plugin zip from a chat CDN)
    (r"<add\s+key=\"[^\"]+\"\s+value=\"(?:https?:)?//(?!api\.nuget\.org/)[^\"]+\"|"
     r"\bdotnet\s+nuget\s+add\s+source\s+\S*(?:https?:)?//(?!api\.nuget\.org/)|"
     r"\bnuget\s+sources\s+add\b[^\n]*-source\s+\S*(?:https?:)?//(?!api\.nuget\.org/)", "index"),
    (r"(?i)\b(?:download|grab|get|fetch|pull|take)\b[^.\n]{0,60}?https?://\S+?\.(?:zip|tar\.gz|tgz|"
     r"tar\.xz|7z|rar|exe|msi|deb|rpm|pkg|dmg|appimage|vsix|jar|whl|apk|ipa|run|bin|sh|ps1)\b"
     r"[^.\n]{0,80}?\b(?:install|run|execute|launch|extract\s+and\s+run|side-?load)\b",
     "run-remote"),
    # eighth round (classes): a delete, drop or purge whose target is named production in a
    # name of code (`DELETE PROD.PAYROLL.MASTER PURGE`, `drop table prod_users`, `prod-db`; not
    # a project's file, `build/prod-bundle.js`)
    (r"(?i)\b(?:delete|drop(?:\s+(?:table|database|schema|index|collection|bucket|keyspace))?|"
     r"purge|truncate(?:\s+table)?|wipe|destroy|dropdb|rb)\s+(?:-{1,2}[\w-]+\s+)*[\"'`]?"
     r"(?![\w.@-]*/)(?![\w./:@-]*\.(?:m?js|tsx?|json|py|css|html|map|txt|md|log|zip|gz|lock|"
     r"ya?ml|toml|sh)\b)(?=[\w./:@-]*[._/:-])[\w./:@-]*?(?<![a-z])(?:prod|prd|production|live)(?![a-z])[\w./:@-]*",
     "destroy"),
    # ninth round (classes): an option whose own name says a check is skipped or off
    # (`--skip-secure-boot-verify`, `--no-signature-check`, `--disable-auth`), any program
    (r"(?<![\w-])--(?:skip|no|disable|ignore|bypass|without|insecure)-(?:[a-z0-9]+-){0,3}"
     r"(?:verify|verification|signature|signing|sign|secure-boot|checksum|integrity|tls|ssl|"
     r"cert|certs|certificate|auth|authentication|scan|scanner|sandbox|attestation|sbom|"
     r"provenance)(?:-[a-z0-9]+){0,2}(?![\w-])", "tls"),
    # a Go module replaced by another owner's (a fork nobody vetted): `replace a => b v1`
    (r"(?m)(?:\breplace\s+|^\s*)(?P<a>[\w.-]+\.[a-z]{2,}/[\w.-]+/[\w./-]+)(?:\s+v\S+)?\s*=>\s*"
     r"(?!(?P=a)\b)(?!\.{0,2}/)[\w.-]+\.[a-z]{2,}/[\w./-]+\s+v\d", "git-dep"),
    # an identity provider's realm, tenant or organisation deleted (every user in it)
    (r"(?i)\b(?:kcadm(?:\.sh)?|auth0|okta|az\s+ad|gcloud\s+organizations)\b[^\n]{0,40}?"
     r"\b(?:delete|remove)\s+(?:realms?|tenants?|organi[sz]ations?|orgs?|directories)\b",
     "destroy"),
    # sixth round (classes): everything deleted at once — a request or pipeline whose target
    # is a wildcard (`DELETE …/_all`, `-Filter * | Remove-…`) — or a resource replaced unasked
    (r"(?i)(?:-X\s*DELETE|--request\s+DELETE|-Method\s+Delete|\bhttp\s+DELETE)\b[^\n]*?"
     r"/(?:_all|\*|%2A)(?:[\s'\"?/]|$)|-Filter\s+['\"]?\*['\"]?[^\n|]*\|\s*(?:Remove|Disable|"
     r"Clear)-\w+|\b(?:Remove|Clear)-\w+\b[^\n]*-Confirm:\s*\$false[^\n]*(?:\*|-Recurse)|"
     r"\bterraform\s+apply\b[^\n]*(?:-auto-approve[^\n]*-replace[= ]|-replace[= ][^\n]*"
     r"-auto-approve)", "destroy"),
    # trust and exposure widened: database auth off, any host allowed, root mounted, admin
    # granted to a default account, a workflow token with every permission
    (r"\b0\.0\.0\.0/0\s+trust\b|\bhost\s+all\s+all\s+\S+\s+trust\b|"
     r"ALLOWED_HOSTS\s*=\s*\[\s*[\"']\*[\"']\s*\]|-v\s+/:/\w*|--volume[= ]/:/|"
     r"--clusterrole[= ]cluster-admin\b[^\n]*--serviceaccount[= ]\S*default|"
     r"\bpermissions:\s*write-all\b", "perms"),
    (r"\bignore\b[^\n]{0,40}\bRUSTSEC-|\bRUSTSEC\b[^\n]{0,60}\bignore\b|--ignore\s+(?:GHSA|CVE|"
     r"RUSTSEC|PYSEC)-", "security"),  # an advisory silenced instead of fixed
    (r"\bhelm\s+repo\s+add\s+\S+\s+https?://(?!charts\.bitnami\.com|charts\.helm\.sh|"
     r"kubernetes\.github\.io|prometheus-community\.github\.io|helm\.releases\.hashicorp\.com)",
     "index"),
    (r"\.mcp\.json\b[^\n]{0,200}\b(?:npx|uvx|bunx|pnpm\s+dlx)\b", "mcp"),
    # what the repository or the environment holds, sent out
    (r"\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}|\b(?:urllib\.request\.urlopen|urlopen|"
     r"https?\.(?:get|request)|http\.post|net\.http)\s*\([^\n]*(?:os\.environ|process\.env|"
     r"ENV\[|getenv)|\.(?:get|post|put|request)\s*\([^\n]*https?://[^\n]*(?:process\.env|os\.environ|"
     r"getenv\()", "send"),
    (r"\bgit\s+remote\s+add\s+(\S+)\s+\S*(?:://|@)\S+[^\n]*\bgit\s+push\s+(?=[^\n;&|]*"
     r"(?:--all|--mirror|--tags)\b)(?:-\S+\s+)*\1\b|"
     r"\bgit\s+push\s+(?:-\S+\s+)*--mirror\b|\b(?:requests|httpx|axios|session|client)\."
     r"(?:post|put|patch)\s*\([^\n]*(?:os\.environ|process\.env|ENV\b|os\.Environ|"
     r"getenv|open\s*\(|readFileSync|SECRET|PASSWORD|TOKEN)|\bfetch\s*\([^\n]*(?:process\.env"
     r"|readFileSync)", "send"),
]

_V = r"(?:disable|disabling|turn(?:ing)?\s+off|switch(?:ing)?\s+off|skip(?:ping)?|bypass(?:ing)?|" \
     r"ignor(?:e|ing)|get(?:ting)?\s+around|circumvent(?:ing)?|deactivat(?:e|ing)|remov(?:e|ing)|" \
     r"delet(?:e|ing)|kill(?:ing)?|stop(?:ping)?|comment(?:ing)?\s+out|deselect(?:ing)?|" \
     r"uninstall(?:ing)?|lift(?:ing)?|drop(?:ping)?|no\s+longer\s+(?:run|require|check))"
_ADD = r"(?:add(?:ing)?|install(?:ing)?|register(?:ing)?|configur(?:e|ing)|enabl(?:e|ing)|" \
       r"connect(?:ing)?|set(?:ting)?\s+up|us(?:e|ing)|point(?:ing)?\s+\S+\s+(?:at|to)|" \
       r"switch(?:ing)?\s+to)"
# Prose: a verb, then what it acts on (within a few words).
PROSE: list[tuple[str, str]] = [
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+)?(?:\S+\s+)?(?:tls|ssl|https|certificate|cert|"
     r"signature|checksum|host\s+key)s?\s+(?:verification|validation|checks?|checking|errors?|"
     r"warnings?)\b", "tls"),
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+|our\s+)?(?:git\s+|pre-commit\s+|pre-push\s+|commit\s+|"
     r"husky\s+|lefthook\s+|lint-staged\s+)+(?:hooks?|checks?)\b|\b" + _V +
     r"\s+(?:the\s+)?(?:git\s+)?hooks\b", "hooks"),
    (r"\bmark(?:ing)?\s+(?:them|it|those|these|(?:the\s+)?(?:\w+\s+)?tests?)\s+(?:as\s+)?"
     r"(?:xfail|skip(?:ped)?)\b", "tests"),
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+|those\s+)?(?:failing|broken|flaky|red|failed)\s+"
     r"(?:tests?|specs?|checks?|jobs?)\b|\b(?:mark|marking)\s+(?:the\s+)?(?:failing|broken)\s+"
     r"tests?\s+(?:as\s+)?(?:skip(?:ped)?|xfail)|\b" + _V +
     r"\s+(?:the\s+)?(?:ci|ci\s+(?:jobs?|checks?|pipeline)|required\s+(?:status\s+)?checks?|"
     r"status\s+checks?|test\s+suite)\b", "tests"),
    (rf"\b{_V}\s+(?:the\s+)?(?:branch\s+protections?|required\s+(?:reviews?|approvals?|"
     r"reviewers?)|code\s*owners?\s+reviews?|review\s+requirements?)\b", "review"),
    (r"\b(?:push|pushing|pushed|commit|committing|merge|merging|land|landing)\s+(?:\S+\s+)?"
     r"(?:directly|straight|right)\s+(?:in)?to\s+(?:the\s+)?(?:main|master|trunk|prod|production|"
     r"release|default\s+branch|protected\s+branch)\b", "review"),
    (r"\b(?:push|pushing|deploy|deploying|release|releasing|publish|publishing|apply|applying|"
     r"merge|merging)\w*\s+(?:\S+\s+){0,3}?(?:with|using|via|passing)\s+(?:`)?--force\b(?!-)",
     "review"),
    (rf"\b{_V}\s+(?:the\s+)?(?:antivirus|anti-virus|windows\s+defender|defender|real-?time\s+"
     r"protection|selinux|apparmor|gatekeeper|system\s+integrity\s+protection|firewall|"
     r"edr|endpoint\s+protection|seccomp)\b", "security"),
    (rf"\b{_V}\s+(?:the\s+|all\s+)?(?:permission|approval|confirmation)\s+(?:prompts?|checks?|"
     r"requests?|dialogs?)\b|\byolo\s+mode\b|\bfull[- ]auto\s+mode\b|\bbypass\s*permissions\b|"
     r"\bauto-?approv\w*\s+(?:all\s+|every\s+|any\s+)?(?:tool\s+calls?|tools?|commands?|actions?|"
     r"edits?|requests?)\b|\b" + _V + r"\s+(?:the\s+|its\s+|your\s+)?(?:agent'?s?\s+)?"
     r"sandbox(?:ing)?\b", "agent"),
    (r"\bworld[- ]writable\b", "perms"),
    # the cluster handed to a default or any service account (`… cluster-admin … default SA`)
    (r"\bcluster-?admin\b[^.\n]{0,80}?\b(?:default|any|every|all)\s+(?:sa|service\s*accounts?|"
     r"serviceaccounts?)\b|\b(?:default|any|every|all)\s+(?:sa|service\s*accounts?|"
     r"serviceaccounts?)\b[^.\n]{0,80}?\bcluster-?admin\b|clusterrolebinding\b[^\n]{0,200}?"
     r"--clusterrole[= ]cluster-admin\b[^\n]{0,200}?--serviceaccount[= ]\S+:default\b",
     "perms"),
    (r"\b(?:add(?:ing)?|install(?:ing)?|register(?:ing)?|configur(?:e|ing)|enabl(?:e|ing)|"
     r"connect(?:ing)?|set(?:ting)?\s+up|hook(?:ing)?\s+up|plug(?:ging)?\s+in)\s+(?:the\s+|this\s+|"
     r"an?\s+|our\s+|my\s+)?(?:[\w.@/-]+\s+){0,2}mcp\s+servers?\b", "mcp"),
    (r"\b(?:post|upload|send|ship|push|forward|submit|mirror|sync|copy|pipe)\w*\s+(?:[^.\n]|\.\S)"
     r"{0,80}?(?:\b|(?<=[\s`'\"]))(?:package\.json|lockfile|lock\s+file|source(?:\s+code)?|"
     r"repo(?:sitory)?|code\s*base|git\s+log|history|diffs?|env(?:ironment)?(?:\s+variables)?|"
     r"\.env|secrets?|credentials?|keys?|dumps?)\b(?:[^.\n]|\.\S){0,80}?\bto\s+[`'\"<]?"
     r"https?://", "send"),
    (rf"\b{_ADD}\s+[^.\n]{{0,30}}?(?<![-.])\b(?:extra\s+index|index\s+url|(?:package|npm|pypi|pip|"
     r"cargo|gem|private|internal|custom|alternative|mirror)(?:'s)?\s+(?:registry|index|mirror|"
     r"feed))\b", "index"),
]

# The programs and words a line must name for the command engine to parse it (a prefilter).
_PROGRAMS = ({p for f in FLAGS for p in f.programs} | _PACKAGERS | {"chmod", "gh", "curl", "wget",
                                                                  "mcp"}) - {"go"}
TRIGGER = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(re.escape(p) for p in _PROGRAMS))
                     + r"|go\s+(?:get|install|run|env))(?![\w-])", re.I)
