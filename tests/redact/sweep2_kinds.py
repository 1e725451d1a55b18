"""The second adversarial sweep: shapes in neither `secret_kinds.py` nor `sweep_kinds.py`
(shell history, Windows and PowerShell assignments, Dockerfile and CI files, SQL, tables,
HTTP dumps, code constants, split strings, archive and key tools). Fakes are made at run time
by `sweep_kinds.py`'s seeded generator; `test_sweep2.py` places each case in user
text, tool input (plain and JSON-encoded), a long tool output and a primed batch.

A case's `pieces` are what the text holds when the secret is split (`"ab" + "cd"`); any eight
characters of the secret in the output is a leak.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from sweep_kinds import ALNUM, B64, pw, rand  # one seeded generator for both sweeps


@dataclass(frozen=True)
class Case:
    name: str
    group: str
    secret: str
    template: str
    pieces: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        text = self.template.replace("{s}", self.secret)
        for index, piece in enumerate(self.pieces):
            text = text.replace(f"{{{index}}}", piece)
        return text


def _cases() -> list[Case]:
    c: list[Case] = []

    def add(name: str, group: str, secret: str, template: str,
            pieces: tuple[str, ...] = ()) -> None:
        c.append(Case(name, group, secret, template, pieces))

    # Shell, Windows, PowerShell.
    add("history-line", "command", pw(), "  1024  export DB_PASSWORD={s}")
    add("declare-x", "command", pw(), 'declare -x API_TOKEN="{s}"')
    add("powershell-env", "command", pw(), '$env:DB_PASSWORD = "{s}"')
    add("setx", "command", pw(), 'setx API_SECRET "{s}"')
    add("windows-set", "command", pw(), "set DB_PASSWORD={s}")
    add("sshpass-env", "command", pw(), "SSHPASS={s} sshpass -e ssh deploy@host")
    add("pgpassword-env", "command", pw(), "PGPASSWORD={s} psql -h db -U app app")
    add("mysql-password-eq", "command", pw(), "mysql --password={s} -u root app")
    add("ldapsearch-w", "command", pw(),
        'ldapsearch -x -D "cn=admin,dc=example,dc=com" -w {s} -b dc=example,dc=com')
    add("zip-P", "command", pw(), "zip -r -P {s} backup.zip data/")
    add("7z-p-glued", "command", pw(), "7z a -p{s} -mhe=on backup.7z data/")
    add("gpg-passphrase", "command", pw(), "gpg --batch --passphrase {s} -d notes.gpg")
    add("openssl-passout", "command", pw(),
        "openssl pkcs12 -export -in c.pem -passout pass:{s} -out c.p12")
    add("helm-set", "command", pw(), "helm upgrade app ./chart --set db.password={s}")
    add("terraform-var", "command", pw(), "terraform apply -var 'db_password={s}'")
    add("ansible-extra", "command", pw(),
        'ansible-playbook site.yml -e "ansible_become_pass={s}"')
    add("npm-config-authtoken", "command", rand(ALNUM, 36),
        "npm config set //registry.example.com/:_authToken {s}")
    add("git-extraheader", "command", rand(ALNUM, 40),
        'git -c http.extraHeader="Authorization: Bearer {s}" clone https://git.example.com/a')
    add("java-sysprop", "command", pw(),
        "java -Djavax.net.ssl.keyStorePassword={s} -jar app.jar")
    add("redis-server-requirepass", "command", rand(ALNUM, 20),
        "command: redis-server --requirepass {s}")
    add("gha-add-mask", "command", rand(ALNUM, 24), 'echo "::add-mask::{s}"')
    add("curl-form", "command", pw(), "curl -F username=admin -F password={s} https://x.example/l")
    add("curl-data-urlencode", "command", pw(),
        'curl --data-urlencode "password={s}" https://x.example/login')
    # Files and configs.
    add("dockerfile-arg", "config", rand(ALNUM, 36), "FROM node:20\nARG NPM_TOKEN={s}\n")
    add("dockerfile-env-eq", "config", pw(), "ENV DB_PASSWORD={s} DB_USER=app")
    add("gha-env-block", "config", rand(ALNUM, 32),
        "jobs:\n  deploy:\n    env:\n      DEPLOY_TOKEN: {s}\n")
    add("dotenv-export-comment", "config", "sk" + "_live_" + rand(ALNUM, 24),
        "# prod creds\nexport STRIPE_SECRET={s} # rotate monthly\n")
    add("yaml-flow-map", "config", pw(), "db: {user: app, password: {s}}")
    add("toml-inline", "config", pw(), 'db = { user = "app", password = "{s}" }')
    add("ini-spaced-colon", "config", pw(), "[db]\nPassword : {s}\n")
    add("xml-cdata", "config", pw(), "<password><![CDATA[{s}]]></password>")
    add("jdbc-url-param", "config", pw(), "jdbc:mysql://db:3306/app?user=app&password={s}")
    add("mongo-srv", "config", pw(), "mongodb+srv://app:{s}@cluster0.example.net/app")
    add("ftp-url", "config", pw(), "ftp://deploy:{s}@ftp.example.com/pub/")
    add("smb-url", "config", pw(), "smb://WORKGROUP;admin:{s}@fileserver/share")
    add("redis-url-empty-user", "config", rand(ALNUM, 20), "redis://:{s}@cache:6379/0")
    add("amqp-url", "config", pw(), "amqp://guest:{s}@rabbit:5672/vhost")
    add("csv-password-column", "config", pw(),
        "username,password,role\nadmin,{s},owner\n")
    add("markdown-table", "config", pw(),
        "| user | password | env |\n|------|----------|-----|\n| admin | {s} | prod |\n")
    add("sql-create-user", "config", pw(), "CREATE USER app IDENTIFIED BY '{s}';")
    add("sql-alter-role", "config", pw(), "ALTER ROLE app WITH LOGIN PASSWORD '{s}';")
    add("sql-mysql-native", "config", pw(),
        "CREATE USER 'app'@'%' IDENTIFIED WITH mysql_native_password BY '{s}';")
    add("sql-insert-users", "config", pw(),
        "INSERT INTO users (email, password) VALUES ('a@example.com', '{s}');")
    # HTTP.
    add("basic-auth-b64", "http", base64.b64encode(("admin:" + pw()).encode()).decode(),
        "GET /api HTTP/1.1\nHost: x.example\nAuthorization: Basic {s}\n")
    add("cookie-session", "http", rand(ALNUM, 32), "Cookie: sessionid={s}; theme=dark")
    add("set-cookie", "http", rand(ALNUM, 32), "Set-Cookie: session={s}; Path=/; HttpOnly")
    add("http-form-body", "http", pw(),
        "POST /login HTTP/1.1\nHost: x.example\nContent-Type: application/x-www-form-urlencoded"
        "\n\nusername=admin&password={s}")
    add("percent-encoded-creds", "http", pw().replace("@", "%40") + "%21",
        'curl "https://x.example/api?credentials=admin%3A{s}"')
    # Code.
    add("requests-auth-tuple", "code", pw(), 'requests.get(url, auth=("admin", "{s}"))')
    add("environ-setdefault", "code", pw(), 'os.environ.setdefault("API_TOKEN", "{s}")')
    add("go-const", "code", pw(), 'const apiToken = "{s}"')
    add("rust-const", "code", pw(), 'const DB_PASSWORD: &str = "{s}";')
    add("js-const", "code", pw(), "const stripeSecret = '{s}';")
    add("java-final", "code", pw(), 'private static final String DB_PASS = "{s}";')
    add("python-kwargs", "code", pw(), 'pymysql.connect(host="db", user="app", passwd="{s}")')
    add("php-array", "code", pw(), "    'password' => '{s}',")
    add("ruby-symbol", "code", pw(), ':password => "{s}"')
    first, second = rand(ALNUM, 12), rand(ALNUM, 12)
    add("concat-split", "code", first + second, 'API_TOKEN = "{0}" + "{1}"', (first, second))
    first, second = pw(), rand(ALNUM, 10)
    add("concat-js-template", "code", first + second, "const password = '{0}' +\n  '{1}';",
        (first, second))
    # Prose.
    add("prose-as-the-password", "prose", pw(), "use `{s}` as the password for staging")
    add("prose-parenthesised", "prose", rand(ALNUM, 24), "deployed it (token: {s}) yesterday")
    add("prose-new-password-comma", "prose", pw(), "new password, as requested: {s}")
    add("pem-json-rsa", "key", "\\n".join(rand(B64, 64) for _ in range(4)),
        '{"key": "-----BEGIN RSA PRIVATE KEY-----\\n{s}\\n-----END RSA PRIVATE KEY-----"}')
    return c


CASES: list[Case] = _cases()
