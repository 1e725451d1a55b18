"""A secrets corpus of the tests' own: one entry per kind of leak, fake values made at run time.

Every value is assembled from a seeded generator (vendor prefixes are split so that no string
in this file looks like a real secret to a scanner such as GitHub push protection). `Kind.line`
is how the secret appears in text (a command, a config line, a sentence); the same kind is
placed in user text, tool input and tool output by the leak tests.
"""

from __future__ import annotations

import base64
import string
from dataclasses import dataclass

from fakes import ALNUM, B64, B64URL, HEX, Fakes

_FAKES = Fakes(1010)
_RNG = _FAKES.rng
rand = _FAKES.rand


def password() -> str:
    """A password-like value with symbols (never a dictionary word)."""
    return rand(ALNUM, 6) + _RNG.choice("!#%+-_.") + rand(ALNUM, 5)


@dataclass(frozen=True)
class Kind:
    name: str
    group: str
    """The class of the issue it covers: vendor, flag, quoted, prose, context, bearer,
    config-file, key-block, url, whole-value."""
    secret: str
    template: str

    @property
    def line(self) -> str:
        return self.template.format(secret=self.secret)


def _kinds() -> list[Kind]:
    k: list[Kind] = []

    def add(name: str, group: str, secret: str, template: str) -> None:
        k.append(Kind(name, group, secret, template))

    # Vendor tokens (the existing token rules).
    add("github-pat", "vendor", "gh" + "p_" + rand(ALNUM, 36), "export GH_TOKEN={secret}")
    add("github-fine", "vendor", "github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59),
        "token {secret} expires soon")
    add("gitlab", "vendor", "gl" + "pat-" + rand(B64URL, 20), "using {secret} for the api")
    add("aws-key-id", "vendor", "AK" + "IA" + rand(string.ascii_uppercase + "234567", 16),
        "aws_access_key_id = {secret}")
    add("aws-secret", "vendor", rand(B64, 40), "aws_secret_access_key = {secret}")
    add("openai", "vendor", "sk-" + "proj-" + rand(B64URL, 48), "OPENAI_API_KEY={secret}")
    add("anthropic", "vendor", "sk-" + "ant-api03-" + rand(B64URL, 90), "key: {secret}")
    add("slack", "vendor", "xo" + "xb-" + rand(string.digits, 12) + "-" + rand(ALNUM, 24),
        "slack bot {secret}")
    add("stripe", "vendor", "sk" + "_live_" + rand(ALNUM, 24), "stripe {secret}")
    add("google", "vendor", "AI" + "za" + rand(B64URL, 35), "maps {secret}")
    add("npm-token", "vendor", "np" + "m_" + rand(ALNUM, 36), "npm {secret}")
    add("huggingface", "vendor", "h" + "f_" + rand(string.ascii_letters, 34), "hf {secret}")
    add("sendgrid", "vendor", "SG." + rand(B64URL, 22) + "." + rand(B64URL, 43), "sg {secret}")
    add("jwt", "vendor", "eyJ" + rand(B64URL, 30) + ".eyJ" + rand(B64URL, 50) + "."
        + rand(B64URL, 43), "session={secret}")
    add("pem", "key-block", "\n".join(rand(B64, 64) for _ in range(4)),
        "-----BEGIN RSA PRIVATE KEY-----\n{secret}\n-----END RSA PRIVATE KEY-----")
    add("mailgun", "vendor", "key-" + rand(string.ascii_lowercase + string.digits, 32),
        "mailgun {secret}")
    # Credentials as the argument of a flag.
    add("flag-password-space", "flag", password(), "mycli --password {secret} --host db")
    add("flag-password-equals", "flag", password(), "mycli --password={secret} --host db")
    add("flag-auth-token", "flag", rand(ALNUM, 24), "deployctl --auth-token {secret} up")
    add("flag-token", "flag", rand(ALNUM, 20), "wrangler publish --token {secret}")
    add("flag-api-key", "flag", rand(ALNUM, 26), "client --api-key={secret} list")
    add("flag-db-pass-quoted", "flag", "open " + rand(ALNUM, 6) + " sesame",
        'migrate --db-pass "{secret}" up')
    add("mysql-glued", "flag", password(), "mysql -u root -p{secret} shop")
    add("mysql-separate", "flag", password(), "mysqldump -u root -p {secret} shop")
    add("sshpass", "flag", password(), "sshpass -p {secret} ssh deploy@host")
    add("sshpass-quoted", "flag", password(), "sshpass -p '{secret}' scp a host:")
    add("redis-cli", "flag", password(), "redis-cli -h cache -a {secret} ping")
    add("docker-login-p", "flag", password(), "docker login -u me -p {secret} ghcr.io")
    add("ldapsearch", "flag", password(), "ldapsearch -x -D cn=admin -w {secret} -b dc=x")
    add("sqlcmd", "flag", password(), "sqlcmd -S db -U sa -P {secret} -Q 'select 1'")
    add("zip-password", "flag", password(), "zip -P {secret} backup.zip notes.txt")
    add("keytool", "flag", password(), "keytool -list -keystore ks.jks -storepass {secret}")
    add("openssl-pass", "flag", password(), "openssl pkcs12 -export -passout pass:{secret} -out a")
    add("htpasswd-b", "flag", password(), "htpasswd -b -c /etc/nginx/.htpasswd admin {secret}")
    add("htpasswd-nb", "flag", password(), "htpasswd -nb admin {secret}")
    add("password-stdin", "flag", rand(ALNUM, 30),
        'echo "{secret}" | docker login ghcr.io -u me --password-stdin')
    add("printf-stdin", "flag", rand(ALNUM, 30),
        "printf '%s' '{secret}' | helm registry login r.io -u me --password-stdin")
    add("with-token-stdin", "flag", rand(ALNUM, 30), "echo {secret} | gh auth login --with-token")
    add("sudo-stdin", "flag", password(), "echo '{secret}' | sudo -S apt-get update")
    add("curl-user", "flag", password(), "curl -u admin:{secret} https://ci.internal/api")
    add("curl-user-equals", "flag", password(), "curl --user=admin:{secret} https://ci.internal")
    add("smbclient", "flag", password(), "smbclient //nas/share -U admin%{secret}")
    add("rabbitmqctl", "flag", password(), "rabbitmqctl add_user admin {secret}")
    add("kubectl-literal", "flag", password(),
        "kubectl create secret generic db --from-literal=DB_PASS={secret}")
    add("netrc", "config-file", password(), "machine api.example.com login me password {secret}")
    # Quoted values with spaces after a password-like key.
    add("json-password-spaces", "quoted", "tiger " + rand(ALNUM, 5) + " lily pond",
        '{{"user": "app", "password": "{secret}"}}')
    add("env-password-spaces", "quoted", "blue " + rand(ALNUM, 6) + " river",
        'X_PASSWORD="{secret}" ./start.sh')
    add("yaml-passphrase", "quoted", "green " + rand(ALNUM, 6) + " valley",
        "  passphrase: '{secret}'")
    # Secrets named in prose.
    add("prose-staging-db", "prose", "hunter" + rand(string.digits, 3) + "-" + rand(ALNUM, 4),
        "the staging db password is {secret}, don't share it")
    add("prose-api-key-is", "prose", rand(ALNUM, 28), "our api key is {secret}")
    add("prose-my-token", "prose", rand(ALNUM, 22), "my token: {secret}")
    add("prose-password-for", "prose", password(), "password for prod is {secret}")
    add("prose-changed-to", "prose", password(), "the password was changed to `{secret}` today")
    add("prose-with-password", "prose", password(), "log in with user admin and password {secret}")
    # Bare hex / UUID / key- tokens in a credential context.
    add("context-hex", "context", rand(HEX, 32), "heroku api key {secret}")
    add("context-uuid", "context",
        "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12)), "the token {secret} works")
    add("context-key-dash", "context", "key-" + rand(ALNUM, 24), "secret key-value: {secret}")
    # Authorization values of any alphabet.
    add("bearer-any-alphabet", "bearer", rand(ALNUM, 10) + ".~+/" + rand(ALNUM, 10) + "==",
        'curl -H "Authorization: Bearer {secret}" https://api')
    add("bearer-letters-only", "bearer", rand(string.ascii_lowercase, 24),
        "Authorization: Bearer {secret}")
    add("basic-any", "bearer", base64.b64encode(("me:" + password()).encode()).decode(),
        "Authorization: Basic {secret}")
    add("token-scheme", "bearer", rand(ALNUM, 30), "Authorization: token {secret}")
    add("other-scheme", "bearer", rand(ALNUM, 30), "Authorization: SSWS {secret}")
    # Config files.
    add("npmrc-auth", "config-file", base64.b64encode(("me:" + password()).encode()).decode(),
        "_auth={secret}")
    add("npmrc-authtoken", "config-file", rand(B64URL, 36),
        "//registry.example.com/:_authToken={secret}")
    add("npmrc-password", "config-file", base64.b64encode(password().encode()).decode(),
        "//registry.example.com/:_password={secret}")
    add("docker-config-auth", "config-file", base64.b64encode(("me:" + password()).encode())
        .decode(), '{{"auths": {{"ghcr.io": {{"auth": "{secret}"}}}}}}')
    add("putty", "key-block", "\n".join(rand(B64, 64) for _ in range(3)),
        "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key\nPublic-Lines: 1\n"
        "AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nPrivate-Lines: 3\n{secret}\nPrivate-MAC: "
        + "ab12" * 16)
    # URL passwords, also holding `@`.
    add("url-password-at", "url", "p" + rand(ALNUM, 5) + "@" + rand(ALNUM, 6),
        "git clone https://deploy:{secret}@git.example.com/team/repo.git")
    add("url-password-plain", "url", password().replace("#", "x"),
        "DATABASE_URL=postgres://app:{secret}@db.internal:5432/app")
    # Values cut short before: read whole through ; & , and brackets.
    add("whole-semicolon", "whole-value", rand(ALNUM, 10) + ";" + rand(ALNUM, 8),
        "DB_PASSWORD={secret}")
    add("whole-ampersand", "whole-value", rand(ALNUM, 10) + "&" + rand(ALNUM, 8),
        "export API_SECRET={secret}")
    add("whole-bracket", "whole-value", rand(ALNUM, 10) + "[" + rand(ALNUM, 6) + "]",
        "SERVICE_TOKEN={secret}")
    # Dotted values: `self.token` is code, but one long random part makes it a secret.
    add("vault-token", "vendor", "hv" + "s." + rand(B64URL, 90), "vault login {secret}")
    add("dotted-id-secret", "dotted", rand(ALNUM, 10) + "." + rand(ALNUM, 24),
        "SESSION_SECRET={secret}")
    return k


KINDS: list[Kind] = _kinds()

ORDINARY = [
    "pytest -p no:cacheprovider -q", "ssh -p 2222 deploy@host", "git log -p -3",
    "tar -a -cf out.tar.gz dir", "docker run -p 8080:80 nginx", "grep -P '\\d+' file.txt",
    "pip install -e .", "mkdir -p build/out", "ls -a", "redis-cli -h cache ping",
    "mysql -u root -p", "docker login ghcr.io", "curl -s https://example.com/api",
    "the password field is required", "the token is invalid", "the api key is missing",
    "password is too short", "Authorization header is required",
    "the bearer token is sent in a header", "set the password with --password-stdin",
    "gh auth login --with-token < token.txt", "kubectl get secret db -o yaml",
    "token = get_token(config)", "export TOKEN=$(cat ~/.token)",
    "--password PASSWORD   the database password", "sort --key 2 file",
    "openssl enc -pass env:PASS -in a", "npm config get registry",
    "the secret is stored in the vault", "use a password manager",
    "token=self.token", "password = config.db.password", "api_key: settings.OPENAI_API_KEY",
    "secret: app.v1.release_candidate_2024",
]
"""Commands and prose that must pass both detectors unchanged."""
