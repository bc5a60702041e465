import type { Db } from '../connection.js';

interface SeedFaqGroup {
  title: string;
  entries: { question: string; answer: string }[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const math = (tex: string) => `<span class="math-inline">${tex}</span>`;
const block = (tex: string) => `<div class="math-block">${tex}</div>`;

/** The demo FAQ, for parents and children: published, so a new install shows a filled /faq. */
export const FAQ_GROUPS: SeedFaqGroup[] = [
  {
    title: 'Accounts',
    entries: [
      {
        question: 'Who can take part in Riyazi?',
        answer: p(
          'Students of grades 2 to 9 at any school in Pakistan. Each student competes only with others in the same grade.',
          'A parent or teacher may create the account for a younger child; the e-mail address should be one a parent reads.',
        ),
      },
      {
        question: 'How do I create an account?',
        answer: p(
          'Choose <strong>Sign up</strong>, enter the student’s name, grade, school and a parent’s e-mail, and pick a password of at least 8 characters.',
          'Then complete the profile: a student who has not completed it cannot start a contest.',
        ),
      },
      {
        question: 'I forgot my password. What do I do?',
        answer: p(
          'On the login page choose <strong>Forgot your password?</strong> and enter the account’s e-mail. A link to set a new password arrives within a few minutes; check the spam folder too. The link works once and for a limited time.',
        ),
      },
    ],
  },
  {
    title: 'Payments',
    entries: [
      {
        question: 'Is the practice quiz free?',
        answer: p(
          'Yes. Practice quizzes are free and can be taken as often as you like. Payment is needed only for contest attempts.',
        ),
      },
      {
        question: 'How do I pay for contest attempts?',
        answer: p(
          'Open <strong>Payment</strong> in your dashboard, choose a package and pay online (for example with JazzCash). If your school gave you a code, enter it instead of paying.',
          'A promo code from Riyazi lowers the price; enter it before you pay.',
        ),
      },
      {
        question: 'My payment went through but I have no attempts. What now?',
        answer: p(
          'Payments are usually confirmed within a minute. If an hour has passed, write to us from the Contact page with the student ID and the transaction reference from your bank or wallet message; we check every case by hand.',
        ),
      },
    ],
  },
  {
    title: 'Contests and timing',
    entries: [
      {
        question: 'How does a contest work?',
        answer: p(
          'Each contest attempt has 15 multiple-choice questions for your grade, shown one at a time. A student has 2 contest attempts in a phase; the best attempt counts.',
          'The contest runs in phases: the best students of phase 1 are invited to phase 2, and so on.',
        ),
      },
      {
        question: 'How much time do I have for each question?',
        answer: p(
          `You have 180 seconds (3 minutes) for each question. The clock runs on our server, so reloading the page does not give you more time: a question shows the time that is left.`,
          `If the time runs out, the question counts as not answered and the next one appears. A whole attempt therefore takes at most ${math('15 \\times 3 = 45')} minutes.`,
        ),
      },
      {
        question: 'What happens if my internet stops during a contest?',
        answer: p(
          'Answers you sent are kept. Open the contest again as soon as you are back online: you continue where you stopped, but the clock of the current question kept running while you were away.',
        ),
      },
    ],
  },
  {
    title: 'Scoring and results',
    entries: [
      {
        question: 'How is a correct answer scored?',
        answer:
          p(
            'A wrong answer, or no answer, scores 0. A correct answer scores between 0.5 and 1: the faster you answer, the more you score.',
          ) +
          block('\\text{score} = 0.5 + 0.5 \\times \\left(1 - \\frac{t}{180}\\right)') +
          p(
            `Here ${math('t')} is the number of seconds you took. Answering correctly after 36 seconds scores ${math('0.5 + 0.5 \\times (1 - \\frac{36}{180}) = 0.9')}; answering at the last second still scores 0.5.`,
          ),
      },
      {
        question: 'How are ties on the leaderboard decided?',
        answer: p(
          'Students are ranked by the score of their best contest attempt. When two students have the same score, the one who took less time in total is placed higher; if that is equal too, the one who finished first.',
        ),
      },
    ],
  },
  {
    title: 'Verification and privacy',
    entries: [
      {
        question: 'Why must a student be verified?',
        answer: p(
          'Prizes go to real students of the right grade. Before the later phases we ask for a school ID card or a B-Form; our staff check it and mark the student as verified.',
          'Upload a clear photo or PDF from the <strong>Verification</strong> part of your profile. If it is rejected, the message tells you why and you can upload again.',
        ),
      },
      {
        question: 'What do you do with my child’s information?',
        answer: p(
          'We use it only to run the contest: to place the student in the right grade, to contact the parent and to check results. Public boards show only a first name and an initial, never an e-mail, phone number or school document.',
          'Documents are seen only by staff who verify students. Read the Privacy policy for the details, or write to us to have an account removed.',
        ),
      },
    ],
  },
];

/** Inserts the demo FAQ; returns the number of questions. */
export async function insertFaq(trx: Db, createdBy: string): Promise<number> {
  let count = 0;
  for (const [g, group] of FAQ_GROUPS.entries()) {
    const row = await trx
      .insertInto('faqGroups')
      .values({ title: group.title, position: g + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('faqEntries')
      .values(
        group.entries.map((entry, e) => ({
          groupId: row.id,
          question: entry.question,
          answerHtml: entry.answer,
          position: e + 1,
          isPublished: true,
          createdBy,
        })),
      )
      .execute();
    count += group.entries.length;
  }
  return count;
}
