import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The photo gallery: albums in order, each with its photos in order. Children appear in the
// photos, so an album can be hidden (kept, not shown) and a photo's files go with its row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE gallery_albums (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
      position integer NOT NULL,
      is_published boolean NOT NULL DEFAULT false,
      is_hidden boolean NOT NULL DEFAULT false,
      cover_photo_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE gallery_photos (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- RESTRICT: photos are deleted one by one, so every stored size is removed with its row.
      album_id uuid NOT NULL REFERENCES gallery_albums (id) ON DELETE RESTRICT,
      caption text NOT NULL DEFAULT '' CHECK (length(caption) <= 300),
      position integer NOT NULL,
      -- Public file keys (gallery/<photo id>-<width>.webp), smallest first; widths alike.
      file_keys text[] NOT NULL,
      widths integer[] NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX gallery_photos_album_position ON gallery_photos (album_id, position);

    ALTER TABLE gallery_albums ADD CONSTRAINT gallery_albums_cover_fk
      FOREIGN KEY (cover_photo_id) REFERENCES gallery_photos (id) ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE gallery_albums DROP CONSTRAINT gallery_albums_cover_fk;`.execute(db);
  await sql`DROP TABLE gallery_photos;`.execute(db);
  await sql`DROP TABLE gallery_albums;`.execute(db);
}
