#!/usr/bin/env bash
# The README and docs/ are read from a clone of the repository, which has nothing beside it: they may
# not point at the workplace's files outside it (../shared/..., shared/rules, shared/design). The
# rulebooks are cited by name and the reader's own copies by the setting that names them
# (CHURCHILL_RULES_DIR). Usage: self_contained.sh SOURCE_DIR
set -euo pipefail
cd "${1:?usage: self_contained.sh SOURCE_DIR}"
if found=$(grep -rnE '\.\./shared/|(^|[^[:alnum:]_/.-])shared/(rules|design)/' README.md docs/ --include='*.md'); then
  echo "README.md and docs/ must not point outside the repository:" >&2
  echo "$found" >&2
  exit 1
fi
echo "README.md and docs/: no path outside the repository"
