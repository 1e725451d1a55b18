"""Review the change between two commits: touched skills, validated at the head, placed."""

from __future__ import annotations

from skillgit.gitops import GitRepo
from skillgit.review.actions import is_shallow, missing_history
from skillgit.review.at_head import validate_at
from skillgit.review.changes import ChangedFile, touched_skills
from skillgit.review.model import ProposalInfo, ReviewResult, SkillResult
from skillgit.review.placement import place
from skillgit.review.similar import near_duplicates
from skillgit.review.skillset import SkillIndex


def review(repo: GitRepo, base: str, head: str, profile: str = "spec",
           trailer_commit: str | None = None) -> ReviewResult:
    """`base` and `head` are commit shas; the diff is taken from their merge base (what a
    pull request shows). `trailer_commit`: the commit whose trailers tell whether this is a
    skillgit proposal (default: `head`)."""
    try:
        found = repo.merge_base(base, head)
    except KeyError:  # the walk to the common ancestor left a shallow clone's history
        found = None
    if found is None and is_shallow(repo):  # the common ancestor is beyond the boundary
        raise missing_history(repo, f"the merge base of {base[:12]} and {head[:12]}")
    old = found or base
    base_skills, head_skills = SkillIndex(repo, old), SkillIndex(repo, head)
    files, touched = touched_skills(repo, old, head, base_skills, head_skills)
    live = [t.directory for t in touched if t.change != "removed"]
    reports = validate_at(repo, head, live, head_skills, profile)
    # What the base already had wrong is not what the change caused (placement moves only
    # the latter onto a changed line).
    earlier = [t.old_directory or t.directory for t in touched
               if t.change in ("changed", "renamed")]
    reports_before = validate_at(repo, old, earlier, base_skills, profile)
    result = ReviewResult(base=old, head=head, files=files)
    for item in touched:
        before_dir = item.old_directory or item.directory
        before = (base_skills.info(before_dir) if item.change != "added" else None)
        changed: dict[str, ChangedFile] = {f.path: f for f in item.files}
        skill = SkillResult(item.directory, item.change, item.old_directory,
                            tokens_before=before.tokens if before else None)
        if item.change == "removed":
            assert before is not None
            skill.name, skill.description = before.name, before.description
        else:
            after = head_skills.info(item.directory)
            skill.name, skill.description, skill.tokens_after = (
                after.name, after.description, after.tokens)
            report = reports.get(item.directory)
            if report is not None:
                prior = reports_before.get(before_dir)
                skill.findings = place(report.findings, after, changed,
                                       prior.findings if prior is not None else [],
                                       item.directory, before_dir)
        result.skills.append(skill)
    live_info = [head_skills.info(d) for d in live]
    result.near_duplicates = near_duplicates(
        live_info, [head_skills.info(d) for d in head_skills.directories])
    result.proposal = proposal_info(repo, trailer_commit or head)
    return result


def proposal_info(repo: GitRepo, commit: str) -> ProposalInfo | None:
    from skillgit.wire.commit import parse_trailers

    try:
        trailers = parse_trailers(repo.commit_info(commit).message)
    except (KeyError, ValueError):
        return None
    fingerprint = trailers.get("Skillgit-Proposal")
    if not fingerprint:
        return None
    return ProposalInfo(fingerprint, trailers.get("Skillgit-Skill"),
                        trailers.get("Skillgit-Kind"), trailers.get("Skillgit-Evidence"),
                        trailers.get("Skillgit-Engine"))
