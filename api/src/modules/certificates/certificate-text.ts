import type {
  CertificateKind,
  CertificateLanguage,
  PublicCertificate,
} from '../../contracts/certificates.js';

/** What one certificate prints, frozen at issue. */
export interface PrintedCertificate extends Omit<PublicCertificate, 'issuedAt' | 'revokedAt'> {
  /** The issue day in Pakistan time, YYYY-MM-DD. */
  issuedOn: string;
  /** The public verification page (the QR code's target). */
  verifyUrl: string;
}

interface CertificateWords {
  title: Record<CertificateKind, string>;
  certifies: string;
  reason: Record<CertificateKind, string>;
  grade: string;
  phase: string;
  rank: string;
  issued: string;
  code: string;
  verify: string;
}

/** The certificate's own words; a PDF is drawn on the server, so they live here, not in the client catalogue. */
export const CERTIFICATE_WORDS: Record<CertificateLanguage, CertificateWords> = {
  en: {
    title: {
      PARTICIPANT: 'Certificate of Participation',
      QUALIFIER: 'Certificate of Qualification',
      WINNER: 'Certificate of Achievement',
    },
    certifies: 'This is to certify that',
    reason: {
      PARTICIPANT: 'took part in the Riyazi maths contest',
      QUALIFIER: 'qualified for the next phase of the Riyazi maths contest',
      WINNER: 'is a winner of the Riyazi maths contest',
    },
    grade: 'Grade',
    phase: 'Phase',
    rank: 'Rank',
    issued: 'Issued',
    code: 'Certificate code',
    verify: 'Verify at',
  },
  ur: {
    title: { PARTICIPANT: 'سندِ شرکت', QUALIFIER: 'سندِ کامیابی', WINNER: 'سندِ اعزاز' },
    certifies: 'تصدیق کی جاتی ہے کہ',
    reason: {
      PARTICIPANT: 'نے ریاضی کے مقابلے میں حصہ لیا',
      QUALIFIER: 'ریاضی کے مقابلے کے اگلے مرحلے کے لیے منتخب ہوئے',
      WINNER: 'ریاضی کے مقابلے کے فاتح ہیں',
    },
    grade: 'جماعت',
    phase: 'مرحلہ',
    rank: 'پوزیشن',
    issued: 'تاریخ اجرا',
    code: 'سند کا کوڈ',
    verify: 'تصدیق کے لیے',
  },
};

/** Arabic-script text (an Urdu name) is drawn with the Naskh font; anything else with the Latin one. */
export const isArabicScript = (text: string) =>
  /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text);

/** 29 Nov 2026 from 2026-11-29 (month names stay English: the date is printed LTR on both). */
export function printedDay(day: string): string {
  const [y, m, d] = day.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(d)} ${months[Number(m) - 1] ?? m} ${y}`;
}
