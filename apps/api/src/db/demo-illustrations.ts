/**
 * Pictures for the demo offers, drawn at seed time: an SVG of simple shapes on the category's colours, rendered to
 * PNG by sharp. Nothing is downloaded and no font is needed. Each demo offer names what it sells (`DemoSubject`,
 * issue 27: pastizzi and a cup of tea, a ftira and a Kinnie, books, a fish, scissors and a comb, a glass vase, a
 * dgħajsa, sun cream with a pharmacy cross, a Gozitan ftira, a pizza), so every offer shows its own recognisable
 * picture; without a subject the category's motif is drawn (a plate for food, a bag for shopping, a wrench for
 * services, balloons for events, a basket for groceries, a cross and heart for health). Each picture also gets its
 * own arrangement of background dots.
 */
import sharp from 'sharp';
import type { SEED_CATEGORIES } from './seed-categories.ts';

type CategoryName = (typeof SEED_CATEGORIES)[number]['name'];

export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 900;

interface Look {
  /** Light background, deep main colour, and an accent (the web's category tile uses the same hues). */
  light: string;
  deep: string;
  accent: string;
  motif: (deep: string, accent: string) => string;
}

const plate = (deep: string, accent: string) => `
  <circle cx="600" cy="450" r="190" fill="#ffffff" stroke="${deep}" stroke-width="18"/>
  <circle cx="600" cy="450" r="120" fill="${accent}" opacity="0.35"/>
  <rect x="330" y="280" width="22" height="340" rx="11" fill="${deep}"/>
  <rect x="300" y="280" width="14" height="120" rx="7" fill="${deep}"/>
  <rect x="368" y="280" width="14" height="120" rx="7" fill="${deep}"/>
  <path d="M860 280 q60 90 0 190 v150 h-26 v-340 z" fill="${deep}"/>`;

const bag = (deep: string, accent: string) => `
  <path d="M520 360 v-50 a80 80 0 0 1 160 0 v50" fill="none" stroke="${deep}" stroke-width="22" stroke-linecap="round"/>
  <rect x="420" y="350" width="360" height="320" rx="36" fill="${deep}"/>
  <rect x="470" y="430" width="260" height="40" rx="20" fill="${accent}"/>
  <circle cx="520" cy="380" r="14" fill="#ffffff"/>
  <circle cx="680" cy="380" r="14" fill="#ffffff"/>`;

const wrench = (deep: string, accent: string) => `
  <g transform="rotate(-40 600 450)">
    <rect x="570" y="330" width="60" height="330" rx="30" fill="${deep}"/>
    <circle cx="600" cy="300" r="95" fill="${deep}"/>
    <rect x="570" y="190" width="60" height="110" fill="${accent}"/>
    <circle cx="600" cy="620" r="14" fill="${accent}"/>
  </g>`;

const balloons = (deep: string, accent: string) => `
  <path d="M520 520 q-20 100 30 190 M690 480 q30 120 -40 230" fill="none" stroke="${deep}" stroke-width="8"/>
  <ellipse cx="520" cy="400" rx="110" ry="135" fill="${deep}"/>
  <ellipse cx="690" cy="360" rx="100" ry="125" fill="${accent}"/>
  <ellipse cx="485" cy="345" rx="24" ry="38" fill="#ffffff" opacity="0.5"/>
  <polygon points="820,560 840,610 895,612 852,645 868,698 820,667 772,698 788,645 745,612 800,610" fill="${deep}"/>`;

const basket = (deep: string, accent: string) => `
  <circle cx="530" cy="400" r="70" fill="${accent}"/>
  <circle cx="660" cy="390" r="75" fill="${deep}" opacity="0.75"/>
  <rect x="588" y="300" width="12" height="40" rx="6" fill="${deep}"/>
  <path d="M390 450 h420 l-50 230 h-320 z" fill="${deep}"/>
  <path d="M460 500 v140 M540 500 v140 M620 500 v140 M700 500 v140" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.6"/>`;

const care = (deep: string, accent: string) => `
  <rect x="545" y="260" width="110" height="300" rx="20" fill="${deep}"/>
  <rect x="450" y="355" width="300" height="110" rx="20" fill="${deep}"/>
  <path d="M600 700 l-110 -105 a60 60 0 0 1 110 -70 a60 60 0 0 1 110 70 z" fill="${accent}"/>`;

