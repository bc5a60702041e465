import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateLanguage } from '../../contracts/certificates.js';
import { cleanName } from '../../contracts/person-name.js';
import {
  CERTIFICATE_WORDS,
  isArabicScript,
  type PrintedCertificate,
  printedDay,
} from './certificate-text.js';

const require = createRequire(import.meta.url);
const fontFile = (weight: string) =>
  require.resolve(`@expo-google-fonts/noto-naskh-arabic/${weight}/NotoNaskhArabic_${weight}.ttf`);
type Font = ReturnType<typeof fontkit.create>;
// Noto Nastaliq Urdu (what the site shows) breaks fontkit's layout; Naskh shapes and joins correctly.
// Parsed once per process (two fixed files): parsing per document cost 240 ms a certificate.
let naskh: { regular: Font; bold: Font } | null = null;
const naskhFonts = () => {
  naskh ??= {
    regular: fontkit.create(readFileSync(fontFile('400Regular'))),
    bold: fontkit.create(readFileSync(fontFile('700Bold'))),
  };
  return naskh;
};

/**
 * pdfkit wraps by spaces and trims a line's last one, which in a right-to-left run is an inner gap
 * ("سندِاعزاز"): no-break spaces keep the run whole, so fontkit lays out and orders it as one.
 */
const keepRun = (text: string) => (isArabicScript(text) ? text.replace(/ /g, '\u00a0') : text);

const PAGE = { width: 841.89, height: 595.28 };
const INK = '#1f2a44';
const ACCENT = '#0f766e';
const GOLD = '#b08d2f';
const MUTED = '#5b6475';
const CONTENT_WIDTH = 620;

type Doc = PDFKit.PDFDocument;
type Face = 'latin' | 'latinBold' | 'urdu' | 'urduBold';

function useFace(doc: Doc, face: Face, size: number) {
  doc.font(face === 'latin' ? 'Helvetica' : face === 'latinBold' ? 'Helvetica-Bold' : face).fontSize(size);
}

const faceFor = (text: string, bold: boolean): Face =>
  isArabicScript(text) ? (bold ? 'urduBold' : 'urdu') : bold ? 'latinBold' : 'latin';

/** One centred line, shrunk until it fits (a long name never wraps or overflows). */
function centred(
  doc: Doc,
  text: string,
  y: number,
  opts: { size: number; min?: number; bold?: boolean; color?: string },
) {
  const face = faceFor(text, opts.bold ?? false);
  let size = opts.size;
  useFace(doc, face, size);
  while (size > (opts.min ?? opts.size) && doc.widthOfString(keepRun(text)) > CONTENT_WIDTH) {
    size -= 1;
    useFace(doc, face, size);
  }
  doc.fillColor(opts.color ?? INK).text(keepRun(text), (PAGE.width - CONTENT_WIDTH) / 2, y, {
    width: CONTENT_WIDTH,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
    height: size * 1.6,
  });
}

/** "label value" centred; in Urdu the label sits on the right (read first), the value LTR beside it. */
function labelled(
  doc: Doc,
  lang: CertificateLanguage,
  label: string,
  value: string,
  y: number,
  size: number,
) {
  const labelFace: Face = lang === 'ur' ? 'urdu' : 'latin';
  const valueFace = faceFor(value, true);
  const gap = 8;
  const labelText = lang === 'ur' ? label : `${label}:`;
  useFace(doc, labelFace, size);
  const lw = doc.widthOfString(keepRun(labelText));
  useFace(doc, valueFace, size);
  const vw = Math.min(doc.widthOfString(keepRun(value)), CONTENT_WIDTH - lw - gap);
  const left = (PAGE.width - (lw + gap + vw)) / 2;
  const [labelX, valueX] = lang === 'ur' ? [left + vw + gap, left] : [left, left + lw + gap];
  const baselineShift = lang === 'ur' ? -size * 0.35 : 0;
  useFace(doc, labelFace, size);
  doc.fillColor(MUTED).text(keepRun(labelText), labelX, y + baselineShift, { lineBreak: false });
  useFace(doc, valueFace, size);
  doc.fillColor(INK).text(keepRun(value), valueX, y, { lineBreak: false, width: vw, ellipsis: true });
}

