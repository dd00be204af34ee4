"""docs/CI.md's workflows are real YAML in the shape each CI reads, run where glimpse's commands
work as written (the official Swift image for Debian, or a browser named by GLIMPSE_CHROMIUM), and
every glimpse command they, the README and every page of docs/ run uses options glimpse has."""
import re
import subprocess

import yaml

from conftest import REPO

CI = (REPO / "docs/CI.md").read_text()


def blocks(language):
    return re.findall(rf"```{language}\n(.*?)```", CI, re.S)


def glimpse_commands(text):
    """Each glimpse command of `text` (continued lines joined): its subcommand and the options it passes."""
    joined = re.sub(r"\\\n\s*", " ", text)
    commands = []
    for line in joined.splitlines():
        for match in re.finditer(r"glimpse\"?\s+(build|diff|approve|check|serve|snapshot|merge)\b([^|&;)`]*)", line):
            commands.append((match.group(1), re.findall(r"(?<![\w-])--[a-z][a-z-]*", match.group(2))))
    return commands


def test_the_github_workflow_is_a_workflow_that_diffs_with_decisions():
    workflow = yaml.safe_load(blocks("yaml")[0])
    assert set(workflow) >= {"name", "jobs"} and True in workflow  # `on:` is read as True by YAML 1.1
    steps = workflow["jobs"]["review"]["steps"]
    runs = "\n".join(step.get("run", "") for step in steps)
    assert "glimpse diff base new --pixels --decisions glimpse-decisions" in re.sub(r"\\\n\s*", "", runs)
    assert any(step.get("uses", "").startswith("actions/upload-artifact") for step in steps)
    assert any(step.get("with", {}).get("report_paths") == "review/junit.xml" for step in steps)


def test_the_gitlab_pipeline_is_a_job_with_a_junit_report():
    pipeline = yaml.safe_load(blocks("yaml")[1])
    job = pipeline["glimpse"]
    assert job["artifacts"]["reports"]["junit"] == "review/junit.xml" and "review/" in job["artifacts"]["paths"]
    script = "\n".join(job["script"])
    assert "--decisions glimpse-decisions" in script and "--summary summary.md" in script
    assert SWIFT_IMAGE.fullmatch(job["image"]), job["image"]


def test_the_sharded_workflow_draws_in_a_matrix_and_merges_after_every_shard():
    workflow = yaml.safe_load(blocks("yaml")[2])
    jobs = workflow["jobs"]
    assert jobs["shard"]["needs"] == "galleries" and jobs["merge"]["needs"] == "shard"
    shards = jobs["shard"]["strategy"]["matrix"]["shard"]
    run = "\n".join(step.get("run", "") for step in jobs["shard"]["steps"])
    assert f"--shard ${{{{ matrix.shard }}}}/{len(shards)}" in run and "--pixels" in run
    merge = re.sub(r"\\\n\s*", "", "\n".join(step.get("run", "") for step in jobs["merge"]["steps"]))
    assert "glimpse merge " + " ".join(f"part-{shard}" for shard in shards) in merge


SWIFT_IMAGE = re.compile(r"swift:6\.\d+(\.\d+)?-bookworm")


def github_jobs():
    """Every job of the GitHub workflows, by workflow and name."""
    workflows = [yaml.safe_load(blocks("yaml")[index]) for index in (0, 2)]
    return {(workflow["name"], name): job for workflow in workflows for name, job in workflow["jobs"].items()}


def test_every_github_job_runs_in_the_swift_image_for_debian_or_names_its_browser():
    """Ubuntu ships Chromium as a snap, which apt-get cannot install on ubuntu-latest: a job runs in
    the Swift image for Debian (as root: no sudo there), or names the runner's browser."""
    for name, job in github_jobs().items():
        container = job.get("container")
        image = container.get("image") if isinstance(container, dict) else container
        runs = "\n".join(step.get("run", "") for step in job["steps"])
        if image:
            assert SWIFT_IMAGE.fullmatch(image), (name, image)
            assert "sudo " not in runs, name
        else:
            assert "GLIMPSE_CHROMIUM" in job.get("env", {}), name
        if "--pixels" in runs:
            assert "GLIMPSE_CHROMIUM" in job.get("env", {}) or re.search(r"apt-get install[^\n]* chromium", runs), name


def test_the_recipe_commits_the_decisions_folder():
    assert "git add glimpse-decisions" in CI and "glimpse-approvals.json glimpse-review.json &&" not in CI
    assert "glimpse decisions migrate" in CI and "CONFLICT (add/add)" in CI


def test_every_glimpse_command_in_the_docs_uses_options_glimpse_has(glimpse_bin):
    docs = [REPO / "README.md"] + sorted((REPO / "docs").rglob("*.md"))
    readme = [block for doc in docs
              for block in re.findall(r"```(?:sh|yaml)\n(.*?)```", doc.read_text(), re.S)]
    text = "\n".join(blocks("yaml") + blocks("sh") + readme)
    commands = glimpse_commands(text)
    assert {name for name, _ in commands} >= {"build", "diff", "approve"}
    helps = {}
    for name, words in commands:
        if name not in helps:
            helps[name] = subprocess.run([str(glimpse_bin), name, "--help"], capture_output=True, text=True).stdout
        for option in words:
            assert re.search(rf"(^|\s){re.escape(option)}([\s,=]|$)", helps[name], re.M), f"glimpse {name} has no {option}"
