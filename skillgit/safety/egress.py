"""Data wired to leave for a host that is not the repository's own, with a reason to refuse.

`flow` follows commands that send files; a rule may instead *wire* data out: an exporter, a
run hook, an unload target, a sync or a share helper named with a destination (a URL or a
bucket). Wiring data to another host is ordinary (a private bucket, the team's collector);
it is refused when the same paragraph also says either
- a safeguard on that data is off: redaction, masking, scrubbing, anonymising, sampling or
  filtering turned off or removed, or complete bodies and credential headers sent along; or
- the data is for someone else: the destination's own name says so (`s3://…-public/`,
  `ingest.acme-partners.io`), or the text says who gets it ("for our analytics partner",
  "compared across companies").
A destination only named near an endpoint, a collector or logs (`CARRIERS`) is refused only
with a safeguard said off: a partner's API is called, not fed.
The words are data (`WIRING`, `GUARDS`, `OFF`, `OTHERS`), several languages each; the hit is
the destination, judged by its polarity in `effects` ("never export traces to a vendor")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety.polarity import forbids

WIRING = (r"exporters?|exports?|exported|exporting|unload\w*|copy\s+into|copies|copy|hooks?|"
          r"on[-_]run[-_](?:end|start)|post[-_]?hook|pre[-_]?hook|sinks?|outputs?|upload\w*|shar(?:e|es|"
          r"ed|ing)\w*|send\w*|ship\w*|forward\w*|mirror\w*|replicat\w*|stream\w*|sync\w*|"
          r"push(?:es|ed|ing)?|wire\w*|pipelines?|envi\w*|envoy\w*|schick\w*|wysy[lł]\w*|"
          r"отправ\w*|выгруж\w*|invia\w*|exporta\w*|exportier\w*|发送|导出|送信|エクスポート|전송")
"""What sends data on: an exporter, a hook, an unload, a verb of sending (several languages)."""
CARRIERS = (r"endpoints?|dsn|ingest\w*|intake|collectors?|agents?|logs?|traces?|spans?|metrics|"
            r"events|telemetry|point\w*|post\w*|sent|report\w*")
"""What also carries data out when a safeguard on it is said off (not enough alone: an API a
partner serves is called, not fed)."""
GUARDS = (r"redact\w*|mask\w*|scrub\w*|saniti[sz]\w*|anonymi[sz]\w*|pseudonymi[sz]\w*|"
          r"sampl(?:ing|er)\w*|filter\w*|obfuscat\w*|schw[äa]rz\w*|anonimi\w*|maskier\w*|脱敏|匿名|マスク")
"""What keeps data safe on its way out."""
OFF = (r"turn\w*\s+off|switch\w*\s+off|disabl\w*|remov\w*|drop\w*|off|false|no|none|without|"
       r"skip\w*|bypass\w*|strip\w*|deactivat\w*|unredacted|unmasked|ausschalt\w*|"
       r"deaktivier\w*|entfern\w*|ohne|d[ée]sactiv\w*|sans|desactiv\w*|sin|disattiv\w*|senza|"
       r"wy[lł][aą]cz\w*|bez|отключ\w*|выключ\w*|без|关闭|禁用|無効|オフ|끄|비활성")
"""Words that turn such a safeguard off (before or after it)."""
OTHERS = (r"partners?|vendors?|contractors?|third[- ]?part(?:y|ies)|external|outsiders?|"
          r"public|community|competitors?|other\s+compan(?:y|ies)|compan(?:y|ies)|"
          r"partenaires?|socios?|proveedor\w*|fournisseurs?|dienstleister\w*|anbieter\w*|"
          r"furnizor\w*|партнер\w*|партнёр\w*|подрядчик\w*|合作伙伴|第三方|パートナー|外部|파트너")
"""Whom data is for when it is not the repository's own."""

_DESTINATION = re.compile(r"(?i)\b(?:https?|s3|s3a|gs|gcs|az|abfss?|wasbs?|sftp|ftp)://"
                          r"(?P<host>[^\s/'\"`)>]+)[^\s'\"`)>]*")
_OWN_HOST = re.compile(r"(?i)^(?:localhost|127\.|0\.0\.0\.0|\[?::1|10\.|192\.168\.|"
                       r"172\.(?:1[6-9]|2\d|3[01])\.|[^/:]*\.(?:local|localhost|internal|"
                       r"corp|lan|home\.arpa|test|example)(?::\d+)?$|\$|\{)")
