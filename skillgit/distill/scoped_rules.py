"""A team's rule or an undo in any language, read from three kinds of words and a thing.

A follow-up in another language states a rule of the project when one sentence (outside
questions) holds

- a **scope**: where the rule holds or whose it is — "here", "in this repo / project /
  service", "we", "at ours" (`SCOPES`: one row per language, as data);
- a **rule word**: a negation, "always / never", "every / all", "must" ("tem de", "zorunda",
  "muss"), "only", "as before", a placement ("van en", "gehört in": the rule "goes in"),
  "everything goes through X" ("pasa por", "passa da"), the word "rule" and a polite
  request made a norm ("…でお願いします", "请统一…") (the row's own words);
- a **thing of the work**: a flag, path, `code` span, snake_case or dotted name, a number or
  version, a word of the agent's own commands or reply, an English noun of software work
  (`norms.THINGS`: developers say "endpoint" and "logger" in every language), or any Latin
  word in a sentence of another script ("H2", "panic", "Conventional Commits"), or an
  acronym ("JSON", "API").

"Nie używamy tutaj any", "en este repo todo endpoint nuevo va bajo /api/v2", "저희는 테스트에서
H2 안 써요", "我们这边Go项目不用panic" are rules; "aquí no hay errores" (no thing), "usamos eso
ayer?" (a question) and "funcionou, sem erro" (no scope) are not.

An **impersonal rule** needs no scope word: "one never / always <verb>" (`IMPERSONAL`: "no
se tocan nunca", "nunca se aplica", "non si tocca mai", "on ne … jamais", "man … nie") with
a thing is a rule; with a pronoun or a past auxiliary ("nunca se me ocurrió", "no se ha roto
nunca") it tells a story.

An **undo** ("верни", "cofnij", "geri al", "元に戻して", "改回", "되돌려") asks the agent to take
back what it just did: a correction wherever it stands outside a question.
"""

from __future__ import annotations

import re

from skillgit.distill import languages
from skillgit.distill.action_context import ActionContext
from skillgit.distill.norms import THINGS

