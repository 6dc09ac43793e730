/**
 * `npx node web/preview-images.ts` (Node 22, from devDependencies): the city illustrations (web/public/images/events/<city>.svg) as
 * 1200×675 JPEGs beside them, for link previews: WhatsApp, Facebook and X do not read an SVG
 * `og:image` (web/src/features/events/lib/event-head.ts points previews at the JPEG). Run it after
 * changing or adding an illustration, and commit the JPEGs. Uses Debian's Chromium, as the tests do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const dir = fileURLToPath(new URL('./public/images/events/', import.meta.url));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 675 } });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(`${dir}${file}`, 'utf8').replace('<svg ', '<svg width="1200" height="675" ');
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const out = `${dir}${file.replace(/\.svg$/, '.jpg')}`;
    await page.screenshot({ path: out, type: 'jpeg', quality: 85, clip: { x: 0, y: 0, width: 1200, height: 675 } });
    console.log(`wrote ${out}`);
  }
} finally {
  await browser.close();
}
