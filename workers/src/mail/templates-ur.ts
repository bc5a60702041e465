import type { MailTemplates } from '@riyazi/api/contracts';
import type { RenderedMail } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A name, number, code or link inside Urdu text: kept left-to-right. */
const ltr = (value: string | number) => `<span dir="ltr">${escapeHtml(String(value))}</span>`;
/** The same in plain text, with the Unicode isolates mail readers honour. */
const ltrText = (value: string | number) => `\u2066${value}\u2069`;

/** Paragraphs are trusted HTML built from escaped values (see ltr()). */
function layout(paragraphs: string[], action?: { label: string; link: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#0f5e63;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">اگر بٹن کام نہ کرے تو یہ لنک اپنے براؤزر میں کاپی کریں:<br>${ltr(action.link)}</p>`
    : '';
  return `<!doctype html><html lang="ur" dir="rtl"><body style="font-family:'Noto Nastaliq Urdu','Jameel Noori Nastaleeq',system-ui,sans-serif;line-height:2;color:#1b2430;max-width:560px;margin:0 auto;padding:24px;text-align:right"><h1 style="font-size:20px;color:#0f5e63">ریاضی</h1>${body}${button}<p style="font-size:12px;color:#777">ریاضی — جماعت ${ltr(2)} سے ${ltr(9)} کے لیے ریاضی کا کوئز اور مقابلہ۔</p></body></html>`;
}

/** 30 → "30 منٹ", 1440 → "24 گھنٹے". */
export const expiresInUrdu = (minutes: number, wrap: (v: number) => string = String) =>
  minutes >= 120 && minutes % 60 === 0 ? `${wrap(minutes / 60)} گھنٹے` : `${wrap(minutes)} منٹ`;

type StudentTemplate =
  | 'verifyEmail'
  | 'resetPassword'
  | 'loginCode'
  | 'welcome'
  | 'paymentReceipt'
  | 'phaseQualified'
  | 'integrityDecision'
  | 'certificateIssued';
type Renderers = { [T in StudentTemplate]: (params: MailTemplates[T]) => RenderedMail };

const greeting = (name: string, wrap: (v: string) => string) => `السلام علیکم ${wrap(name)}،`;

/** The e-mails a student gets, in Urdu (the html right-to-left, names, numbers and links left-to-right). */
export const urduRenderers: Renderers = {
  verifyEmail: ({ name, link }) => {
    const ask = 'ریاضی پر اپنا اکاؤنٹ بنانا مکمل کرنے کے لیے اپنے ای میل ایڈریس کی تصدیق کریں۔';
    const note = (w: (v: number) => string) =>
      `یہ لنک صرف ایک بار کام کرتا ہے اور ${w(24)} گھنٹے میں ختم ہو جاتا ہے۔`;
    return {
      subject: 'ریاضی کے لیے اپنی ای میل کی تصدیق کریں',
      text: `${greeting(name, ltrText)}\n\n${ask}\n\nیہ لنک کھولیں:\n${link}\n\n${note(ltrText)} اگر آپ نے اکاؤنٹ نہیں بنایا تو اس ای میل کو نظر انداز کر دیں۔`,
      html: layout([greeting(name, ltr), ask, note(ltr)], { label: 'ای میل کی تصدیق کریں', link }),
    };
  },
  resetPassword: ({ name, link, minutes }) => {
    const asked = 'کسی نے آپ کے ریاضی اکاؤنٹ کا پاس ورڈ دوبارہ بنانے کی درخواست کی ہے۔';
    const note = (w: (v: number) => string) =>
      `یہ لنک صرف ایک بار کام کرتا ہے اور ${expiresInUrdu(minutes, w)} میں ختم ہو جاتا ہے۔ اگر یہ آپ نے نہیں کیا تو اس ای میل کو نظر انداز کر دیں: آپ کا پاس ورڈ وہی رہے گا۔`;
    return {
      subject: 'ریاضی کا پاس ورڈ دوبارہ بنائیں',
      text: `${greeting(name, ltrText)}\n\n${asked}\n\nیہ لنک کھولیں:\n${link}\n\n${note(ltrText)}`,
      html: layout([greeting(name, ltr), asked, note(ltr)], { label: 'نیا پاس ورڈ چنیں', link }),
    };
  },
  loginCode: ({ code, minutes }) => {
    const intro = 'ریاضی میں لاگ اِن کرنے کے لیے آپ کا کوڈ یہ ہے:';
    const note = (w: (v: number) => string) =>
      `یہ کوڈ صرف ایک بار، ${expiresInUrdu(minutes, w)} تک کام کرتا ہے۔`;
    const why =
      'ہم نے یہ کوڈ اس لیے مانگا ہے کہ اس اکاؤنٹ کے لیے کئی بار غلط پاس ورڈ لکھا گیا۔ اگر ابھی آپ نے لاگ اِن کرنے کی کوشش نہیں کی تو یہ کوڈ کسی کو نہ دیں: اس کے بغیر کوئی لاگ اِن نہیں کر سکتا۔ آپ لاگ اِن کے صفحے پر "پاس ورڈ بھول گئے؟" سے نیا پاس ورڈ چن سکتے ہیں۔';
    return {
      subject: 'ریاضی میں لاگ اِن کا کوڈ',
      text: [intro, ltrText(code), note(ltrText), why].join('\n\n'),
      html: layout([intro, ltr(code), note(ltr), why]),
    };
  },
  welcome: ({ name, link }) => {
    const registered = 'آپ کے اسکول نے آپ کو ریاضی کے کوئز اور مقابلے کے لیے رجسٹر کیا ہے۔';
    return {
      subject: 'ریاضی میں خوش آمدید',
      text: `${greeting(name, ltrText)}\n\n${registered}${link ? `\n\nیہاں اپنا پاس ورڈ بنائیں:\n${link}` : ''}`,
      html: layout(
        [greeting(name, ltr), registered],
        link ? { label: 'اپنا پاس ورڈ بنائیں', link } : undefined,
      ),
    };
  },
  paymentReceipt: ({ name, orderRef, amount, attempts, contestAttempts }) => {
    const received = (w: (v: string | number) => string) =>
      `ہمیں آپ کی ${w(amount)} کی ادائیگی مل گئی ہے (آرڈر ${w(orderRef)})۔ آپ کے اکاؤنٹ میں مقابلے کی ${w(attempts)} باریاں شامل کر دی گئی ہیں؛ اب آپ کے پاس ${w(contestAttempts)} باریاں ہیں۔`;
    const keep =
      'اس ای میل کو اپنی رسید کے طور پر رکھیں۔ اگر کچھ غلط لگے تو اپنے آرڈر نمبر کے ساتھ اس ای میل کا جواب دیں۔';
    return {
      subject: `ریاضی: ادائیگی کی رسید ${ltrText(orderRef)}`,
      text: [greeting(name, ltrText), received(ltrText), keep].join('\n\n'),
      html: layout([greeting(name, ltr), received(ltr), keep]),
    };
  },
  certificateIssued: ({ name, phaseTitle, link }) => {
    const lines = (w: (v: string) => string) => [
      greeting(name, w),
      `${w(phaseTitle)} کے لیے آپ کی ریاضی کی سند تیار ہے۔ سائن اِن کر کے اپنے ڈیش بورڈ سے اسے اردو یا انگریزی میں ڈاؤن لوڈ کریں۔`,
    ];
    return {
      subject: `${ltrText(phaseTitle)} کے لیے آپ کی ریاضی کی سند`,
      text: `${lines(ltrText).join('\n\n')}\n\nاپنا ڈیش بورڈ کھولیں:\n${link}`,
      html: layout(lines(ltr), { label: 'میری سند ڈاؤن لوڈ کریں', link }),
    };
  },
  phaseQualified: ({ name, phaseTitle, nextPhaseTitle, rank }) => {
    const lines = (w: (v: string | number) => string) => [
      greeting(name, w),
      `مبارک ہو! ${w(phaseTitle)} میں آپ اپنی جماعت میں ${w(rank)} نمبر پر آئے، اس لیے آپ ${w(nextPhaseTitle)} میں حصہ لے سکتے ہیں۔`,
      `جب ${w(nextPhaseTitle)} شروع ہو تو ریاضی میں سائن اِن کر کے اپنا مقابلہ شروع کریں۔ آپ کے لیے نیک خواہشات!`,
    ];
    return {
      subject: `آپ ${ltrText(nextPhaseTitle)} کے لیے منتخب ہو گئے ہیں`,
      text: lines(ltrText).join('\n\n'),
      html: layout(lines(ltr)),
    };
  },
  integrityDecision: ({ name, decision, phaseTitle, gradeTitle, finishedAt }) => {
    const found = (w: (v: string) => string) =>
      `ہم ہر طالب علم کے لیے ریاضی کو منصفانہ رکھنے کی خاطر مقابلے کے نتائج کا جائزہ لیتے ہیں۔ ${w(phaseTitle)} (${w(gradeTitle)}) میں آپ کے مقابلے${finishedAt ? `، جو ${w(finishedAt)} (پاکستانی وقت) پر مکمل ہوا،` : ''} کے جوابات میں ایک غیر معمولی انداز نظر آیا۔`;
    const lines = (w: (v: string) => string) =>
      decision === 'DISQUALIFY'
        ? [
            greeting(name, w),
            `${found(w)} غور سے جائزہ لینے کے بعد منتظمین نے یہ مقابلہ نااہل قرار دیا ہے: اب یہ درجہ بندی، انعامات یا اگلے مرحلے کی اہلیت میں شمار نہیں ہوگا۔`,
            'اگر اس مرحلے میں آپ نے کوئی اور مقابلہ مکمل کیا ہے تو آپ کا باقی بہترین مقابلہ شمار ہوگا۔',
            'اگر آپ یا آپ کے گھر والے سمجھتے ہیں کہ یہ غلطی ہے، یا کوئی سوال ہو، تو براہِ کرم اس ای میل کا جواب دیں یا ریاضی کے منتظمین سے رابطہ کریں۔ ہم اسے دوبارہ دیکھیں گے۔',
          ]
        : [
            greeting(name, w),
            `${found(w)} منتظمین نے ایک تنبیہ درج کی ہے؛ آپ کا نتیجہ اب بھی شمار ہوتا ہے۔`,
            'براہِ کرم ہر مقابلہ خود حل کریں، کسی دوسرے شخص یا کسی آلے کی مدد کے بغیر۔',
            'اگر آپ یا آپ کے گھر والوں کا کوئی سوال ہو تو براہِ کرم اس ای میل کا جواب دیں یا ریاضی کے منتظمین سے رابطہ کریں۔ ہم مدد کے لیے حاضر ہیں۔',
          ];
    return {
      subject:
        decision === 'DISQUALIFY'
          ? `${ltrText(phaseTitle)} میں آپ کا مقابلہ نااہل قرار دیا گیا ہے`
          : `${ltrText(phaseTitle)} میں آپ کے مقابلے کے بارے میں`,
      text: lines(ltrText).join('\n\n'),
      html: layout(lines(ltr)),
    };
  },
};
