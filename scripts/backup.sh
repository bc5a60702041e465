#!/usr/bin/env bash
# PostgreSQL backup: one pg_dump in custom format (compressed, restorable table by table with
# pg_restore) named <BACKUP_NAME>-<UTC timestamp>.dump in BACKUP_DIR; keeps the newest BACKUP_KEEP.
#
#   DATABASE_URL=postgres://… BACKUP_DIR=/var/backups/riyazi BACKUP_KEEP=14 scripts/backup.sh
#
# Exits non-zero (and leaves no partial file) when the dump or its check fails. pg_dump must be the
# server's major version or newer. The URL (it may hold a password) is never printed.
set -euo pipefail

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/riyazi}"
BACKUP_DIR="${BACKUP_DIR:-var/backups}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
BACKUP_NAME="${BACKUP_NAME:-riyazi}"

fail() {
  echo "backup: $*" >&2
  exit 1
}

[[ "$BACKUP_KEEP" =~ ^[1-9][0-9]*$ ]] || fail "BACKUP_KEEP must be a whole number of 1 or more, not \"$BACKUP_KEEP\""
[[ "$BACKUP_NAME" =~ ^[A-Za-z0-9_-]+$ ]] || fail "BACKUP_NAME: letters, digits, _ and - only"
command -v pg_dump >/dev/null || fail "pg_dump not found (install the PostgreSQL client)"

mkdir -p "$BACKUP_DIR"
# Milliseconds too: two runs in the same second must not overwrite each other. Sorts by time.
stamp="$(date -u +%Y%m%dT%H%M%S%3NZ)"
final="$BACKUP_DIR/$BACKUP_NAME-$stamp.dump"
partial="$BACKUP_DIR/.$BACKUP_NAME-$stamp.dump.partial"
trap 'rm -f "$partial"' EXIT

started=$SECONDS
pg_dump --format=custom --compress=6 --no-password --file="$partial" --dbname="$DATABASE_URL" ||
  fail "pg_dump failed; no backup written"
# A dump whose table of contents cannot be read is not a backup.
pg_restore --list "$partial" >/dev/null || fail "the dump cannot be read back; no backup written"
mv "$partial" "$final"
echo "backup: wrote $final ($(du -h "$final" | cut -f1), $((SECONDS - started)) s)"

# Oldest first; everything but the newest BACKUP_KEEP goes.
mapfile -t old < <(find "$BACKUP_DIR" -maxdepth 1 -type f -name "$BACKUP_NAME-*.dump" | sort | head -n "-$BACKUP_KEEP")
for file in "${old[@]}"; do
  rm -f -- "$file"
  echo "backup: removed $file"
done
