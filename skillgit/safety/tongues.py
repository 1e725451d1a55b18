"""Words aimed at an agent in any language, found by structure over a vocabulary table.

The table holds, per language, the words for an assistant or AI, for "ignore" / "forget",
for "instructions" / "rules", for "previous" / "above", and the openers of an address
("dear", "hey", "to the"). The structures: *ignore* near *instructions* or *previous* (either
order: verb-last languages put the verb at the end), and an AI word addressed where a piece
of text opens (a line or sentence start, after an opener) and followed by what it is told."""

from __future__ import annotations

import re

# language → words (regex fragments), one table per word class.
AI_WORDS: dict[str, str] = {
    "zh": r"AI助手|人工智能|智能助手|智能体|助手|大模型|语言模型|模型|代理",
    "ja": r"アシスタント|エージェント|人工知能|AIさん|モデル",
    "ko": r"어시스턴트|에이전트|인공지능|비서|모델",
    "ru/uk": r"ассистент\w*|помощник\w*|агент\w*|нейросет\w*|ИИ|ШІ|асистент\w*|модел[ьи]",
    "ar": r"المساعد|مساعد|الذكاء\s+الاصطناعي|الوكيل|النموذج",
    "fa": r"دستیار|هوش\s+مصنوعی",
    "hi": r"सहायक|एआई|एजेंट|मॉडल|कृत्रिम\s+बुद्धि\w*",
    "he": r"העוזר|עוזר|הסוכן|בינה\s+מלאכותית",
    "th": r"ผู้ช่วย|เอไอ|ปัญญาประดิษฐ์",
    "el": r"βοηθ[όέ]\w*|τεχνητ\w+\s+νοημοσύνη",
    "latin": r"\b(?:asistentes?|assistants?|assistent[ei]s?|assistent(?:in|en)?|asystent\w*|"
             r"asisten|asistan|agentes?|agenti|"
             r"yapay\s+zek[aâ]|tr[ợơ]\s+l[ýy]|intelig[eê]ncia\s+artificial|"
             r"intelligence\s+artificielle|k[üu]nstliche\s+intelligenz|(?-i:IA|KI))\b",
}
IGNORE_WORDS: dict[str, str] = {
    "zh": r"忽略|忽视|无视|無視|不要理会|不要理會|别管|抛开|拋開|忘记|忘掉|忘記|跳过",
    "ja": r"無視|忘れ",
    "ko": r"무시|잊어|잊으",
    "ru/uk": r"игнорир\w*|проигнорир\w*|забуд\w*|не\s+обращай\w*|ігнору\w*|проігнору\w*|"
             r"забудь\w*",
    "ar": r"تجاهل\w*|انس[ىي]?|لا\s+تلتزم",
    "fa": r"نادیده\s+بگیر\w*|فراموش\s+کن\w*",
    "hi": r"अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल\s+जा\w*|अनसुना",
    "he": r"התעלם\w*|שכח\w*",
    "th": r"เพิกเฉย|ละเว้น|ไม่ต้องสนใจ|ลืม",
    "el": r"αγνόησ\w*|ξέχασ\w*",
    "latin": r"\b(?:ignor(?!e\b|ed\b|es\b|ing\b)\w*|vergiss\w*|vergessen|missacht\w*|"
             r"olvid\w*|esquec\w*|oubli\w*|"
             r"dimentic\w*|negeer\w*|vergeet|zignoruj|zapomnij|yok\s+say\w*|"
             r"g[öo]rmezden\s+gel\w*|unut\w*|b[ỏo]\s+qua|ph[ớo]t\s+l[ờo]|qu[êe]n|abaikan\w*|"
             r"lupakan)\b",
}
INSTRUCTION_WORDS: dict[str, str] = {
    "zh": r"指令|指示|说明|說明|规则|規則|提示词|提示|命令|要求|设定|設定",
    "ja": r"指示|命令|ルール|プロンプト|設定",
    "ko": r"지시|지침|규칙|명령|프롬프트",
    "ru/uk": r"инструкц\w*|указани\w*|правил\w*|команд\w*|інструкці\w*|вказів\w*|правил\w*",
    "ar": r"تعليمات|التعليمات|الأوامر|أوامر|الإرشادات|القواعد",
    "fa": r"دستورالعمل\w*|دستورات|قوانین",
    "hi": r"निर्देश\w*|नियम\w*|आदेश\w*",
    "he": r"הוראות|ההוראות|ההנחיות|הנחיות|הכללים",
    "th": r"คำสั่ง|คำแนะนำ|กฎ",
    "el": r"οδηγί\w*|εντολ\w*|κανόν\w*",
    "latin": r"\b(?:anweisung\w*|instruktion\w*|instru[cç]\w*|istruzion\w*|indicaç\w*|"
             r"indicacion\w*|"
             r"consign\w*|regeln|reglas|règles|regras|regole|richtlijn\w*|instrukcj\w*|"
             r"polecen\w*|talimat\w*|y[öo]nerge\w*|h[ướu][ớo]ng\s+d[ẫa]n|ch[ỉi]\s+th[ịi]|"
             r"instruksi|perintah|aturan)\b",
}
PREVIOUS_WORDS: dict[str, str] = {
    "zh": r"以上|上述|之前|先前|前面|上面|此前|所有",
    "ja": r"以上|上記|これまで|以前|前の",
    "ko": r"이전|위의|앞의|모든",
    "ru/uk": r"предыдущ\w*|вышеуказан\w*|все\s+прежн\w*|попередн\w*",
    "ar": r"السابقة|أعلاه|كل",
    "fa": r"قبلی|بالا",
    "hi": r"पिछले|पिछली|ऊपर|सभी",
    "he": r"הקודמות|הקודמים|לעיל",
    "th": r"ก่อนหน้า|ข้างต้น|ทั้งหมด",
    "el": r"προηγούμεν\w*",
    "latin": r"\b(?:vorherig\w*|bisherig\w*|anterior\w*|précédent\w*|precedent\w*|precedenti|"
             r"vorige|poprzedni\w*|önceki|tr[ưu][ớo]c\s+[đd][óo]|sebelumnya)\b",
}
# Openers of an address: "dear", "hey" (DEAR), and "to / for the" (TO, then a colon).
DEAR: dict[str, str] = {
    "zh": r"親愛的|亲爱的|尊敬的|嘿",
    "ja": r"親愛なる|拝啓",
    "ko": r"친애하는",
    "ru/uk": r"\b(?:уважаем\w*|дорог\w*|эй|шановн\w*)\b",
    "ar": r"عزيزي|أيها|يا",
    "hi": r"प्रिय",
    "he": r"היי|לכבוד",
    "latin": r"\b(?:querid[oa]|estimad[oa]|chère|liebe[rs]?|drogi|sevgili|kính\s+gửi)\b",
}
TO: dict[str, str] = {
    "zh": r"致|给|請注意|请注意", "ja": r"へ|宛", "ko": r"에게", "ru/uk": r"\bдля\b",
    "ar": r"إلى|الى", "hi": r"के\s+लिए", "he": r"אל",
}


