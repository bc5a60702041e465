import type { Executor } from '../../lib/db.js';

export const insertMailMessage = (
  db: Executor,
  values: { template: string; toEmail: string; params: unknown },
) =>
  db
    .insertInto('mailMessages')
    .values({ template: values.template, toEmail: values.toEmail, params: JSON.stringify(values.params) })
    .returning('id')
    .executeTakeFirstOrThrow();
