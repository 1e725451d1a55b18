"""The tables of what a text says rather than what a command's options say: code, CI and
system idioms (`verify=False`, `pytest.mark.skip`, a CSP's `'unsafe-eval'`); prose ("disable
the pre-commit hooks", "add the internal registry") is `prose_idioms.py`. Each row is (regex,
effect); `effects` reads them with the same polarity as every other row."""

from __future__ import annotations

from skillgit.safety.checkers import CHECKER_IDIOMS
from skillgit.safety.practices import PRACTICE_IDIOMS
from skillgit.safety.safeguards import COST

# A browser's cookie or token store read (not written), and a request that carries data to a
# host: a beacon, an image, a body or a URL built from it (a token in an `Authorization`
# header, or a request to the page's own origin, is the store's ordinary use); a whole cookie
# jar (an extension's cookie API) with any request at all
BROWSER_STORE = (r"\bdocument\.cookie\b(?!\s*=[^=])|\b(?:local|session)Storage\b"
                 r"(?!\.(?:setItem|removeItem|clear)\b)")
TO_A_HOST = (r"\bnavigator\.sendBeacon\s*\(|\bnew\s+Image\b|\.src\s*=\s*[`'\"]https?://|"
             r"\bfetch\s*\(\s*[`'\"]https?://(?:[^\n]{0,200}?\bbody\s*:|[^`'\"\n]*(?:[`'\"]\s*\+|"
             r"\$\{))|\bopen\s*\(\s*['\"]POST['\"]\s*,\s*['\"]https?://|(?<![\w$])(?:axios|\$)\."
             r"post\s*\(\s*[`'\"]https?://|\bnew\s+WebSocket\s*\(")
COOKIE_JAR = r"\b(?:chrome|browser)\.cookies\.get\w*|\bcookieStore\.get\w*"
# The credentials an incoming request carries, as server code reads them (`request.headers.get(
# 'Authorization')`, `req.headers.cookie`, `request.COOKIES`): put into the URL of a request
# the code makes (concatenated or templated into it, not passed on in a header), they leave for
# whatever host that URL names; so does the whole environment (a worker's `env` bindings,
# `process.env`, `os.environ`), encoded into a host name or a path (one named value, `env.API`,
# is a setting the code reads)
WHOLE_ENV = r"(?<![\w.$])(?:process\.env|os\.environ|env)\b(?!\s*(?:\?\.|\.|\[)\s*[\w'\"`])"
INCOMING_CREDENTIAL = (r"\b(?:req|request|ctx|event|c)(?:\.request)?\.(?:headers(?:\.get\s*\(\s*|"
                       r"\s*\[\s*)[`'\"](?:authorization|cookie|x-api-key)[`'\"]|headers\."
                       r"(?:authorization|cookie)\b|cookies\b)")
CREDENTIAL_IN_URL = (rf"\bfetch\s*\(\s*(?:[^,()\n]|\([^()\n]*\)){{0,80}}?(?:\+|\$\{{)"
                     rf"[^,\n]{{0,80}}?(?:{INCOMING_CREDENTIAL}|{BROWSER_STORE}|{COOKIE_JAR}|"
                     rf"{WHOLE_ENV})")
ANY_REQUEST = (rf"{TO_A_HOST}|\bfetch\s*\(|\bXMLHttpRequest\b|\.send\s*\(|(?<![\w$])(?:axios|\$)"
               r"\.(?:post|put|ajax)\b")

