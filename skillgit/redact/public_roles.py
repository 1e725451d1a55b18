"""Public identifiers known by a check digit or by the role their place gives them.

Companions of `public.py` (whose `public_spans` adds these), each a table read by a small
engine:

- vehicle identification numbers (ISO 3779): 17 characters of the VIN alphabet (no I, O, Q)
  whose check digit holds, or which a `VIN` label names;
- the cells under a column header naming a public identifier (`tracking`, `order_id`,
  `invoice`, `sku`): a parcel's tracking number is printed on the parcel;
- the output of a command that prints a PUBLIC key or address (`solana address`,
  `solana-keygen pubkey`, `ssh-keygen -y`, `wg pubkey`, `age-keygen -y`, `cast wallet address`):
  the inverse of the secret-printing commands of `blocks.py`.
"""

from __future__ import annotations

import re

from skillgit.credential_commands import granting_rows
from skillgit.redact.blocks import _PROMPT_LINE, _names_secret_printer
from skillgit.redact.columns import cells_under
from skillgit.redact.shapes import line_matches

_VIN = re.compile(r"(?<![A-Za-z0-9])[A-HJ-NPR-Z0-9]{8}[0-9XZ][A-HJ-NPR-TV-Y1-9][A-HJ-NPR-Z0-9]{7}"
                  r"(?![A-Za-z0-9])")
"""17 characters of the VIN alphabet; the tenth, the model year, is never U, Z or 0; the ninth
is the check digit (or, in European VINs, which carry none, a `Z`: those only when labelled)."""
_VIN_LIST_JOINT = re.compile(r"[ \t]*(?:,|/|&|\band\b|\bor\b|,[ \t]*and\b)[ \t]*$")
"""What joins the VINs of one list (`VIN A and B`, `VINs A, B`): the label names each."""
_VIN_LABEL = re.compile(r"(?i)(?<![A-Za-z])vins?(?:[ _-]?(?:no|number|code))?[\"']?[ \t]*[:=#]?"
                        r"[ \t]*[\"']?$")
_VIN_VALUES = dict(zip("ABCDEFGHJKLMNPRSTUVWXYZ",
                       (1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9),
                       strict=True))
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def _vin_check_ok(vin: str) -> bool:
    total = sum((int(c) if c.isdigit() else _VIN_VALUES[c]) * weight
                for c, weight in zip(vin, _VIN_WEIGHTS, strict=True))
    return "0123456789X"[total % 11] == vin[8]


