// Draws the app's icons (the pages' favicon, index.html, and the web app manifest's,
// scripts/offlineApp.ts) from public/favicon.svg with Chromium, so that they are its shape at
// every size:
//   npm run icons   → public/icons/favicon-32.png, icon-192.png, icon-512.png, maskable-512.png
// The pages name the 32 px PNG, not the SVG: Chrome draws an SVG icon on the page's main thread as
// a document of its own (its text laid out), 10 ms of a fast computer's time, twice per visit (the
// tab's icon and the install check's), a tenth of a second each on a low-tier phone.
// Run it again after changing the favicon, and commit the PNGs.
import { mkdirSync, readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const SVG = readFileSync('public/favicon.svg', 'utf8');
const OUT = 'public/icons';
const BRAND = '#008751';

/** The favicon at `size` px; a maskable icon keeps it inside the 80 % safe zone on a full-bleed green. */
const page = (size: number, maskable: boolean) => {
  const inner = maskable ? Math.round(size * 0.8) : size;
  const svg = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
  return (
    `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
    `background:${maskable ? BRAND : 'transparent'}"><img src="${svg}" width="${inner}" height="${inner}"></body></html>`
  );
};

mkdirSync(OUT, { recursive: true });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage();
  for (const [name, size, maskable] of [
    ['favicon-32', 32, false],
    ['icon-192', 192, false],
    ['icon-512', 512, false],
    ['maskable-512', 512, true],
  ] as const) {
    await tab.setViewport({ width: size, height: size });
    await tab.setContent(page(size, maskable), { waitUntil: 'load' });
    await tab.screenshot({
      path: `${OUT}/${name}.png`,
      omitBackground: !maskable,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  }
} finally {
  await browser.close();
}
console.log(`Icons written to ${OUT}/.`);