# Code, CI and system idioms (regexes, case-insensitive unless noted).
IDIOMS: list[tuple[str, str]] = [
    *CHECKER_IDIOMS, *PRACTICE_IDIOMS,
    (rf"(?:{BROWSER_STORE})[^\n]{{0,200}}?(?:{TO_A_HOST})|(?:{TO_A_HOST})[^\n]{{0,200}}?"
     rf"(?:{BROWSER_STORE})|(?:{COOKIE_JAR})[^\n]{{0,200}}?(?:{ANY_REQUEST})|(?:{ANY_REQUEST})"
     rf"[^\n]{{0,200}}?(?:{COOKIE_JAR})", "send"),
    (CREDENTIAL_IN_URL, "send"),
    # a content security policy that lets any script run: its own keywords say unsafe, or a
    # source is every host
    (r"'unsafe-(?:eval|inline|hashes)'|\b(?:script|default|connect|object)-src\b[^;\"\n]*?\s"
     r"(?:\*|https?://\*|https?:|data:)(?=[\s;'\"]|$)", "security"),
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
    (rf"(?<![\w-])-[km]\s*=?\s*[\"']\s*not\s+(?!{COST}(?:\s+(?:and|or)\s+not\s+{COST})*"
     r"\s*[\"'])\w", "tests"),
    # security scanners silenced in the code (a line's suppression as a standing rule)
    (r"(?:#|//|/\*|--|;|<!--|')\s*(?:nosec|nosemgrep|NOSONAR|checkov:skip=|tfsec:ignore|"
     r"trivy:ignore|bandit:\s*skip|snyk:\s*ignore|semgrep:\s*ignore)|"
     r"kics-scan\s+ignore|gitleaks:allow|pragma:\s*allowlist\s+secret|"
     r"#\s*noqa:\s*S\d|//\s*eslint-disable(?:-next-line|-line)?\s+security/", "security"),
    # an option whose own words skip a verification, in any program
    # (`--unsafely-ignore-certificate-errors`, `--skip-checksum`, `--no-check-signature`)
    (r"(?<![\w-])--?[\w-]*?(?<![a-z])(?:ignore|skip|disable|no|unsafe(?:ly)?|insecure|"
     r"allow-untrusted|accept-any|trust-all)-(?:[\w]+-){0,3}?(?:cert\w*|tls|ssl|verif\w*|"
     r"checksums?|signatures?|sigs?|integrity|host-?keys?)(?![\w])[\w-]*", "tls"),
    # a feature or setting named for a safeguard, switched off by a command's verb
    # (`choco feature disable -n checksumFiles`, `ufw disable`-like `… disable firewall`)
    (r"\bdisable\s+(?:-{1,2}[\w-]+[=\s]+)?[\w.-]*?(?:checksum|signature|verif|secur|firewall|"
     r"antivirus|defender|sandbox|tls|ssl|cert)\w*", "security"),
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
    (r"(?:^|[\s`'\"(])(?:(?-i:FROM)|image:)\s+(?:--platform=\S+\s+)?(?!(?:docker\.io|ghcr\.io|"
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
     r"dropdb|flush\s+--no-input)\b(?:[^.\n]|\.\S)*\b(?:prod\w*|live)\b|\b(?:prod\w*|live)\b"
     r"(?:[^.\n]|\.\S)*"
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
    (r"\b(?:gcloud|az|aws|doctl|heroku|flyctl|fly|linode-cli|scw|oci|ibmcloud|vercel|netlify|"
     r"railway|render|surge|firebase|supabase|wrangler|amplify|eas|expo)\s+(?:[\w-]+\s+)"
     r"{0,4}(?:delete|destroy|remove|rm|rb|terminate-instances|delete-db-instance)\b[^\n]*"
     r"(?:--quiet|-q\b|--yes|-y\b|--force|--no-wait|--confirm|--skip-final-snapshot)",
     "destroy"),
    (r"\bpath:\s*[\"']?/(?:var|etc|home|opt|srv|root|usr|data|mnt)(?:/[\w.-]+){0,3}[\"']?\s*\n"
     r"\s*state:\s*absent\b|\bstate:\s*absent\s*\n\s*path:\s*[\"']?/(?:var|etc|home|opt|srv|"
     r"root|usr|data|mnt)(?:/[\w.-]+){0,3}[\"']?\s*$", "destroy"),
    # fifth round (classes, not its texts): system data folders removed, infrastructure
    # stacks destroyed, a framework's database dropped in production (a scheduler's spool is
    # its state; the package lists an image build drops are a cache)
    (r"\brm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:[^\n;&|`]*\s)?/(?!var/lib/(?:apt/lists|pacman/sync)\b)"
     r"(?:var/lib|var/log|var/spool|etc|usr|opt|srv|home|root|data|mnt|boot)(?:/[\w.*-]+)*/?"
     r"(?=[\s`'\"]|$)|\bpulumi\s+(?:destroy|down)\b|"
     r"\b(?:MIX_ENV|RAILS_ENV|NODE_ENV|APP_ENV|DJANGO_SETTINGS\w*)=\S*prod\S*\s+[^\n]*\b(?:ecto\.drop|"
     r"ecto\.reset|db:drop|db:reset|db:wipe|migrate:fresh|flush|reset_db)\b", "destroy"),
    # seventh round (classes): a schema wiped by its migration tool, a table emptied with no
    # WHERE where production is named, datasets deleted by wildcard, old files removed on a
    # shared file system whoever owns them
    # (not a local database's reset: `flyway -configFiles=conf/local.conf clean`)
    (r"\b(?:flyway|liquibase)\b(?:(?!local|127\.0\.0\.1|\bdev\b|\btest)[^\n]){0,40}?"
     r"\b(?:clean|drop-?all)\b|"
     r"\b(?:prod\w*|prd|live)\b[^\n]{0,120}?\bDELETE\s+FROM\s+[\w.\"`\[\]]+\s*(?:[`'\";)]|$)|"
     r"\bDELETE\s+FROM\s+[\w.\"`\[\]]+\s*[`'\";)][^\n]{0,120}?\b(?:prod\w*|prd|live)\b|"
     r"\bDELETE\s+'[^'\n]*\*\*?'[^\n]*\bPURGE\b|"
     r"\b(?:lfs\s+)?find\s+(?:-\S+\s+)*/(?!tmp\b)[^\n|]*\|\s*xargs\s+(?:-\S+\s+)*rm\b",
     "destroy"),
    # a copy of every message of a sensitive kind sent to someone (a phone, an address, a URL)
    (r"(?i)\b(?:cop(?:y|ies)|forward\w*|cc|bcc|duplicate\w*|mirror\w*)\b[^.\n]{0,60}?\b(?:every|"
     r"each|all)\b[^.\n]{0,80}?\b(?:otp|one-time|passwords?|tokens?|2fa|mfa|verification|pii|"
     r"personal|patients?|customers?)\w*[^.\n]{0,80}?\bto\s+(?:\+\d[\d \-]{7,}|"
     r"[\w.+-]+@[\w-]+\.[\w.-]+|https?://)", "send"),
    # a container of someone else's injected into every pod by an admission webhook
    (r"(?i)\b(?:add|create|install|deploy|apply)\b[^\n]{0,40}?\bMutatingWebhookConfiguration\b"
     r"[^\n]{0,200}?\binject\w*\b[^\n]{0,160}?\b(?:every|all)\s+(?:pods?|namespaces?)\b",
     "run-remote"),
    # a provider or module mirror set for every workspace (Terraform's `provider_installation`)
    (r"(?i)\b(?:network_mirror|provider_installation)\b[^\n]{0,120}?\burl\s*=\s*[\"']?https?://",
     "index"),
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
    # a scanner's gate told to leave out its most severe findings, any scanner
    # (`slither . --exclude-high`, `--ignore-critical`, `--severity-threshold=none`)
    (r"(?<![\w-])--(?:exclude|ignore|skip|suppress|filter|hide)[-_](?:high|critical|medium|"
     r"severe|major|errors?)(?:[-_]\w+)?(?![\w-])|(?<![\w-])--(?:severity[-_]threshold|"
     r"fail[-_]on(?:[-_]severity)?|audit[-_]level|min[-_]severity|severity[-_]cutoff)"
     r"[= ]+[\"']?(?:none|never|off)\b", "tests"),
    # what a tool shares or uploads told to carry the environment, the browser's saved logins
    # or credentials along (`--include-env`, `--include-storage-state`, `--with-cookies`)
    (r"(?<![\w-])--(?:include|with|attach|add|upload|send|share|collect)[-_](?:env\w*|"
     r"environment|storage[-_]state|cookies|credentials|secrets|"
     r"keychain|process[-_]env)(?![\w-])", "send"),
    # a program put among the session's login items (AppleScript, the service API, sfltool)
    (r"\bmake\s+(?:new\s+)?login\s+items?\b|\bSMLoginItemSetEnabled\b|"
     r"\bLSSharedFileListInsertItem\w*|\bSMAppService\b[^\n]{0,40}\.register\b|"
     r"\bsfltool\s+add-item\b", "persist"),
    # a secret put in the data a request carries (a message's text, a body's field), not in
    # the place that authenticates it (`…/bot$TG_TOKEN/sendMessage?text=$BINANCE_API_SECRET`)
    (r"(?:[?&]|(?<![\w-])(?:-d|--data\S*|-F|--form)\s+[\"']?)(?:text|message|msg|content|body|data|"
     r"payload|caption|note|comment|value|q|description)=[^&\s\"'`]*\$\{?\w*(?:secret|password|"
     r"passwd|api_?key|access_?key|private_?key|credentials?|seed|mnemonic)\w*", "send"),
]
