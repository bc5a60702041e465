import { GRADE_2_3_QUESTIONS } from './questions-grade2-3.js';
import { GRADE_2_3_MORE_QUESTIONS } from './questions-grade2-3-more.js';
import { GRADE_4_5_QUESTIONS } from './questions-grade4-5.js';
import { GRADE_4_5_MORE_QUESTIONS } from './questions-grade4-5-more.js';
import { GRADE_6_7_QUESTIONS } from './questions-grade6-7.js';
import { GRADE_6_7_MORE_QUESTIONS } from './questions-grade6-7-more.js';
import { GRADE_8_9_QUESTIONS } from './questions-grade8-9.js';
import { GRADE_8_9_MORE_QUESTIONS } from './questions-grade8-9-more.js';
import type { SeedQuestion } from './reference.js';

export const SEED_QUESTIONS: readonly SeedQuestion[] = [
  ...GRADE_2_3_QUESTIONS,
  ...GRADE_2_3_MORE_QUESTIONS,
  ...GRADE_4_5_QUESTIONS,
  ...GRADE_4_5_MORE_QUESTIONS,
  ...GRADE_6_7_QUESTIONS,
  ...GRADE_6_7_MORE_QUESTIONS,
  ...GRADE_8_9_QUESTIONS,
  ...GRADE_8_9_MORE_QUESTIONS,
];
