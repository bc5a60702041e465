import { z } from 'zod';
import { NAME_STYLES, type PublicDisplaySettings, type SameShape } from '../../contracts/rankings.js';

export const displaySettingsBody = z.object({
  nameStyle: z.enum(NAME_STYLES, { message: `must be one of ${NAME_STYLES.join(', ')}` }),
  showSchool: z.boolean({ message: 'must be true or false' }),
  showCity: z.boolean({ message: 'must be true or false' }),
  announcementTitle: z.string().trim().max(120, 'must be at most 120 characters').default(''),
  announcementBody: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
  announcementEndsAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO date and time, or null' })
    .nullable()
    .default(null),
});
export type DisplaySettingsBody = z.output<typeof displaySettingsBody>;

export const displaySettingsView = z.object({
  nameStyle: z.enum(NAME_STYLES),
  showSchool: z.boolean(),
  showCity: z.boolean(),
  announcementTitle: z.string(),
  announcementBody: z.string(),
  announcementEndsAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DisplaySettingsView = z.output<typeof displaySettingsView>;

export const publicDisplayView = z.object({
  announcement: z.object({ title: z.string(), body: z.string(), endsAt: z.string().nullable() }).nullable(),
});
export type PublicDisplayView = z.output<typeof publicDisplayView>;

// The client reads this shape from the shared contract: the two must not drift apart.
export const displaySettingsAgrees: SameShape<DisplaySettingsView, PublicDisplaySettings> = true;
