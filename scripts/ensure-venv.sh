#!/usr/bin/env bash
# Creates .venv with the pinned test requirements; does nothing when they are already installed.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=Tests/requirements.txt
stamp=".venv/.requirements-$(sha256sum "$requirements" | cut -c1-16)"
[[ -f "$stamp" ]] && exit 0

if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  scripts/ensure-apt.sh python3-venv
fi
rm -rf .venv
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
touch "$stamp"
