"""`glimpse init`: a widget team's package written into DIR/glimpse/, and nothing written over. (Building
what it writes is Tests/Packages/, which make test runs after the rest: it builds another package.)"""
import subprocess

from conftest import REPO


def init(glimpse_bin, *args, cwd=REPO):
    return subprocess.run([str(glimpse_bin), "init", *map(str, args)], capture_output=True, text=True, timeout=120,
                          cwd=cwd)


def snapshot(folder):
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file()}


def test_init_writes_one_widget_named_as_asked_depending_on_this_checkout(glimpse_bin, tmp_path):
    result = init(glimpse_bin, tmp_path, "--widget", "Water Intake")
    assert result.returncode == 0, result.stderr
    files = snapshot(tmp_path / "glimpse")
    assert set(files) >= {
        "Package.swift", "README.md", ".gitignore", "Sources/WaterIntakeGlimpse/main.swift",
        *(f"Sources/WaterIntakeWidget/WaterIntake{name}.swift" for name in (
            "App", "App+Store", "App+View", "StoreFile", "Rules", "Provider", "State", "ViewModel")),
        "templates/waterintake/systemSmall.mustache", "templates/waterintake/systemMedium.mustache",
        "templates/waterintake/style.css", "content/copy/waterintake/no-data.md",
        "content/scenarios/waterintake/today/scenario.yaml",
        "content/scenarios/waterintake/today/group.com.example.waterintake/waterintake.json",
        "content/scenarios/waterintake/no-container/scenario.yaml"}
    assert not any(b"__" in text for name, text in files.items() if not name.endswith(".mustache")), \
        [name for name, text in files.items() if b"__" in text]
    package = files["Package.swift"].decode()
    assert f'.package(path: "{REPO}")' in package and f'package: "{REPO.name.lower()}"' in package
    assert "swift run glimpse build" in files["README.md"].decode()
    assert not any(name.endswith(".template") for name in files)


def test_init_depends_on_a_version_when_asked(glimpse_bin, tmp_path):
    result = init(glimpse_bin, tmp_path, "--widget", "StepCount", "--container", "group.com.acme.steps",
                  "--glimpse-url", "https://example.com/acme/glimpse.git", "--glimpse-version", "0.2.0")
    assert result.returncode == 0, result.stderr
    package = (tmp_path / "glimpse/Package.swift").read_text()
    assert '.package(url: "https://example.com/acme/glimpse.git", from: "0.2.0")' in package
    assert 'package: "glimpse"' in package
    assert (tmp_path / "glimpse/content/scenarios/stepcount/today/group.com.acme.steps/stepcount.json").is_file()
    assert 'public let displayName = "Step Count"' in (tmp_path / "glimpse/Sources/StepCountWidget/StepCountApp.swift").read_text()


def test_init_over_an_existing_package_exits_2_names_the_files_and_changes_nothing(glimpse_bin, tmp_path):
    assert init(glimpse_bin, tmp_path, "--widget", "Water Intake").returncode == 0
    (tmp_path / "glimpse/Sources/WaterIntakeWidget/WaterIntakeRules.swift").write_text("// ours\n")
    before = snapshot(tmp_path)
    again = init(glimpse_bin, tmp_path, "--widget", "Water Intake")
    assert again.returncode == 2
    assert "WaterIntakeRules.swift" in again.stderr and "Package.swift" in again.stderr
    assert snapshot(tmp_path) == before
    # One file there is enough: nothing else is written either.
    other = tmp_path / "other"
    (other / "glimpse").mkdir(parents=True)
    (other / "glimpse/README.md").write_text("ours\n")
    refused = init(glimpse_bin, other, "--widget", "Water Intake")
    assert refused.returncode == 2 and "README.md" in refused.stderr
    assert snapshot(other) == {"glimpse/README.md": b"ours\n"}


def test_init_refuses_a_name_that_is_no_name(glimpse_bin, tmp_path):
    result = init(glimpse_bin, tmp_path, "--widget", "42 things")
    assert result.returncode == 2 and "--widget" in result.stderr
    assert not (tmp_path / "glimpse").exists()


def test_version_is_the_changelogs_latest(glimpse_bin):
    version = subprocess.run([str(glimpse_bin), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    changelog = (REPO / "CHANGELOG.md").read_text()
    assert f"## {version} " in changelog or f"## [{version}]" in changelog or f"## {version}\n" in changelog


TUTORIAL = {  # the DocC tutorial's code (Sources/GlimpseKit/GlimpseKit.docc/Resources/) → what init writes
    "preview-01-main.swift": "Sources/WaterIntakeGlimpse/main.swift",
    "preview-01-app.swift": "Sources/WaterIntakeWidget/WaterIntakeApp.swift",
    "preview-02-store-file.swift": "Sources/WaterIntakeWidget/WaterIntakeStoreFile.swift",
    "preview-02-load.swift": "Sources/WaterIntakeWidget/WaterIntakeApp+Store.swift",
    "preview-03-rules.swift": "Sources/WaterIntakeWidget/WaterIntakeRules.swift",
    "preview-03-state.swift": "Sources/WaterIntakeWidget/WaterIntakeState.swift",
    "preview-03-provider.swift": "Sources/WaterIntakeWidget/WaterIntakeProvider.swift",
    "preview-04-view-model.swift": "Sources/WaterIntakeWidget/WaterIntakeViewModel.swift",
    "preview-04-view.swift": "Sources/WaterIntakeWidget/WaterIntakeApp+View.swift",
    "preview-05-small.mustache": "templates/waterintake/systemSmall.mustache",
    "preview-05-medium.mustache": "templates/waterintake/systemMedium.mustache",
    "preview-05-style.css": "templates/waterintake/style.css",
    "preview-05-caption.txt": "content/copy/waterintake/caption.md",
    "preview-06-scenario.yaml": "content/scenarios/waterintake/today/scenario.yaml",
    "preview-06-store.json": "content/scenarios/waterintake/today/group.com.example.waterintake/waterintake.json",
}


def test_the_tutorial_shows_what_init_writes(glimpse_bin, tmp_path):
    """"Preview your widget" walks through `glimpse init --widget "Water Intake"`: its code is that output."""
    assert init(glimpse_bin, tmp_path, "--widget", "Water Intake").returncode == 0
    resources = REPO / "Sources/GlimpseKit/GlimpseKit.docc/Resources"
    for shown, written in TUTORIAL.items():
        assert (resources / shown).read_text() == (tmp_path / "glimpse" / written).read_text(), shown
    package = (tmp_path / "glimpse/Package.swift").read_text()
    shown = (resources / "preview-01-package.swift").read_text()
    assert shown == package.replace(f'.package(path: "{REPO}")', '.package(path: "/path/to/glimpse")').replace(
        f'package: "{REPO.name.lower()}"', 'package: "glimpse"')
