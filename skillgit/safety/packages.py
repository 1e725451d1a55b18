"""Well-known package names per ecosystem: the names a look-alike imitates (the top downloads
and the command-line tools agents run). Data only; `lookalike` reads it. A name here is never a
look-alike itself, so two well-known names a small edit apart (`react-dom`, `react-dnd`) both
pass. Names are compared lower-cased with `-`, `_` and `.` folded to `-` (PEP 503 style)."""

from __future__ import annotations

import re

_PYPI = """
boto3 botocore urllib3 requests setuptools certifi charset-normalizer idna typing-extensions
python-dateutil packaging s3transfer six aiobotocore pyyaml numpy grpcio-status fsspec s3fs
pip cryptography pydantic cffi attrs pycparser pandas google-api-core importlib-metadata
jmespath pyasn1 rsa zipp click wheel protobuf platformdirs markupsafe jinja2 pytz filelock
pydantic-core tomli colorama virtualenv pluggy pyjwt pytest googleapis-common-protos wrapt
cachetools pyasn1-modules jsonschema google-auth annotated-types anyio sniffio h11 httpx
httpcore psutil aiohttp multidict yarl frozenlist aiosignal async-timeout sqlalchemy greenlet
tqdm pyparsing iniconfig exceptiongroup pygments rich markdown-it-py mdurl docutils scipy
pillow openpyxl et-xmlfile pyarrow grpcio requests-oauthlib oauthlib isodate tomlkit lxml
decorator soupsieve beautifulsoup4 werkzeug flask itsdangerous blinker gunicorn uvicorn
fastapi starlette websockets django djangorestframework celery kombu billiard vine amqp redis
psycopg2 psycopg2-binary psycopg pymysql mysqlclient asyncpg alembic mako sqlparse tabulate
matplotlib kiwisolver cycler fonttools contourpy seaborn scikit-learn joblib threadpoolctl
tensorflow keras torch torchvision torchaudio transformers tokenizers huggingface-hub
safetensors datasets accelerate sentencepiece regex openai anthropic tiktoken langchain
langchain-core langchain-community langsmith llama-index pytest-cov pytest-mock pytest-xdist
pytest-asyncio pytest-timeout pytest-benchmark pytest-django pytest-env coverage hypothesis
tox nox black isort flake8 pylint mypy ruff pyright pre-commit pycodestyle pyflakes mccabe
autopep8 yapf bandit safety pip-tools pipenv poetry poetry-core hatch hatchling flit
flit-core pdm uv pipx twine build setuptools-scm cython pybind11 cmake ninja meson
sphinx sphinx-rtd-theme mkdocs mkdocs-material jupyter jupyterlab notebook ipython ipykernel
ipywidgets nbformat nbconvert traitlets tornado pyzmq jedi parso prompt-toolkit wcwidth
typer docopt fire argcomplete python-dotenv environs dynaconf pyperclip pexpect ptyprocess
paramiko fabric invoke bcrypt pynacl pyopenssl ecdsa passlib itsdangerous authlib
marshmallow cattrs msgpack orjson ujson simplejson toml tomli-w ruamel-yaml jsonpointer
jsonpatch jsonpath-ng deepdiff dill cloudpickle networkx sympy mpmath statsmodels patsy
xgboost lightgbm catboost opencv-python opencv-python-headless scikit-image imageio
plotly dash bokeh altair streamlit gradio polars duckdb pyspark dask distributed
google-cloud-storage google-cloud-bigquery google-cloud-core azure-core azure-storage-blob
azure-identity msal awscli aws-sam-cli kubernetes docker ansible ansible-core selenium
playwright scrapy httplib2 google-auth-oauthlib google-auth-httplib2 gspread pymongo motor
elasticsearch sentry-sdk structlog loguru watchdog schedule apscheduler arrow pendulum
babel humanize python-slugify unidecode chardet ftfy emoji nltk spacy gensim textblob
beautifulsoup lxml-html-clean html5lib bleach markdown mistune pyquery cssselect parsel
w3lib xmltodict defusedxml pycryptodome pycryptodomex pycrypto keyring secretstorage
jeepney more-itertools toolz cytoolz funcy pyrsistent frozendict sortedcontainers
backoff tenacity retrying ratelimit limits slowapi gevent greenlet eventlet trio
httptools uvloop python-multipart email-validator jwt python-jose itsdangerous pytest-html
faker factory-boy freezegun responses requests-mock vcrpy moto pyfakefs mock nose nose2
pyinstaller cx-freeze nuitka py2exe briefcase kivy pygame pyglet arcade wxpython pyqt5
pyqt6 pyside6 tkinter-tooltip textual urwid blessed curses-menu colorlog termcolor
tabulate prettytable texttable pyfiglet art halo yaspin alive-progress progressbar2
psycopg-binary sqlmodel peewee pony tortoise-orm databases aiosqlite aiomysql
graphene strawberry-graphql ariadne grpcio-tools thrift avro fastavro protobuf3-to-dict
pyserial pyusb bleak paho-mqtt pika confluent-kafka kafka-python nats-py zmq
"""

