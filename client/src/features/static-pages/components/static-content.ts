import { CONTEST_ATTEMPTS, QUESTION_TIME_SECONDS, QUESTIONS_PER_ATTEMPT } from '../../../config/quiz-rules';
import type { MessageKey } from '../../../shared/i18n';

export type StaticPageId =
  | 'terms'
  | 'privacy'
  | 'refund'
  | 'about'
  | 'contact'
  | 'sponsor'
  | 'practiceQuizInfo';

interface StaticPageContent {
  title: MessageKey;
  paragraphs: MessageKey[];
}

/** Filled into the paragraphs' {placeholders}. */
export const STATIC_VALUES = {
  questions: QUESTIONS_PER_ATTEMPT,
  seconds: QUESTION_TIME_SECONDS,
  attempts: CONTEST_ATTEMPTS,
};

export const STATIC_PAGES: Record<StaticPageId, StaticPageContent> = {
  terms: { title: 'site.static.terms.title', paragraphs: ['site.static.terms.text', 'site.static.later'] },
  privacy: {
    title: 'site.static.privacy.title',
    paragraphs: ['site.static.privacy.text', 'site.static.later'],
  },
  refund: { title: 'site.static.refund.title', paragraphs: ['site.static.refund.text', 'site.static.later'] },
  about: {
    title: 'site.static.about.title',
    paragraphs: ['site.static.about.text1', 'site.static.about.text2', 'site.static.about.text3'],
  },
  contact: {
    title: 'site.static.contact.title',
    paragraphs: ['site.static.contact.text', 'site.static.later'],
  },
  sponsor: {
    title: 'site.static.sponsor.title',
    paragraphs: ['site.static.sponsor.text', 'site.static.later'],
  },
  practiceQuizInfo: {
    title: 'site.static.practice.title',
    paragraphs: ['site.static.practice.text1', 'site.static.practice.text2', 'site.static.practice.text3'],
  },
};
