// The demo album's pictures: drawn scenes of a prize ceremony (SVG, rendered by sharp), never photos,
// so no real person, and no child, appears in a new install's gallery.

/** Every scene is drawn on this canvas: wider than the largest stored size, so all three are made. */
export const SCENE_WIDTH = 1800;
export const SCENE_HEIGHT = 1350;

export interface DemoScene {
  name: string;
  caption: string;
  svg: string;
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const METAL = {
  gold: ['#f7d64a', '#c99a12'],
  silver: ['#e8ecf1', '#9aa4b1'],
  bronze: ['#e3a266', '#a2602b'],
} as const;
type Metal = keyof typeof METAL;

const svg = (body: string, background: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 1800 1350">
<defs>${Object.entries(METAL)
    .map(
      ([name, [light, dark]]) =>
        `<linearGradient id="${name}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    )
    .join('')}
<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff8d6" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8d6" stop-opacity="0"/></radialGradient></defs>
<rect width="1800" height="1350" fill="${background}"/>${body}</svg>`;

const text = (x: number, y: number, size: number, fill: string, words: string, weight = 700) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${words}</text>`;

/** The same confetti every time: a small linear congruential generator, not Math.random. */
function confetti(count: number, seed: number, area: { top: number; bottom: number }): string {
  const colours = ['#e4572e', '#f3a712', '#29bf12', '#2e86ab', '#a23b72', '#ffd23f'];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, (_, i) => {
    const x = Math.round(next() * 1800);
    const y = Math.round(area.top + next() * (area.bottom - area.top));
    const turn = Math.round(next() * 180);
    return `<rect x="${x}" y="${y}" width="18" height="8" rx="2" fill="${colours[i % colours.length]}" transform="rotate(${turn} ${x} ${y})"/>`;
  }).join('');
}

function trophy(x: number, base: number, scale: number, metal: Metal, label: string): string {
  const s = (n: number) => Math.round(n * scale);
  return `<g transform="translate(${x} ${base})">
<rect x="${-s(110)}" y="${-s(70)}" width="${s(220)}" height="${s(70)}" rx="8" fill="#3b2a20"/>
<rect x="${-s(80)}" y="${-s(110)}" width="${s(160)}" height="${s(40)}" fill="url(#${metal})"/>
<rect x="${-s(22)}" y="${-s(200)}" width="${s(44)}" height="${s(90)}" fill="url(#${metal})"/>
<path d="M${-s(130)} ${-s(420)} h${s(260)} c0 ${s(150)} ${-s(60)} ${s(220)} ${-s(130)} ${s(220)} c${-s(70)} 0 ${-s(130)} ${-s(70)} ${-s(130)} ${-s(220)} z" fill="url(#${metal})"/>
<path d="M${-s(130)} ${-s(390)} c${-s(90)} 0 ${-s(90)} ${s(120)} ${-s(5)} ${s(140)}" fill="none" stroke="url(#${metal})" stroke-width="${s(22)}"/>
<path d="M${s(130)} ${-s(390)} c${s(90)} 0 ${s(90)} ${s(120)} ${s(5)} ${s(140)}" fill="none" stroke="url(#${metal})" stroke-width="${s(22)}"/>
${text(0, -s(28), s(30), '#fbe9c4', label)}</g>`;
}

function medal(x: number, y: number, metal: Metal, place: string, ribbon: string): string {
  return `<g transform="translate(${x} ${y})">
<path d="M-70 -420 L-20 -90 L20 -90 L-30 -420 z" fill="${ribbon}"/><path d="M70 -420 L20 -90 L-20 -90 L30 -420 z" fill="${ribbon}" opacity="0.8"/>
<circle r="120" fill="url(#${metal})" stroke="#00000022" stroke-width="6"/><circle r="92" fill="none" stroke="#ffffff66" stroke-width="6"/>
${text(0, 38, 110, '#5a4300', place)}</g>`;
}

const stage = svg(
  `<rect y="1000" width="1800" height="350" fill="#6b3e26"/><rect y="980" width="1800" height="40" fill="#8a5233"/>
<path d="M0 0 H420 C380 300 330 700 260 980 H0 z" fill="#9e1b32"/><path d="M1800 0 H1380 C1420 300 1470 700 1540 980 H1800 z" fill="#9e1b32"/>
<rect width="1800" height="110" fill="#7a1426"/>
<ellipse cx="600" cy="900" rx="330" ry="130" fill="url(#spot)"/><ellipse cx="1200" cy="900" rx="330" ry="130" fill="url(#spot)"/>
<rect x="450" y="170" width="900" height="200" rx="20" fill="#1f4e79"/><rect x="470" y="190" width="860" height="160" rx="12" fill="none" stroke="#f7d64a" stroke-width="6"/>
${text(900, 262, 72, '#ffffff', 'Prize Ceremony 2026')}${text(900, 328, 40, '#f7d64a', 'Riyazi Maths Contest', 600)}
<rect x="560" y="780" width="220" height="200" fill="#c0c6ce"/><rect x="790" y="700" width="220" height="280" fill="#f3d27a"/><rect x="1020" y="830" width="220" height="150" fill="#d9a066"/>
${text(670, 900, 90, '#555', '2')}${text(900, 860, 110, '#7a5a00', '1')}${text(1130, 935, 80, '#6e3d16', '3')}
${trophy(900, 700, 0.55, 'gold', '')}${trophy(670, 780, 0.42, 'silver', '')}${trophy(1130, 830, 0.38, 'bronze', '')}`,
  '#2a1b3d',
);

const trophies = svg(
  `<rect y="0" width="1800" height="900" fill="#24507a"/><rect y="900" width="1800" height="450" fill="#5b3a29"/>
<path d="M150 820 H1650 L1720 1080 H80 z" fill="#f4efe6"/><path d="M80 1080 H1720 V1130 H80 z" fill="#d8cfc0"/>
<ellipse cx="900" cy="600" rx="700" ry="380" fill="url(#spot)"/>
${trophy(900, 900, 1.1, 'gold', 'Grades 8–9')}${trophy(440, 900, 0.85, 'silver', 'Grades 4–5')}${trophy(1360, 900, 0.85, 'bronze', 'Grades 6–7')}
${text(900, 140, 64, '#ffffff', 'Trophies for the champions')}`,
  '#24507a',
);

const medals = svg(
  `<rect x="140" y="120" width="1520" height="1110" rx="30" fill="#0f5e4a"/><rect x="170" y="150" width="1460" height="1050" rx="20" fill="#127a60"/>
${medal(500, 820, 'silver', '2', '#2e86ab')}${medal(900, 760, 'gold', '1', '#e4572e')}${medal(1300, 860, 'bronze', '3', '#29bf12')}
${text(900, 1120, 56, '#eaf6f1', 'Gold · Silver · Bronze')}`,
  '#0b3d30',
);

const certificate = svg(
  `<g transform="rotate(-3 900 675)"><rect x="230" y="150" width="1340" height="1000" fill="#fffaf0" stroke="#c9a227" stroke-width="18"/>
<rect x="275" y="195" width="1250" height="910" fill="none" stroke="#1f4e79" stroke-width="6"/>
${text(900, 350, 84, '#1f4e79', 'Certificate')}${text(900, 430, 44, '#9a7b12', 'of Achievement', 600)}
${text(900, 540, 36, '#444', 'awarded to a young mathematician for', 400)}${text(900, 600, 36, '#444', 'excellence in the Riyazi Maths Contest 2026', 400)}
<line x1="420" y1="880" x2="820" y2="880" stroke="#444" stroke-width="4"/><line x1="980" y1="880" x2="1380" y2="880" stroke="#444" stroke-width="4"/>
${text(620, 930, 30, '#666', 'Principal', 400)}${text(1180, 930, 30, '#666', 'Contest chair', 400)}
<path d="M860 980 l-50 170 l60 -40 l40 60 z M940 980 l50 170 l-60 -40 l-40 60 z" fill="#b0202e"/>
<circle cx="900" cy="960" r="95" fill="url(#gold)" stroke="#9a7b12" stroke-width="8"/>${text(900, 985, 70, '#6b5200', '★')}</g>`,
  '#3d2b4f',
);

const banner = svg(
  `<path d="M0 80 Q900 260 1800 80" fill="none" stroke="#444" stroke-width="4"/>
${Array.from({ length: 13 }, (_, i) => {
  const x = 60 + i * 140;
  const y = 80 + Math.round(180 * (1 - ((x - 900) / 900) ** 2)) - 10;
  return `<path d="M${x - 45} ${y} h90 l-45 90 z" fill="${['#e4572e', '#f3a712', '#29bf12', '#2e86ab'][i % 4]}"/>`;
}).join('')}
<rect x="160" y="360" width="1480" height="720" rx="28" fill="#fdf6e3" stroke="#2e86ab" stroke-width="14"/>
${text(900, 500, 92, '#2e86ab', 'Maths is for everyone')}
${text(420, 700, 130, '#e4572e', 'π', 400)}${text(900, 700, 96, '#1f4e79', 'a² + b² = c²', 600)}${text(1380, 700, 120, '#29bf12', '√2', 400)}
${text(540, 960, 110, '#a23b72', '∑', 400)}${text(930, 955, 72, '#f3a712', '1 + 2 + 3 + …', 600)}${text(1330, 960, 110, '#2e86ab', '∞', 400)}
<path d="M270 1010 l80 -140 l80 140 z" fill="none" stroke="#1f4e79" stroke-width="8"/><circle cx="1510" cy="925" r="60" fill="none" stroke="#e4572e" stroke-width="8"/>`,
  '#cfe8f5',
);

const celebration = svg(
  `${confetti(160, 2026, { top: 0, bottom: 1350 })}
${[
  [300, 420, '#e4572e'],
  [520, 330, '#f3a712'],
  [1280, 330, '#2e86ab'],
  [1500, 430, '#a23b72'],
]
  .map(
    ([x, y, colour]) =>
      `<path d="M${x} ${Number(y) + 150} q-30 200 20 420" fill="none" stroke="#ccc" stroke-width="4"/><ellipse cx="${x}" cy="${y}" rx="110" ry="140" fill="${colour}"/><ellipse cx="${Number(x) - 35}" cy="${Number(y) - 50}" rx="22" ry="40" fill="#ffffff55"/>`,
  )
  .join('')}
<path d="M780 800 l-80 420 l110 -70 l60 110 l60 -440 z M1020 800 l80 420 l-110 -70 l-60 110 l-60 -440 z" fill="#b0202e"/>
<circle cx="900" cy="640" r="230" fill="url(#gold)"/><circle cx="900" cy="640" r="180" fill="none" stroke="#fff6" stroke-width="10"/>
${text(900, 700, 170, '#6b5200', '1st')}
${text(900, 160, 80, '#ffffff', 'Well done, everyone!')}`,
  '#1b2a4a',
);

/** In album order; the second is the cover. */
export const DEMO_SCENES: readonly DemoScene[] = [
  { name: 'stage', caption: 'The stage is set for the 2026 prize ceremony.', svg: stage },
  {
    name: 'trophies',
    caption: 'A trophy for the champion of every grade group.',
    svg: trophies,
  },
  { name: 'medals', caption: 'Gold, silver and bronze medals waiting for their winners.', svg: medals },
  {
    name: 'certificate',
    caption: 'Every finalist takes home a certificate of achievement.',
    svg: certificate,
  },
  { name: 'banner', caption: 'The banner that welcomed families to the hall.', svg: banner },
  {
    name: 'celebration',
    caption: 'Well done to every young mathematician who took part!',
    svg: celebration,
  },
];
