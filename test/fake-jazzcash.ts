import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeJazzCashDecision = 'approve' | 'decline';

export interface FakeJazzCashOrder {
  /** The checkout form as the browser posted it. */
  form: Record<string, string>;
  state: 'pending' | 'paid' | 'declined';
  retrievalRef: string | null;
}

export interface FakeJazzCash {
  baseUrl: string;
  orders: Map<string, FakeJazzCashOrder>;
  /** When set, the status inquiry answers exactly these fields (a forged or misconfigured gateway). */
  inquiryOverride: Record<string, string> | null;
  /** What the Approve and Decline buttons do: settles the order, returns the signed fields for pp_ReturnURL. */
  decide(orderRef: string, decision: FakeJazzCashDecision): Record<string, string>;
  close(): Promise<void>;
}

interface Credentials {
  merchantId: string;
  password: string;
  integritySalt: string;
}

/** JazzCash's secure hash, written out again so the fake does not trust the module it tests. */
function secureHash(fields: Record<string, string>, salt: string): string {
  const values = Object.entries(fields)
    .filter(([name, value]) => name.startsWith('pp') && name !== 'pp_SecureHash' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
  return createHmac('sha256', salt)
    .update([salt, ...values].join('&'))
    .digest('hex')
    .toUpperCase();
}

/** JazzCash's code, message and pp_Status for each state of an order. */
const OUTCOMES = {
  pending: { code: '157', message: 'Transaction is pending.', status: 'Pending' },
  paid: {
    code: '000',
    message: 'Thank you for Using JazzCash, your transaction was successful.',
    status: 'Completed',
  },
  declined: {
    code: '199',
    message: 'Sorry! Your transaction was not successful. Please try again later.',
    status: 'Failed',
  },
} as const;

const sign = (fields: Record<string, string>, salt: string) => ({
  ...fields,
  pp_SecureHash: secureHash(fields, salt),
});
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

function sendHtml(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += (chunk as Buffer).toString('utf8');
  }
  return body;
}

