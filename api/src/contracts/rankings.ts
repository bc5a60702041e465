// Rankings, leaderboards and winners: shapes shared by api, workers and client.

/** How a child is named on public boards (students are minors): set by admins. */
export const NAME_STYLES = ['FULL', 'FIRST_INITIAL', 'STUDENT_NO'] as const;
export type NameStyle = (typeof NAME_STYLES)[number];

/** One row of a public board, already reduced to what the privacy setting allows. */
export interface LeaderboardEntry {
  rank: number;
  /** "Fatima Malik", "Fatima M." or "Student 100009", as the name style says. */
  name: string;
  school: string | null;
  city: string | null;
  score: number;
  /** Total time of the ranked play, in milliseconds (the first tie-break). */
  timeMs: number;
}

/** GET /api/leaderboard?phaseId&gradeId&limit (public) and the socket event's payload. */
export interface Leaderboard {
  phaseId: string;
  gradeId: string;
  /** True while an admin holds the public board frozen (the entries are the frozen snapshot). */
  frozen: boolean;
  /** When these standings were computed (or frozen). */
  updatedAt: string | null;
  /** How many students are ranked in this phase and grade. */
  rankedCount: number;
  entries: LeaderboardEntry[];
  /** The data holds every commit before this time (read from a replica, it may lag a few seconds). */
  asOf: string;
}

/** GET /api/leaderboard/home (public): the home page's board, one short list per grade. */
export interface HomeLeaderboard {
  phase: { _id: string; title: string } | null;
  /** As Leaderboard.asOf (every board of it was read at once). */
  asOf: string;
  grades: { gradeId: string; title: string; board: Leaderboard }[];
}

/** GET /api/leaderboard/me?phaseId (student): their own standing in their grade. */
export interface MyStanding {
  phaseId: string;
  gradeId: string | null;
  rank: number | null;
  score: number | null;
  rankedCount: number;
}

/** GET /api/champions (public): winners per phase and grade. */
export interface ChampionsBoard {
  phases: {
    _id: string;
    title: string;
    number: number;
    grades: {
      gradeId: string;
      title: string;
      winners: { position: number | null; name: string; school: string | null; city: string | null }[];
    }[];
  }[];
  updatedAt: string | null;
  /** As Leaderboard.asOf. */
  asOf: string;
}

/** Socket event 'leaderboard:updated' to room leaderboard:{phaseId}:{gradeId}: the new top of the board. */
export type LeaderboardUpdatedEvent = Leaderboard;

/** Socket event 'champions:updated' to room champions: winners changed; clients refetch /api/champions. */
export interface ChampionsUpdatedEvent {
  updatedAt: string;
}

/** How many rows a live board carries (the top of the table); longer lists page over REST. */
export const LIVE_BOARD_SIZE = 20;

/** GET /api/admin/ranking/status/?phaseId: per grade, when it was last ranked; whether its board is frozen. */
export interface RankingStatus {
  phaseId: string;
  frozen: boolean;
  frozenAt: string | null;
  grades: {
    gradeId: string;
    title: string;
    rankedCount: number;
    computedAt: string | null;
    durationMs: number | null;
    frozen: boolean;
  }[];
}

/** POST /api/admin/ranking/rebuild/: the grades ranked again from PostgreSQL. */
export interface RebuildResult {
  phaseId: string;
  grades: { gradeId: string; rankedCount: number; durationMs: number }[];
  ranked: number;
  durationMs: number;
}

/** GET /api/admin/publicDisplay/: how public boards name students, and the home page announcement. */
export interface PublicDisplaySettings {
  nameStyle: NameStyle;
  showSchool: boolean;
  showCity: boolean;
  announcementTitle: string;
  announcementBody: string;
  /** ISO date-time, or null for an announcement without an end. */
  announcementEndsAt: string | null;
  /** Null until an admin first saves (the defaults are shown). */
  updatedAt: string | null;
}

/** Compile-time proof that an api schema's output and a shared contract are the same shape. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
