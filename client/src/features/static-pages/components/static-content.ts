import { CONTEST_ATTEMPTS, QUESTION_TIME_SECONDS, QUESTIONS_PER_ATTEMPT } from '../../../config/quiz-rules';

export type StaticPageId =
  | 'terms'
  | 'privacy'
  | 'refund'
  | 'faq'
  | 'about'
  | 'contact'
  | 'sponsor'
  | 'practiceQuizInfo';

interface StaticPageContent {
  title: string;
  paragraphs: string[];
}

const PUBLISHED_LATER = 'The organisers will publish this page before the contest opens.';

export const STATIC_PAGES: Record<StaticPageId, StaticPageContent> = {
  terms: {
    title: 'Terms and conditions',
    paragraphs: [
      'These terms will set out the rules for taking part in Riyazi, for students and their parents or guardians.',
      PUBLISHED_LATER,
    ],
  },
  privacy: {
    title: 'Privacy policy',
    paragraphs: [
      'This policy will explain what information Riyazi keeps about students, why, and for how long.',
      PUBLISHED_LATER,
    ],
  },
  refund: {
    title: 'Refund policy',
    paragraphs: [
      'This policy will explain when a payment for contest attempts can be refunded.',
      PUBLISHED_LATER,
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    paragraphs: [
      'Answers to common questions from students, parents and schools will appear here.',
      PUBLISHED_LATER,
    ],
  },
  about: {
    title: 'About Riyazi',
    paragraphs: [
      'Riyazi is an online maths quiz and contest for school students of grades 2 to 9 in Pakistan.',
      'Students practise with practice quizzes and then take part in a contest held in phases, with a champions board for the best of each grade.',
      'More about the organisers will be published here.',
    ],
  },
  contact: {
    title: 'Contact us',
    paragraphs: ['The organisers’ e-mail address and phone number will be published here.', PUBLISHED_LATER],
  },
  sponsor: {
    title: 'Our sponsor',
    paragraphs: ['This page will introduce the sponsor of the Riyazi contest.', PUBLISHED_LATER],
  },
  practiceQuizInfo: {
    title: 'Practice quiz',
    paragraphs: [
      `A practice quiz works like the contest: ${QUESTIONS_PER_ATTEMPT} multiple-choice questions with ${QUESTION_TIME_SECONDS} seconds for each question.`,
      'In practice you see which answers were right as soon as you answer, with an explanation where one is available. You can pause and you can stop a practice quiz, and it does not count towards the rankings.',
      `The contest itself allows ${CONTEST_ATTEMPTS} attempts and never pauses.`,
    ],
  },
};