# (language, scope words and phrases, rule words, undo words); "_" joins a phrase's words.
# Words of scripts without spaces match anywhere, the others as whole words.
_ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("es", "aquí acá aqui aca en_este_repo en_este_proyecto en_este_servicio usamos nosotros "
     "no_usamos en_todos_los", "todo toda todos todas siempre nunca jamás solo no "
     "tiene_que tienen_que hay_que debe deben obligatorio obligatoria va_en van_en pasa_por "
     "pasan_por exclusivamente únicamente", "deshaz revierte déjalo_como_estaba"),
    ("pt", "aqui neste_repo neste_projeto nesse_repo nesse_projeto usamos nós a_gente",
     "todo toda todos sempre nunca só nao não tem_de tem_que têm_de têm_que deve devem "
     "obrigatório obrigatória vai_em vão_em passa_por passam_por exclusivamente",
     "desfaz desfaça reverte deixa_como_estava"),
    ("it", "qui in_questo_repo in_questo_progetto usiamo noi da_noi",
     "ogni tutti tutto sempre mai solo niente non passa_da passa_per passano_da "
     "deve devono bisogna obbligatorio obbligatoria va_in vanno_in va_nel vanno_nel "
     "esclusivamente soltanto", "annulla rimetti ripristina"),
    ("fr", "ici dans_ce_repo dans_ce_projet on_utilise nous chez_nous",
     "toujours jamais tout tous toutes chaque seulement pas "
     "doit doivent faut obligatoire va_dans vont_dans passe_par passent_par exclusivement "
     "uniquement", "annule remets"),
    ("de", "hier in_diesem_repo in_diesem_projekt bei_uns wir",
     "immer nie niemals jede jeder jedes alle nur nicht kein keine "
     "muss müssen pflicht gehört_in gehören_in läuft_über laufen_über geht_über "
     "ausschließlich ausschliesslich lediglich", "mach_rückgängig stell_wieder_her"),
    ("nl", "hier in_deze_repo in_dit_project bij_ons wij we",
     "altijd nooit elke alle alleen niet geen moet moeten verplicht hoort_in horen_in gaat_via "
     "uitsluitend", "draai_terug maak_ongedaan"),
    ("vi", "bên_mình bên_em chỗ_mình team_mình nhóm_mình ở_đây trong_repo_này dự_án_này "
     "chúng_tôi chúng_ta tụi_mình bọn_mình",
     "không ko đừng luôn lúc_nào_cũng không_bao_giờ chỉ phải bắt_buộc mọi tất_cả",
     "hoàn_tác khôi_phục"),
    ("pl", "tutaj tu w_tym_repo w_tym_projekcie u_nas używamy my",
     "zawsze nigdy każdy każda wszystkie tylko nie ma_być musi", "cofnij przywróć"),
    ("cs", "tady zde v_tomhle_repu v_tomto_projektu u_nás používáme my",
     "vždy nikdy každý všechny jen ne musí se_nesahá", "vrať vraťte"),
    ("tr", "burada bu_projede bu_repoda bu_depoda bu_serviste bu_kodda bizde biz",
     "her_zaman asla hiç tüm bütün her sadece değil zorunda zorunlu gerekiyor gerekir "
     "şart", "geri_al"),
    ("sv", "här i_det_här_repot i_projektet hos_oss vi",
     "alltid aldrig varje alla bara inte måste", "ångra återställ"),
    ("ru", "здесь тут у_нас в_этом_репо в_этом_проекте мы",  # noqa: RUF001
     "всегда никогда каждый все только не нельзя должен должна", "верни вернуть откати"),
    ("ja", "このリポジトリ このプロジェクト このチーム チームでは うちでは 私たちは ここでは "
     "今まで通り いつも通り",
     "必ず いつも 常に 絶対 だけ ない しない 使わない ルール 決まり でお願いします "
     "でお願いいたします にしてください ようにしてください", "元に戻して 戻して"),
    ("zh", "我们 这边 这个项目 这个仓库 本项目 团队",
     "不用 不要 别 总是 永远 从不 只 统一 必须 都 规则 规范 请用 请统一", "改回 恢复 撤销 回滚"),
    ("ko", "저희는 우리는 저희 이 프로젝트 이 저장소 여기서는",
     "안 항상 절대 만 반드시 모든 않 규칙 부탁드립니다 해주세요", "되돌려 원래대로"),
)
# An impersonal rule, which needs no scope word: "one never …", "… is never done" ("no se
# tocan nunca", "nunca se aplica", "non si tocca mai", "on ne … jamais", "man … nie"). One
# row per language, as data; the always/never word is part of the form.
# A pronoun or a past auxiliary after "se" tells a story ("nunca se me ocurrió", "no se ha
# roto nunca", "non si è mai rotto"), no rule.
_NOT_A_RULE_VERB = (r"(?!(?:me|te|nos|os|le|les|lo|la|los|las|mi|ti|ci|vi|gli|ha|han|había"
                    r"|habían|he|hemos|tinha|tem|è|era|erano|sono|è|a|ont|avait|hat|hatte|war"
                    r"|heeft|had|was)\b)")
_IMPERSONAL_ROWS = (
    ("es", r"\b(?:nunca|jamás|siempre)\s+se\s+<verb>|\bno\s+se\s+<verb>\s+(?:nunca|jamás)\b"),
    ("pt", r"\b(?:nunca|jamais|sempre)\s+se\s+<verb>|\bn[ãa]o\s+se\s+<verb>\s+nunca\b"),
    ("it", r"\b(?:mai|sempre)\s+si\s+<verb>|\bnon\s+si\s+<verb>\s+mai\b"),
    ("fr", r"\bon\s+ne\s+<verb>\s+jamais\b|\bon\s+<verb>\s+toujours\b"),
    ("de", r"\bman\s+<verb>\s+(?:nie|niemals|immer)\b"),
    ("nl", r"\bje\s+<verb>\s+(?:nooit|altijd)\b"),
)
IMPERSONAL = re.compile("|".join(pattern.replace("<verb>", _NOT_A_RULE_VERB + r"\w+")
                                 for _code, pattern in _IMPERSONAL_ROWS), re.IGNORECASE)
# Negation as a suffix of the verb (Turkish "-mIyor": "we do not use / write").
_SUFFIX_NEGATION = re.compile("\\w+m[\u0131iu\u00fc]yor\\w*", re.IGNORECASE)
_SPACED = re.compile(r"[a-zA-Z\u00c0-\u024f\u0400-\u04ff\u1e00-\u1eff]")  # Vietnamese too


def _alternation(words: list[str]) -> re.Pattern[str]:
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        body = re.escape(word.replace("_", " "))
        parts.append(rf"(?<!\w){body}(?!\w)" if _SPACED.match(word) else body)
    return re.compile("|".join(parts), re.IGNORECASE)


