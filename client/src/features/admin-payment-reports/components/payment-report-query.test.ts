import { describe, expect, it } from 'vitest';
import { chartRows } from './chart-data';
import {
  applyQueryChange,
  csvFilename,
  failureQueryFromParams,
  paymentQueryFromParams,
  trailTargetOf,
} from './payment-report-query';

const PACKAGE = '0b6a7c9e-1d2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('the payments report URL', () => {
  it('reads filters and falls back on bad values', () => {
    const query = paymentQueryFromParams(
      new URLSearchParams(
        `packageId=${PACKAGE}&gradeId=nope&status=DONE&gateway=sandbox&promoCode=eid-50&city=%20Lahore%20&from=2026-03-11&to=2026-03-01&page=0`,
      ),
    );
    expect(query).toEqual({
      page: 1,
      limit: 50,
      from: '2026-03-11',
      to: '',
      status: '',
      gateway: 'sandbox',
      packageId: PACKAGE,
      promoCode: 'EID-50',
      gradeId: '',
      city: 'Lahore',
    });
    expect(paymentQueryFromParams(new URLSearchParams('promoCode=a')).promoCode).toBe('');
    // Any gateway the api may register is read; only a malformed id falls back.
    expect(paymentQueryFromParams(new URLSearchParams('gateway=easypaisa')).gateway).toBe('easypaisa');
    expect(paymentQueryFromParams(new URLSearchParams('gateway=<x>')).gateway).toBe('');
  });

  it('goes back to page 1 on a filter change and leaves empty values out', () => {
    expect(applyQueryChange(new URLSearchParams('page=3&status=PAID'), { status: '' }).toString()).toBe('');
    expect(applyQueryChange(new URLSearchParams('status=PAID'), { page: '2' }).toString()).toBe(
      'status=PAID&page=2',
    );
  });

  it('reads the failures filters', () => {
    expect(failureQueryFromParams(new URLSearchParams('outcome=REJECTED&gateway=Pay%20Pal'))).toEqual({
      page: 1,
      limit: 50,
      from: '',
      to: '',
      outcome: 'REJECTED',
      gateway: '',
    });
  });

  it('opens a payment trail by payment id or an orphan log by ?log=', () => {
    expect(trailTargetOf(PACKAGE, new URLSearchParams())).toEqual({ id: PACKAGE });
    expect(trailTargetOf('orphan', new URLSearchParams('log=42'))).toEqual({ log: '42' });
    expect(trailTargetOf('orphan', new URLSearchParams('log=4x'))).toBeNull();
    expect(trailTargetOf('ORD0001', new URLSearchParams())).toBeNull();
  });

  it('names the CSV by the day in Pakistan', () => {
    expect(csvFilename(new Date('2026-03-10T19:30:00Z'))).toBe('payments-2026-03-11.csv');
  });
});

describe('chartRows', () => {
  it('puts each day on one row, oldest first, and lists the gateways present in the api order', () => {
    expect(
      chartRows(
        [
          { day: '2026-03-11', gateway: 'sandbox', paidCount: 1, paidAmount: 500 },
          { day: '2026-03-10', gateway: 'easypaisa', paidCount: 1, paidAmount: 300 },
          { day: '2026-03-10', gateway: 'jazzcash', paidCount: 2, paidAmount: 1000.5 },
          { day: '2026-03-11', gateway: 'jazzcash', paidCount: 1, paidAmount: 600 },
        ],
        ['jazzcash', 'sandbox', 'free'],
      ),
    ).toEqual({
      rows: [
        { day: '2026-03-10', paid: { easypaisa: 300, jazzcash: 1000.5 } },
        { day: '2026-03-11', paid: { jazzcash: 600, sandbox: 500 } },
      ],
      gateways: ['jazzcash', 'sandbox', 'easypaisa'],
    });
  });
});
