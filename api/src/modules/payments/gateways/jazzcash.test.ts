import { describe, expect, it } from 'vitest';
import type { CheckoutOrder } from './gateway.js';
import { createJazzCashGateway, jazzCashSecureHash } from './jazzcash.js';

const CONFIG = {
  merchantId: 'MC12345',
  password: 'p4ss0rd',
  integritySalt: 'z9y8x7w6v5',
  baseUrl: 'https://sandbox.jazzcash.com.pk/',
};

const ORDER: CheckoutOrder = {
  orderRef: 'RZ2026030100001',
  amountPaisa: 150_000,
  currency: 'PKR',
  description: 'Riyazi contest entry',
  // 00:30 and 01:30 on 2 March in Pakistan (UTC+5).
  createdAt: new Date('2026-03-01T19:30:00Z'),
  expiresAt: new Date('2026-03-01T20:30:00Z'),
  returnUrl: 'https://riyazi.example/api/payments/jazzcash/return',
};

// Expected hashes computed outside this code with OpenSSL, e.g. for CHECKOUT_HASH:
//   printf '%s' 'z9y8x7w6v5&150000&RZ2026030100001&Riyazi contest entry&EN&MC12345&p4ss0rd&https://riyazi.example/api/payments/jazzcash/return&PKR&20260302003000&20260302013000&RZ2026030100001&1.1' \
//     | openssl dgst -sha256 -hmac 'z9y8x7w6v5' | tr a-f A-F
// (the values of the non-empty pp fields in name order, after the salt). WITH_MPF_HASH appends '&grade7'.
const CHECKOUT_HASH = 'D5FFB8BE5092E6AEBC52F9751805389AFA68AF1C3BD6A11D746A1A3CC20F412C';
const WITH_MPF_HASH = '5CDFCEE156AEA3078B40EC34E8F238E6D9A3D303912854C148D5C142EF6AC5E2';

const gateway = createJazzCashGateway(CONFIG);

/** Fields as JazzCash posts them back, signed with `salt`. */
function callback(
  overrides: Record<string, string> = {},
  salt = CONFIG.integritySalt,
): Record<string, string> {
  const fields = {
    pp_Amount: '150000',
    pp_AuthCode: '123456',
    pp_BankID: '',
    pp_BillReference: 'RZ2026030100001',
    pp_Language: 'EN',
    pp_MerchantID: 'MC12345',
    pp_ResponseCode: '000',
    pp_ResponseMessage: 'Thank you for Using JazzCash, your transaction was successful.',
    pp_RetreivalReferenceNo: '260302003512',
    pp_TxnCurrency: 'PKR',
    pp_TxnDateTime: '20260302003000',
    pp_TxnRefNo: 'RZ2026030100001',
    pp_Version: '1.1',
    ppmpf_1: '',
    ...overrides,
  };
  return { ...fields, pp_SecureHash: jazzCashSecureHash(fields, salt) };
}

describe('jazzCashSecureHash', () => {
  it("matches the worked example in JazzCash's guide", () => {
    // The guide: secret 0F5DD14AE2, message "0F5DD14AE2&2995&MER123&A48cvE28", hash c7689cda…c867.
    const fields = { pp_MerchantID: 'MER123', pp_OrderInfo: 'A48cvE28', pp_Amount: '2995' };
    expect(jazzCashSecureHash(fields, '0F5DD14AE2')).toBe(
      'C7689CDA7474EB1ADCD343FD0C0B676BAD0BA66361CC46DB589BDB0DA4C1C867',
    );
  });

  it('signs the non-empty pp_ and ppmpf_ fields in name order and nothing else', () => {
    const { fields } = gateway.checkout(ORDER);
    const { pp_SecureHash: _, ...unsigned } = fields;
    const withMpf = { ...unsigned, ppmpf_1: 'grade7' };
    expect(jazzCashSecureHash(withMpf, CONFIG.integritySalt)).toBe(WITH_MPF_HASH);
    expect(jazzCashSecureHash({ ...withMpf, submit: 'Pay', pp_SecureHash: 'X' }, CONFIG.integritySalt)).toBe(
      WITH_MPF_HASH,
    );
  });

  it('leaves empty fields out', () => {
    const { fields } = gateway.checkout(ORDER);
    const nonEmpty = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
    delete nonEmpty.pp_SecureHash;
    expect(Object.keys(nonEmpty)).not.toContain('pp_TxnType');
    expect(jazzCashSecureHash(nonEmpty, CONFIG.integritySalt)).toBe(CHECKOUT_HASH);
  });
});