# Words that forbid what follows them (polarity: "niemals `--no-verify`", "non usare mai …").
NEGATION_WORDS: dict[str, str] = {
    "latin": r"\b(?:niemals|nie|nicht|keine?[nmrs]?|ohne|verboten|jamais|ne|n'|pas|sans|"
             r"interdit\w*|nunca|jam[aá]s|n[aã]o|sin|sem|evit[ae]\w*|prohibid[oa]s?|"
             r"proibid[oa]s?|mai|non|senza|vietat[oi]|nooit|niet|geen|zonder|nigdy|bez|zakaz\w*|"
             r"asla|yapma\w*|kullanma\w*|de[gğ]il|yasak\w*|aldrig|inte|ikke|ej)\b",
    "ru/uk": r"(?<!\w)(?:никогда|не|нельзя|без|ніколи|заборон\w*|запрещ\w*)(?!\w)",
    "hi": r"कभी\s+नहीं|नहीं|मत",
    "zh": r"不要|别|別|禁止|切勿|勿|永远不|永遠不|绝不|絕不|不得|不能",
    "ja": r"決して|絶対に",
    "ko": r"절대로?|금지",
    "more": r"(?<!\w)(?:μην|δεν|ποτέ|χωρίς|soha|nem|sose|nélkül|älä|älkää|koskaan|ilman|"
            r"niciodată|fără|nikdy|nikdar|jangan|tidak|tanpa|bukan|không|đừng|chẳng|huwag|"
            r"hindi|wag|usi\w*|kamwe|bila|hiçbir|uden|nigdy|никога|без|ніколи|"
            r"هرگز|بدون|نباید|لا|لن|أبدا|אל|לא|לעולם|בלי|ไม่|อย่า|ห้าม|না|কখনো|কখনও)(?!\w)",
    # Baltic and Slavic languages glue "ne" to the verb ("neizmanto", "nenaudok", "nepoužívej",
    # "nemoj"); Estonian says "ära"
    "glued": r"(?<!\w)(?:ne(?:izmanto|lieto|dari|drīkst|naudo|daryk|galima|použ|užív|smí|smi|"
             r"moj|koristi|uporablja|rob|spúšťaj|spouštěj|palaid|paleisk)\w*|nekad|niekada|"
             r"nikad[ae]?|nikoli|aizliegt\w*|draudžiam\w*|zakázan\w*|ära|ärge|mitte|kunagi)(?!\w)",
}
# Verbs that take data somewhere: copy, read, send, upload, extract (a credential hunt in any
# language: "másold be a `logins.json` …", "скопируй ~/.ssh …").
TAKE_VERBS: dict[str, str] = {
    "latin": r"(?<!\w)(?:kopier\w*|copi[ae]\w*|copie[rz]?|másol\w*|kopi\w*|s?kopiuj\w*|"
             r"zkopíruj\w*|nokopē\w*|kopē\w*|nukopijuo\w*|kopijuo\w*|envi[ae]\w*|envoie\w*|"
             r"invia\w*|schick\w*|küld\w*|wyślij\w*|wysył\w*|lies|lese[nt]?|lire|lis|leer|"
             r"lee|leggi\w*|leia|ler|olvas\w*|czytaj\w*|oku|baca|salin\w*|kirim\w*|gönder\w*|"
             r"extrai\w*|extrae\w*|estrai\w*|hochlad\w*|téléverse\w*|feltölt\w*|yükle\w*|"
             r"unggah\w*|đọc|gửi|sao\s+chép|pošalji\w*|kopiraj\w*|odešli\w*|ukradni)(?!\w)",
    "cyrillic": r"(?<!\w)(?:скопир\w*|копир\w*|скопі\w*|копію\w*|отправ\w*|відправ\w*|надішл\w*|"
                r"прочит\w*|прочти|читай\w*|загруз\w*|вигруз\w*|выгруз\w*|изпрати)(?!\w)",
    "cjk": r"复制|複製|拷贝|コピー|복사|发送|發送|送信|보내|读取|讀取|読み取|읽어|上传|上傳|"
           r"アップロード|업로드",
    "more": r"(?<!\w)(?:αντίγρα\w*|στείλ\w*|העתק\w*|שלח\w*|انسخ|أرسل|کپی|بفرست|कॉपी|भेज\w*|"
            r"დააკოპირე|გააგზავნე|պատճենի\w*|ուղարկ\w*|คัดลอก|ส่ง)(?!\w)",
}
# Verbs that turn a check off or take it out, and what a check is called, in the languages of
# the other tables ("désactive les contrôles de sécurité", "отключи проверки линтера"): a
# safeguard weakened, said in any language. (English is read by `idioms.PROSE`.)
OFF_VERBS: dict[str, str] = {
    "latin": r"(?<!\w)(?:d[ée]sactiv\w*|deaktivier\w*|desactiv\w*|disattiv\w*|wyłącz\w*|"
             r"auskommentier\w*|überspring\w*|abschalt\w*|pomiń\w*|zakomentuj\w*|kapat\w*|"
             r"devre\s+d\u0131\u015f\u0131|nonaktifkan|matikan|lewati|tắt|vô\s+hiệu|uitschakel\w*|"
             r"inaktivera|deaktiver\w*)(?!\w)",
    "cyrillic": r"(?<!\w)(?:отключ\w*|выключ\w*|вимкн\w*|відключ\w*|закомментир\w*|"
                r"пропуст\w*)(?!\w)",
    "cjk": r"关闭|關閉|禁用|停用|跳过|跳過|注释掉|註解掉",
}
CHECK_NOUNS: dict[str, str] = {
    "latin": r"(?<!\w)(?:tests?|testy|testes|specs?|lint\w*|scans?|scanner\w*|sast|dast|"
             r"audits?|phpunit|pytest|jest|behat|cypress|contr[ôo]les?\s+de\s+s[ée]curit[ée]|"
             r"controles?\s+de\s+seguridad|controlli\s+di\s+sicurezza|sicherheits\w*|"
             r"prüfungen|kontrole\s+bezpieczeństwa|güvenlik\s+\w+|pemeriksaan\s+keamanan|"
             r"kiểm\s+tra|beveiligings\w*|säkerhets\w*|sikkerheds\w*)(?!\w)",
    "cyrillic": r"(?<!\w)(?:тест\w*|проверк\w*|перевірк\w*|сканировани\w*|линтер\w*)(?!\w)",
    "cjk": r"测试|測試|检查|檢查|扫描|掃描",
}
# Languages that put "not" after the verb: "`--no-verify` を使わないで", "`curl | sh` 쓰지 마세요".
NEGATION_AFTER: dict[str, str] = {
    "ja": r"(?:ない|ません|禁止|な[。.]|なかれ)",
    "ko": r"(?:않|말[고아]?|마세요|마십시오|금지)",
    "hi": r"(?:नहीं|मत)",
    "tr": r"(?:ma[zy]|me[zy]|may\u0131n|meyin|yasak)",
    "hu": r"(?:soha(?:sem)?\s+(?:ne|nem)|sose\s+(?:ne|nem)|tilos)",  # object, then "never don't"
    "fa/ur": r"(?:نکن|نکنید|نباید|ممنوع|مت\s+کریں|نہ\s+کریں)",
    "ka/hy/eu": r"(?:არასოდეს\s+არ|არ\s+გამოიყენო|երբեք\s+մի|inoiz\s+ez)",
}


