import { beforeAll, describe, expect, it } from 'vitest';
import { loadStudentMessages } from '../../../shared/i18n/i18n-store';
import { genderText, joinedText, verificationStatusText } from './profile-labels';

// The student pages' English texts, as their routes load them before rendering.
beforeAll(loadStudentMessages);

describe('verificationStatusText', () => {
  it('names each state of the document check', () => {
    expect(verificationStatusText({ status: 'NOT_SUBMITTED', reason: null, documentUploaded: false })).toBe(
      'Not submitted',
    );
    expect(verificationStatusText({ status: 'PENDING', reason: null, documentUploaded: true })).toBe(
      'Waiting for review',
    );
    expect(verificationStatusText({ status: 'APPROVED', reason: null, documentUploaded: true })).toBe(
      'Approved',
    );
  });

  it('gives the reason of a rejection, when there is one', () => {
    expect(
      verificationStatusText({ status: 'REJECTED', reason: 'The photo is blurred', documentUploaded: true }),
    ).toBe('Rejected: The photo is blurred');
    expect(verificationStatusText({ status: 'REJECTED', reason: ' ', documentUploaded: true })).toBe(
      'Rejected',
    );
  });
});

describe('genderText', () => {
  it("shows OTHER as 'Rather Not to say'", () => {
    expect(genderText('OTHER')).toBe('Rather Not to say');
    expect(genderText(null)).toBeNull();
  });
});

describe('joinedText', () => {
  it('writes the sign-up day in Pakistan time', () => {
    expect(joinedText('2024-08-31T20:30:00.000Z')).toBe('1 September 2024');
  });
});
