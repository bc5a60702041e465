import type { AdminPackage } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, draftProblems, emptyDraft, parseRupees, toBody } from './package-draft';

const pkg: AdminPackage = {
  _id: 'p1',
  name: 'Two attempts',
  description: '',
  attempts: 2,
  phase: { _id: 'ph1', name: 'Phase 1' },
  price: 1499.5,
  pricePaisa: 149_950,
  isActive: true,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('package draft', () => {
  it('reads rupees as people type them', () => {
    expect(parseRupees('1500')).toBe(1500);
    expect(parseRupees(' 1,500.5 ')).toBe(1500.5);
    expect(parseRupees('100,000')).toBe(100_000);
    expect(parseRupees('1499.999')).toBeNull();
    expect(parseRupees('15,00')).toBeNull();
    expect(parseRupees('Rs 100')).toBeNull();
  });

  it('shows a stored price in rupees with its paisa', () => {
    expect(draftOf(pkg)).toMatchObject({ price: '1499.50', phaseId: 'ph1', attempts: '2' });
    expect(draftOf({ ...pkg, pricePaisa: 150_000, phase: null })).toMatchObject({
      price: '1500',
      phaseId: '',
    });
  });

  it('reports each problem by field, like the api does', () => {
    const draft = { ...emptyDraft(0), attempts: '21', price: '0.5', position: '-1' };
    expect(draftProblems(draft)).toEqual({
      name: 'is required',
      attempts: 'must be a whole number from 1 to 20',
      price: 'must be from 1 to 100,000 rupees',
      position: 'must be a whole number from 0 to 9999',
    });
    expect(draftProblems({ ...draft, name: 'A', attempts: '2', price: '1.001', position: '3' })).toEqual({
      price: 'must be an amount in rupees with at most 2 decimals, e.g. 1500 or 1499.50',
    });
  });

  it('sends any phase as null and only the changed fields of an edit', () => {
    const body = toBody({ ...draftOf(pkg), phaseId: '', price: '1,600' });
    expect(body).toMatchObject({ phaseId: null, price: 1600 });
    expect(changedFields(pkg, body)).toEqual({ phaseId: null, price: 1600 });
    expect(changedFields(pkg, toBody(draftOf(pkg)))).toEqual({});
  });
});
