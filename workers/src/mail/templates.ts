import type { MailTemplate, MailTemplates } from '@riyazi/api/contracts';
import { urduRenderers } from './templates-ur.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(paragraphs: string[], action?: { label: string; link: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#0f5e63;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.link)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b2430;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#0f5e63">Riyazi</h1>${body}${button}<p style="font-size:12px;color:#777">Riyazi — the maths quiz and contest for grades 2 to 9.</p></body></html>`;
}

/** 30 → "30 minutes", 1440 → "24 hours". */
export const expiresIn = (minutes: number) =>
  minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;

type Renderers = { [T in MailTemplate]: (params: MailTemplates[T]) => RenderedMail };

const renderers: Renderers = {
  verifyEmail: ({ name, link }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      'Please confirm your e-mail address to finish signing up for Riyazi.',
    ];
    return {
      subject: 'Confirm your e-mail for Riyazi',
      text: `${lines.join('\n\n')}\n\nOpen this link: ${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.`,
      html: layout([...lines, 'The link works once and expires in 24 hours.'], {
        label: 'Confirm e-mail',
        link,
      }),
    };
  },
  resetPassword: ({ name, link, minutes }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      'Someone asked to reset the password of your Riyazi account.',
    ];
    const note = `The link works once and expires in ${expiresIn(minutes)}. If it was not you, ignore this e-mail: your password stays the same.`;
    return {
      subject: 'Reset your Riyazi password',
      text: `${lines.join('\n\n')}\n\nOpen this link: ${link}\n\n${note}`,
      html: layout([...lines, note], { label: 'Choose a new password', link }),
    };
  },
  loginCode: ({ code, minutes }) => {
    const lines = [
      'Your code to log in to Riyazi is:',
      code,
      `It works once, for ${expiresIn(minutes)}.`,
      'We ask for it because several wrong passwords were typed for this account. If you did not try to log in just now, do not give this code to anyone: without it nobody can log in. You can choose a new password with "Forgot your password?" on the login page.',
    ];
    return { subject: 'Your Riyazi login code', text: lines.join('\n\n'), html: layout(lines) };
  },
  welcome: ({ name, link }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      'Your school has registered you for Riyazi, the maths quiz and contest.',
    ];
    return {
      subject: 'Welcome to Riyazi',
      text: `${lines.join('\n\n')}${link ? `\n\nSet your password here: ${link}` : ''}`,
      html: layout(lines, link ? { label: 'Set your password', link } : undefined),
    };
  },
  paymentReceipt: ({ name, orderRef, amount, attempts, contestAttempts }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      `We received your payment of ${amount} (order ${orderRef}). ${attempts} contest attempt${attempts === 1 ? '' : 's'} ${attempts === 1 ? 'was' : 'were'} added to your account; you now have ${contestAttempts}.`,
      'Keep this e-mail as your receipt. If something looks wrong, reply with your order number.',
    ];
    return {
      subject: `Riyazi payment receipt ${orderRef}`,
      text: lines.join('\n\n'),
      html: layout(lines),
    };
  },
  certificateIssued: ({ name, phaseTitle, link }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      `Your Riyazi certificate for ${phaseTitle} is ready. Sign in and download it from your dashboard, in English or Urdu.`,
    ];
    return {
      subject: `Your Riyazi certificate for ${phaseTitle}`,
      text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${link}`,
      html: layout(lines, { label: 'Download my certificate', link }),
    };
  },
  phaseQualified: ({ name, phaseTitle, nextPhaseTitle, rank }) => {
    const lines = [
      `Assalam-o-Alaikum ${name},`,
      `Congratulations! You ranked ${rank} in your grade in ${phaseTitle}, so you may take part in ${nextPhaseTitle}.`,
      `Sign in to Riyazi when ${nextPhaseTitle} opens to start your contest. Good luck!`,
    ];
    return {
      subject: `You qualified for ${nextPhaseTitle}`,
      text: lines.join('\n\n'),
      html: layout(lines),
    };
  },
  integrityDecision: ({ name, decision, phaseTitle, gradeTitle, finishedAt }) => {
    const when = finishedAt ? `, finished on ${finishedAt} (Pakistan time)` : '';
    const found = `We review contest results to keep Riyazi fair for every student. Your contest play in ${phaseTitle} (${gradeTitle})${when} showed an unusual pattern of answers.`;
    const lines =
      decision === 'DISQUALIFY'
        ? [
            `Assalam-o-Alaikum ${name},`,
            `${found} After a careful review, the organisers have disqualified this play: it no longer counts for the rankings, the winners or qualification for the next phase.`,
            'If you finished another contest play in this phase, your best remaining play still counts.',
            'If you or your family think this is a mistake, or have any questions, please reply to this e-mail or contact the Riyazi organisers. We will look at it again.',
          ]
        : [
            `Assalam-o-Alaikum ${name},`,
            `${found} The organisers have recorded a warning; your result still counts.`,
            'Please make sure you take every contest on your own, without help from other people or tools.',
            'If you or your family have any questions, please reply to this e-mail or contact the Riyazi organisers. We are happy to help.',
          ];
    return {
      subject:
        decision === 'DISQUALIFY'
          ? `Your contest play in ${phaseTitle} has been disqualified`
          : `About your contest play in ${phaseTitle}`,
      text: lines.join('\n\n'),
      html: layout(lines),
    };
  },
  smtpTest: ({ requestedBy }) => ({
    subject: 'Riyazi test e-mail',
    text: `This is a test e-mail from Riyazi, sent at the request of ${requestedBy}. E-mail delivery works.`,
    html: layout([
      `This is a test e-mail from Riyazi, sent at the request of ${requestedBy}.`,
      'E-mail delivery works.',
    ]),
  }),
  contactMessage: ({ name, email, message }) => ({
    subject: `Contact form: ${name}`,
    text: `${name} <${email}> wrote through the Riyazi contact form:\n\n${message}`,
    html: layout([`${name} <${email}> wrote through the Riyazi contact form:`, ...message.split(/\n{2,}/)]),
  }),
};

export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(renderers, name);
}

/** A student's e-mail in the language of their account (params.language), English otherwise. */
export function renderMail<T extends MailTemplate>(template: T, params: MailTemplates[T]): RenderedMail {
  const language = (params as { language?: unknown }).language;
  if (language === 'ur' && Object.hasOwn(urduRenderers, template)) {
    return (urduRenderers[template as keyof typeof urduRenderers] as (p: MailTemplates[T]) => RenderedMail)(
      params,
    );
  }
  return renderers[template](params);
}