_NPM = """
lodash react react-dom react-dnd react-router react-router-dom react-redux redux
@reduxjs/toolkit axios express chalk commander debug tslib typescript vue vue-router vuex
pinia svelte @sveltejs/kit next nuxt angular @angular/core @angular/cli rxjs zone.js
moment dayjs date-fns luxon uuid nanoid classnames clsx prop-types styled-components
@emotion/react @emotion/styled tailwindcss postcss autoprefixer sass less webpack
webpack-cli webpack-dev-server vite rollup esbuild parcel babel-loader @babel/core
@babel/preset-env @babel/preset-react @babel/cli ts-node tsx nodemon concurrently
cross-env dotenv yargs minimist inquirer ora glob rimraf mkdirp fs-extra semver
jest mocha chai sinon vitest @vitest/ui jasmine karma ava tap supertest nock cypress
playwright @playwright/test puppeteer eslint prettier eslint-config-prettier
eslint-plugin-react eslint-plugin-import @typescript-eslint/parser
@typescript-eslint/eslint-plugin typescript-eslint husky lint-staged stylelint
@types/node @types/react @types/react-dom @types/jest @types/express @types/lodash
body-parser cors helmet morgan cookie-parser express-session passport jsonwebtoken
bcrypt bcryptjs mongoose mongodb mysql mysql2 pg sequelize typeorm prisma @prisma/client
knex redis ioredis socket.io socket.io-client ws graphql apollo-server @apollo/client
node-fetch cross-fetch got superagent request undici form-data qs query-string
cheerio jsdom marked markdown-it highlight.js prismjs d3 chart.js three leaflet
immer immutable ramda underscore async bluebird rxjs-compat zod yup joi ajv
class-validator class-transformer reflect-metadata inversify winston pino bunyan
morgan-body chokidar ws-client pm2 forever serve http-server live-server
create-react-app create-next-app create-vite create-vue degit npm-check-updates
npm yarn pnpm bun npx corepack nx lerna turbo @nrwl/workspace changesets
@changesets/cli semantic-release standard-version release-it np
eslint-plugin-jsx-a11y eslint-plugin-react-hooks @testing-library/react
@testing-library/jest-dom @testing-library/user-event msw storybook @storybook/react
electron electron-builder react-native expo @expo/cli ionic @capacitor/core
firebase firebase-tools @aws-sdk/client-s3 aws-sdk aws-cdk serverless vercel netlify-cli
wrangler @cloudflare/workers-types @octokit/rest @octokit/core octokit openai
@anthropic-ai/sdk @anthropic-ai/claude-code @openai/codex @google/gemini-cli langchain
@langchain/core @modelcontextprotocol/sdk @modelcontextprotocol/inspector ai
sharp jimp canvas pdfkit pdf-lib xlsx papaparse csv-parse csv-stringify
handlebars ejs pug mustache nunjucks sharp-cli svgo terser uglify-js cssnano
typedoc jsdoc documentation tsup unbuild microbundle ts-jest babel-jest
source-map source-map-support core-js regenerator-runtime whatwg-fetch
buffer process events util path-browserify stream-browserify crypto-browserify
color colors kleur picocolors ansi-styles strip-ansi supports-color cli-table3
boxen figlet prompts enquirer listr2 execa shelljs zx cross-spawn which
node-gyp node-pre-gyp prebuild bindings nan node-addon-api esm module-alias
http-proxy http-proxy-middleware compression serve-static multer busboy
nodemailer bull bullmq agenda node-cron cron luxon-business-days lru-cache
keyv cache-manager memcached validator sanitize-html dompurify xss he entities
vue-loader vue-template-compiler @vue/cli @vitejs/plugin-react @vitejs/plugin-vue
react-scripts react-query @tanstack/react-query swr zustand jotai recoil mobx
mobx-react formik react-hook-form framer-motion @mui/material @mui/icons-material
antd bootstrap react-bootstrap @chakra-ui/react @radix-ui/react-dialog
@headlessui/react lucide-react react-icons @fortawesome/fontawesome-svg-core
skills tsc-watch ts-loader fork-ts-checker-webpack-plugin html-webpack-plugin
mini-css-extract-plugin css-loader style-loader file-loader url-loader
"""

_CRATES = """
serde serde_json serde_derive serde_yaml toml tokio tokio-util futures futures-util
async-trait anyhow thiserror log env_logger tracing tracing-subscriber clap structopt
rand rand_core regex lazy_static once_cell itertools chrono time uuid bytes byteorder
hyper reqwest axum actix-web actix-rt warp rocket tower tower-http tonic prost
sqlx diesel rusqlite redis mongodb base64 hex sha2 sha1 md5 digest hmac ring rustls
openssl native-tls libc nix winapi windows windows-sys cfg-if bitflags memchr
smallvec indexmap hashbrown parking_lot crossbeam crossbeam-channel rayon num
num-traits num-cpus criterion proptest quickcheck tempfile walkdir glob ignore
dirs directories url percent-encoding http mime syn quote proc-macro2 heck
strum strum_macros derive_more either semver flate2 zip tar image nom pest
ripgrep fd-find bat exa eza cargo-edit cargo-watch cargo-audit cargo-deny
cargo-nextest cargo-expand wasm-bindgen wasm-pack js-sys web-sys tauri bevy
"""

