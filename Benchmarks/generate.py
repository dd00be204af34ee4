"""Generated inputs for `make bench`: scaled stores, scaled scenario sets and the pinned Hugo site.

Everything is written under Benchmarks/.data/ (git-ignored) and is the same every run: fixed
seeds, fixed dates."""
import importlib.util
import os
import pathlib
import random
import shutil
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
DATA = REPO / "Benchmarks/.data"
# Imported from beside the sample scenarios: no __pycache__ there, where a scenario folder would be.
sys.dont_write_bytecode = True
WORDS = ("drink water stretch read walk journal floss meditate call mum practise piano plan tomorrow "
         "tidy desk cook vegetables sleep early lift weights study spanish water plants breathe").split()


def fresh(path):
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def app_stores():
    """Each app's `bench_store` module, from `content/scenarios/<app>/bench_store.py`, by app id."""
    modules = {}
    for path in sorted((REPO / "content/scenarios").glob("*/bench_store.py")):
        spec = importlib.util.spec_from_file_location(f"bench_store_{path.parent.name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[path.parent.name] = module
    return modules


def data_store(scale):
    """One store root for every app with a bench store, each at ×scale (`PER_SCALE` items at ×1)."""
    root = fresh(DATA / f"store-x{scale}")
    for module in app_stores().values():
        module.write(root, module.PER_SCALE * scale)
    return root


def bounds_store(name, **counts):
    """A store for the resource bounds: `counts[app]` items of each app named."""
    root = fresh(DATA / f"bounds-{name}")
    stores = app_stores()
    for app, count in counts.items():
        stores[app].write(root, count)
    return root


def scenario_content(count):
    """The sample content with `count` scenarios, cycling through the sample's own (distinct folders)."""
    root = fresh(DATA / f"content-{count}")
    source = REPO / "content"
    for item in source.iterdir():
        if item.is_dir() and item.name != "scenarios":
            shutil.copytree(item, root / item.name, copy_function=os.link)
        elif item.is_file():
            os.link(item, root / item.name)
    # Round-robin over the apps, so every step of the sweep has the same mix of light and heavy.
    by_app = [sorted(p for p in app.iterdir() if p.is_dir()) for app in sorted((source / "scenarios").iterdir())]
    scenarios = [app[i] for i in range(max(map(len, by_app))) for app in by_app if i < len(app)]
    for i in range(count):
        scenario = scenarios[i % len(scenarios)]
        copy = i // len(scenarios)
        target = root / "scenarios" / scenario.parent.name / (scenario.name if copy == 0 else f"{scenario.name}-{copy}")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Hard links: a store is read as it is, and Glimpse refuses symbolic links in one.
        shutil.copytree(scenario, target, copy_function=os.link)
    return root


def sample_scenario_count():
    return sum(1 for p in (REPO / "content/scenarios").glob("*/*") if p.is_dir())


def hugo_site(name, pages, mean_bytes):
    """A pinned Hugo site: `pages` Markdown files, one page each, of about `mean_bytes` of HTML."""
    root = fresh(DATA / f"hugo-{name}")
    (root / "hugo.toml").write_text(
        'baseURL = "http://example.org/"\ntitle = "Bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
    (root / "layouts/_default").mkdir(parents=True)
    (root / "layouts/_default/single.html").write_text(
        "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n")
    (root / "layouts/index.html").write_text("<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body></body></html>\n")
    (root / "layouts/_default/list.html").write_text("<!DOCTYPE html><html><body>{{ .Title }}</body></html>\n")
    content = root / "content/p"
    content.mkdir(parents=True)
    rng = random.Random(pages)
    for i in range(pages):
        words, size = [], 0
        while size < mean_bytes - 120:
            paragraph = " ".join(rng.choice(WORDS) for _ in range(60)).capitalize() + "."
            words.append(paragraph)
            size += len(paragraph) + 9  # <p></p>\n and the blank line
        (content / f"page-{i:05}.md").write_text(f"---\ntitle: Page {i}\n---\n\n" + "\n\n".join(words) + "\n")
    return root
