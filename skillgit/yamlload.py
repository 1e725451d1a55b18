"""Safe YAML loading with a nesting limit: every YAML skillgit reads goes through here.

`yaml.safe_load` composes nodes recursively: absurd nesting (`[[[[…`, `- - - …`, `{a: {a: …`)
ended in a RecursionError after seconds of quadratic scanning (pure-Python loader), or crashed
the process on the C stack (libyaml's composer). Here libyaml parses (when installed) and a
Python composer counts the depth, so a document nested deeper than `MAX_DEPTH` is rejected as
soon as the parser reaches that depth: a `YAMLError` with the line, in milliseconds.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

# Nodes from the root to the deepest leaf: far more than any config, keys file, SKILL.md
# frontmatter or eval file needs.
MAX_DEPTH = 100


class NestedTooDeeply(yaml.MarkedYAMLError):
    """The document nests collections deeper than MAX_DEPTH."""


class _Events(Protocol):
    def peek_event(self) -> yaml.Event | None: ...


class _DepthLimitedComposer(Composer):
    """Composer (the parser's events → nodes) that stops at MAX_DEPTH nested collections."""

    _depth = 0

    def get_single_node(self) -> yaml.Node | None:
        try:
            return super().get_single_node()
        except yaml.MarkedYAMLError as exc:  # libyaml's own limit, met while scanning ahead
            if "nesting depth" not in (exc.problem or ""):
                raise
            raise NestedTooDeeply(problem="nested too deeply",
                                  problem_mark=exc.problem_mark) from None

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                event = cast(_Events, self).peek_event()
                mark = cast("yaml.Mark | None", event.start_mark if event else None)
                raise NestedTooDeeply(problem="nested too deeply", problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


try:
    from yaml._yaml import CParser as _CParser  # libyaml: the fast scanner and parser

    class SafeDepthLoader(_DepthLimitedComposer, _CParser, SafeConstructor, Resolver):
        """libyaml's parser events, composed in Python with a depth limit, built safely."""

        def __init__(self, stream: str | bytes) -> None:
            _CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)

except ImportError:  # PyYAML built without libyaml: the pure-Python parser, same limit
    class SafeDepthLoader(_DepthLimitedComposer, yaml.SafeLoader):  # type: ignore[no-redef]
        """The pure-Python safe loader with a depth limit."""


def safe_load(text: str | bytes) -> Any:
    """`yaml.safe_load`, but a document nested deeper than MAX_DEPTH is a `NestedTooDeeply`."""
    loader = SafeDepthLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
