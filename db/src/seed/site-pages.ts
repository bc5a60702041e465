import type { Db } from '../connection.js';

type SitePageKey = 'terms' | 'privacy' | 'refund' | 'about' | 'contact' | 'sponsor' | 'practiceQuizInfo';

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
// Headings as bold paragraphs: the rich-text allowlist (and its editor) has no heading tags.
const h = (text: string) => `<p><strong>${text}</strong></p>`;
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** The demo site pages, version 1 of each: what a new install shows until staff publish their own. */
export const SITE_PAGES: Record<SitePageKey, { title: string; body: string }> = {
  terms: {
    title: 'Terms and conditions',
    body: [
      p(
        'These terms apply to every student who takes part in Riyazi, the maths quiz and contest for school children of grades 2 to 9 in Pakistan, and to the parent or guardian who creates the account.',
      ),
      h('Who may take part'),
      ul(
        'Students enrolled in grades 2 to 9 at a school in Pakistan.',
        'A parent or guardian creates the account, or agrees to it, for a child under 18.',
        'One account per child. A second account for the same child is closed and its results removed.',
      ),
      h('Fair play'),
      ul(
        'The child answers the questions alone, without help from another person.',
        'Calculators, phones used for searching, and other websites are not allowed during a contest attempt.',
        'Sharing questions or answers while a phase is open is not allowed.',
        'Staff may review plays, ask for school documents and disqualify a result that breaks these rules.',
      ),
      h('Results and prizes'),
      p(
        'Scores are worked out from correct answers and the time taken, as the practice quiz page explains. Rankings are final once staff publish them. Winners may be asked to prove their grade and school before a prize is given.',
      ),
      h('Payments'),
      p('Contest attempts may need a payment; the refund policy explains when a payment is returned.'),
      h('Changes'),
      p(
        'We may publish a new version of these terms. Every version stays readable on this page, and the version a family accepted at sign-up is recorded with the account.',
      ),
    ].join(''),
  },
  privacy: {
    title: 'Privacy policy',
    body: [
      p('Riyazi is used by children, so we collect only what the contest needs and we keep it to ourselves.'),
      h('What we store'),
      ul(
        'The student’s name and father’s name.',
        'An e-mail address and a phone number, which should belong to a parent or guardian.',
        'The school, city and grade.',
        'Documents uploaded for verification (a school ID card or B-Form), seen only by staff who check them.',
        'Every practice and contest play: the answers given, the time taken and the score.',
        'Payments made for contest attempts (amount, date and reference; never card or wallet PINs).',
      ),
      h('How we use it'),
      ul(
        'To run the contest: put each child in the right grade, score plays and rank results.',
        'To verify that winners are eligible.',
        'To send e-mails about the account, payments and contest phases.',
      ),
      p(
        'Public leaderboards show only a first name and an initial, the grade and the city, never a full name, school or contact details.',
      ),
      h('What we never do'),
      ul(
        'We do not sell or rent any personal data.',
        'We do not show advertising based on a child’s data.',
        'We share data only when the law requires it.',
      ),
      h('Your choices'),
      p(
        'A parent may ask to see, correct or delete a child’s data by writing through the contact page. Verification documents are deleted once they are no longer needed for the contest.',
      ),
    ].join(''),
  },
  refund: {
    title: 'Refund policy',
    body: [
      p('A payment buys contest attempts for the current phase.'),
      ul(
        'If you were charged but the attempts did not appear, write to us within 14 days with the order reference: we credit the attempts or return the payment.',
        'If you were charged twice for the same order, the second payment is returned in full.',
        'Attempts that have been used are not refunded.',
        'Unused attempts are refunded if the contest phase is cancelled by the organisers.',
      ),
      p('Refunds go back through the same payment method, usually within 7 to 10 working days.'),
    ].join(''),
  },
  about: {
    title: 'About Riyazi',
    body: p(
      'Riyazi (ریاضی, “mathematics”) is an online maths contest for school children of grades 2 to 9 across Pakistan.',
      'Children practise with free quizzes, then compete with others of the same grade in contest phases. The best of each phase move on to the next, and the final winners receive prizes and certificates.',
      'Questions are written by teachers to follow the national curriculum, in English and Urdu, so that a child in any city or village can take part with a phone and an internet connection.',
    ),
  },
  contact: {
    title: 'Contact us',
    body: p(
      'Questions about an account, a payment or the contest? Write to us with the form below and we answer within two working days.',
      'Please give the student’s name and grade, and for a payment the order reference.',
    ),
  },
  sponsor: {
    title: 'Our sponsor',
    body: p(
      'Riyazi is free to practise thanks to our sponsor, who shares our belief that every child in Pakistan should enjoy mathematics.',
      'The sponsor supports the prizes and certificates of the contest. The sponsor never receives the personal data of students.',
    ),
  },
  practiceQuizInfo: {
    title: 'Practice quiz',
    body: [
      p(
        'The practice quiz is free and can be played as often as you like. It has the same kind of questions as the contest, for your grade.',
      ),
      ul(
        'Each question has a time limit; the clock is shown on the screen.',
        'A correct answer scores more the faster it is given; a wrong answer scores nothing, never less.',
        'Practice scores are not ranked and do not count for the contest.',
      ),
      p('Practise a few times before your contest attempt to get used to the clock.'),
    ].join(''),
  },
};

/** Version 1 of every site page, published by the seeded admin; answers how many pages. */
export async function insertSitePages(db: Db, publishedBy: string): Promise<number> {
  const rows = Object.entries(SITE_PAGES).map(([pageKey, page]) => ({
    pageKey: pageKey as SitePageKey,
    version: 1,
    title: page.title,
    bodyHtml: page.body,
    publishedBy,
  }));
  await db.insertInto('sitePageVersions').values(rows).execute();
  return rows.length;
}
