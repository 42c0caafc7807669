#!/usr/bin/env bash
# Regenerates the migrations that are not committed yet as one migration, from every schema file.
# While a change is in progress its schema may be edited many times; this keeps it to a single
# migration instead of one per edit. Committed migrations are never touched. Serialised with a
# lock so that two schema edits at once cannot interleave. Usage: regenerate-migration.sh [name]
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:-${MIGRATION_NAME:-pending_changes}}"
dir=src/db/migrations
exec 9>"${TMPDIR:-/tmp}/harbor-regenerate-migration.lock"
flock 9
git ls-files --others --exclude-standard -z -- "$dir" | xargs -0 -r rm -f
git checkout HEAD -- "$dir/meta/_journal.json"
npx drizzle-kit generate --name "$name"
