import type { Db } from '@riyazi/db';
import { NAME_STYLES, type NameStyle } from '../../contracts/rankings.js';
import { writeAudit } from '../../lib/audit.js';
import type { Executor } from '../../lib/db.js';
import { type DispatchDeps, dispatchAfterCommit, insertOutboxEvent } from '../../queue/outbox.js';
import { DEFAULT_DISPLAY, type DisplaySettings } from './display-names.js';
import * as repo from './public-display.repository.js';
import type {
  DisplaySettingsBody,
  DisplaySettingsView,
  PublicDisplayView,
} from './public-display.schemas.js';

const isNameStyle = (value: string): value is NameStyle => (NAME_STYLES as readonly string[]).includes(value);

type SettingsRow = NonNullable<Awaited<ReturnType<typeof repo.findDisplaySettings>>>;

function toSettings(row: SettingsRow | undefined): DisplaySettings {
  if (!row) {
    return DEFAULT_DISPLAY;
  }
  return {
    nameStyle: isNameStyle(row.nameStyle) ? row.nameStyle : DEFAULT_DISPLAY.nameStyle,
    showSchool: row.showSchool,
    showCity: row.showCity,
  };
}

/** The settings, and when they last changed (a board renamed by them is newer than before). */
export interface BoardDisplay extends DisplaySettings {
  updatedAt: Date | null;
}

/** How public boards name children (a missing row: first name and initial, school and city shown). */
export async function getDisplaySettings(db: Executor): Promise<BoardDisplay> {
  const row = await repo.findDisplaySettings(db);
  return { ...toSettings(row), updatedAt: row?.updatedAt ?? null };
}

export async function getDisplaySettingsView(db: Db): Promise<DisplaySettingsView> {
  const row = await repo.findDisplaySettings(db);
  return {
    ...toSettings(row),
    announcementTitle: row?.announcementTitle ?? '',
    announcementBody: row?.announcementBody ?? '',
    announcementEndsAt: row?.announcementEndsAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const naming = (s: DisplaySettings) => `${s.nameStyle}|${s.showSchool}|${s.showCity}`;

/**
 * Saves the settings; when they name children differently, the champions room is told to refetch
 * (an outbox event written with the change). `renamed` says whether open boards need a new push.
 */
export async function saveDisplaySettings(
  deps: DispatchDeps,
  body: DisplaySettingsBody,
  staffId: string,
  ip: string,
): Promise<{ data: DisplaySettingsView; renamed: boolean }> {
  const { renamed, event } = await deps.db.transaction().execute(async (trx) => {
    const before = toSettings(await repo.findDisplaySettings(trx));
    await repo.upsertDisplaySettings(trx, {
      ...body,
      announcementEndsAt: body.announcementEndsAt === null ? null : new Date(body.announcementEndsAt),
      updatedBy: staffId,
    });
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'publicDisplay.update',
      targetType: 'publicDisplaySettings',
      ip,
      details: {
        nameStyle: body.nameStyle,
        showSchool: body.showSchool,
        showCity: body.showCity,
        announcementTitle: body.announcementTitle,
        announcementEndsAt: body.announcementEndsAt,
      },
    });
    const changed = naming(before) !== naming(body);
    const updatedAt = new Date().toISOString();
    return {
      renamed: changed,
      event: changed ? await insertOutboxEvent(trx, 'champions.updated', { updatedAt }) : null,
    };
  });
  if (event) {
    await dispatchAfterCommit(deps, [event]);
  }
  return { data: await getDisplaySettingsView(deps.db), renamed };
}

/** The home page announcement: none when it is empty or past its end. */
export async function getPublicDisplay(db: Db, now = new Date()): Promise<PublicDisplayView> {
  const row = await repo.findDisplaySettings(db);
  const empty = !row || (row.announcementTitle.trim() === '' && row.announcementBody.trim() === '');
  if (empty || (row.announcementEndsAt !== null && row.announcementEndsAt <= now)) {
    return { announcement: null };
  }
  return {
    announcement: {
      title: row.announcementTitle,
      body: row.announcementBody,
      endsAt: row.announcementEndsAt?.toISOString() ?? null,
    },
  };
}