/** Issue 27: what each demo offer sells, drawn over its category's colours. */
const pastizzi = (deep: string) => `
  <g transform="translate(430 430) rotate(-14)">
    <path d="M-170 0 Q-70 -100 0 -112 Q70 -100 170 0 Q70 100 0 112 Q-70 100 -170 0 z" fill="#f6c66f" stroke="${deep}" stroke-width="10"/>
    <path d="M-125 0 Q0 -72 125 0 M-95 28 Q0 -34 95 28 M-95 -28 Q0 34 95 -28" fill="none" stroke="${deep}" stroke-width="7" opacity="0.55"/>
  </g>
  <g transform="translate(500 620) rotate(8) scale(0.75)">
    <path d="M-170 0 Q-70 -100 0 -112 Q70 -100 170 0 Q70 100 0 112 Q-70 100 -170 0 z" fill="#eeb95c" stroke="${deep}" stroke-width="12"/>
    <path d="M-125 0 Q0 -72 125 0 M-95 28 Q0 -34 95 28" fill="none" stroke="${deep}" stroke-width="9" opacity="0.55"/>
  </g>
  <path d="M760 330 q-22 -32 0 -64 q22 -32 0 -64 M840 330 q-22 -32 0 -64 q22 -32 0 -64" fill="none" stroke="${deep}" stroke-width="9" stroke-linecap="round" opacity="0.5"/>
  <ellipse cx="800" cy="618" rx="160" ry="24" fill="${deep}" opacity="0.85"/>
  <path d="M700 380 h200 v110 a100 100 0 0 1 -200 0 z" fill="#ffffff" stroke="${deep}" stroke-width="14"/>
  <path d="M900 410 a48 48 0 0 1 0 96" fill="none" stroke="${deep}" stroke-width="14"/>
  <ellipse cx="800" cy="382" rx="93" ry="14" fill="#9a3412"/>`;

const ftiraAndKinnie = (deep: string) => `
  <path d="M250 540 q20 -110 250 -118 q250 8 270 118 z" fill="#e8b46a" stroke="${deep}" stroke-width="12"/>
  <path d="M330 480 q40 -12 80 0 M450 458 q40 -12 80 0 M570 462 q40 -12 80 0" fill="none" stroke="${deep}" stroke-width="7" stroke-linecap="round" opacity="0.6"/>
  <path d="M262 540 h500" stroke="#dc2626" stroke-width="26" stroke-linecap="round"/>
  <path d="M272 566 h480" stroke="#65a30d" stroke-width="18" stroke-linecap="round"/>
  <circle cx="340" cy="560" r="13" fill="#1f2937"/><circle cx="520" cy="562" r="13" fill="#1f2937"/><circle cx="680" cy="560" r="13" fill="#1f2937"/>
  <path d="M262 582 h500 q-10 70 -250 72 q-240 -2 -250 -72 z" fill="#e8b46a" stroke="${deep}" stroke-width="12"/>
  <path d="M862 300 h40 v50 q48 30 48 86 v210 q0 26 -26 26 h-84 q-26 0 -26 -26 v-210 q0 -56 48 -86 z" fill="#7c2d12" opacity="0.92"/>
  <rect x="822" y="440" width="120" height="120" rx="12" fill="#f97316"/>
  <circle cx="882" cy="500" r="34" fill="#ffffff" opacity="0.85"/>
  <rect x="858" y="284" width="48" height="24" rx="6" fill="#facc15"/>`;

const books = (deep: string, accent: string) => `
  <rect x="350" y="580" width="500" height="84" rx="12" fill="${deep}"/>
  <rect x="372" y="600" width="456" height="14" fill="#ffffff" opacity="0.75"/>
  <rect x="385" y="500" width="440" height="80" rx="12" fill="${accent}"/>
  <rect x="405" y="520" width="400" height="12" fill="#ffffff" opacity="0.75"/>
  <path d="M600 480 q-115 -62 -240 -22 v-210 q125 -42 240 22 z" fill="#ffffff" stroke="${deep}" stroke-width="10"/>
  <path d="M600 480 q115 -62 240 -22 v-210 q-125 -42 -240 22 z" fill="#ffffff" stroke="${deep}" stroke-width="10"/>
  <path d="M400 300 q80 -22 160 10 M400 345 q80 -22 160 10 M400 390 q80 -22 160 10 M640 310 q80 -32 160 -10 M640 355 q80 -32 160 -10 M640 400 q80 -32 160 -10" fill="none" stroke="${deep}" stroke-width="7" opacity="0.45"/>`;