def _vins(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for match in _VIN.finditer(text):
        vin = match.group()
        if not (any(c.isalpha() for c in vin) and any(c.isdigit() for c in vin)):
            continue
        listed = bool(spans) and _VIN_LIST_JOINT.fullmatch(text, spans[-1][1],
                                                           match.start()) is not None
        if listed or _VIN_LABEL.search(text, max(0, match.start() - 16), match.start()) or (
                vin[8] != "Z" and _vin_check_ok(vin)):
            spans.append(match.span())
    return spans


PUBLIC_IDENTIFIERS = (
    r"tracking|tracking[_ -]?(?:no|number|id|code)|order|order[_ -]?(?:no|number|id)|"
    r"invoice|invoice[_ -]?(?:no|number|id)|sku|awb|waybill|shipment[_ -]?id|parcel[_ -]?id|"
    r"isbn|ean|upc|gtin|vin|serial[_ -]?number|asset[_ -]?tag")
"""Names of identifiers that are printed, shipped or shown to anyone (a table, as data): read
as a column's header and as a label in prose."""
_PUBLIC_COLUMN = re.compile(r"(?i)(?:" + PUBLIC_IDENTIFIERS + r")")
_PUBLIC_LABEL = re.compile(
    r"(?i)(?<![\w-])(?:" + PUBLIC_IDENTIFIERS + r")(?![\w-])[ \t]*(?:[:#=]|is|was)?[ \t]*"
    r"[\"'`]?(?P<v>(?=[A-Za-z\-]*\d)[A-Za-z0-9][A-Za-z0-9\-]{5,40})(?![\w-])")
"""A value right after the name of a public identifier: "tracking number 1Z…", "Order #…"."""
_PUBLISHED = re.compile(r"(?i)(?<![\w-])(?:published|documented|publicly[ \t]+(?:documented|"
                        r"available|listed)|well-known|public[ \t]+[^.\n;]{0,60}?[ \t]+from[ \t]+"
                        r"[\w'\u2019]+[ \t]+(?:docs|documentation))(?![\w-])[^.\n;]{0,120}")
"""A clause saying what it names is published for anyone: "Microsoft's published KMS client
setup key for Windows", "UPS's documented test tracking number"."""
_KEY_SHAPED = re.compile(r"(?<![\w-])(?=[A-Za-z\-]*\d)(?=[\d\-]*[A-Za-z])"
                         r"[A-Za-z0-9][A-Za-z0-9\-]{5,64}"
                         r"(?![\w-])")
_PRIVATE_PHRASE = re.compile(r"(?i)pass|secret|private|token|credential|\bpin\b|internal")
"""A phrase about a private thing: "the documented admin password X" stays a password."""


def _labelled_public(text: str) -> list[tuple[int, int]]:
    spans = [match.span("v") for match in _PUBLIC_LABEL.finditer(text)]
    for clause in _PUBLISHED.finditer(text):
        for value in _KEY_SHAPED.finditer(text, clause.start(), clause.end()):
            if _PRIVATE_PHRASE.search(text, clause.start(), value.start()):
                break
            spans.append(value.span())
    return spans
_HEADER_LINE = re.compile(r"(?m)^[ \t]*[A-Za-z][\w#.-]*(?:[ \t]{2,}[A-Za-z][\w#.-]*)+[ \t]*$")
_HEADER_CELL = re.compile(r"[A-Za-z][\w#.-]*")


def _public_columns(text: str) -> list[tuple[int, int]]:
    """The cells under a whitespace-aligned header naming a public identifier (the table ends
    at a line with no aligned cells)."""
    spans: list[tuple[int, int]] = []
    for header in _HEADER_LINE.finditer(text):
        columns = [cell.start() - header.start() for cell in _HEADER_CELL.finditer(
            header.group()) if _PUBLIC_COLUMN.fullmatch(cell.group())]
        spans.extend(cells_under(text, header.end() + 1, columns, aligned_only=True))
    return spans


_PRINTS_PUBLIC = re.compile(
    r"\bsolana[ \t]+address\b|\bsolana-keygen[ \t]+pubkey\b|\bssh-keygen\b[^\n|;&]*[ \t]-y\b|"
    r"\bwg[ \t]+pubkey\b|\bage-keygen[ \t]+-y\b|\bcast[ \t]+wallet[ \t]+address\b|"
    r"\bsui[ \t]+client[ \t]+active-address\b|\baptos[ \t]+account[ \t]+lookup-address\b|"
    r"\bopenssl\b[^\n|;&]*[ \t]-pubout\b|\bgpg\b[^\n|;&]*[ \t]--export(?![\w-])|"
    r"\bssh-add[ \t]+-L\b|\bssh-keyscan\b|\bcosign[ \t]+public-key\b")
"""Commands that print a public key or an address (one branch per command, as data)."""


_KEY_LINE = re.compile(r"[ \t]*[^\s=:\"'`]{16,128}={0,2}[ \t]*\r?(?:\n|$)")
"""A line of such output: one key or address alone (what follows it is no longer its output)."""
_KEY_LINES = 8


def _public_outputs(text: str) -> list[tuple[int, int]]:
    """The key or address lines right under each command line of `_PRINTS_PUBLIC` (up to
    the first line that is not one token alone, the next command line, or `_KEY_LINES`)."""
    if "$ " not in text and "> " not in text:
        return []
    spans: list[tuple[int, int]] = []
    for prompt in line_matches(_PROMPT_LINE, text):
        line = prompt.group()
        if _PRINTS_PUBLIC.search(line) is None or _names_secret_printer(line):
            continue
        position = prompt.end() + 1
        for _ in range(_KEY_LINES):
            key = _KEY_LINE.match(text, position)
            if key is None or _PROMPT_LINE.match(text, position) is not None:
                break
            spans.append((position, key.end()))
            position = key.end()
    return spans


_ORCID = re.compile(r"(?<![\w-])\d{4}-\d{4}-\d{4}-\d{3}[\dX](?![\w-])")


def _orcid_ok(orcid: str) -> bool:
    """ISO 7064 MOD 11-2, the check digit of an ORCID iD."""
    digits = orcid.replace("-", "")
    total = 0
    for char in digits[:-1]:
        total = (total + int(char)) * 2
    check = (12 - total % 11) % 11
    return digits[-1] == ("X" if check == 10 else str(check))


ADVISORY_IDS = (r"GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}|(?:PYSEC|RUSTSEC|GO|GSD|OSV)-\d{4}-\d{1,7}|"
                r"CVE-\d{4}-\d{4,7}")
"""Names of published security advisories (GitHub's, the Python, Rust and Go databases', CVE):
read by anyone, whatever their alphabet looks like."""
_ADVISORY = re.compile(rf"(?<![\w-])(?:{ADVISORY_IDS})(?![\w-])")
_VALIDATOR = re.compile(r"(?im)^[<>]?[ \t]*(?:etag|if-none-match|if-match)[ \t]*:[ \t]*"
                        r"((?:W/)?\"?[^\s\"]{1,200}\"?)")
"""An HTTP response's content validator (`etag: W/"5e-1Hq…"`) and a request echoing it: a hash
of what was served, not a credential."""
_REFERENCE = re.compile("|".join(
    rf"(?:\b{program}[ \t]+{rest}[ \t]*['\"]?([A-Za-z0-9][\w./:@-]*))"
    for program, rest in granting_rows() if rest), re.I)
"""The name a secret store is asked for, right after the command that asks (`op item get
<item id>`, `vault kv get secret/app`): where the secret lives, not the secret; derived from
the one table of credential commands (`credential_commands`)."""


def _references(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _REFERENCE.finditer(text):
        group = next(i for i in range(1, len(match.groups()) + 1) if match.group(i))
        spans.append(match.span(group))
    return spans


def public_role_spans(text: str) -> list[tuple[int, int]]:
    """Stretches of `text` that hold a public identifier (see the module's list)."""
    spans = _vins(text) if len(text) >= 17 else []
    if "  " in text:
        spans.extend(_public_columns(text))
    spans.extend(_public_outputs(text))
    if "-" in text:  # an ORCID iD, a researcher's public identifier (its check digit holds)
        spans.extend(m.span() for m in _ORCID.finditer(text) if _orcid_ok(m.group()))
    if "-" in text:
        spans.extend(m.span() for m in _ADVISORY.finditer(text))
    lowered = text.lower()
    if "etag" in lowered or "-match" in lowered:
        spans.extend(m.span(1) for m in _VALIDATOR.finditer(text))
    spans.extend(_references(text))
    if any(word in lowered for word in _LABEL_HINTS):
        spans.extend(_labelled_public(text))
    return spans


_LABEL_HINTS = ("tracking", "order", "invoice", "sku", "awb", "waybill", "shipment", "parcel",
                "isbn", "ean", "upc", "gtin", "vin", "serial", "asset", "published", "documented",
                "docs", "publicly", "well-known")