/** Which checkout-form field JazzCash would refuse, as its "110 Invalid value for …" answer. */
function invalidField(form: Record<string, string>): string | null {
  const rules: Record<string, RegExp> = {
    pp_Version: /^1\.1$/,
    pp_TxnRefNo: /^[A-Za-z0-9]{1,20}$/,
    pp_Amount: /^[1-9]\d*$/,
    pp_TxnCurrency: /^PKR$/,
    pp_TxnDateTime: /^\d{14}$/,
    pp_TxnExpiryDateTime: /^\d{14}$/,
    pp_Description: /^[^<>\\*=%/:'|"{}]{1,200}$/,
    pp_ReturnURL: /^https?:\/\/\S+$/,
  };
  return Object.keys(rules).find((name) => !rules[name]?.test(form[name] ?? '')) ?? null;
}

/** A local JazzCash: the hosted checkout form, a page to approve or decline, and the status inquiry. */
export async function startFakeJazzCash(credentials: Credentials): Promise<FakeJazzCash> {
  const { merchantId, password, integritySalt } = credentials;
  const orders = new Map<string, FakeJazzCashOrder>();
  const isMerchant = (f: Record<string, string>) =>
    f.pp_MerchantID === merchantId && f.pp_Password === password;
  const isSigned = (f: Record<string, string>) =>
    (f.pp_SecureHash ?? '').toUpperCase() === secureHash(f, integritySalt);

  function decide(orderRef: string, decision: FakeJazzCashDecision): Record<string, string> {
    const order = orders.get(orderRef);
    if (order?.state !== 'pending') {
      throw new Error(`no pending JazzCash order ${orderRef}`);
    }
    const paid = decision === 'approve';
    order.state = paid ? 'paid' : 'declined';
    const outcome = OUTCOMES[order.state];
    order.retrievalRef = String(randomInt(100_000_000_000, 999_999_999_999));
    const form = (name: string) => order.form[name] ?? '';
    return sign(
      {
        pp_Amount: form('pp_Amount'),
        pp_AuthCode: paid ? String(randomInt(100_000, 999_999)) : '',
        pp_BankID: '',
        pp_BillReference: form('pp_BillReference'),
        pp_Language: 'EN',
        pp_MerchantID: merchantId,
        pp_ResponseCode: outcome.code,
        pp_ResponseMessage: outcome.message,
        pp_RetreivalReferenceNo: order.retrievalRef,
        pp_SettlementExpiry: '',
        pp_SubMerchantId: '',
        pp_TxnCurrency: form('pp_TxnCurrency'),
        pp_TxnDateTime: form('pp_TxnDateTime'),
        pp_TxnRefNo: orderRef,
        pp_TxnType: 'MWALLET',
        pp_Version: '1.1',
        ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`ppmpf_${n}`, form(`ppmpf_${n}`)])),
      },
      integritySalt,
    );
  }

  /** What JazzCash would refuse the checkout form for, in its own words. */
  function refusal(form: Record<string, string>): string | null {
    if (!isMerchant(form)) {
      return '101 Invalid merchant credentials.';
    }
    if (!isSigned(form)) {
      return '115 Invalid hash received.';
    }
    const invalid = invalidField(form);
    if (invalid) {
      return `110 Invalid value for ${invalid}.`;
    }
    const known = orders.get(form.pp_TxnRefNo ?? '');
    return known && known.state !== 'pending' ? '110 Invalid value for pp_TxnRefNo.' : null;
  }

  function checkout(res: ServerResponse, form: Record<string, string>): void {
    const refused = refusal(form);
    if (refused) {
      sendHtml(res, 400, 'JazzCash error', `<p>${escapeHtml(refused)}</p>`);
      return;
    }
    const ref = form.pp_TxnRefNo ?? '';
    orders.set(ref, { form, state: 'pending', retrievalRef: null });
    const button = (decision: FakeJazzCashDecision, label: string) =>
      `<form method="post" action="/fake/decide">${hiddenInputs({ orderRef: ref, decision })}<button type="submit">${label}</button></form>`;
    sendHtml(
      res,
      200,
      'JazzCash checkout',
      `<h1>Pay Rs. ${Number(form.pp_Amount) / 100} to ${escapeHtml(merchantId)}</h1>` +
        `<p>${escapeHtml(form.pp_Description ?? '')}</p>${button('approve', 'Approve')}${button('decline', 'Decline')}`,
    );
  }

  function inquiry(request: Record<string, string>): Record<string, string> {
    const answer = (fields: Record<string, string>) => sign(fields, integritySalt);
    if (!isMerchant(request)) {
      return answer({ pp_ResponseCode: '101', pp_ResponseMessage: 'Invalid merchant credentials.' });
    }
    if (!isSigned(request)) {
      return answer({ pp_ResponseCode: '115', pp_ResponseMessage: 'Invalid hash received.' });
    }
    const order = orders.get(request.pp_TxnRefNo ?? '');
    if (!order) {
      return answer({ pp_ResponseCode: '109', pp_ResponseMessage: 'Transaction does not exist' });
    }
    const outcome = OUTCOMES[order.state];
    return answer({
      pp_ResponseCode: '000',
      pp_ResponseMessage: 'Operation completed successfully.',
      // The inquiry reports a completed payment as 121, the callback as 000.
      pp_PaymentResponseCode: order.state === 'paid' ? '121' : outcome.code,
      pp_PaymentResponseMessage: outcome.message,
      pp_Status: outcome.status,
      pp_RetreivalReferenceNo: order.retrievalRef ?? '',
      pp_AuthCode: '',
      pp_SettlementExpiry: '',
    });
  }

  const server = createServer((req, res) => {
    void readBody(req)
      .then((body) => {
        const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/\/+$/, '').toLowerCase();
        if (req.method === 'POST' && path === '/customerportal/transactionmanagement/merchantform') {
          checkout(res, Object.fromEntries(new URLSearchParams(body)));
        } else if (req.method === 'POST' && path === '/fake/decide') {
          const params = new URLSearchParams(body);
          const ref = params.get('orderRef') ?? '';
          const returnUrl = orders.get(ref)?.form.pp_ReturnURL ?? '';
          const fields = decide(ref, params.get('decision') === 'approve' ? 'approve' : 'decline');
          sendHtml(
            res,
            200,
            'Returning to the merchant',
            `<form id="back" method="post" action="${escapeHtml(returnUrl)}">${hiddenInputs(fields)}</form>` +
              `<script>document.getElementById('back').submit()</script>`,
          );
        } else if (req.method === 'POST' && path === '/applicationapi/api/paymentinquiry/inquire') {
          const parsed = JSON.parse(body) as Record<string, string>;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(fake.inquiryOverride ?? inquiry(parsed)));
        } else {
          sendHtml(res, 404, 'Not found', '<p>Not found</p>');
        }
      })
      .catch((error: unknown) => {
        sendHtml(res, 500, 'JazzCash error', `<p>${escapeHtml(String(error))}</p>`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeJazzCash = {
    baseUrl: `http://127.0.0.1:${port}`,
    orders,
    inquiryOverride: null,
    decide,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