function frame(doc: Doc) {
  doc.rect(0, 0, PAGE.width, PAGE.height).fill('#fbfaf6');
  doc
    .lineWidth(6)
    .strokeColor(ACCENT)
    .rect(22, 22, PAGE.width - 44, PAGE.height - 44)
    .stroke();
  doc
    .lineWidth(1.2)
    .strokeColor(GOLD)
    .rect(34, 34, PAGE.width - 68, PAGE.height - 68)
    .stroke();
}

/** The QR code as vector squares (one path), so it stays sharp at any zoom and prints crisply. */
function qr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) {
        doc.rect(x + col * cell, y + row * cell, cell, cell);
      }
    }
  }
  doc.fillColor(INK).fill();
}

function body(doc: Doc, cert: PrintedCertificate, lang: CertificateLanguage) {
  const words = CERTIFICATE_WORDS[lang];
  const ur = lang === 'ur';
  centred(doc, 'RIYAZI', 62, { size: 20, bold: true, color: ACCENT });
  centred(doc, ur ? 'ریاضی' : 'Maths Contest · Pakistan', ur ? 82 : 88, { size: ur ? 14 : 11, color: MUTED });
  centred(doc, words.title[cert.kind], ur ? 120 : 132, {
    size: ur ? 38 : 34,
    min: 24,
    bold: true,
    color: INK,
  });
  centred(doc, words.certifies, ur ? 196 : 196, { size: ur ? 16 : 14, color: MUTED });
  centred(doc, cert.name, 226, { size: 34, min: 14, bold: true, color: ACCENT });
  doc
    .lineWidth(0.8)
    .strokeColor(GOLD)
    .moveTo(230, 276)
    .lineTo(PAGE.width - 230, 276)
    .stroke();
  centred(doc, words.reason[cert.kind], ur ? 284 : 292, { size: ur ? 16 : 14, min: 10, color: INK });
  let y = 332;
  labelled(doc, lang, words.phase, cert.phase, y, 14);
  y += 26;
  labelled(doc, lang, words.grade, cert.grade, y, 14);
  if (cert.rank !== null) {
    y += 26;
    labelled(doc, lang, words.rank, String(cert.rank), y, 14);
  }
}

function footer(doc: Doc, cert: PrintedCertificate, lang: CertificateLanguage) {
  const words = CERTIFICATE_WORDS[lang];
  const qrSize = 84;
  const qrX = PAGE.width - 70 - qrSize;
  const qrY = PAGE.height - 66 - qrSize;
  qr(doc, cert.verifyUrl, qrX, qrY, qrSize);
  const left = 70;
  const lines: [string, string][] = [
    [words.issued, `${printedDay(cert.issuedOn)} (PKT)`],
    [words.code, cert.code],
  ];
  let y = PAGE.height - 140;
  for (const [label, value] of lines) {
    useFace(doc, lang === 'ur' ? 'urdu' : 'latin', 10);
    doc.fillColor(MUTED).text(keepRun(label), left, y, { lineBreak: false });
    useFace(doc, 'latinBold', 12);
    doc.fillColor(INK).text(keepRun(value), left, y + (lang === 'ur' ? 20 : 13), { lineBreak: false });
    y += 38;
  }
  useFace(doc, lang === 'ur' ? 'urdu' : 'latin', 8);
  doc.fillColor(MUTED).text(keepRun(words.verify), qrX - 250, qrY + qrSize - 34, {
    width: 240,
    align: 'right',
    lineBreak: false,
  });
  useFace(doc, 'latin', 8);
  doc.text(keepRun(cert.verifyUrl), qrX - 250, qrY + qrSize - 12, {
    width: 240,
    align: 'right',
    lineBreak: false,
  });
}

/** One certificate as a PDF (A4 landscape), in English or Urdu, with its fonts subset and embedded. */
export function renderCertificatePdf(cert: PrintedCertificate, lang: CertificateLanguage): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: true,
    lang: lang === 'ur' ? 'ur-PK' : 'en',
    info: {
      Title: `${CERTIFICATE_WORDS[lang].title[cert.kind]} — ${cert.code}`,
      Author: 'Riyazi',
      Subject: cert.code,
    },
  });
  const fonts = naskhFonts();
  doc.registerFont('urdu', fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('urduBold', fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Typed text drawn without hidden characters (a name from before names were checked).
  const shown = {
    ...cert,
    name: cleanName(cert.name),
    grade: cleanName(cert.grade),
    phase: cleanName(cert.phase),
  };
  frame(doc);
  body(doc, shown, lang);
  footer(doc, shown, lang);
  doc.end();
  return done;
}
