import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here (the rule below is a copy of contracts/person-name.ts
// as it stood on this date).
// Names that lie (#29): names stored before names were checked lose their bidi controls and
// invisible characters (a ZERO WIDTH NON-JOINER between two Arabic-script letters stays: Urdu uses
// it). A name left with no letter becomes: a student's name "Student <number>", a father's or
// school name NULL, a staff member's name the start of their e-mail address, a certificate's
// printed name the student's (cleaned) name. A certificate whose printed name changed loses its
// files, so the phase's next certificate run draws them again (under the same keys, no new e-mail).
// Nothing is restored by `down`: the removed characters were never meant to be there.

const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const arabicLetter = (char: string | undefined) =>
  char !== undefined && LETTER.test(char) && ARABIC_SCRIPT.test(char);

function kept(chars: string[], index: number): boolean {
  const char = chars[index] ?? '';
  if (!HIDDEN.test(char)) {
    return true;
  }
  if (char !== '\u200c') {
    return false;
  }
  let before = index - 1;
  while (before >= 0 && MARK.test(chars[before] ?? '') && !HIDDEN.test(chars[before] ?? '')) {
    before -= 1;
  }
  return arabicLetter(chars[before]) && arabicLetter(chars[index + 1]);
}

/** The cleaned name, or null when nothing with a letter is left. */
function clean(name: string | null): string | null {
  if (name === null) {
    return null;
  }
  const chars = Array.from(name);
  const cleaned = chars
    .filter((_, index) => kept(chars, index))
    .join('')
    .trim()
    .replace(/\s+/g, ' ');
  return LETTER.test(cleaned) ? cleaned : null;
}

const BATCH = 2000;

/** Every row of a table in id order, a batch at a time (memory stays one batch). */
async function* batches<T extends { id: string }>(
  read: (after: string) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) {
      return;
    }
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

// Read under one-word aliases: the same whether or not the connection camel-cases result columns.
interface StudentRow {
  id: string;
  number: string;
  name: string;
  father: string | null;
  school: string | null;
}

async function cleanStudents(db: Kysely<unknown>) {
  const read = async (after: string) =>
    (
      await sql<StudentRow>`
        SELECT id, student_no AS number, full_name AS name, father_name AS father, school_name AS school
        FROM students
        WHERE id > ${after}::uuid ORDER BY id LIMIT ${BATCH}`.execute(db)
    ).rows;
  for await (const rows of batches(read)) {
    for (const row of rows) {
      const fullName = clean(row.name) ?? `Student ${row.number}`;
      const fatherName = clean(row.father);
      const schoolName = clean(row.school);
      if (fullName !== row.name || fatherName !== row.father || schoolName !== row.school) {
        await sql`
          UPDATE students SET full_name = ${fullName}, father_name = ${fatherName},
            school_name = ${schoolName}, updated_at = now()
          WHERE id = ${row.id}`.execute(db);
      }
    }
  }
}

async function cleanStaffNames(db: Kysely<unknown>) {
  const read = async (after: string) =>
    (
      await sql<{ id: string; email: string; username: string }>`
        SELECT id, email, username FROM staff_users WHERE id > ${after}::uuid ORDER BY id LIMIT ${BATCH}`.execute(
        db,
      )
    ).rows;
  for await (const rows of batches(read)) {
    for (const row of rows) {
      const username = clean(row.username) ?? clean(row.email.split('@')[0] ?? '')?.slice(0, 80) ?? 'Staff';
      if (username !== row.username) {
        await sql`UPDATE staff_users SET username = ${username}, updated_at = now() WHERE id = ${row.id}`.execute(
          db,
        );
      }
    }
  }
}

async function cleanCertificates(db: Kysely<unknown>) {
  const read = async (after: string) =>
    (
      await sql<{ id: string; printed: string; name: string }>`
        SELECT c.id, c.printed_name AS printed, s.full_name AS name FROM certificates c JOIN students s ON s.id = c.student_id
        WHERE c.id > ${after}::uuid ORDER BY c.id LIMIT ${BATCH}`.execute(db)
    ).rows;
  for await (const rows of batches(read)) {
    for (const row of rows) {
      // Students are cleaned first, so their name is a fallback that always has a letter.
      const printedName = clean(row.printed) ?? row.name;
      if (printedName !== row.printed) {
        await sql`
          UPDATE certificates SET printed_name = ${printedName}, file_key_en = NULL, file_key_ur = NULL
          WHERE id = ${row.id}`.execute(db);
      }
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await cleanStudents(db);
  await cleanStaffNames(db);
  await cleanCertificates(db);
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // The cleaning is one way: see the note at the top.
}