const fish = (deep: string, accent: string) => `
  <path d="M300 460 Q510 270 770 460 Q510 650 300 460 z" fill="${deep}"/>
  <path d="M760 460 L920 340 L895 460 L920 580 z" fill="${deep}"/>
  <path d="M520 330 q60 -60 140 -10 l-40 60 z" fill="${deep}"/>
  <circle cx="405" cy="440" r="22" fill="#ffffff"/><circle cx="405" cy="440" r="10" fill="#0f172a"/>
  <path d="M500 385 q34 75 0 150 M585 375 q34 85 0 170 M670 400 q24 60 0 120" fill="none" stroke="${accent}" stroke-width="11"/>
  <path d="M280 700 q50 -32 100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0" fill="none" stroke="${deep}" stroke-width="12" stroke-linecap="round" opacity="0.5"/>`;

const haircut = (deep: string, accent: string) => {
  const teeth = Array.from({ length: 11 }, (_, index) => `<rect x="${706}" y="${300 + index * 32}" width="64" height="14" rx="6" fill="${accent}"/>`).join('');
  return `
  <circle cx="380" cy="330" r="62" fill="none" stroke="${deep}" stroke-width="24"/>
  <circle cx="380" cy="610" r="62" fill="none" stroke="${deep}" stroke-width="24"/>
  <path d="M430 370 L660 590 L640 608 L410 390 z" fill="#94a3b8" stroke="#475569" stroke-width="4"/>
  <path d="M430 570 L660 350 L678 370 L448 590 z" fill="#cbd5e1" stroke="#475569" stroke-width="4"/>
  <circle cx="545" cy="470" r="14" fill="${deep}"/>
  <rect x="760" y="285" width="70" height="370" rx="16" fill="${accent}"/>${teeth}`;
};

const glassVase = (deep: string, accent: string) => `
  <path d="M530 250 h140 v40 q-24 34 -24 70 q140 90 140 220 q0 110 -110 140 h-152 q-110 -30 -110 -140 q0 -130 140 -220 q0 -36 -24 -70 z" fill="${accent}" stroke="${deep}" stroke-width="12" opacity="0.95"/>
  <path d="M470 560 q40 -90 130 -120 M480 620 q60 -60 140 -70" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.7"/>
  <path d="M770 580 h240 a120 95 0 0 1 -240 0 z" fill="${deep}" opacity="0.85"/>
  <path d="M800 600 q60 30 120 0" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.6"/>`;

const dghajsa = (deep: string) => `
  <circle cx="860" cy="270" r="80" fill="#f59e0b"/>
  <path d="M300 560 Q330 480 400 500 L800 500 Q870 480 900 400 Q930 600 770 620 L430 620 Q330 610 300 560 z" fill="${deep}"/>
  <path d="M370 540 h450" stroke="#facc15" stroke-width="18" stroke-linecap="round"/>
  <path d="M380 575 h420" stroke="#16a34a" stroke-width="14" stroke-linecap="round"/>
  <circle cx="360" cy="525" r="14" fill="#ffffff"/><circle cx="360" cy="525" r="6" fill="#0f172a"/>
  <path d="M600 500 L690 300" stroke="#78350f" stroke-width="12" stroke-linecap="round"/>
  <path d="M250 690 q50 -30 100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0" fill="none" stroke="#0369a1" stroke-width="14" stroke-linecap="round" opacity="0.7"/>`;

const sunCare = (deep: string) => `
  <rect x="515" y="255" width="100" height="80" rx="14" fill="${deep}"/>
  <rect x="470" y="325" width="190" height="345" rx="44" fill="#ffffff" stroke="${deep}" stroke-width="12"/>
  <circle cx="565" cy="480" r="42" fill="#f59e0b"/>
  <path d="M565 408 v-24 M565 552 v24 M493 480 h-24 M637 480 h24 M514 429 l-17 -17 M616 531 l17 17 M514 531 l-17 17 M616 429 l17 -17" stroke="#f59e0b" stroke-width="10" stroke-linecap="round"/>
  <rect x="786" y="330" width="68" height="210" rx="10" fill="#16a34a"/>
  <rect x="715" y="401" width="210" height="68" rx="10" fill="#16a34a"/>`;

const gozoFtira = (deep: string) => {
  const slices = [0, 60, 120, 180, 240, 300]
    .map((angle) => `<ellipse cx="${600 + Math.round(Math.cos((angle * Math.PI) / 180) * 140)}" cy="${470 + Math.round(Math.sin((angle * Math.PI) / 180) * 140)}" rx="58" ry="44" fill="#fde68a" stroke="#ca8a04" stroke-width="6"/>`)
    .join('');
  return `
  <circle cx="600" cy="470" r="262" fill="#e2a85b" stroke="${deep}" stroke-width="14"/>
  <circle cx="600" cy="470" r="222" fill="#f1c98a"/>${slices}
  <ellipse cx="600" cy="470" rx="58" ry="44" fill="#fde68a" stroke="#ca8a04" stroke-width="6"/>
  <circle cx="530" cy="400" r="14" fill="#1f2937"/><circle cx="690" cy="420" r="14" fill="#1f2937"/><circle cx="540" cy="560" r="14" fill="#1f2937"/><circle cx="680" cy="560" r="14" fill="#1f2937"/>
  <path d="M470 470 h60 M670 470 h60 M600 350 v40 M600 550 v40" stroke="#7c2d12" stroke-width="9" stroke-linecap="round"/>`;
};

