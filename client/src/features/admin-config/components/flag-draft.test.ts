import { defaultFlags } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { draftToFlags, phaseChoices, toDraft, toRequestBody } from './flag-draft';

describe('flag draft', () => {
  it("sends every flag, with unset phases as 'none'", () => {
    const body = toRequestBody(
      toDraft({ ...defaultFlags(), isPaymentEnabled: true, contestQuizPhase: 'p-2' }),
    );
    expect(Object.keys(body)).toHaveLength(14);
    expect(body.isPaymentEnabled).toBe(true);
    expect(body.contestQuizPhase).toBe('p-2');
    expect(body.nextPhase).toBe('none');
  });

  it('turns a draft back into flags', () => {
    expect(draftToFlags(toDraft(defaultFlags()))).toEqual(defaultFlags());
  });

  it("lists 'None' then the phases in order of number, each by its name as everywhere", () => {
    const choices = phaseChoices(
      [
        { _id: 'b', name: 'Final', number: 2 },
        { _id: 'a', name: 'Phase 1 — Qualifier', number: 1 },
      ],
      'none',
    );
    expect(choices.map((c) => c.label)).toEqual(['None', 'Phase 1 — Qualifier', 'Final']);
  });

  it('keeps a stored phase that is missing from the list', () => {
    expect(phaseChoices([], 'gone').at(-1)).toEqual({ value: 'gone', label: 'Unknown phase (gone)' });
  });
});
