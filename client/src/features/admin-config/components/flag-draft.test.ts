import { defaultFlags } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { changesAnyFlag, draftToFlags, phaseChoices, toDraft, toRequestBody } from './flag-draft';

describe('flag draft', () => {
  it('sends only the flags that changed, an unset phase as none, with the version read', () => {
    const base = toDraft({ ...defaultFlags(), isPaymentEnabled: true, contestQuizPhase: 'p-2' });
    const draft = {
      ...base,
      isPaymentEnabled: false,
      isLeaderBoardDisplayed: true,
      contestQuizPhase: 'none',
    };
    expect(toRequestBody(draft, base, 3)).toEqual({
      version: 3,
      isPaymentEnabled: false,
      isLeaderBoardDisplayed: true,
      contestQuizPhase: 'none',
    });
    expect(changesAnyFlag(toRequestBody(base, base, 3))).toBe(false);
    expect(toRequestBody(draft, base, null)).not.toHaveProperty('version');
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
