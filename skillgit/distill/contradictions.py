"""Implicit corrections: a statement that contradicts a fact of what the agent just did.

The user need not say "no" or "instead": stating a fact the agent's action ignored is the
correction. Three kinds of fact, each read against `ActionContext` (what the agent
*changed*: files it edited, the words of commands that were no inspection; and what it
*wrote*: its replies and commands):

- **a version**: the sentence names a runtime, tool or framework with a version ("<name>
  <version>") and the agent set or assumed another version of the same thing, or an unnamed
  one after a version word ("release to 21"), and none equal to it;
- **a property of the target**: the sentence names something the agent changed (a file, its
  stem or part of it, a host, branch or workspace of the command) or points at it ("that",
  "this file", "that's …"), and gives it a property that forbids what was done: live,
  production, primary, shared (also "copied into 43 programs"), fixed-size, generated
  (also in scripts without spaces: "构建产物"), vendored, a lockfile, protected, already
  applied or released, deleted (`SENSITIVE`); a folder the agent edited in ("gen/") and a plural
  of what it edited ("pages" after `page.tsx`) name it too, and so do its kind ("that
  header") and the environment a changing command took it from (`target_pointers`);
- **incredulity at the act**: "you <destructive verb> …?" in statement word order ("you
  deleted the snapshot test??"), or a short sentence ending in "?!" / "??" that names what
  the agent changed or a sensitive property ("prod?!").

A question otherwise, a sentence that approves ("good", "right", "matches"), and turns where
the agent changed nothing (for the target and the incredulity) are never read as one.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.evidence import sentence_span
from skillgit.distill.target_pointers import points_at_target
from skillgit.distill.user_phrases import rx

# name -> the family it belongs to (aliases of one runtime or tool)
_ALIASES = {"nodejs": "node", "node.js": "node", "jdk": "java", "jre": "java", "jvm": "java",
            "jvmtarget": "java", "javaversion": "java", "sourcecompatibility": "java",
            "targetcompatibility": "java",
            "openjdk": "java", "temurin": "java", "golang": "go", "python3": "python",
            "py": "python", "cpython": "python", "postgresql": "postgres", "pg": "postgres",
            "k8s": "kubernetes", "dotnet": ".net", "net": ".net", "ts": "typescript",
            "rustc": "rust", "ror": "rails", "springboot": "spring", "psql": "postgres"}
_RUNTIMES = frozenset("""node java go python ruby rust php django rails react vue angular next
nuxt svelte postgres mysql mariadb redis mongo mongodb elasticsearch kafka kubernetes helm
terraform .net typescript kotlin scala swift xcode gradle maven spring flask fastapi laravel
symfony elixir erlang ubuntu debian alpine centos rhel android ios express nestjs deno bun
numpy pandas pytorch torch tensorflow cuda gcc clang llvm cmake bazel webpack vite jest
eslint node18 openssl nginx electron flutter dart perl lua julia r""".split()) | set(_ALIASES)
_VERSION_WORDS = frozenset("version release target directive level runtime toolchain sdk "
                           "image edition languageversion".split())
_NAMED_VERSION = re.compile(r"(?<![\w.-])(\.?[a-z][a-z0-9.+#]*?)[\s:@=v-]{0,3}(\d+(?:\.\d+){0,2})"
                            r"(?!\w|\.\d)", re.IGNORECASE)
_ANY_VERSION = re.compile(r"(?<![\w.])(\d+(?:\.\d+){0,2})(?!\w|\.\d|%)")
_FUSED_VERSION = re.compile(r"(?<![\w.-])([a-z]+)(\d+(?:\.\d+){1,2})(?![\w-]|\.\d)", re.I)
# A question in the negative ("isn't scripts/.env the replica finance reads??") states what
# the asker holds true: read like a statement.
_RHETORICAL = rx(r"""^\W*(?:(?:wait|hold\ on|hang\ on|hm+|uh|um|so|but|er)\W+)*(?:isn't|aren't
    |wasn't|weren't|doesn't|don't|didn't)\s+(?!there|you\s+think|it\s+(?:better|easier|simpler))""")
_WORD = re.compile(r"[a-z][a-z0-9.+#-]*", re.IGNORECASE)

SENSITIVE = rx(r"""\b(?:live|prod|production|primary|master\ (?:db|database)|shared|customers?'?
    |real\ (?:data|database|db|users)|generated|auto-?generated|codegen|vendored|third[-\ ]party
    |regenerat\w+|spits?\ (?:\w+\ ){0,2}out
    |whatever\ [^.;!?\n]{0,40}?\b(?:emits|outputs|produces|generates|writes)
    |(?:again\ )?on\ every\ (?:build|compile|sync
        |deploy|install|codegen)|(?:was|were|got|has\ been|have\ been)\ (?:deleted
        |removed|dropped)|no\ longer\ exists?|(?:doesn't|does\ not|don't|do\ not)\ exist
    |upstream|lock\ ?file|protected|read[-\ ]only|release[-\ ]only|immutable|frozen
    |already\ (?:been\ )?(?:applied|deployed|merged|released|published|ran|run|pushed|shipped
        |migrated|in\ (?:prod|production|main|use))
    |in\ use|owned\ by|someone\ else's|not\ ours|comes?\ out\ of|produced\ by|emitted\ by
    |(?:is|are)\ (?:the\ )?output\ of|replicas?|node_modules|site-packages|vendor|dist
    |build\ output|compiled|minified|bundled|an?\ (?:installed\ )?dependency|backups?
    |only\ (?:copy|backup)|public\ api|used\ by\ (?:other|every|all|the\ other)\w*
    |(?:copied|included|imported|pulled|used|referenced|shared)\ (?:in(?:to)?|by|across)
        \ (?:\d+|all|every|many|several|dozens\ of|hundreds\ of)\b
    |fixed\ at\ \d+|fixed[-\ ](?:size|length|width)
    |(?:other\ teams?|everyone|everybody|clients)\ (?:depend|rel(?:y|ies))\ on
    |produktion\w*|produktiv\w*|production|producción|produção|produzione|productie|live-?system
    |généré|genere|generiert|generado|gerado|generato|gegenereerd|partagée?|geteilt
    |compartid[oa]|compartilhad[oa]|condivis[oa]|gedeeld|primaire|principal)\b""")
# The same properties in scripts written without spaces, matched anywhere ("dist 是构建产物",
# "每次 vite build 都会重新生成"): generated, a build output, shared, production.
SENSITIVE_UNSPACED = re.compile(r"""构建产物|構建產物|编译产物|生成物|自动生成|自動生成|重新生成
    |再生成|生成され|生成して|ビルド成果物|成果物|本番|生产环境|生產環境|共有|共享|빌드\ ?산출물
    |자동\ ?생성|생성됩|운영\ ?환경""", re.VERBOSE)
# An address opening the turn ("cara, esse pb.go é gerado …", "mec, c'est généré"): a
# word for the listener, one row per language.
_ADDRESS = rx(r"""^\W*(?:dude|bro|man|mate|buddy|folks|guys|cara|mano|v[ée]i|gente|pessoal|mec
    |les\ gars|alter|leute|jungs|t[íi]o|t[íi]a|hombre|amigo|chicos|frate|ragazzi|raga|gente
    |kerel|jongens|gast)\s*,\s*""")
# Disbelief at what was done ("you are joking", "seriously", "…"), beside a target whose own
# name says it is sensitive ("db-prod-1").
_DISBELIEF = rx(r"""\b(?:joking|kidding|serious(?:ly)?|really|wtf|omg|oh\ no|what\ the|are\ you
    \ sure)\b|!!|\.\.\.|\u2026""")
_DEICTIC = rx(r"""(?:^|[.!?;:,]\s*)\W*(?:(?:no|wait|stop|hey|dude|hold\ on)\W+)*
    (?:(?:that|this|it|those|these)(?:\s+[\w.-]+){0,2}?(?:'s|\s+is|\s+was|\s+are|\s+were)?
    |c'(?:est|était)|ce(?:tte)?\s+\w+\s+est|das\ (?:ist|war)|die\ (?:ist|war)|dies(?:e|er|es)?
        \s+\w+\s+ist|es\ (?:la|el)|eso\ es|esa?\s+\w+\s+es|isso\ é|é\ (?:a|o)|ess[ae]\s+\w+\s+é
    |questo\ è|quest[ao]\s+\w+\s+è|quello\ è|dat\ is|die\ is|deze\s+\w+\s+is
    |(?:ese|esa|este|esta|esse|essa|esta|questo|questa|quel|quella|cet|cette|dieser|diese
        |dieses|deze|dat)\s+[\w.-]+)(?!\w)""")
_APPROVES = rx(r"\b(?:good|great|right|correct|fine|perfect|matches|as\ expected|makes\ sense"
               r"|thanks|thank\ you|nice|awesome|excellent|lgtm|sane|looks\ ok(?:ay)?|safe"
               r"|harmless)\b")
# Agreeing by likeness ("values-prod.yaml has the same key") and plans for later ("once
# staging is healthy, do the same there"): facts that contradict nothing done.
AGREES = rx(r"\b(?:the\ same|likewise|works|worked|ok(?:ay)?)\b")
PLAN = rx(r"""\b(?:once|after|afterwards|later|when|whenever|next|tomorrow|soon|eventually
    |will|won't|going\ to|gonna|plan(?:s|ned)?(?=\s+(?:to|on)\b)|the\ plan\ is|if|unless|then
    |(?<!last\ )(?:sprint|quarter)
    |moves?\ to
    |migrat\w+\ to|for\ now|stays?|leave)\b|(?<=\w)[\x27\u2019]ll\b""")
# A turn opening by approving the result continues from it; only a contrast ("but",
# "however", "still", "actually", "only") turns a later fact against it.
_OPENS_APPROVING = rx(r"^\W*(?:ok(?:ay)?\W+)?(?:great|good|nice|perfect|thanks|thank\ you|cool"
                      r"|awesome|excellent|lgtm|looks\ good)\b")
_CONTRAST = rx(r"\b(?:but|however|though|still|actually|only|except)\b")
_DESTRUCTIVE = rx(r"""(?:^|[.!?;:,]\s*)\W*(?:wait\W+)?(?:you|u)\s+(?:just\s+)?(?:deleted|removed
    |dropped|wiped|overwrote|overwritten|reset|reverted|force[-\ ]pushed|truncated|disabled
    |skipped|commented\ out|killed|destroyed|nuked|rewrote|squashed|unpinned|downgraded
    |upgraded|bumped)\b""")
_INCREDULOUS = re.compile(r"[^.!?\n]{1,40}?(?:\?!|!\?|\?\?)[?!]*")
_TOKEN = re.compile(r"[\w.@/+-]*\w", re.UNICODE)


def contradiction(text: str, context: ActionContext) -> int | None:
    """Where `text` states a fact that contradicts the agent's last action, or None."""
    for finder in (_incredulous, _version, _target):
        position = finder(text, context)
        if position is not None and not approved_at(text, position):
            return position
    return None


def approved_at(text: str, position: int) -> bool:
    """Whether the turn opens by approving the result and the sentence at `position` turns
    nothing against it: no contrast word ("but", "however", "still")."""
    start, end = sentence_span(text, position)  # "Only thing: prod is still on 12": whole
    return _OPENS_APPROVING.match(text) is not None and _CONTRAST.search(
        text, start, end) is None


def _incredulous(text: str, context: ActionContext) -> int | None:
    if not context.changed or _APPROVES.search(text):  # "you deleted both? great"
        return None
    for match in _DESTRUCTIVE.finditer(text):
        start, end = sentence_span(text, match.end())
        if text[start:end].rstrip().endswith("?"):
            you = re.search(r"\b(?:you|u)\b", match.group(), re.IGNORECASE)
            return match.start() + (you.start() if you else 0)
    for match in _INCREDULOUS.finditer(text):
        words = _TOKEN.findall(match.group())
        if 0 < len(words) <= 4 and (SENSITIVE.search(match.group())
                                    or names_changed(match.group(), context)):
            return match.start() + len(match.group()) - len(match.group().lstrip())
    return None


def _statements(text: str, *, approving: bool = False) -> list[tuple[int, str]]:
    """The sentences of `text` that are no question and (unless `approving`) do not
    approve."""
    found = []
    position = 0
    while position < len(text):
        start, end = sentence_span(text, position)
        sentence = text[start:end]
        asked = sentence.rstrip().endswith("?") and not _RHETORICAL.match(sentence)
        if sentence.strip() and not asked and (
                approving or not (_APPROVES.search(sentence) or AGREES.search(sentence)
                                  or PLAN.search(sentence))):
            found.append((start, sentence))
        # past the blanks after the sentence end: a span asked for at the end mark's own
        # following blank would reach back to the start of the text
        position = max(end, position + 1)
        while position < len(text) and text[position].isspace():
            position += 1
    return found


def _version(text: str, context: ActionContext) -> int | None:
    theirs = versions(context.wrote)
    if not theirs:
        return None
    for start, sentence in _statements(text):
        for name, number, at in _named_versions(sentence):
            same = [v for n, v in theirs if n in (name, "")]
            if any(_same_version(number, v) for n, v in theirs if n == name):
                continue
            if same and not any(_same_version(number, v) for v in same):
                return start + at
    return None


def _same_version(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _named_versions(text: str) -> list[tuple[str, str, int]]:
    found = []
    for match in _NAMED_VERSION.finditer(text):
        name = family(match.group(1))
        if name in _RUNTIMES or name in _ALIASES.values():
            found.append((name, match.group(2), match.start()))
    return found


def family(name: str) -> str:
    """The runtime family a name belongs to ("nodejs" -> "node"), or the name itself."""
    name = name.lower().rstrip(".-:")
    return _ALIASES.get(name, name)


def is_runtime(name: str) -> bool:
    """Whether `name` is a runtime, tool or framework people pin versions of."""
    return family(name) in _RUNTIMES


def versions(text: str) -> set[tuple[str, str]]:
    """(family, version) the text sets or assumes; family "" for a version after a version
    word ("release to 21") with no runtime named."""
    found: set[tuple[str, str]] = set()
    for match in _ANY_VERSION.finditer(text):
        window = re.split(r"[.;!?\n](?:\s|$)", text[max(0, match.start() - 40):match.start()])
        before = [family(w) for w in _WORD.findall(window[-1])][-3:]
        parts = [p for w in before for p in re.split(r"[-:=_]", w) if p]
        named = [p for p in reversed(parts) if family(p) in _RUNTIMES]
        if named:
            found.add((family(named[0]), match.group(1)))
        elif any(p.rsplit(".", 1)[-1] in _VERSION_WORDS for p in parts):
            found.add(("", match.group(1)))
    for match in _FUSED_VERSION.finditer(text):  # "net6.0", "python3.11": name and number
        if is_runtime(match.group(1)):
            found.add((family(match.group(1)), match.group(2)))
    return found


def _target(text: str, context: ActionContext) -> int | None:
    if not context.changed:
        return None
    for start, sentence in _statements(text):
        for found in [*SENSITIVE.finditer(sentence), *SENSITIVE_UNSPACED.finditer(sentence)]:
            rest = sentence[:found.start()] + " " + sentence[found.end():]
            if (_DEICTIC.match(_ADDRESS.sub("", sentence, count=1))
                    or names_changed(rest, context)
                    or (_DISBELIEF.search(sentence) and names_changed(sentence, context))
                    or points_at_target(sentence, rest, shell=context.shell)):
                return start + len(sentence) - len(sentence.lstrip())
    return None


def confirmations(text: str, context: ActionContext) -> list[tuple[int, int]]:
    """Spans of the sentences that restate a version the agent itself set or named
    ("Ruby 3.3 is right for the CI image" after it set 3.3): agreement, never a correction."""
    theirs = versions(context.wrote)
    spans = []
    for start, sentence in _statements(text, approving=True):
        named = _named_versions(sentence)
        if named and all(any(n in (name, "") and _same_version(number, v) for n, v in theirs)
                         and not _other_variant(sentence, at, context.wrote)
                         and not _another_number(sentence, at, theirs)
                         for name, number, at in named):
            spans.append((start, start + len(sentence)))
    return spans


_RUN = re.compile(r"[\w.:/@+-]+")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)*)(?![\w.])")


