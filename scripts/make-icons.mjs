#!/usr/bin/env node
// Draws the app icons (the site header's logo: an amber "R" on a teal rounded square) into
// client/public/icons as small palette PNGs. Run once after changing the logo; the PNGs are committed.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'client/public/icons');
const tokens = readFileSync(path.join(root, 'client/src/shared/ui/tokens.css'), 'utf8');

function token(name) {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(tokens);
  if (match === null) {
    throw new Error(`tokens.css has no --${name}`);
  }
  return match[1];
}

const primary = token('color-primary');
const accent = token('color-accent');

/** The logo on a 512 canvas; `maskable` fills the canvas and keeps the R inside the 80% safe zone. */
function logoSvg({ maskable }) {
  const square = maskable
    ? `<rect width="512" height="512" fill="${primary}"/>`
    : `<rect x="16" y="16" width="480" height="480" rx="120" fill="${primary}"/>`;
  const fontSize = maskable ? 250 : 330;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  ${square}
  <text x="256" y="256" dy="0.35em" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="800"
    font-size="${fontSize}" text-anchor="middle" fill="${accent}">R</text>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners and ignores transparency: a full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const target = path.join(outDir, icon.file);
  await sharp(Buffer.from(logoSvg(icon)))
    .resize(icon.size, icon.size)
    .png({ palette: true, colors: 32, compressionLevel: 9, effort: 10 })
    .toFile(target);
  console.log(`${path.relative(root, target)}: ${icon.size}x${icon.size}, ${statSync(target).size} bytes`);
}