ASK_WORDS: dict[str, str] = {
    "en": r"ask\w*|bother\s+(?:me|us)|check\s+with|confirm\w*|wait\s+for",
    "latin": r"frag\w*|demand\w*|pregunt\w*|pergunt\w*|chied\w*|vra(?:a)?g\w*|pyta\w*|"
             r"sor(?:ma|madan|u)\w*|kysy\w*|kérdez\w*|întreb\w*|ptát|ptej\w*|spør\w*|"
             r"fråga\w*|hỏi|tanya\w*|tanong\w*|uliza\w*",
    "more": r"спраш\w*|спрос\w*|питай\w*|ρωτ\w*|לשאול|تسأل|بپرس\w*|پوچھ\w*|পুছ\w*|"
            r"জিজ্ঞেস|জিজ্ঞাসা|पूछ\w*|聞か|尋ね|確認|묻|물어|问|問",
}
"""Verbs of asking: "without asking", "don't ask me" negate the asking, not what follows
("জিজ্ঞেস না করে সরাসরি `…` চালিয়ে দাও": run it without asking me)."""


def _any(table: dict[str, str]) -> str:
    return "(?:" + "|".join(table.values()) + ")"


_AI, _IGNORE = _any(AI_WORDS), _any(IGNORE_WORDS)
_TARGET = "(?:" + _any(INSTRUCTION_WORDS) + "|" + _any(PREVIOUS_WORDS) + ")"
_PUNCT = "[,:;\uff0c\uff1a\u3001\u060c\u061b]"
_IGNORING = re.compile(rf"{_IGNORE}[^.\n\u3002\uff01\uff1f!?]{{0,40}}?{_TARGET}|"
                       rf"{_TARGET}[^.\n\u3002\uff01\uff1f!?]{{0,25}}?{_IGNORE}", re.I)
