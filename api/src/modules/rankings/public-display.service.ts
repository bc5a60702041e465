import type { Db } from '@riyazi/db';
import { NAME_STYLES, type NameStyle } from '../../contracts/rankings.js';
import { writeAudit } from '../../lib/audit.js';
import { DEFAULT_DISPLAY, type DisplaySettings } from './display-names.js';
import * as repo from './public-display.repository.js';
import type {
  DisplaySettingsBody,
  DisplaySettingsView,
  PublicDisplayView,
} from './public-display.schemas.js';
import type { Executor } from './rankings.repository.js';

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

/** How public boards name children (a missing row: first name and initial, school and city shown). */
export async function getDisplaySettings(db: Executor): Promise<DisplaySettings> {
  return toSettings(await repo.findDisplaySettings(db));
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

export async function saveDisplaySettings(
  db: Db,
  body: DisplaySettingsBody,
  staffId: string,
  ip: string,
): Promise<DisplaySettingsView> {
  await db.transaction().execute(async (trx) => {
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
  });
  return getDisplaySettingsView(db);
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