const pizza = (deep: string) => `
  <circle cx="600" cy="470" r="265" fill="#d97706" stroke="${deep}" stroke-width="12"/>
  <circle cx="600" cy="470" r="228" fill="#dc2626"/>
  <path d="M470 390 q40 -40 90 -10 q30 40 -20 70 q-60 10 -70 -60 z M650 560 q50 -30 80 10 q10 50 -50 55 q-40 -20 -30 -65 z M640 340 q40 -10 60 30 q-20 40 -60 20 z" fill="#fde68a"/>
  <circle cx="520" cy="520" r="34" fill="#7f1d1d"/><circle cx="690" cy="440" r="34" fill="#7f1d1d"/><circle cx="590" cy="360" r="30" fill="#7f1d1d"/><circle cx="610" cy="610" r="30" fill="#7f1d1d"/><circle cx="450" cy="450" r="26" fill="#7f1d1d"/>
  <path d="M600 205 V735 M335 470 H865 M413 283 L787 657 M787 283 L413 657" stroke="#fef3c7" stroke-width="6" opacity="0.7"/>
  <circle cx="560" cy="450" r="9" fill="#15803d"/><circle cx="660" cy="520" r="9" fill="#15803d"/><circle cx="520" cy="600" r="9" fill="#15803d"/>`;

/** What a demo offer sells, each its own picture. */
export const DEMO_SUBJECTS = {
  pastizzi,
  ftiraAndKinnie,
  books,
  fish,
  haircut,
  glassVase,
  dghajsa,
  sunCare,
  gozoFtira,
  pizza,
} satisfies Record<string, (deep: string, accent: string) => string>;
export type DemoSubject = keyof typeof DEMO_SUBJECTS;

export const CATEGORY_LOOKS: Record<CategoryName, Look> = {
  'Food & Dining': { light: '#fef3c7', deep: '#b45309', accent: '#f59e0b', motif: plate },
  'Retail Shopping': { light: '#ede9fe', deep: '#6d28d9', accent: '#a78bfa', motif: bag },
  'Local Services': { light: '#e0f2fe', deep: '#0369a1', accent: '#38bdf8', motif: wrench },
  'Events & Fun': { light: '#ffe4e6', deep: '#be123c', accent: '#fb7185', motif: balloons },
  Groceries: { light: '#d1fae5', deep: '#047857', accent: '#34d399', motif: basket },
  'Health & Wellness': { light: '#ccfbf1', deep: '#0f766e', accent: '#2dd4bf', motif: care },
};

/** A small deterministic sequence (the same picture for the same variant on every seed). */
function positions(variant: number, countOf: number): { x: number; y: number; r: number }[] {
  let state = (variant + 1) * 2654435761;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: countOf }, () => ({ x: Math.round(next() * ILLUSTRATION_WIDTH), y: Math.round(next() * ILLUSTRATION_HEIGHT), r: 20 + Math.round(next() * 70) }));
}

/** The SVG of one demo offer's picture: its category's colours, its subject (else the category's motif), dots placed by `variant`. */
export function illustrationSvg(category: CategoryName, variant: number, subject?: DemoSubject): string {
  const look = CATEGORY_LOOKS[category];
  const motif = subject === undefined ? look.motif : DEMO_SUBJECTS[subject];
  const dots = positions(variant, 9)
    .map((dot, index) => `<circle cx="${dot.x}" cy="${dot.y}" r="${dot.r}" fill="${index % 2 === 0 ? look.accent : look.deep}" opacity="0.18"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="1" stop-color="${look.accent}" stop-opacity="0.55"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${dots}
  <circle cx="600" cy="470" r="300" fill="#ffffff" opacity="0.55"/>${motif(look.deep, look.accent)}
</svg>`;
}

/** The picture as a PNG, ready for the offer photo pipeline (processOfferImage). */
export async function demoOfferIllustration(category: CategoryName, variant: number, subject?: DemoSubject): Promise<Buffer> {
  // Uncompressed: the PNG only carries the drawing to processOfferImage, which decodes it at once (saves the zlib work).
  return sharp(Buffer.from(illustrationSvg(category, variant, subject))).png({ compressionLevel: 0 }).toBuffer();
}
