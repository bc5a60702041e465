import type { Questions, Students } from '../database.generated.js';

export const GRADE_NUMBERS = [2, 3, 4, 5, 6, 7, 8, 9] as const;

export const CATEGORIES = {
  'Number & Arithmetic': [
    'Addition & Subtraction',
    'Multiplication & Division',
    'Place Value',
    'Ratio & Proportion',
    'Powers & Roots',
  ],
  'Fractions & Decimals': ['Fractions', 'Decimals', 'Percentages'],
  'Geometry & Measurement': ['Shapes', 'Perimeter & Area', 'Angles', 'Pythagoras Theorem', 'Time & Money'],
  'Patterns & Algebra': ['Number Patterns', 'Equations', 'Expressions'],
  'Data & Probability': ['Reading Data', 'Probability'],
} as const;

export type CategoryName = keyof typeof CATEGORIES;
export type SubCategoryName = (typeof CATEGORIES)[CategoryName][number];

export interface SeedOption {
  text: string;
  correct?: boolean;
}

export interface SeedQuestion {
  grade: number;
  category: CategoryName;
  subCategory: SubCategoryName;
  tag: Questions['tag'];
  type?: 'MCQS' | 'OPEN_ENDED';
  questionHtml: string;
  options?: SeedOption[];
  acceptedAnswers?: string[];
  hint: string;
  selectMultiple?: boolean;
  phase2?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedPhase {
  name: string;
  number: number;
  startsAt: Date;
  endsAt: Date;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
}

export function seedPhases(now: Date): SeedPhase[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    { name: 'Phase 1 — Qualifier', number: 1, startsAt: at(-7), endsAt: at(30), status: 'ACTIVE' },
    { name: 'Phase 2 — Semi-final', number: 2, startsAt: at(40), endsAt: at(50), status: 'UPCOMING' },
    { name: 'Phase 3 — Final', number: 3, startsAt: at(60), endsAt: at(65), status: 'UPCOMING' },
  ];
}

export const QUIZ_SETTINGS = { questionCount: 15, secondsPerQuestion: 180, attemptsAllowed: 2 } as const;

/** Module names as in api/src/contracts/permissions.ts MODULES (checked by questions.test.ts). */
export type PermissionModule =
  | 'question'
  | 'grade'
  | 'phase'
  | 'category'
  | 'subCategory'
  | 'quiz'
  | 'student'
  | 'studentVerification'
  | 'bulkUpload'
  | 'certificate'
  | 'code'
  | 'paymentTransactions'
  | 'paymentFailure';
/** As api/src/contracts/permissions.ts ACTIONS; export is offered by the student and code modules only. */
export type PermissionAction = 'read' | 'create' | 'update' | 'delete' | 'export';

export interface SeedRole {
  name: string;
  permissions: Partial<Record<PermissionModule, PermissionAction[]>>;
}

export const SUPER_ADMIN_ROLE = 'Super Admin';

export const LIMITED_ROLES: SeedRole[] = [
  {
    name: 'Content Editor',
    permissions: {
      question: ['read', 'create', 'update'],
      grade: ['read'],
      phase: ['read'],
      category: ['read'],
      subCategory: ['read'],
      quiz: ['read'],
    },
  },
  {
    name: 'Verifier',
    permissions: { studentVerification: ['read', 'update'], student: ['read'] },
  },
  {
    // Enrols schools and sends them their lists; cannot edit or delete students.
    name: 'School Coordinator',
    permissions: { student: ['read', 'export'], bulkUpload: ['read', 'create'] },
  },
  {
    // Answers parents and schools about certificates: finds, downloads, revokes and re-issues them.
    name: 'Certificates Officer',
    permissions: { certificate: ['read', 'update'], student: ['read'] },
  },
  {
    // Settles payments by hand (cancel, bank transfer, refund) and hands out access codes.
    name: 'Payments Desk',
    permissions: {
      paymentTransactions: ['read', 'update'],
      paymentFailure: ['read'],
      code: ['read', 'create', 'export'],
    },
  },
];

export const DEFAULT_ADMIN_EMAIL = 'admin@riyazi.local';
/** The demo student who holds no contest attempts yet: the one who can buy both phase-1 packages. */
export const DEMO_BUYER_EMAIL = 'hamza.siddiqui@example.com';
export const DEMO_STUDENT_PASSWORD = 'Practice2026!';

export const REFERRAL_SOURCES = [
  'Riyazi Sponsor',
  'School',
  'Riyazi Book',
  'Friend',
  'Other',
  'Facebook',
  'Instagram',
  'YouTube',
  'TikTok',
  'Pinterest',
  'WhatsApp',
  'X',
  'LinkedIn',
] as const;

export interface SeedStudent {
  fullName: string;
  fatherName: string;
  email: string;
  phone: string;
  gender: NonNullable<Students['gender']>;
  city: string;
  schoolName: string;
  grade: number;
  referralSource: (typeof REFERRAL_SOURCES)[number];
}

export const STUDENTS: SeedStudent[] = [
  {
    fullName: 'Fatima Malik',
    fatherName: 'Asif Malik',
    email: 'fatima.malik@example.com',
    phone: '03331234567',
    gender: 'FEMALE',
    city: 'Islamabad',
    schoolName: 'Islamabad Model School for Girls, F-7/2',
    grade: 3,
    referralSource: 'Facebook',
  },
  {
    fullName: 'Ayesha Khan',
    fatherName: 'Imran Khan',
    email: 'ayesha.khan@example.com',
    phone: '03001234567',
    gender: 'FEMALE',
    city: 'Lahore',
    schoolName: 'Beaconhouse School System, Johar Town',
    grade: 5,
    referralSource: 'School',
  },
  {
    fullName: 'Muhammad Hamza Siddiqui',
    fatherName: 'Tariq Siddiqui',
    email: 'hamza.siddiqui@example.com',
    phone: '03211234567',
    gender: 'MALE',
    city: 'Karachi',
    schoolName: 'The City School, Gulshan Campus',
    grade: 7,
    referralSource: 'Riyazi Sponsor',
  },
  {
    fullName: 'Usman Afridi',
    fatherName: 'Javed Afridi',
    email: 'usman.afridi@example.com',
    phone: '03451234567',
    gender: 'MALE',
    city: 'Peshawar',
    schoolName: 'Peshawar Public School and College',
    grade: 9,
    referralSource: 'Friend',
  },
];

/** KaTeX inline markup as the client renders it; pass LaTeX with escaped backslashes. */
export const m = (tex: string): string => `<span class="math-inline">${tex}</span>`;
