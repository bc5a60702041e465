import { describe, expect, it } from 'vitest';
import { changedFields } from './reference-config';

describe('changedFields', () => {
  it('sends only the fields that differ from the row', () => {
    expect(changedFields({ name: 'Algebra', isActive: true }, { name: 'Algebra', isActive: false })).toEqual({
      isActive: false,
    });
  });
});
