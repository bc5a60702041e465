import type { StudentLanguage } from './accounts/types.js';

/** One map from queue and job name to payload, shared by api (enqueue) and workers (process). */
export interface JobMap {
  broadcast: {
    'flags.updated': { eventId: string; updatedAt: string };
    /** Phase winners changed: the champions room refetches the board. */
    'champions.updated': { eventId: string; updatedAt: string };
  };
  mail: {
    'mail.send': { eventId: string; messageId: string };
  };
  scoring: {
    /** Scores one recorded answer, updates its play's totals and finishes the play when complete. */
    'answer.score': { eventId: string; playId: string; questionId: string };
    /** The answers one api node recorded together (one job for a batch: the contest-day path). */
    'answers.score': { answers: { eventId: string; playId: string; questionId: string }[] };
  };
  ranking: {
    /** A contest play finished: schedules one standings.recompute for its phase and grade. */
    'play.finished': { eventId: string; playId: string; phaseId: string; gradeId: string; kind: string };
    /** Ranks one phase and grade from PostgreSQL and pushes its board (at most once per window). */
    'standings.recompute': { phaseId: string; gradeId: string };
    /** What a board shows changed outside a play (a student anonymised): push it, rank it again. */
    'standings.stale': { eventId: string; phaseId: string; gradeId: string };
  };
  exports: {
    /** Writes a students CSV for background_jobs row `jobId` (kind STUDENT_EXPORT). */
    'students.export': { jobId: string };
    /** Issues and draws the certificates of a phase for background_jobs row `jobId` (kind CERTIFICATE_RUN). */
    'certificates.run': { jobId: string };
    /** Draws one re-issued certificate's files and queues its e-mail. */
    'certificate.draw': { certificateId: string; publicUrl: string };
  };
  integrity: {
    /** A finished contest play's own signals (delayed, so its grade's peers are in the distribution). */
    'play.check': { playId: string };
    /** Every signal of a phase (staff asked); progress { done, total, result } on the job. */
    'phase.run': { phaseId: string };
  };
  bulkUpload: {
    /** Creates the students of an uploaded file for background_jobs row `jobId` (kind STUDENT_BULK_UPLOAD). */
    'students.bulkUpload': { jobId: string };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobPayload<Q extends QueueName, J extends JobName<Q>> = JobMap[Q][J];

export const QUEUE_NAMES = [
  'broadcast',
  'mail',
  'scoring',
  'ranking',
  'exports',
  'bulkUpload',
  'integrity',
] as const satisfies readonly QueueName[];

/** Every job name per queue, so a worker can refuse to start with a job it cannot handle. */
export const JOB_NAMES: { [Q in QueueName]: readonly JobName<Q>[] } = {
  broadcast: ['flags.updated', 'champions.updated'],
  mail: ['mail.send'],
  scoring: ['answer.score', 'answers.score'],
  ranking: ['play.finished', 'standings.recompute', 'standings.stale'],
  exports: ['students.export', 'certificates.run', 'certificate.draw'],
  bulkUpload: ['students.bulkUpload'],
  integrity: ['play.check', 'phase.run'],
};

/** A queue and one of its jobs: a route to a queue or job that JobMap lacks does not build. */
type JobRoute = { [Q in QueueName]: { queue: Q; job: JobName<Q> } }[QueueName];

/** Outbox event types and the queue/job that handles each (README "Event path"). */
export const OUTBOX_ROUTES = {
  'flags.updated': { queue: 'broadcast', job: 'flags.updated' },
  'champions.updated': { queue: 'broadcast', job: 'champions.updated' },
  'mail.queued': { queue: 'mail', job: 'mail.send' },
  'answer.recorded': { queue: 'scoring', job: 'answer.score' },
  'play.finished': { queue: 'ranking', job: 'play.finished' },
  'standings.stale': { queue: 'ranking', job: 'standings.stale' },
} as const satisfies Record<string, JobRoute>;

export type OutboxEventType = keyof typeof OUTBOX_ROUTES;

type RoutePayload<Q extends QueueName, J> = J extends keyof JobMap[Q] ? Omit<JobMap[Q][J], 'eventId'> : never;

/** The payload of event type T: its job's payload less `eventId`, which the event's row id supplies. */
export type OutboxPayload<T extends OutboxEventType> = RoutePayload<
  (typeof OUTBOX_ROUTES)[T]['queue'],
  (typeof OUTBOX_ROUTES)[T]['job']
>;

/**
 * Events that only record what happened in a play (no job consumes them): written already
 * enqueued, so the relay never takes them and pruning deletes them like consumed events.
 */
export interface OutboxRecordMap {
  'play.started': {
    playId: string;
    studentId: string;
    quizId: string;
    kind: 'CONTEST' | 'PRACTICE';
    questionCount: number;
  };
  /** `deadline`: the question's deadline as PostgreSQL writes a timestamptz in JSON. */
  'question.served': { playId: string; questionId: string; deadline: string };
}

export type OutboxRecordType = keyof OutboxRecordMap;

export const OUTBOX_RECORD_TYPES = {
  'play.started': true,
  'question.served': true,
} as const satisfies Record<OutboxRecordType, true>;

/** Every type an outbox row may have, and its payload. */
export type OutboxType = OutboxEventType | OutboxRecordType;
export type OutboxPayloadOf<T extends OutboxType> = T extends OutboxEventType
  ? OutboxPayload<T>
  : T extends OutboxRecordType
    ? OutboxRecordMap[T]
    : never;

export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** E-mails the platform sends and the values each template needs. */
export interface MailTemplates {
  verifyEmail: { name: string; link: string; language?: StudentLanguage };
  resetPassword: { name: string; link: string; minutes: number; language?: StudentLanguage };
  welcome: { name: string; link: string | null; language?: StudentLanguage };
  /** The code a login asks for after too many wrong passwords; names nobody (it may reach a parent). */
  loginCode: { code: string; minutes: number; language?: StudentLanguage };
  smtpTest: { requestedBy: string };
  /** A message from the public contact form, to the organisers. */
  contactMessage: { name: string; email: string; message: string };
  paymentReceipt: {
    language?: StudentLanguage;
    name: string;
    orderRef: string;
    amount: string;
    attempts: number;
    contestAttempts: number;
  };
  /** A certificate is ready: a link to the dashboard where it is downloaded. */
  certificateIssued: {
    name: string;
    phaseTitle: string;
    kind: string;
    link: string;
    language?: StudentLanguage;
  };
  phaseQualified: {
    name: string;
    phaseTitle: string;
    nextPhaseTitle: string;
    rank: number;
    language?: StudentLanguage;
  };
  /** A reviewer warned about or disqualified one of the student's contest plays (integrity review). */
  integrityDecision: {
    name: string;
    decision: 'WARN' | 'DISQUALIFY';
    phaseTitle: string;
    gradeTitle: string;
    /** When the play finished, Pakistan time. */
    finishedAt: string;
    language?: StudentLanguage;
  };
}
export type MailTemplate = keyof MailTemplates;