"""Hosts that are the repository's own machine or network (or a placeholder)."""
_WIRING = re.compile(rf"(?i)(?<![\w-])(?:{WIRING})(?![\w-])")
_CARRIER = re.compile(rf"(?i)(?<![\w-])(?:{CARRIERS})(?![\w-])")
_GUARD_OFF = re.compile(rf"(?<!\w)(?:(?:{OFF})\W+(?:\w+\W+){{0,3}}?(?:{GUARDS})|"
                        rf"(?:{GUARDS})\W+(?:\w+\W+){{0,2}}?(?:{OFF}))(?!\w)|"
                        r"\b(?:full|complete|raw|entire|whole)\s+(?:request\s+|response\s+)?"
                        r"(?:bodies|body|payloads?)\b[^.\n]{0,40}\bauthorization\b", re.I)
_OTHERS_HOST = re.compile(r"(?i)partner|vendor|contractor|thirdparty|third-party|external|"
                          r"public|community|competitor")
"""A host or bucket named for someone else, as a part of its name (`acme-partners`,
`partnerco.dev`, `insights-public`)."""
_HOOKED = re.compile(r"(?i)(?:on[-_]run[-_](?:end|start)|post[-_]?hook|pre[-_]?hook|"
                     r"post[-_]?install|prepare|after_script|post[-_]?build|on[-_]success)"
                     r"[\"']?\s*[:=][^\n]*?(?:upload|share|export|unload|dump|replicat|mirror)"
                     r"\w*[^\n]*$", re.M)
"""A run hook whose own line ships data out: what it does on every run is sending (a verb
that only goes out: not `copy` or `sync`, which fetch as often)."""
_FOR_OTHERS = re.compile(
    rf"(?i)\b(?:for|to|with|across|among|between|by)\s+(?:(?:the|our|a|an|their|its|other|all|"
    rf"every|each|many|several)\s+)*(?:[\w-]+\s+)?(?:{OTHERS})(?![\w-])")


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, "send") of each destination data is wired to with a reason to refuse."""
    if "://" not in text:
        return
    for destination in _DESTINATION.finditer(text):
        if _OWN_HOST.match(destination.group("host")):
            continue
        first = text.rfind("\n\n", 0, destination.start()) + 1
        last = text.find("\n\n", destination.end())
        paragraph = text[first:last if last >= 0 else len(text)]
        if _WIRING.search(paragraph):
            line_end = text.find("\n", destination.end())
            line = text[text.rfind("\n", 0, destination.start()) + 1:
                        line_end if line_end >= 0 else len(text)]
            if _OTHERS_HOST.search(destination.group("host")) or _FOR_OTHERS.search(text) or \
                    _unguarded(text) or _HOOKED.search(line):
                yield destination.start(), destination.end(), "send"
        elif _CARRIER.search(paragraph) and _unguarded(text):
            yield destination.start(), destination.end(), "send"


SECRETS_ALONG = (r"(?:process\s+|shell\s+|build\s+|run\s+)?environment(?:\s+variables)?|"
                 r"env\s+vars?|(?:the\s+)?env\b|secrets|credentials|api\s+keys|access\s+keys|cookies|"
                 r"(?:auth|access|api|bearer)\s+tokens|"
                 r"storage\s+state|passwords|session\s+(?:tokens|cookies|data)|ssh\s+keys")
"""What may never leave with data wired out: the environment, secrets, saved logins."""
_CARRIES_SECRETS = re.compile(
    rf"(?i)\b(?:includ\w*|with|along\s+with|plus|forward\w*|send\w*|upload\w*|contain\w*|"
    rf"carr(?:y|ies|ying)|attach\w*|ship\w*)\s+(?:[\w,`'\"-]+\s+){{0,5}}?(?:{SECRETS_ALONG})\b")


def _unguarded(text: str) -> bool:
    """Whether the text says a safeguard on the data is off, or that the environment, secrets
    or saved logins go along with it ("forwards the full run trace, including `params` and the
    process environment"), in a clause that does not forbid it."""
    if _GUARD_OFF.search(text):
        return True
    for m in _CARRIES_SECRETS.finditer(text):
        first = text.rfind("\n", 0, m.start()) + 1
        last = text.find("\n", m.end())
        if not forbids(text[first:last if last >= 0 else len(text)], m.start() - first,
                       m.end() - first):
            return True
    return False
