#!/usr/bin/env node
// Draws static/og-image.png, the picture link previews show (1200 × 630, Open Graph's usual size): the site's
// name over a Golf layout's seven columns, drawn as SVG here and photographed by Chromium (the system's, else
// Playwright's). Run it again after changing the drawing: `node scripts/og-image.mjs`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const out = join(import.meta.dirname, '..', 'static', 'og-image.png');
const W = 1200;
const H = 630;

const RED = '#b3261e';
const INK = '#1b1b1b';
// Seven columns of five, the front card of each last (a fixed, made-up deal).
const COLUMNS = [
  ['9♠', 'K♥', '4♣', '7♦', '2♠'],
  ['Q♣', '5♥', 'J♦', '3♠', '8♥'],
  ['6♦', '10♣', 'A♥', '9♦', '5♠'],
  ['2♥', '7♣', 'Q♦', '4♥', 'J♠'],
  ['K♣', '8♦', '3♥', '10♠', '6♥'],
  ['4♦', 'A♣', '9♥', '6♣', 'Q♠'],
  ['J♥', '3♣', '7♠', 'K♦', '10♥'],
];
const CARD_W = 112;
const CARD_H = 156;
const GAP = 22;
const LEFT = (W - (7 * CARD_W + 6 * GAP)) / 2;
const TOP = 250;
const STEP = 48;

const card = (x, y, label) => {
  const red = /[♥♦]/.test(label);
  return `<g transform="translate(${x} ${y})">
    <rect width="${CARD_W}" height="${CARD_H}" rx="10" fill="#fdfcf7" stroke="#0b3420" stroke-width="2"/>
    <text x="12" y="38" font-size="32" font-weight="700" fill="${red ? RED : INK}">${label}</text>
  </g>`;
};

const cards = COLUMNS.flatMap((column, c) =>
  column.map((label, r) => card(LEFT + c * (CARD_W + GAP), TOP + r * STEP, label)),
).join('\n');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"
  font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
  <rect width="${W}" height="${H}" fill="#0f4d2e"/>
  <g transform="translate(${LEFT} 70)" fill="none" stroke="#fdfcf7" stroke-width="7" stroke-linejoin="round">
    <path d="M14 112V6l64 26-64 27"/>
  </g>
  <text x="${LEFT + 110}" y="150" font-size="88" font-weight="700" fill="#fdfcf7">Golf Daily</text>
  <text x="${LEFT + 112}" y="205" font-size="34" fill="#d8eadf">One fair nine-hole solitaire course a day</text>
  ${cards}
</svg>`;

const system = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({
  executablePath: existsSync(system) ? system : undefined,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: W, height: H } });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