SCOPE = _alternation([w for row in _ROWS for w in row[1].split()])
# The scopes that name a place or a team ("chez nous", "bei uns", "in this repo", "このリポジトリ"),
# not a bare "we": after thanks, "danke. die kommen immer montags, dann sehen wir es" is no rule.
PLACE_SCOPE = _alternation([w for row in _ROWS for w in row[1].split()
                            if "_" in w or not _SPACED.match(w)])
RULE_WORD = _alternation([w for row in _ROWS for w in row[2].split()])
UNDO = _alternation([w for row in _ROWS for w in row[3].split()])
_THING_NOUN = re.compile(r"(?<![\w-])" + THINGS + r"(?![\w-])", re.IGNORECASE | re.VERBOSE)
_CONCRETE = re.compile(r"`[^`\n]+`|(?<![\w-])--?[A-Za-z][\w-]*|[\w.~-]*/[\w./@*-]+"
                       r"|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\.\w+\b|\d|\b(?!OK\b)[A-Z]{2,}\b")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]*")
_LETTER = re.compile(r"[^\W\d_]")
_LATIN_LETTER = re.compile(r"[a-zA-Z\u00c0-\u024f]")
# Letters of another script that make a sentence one of that script, however many Latin
# names it quotes ("…はConventional Commits形式で…").
MIN_OTHER_SCRIPT = 4
# A sentence ends at a mark before a space or the end ("fmt.Println" goes on).
_SENTENCE = re.compile(r"(?:[^.!?;\n\u3002\uff01\uff1f]|[.!?;](?!\s|$))+"
                       r"[.!?;\u3002\uff01\uff1f]*")
_QUESTION_END = re.compile(r"[?\uff1f]\s*$")


# A katakana word of four or more letters: Japanese writes the nouns of software work as
# loanwords ("コミットメッセージ", "ブランチ", "マイグレーション").
_LOANWORD = re.compile("[\u30a1-\u30fa][\u30a1-\u30fc]{3,}")
_NON_LATIN_WORD = re.compile(r"[^\W\da-zA-Z_\u00c0-\u024f]{5,}")
STEM = 5


def _stems(text: str) -> set[str]:
    """The first letters of the words of `text` written in a non-Latin script."""
    return {w[:STEM] for w in _NON_LATIN_WORD.findall(text.lower())}


def _has_thing(sentence: str, context: ActionContext | None) -> bool:
    if _CONCRETE.search(sentence) or _THING_NOUN.search(sentence) or _LOANWORD.search(sentence):
        return True
    letters = _LETTER.findall(sentence)
    latin = [w for w in _LATIN_WORD.findall(sentence) if len(w) >= 2]
    if latin and sum(not _LATIN_LETTER.match(c) for c in letters) >= MIN_OTHER_SCRIPT:
        return True  # a Latin word in another script is a name: "H2", "panic", "Go"
    if context is None:
        return False
    wrote = context.wrote.lower()
    if _stems(sentence) & _stems(wrote):
        return True  # a word of the agent's reply in another inflection ("запросов" after
        # "запроса"): in a script no English noun of the work is written in
    return any(re.search(rf"(?<![\w-]){re.escape(w.lower())}(?![\w-])", wrote)
               for w in latin if w.lower() not in languages.ENGLISH or len(w) > 2)


def rule(text: str, context: ActionContext | None, *, placed: bool = False) -> int | None:
    """Where a sentence of `text` states a team's rule (see the module docstring), or None;
    `placed`: only with a scope naming a place or a team (`PLACE_SCOPE`)."""
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group()
        if _QUESTION_END.search(body) or not body.strip():
            continue
        scope = (PLACE_SCOPE if placed else SCOPE).search(body)
        if scope is None and placed:
            continue
        if scope is None:
            form = IMPERSONAL.search(body)  # the rule word is part of the form
            rest = body if form is None else body[:form.start()] + body[form.end():]
            if form is not None and _has_thing(rest, context):
                return sentence.start() + len(body) - len(body.lstrip())
            continue
        rest = body[:scope.start()] + " " * len(scope.group()) + body[scope.end():]
        marked = RULE_WORD.search(rest) or _SUFFIX_NEGATION.search(rest)
        plain = RULE_WORD.sub(lambda m: " " * len(m.group()), rest)  # "todo" is no TODO
        if marked and _has_thing(plain, context):
            return sentence.start() + len(body) - len(body.lstrip())
    return None


def undo(text: str) -> int | None:
    """Where a sentence of `text` asks the agent to take back what it did, or None."""
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group()
        if _QUESTION_END.search(body):
            continue
        found = UNDO.search(body)
        if found is not None:
            return sentence.start() + found.start()
    return None
