#!/usr/bin/env bash
# make sixth-widget [FROM=<id>]: what adding a widget costs, tried for real. Copies the working tree
# to .build-sixth/project, copies the folders of one app of the registry (`glimpse registry --list`;
# FROM, or the first) under a new id (`widget6`, Swift folder `Widget6`, named "Widget 6"), renames
# its files and types (each is named after its app: docs/ADDING-A-WIDGET.md), adds one line to the
# registry, and edits nothing else. Then builds, regenerates what
# lists the apps (make registry), builds a gallery, checks the new widget's pages, manifest
# entries and schema, runs the registry's tests, and prints what was added and edited. Builds
# incrementally in .build-sixth/build: the first run compiles the dependencies.
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
# This script names the new widget; a repository that really added one would not hold it.
rm scripts/sixth-widget.sh

echo "== swift build (the tree as it is, for the registry's list)"
swift build --scratch-path "$scratch" 2>&1 | grep -E "error|warning:|Build complete"
glimpse="$scratch/debug/glimpse"
IFS=$'\t' read -r from Folder name container < <("$glimpse" registry --list | awk -F'\t' -v id="${FROM:-}" 'id == "" || $1 == id' | head -1)
[[ -n "$from" ]] || { echo "no app ${FROM:-} in the registry" >&2; exit 1; }
to=widget6
To=Widget6
new_name="Widget 6"
new_container="${container/$from/$to}"
[[ "$new_container" != "$container" ]] || new_container="$container.copy"
echo "== Copying $name ($from) as $new_name ($to)"

# 1. The app's folders, copied under the new id.
cp -R "Sources/Widgets/$Folder" "Sources/Widgets/$To"
cp -R "templates/$from" "templates/$to"
cp -R "content/copy/$from" "content/copy/$to"
cp -R "content/scenarios/$from" "content/scenarios/$to"
cp "docs/widgets/$from.md" "docs/widgets/$to.md"
# Its stores' writers and sample scenarios (scripts/stores/<app>/), and what its shipped app does.
[[ ! -d "scripts/stores/$from" ]] || cp -R "scripts/stores/$from" "scripts/stores/$to"
[[ ! -f "content/shipped/$from.yaml" ]] || cp "content/shipped/$from.yaml" "content/shipped/$to.yaml"
# Every folder and file named after the container (the container itself, a suite's plist in it), deepest first.
find content/scenarios/"$to" -depth -name "*$container*" | while read -r path; do
  base=$(basename "$path")
  mv "$path" "$(dirname "$path")/${base//$container/$new_container}"
done
# Every file and every top-level type of an app starts with its folder's name: <Folder>X becomes <To>X.
for file in Sources/Widgets/"$To"/*.swift; do
  base=$(basename "$file")
  mv "$file" "Sources/Widgets/$To/$To${base#"$Folder"}"
done

# 2. Its names: the container, the id and the display name set aside as tokens first, so that
# renaming the types cannot reach into them (a display name may be the folder's name itself).
hide=(-e "s/$container/@CONTAINER@/g" -e "s/\\b$from\\b/@ID@/g" -e "s/\"$name\"/\"@NAME@\"/g")
# A display name that is not the folder's name (two words, say) is prose in comments too.
[[ "$name" == "$Folder" ]] || hide+=(-e "s/$name/@NAME@/g")
show=(-e "s/@CONTAINER@/$new_container/g" -e "s/@ID@/$to/g" -e "s/@NAME@/$new_name/g")
sed -i "${hide[@]}" Sources/Widgets/"$To"/*.swift
sed -i -e "s/\\b$Folder/$To/g" Sources/Widgets/"$To"/*.swift
sed -i "${show[@]}" Sources/Widgets/"$To"/*.swift
hide=(-e "s/$container/@CONTAINER@/g" -e "s/\\b$from\\b/@ID@/g" -e "s/$name/@NAME@/g")
names=("${hide[@]}" "${show[@]}")
sed -i "${names[@]}" docs/widgets/"$to".md content/copy/"$to"/*.md
grep -rlZ -e "$from" -e "$name" -e "$container" content/scenarios/"$to" templates/"$to" | xargs -0 -r sed -i "${names[@]}"
find "scripts/stores/$to" "content/shipped/$to.yaml" -type f \( -name '*.py' -o -name '*.yaml' \) -print0 2>/dev/null \
  | xargs -0 -r sed -i "${names[@]}"

# 3. One line in the registry: the new app, last of the list.
python3 - "$To" <<'PY'
import pathlib, re, sys
registry = pathlib.Path("Sources/GlimpseRegistry/Registry.swift")
text = registry.read_text()
list_end = re.search(r"\n(\s*)\]\n(\s*)\}", text[text.index("func apps()"):])
at = text.index("func apps()") + list_end.start()
indent = re.findall(r"\n(\s*)\w+App\(.*\),", text)[-1]
registry.write_text(text[:at] + f"\n{indent}{sys.argv[1]}App()," + text[at:])
PY

echo "== Added and edited, against the working tree"
added_files=$(find "Sources/Widgets/$To" "templates/$to" "content/copy/$to" "content/scenarios/$to" "docs/widgets/$to.md" \
  "scripts/stores/$to" "content/shipped/$to.yaml" -type f 2>/dev/null | wc -l)
code_lines=$(cat Sources/Widgets/"$To"/*.swift | wc -l)
template_lines=$(find "templates/$to" -type f -exec cat {} + | wc -l)
copy_lines=$(find "content/copy/$to" "docs/widgets/$to.md" -type f -exec cat {} + | wc -l)
echo "   new folders: Sources/Widgets/$To, templates/$to, content/copy/$to, content/scenarios/$to, scripts/stores/$to;"
echo "   docs/widgets/$to.md, content/shipped/$to.yaml"
echo "   $added_files new files: $code_lines lines of Swift, $template_lines of templates and stylesheet, $copy_lines of copy and docs, and the sample stores"
echo "   edited by hand:"
(cd "$repo" && git ls-files -co --exclude-standard) | while read -r file; do
  if [[ -f "$file" ]] && ! cmp -s "$repo/$file" "$file"; then echo "     $file"; fi
done
diff "$repo/Sources/GlimpseRegistry/Registry.swift" Sources/GlimpseRegistry/Registry.swift | sed 's/^/       /' || true

echo "== swift build"
swift build --scratch-path "$scratch" 2>&1 | grep -E "error|warning:|Build complete"
echo "== make registry (docs/APPS-AND-STORES.md's tables and make fuzz's list)"
"$glimpse" registry --write | sed 's/^/   /'
echo "== glimpse build"
"$glimpse" build --now 2026-11-22T09:00:00-05:00 --time-zone America/New_York --out public --quiet
pages=$(find "public/$to" -name '*.html' | wc -l)
widgets=$(python3 -c "import json, sys; print(sum(w['app'] == sys.argv[1] for w in json.load(open('public/manifest.json'))['widgets']))" "$to")
in_schema=$(python3 -c "import json, sys; s = json.load(open('public/manifest.schema.json')); print(sys.argv[1] in s['\$defs']['widget']['properties']['app']['enum'])" "$to")
echo "   public/$to: $pages pages; manifest: $widgets widgets of $to; the schema names it: $in_schema"
[[ $pages -gt 1 && $widgets -gt 0 && $in_schema == True ]]
echo "== The registry's and the extension point's tests, with the new widget"
swift test --scratch-path "$scratch" --filter "RegistryTests|AppConventionTests|ExtensionPointTests|GalleryBuilderTests" 2>&1 | grep -E "✔ Test|✘|Test run with"
