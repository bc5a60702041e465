import type { Db } from '@riyazi/db';
import { type DisplaySettings, displayName, getDisplaySettings, publicText } from '#modules/rankings';
import type { ChampionsBoard } from '../../contracts/rankings.js';
import { type CacheNode, nodeCache } from '../../lib/node-caches.js';
import type { ReadRouter } from '../../lib/read-routing.js';
import { listChampionRows } from './winners.repository.js';

type BoardPhase = ChampionsBoard['phases'][number];
type BoardGrade = BoardPhase['grades'][number];

type ChampionRow = Awaited<ReturnType<typeof listChampionRows>>[number];

/** A winner as the public display settings allow (students are minors). */
const publicWinner = (settings: DisplaySettings, row: ChampionRow) => ({
  position: row.position,
  name: displayName(settings.nameStyle, row),
  school: publicText(row.schoolName, settings.showSchool),
  city: publicText(row.city, settings.showCity),
});

async function buildChampionsBoard(db: Db, asOf: Date): Promise<ChampionsBoard> {
  const [rows, settings] = await Promise.all([listChampionRows(db), getDisplaySettings(db)]);
  const phases: BoardPhase[] = [];
  let updatedAt: Date | null = null;
  for (const row of rows) {
    let phase = phases.at(-1);
    if (phase?._id !== row.phaseId) {
      phase = { _id: row.phaseId, title: row.phaseName, number: row.phaseNumber, grades: [] };
      phases.push(phase);
    }
    let grade: BoardGrade | undefined = phase.grades.at(-1);
    if (grade?.gradeId !== row.gradeId) {
      grade = { gradeId: row.gradeId, title: row.gradeTitle, winners: [] };
      phase.grades.push(grade);
    }
    grade.winners.push(publicWinner(settings, row));
    if (updatedAt === null || row.createdAt > updatedAt) {
      updatedAt = row.createdAt;
    }
  }
  return { phases, updatedAt: updatedAt?.toISOString() ?? null, asOf: asOf.toISOString() };
}

// The board is public and read by everyone on results day: one read per node every few seconds.
// A change on any node drops it everywhere through the cache bus. Should that message be lost,
// readers told of a change (champions:updated) ask for a board at least that fresh, which reloads
// it here at most once a second.
const CHAMPIONS_TTL_MS = 5000;
const FORCED_RELOAD_EVERY_MS = 1000;
const BOARD = 'board';

/** The champions board as the engine keeps it per node: `board(since)` reads it. */
export function createChampionsCache(caches: CacheNode, reads: ReadRouter) {
  let loadedAt = 0;
  const cached = nodeCache(
    caches,
    'champions',
    CHAMPIONS_TTL_MS,
    async () => {
      loadedAt = Date.now();
      // From the replica unless winners or naming changed since its position (those are marked).
      return (await reads.read(['winners', 'public_display_settings', 'phases'], buildChampionsBoard)).value;
    },
    { maxEntries: 2 },
  );
  return (since?: Date): Promise<ChampionsBoard> => {
    const now = Date.now();
    if (
      since !== undefined &&
      since.getTime() >= loadedAt &&
      since.getTime() <= now &&
      now - loadedAt >= FORCED_RELOAD_EVERY_MS
    ) {
      cached.forget(BOARD);
    }
    return cached(BOARD);
  };
}
export type ChampionsCache = ReturnType<typeof createChampionsCache>;