_GEMS = """
rails rake bundler rack rspec rspec-core rspec-rails minitest activesupport activerecord
actionpack actionview activemodel railties nokogiri json puma thin unicorn sinatra
devise pundit cancancan sidekiq resque redis pg mysql2 sqlite3 rubocop rubocop-rails
pry byebug irb capybara selenium-webdriver factory_bot factory_bot_rails faker
webmock vcr simplecov dotenv dotenv-rails jbuilder sass-rails bootsnap listen spring
httparty faraday rest-client aws-sdk-s3 aws-sdk-core jwt bcrypt omniauth kaminari
will_paginate carrierwave paperclip shrine image_processing mini_magick sprockets
webpacker importmap-rails turbo-rails stimulus-rails tzinfo i18n concurrent-ruby
thor zeitwerk mail nio4r websocket-driver ffi rexml racc cocoapods fastlane jekyll
"""

_GO = """
github.com/stretchr/testify github.com/spf13/cobra github.com/spf13/viper
github.com/spf13/pflag github.com/sirupsen/logrus go.uber.org/zap github.com/gin-gonic/gin
github.com/labstack/echo github.com/gorilla/mux github.com/go-chi/chi github.com/gofiber/fiber
github.com/google/uuid github.com/pkg/errors github.com/golang/protobuf
google.golang.org/protobuf google.golang.org/grpc golang.org/x/net golang.org/x/sys
golang.org/x/text golang.org/x/crypto golang.org/x/sync golang.org/x/tools golang.org/x/mod
github.com/prometheus/client_golang github.com/go-sql-driver/mysql github.com/lib/pq
github.com/jackc/pgx gorm.io/gorm github.com/redis/go-redis github.com/go-redis/redis
github.com/aws/aws-sdk-go github.com/aws/aws-sdk-go-v2 github.com/urfave/cli
github.com/golangci/golangci-lint honnef.co/go/tools github.com/air-verse/air
github.com/cosmtrek/air github.com/go-delve/delve gopkg.in/yaml.v3 gopkg.in/yaml.v2
github.com/davecgh/go-spew github.com/mattn/go-sqlite3 github.com/rs/zerolog
github.com/charmbracelet/bubbletea github.com/golang-jwt/jwt github.com/joho/godotenv
mvdan.cc/gofumpt github.com/sqlc-dev/sqlc github.com/golang-migrate/migrate
github.com/pressly/goose github.com/swaggo/swag github.com/bufbuild/buf
github.com/goreleaser/goreleaser github.com/vektra/mockery go.uber.org/mock
github.com/golang/mock github.com/securego/gosec github.com/go-task/task
github.com/magefile/mage github.com/a-h/templ github.com/mgechev/revive gotest.tools/gotestsum
github.com/segmentio/golines github.com/fatih/gomodifytags github.com/99designs/gqlgen
github.com/oapi-codegen/oapi-codegen github.com/deepmap/oapi-codegen golang.org/x/vuln
github.com/grpc-ecosystem/grpc-gateway github.com/kisielk/errcheck github.com/google/wire
entgo.io/ent github.com/jstemmer/go-junit-report github.com/axw/gocov github.com/google/ko
sigs.k8s.io/kind sigs.k8s.io/controller-tools sigs.k8s.io/kustomize github.com/bazelbuild/bazelisk
"""


def _names(block: str) -> frozenset[str]:
    return frozenset(block.split())


WELL_KNOWN: dict[str, frozenset[str]] = {
    "pypi": _names(_PYPI), "npm": _names(_NPM), "crates": _names(_CRATES),
    "gems": _names(_GEMS), "go": _names(_GO)}


# Install scripts vendors document on their own hosts: fetched and run as their docs say.
_INSTALLERS = (
    "sh.rustup.rs", "raw.githubusercontent.com/homebrew/install/", "bun.sh/install",
    "deno.land/install.sh", "deno.land/x/install/", "astral.sh/uv/", "astral.sh/ruff/",
    "install.python-poetry.org", "get.pnpm.io/install.sh", "raw.githubusercontent.com/nvm-sh/nvm/",
    "sdk.cloud.google.com", "get.docker.com", "get.k3s.io", "tailscale.com/install.sh",
    "fly.io/install.sh", "ollama.com/install.sh", "starship.rs/install.sh", "pyenv.run",
    "get.sdkman.io", "mise.run", "fnm.vercel.app/install", "get.volta.sh",
    "raw.githubusercontent.com/helm/helm/main/scripts/", "claude.ai/install.sh",
    "cli.moonrepo.dev/install", "get.jenkins.io", "opencode.ai/install",
)


def official_installer(args: list[str]) -> bool:
    """Whether every URL among a fetcher's arguments is a vendor's documented installer."""
    urls = [a.strip("\"'").lower() for a in args if "://" in a or a.lower().startswith(
        tuple(i.split("/")[0] for i in _INSTALLERS))]
    if not urls:
        return False
    return all(re.sub(r"^https?://", "", url).startswith(_INSTALLERS) for url in urls)
