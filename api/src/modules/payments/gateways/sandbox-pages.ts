import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { GatewayEnv, GatewayRoutesOptions } from './gateway.js';
import type { SandboxGateway } from './sandbox.js';

export const SANDBOX_CHECKOUT_PATH = '/api/payment/sandbox/checkout';
export const SANDBOX_DECIDE_PATH = '/api/payment/sandbox/decide';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** A small self-contained page (the sandbox gateway's own screens), with its own strict CSP. */
function sendPage(reply: FastifyReply, status: number, title: string, body: string, nonce?: string) {
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'${nonce ? `; script-src 'nonce-${nonce}'` : ''}`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f4f1ea;color:#1b2430;margin:0;padding:24px}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0001}h1{font-size:20px;margin:0 0 8px}.amount{font-size:28px;font-weight:700;margin:16px 0}.note{color:#555;font-size:14px}button{font:inherit;font-weight:600;width:100%;padding:14px;margin-top:12px;border-radius:8px;border:0;cursor:pointer}.approve{background:#0f5e63;color:#fff}.decline{background:#eee;color:#8a1c1c}</style></head><body><main>${body}</main></body></html>`,
    );
}

const notValid = (reply: FastifyReply) =>
  sendPage(reply, 400, 'Payment not possible', '<h1>This payment request is not valid.</h1>');
const switchedOff = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    'Payment not possible',
    '<h1>The sandbox gateway is not available.</h1><p class="note">Go back to Riyazi and choose another way to pay.</p>',
  );

const fieldsOf = (body: unknown): Record<string, string> | null =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.values(body).every((v) => typeof v === 'string')
    ? (body as Record<string, string>)
    : null;

/** The sandbox gateway's checkout page (Approve / Decline) and its decision, only while it is on. */
export function sandboxPages(
  create: (env: GatewayEnv) => SandboxGateway,
): FastifyPluginAsync<GatewayRoutesOptions> {
  return async (app, { env, isOn }) => {
    const sandbox = create(env);
    const returnOrigin = new URL(env.publicUrl).origin;

    app.post(
      '/payment/sandbox/checkout',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sandbox gateway: its checkout page with Approve and Decline (development and demo only)',
        },
      },
      async (request, reply) => {
        if (!(await isOn())) {
          return switchedOff(reply);
        }
        const fields = fieldsOf(request.body);
        if (!fields || !sandbox.parseCallback(fields).signatureValid) {
          return notValid(reply);
        }
        const amount = Number(fields.pp_Amount) / 100;
        const form = (decision: 'approve' | 'decline', label: string) =>
          `<form method="post" action="${SANDBOX_DECIDE_PATH}">${hiddenFields(fields)}<input type="hidden" name="decision" value="${decision}"><button class="${decision}" type="submit">${label}</button></form>`;
        return sendPage(
          reply,
          200,
          'Sandbox payment',
          `<h1>Sandbox payment</h1><p class="note">${escapeHtml(fields.pp_Description ?? '')} · order ${escapeHtml(fields.pp_TxnRefNo ?? '')}</p><p class="amount">PKR ${escapeHtml(amount.toLocaleString('en-PK'))}</p><p class="note">This is the test gateway: no money moves. Choose what the bank says.</p>${form('approve', 'Approve payment')}${form('decline', 'Decline payment')}`,
        );
      },
    );

    app.post(
      '/payment/sandbox/decide',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sandbox gateway: records the decision and posts the signed result to the return URL',
        },
      },
      async (request, reply) => {
        if (!(await isOn())) {
          return switchedOff(reply);
        }
        const body = fieldsOf(request.body);
        if (!body) {
          return notValid(reply);
        }
        const { decision, ...fields } = body;
        const returnUrl = fields.pp_ReturnURL ?? '';
        if (
          (decision !== 'approve' && decision !== 'decline') ||
          !URL.canParse(returnUrl) ||
          new URL(returnUrl).origin !== returnOrigin
        ) {
          return notValid(reply);
        }
        const result = await sandbox.decide(fields, decision === 'approve');
        if (!result) {
          return notValid(reply);
        }
        const nonce = randomBytes(16).toString('base64');
        return sendPage(
          reply,
          200,
          'Returning to Riyazi',
          `<h1>Returning to Riyazi…</h1><form id="back" method="post" action="${escapeHtml(returnUrl)}">${hiddenFields(result)}<button class="approve" type="submit">Continue to Riyazi</button></form><script nonce="${nonce}">document.getElementById('back').submit();</script>`,
          nonce,
        );
      },
    );
  };
}
