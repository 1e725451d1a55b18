"""Usage figures per skill and version: sessions, invocations, corrections, errors, last use.

A rate is shown as a fraction with its n ("2/3 corrected"); a percentage only from
`MIN_N_FOR_PERCENT` invocations on, so a tiny sample never looks precise. Skills of the
repository that nobody invoked in the window are listed as pruning candidates; a skill whose
SKILL.md changed inside the window gets its figures before and after the change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from skillgit.attribution.attribute import Attributed
from skillgit.attribution.history import SkillHistory, SkillVersion
from skillgit.errors import UsageError
from skillgit.hints import flag_hint, joined

MIN_N_FOR_PERCENT = 10
MAX_QUOTES = 3
BEFORE = "(before it was in the repository)"
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def rate(part: int, n: int) -> str:
    """`2/3`, or `4/12 (33%)` once n is large enough to mean something."""
    if n >= MIN_N_FOR_PERCENT:
        return f"{part}/{n} ({round(100 * part / n)}%)"
    return f"{part}/{n}"


@dataclass
class Figures:
    """Counts over a set of invocations."""

    sessions: set[str] = field(default_factory=set)
    invocations: int = 0
    corrected: int = 0        # invocations with at least one correction in the window
    corrections: int = 0
    errors: int = 0
    interrupts: int = 0
    rejected: int = 0
    accepted: int = 0
    last_used: datetime | None = None
    quotes: list[tuple[str, int, str]] = field(default_factory=list)  # (session, turn, quote)

    def add(self, item: Attributed) -> None:
        self.sessions.add(item.session_id)
        self.invocations += 1
        found = item.outcome.of("correction")
        self.corrected += bool(found)
        self.corrections += len(found)
        self.errors += len(item.outcome.of("error"))
        self.interrupts += len(item.outcome.of("interrupt"))
        self.rejected += len(item.outcome.of("rejected"))
        self.accepted += len(item.outcome.of("accepted"))
        if item.at is not None and (self.last_used is None or item.at > self.last_used):
            self.last_used = item.at
        for event in found:
            if len(self.quotes) < MAX_QUOTES:
                self.quotes.append((item.session_id, event.turn, event.quote))

    def as_dict(self) -> dict[str, Any]:
        return {
            "sessions": len(self.sessions), "invocations": self.invocations,
            "corrected_invocations": self.corrected, "corrections": self.corrections,
            "correction_rate": rate(self.corrected, self.invocations),
            "errors": self.errors, "interrupts": self.interrupts, "rejected": self.rejected,
            "accepted": self.accepted,
            "last_used": self.last_used.isoformat() if self.last_used else None,
            "corrections_quoted": [{"session_id": s, "turn": t, "quote": q}
                                   for s, t, q in self.quotes]}


@dataclass
class SkillStats:
    skill: str
    total: Figures = field(default_factory=Figures)
    versions: dict[str, Figures] = field(default_factory=dict)   # version label → figures
    version_info: dict[str, SkillVersion | None] = field(default_factory=dict)
    changed_in_window: list[SkillVersion] = field(default_factory=list)

    def add(self, item: Attributed) -> None:
        label = item.version.label if item.version is not None else BEFORE
        self.total.add(item)
        self.versions.setdefault(label, Figures()).add(item)
        self.version_info.setdefault(label, item.version)


@dataclass
class Report:
    skills: dict[str, SkillStats] = field(default_factory=dict)
    outside: dict[str, Figures] = field(default_factory=dict)   # invoked, not in this repo
    outside_folder: list[str] = field(default_factory=list)     # in the repo, not the folder
    never_invoked: list[str] = field(default_factory=list)
    sessions: int = 0
    window: int = 3
    since: datetime | None = None


def build_report(history: SkillHistory, items: Iterable[Attributed], *, sessions: int,
                 window: int, since: datetime | None, only: str | None = None) -> Report:
    report = Report(sessions=sessions, window=window, since=since)
    for item in items:
        if only is not None and item.skill != only:
            continue
        if not item.in_repo and item.skill in history.outside_folder:
            continue  # a skill of this repository the --skills-dir filter leaves out
        if item.in_repo:
            report.skills.setdefault(item.skill, SkillStats(item.skill)).add(item)
        else:
            report.outside.setdefault(item.skill, Figures()).add(item)
    current = history.current()
    report.outside_folder = sorted(name for name in history.outside_folder
                                   if name not in current and (only is None or name == only))
    report.never_invoked = [name for name in current if name not in report.skills
                            and (only is None or name == only)]
    for name, stats in report.skills.items():
        if since is not None:
            stats.changed_in_window = [v for v in history.changed_between(name, since)
                                       if v.blob is not None]
    return report


def check_skill_named(report: Report, only: str, skills_dir: str | None) -> None:
    """A `--skill NAME` that names no skill (none in the repository or its skills folder, none
    invoked in the sessions read) is a usage error saying so, not an empty report."""
    if only in report.skills or only in report.never_invoked or only in report.outside:
        return
    if only in report.outside_folder:
        other = joined(flag_hint("--skills-dir", verb=""), "mine.skills_dir", sep=" or ")
        raise UsageError(f"skill {only!r} is outside the skills folder {skills_dir!r}; "
                         f"choose another {other} to see it")
    where = f"below {skills_dir!r}" if skills_dir else "in this repository"
    raise UsageError(f"there is no skill named {only!r}: none {where}, and none of the "
                     f"{report.sessions} session(s) read invoked one")


def _version_dict(label: str, version: SkillVersion | None, figures: Figures) -> dict[str, Any]:
    return {"version": label, "commit": version.commit if version else None,
            "blob": version.blob if version else None, "path": version.path if version else None,
            "since": version.since.isoformat() if version else None, **figures.as_dict()}


def _ordered(stats: SkillStats) -> list[tuple[str, SkillVersion | None, Figures]]:
    rows = [(label, stats.version_info[label], figures)
            for label, figures in stats.versions.items()]
    return sorted(rows, key=lambda r: r[1].since if r[1] is not None else _EPOCH)


def report_json(report: Report) -> dict[str, Any]:
    return {
        "window_user_turns": report.window, "sessions": report.sessions,
        "since": report.since.isoformat() if report.since else None,
        "skills": [{"skill": name, **stats.total.as_dict(),
                    "changed_in_window": [v.commit for v in stats.changed_in_window],
                    "versions": [_version_dict(label, version, figures)
                                 for label, version, figures in _ordered(stats)]}
                   for name, stats in sorted(report.skills.items())],
        "never_invoked": report.never_invoked,
        "not_in_repo": [{"skill": name, **figures.as_dict()}
                        for name, figures in sorted(report.outside.items())],
    }


def _line(figures: Figures) -> str:
    last = figures.last_used.date().isoformat() if figures.last_used else "-"
    return (f"{len(figures.sessions)} session(s), {figures.invocations} invocation(s), "
            f"corrected {rate(figures.corrected, figures.invocations)} "
            f"({figures.corrections} correction(s)), {figures.errors} tool error(s), "
            f"{figures.interrupts} interrupt(s), {figures.rejected} rejected, "
            f"{figures.accepted} accepted, last used {last}")


def report_text(report: Report) -> list[str]:
    out = [f"{report.sessions} session(s) read; outcome window: next {report.window} user "
           "turn(s)"]
    for name, stats in sorted(report.skills.items()):
        out.append(f"{name}: {_line(stats.total)}")
        for label, version, figures in _ordered(stats):
            when = f" since {version.since.date().isoformat()}" if version else ""
            out.append(f"  {label}{when}: {_line(figures)}")
            for session, turn, quote in figures.quotes:
                out.append(f"    correction [{session[:8]} turn {turn}]: \"{quote}\"")
        if stats.changed_in_window:
            labels = ", ".join(v.label for v in stats.changed_in_window)
            out.append(f"  changed in the window at {labels}: compare the versions above "
                       "(before/after)")
    if report.never_invoked:
        out.append("never invoked in the window (pruning candidates): "
                   + ", ".join(report.never_invoked))
    for name, figures in sorted(report.outside.items()):
        out.append(f"not in this repository: {name}: {_line(figures)}")
    return out