describe('checkout', () => {
  it('posts to the merchant form with the amount in paisa, Pakistan-time dates and a hash over all of it', () => {
    const form = gateway.checkout(ORDER);
    expect(form.action).toBe(
      'https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
    );
    expect(form.method).toBe('POST');
    expect(form.fields).toMatchObject({
      pp_Version: '1.1',
      pp_TxnType: '',
      pp_Language: 'EN',
      pp_MerchantID: 'MC12345',
      pp_Password: 'p4ss0rd',
      pp_TxnRefNo: 'RZ2026030100001',
      pp_Amount: '150000',
      pp_TxnCurrency: 'PKR',
      pp_TxnDateTime: '20260302003000',
      pp_TxnExpiryDateTime: '20260302013000',
      pp_BillReference: 'RZ2026030100001',
      pp_Description: 'Riyazi contest entry',
      pp_ReturnURL: ORDER.returnUrl,
      pp_SecureHash: CHECKOUT_HASH,
    });
  });

  it('keeps characters JazzCash refuses out of the description', () => {
    const form = gateway.checkout({ ...ORDER, description: 'Grade 7: "Algebra" <b>50%</b> off — now' });
    expect(form.fields.pp_Description).toBe('Grade 7 Algebra b 50 b off now');
  });

  it('refuses an order reference or amount JazzCash would not take', () => {
    expect(() => gateway.checkout({ ...ORDER, orderRef: 'rz-1' })).toThrow(/order reference/);
    expect(() => gateway.checkout({ ...ORDER, amountPaisa: 1500.5 })).toThrow(/paisa/);
    expect(() => gateway.checkout({ ...ORDER, amountPaisa: 0 })).toThrow(/paisa/);
  });
});

