"""Hosts that imitate a package registry: a domain that carries a registry's name but is not
the registry's own (`repo1.maven-central.net`, `pypi-org.com`, `npmjs-registry.io`).

A rule that points a build at such a host adds a code source in disguise, whatever file or
syntax holds the URL (a Maven `settings.xml`, a Gradle `maven { url … }`, a `nuget.config`, a
pip flag). The judgement is made on the registrable domain (its last two labels, three under
a two-letter country's second level such as `co.uk`): a registry's name there, in a domain
the registry does not own, imitates it. A company's mirror that names the registry in a
subdomain of its own (`pypi.acme-corp.com`, `maven.pkg.github.com`) is its own host.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

REGISTRIES: dict[str, tuple[str, ...]] = {
    # a registry's name as it appears in hosts -> the registrable domains it owns
    "maven": ("maven.org", "apache.org", "sonatype.com", "sonatype.org", "gradle.org",
              "github.com", "google.com", "jetbrains.com"),
    "pypi": ("pypi.org", "python.org", "pythonhosted.org"),
    "pythonhosted": ("pythonhosted.org",),
    "npmjs": ("npmjs.org", "npmjs.com"),
    "yarnpkg": ("yarnpkg.com",),
    "rubygems": ("rubygems.org",),
    "crates": ("crates.io",),
    "nuget": ("nuget.org", "microsoft.com"),
    "packagist": ("packagist.org",),
    "golang": ("golang.org", "go.dev", "google.com"),
    "dockerhub": ("docker.com", "docker.io"),
    "anaconda": ("anaconda.org", "anaconda.com"),
    "cocoapods": ("cocoapods.org",),
    "hackage": ("haskell.org",),
    "cpan": ("cpan.org", "metacpan.org"),
    "openvsx": ("open-vsx.org", "eclipse.org"),
    "visualstudio": ("visualstudio.com", "microsoft.com"),
}
"""Registries by the word their hosts carry, and the domains each owns (a table, as data)."""

_URL_HOST = re.compile(r"(?i)\b(?:https?|git|ssh|s3)://(?:[^@/\s]+@)?([a-z0-9.-]+\.[a-z]{2,})")
_SECOND_LEVEL = frozenset(("co", "com", "org", "net", "ac", "gov", "edu"))


def registrable(host: str) -> str:
    """The domain a host is registered under (`repo1.maven-central.net` -> `maven-central.net`,
    `x.example.co.uk` -> `example.co.uk`)."""
    labels = host.lower().rstrip(".").split(".")
    if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def imitated_registry(host: str) -> str | None:
    """The registry whose name `host`'s registrable domain carries without being its own."""
    domain = registrable(host)
    for name, owned in REGISTRIES.items():
        if name in domain and domain not in owned:
            return name
    return None


def imitations(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each URL in `text` whose host imitates a registry."""
    if "://" not in text:
        return
    for match in _URL_HOST.finditer(text):
        if imitated_registry(match.group(1)) is not None:
            yield match.start(), match.end()
