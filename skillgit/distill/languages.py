"""How corrections are said in languages other than English, as one table per language.

Each `Language` row holds the words that identify the language (frequent function words and
its cue words) and, per intent, the general ways it says them — never a sample sentence:

| field        | intent                                          | French example words        |
|--------------|-------------------------------------------------|-----------------------------|
| `no`         | a plain "no" opening the turn                   | non                         |
| `rule`       | "always", "never", "from now on", "next time"   | toujours, jamais, désormais |
| `negation`   | "don't", "not", "without"                       | ne … pas, pas de, sans      |
| `instead`    | "instead of", "rather than"                     | au lieu de, plutôt que      |
| `only`       | "only", "just"                                  | seulement, uniquement       |
| `reject`     | "wrong", "not what I asked"                     | faux, pas ce que            |
| `use`        | "use", "switch to" (imperative)                 | utilise, passe à            |
| `challenge`  | "why did you", "not like that", "undo"          | pourquoi as-tu, annule      |
| `reminder`   | "I already told you", "stop doing"              | je t'ai dit, arrête de      |

`OTHER` is the fallback for every language without a row (and for scripts without spaces):
negation, "instead" and "always/never" words of many languages, read only together with a
command, flag or path the agent used (see `foreign`). `ENGLISH` is the function words that
tell an English turn from the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.wording import ENGLISH_FUNCTION_WORDS


@dataclass(frozen=True)
class Language:
    code: str
    words: frozenset[str]
    no: re.Pattern[str]
    rule: re.Pattern[str]
    negation: re.Pattern[str]
    instead: re.Pattern[str]
    only: re.Pattern[str]
    reject: re.Pattern[str]
    use: re.Pattern[str]
    challenge: re.Pattern[str]
    reminder: re.Pattern[str]


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("'", "['\u2019]"), re.IGNORECASE | re.VERBOSE)


def _language(code: str, words: str, **cues: str) -> Language:
    return Language(code=code, words=frozenset(words.split()),
                    **{name: _rx(pattern) for name, pattern in cues.items()})


ENGLISH = ENGLISH_FUNCTION_WORDS

LANGUAGES: tuple[Language, ...] = (
    _language(
        "fr", """le la les un une des du de dans pour pas ne on est et ce ça cette sur avec au
        aux que qui non jamais toujours seulement uniquement plutôt lieu utilise mais il
        nous vous tu ton ta tes mon ma mes sans désormais ici tout toute aussi déjà""",
        no=r"^\W*non\b",
        rule=r"""\b(?:toujours|jamais|désormais|dorénavant|à\ l'avenir|la\ prochaine\ fois
            |(?:c'est|est)\ (?:la|une|notre)\ règle
            |règle\ (?:de\ l'équipe|d'équipe|du\ projet))\b""",
        negation=r"\bne\s+(?:\w+\s+){1,2}?(?:pas|jamais|plus)\b|\bn'\w+\s+pas\b|\bpas\b|\bsans\b",
        instead=r"\bau\ lieu\ (?:de|d')|\bplutôt\ que\b|\bà\ la\ place\b",
        only=r"\b(?:seulement|uniquement|juste)\b|\bne\s+\w+\s+que\b",
        reject=r"\b(?:c'est|ce\ n'est)\ pas\ ce\ que\b|\bpas\ ce\ que\ j'ai\b|\bfaux\b|\btrop\b"
               r"|\bn'est\ pas\ (?:le\ )?\w+(?:er|ir|re)\b|\bn'est\ pas\ une\ solution\b"
               r"|\bmauvais(?:e)?\b",
        use=r"\b(?:utilis(?:e|ez|er)|passe\ à|prends|prendre|emploie)\b",
        challenge=r"""\bpourquoi\ (?:as-tu|tu\ as|t'as|avez-vous|vous\ avez)\b
            |\bpas\ comme\ ça\b|\bannule\b|\breviens\ en\ arrière\b""",
        reminder=r"""\bje\ (?:te\ l'|t'|vous\ l'|vous\ )ai\ (?:déjà\ )?(?:dit|demandé)\b
            |\bcomme\ (?:je\ l'ai|déjà)\ dit\b|\barr[êe]te[sz]?\ (?:de|d')"""),
    _language(
        "de", """der die das den dem des ein eine nicht nein kein keine immer nie niemals nur
        statt anstatt bitte und ist sind wir ihr du mit auf für von zu zum zur bei nutze
        nutzen benutze verwende hier ohne aber auch schon jetzt noch""",
        no=r"^\W*(?:nein|nee)\b",
        rule=r"\b(?:immer|nie|niemals|künftig|in\ zukunft|ab\ jetzt|ab\ sofort"
             r"|nächstes\ mal|(?:ist|gilt\ als)\ (?:die|eine|unsere)\ regel|teamregel"
             r"|regel\ (?:im|des)\ team)\b",
        negation=r"\b(?:nicht|kein(?:e|en|er)?|ohne)\b",
        instead=r"\b(?:statt|anstatt|anstelle|lieber)\b",
        only=r"\b(?:nur|lediglich|bloß)\b",
        reject=r"""\bfalsch\b|\bnicht\ (?:das|was)\ ich\b|\bzu\ (?:viel|viele|lang|langsam
            |breit|groß)\b|\bübertrieben\b|\bist\ (?:nicht|kein)\ \w+en\b
            |\bist\ keine\ lösung\b|\bkaputt\b""",
        use=r"""\b(?:nutze|nutzt|nutzen|benutze|benutzt|benutzen|verwende|verwendet|verwenden
            |nimm|nehmen)\b""",
        challenge=r"""\bwarum\ (?:hast|bist)\ du\b|\bwieso\ (?:hast|bist)\ du\b
            |\bnicht\ so\b|\brückgängig\b|\bso\ (?:geht|klappt|funktioniert)\ (?:das|es)\ nicht\b
            |\b(?:geht|klappt|funktioniert)\b[^.!?\n]{0,40}?\bso\ nicht\b""",
        reminder=r"""\bich\ (?:habe|hab)\ (?:dir\ |es\ |das\ )?(?:doch\ |schon\ |bereits\ )*
            (?:gesagt|geschrieben)\b|\bwie\ (?:schon\ |bereits\ )?gesagt\b|\bhör\ auf\b
            |\blass\ das\b"""),
    _language(
        "es", """el la los las un una de del en que no nunca siempre solo sólo solamente lugar
        usa usar es son con para por lo eso esto tu mi pero también ya aquí hay sin""",
        no=r"^\W*no\b(?=\s*[,.!;:])",
        rule=r"""\b(?:siempre|nunca|jamás|de\ ahora\ en\ adelante|la\ próxima\ vez
            |es\ (?:la|una|nuestra)\ regla|regla\ del\ (?:equipo|proyecto))\b""",
        negation=r"\bno\s+(?!es\b|hay\b|sab[ií]a|conoc[ií]a|recordaba)(?=\w)|\bsin\b",
        instead=r"\ben\ (?:lugar|vez)\ de\b|\bmejor\ que\b",
        only=r"\b(?:solo|sólo|solamente|únicamente)\b",
        reject=r"""\bno\ (?:es|era|fue)\ (?:lo|eso)\ que\b|\bincorrect[oa]\b|\best(?:á|a)\ mal\b
            |\bdemasiad[oa]s?\b|\bequivocad[oa]\b|\bno\ es\ \w+(?:ar|er|ir)(?:lo|la)?\b
            |\bno\ es\ (?:una\ )?solución\b""",
        use=r"\b(?:usa|usad|usar|use|utiliza|utilizar|utilice|usamos|utilizamos|se\ usa)\b",
        challenge=r"""\bpor\ ?qu[ée]\ (?:has|hiciste|usaste|borraste|cambiaste)\b
            |\bas[íi]\ no\b|\bdeshaz\w*|\brevierte\b""",
        reminder=r"""\bya\ te\ (?:lo\ )?(?:dije|había\ dicho|pedí)\b|\bcomo\ (?:te\ )?dije\b
            |\bdeja\ de\b|\bpara\ de\b"""),
    _language(
        "pt", """o a os as um uma de do da dos das em no na não nao nunca sempre só somente apenas
        vez usa usamos é são com para por isso aqui mas também já sem""",
        no=r"^\W*n[ãa]o\b(?!\s+(?:sabia|sabe|sabíamos|conhecia|lembrava)\b)",
        rule=r"""\b(?:sempre|nunca|jamais|daqui\ (?:pra|para\ a)\ frente|da\ próxima\ vez
            |é\ (?:a|uma|nossa)\ regra|regra\ d[oa]\ (?:time|equipe|projeto))\b""",
        negation=r"\bn[ãa]o\b(?!\s+(?:sabia|sabe|sabíamos|conhecia|lembrava))|\bsem\b",
        instead=r"\bem\ vez\ de\b|\bao\ invés\ de\b|\bno\ lugar\ de\b",
        only=r"\b(?:só|somente|apenas)\b",
        reject=r"""\bnão\ (?:é|foi)\ (?:isso|o\ que)\b|\berrad[oa]\b|\bdemais\b|\bexagerad[oa]\b
            |\bnão\ é\ \w+(?:ar|er|ir)(?:-?lo|-?la)?\b|\bnão\ é\ (?:uma\ )?solução\b""",
        use=r"\b(?:usa|use|usar|usamos|utilize|utiliza|utilizar)\b",
        challenge=r"""\bpor\ ?que\ (?:você\ |vc\ )?(?:fez|usou|rodou|apagou|mudou)\b
            |\bassim\ não\b|\bdesfaz\b|\breverte\b""",
        reminder=r"""\bj[áa]\ (?:te\ |lhe\ )?(?:disse|falei|pedi)\b|\bcomo\ eu\ (?:disse|falei)\b
            |\bpar[ae]\ de\b|\bdeixa\ de\b"""),
    _language(
        "it", """il lo la i gli le un una di del della in che non mai sempre solo soltanto
        invece usa usare è sono con per questo qui no senza ma anche già ora""",
        no=r"^\W*no\b(?=\s*[,.!;:])",
        rule=r"""\b(?:sempre|mai|d'ora\ in\ poi|la\ prossima\ volta|in\ futuro
            |è\ (?:la\ |una\ |la\ nostra\ )?regola|regola\ del\ (?:team|gruppo|progetto))\b""",
        negation=r"\bnon\b|\bsenza\b",
        instead=r"\binvece\b|\bpiuttosto\ che\b|\banziché\b",
        only=r"(?<!\bda\s)\b(?:solo|soltanto|solamente|basta)\b",  # not "da solo": by itself
        reject=r"""\bnon\ è\ (?:quello|ciò)\ che\b|\bsbagliat[oa]\b|\btropp[oia]\b|\beccessiv[oa]\b
            |\bnon\ è\ \w+(?:are|ere|ire)(?:lo|la)?\b|\bnon\ è\ una\ soluzione\b""",
        use=r"\b(?:usa|usate|usare|usiamo|utilizza|utilizzare)\b",
        challenge=r"""\bperché\ (?:hai|sei)\b|\bnon\ così\b|\bannulla\b|\bripristina\b""",
        reminder=r"""\bte\ l'ho\ (?:già\ )?detto\b|\bcome\ (?:ho\ )?(?:già\ )?detto\b
            |\bsmetti(?:la)?\ di\b|\bbasta\ con\b"""),
    _language(
        "nl", """de het een en van in op niet nee nooit altijd alleen plaats gebruik gebruiken
        is zijn met voor naar wij we je dit dat hier via maar ook al nu geen""",
        no=r"^\W*nee\b",
        rule=r"""\b(?:altijd|nooit|voortaan|vanaf\ nu|de\ volgende\ keer
            |is\ (?:de|een|onze)\ regel|teamregel|regel\ van\ het\ team)\b""",
        negation=r"\b(?:niet|geen|zonder)\b",
        instead=r"\bin\ plaats\ van\b|\bi\.p\.v\.|\bliever\b",
        only=r"\b(?:alleen|enkel|slechts|uitsluitend)\b",
        reject=r"""\b(?:fout|verkeerd)\b|\bniet\ wat\ ik\b|\bte\ (?:veel|lang|traag|breed)\b
            |\boverdreven\b|\bis\ (?:geen|niet)\ \w+en\b|\bis\ geen\ oplossing\b""",
        use=r"\b(?:gebruik|gebruikt|gebruiken)\b",
        challenge=r"""\bwaarom\ (?:heb|ben)\ je\b|\bniet\ zo\b|\bmaak\ .{0,20}ongedaan\b
            |\b(?:draai|zet)\ .{0,30}terug\b""",
        reminder=r"""\bik\ (?:heb|had)\ (?:het\ |je\ )?(?:al\ |toch\ )*(?:gezegd|gevraagd)\b
            |\bik\ zei\ (?:het\ )?(?:toch|al)\b|\bzoals\ (?:ik\ )?(?:al\ )?(?:zei|gezegd)\b
            |\bstop\ met\b|\bhou\ op\b"""),
)

# "Don't <verb>": the language's negative imperative of the verbs of the work ("no uses",
# "non toccare", "n'utilise pas"), a ban addressed to the agent (not "ich nutze kein …").
FORBID = {code: _rx(pattern) for code, pattern in (
    ("fr", r"\bne\s+(?:l'|les?\s+|la\s+)?(?:utilise|touche|modifie|lance|pousse|fais|mets"
           r"|supprime|change)\s+(?:pas|jamais)\b|\bn'utilise\s+(?:pas|jamais)\b"),
    ("de", r"(?<!ich\s)\b(?:nutze|benutze|verwende|nimm|ändere|fass|pushe|lösche|starte)\s+"
           r"(?:\w+\s+){0,2}?(?:nicht|kein\w*)\b"),
    ("es", r"\bno\s+(?:uses|utilices|toques|cambies|corras|ejecutes|hagas|pongas|subas|borres"
           r"|modifiques|edites|metas|despliegues|apliques)\b"),
    ("pt", r"\bn[ãa]o\s+(?:use|utilize|mexa|toque|mude|rode|faça|coloque|suba|apague|edite"
           r"|aplique)\b"),
    ("it", r"\bnon\s+(?:usare|toccare|cambiare|lanciare|fare|mettere|modificare|eseguire"
           r"|pushare|cancellare|applicare)\b"),
    ("nl", r"(?<!ik\s)\b(?:gebruik|raak|wijzig|draai|push|verwijder)\s+(?:\w+\s+){0,2}?"
           r"(?:geen|niet)\b"),
)}
# After "never" / "always", the words that make it the user's own past ("I had never seen
# that error"): a musing, no rule. One row per table language; read as one pattern, since
# close languages share words and a turn may read as more than one.
_PAST_AFTER_RULE = (
    ("fr", "j'ai|je\\ l'ai|on\\ a|nous\\ avons|je\\ n'ai|n'ai|n'avais|avais|avait|ai"),
    ("de", "habe|hab|hatte|hatten|haben\\ wir|war|waren|gesehen"),
    ("es", "había|habíamos|he|hemos|vi|visto|me\\ había|me\\ ha|lo\\ había|lo\\ he"
           "|se\\ me|se\\ nos|se\\ ha|se\\ había"),
    ("pt", "tinha|tínhamos|havia|vi|tinha\\ visto|vimos|me\\ aconteceu|me\\ ocorreu"),
    ("it", "ho|avevo|avevamo|abbiamo|visto|mi\\ era|mi\\ è|mi\\ sono|ci\\ ho|si\\ è"),
    ("nl", "heb|had|hadden|hebben\\ we|gezien|zag"),
)
PAST_AFTER_RULE = _rx(r"\s+(?:" + "|".join(words for _code, words in _PAST_AFTER_RULE)
                      + r")\b")
# The same auxiliary right before the rule word ("je n'avais jamais vu", "ich hatte nie …").
PAST_BEFORE_RULE = _rx(r"\b(?:" + "|".join(words for _code, words in _PAST_AFTER_RULE)
                       + r")\s+$")
# A verdict followed by its cause ("deu errado porque …", "ist kaputt, weil …") explains
# what happened in the world; a verdict on the agent's work needs none.
_CAUSE = (("fr", "parce\\ que|car"), ("de", "weil|da"), ("es", "porque|ya\\ que"),
          ("pt", "porque|pois"), ("it", "perché|poiché"), ("nl", "omdat|doordat"))
CAUSE_AFTER = _rx(r"[^,;.!?\n]{0,24}?,?\s\b(?:" + "|".join(w for _c, w in _CAUSE) + r")\b")
# Wondering aloud, reassurance and realizing ("just curious", "no worries", "I didn't know"):
# a clause holding one says nothing to the agent, whatever "only" or "not" word it holds
# ("juste curieux", "pas de souci", "je savais pas que …", "non capisco perché …": the
# user's own puzzlement, not the agent's mistake). One row per table language.
_ASIDES = (
    ("fr", "curieux|curieuse|par\\ curiosité|pour\\ savoir|je\\ me\\ demande|pas\\ de\\ souci"
           "|pas\\ de\\ problème|pas\\ grave|aucun\\ souci|je\\ (?:ne\\ )?savais\\ pas"
           "|j'ignorais|je\\ (?:ne\\ )?comprends\\ pas|je\\ (?:ne\\ )?sais\\ pas"),
    ("de", "neugierig|aus\\ neugier|ich\\ frage\\ mich|kein\\ problem|keine\\ sorge"
           "|nicht\\ schlimm|wusste\\ (?:ich\\ )?nicht|(?:ich\\ )?versteh(?:e)?\\ (?:ich\\ )?nicht"
           "|keine\\ ahnung"),
    ("es", "curiosidad|curioso|curiosa|me\\ pregunto|no\\ pasa\\ nada|sin\\ problema"
           "|tranqui(?:lo)?|no\\ sab[ií]a|no\\ entiendo|no\\ sé|ni\\ idea"),
    ("pt", "curiosidade|curioso|curiosa|me\\ pergunto|sem\\ problema|tudo\\ bem|de\\ boa"
           "|n[ãa]o\\ sabia|n[ãa]o\\ entendo|n[ãa]o\\ sei"),
    ("it", "curiosità|curioso|curiosa|mi\\ chiedo|nessun\\ problema|non\\ fa\\ niente"
           "|tranquillo|non\\ sapevo|non\\ capisco|non\\ so|chissà"),
    ("nl", "nieuwsgierig|uit\\ nieuwsgierigheid|ik\\ vraag\\ me\\ af|geen\\ probleem"
           "|geen\\ zorgen|wist\\ (?:ik\\ )?niet|(?:snap|begrijp)\\ (?:het\\ )?niet|geen\\ idee"),
)
ASIDE_CLAUSE = _rx(r"[^,;:.!?\n]*\b(?:" + "|".join(w for _c, w in _ASIDES)
                   + r")\b[^,;:.!?\n]*")
# A verdict word with its own negation before it in the clause ("nicht falsch", "geen enkele
# fout", "pas faux"): no verdict.
NEGATED_WINDOW = 24

# Any other language: words for "no / don't", "instead", "always / never" and "only", one
# line per language. Words of scripts without spaces are matched anywhere, the others as
# whole words; either way they are read only beside an anchor (see `foreign`).
_OTHER: tuple[tuple[str, str, str, str], ...] = (  # negation | instead | always, never | only
    ("нет не", "вместо", "всегда никогда", "только"),
    ("nie", "zamiast", "zawsze nigdy", "tylko"),
    ("hayır değil yapma", "yerine", "asla", "sadece"),  # noqa: RUF001
    ("いいえ ないで しないで 使わない", "代わりに じゃなくて ではなく",
     "いつも 常に 絶対", "だけ のみ"),
    ("不要 别 不是", "而不是 代替", "总是 永远 从不", "只 仅"),
    ("아니 하지마", "대신", "항상 절대", "만"),
    ("nej inte ikke ei älä", "istället sijaan", "alltid aldrig aina koskaan", "bara kun vain"),
    ("όχι μην", "αντί", "πάντα ποτέ", "μόνο"),
    ("لا", "بدلا", "دائما أبدا", "فقط"),
    ("नहीं", "बजाय", "हमेशा", "केवल"),
    ("không ko đừng chớ tidak jangan", "thay_vì daripada",
     "luôn lúc_nào_cũng không_bao_giờ selalu", "chỉ hanya"),
    ("ne", "místo", "vždy nikdy", "jen"),
)
# "Wrong" / "not like that" opening a turn in a language without a row: a verdict on the
# result, like the rows' own `no` ("不对 …", "違います …", "неправильно, …").
_WRONG = ("неправильно неверно", "źle", "yanlış", "špatně", "違います 違う ちがう",  # noqa: RUF001
          "不对 不是这样 错了", "틀렸어요 틀렸어 아니에요", "fel")
WRONG_OPENER = re.compile(r"^\W*(?:" + "|".join(re.escape(w) for row in _WRONG
                                                for w in row.split())
                          + r")(?=[\s,.!;:\u3001\u3002\uff0c\uff01]|$)", re.IGNORECASE)
_SPACED = re.compile(r"[a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0600-\u06ff\u0900-\u097f"
                     r"\u1e00-\u1eff]")  # Vietnamese letters too


def _alternation(words: list[str]) -> re.Pattern[str]:
    parts = [re.escape(w.replace("_", " ")) for w in words]
    bounded = [rf"\b{p}\b" if _SPACED.match(w) else p for p, w in zip(parts, words, strict=True)]
    return re.compile("|".join(bounded), re.IGNORECASE)


OTHER_NEGATION, OTHER_INSTEAD, OTHER_RULE, OTHER_ONLY = (
    _alternation([w for row in _OTHER for w in row[i].split()]) for i in range(4))
_LETTERS = re.compile(r"[^\W\d_]+")
_LATIN = re.compile(r"[a-zA-Z\u00c0-\u024f]")
_EXTENDED = re.compile(r"[\u0100-\u017f]")   # Latin Extended-A: Central European, Turkish


def words_of(text: str) -> list[str]:
    return _LETTERS.findall(text.lower())


def languages_of(text: str) -> tuple[list[Language], bool]:
    """The table languages `text` reads as (more of their words than English ones, at least
    two, or one in a text with no English word), and whether it is in some other language
    (mostly another script, or no table language and at most one English word in eight)."""
    words = words_of(text)
    if not words:
        return [], False
    english = sum(w in ENGLISH for w in words)
    scores = {lang.code: sum(w in lang.words for w in words) for lang in LANGUAGES}
    best = max(scores.values())
    found = [lang for lang in LANGUAGES  # one word is enough when none is English
             if (score := scores[lang.code]) >= 2 - (english == 0)
             and score > english and score == best]  # the best-read language(s) only
    letters = [ch for ch in text if ch.isalpha()]
    latin = sum(bool(_LATIN.match(ch)) for ch in letters)
    # Words shared with English ("i", "a", "to" are words of many languages) may be one in
    # eight of a text in another language.
    extended = _EXTENDED.search(text) is not None  # Central European or Turkish letters
    other = not found and (latin < len(letters) / 2 or (len(words) >= 4 and (
        english * 8 <= len(words) or (extended and english * 4 <= len(words)))))
    return found, other
