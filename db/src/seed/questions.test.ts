import { describe, expect, it } from 'vitest';
import { actionsOf, isModule, MODULES } from '../../../api/src/contracts/permissions.js';
import { SEED_QUESTIONS } from './questions.js';
import {
  CATEGORIES,
  GRADE_NUMBERS,
  LIMITED_ROLES,
  QUIZ_SETTINGS,
  type SeedQuestion,
  STUDENTS,
} from './reference.js';

const isMcq = (q: SeedQuestion) => (q.type ?? 'MCQS') === 'MCQS';
const forGrade = (grade: number) => SEED_QUESTIONS.filter((q) => q.grade === grade);
const label = (q: SeedQuestion) => `grade ${q.grade}: ${q.questionHtml}`;

describe('demo questions', () => {
  it('has at least 160 questions and at least 20 for every grade', () => {
    expect(SEED_QUESTIONS.length).toBeGreaterThanOrEqual(160);
    for (const grade of GRADE_NUMBERS) {
      expect(forGrade(grade).length, `grade ${grade}`).toBeGreaterThanOrEqual(20);
    }
  });

  it('only uses the seeded grades', () => {
    const grades: readonly number[] = GRADE_NUMBERS;
    expect(SEED_QUESTIONS.filter((q) => !grades.includes(q.grade))).toEqual([]);
  });

  it('gives every MCQ four distinct options with exactly one correct, or at least two when multi-select', () => {
    for (const q of SEED_QUESTIONS.filter(isMcq)) {
      const options = q.options ?? [];
      expect(options, label(q)).toHaveLength(4);
      expect(new Set(options.map((o) => o.text)).size, label(q)).toBe(4);
      const correct = options.filter((o) => o.correct).length;
      if (q.selectMultiple) {
        expect(correct, label(q)).toBeGreaterThanOrEqual(2);
      } else {
        expect(correct, label(q)).toBe(1);
      }
    }
  });

  it('gives every open-ended question accepted answers and no options', () => {
    const openEnded = SEED_QUESTIONS.filter((q) => !isMcq(q));
    expect(openEnded.length).toBeGreaterThanOrEqual(3);
    for (const q of openEnded) {
      expect(q.acceptedAnswers?.length ?? 0, label(q)).toBeGreaterThan(0);
      expect(q.options ?? [], label(q)).toEqual([]);
      expect(q.selectMultiple ?? false, label(q)).toBe(false);
    }
  });

  it('gives every question a hint', () => {
    for (const q of SEED_QUESTIONS) {
      expect(q.hint.trim().length, label(q)).toBeGreaterThan(20);
    }
  });

  it('has more practice and contest questions for every grade than a quiz draws', () => {
    expect(QUIZ_SETTINGS.questionCount).toBeLessThan(16);
    for (const grade of GRADE_NUMBERS) {
      const tags = forGrade(grade).map((q) => q.tag);
      expect(tags.filter((t) => t !== 'CONTEST').length, `grade ${grade} practice`).toBeGreaterThanOrEqual(
        16,
      );
      expect(tags.filter((t) => t !== 'PRACTICE').length, `grade ${grade} contest`).toBeGreaterThanOrEqual(
        16,
      );
    }
  });

  it('has no duplicate question texts', () => {
    const texts = SEED_QUESTIONS.map((q) => q.questionHtml);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('files every question under a sub category of its own category', () => {
    for (const q of SEED_QUESTIONS) {
      const subs: readonly string[] = CATEGORIES[q.category];
      expect(subs, label(q)).toContain(q.subCategory);
    }
  });

  it('writes question HTML as paragraphs', () => {
    for (const q of SEED_QUESTIONS) {
      expect(q.questionHtml, label(q)).toMatch(/^<p>.*<\/p>$/s);
    }
  });

  it('has no control characters left by an unescaped LaTeX backslash such as \\frac or \\times', () => {
    const texts = SEED_QUESTIONS.flatMap((q) => [
      q.questionHtml,
      q.hint,
      ...(q.options ?? []).map((o) => o.text),
    ]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test looks for
    expect(texts.filter((t) => /[\u0000-\u001f]/.test(t))).toEqual([]);
  });

  it('keeps KaTeX markup free of HTML-sensitive characters', () => {
    const texts = SEED_QUESTIONS.flatMap((q) => [q.questionHtml, ...(q.options ?? []).map((o) => o.text)]);
    const tex = texts.flatMap((t) =>
      [...t.matchAll(/<span class="math-inline">(.*?)<\/span>/g)].map((m) => m[1]),
    );
    expect(tex.length).toBeGreaterThan(0);
    expect(tex.filter((t) => t === undefined || /[<>&]/.test(t))).toEqual([]);
  });

  it('links about a third of the questions to phase 2 as well', () => {
    const share = SEED_QUESTIONS.filter((q) => q.phase2).length / SEED_QUESTIONS.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
  });
});

describe('demo reference data', () => {
  it('grants limited roles only modules the api knows and actions those modules offer', () => {
    const modules: readonly string[] = MODULES;
    for (const role of LIMITED_ROLES) {
      for (const [module, actions] of Object.entries(role.permissions)) {
        expect(modules, role.name).toContain(module);
        const offered: readonly string[] = isModule(module) ? actionsOf(module) : [];
        for (const action of actions ?? []) {
          expect(offered, `${role.name} ${module}`).toContain(action);
        }
      }
    }
  });

  it('gives demo students valid phones, unique emails and seeded grades', () => {
    const grades: readonly number[] = GRADE_NUMBERS;
    for (const s of STUDENTS) {
      expect(s.phone).toMatch(/^03[0-9]{9}$/);
      expect(grades).toContain(s.grade);
    }
    expect(new Set(STUDENTS.map((s) => s.email.toLowerCase())).size).toBe(STUDENTS.length);
    expect(new Set(STUDENTS.map((s) => s.grade)).size).toBe(STUDENTS.length);
  });
});