def _another_number(text: str, at: int, theirs: set[tuple[str, str]]) -> bool:
    """Whether another version follows the named one closely ("Java 17 değil 21", "17, not
    21"): the sentence weighs two versions, it agrees with none."""
    numbers = [m.group(1) for m in _NUMBER.finditer(text, at, min(len(text), at + 32))]
    return any(not any(_same_version(n, v) for _name, v in theirs) for n in numbers[1:])


def _other_variant(text: str, at: int, wrote: str) -> bool:
    """Whether the versioned name at `at` carries a variant the agent did not write
    ("python:3.12-slim-bookworm" after it wrote "python:3.12-alpine"): another image, not
    the same version agreed."""
    run = _RUN.match(text, at)
    token = run.group().rstrip(".:,-").lower() if run else ""
    variant = re.search(r"\d[-_]([a-z][\w.-]*)$", token)
    return variant is not None and token not in wrote.lower()


def names_changed(text: str, context: ActionContext) -> bool:
    """Whether `text` names a file, stem, part of a name, host or word the agent changed."""
    parts = {p for name in context.changed for p in re.split(r"[_\-./]+", name) if len(p) >= 3}
    for token in _TOKEN.findall(text.lower()):
        if "/" in token and any(name.startswith(token.strip("./").rstrip("/") + "/")
                                for name in context.changed if token.strip("./")):
            return True  # "gen/" over the edited gen/go/orders.pb.go: the folder it is in
        for piece in {token, *token.split("/")}:
            piece = piece.strip(".-/")
            if "." in piece and len(piece) >= 4 and any(
                    name.endswith(("." + piece, "/" + piece)) for name in context.changed):
                return True  # "pb.go" after it edited pessoa.pb.go: the kind of file
            if piece in context.changed or (piece in parts
                                            and (piece.isdigit() or len(piece) >= 4)):
                return True
            if piece.endswith("s") and piece[:-1] in parts and len(piece) >= 5:
                return True  # "pages" after it edited page.tsx
    return False
