/**
 * Pictures for the demo offers, drawn at seed time: an SVG of simple shapes in the category's colour (a plate
 * for food, a bag for shopping, a wrench for services, balloons for events, a basket for groceries, a cross and
 * heart for health), rendered to PNG by sharp. Nothing is downloaded and no font is needed. Each offer gets its
 * own arrangement of background dots, so no two demo offers share a picture.
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

/** The SVG of one demo offer's picture: its category's colours and motif, dots placed by `variant`. */
export function illustrationSvg(category: CategoryName, variant: number): string {
  const look = CATEGORY_LOOKS[category];
  const dots = positions(variant, 9)
    .map((dot, index) => `<circle cx="${dot.x}" cy="${dot.y}" r="${dot.r}" fill="${index % 2 === 0 ? look.accent : look.deep}" opacity="0.18"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="1" stop-color="${look.accent}" stop-opacity="0.55"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${dots}
  <circle cx="600" cy="470" r="300" fill="#ffffff" opacity="0.55"/>${look.motif(look.deep, look.accent)}
</svg>`;
}

/** The picture as a PNG, ready for the offer photo pipeline (processOfferImage). */
export async function demoOfferIllustration(category: CategoryName, variant: number): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(category, variant))).png().toBuffer();
}
