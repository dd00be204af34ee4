#!/usr/bin/env bash
# make sixth-widget: what adding a widget costs, tried for real. Copies the working tree to
# .build-sixth/project, copies One Goal's folders under a new id (twogoal, "Two Goal"), renames the
# types they declare, adds one line to the registry, and nothing else. Then builds, regenerates
# what the registry lists (make registry), builds a gallery, checks the new widget's pages, manifest
# entries and schema, runs the registry's tests, and prints what was added and edited.
# Builds incrementally in .build-sixth/build: the first run compiles the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$repo/.build-sixth/project
scratch=$repo/.build-sixth/build
rm -rf "$work"
mkdir -p "$work"
# The tracked and new files of the working tree, as they are: nothing git ignores.
git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$work"
cd "$work"
[[ -e .venv ]] || ln -s "$repo/.venv" .venv

# 1. One Goal's folders, copied under the new id.
cp -R Sources/Widgets/OneGoal Sources/Widgets/TwoGoal
cp -R templates/onegoal templates/twogoal
cp -R content/copy/onegoal content/copy/twogoal
cp -R content/scenarios/onegoal content/scenarios/twogoal
cp docs/widgets/onegoal.md docs/widgets/twogoal.md
for scenario in content/scenarios/twogoal/*/; do
  [[ -d "$scenario/group.com.onegoal.app" ]] && mv "$scenario/group.com.onegoal.app" "$scenario/group.com.twogoal.app"
done
for file in Sources/Widgets/TwoGoal/OneGoal*.swift; do mv "$file" "${file/OneGoal/TwoGoal}"; done

# 2. Its types renamed: OneGoalX becomes TwoGoalX; any other type it declares gets the TwoGoal prefix.
types=$(grep -hoE "^(public |internal )?(struct|enum|class|protocol|typealias) [A-Za-z0-9_]+" Sources/Widgets/TwoGoal/*.swift | awk '{print $NF}')
rename=()
for type in $types; do
  case $type in OneGoal*) rename+=(-e "s/\\b$type\\b/Two${type#One}/g") ;; *) rename+=(-e "s/\\b$type\\b/TwoGoal$type/g") ;; esac
done
sed -i "${rename[@]}" -e 's/onegoal/twogoal/g' -e 's/One Goal/Two Goal/g' -e 's/OneGoal/TwoGoal/g' Sources/Widgets/TwoGoal/*.swift
sed -i -e 's/onegoal/twogoal/g' -e 's/One Goal/Two Goal/g' docs/widgets/twogoal.md content/copy/twogoal/*.md
grep -rlZ -e onegoal -e "One Goal" content/scenarios/twogoal templates/twogoal | xargs -0 -r sed -i -e 's/onegoal/twogoal/g' -e 's/One Goal/Two Goal/g'

# 3. One line in the registry.
sed -i 's/^            W8TrackrApp(),$/            W8TrackrApp(),\n            TwoGoalApp(),/' Sources/Widgets/Registry.swift
grep -q "TwoGoalApp()," Sources/Widgets/Registry.swift

echo "== Added and edited, against the working tree:"
added_files=$(find Sources/Widgets/TwoGoal templates/twogoal content/copy/twogoal content/scenarios/twogoal docs/widgets/twogoal.md -type f | wc -l)
added_lines=$(find Sources/Widgets/TwoGoal templates/twogoal content/copy/twogoal docs/widgets/twogoal.md -type f -exec cat {} + | wc -l)
echo "   new folders: Sources/Widgets/TwoGoal, templates/twogoal, content/copy/twogoal, content/scenarios/twogoal, docs/widgets/twogoal.md"
echo "   $added_files new files ($added_lines lines of code, templates, copy and docs, besides the sample stores)"
edited=$(cd "$repo" && diff -rq --exclude .build --exclude '.build-*' --exclude public --exclude .venv --exclude .git \
  --exclude TwoGoal --exclude twogoal --exclude twogoal.md . "$work" | grep -v "^Only in $work: .venv" || true)
echo "$edited" | sed 's/^/   /'
diff "$repo/Sources/Widgets/Registry.swift" Sources/Widgets/Registry.swift | sed 's/^/   /' || true

echo "== swift build"
swift build --scratch-path "$scratch" 2>&1 | grep -E "error|warning:|Compiling Widgets|Build complete" | grep -v "^.*Compiling Widgets .*$" || true
glimpse="$scratch/debug/glimpse"
echo "== make registry (the README's tables and the manifest schema)"
"$glimpse" registry --write
echo "== glimpse build"
"$glimpse" build --now 2026-11-22T09:00:00-05:00 --time-zone America/New_York --out public --quiet
pages=$(find public/twogoal -name '*.html' | wc -l)
widgets=$(python3 -c "import json; print(sum(w['app'] == 'twogoal' for w in json.load(open('public/manifest.json'))['widgets']))")
in_schema=$(python3 -c "import json; s = json.load(open('public/manifest.schema.json')); print('twogoal' in s['\$defs']['widget']['properties']['app']['enum'])")
echo "   public/twogoal: $pages pages; manifest: $widgets Two Goal widgets; schema names twogoal: $in_schema"
[[ $pages -gt 1 && $widgets -gt 0 && $in_schema == True ]]
cmp <(sed 's/twogoal/onegoal/g; s/Two Goal/One Goal/g' public/twogoal/index.html) public/onegoal/index.html >/dev/null \
  && echo "   twogoal/index.html is onegoal/index.html with the names changed" \
  || echo "   twogoal/index.html differs from onegoal/index.html beyond the names (the sidebar lists one more app)"
echo "== The registry's tests, with the sixth widget"
swift test --scratch-path "$scratch" --filter "RegistryTests|ExtensionPointTests" 2>&1 | grep -E "✔ Test|✘|Test run with"