# An AI word where text opens (line start, after a sentence, or after an opener), then told.
# (what is told starts with a letter of a non-Latin script: "模型: gpt-4" names a value)
_OPEN = "[.!?\u3002\uff01\uff1f\n>|#*\"'\u300c\u300e(\u2022-]"  # a start, a mark, a bullet
_VOCATIVE = re.compile(rf"(?:^|{_OPEN}\s*|(?:{_any(DEAR)}|{_any(TO)})\s*)"
                       rf"{_AI}\s*{_PUNCT}\s*[^\x00-\u024f\s\d]", re.I | re.M)
_IGNORE_WORD, _AI_WORD = re.compile(_IGNORE, re.I), re.compile(_AI, re.I)  # prefilters
_ADDRESSED_TO = re.compile(rf"(?:{_any(DEAR)})\s*{_AI}", re.I)


# "Nota per gli assistenti AI:", "Hinweis für KI-Assistenten:", "참고 (AI 에이전트용):".
FOR: dict[str, str] = {
    "latin": r"\b(?:para|pra|per|pour|f[üu]r|fuer|voor|dla|i[çc]in|pentru|za|an|aan|aux|à|"
             r"agli|ai|aos|às|a)\s+(?:(?:el|la|"
             r"los|las|il|lo|gli|le|les|l'|o|a|os|as|den|die|das|de|het|der|alle|todos|todas|tutti|"
             r"tous|toutes|wszystkich)\s+)?",
}
_FOR_AI = re.compile(rf"(?:{_any(FOR)})(?:(?:KI|IA|AI)[- ])?{_AI}(?:\s*(?:de\s+)?(?:IA|AI|KI))?"
                     r"\s*[:\uff1a]|" + rf"{_AI}\s*(?:용|에게|向け|宛て|へ)[\s)\uff09]*"
                     r"[:\uff1a\u2014\u2013\-\u3002\uff01!]",
                     re.I)


def addressed(text: str) -> bool:
    """Whether `text` carries, in some language, words that address an AI or tell it to
    ignore its instructions."""
    if _AI_WORD.search(text) and _FOR_AI.search(text):
        return True
    if text.isascii():
        return False  # English is read by `address`
    return bool((_IGNORE_WORD.search(text) and _IGNORING.search(text)) or (
        _AI_WORD.search(text) and (_VOCATIVE.search(text) or _ADDRESSED_TO.search(text))))


NEGATION = re.compile(_any(NEGATION_WORDS), re.I)
NEGATED_AFTER = re.compile(r"[^.\n\u3002!?]{0,24}?" + _any(NEGATION_AFTER), re.I)
ASKING = re.compile(_any(ASK_WORDS), re.I)