describe('parseCallback', () => {
  it('accepts a correctly signed callback and reads it', () => {
    expect(gateway.parseCallback(callback())).toEqual({
      signatureValid: true,
      orderRef: 'RZ2026030100001',
      gatewayRef: '260302003512',
      amountPaisa: 150_000,
      currency: 'PKR',
      status: 'PAID',
      responseCode: '000',
      responseMessage: 'Thank you for Using JazzCash, your transaction was successful.',
    });
  });

  it('accepts the hash in lower case too', () => {
    const fields = callback();
    const lower = { ...fields, pp_SecureHash: (fields.pp_SecureHash ?? '').toLowerCase() };
    expect(gateway.parseCallback(lower).signatureValid).toBe(true);
  });

  it('rejects a callback without a hash, or with a malformed one, without throwing', () => {
    const { pp_SecureHash: _, ...unsigned } = callback();
    for (const fields of [
      unsigned,
      { ...unsigned, pp_SecureHash: '' },
      { ...unsigned, pp_SecureHash: 'zz' },
    ]) {
      const report = gateway.parseCallback(fields);
      expect(report.signatureValid).toBe(false);
      expect(report.status).toBe('PENDING');
    }
    expect(gateway.parseCallback({ ...unsigned, pp_SecureHash: 'Z'.repeat(64) }).signatureValid).toBe(false);
  });

  it('rejects a callback signed with another salt', () => {
    expect(gateway.parseCallback(callback({}, 'another-salt')).signatureValid).toBe(false);
  });

  it('rejects a field altered after signing', () => {
    expect(gateway.parseCallback({ ...callback(), pp_Amount: '100' }).signatureValid).toBe(false);
    expect(gateway.parseCallback({ ...callback(), ppmpf_1: 'x' }).signatureValid).toBe(false);
  });

  it('rejects a pp field added after signing, but ignores fields outside the scheme', () => {
    expect(gateway.parseCallback({ ...callback(), pp_DiscountedAmount: '100' }).signatureValid).toBe(false);
    expect(gateway.parseCallback({ ...callback(), ppmpf_5: 'x' }).signatureValid).toBe(false);
    expect(gateway.parseCallback({ ...callback(), utm_source: 'x' }).signatureValid).toBe(true);
  });

  it('maps 000 and 121 to PAID, 124, 157 and 210 to PENDING and anything else to FAILED', () => {
    const statusOf = (code: string) => gateway.parseCallback(callback({ pp_ResponseCode: code })).status;
    expect(['000', '121'].map(statusOf)).toEqual(['PAID', 'PAID']);
    expect(['124', '157', '210'].map(statusOf)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    expect(['199', '112', '101', '999', ''].map(statusOf)).toEqual(Array(5).fill('FAILED'));
  });

  it('reads a missing or unclean amount as null and cuts long codes and messages', () => {
    const report = gateway.parseCallback(
      callback({
        pp_Amount: '1500.00',
        pp_ResponseCode: '9'.repeat(40),
        pp_ResponseMessage: 'm'.repeat(500),
      }),
    );
    expect(report.amountPaisa).toBeNull();
    expect(report.responseCode).toHaveLength(16);
    expect(report.responseMessage).toHaveLength(300);
    expect(gateway.parseCallback(callback({ pp_Amount: '-5' })).amountPaisa).toBeNull();
    expect(gateway.parseCallback(callback({ pp_RetreivalReferenceNo: '' })).gatewayRef).toBeNull();
  });
});

describe('inquire', () => {
  const answering = (status: number, body: unknown, seen: RequestInit[] = []) =>
    createJazzCashGateway(CONFIG, async (_url, init) => {
      seen.push(init ?? {});
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    });
  const signed = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: jazzCashSecureHash(fields, CONFIG.integritySalt),
  });
  const inquiry = (fields: Record<string, string>) =>
    signed({ pp_ResponseCode: '000', pp_ResponseMessage: 'Operation completed successfully.', ...fields });
  const order = { orderRef: ORDER.orderRef, createdAt: ORDER.createdAt };

  it('asks with the reference, merchant id and password, signed', async () => {
    const seen: RequestInit[] = [];
    await answering(200, inquiry({ pp_PaymentResponseCode: '121', pp_Status: 'Completed' }), seen).inquire(
      order,
    );
    const sent = JSON.parse(String(seen[0]?.body)) as Record<string, string>;
    expect(sent).toEqual({
      pp_TxnRefNo: ORDER.orderRef,
      pp_MerchantID: 'MC12345',
      pp_Password: 'p4ss0rd',
      pp_SecureHash: jazzCashSecureHash(
        { pp_TxnRefNo: ORDER.orderRef, pp_MerchantID: 'MC12345', pp_Password: 'p4ss0rd' },
        CONFIG.integritySalt,
      ),
    });
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("maps the payment's code and status, not the inquiry's own code", async () => {
    const statusOf = async (fields: Record<string, string>) =>
      (await answering(200, inquiry(fields)).inquire(order)).status;
    expect(await statusOf({ pp_PaymentResponseCode: '121', pp_Status: 'Completed' })).toBe('PAID');
    expect(await statusOf({ pp_PaymentResponseCode: '000' })).toBe('PAID');
    expect(await statusOf({ pp_PaymentResponseCode: '157', pp_Status: 'Pending' })).toBe('PENDING');
    expect(await statusOf({ pp_Status: 'Pending' })).toBe('PENDING');
    expect(await statusOf({ pp_PaymentResponseCode: '199', pp_Status: 'Failed' })).toBe('FAILED');
    expect(await statusOf({ pp_PaymentResponseCode: '000', pp_Status: 'Reversed' })).toBe('FAILED');
    // The inquiry itself failed (no such transaction yet, bad credentials): nothing is known.
    expect(await statusOf({ pp_ResponseCode: '109', pp_ResponseMessage: 'Transaction does not exist' })).toBe(
      'PENDING',
    );
  });

  it('reports the payment code and message, and the reference it asked about', async () => {
    const report = await answering(
      200,
      inquiry({
        pp_PaymentResponseCode: '121',
        pp_PaymentResponseMessage: 'Transaction has been marked confirmed by Merchant.',
        pp_Status: 'Completed',
        pp_RetrievalReferenceNo: '260302003512',
      }),
    ).inquire(order);
    expect(report).toMatchObject({
      signatureValid: true,
      orderRef: ORDER.orderRef,
      gatewayRef: '260302003512',
      responseCode: '121',
      responseMessage: 'Transaction has been marked confirmed by Merchant.',
    });
  });

  it('does not believe an unsigned or wrongly signed answer', async () => {
    const paid = inquiry({ pp_PaymentResponseCode: '121', pp_Status: 'Completed' });
    for (const body of [
      { ...paid, pp_SecureHash: undefined },
      { ...paid, pp_Status: 'Completed ' },
    ]) {
      const report = await answering(200, body).inquire(order);
      expect(report.signatureValid).toBe(false);
      expect(report.status).toBe('PENDING');
    }
  });

  it('throws on a non-2xx answer, an answer that is not JSON, or no answer, without secrets', async () => {
    await expect(answering(502, 'Bad gateway').inquire(order)).rejects.toThrow(/HTTP 502/);
    await expect(answering(200, '<html>maintenance</html>').inquire(order)).rejects.toThrow(
      /not a flat JSON/,
    );
    await expect(answering(200, [1, 2]).inquire(order)).rejects.toThrow(/not a flat JSON/);
    const down = createJazzCashGateway(CONFIG, async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      });
    });
    await expect(down.inquire(order)).rejects.toThrow(
      new Error(`JazzCash status inquiry for ${ORDER.orderRef} failed: ECONNREFUSED`),
    );
    const late = createJazzCashGateway(CONFIG, async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    await expect(late.inquire(order)).rejects.toThrow(/no answer within 10 s/);
  });
});
