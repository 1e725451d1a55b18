"""An adversarial sweep: secret shapes and places an attacker would try, none of them in
`secret_kinds.py`. Fake values are made at run time from a seeded generator (vendor prefixes
are split so that no string here looks like a real secret to a push-protection scanner).

Each case is a line of text holding one secret; `test_sweep.py` places it in user text, tool
input (plain and JSON-encoded), a long tool output (where the sieve is at work) and a primed
batch, and checks `Redactor.redact` and the final screen on each.
"""

from __future__ import annotations

import base64
import string
from dataclasses import dataclass

from fakes import ALNUM, B64, B64URL, HEX, Fakes

_FAKES = Fakes(2026)
_RNG = _FAKES.rng
rand = _FAKES.rand


def pw(symbols: str = "!#%+-_.@") -> str:
    """A password: letters, digits and one symbol (never a dictionary word)."""
    return rand(ALNUM, 5) + _RNG.choice(symbols) + rand(ALNUM, 6)


@dataclass(frozen=True)
class Case:
    name: str
    group: str
    secret: str
    template: str

    @property
    def line(self) -> str:
        return self.template.replace("{s}", self.secret)


def _pem(header: str, lines: int = 5) -> str:
    return "\n".join(rand(B64, 64) for _ in range(lines))


def _cases() -> list[Case]:
    c: list[Case] = []

    def add(name: str, group: str, secret: str, template: str) -> None:
        c.append(Case(name, group, secret, template))

    # Config formats.
    add("ini-section", "config", pw(), "[database]\nhost = db.internal\npassword = {s}\n")
    add("ini-symbols", "config", "Tr0ub4dor&3x$Q", "[smtp]\npassword = {s}")
    add("toml-quoted", "config", pw(), '[db]\nuser = "app"\npassword = "{s}"')
    add("properties", "config", pw(), "spring.datasource.password={s}")
    add("properties-colon", "config", pw(), "spring.datasource.password: {s}")
    add("yaml-anchor", "config", pw(), "defaults: &defaults\n  password: &pw {s}\n")
    add("yaml-literal-block", "config", rand(ALNUM, 18), "db:\n  password: |\n    {s}\n")
    add("yaml-folded-block", "config", rand(ALNUM, 18), "oauth:\n  client_secret: >-\n    {s}\n")
    add("json-escaped-quote", "config", 'Qx9\\"mK2' + rand(ALNUM, 5),
        '{"user": "app", "password": "{s}"}')
    add("xml-element", "config", pw(), "<datasource><password>{s}</password></datasource>")
    add("xml-attribute", "config", pw(), '<user name="app" password="{s}" />')
    add("xml-key-value", "config", pw(), '<add key="DbPassword" value="{s}" />')
    add("hcl-variable-default", "config", pw(),
        'variable "db_password" {\n  type    = string\n  default = "{s}"\n}')
    add("hcl-attribute", "config", pw(), 'resource "aws_db_instance" "db" {\n  password = "{s}"\n}')
    add("compose-env-list", "config", pw(),
        "services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD={s}\n")
    add("compose-env-map", "config", pw(), "    environment:\n      MYSQL_ROOT_PASSWORD: {s}\n")
    add("k8s-secret-data", "config", base64.b64encode(pw().encode()).decode(),
        "apiVersion: v1\nkind: Secret\ndata:\n  password: {s}\n")
    add("k8s-string-data", "config", pw(), "stringData:\n  DB_PASSWORD: \"{s}\"\n")
    add("redis-requirepass", "config", rand(ALNUM, 16), "# redis.conf\nrequirepass {s}\n")
    add("redis-masterauth", "config", rand(ALNUM, 16), "masterauth {s}")
    add("php-define", "config", pw(), "define('DB_PASSWORD', '{s}');")
    add("python-environ-item", "config", pw(), 'os.environ["DB_PASSWORD"] = "{s}"')
    add("python-annotated", "config", pw(), 'password: str = "{s}"')
    add("dockerfile-env-space", "config", rand(ALNUM, 24), "ENV API_TOKEN {s}")
    add("odbc-pwd", "config", pw(), "Driver={ODBC};Server=db;Uid=sa;Pwd={s};")
    add("dotnet-connection", "config", pw(),
        '"Default": "Server=db;Database=app;User Id=sa;Password={s};"')
    add("shell-default", "config", pw(), 'DB_PASS="${DB_PASS:-{s}}"')
    add("spring-default", "config", pw(), "spring.datasource.password=${DB_PASSWORD:{s}}")
    add("pgpass", "config", pw(), "db.internal:5432:app:appuser:{s}")
    add("netrc-multiline", "config", pw(),
        "machine api.heroku.com\n  login me@example.com\n  password {s}\n")
    add("git-credentials", "config", rand(ALNUM, 30), "https://deploy:{s}@github.com\n")
    add("powershell-securestring", "config", pw(),
        '$pw = ConvertTo-SecureString "{s}" -AsPlainText -Force')
    add("vendor-key-name", "config", pw(), "heroku config:set SENDGRID_KEY={s} -a app")
    # Command lines.
    add("curl-u-quoted", "command", pw(), 'curl -sS -u "deploy:{s}" https://ci.internal/api')
    add("curl-api-key-header", "command", rand(ALNUM, 32),
        'curl -H "X-Api-Key: {s}" https://api.example.com/v1')
    add("curl-header-equals", "command", rand(ALNUM, 32),
        'curl --header="X-Auth-Token: {s}" https://api.example.com')
    add("curl-private-token", "command", rand(ALNUM, 20),
        "curl --header 'PRIVATE-TOKEN: {s}' https://gitlab.example.com/api/v4/projects")
    add("wget-password", "command", pw(), "wget --user=me --password={s} https://x.example/f")
    add("wget-http-password", "command", pw(), "wget --http-password {s} https://x.example/f")
    add("git-clone-oauth2", "command", rand(ALNUM, 26),
        "git clone https://oauth2:{s}@gitlab.example.com/team/app.git")
    add("psql-url", "command", pw(), 'psql "postgresql://app:{s}@db.internal:5432/app"')
    add("mongo-password", "command", pw(), "mongo --username admin --password {s} admin")
    add("mongosh-p", "command", pw(), "mongosh -u admin -p {s} --authenticationDatabase admin")
    add("az-login-p", "command", pw(), "az login -u me@example.com -p {s}")
    add("gh-herestring", "command", rand(ALNUM, 30), "gh auth login --with-token <<< {s}")
    add("docker-stdin-nospace", "command", pw(),
        "echo {s}|docker login -u me --password-stdin registry.example.com")
    add("aws-configure-set", "command", rand(B64, 40),
        "aws configure set aws_secret_access_key {s} --profile prod")
    add("ssh-keygen-passphrase", "command", pw(), "ssh-keygen -t ed25519 -N '{s}' -f key")
    add("openssl-k", "command", pw(), "openssl enc -aes-256-cbc -k {s} -in a -out a.enc")
    add("vault-kv-put", "command", pw(), "vault kv put secret/db password={s}")
    add("docker-run-e", "command", pw(), "docker run -e DB_PASSWORD={s} postgres:16")
    add("kubectl-literal-quoted", "command", pw(),
        "kubectl create secret generic db --from-literal=password='{s}'")
    add("sshpass-glued", "command", pw(), "sshpass -p{s} ssh root@host")
    # Prose in other shapes.
    add("prose-pw-for", "prose", pw(), "my pw for jenkins: {s}")
    add("prose-creds-slash", "prose", pw(), "creds are admin/{s}")
    add("prose-passcode", "prose", pw(), "the passcode {s} opens the vault")
    add("prose-pin", "prose", "".join(_RNG.choice(string.digits) for _ in range(6)),
        "the PIN is {s}")
    add("prose-german", "prose", pw(), "das Passwort ist {s}")
    add("prose-french", "prose", pw(), "le mot de passe est {s}")
    add("prose-spanish", "prose", pw(), "la contraseña es {s}")
    add("prose-login-slash", "prose", pw(), "login: admin / password: {s}")
    add("prose-user-pass", "prose", pw(), "user admin pass {s}")
    add("prose-use-token", "prose", rand(ALNUM, 18), "use token {s} to auth")
    add("prose-credentials-pair", "prose", pw(), "credentials: admin:{s}")
    add("prose-quoted-phrase", "prose", "correct horse " + rand(ALNUM, 5) + " staple",
        'the password "{s}" works')
    # Unusual characters.
    add("symbols-quoted", "value", "p@ss!#$%^&*()w0rd", "DB_PASSWORD='{s}'")
    add("symbols-unquoted", "value", "p@ss#w0rd$x%y^z", "PASSWORD={s}")
    add("unicode-value", "value", "pässwörd✓Ünï" + rand(string.digits, 3), "password: {s}")
    add("spaces-unquoted-prose", "value", "tiger " + rand(ALNUM, 6) + " lily",
        "password: tiger {s}".replace("tiger {s}", "{s}"))
    add("very-long", "value", "!".join(rand(ALNUM, 30) for _ in range(25)), "API_TOKEN={s}")
    add("json-double-escaped", "value", pw(), '{\\"password\\":\\"{s}\\"}')
    add("escaped-newlines", "value", pw(), "line1\\npassword={s}\\nline3")
    add("line-continuation", "value", pw(), "mysql --password \\\n  {s} app")
    # Provider tokens.
    add("stripe-restricted", "vendor", "rk" + "_live_" + rand(ALNUM, 24), "key {s}")
    add("twilio-auth-token", "vendor", rand(HEX, 32), "TWILIO_AUTH_TOKEN={s}")
    add("twilio-sid-token", "vendor", rand(HEX, 32),
        "client = Client('AC" + "0" * 8 + rand(HEX, 24) + "', '{s}')")
    add("slack-user", "vendor", "xo" + "xp-" + rand(string.digits, 12) + "-"
        + rand(string.digits, 12) + "-" + rand(HEX, 32), "{s}")
    add("slack-refresh", "vendor", "xo" + "xe.xo" + "xp-1-" + rand(ALNUM, 140), "{s}")
    add("slack-app", "vendor", "xa" + "pp-1-A0" + rand(ALNUM, 9) + "-" + rand(string.digits, 13)
        + "-" + rand(HEX, 64), "{s}")
    add("discord-bot", "vendor", "MT" + rand(B64URL, 24) + "." + rand(B64URL, 6) + "."
        + rand(B64URL, 38), "bot.run('{s}')")
    add("pypi", "vendor", "py" + "pi-AgEIcHlwaS5vcmc" + rand(B64URL, 60), "password = {s}")
    add("gitlab-runner", "vendor", "gl" + "rt-" + rand(B64URL, 20), "{s}")
    add("openai-svcacct", "vendor", "sk-" + "svcacct-" + rand(B64URL, 60), "{s}")
    add("anthropic-admin", "vendor", "sk-" + "ant-admin01-" + rand(B64URL, 80), "{s}")
    add("azure-sas", "vendor", rand(B64, 43) + "=",
        "https://acct.blob.core.windows.net/c?sv=2022-11-02&ss=b&sig={s}")
    add("azure-sas-encoded", "vendor", rand(ALNUM, 30) + "%2B" + rand(ALNUM, 10) + "%3D",
        "?sv=2022-11-02&se=2026-01-01&sp=r&sig={s}")
    add("azure-conn-string", "vendor", rand(B64, 86) + "==",
        "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={s};EndpointSuffix=core.windows.net")
    add("jwt-in-cookie", "vendor", "eyJ" + rand(B64URL, 20) + ".eyJ" + rand(B64URL, 40) + "."
        + rand(B64URL, 43), "Cookie: session={s}; theme=dark")
    add("google-oauth-refresh", "vendor", "1//0" + rand(B64URL, 60), "refresh_token: {s}")
    add("google-oauth-access", "vendor", "ya29." + rand(B64URL, 120), "{s}")
    add("pem-openssh", "key", _pem("OPENSSH"),
        "-----BEGIN OPENSSH PRIVATE KEY-----\n{s}\n-----END OPENSSH PRIVATE KEY-----")
    add("pem-ec", "key", _pem("EC"),
        "-----BEGIN EC PRIVATE KEY-----\n{s}\n-----END EC PRIVATE KEY-----")
    add("pem-encrypted", "key", _pem("ENC"),
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\n{s}\n-----END ENCRYPTED PRIVATE KEY-----")
    add("pgp-private", "key", _pem("PGP"),
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: key (made by me)\n\n{s}\n=ab12\n"
        "-----END PGP PRIVATE KEY BLOCK-----")
    add("ssh2-private", "key", _pem("SSH2"),
        "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"rsa-key-2026\"\n{s}\n"
        "---- END SSH2 ENCRYPTED PRIVATE KEY ----")
    add("pem-json-escaped", "key", _pem("JSON").replace("\n", "\\n"),
        '{"private_key": "-----BEGIN PRIVATE KEY-----\\n{s}\\n-----END PRIVATE KEY-----\\n"}')
    # Redaction evasion.
    add("after-marker", "evasion", pw(), "API_KEY=[REDACTED:secret-assignment]{s}")
    add("after-marker-space", "evasion", pw(), "token: [REDACTED:jwt] {s}")
    add("zero-width-key", "evasion", pw(), "DB_PASS\u200bWORD={s}")
    add("zero-width-value", "evasion", "Xk9\u200bmQ2\u200bvL7" + rand(ALNUM, 4),
        "password={s}")
    add("ansi-around-value", "evasion", pw(), "password=\x1b[31m{s}\x1b[0m")
    add("ansi-around-key", "evasion", pw(), "\x1b[1mpassword\x1b[0m: {s}")
    add("url-encoded-query", "evasion", "S3cr%21t%40" + rand(ALNUM, 6),
        "curl 'https://x.example/login?user=me&password={s}'")
    add("url-encoded-userinfo", "evasion", "p%40ss%3A" + rand(ALNUM, 8),
        "redis://default:{s}@cache.internal:6379/0")
    add("fullwidth-equals", "evasion", pw(), "PASSWORD\uff1d{s}")
    return c


CASES: list[Case] = _cases()
