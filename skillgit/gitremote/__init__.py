"""Talk to a git remote with dulwich only: list its refs, fetch objects, send ref updates.

A `RemoteTarget` is where to go (a URL or a local path; parsed from a remote name in
`.git/config` or given directly) and, for http(s), the token, which lives only in memory: it is
sent as HTTP Basic auth (`x-access-token:<token>`) by dulwich's urllib3 client, scoped to the
remote's origin, and never written into a URL, `.git/config`, a log, an exception message or a
child process's argv. ssh and local remotes never get it.

Failures become `RemoteError`s (exit 2) whose text is scrubbed of the token and of any
credentials a URL carried. Nothing here moves a local ref: fetched objects land in the object
store only, and the caller decides what to do with them.
"""

from skillgit.gitremote.target import (
    TOKEN_USER,
    RemoteAuthError,
    RemoteError,
    RemoteTarget,
    RemoteUnreachable,
    UnknownRemote,
    UnsupportedRemote,
    scrub,
)
from skillgit.gitremote.transport import (
    check_formats,
    fetch_commits,
    list_refs,
    ls_remote,
    send_updates,
    transport_errors,
)

__all__ = ["TOKEN_USER", "RemoteAuthError", "RemoteError", "RemoteTarget", "RemoteUnreachable",
           "UnknownRemote", "UnsupportedRemote", "check_formats", "fetch_commits", "list_refs",
           "ls_remote", "scrub", "send_updates", "transport_errors"]
