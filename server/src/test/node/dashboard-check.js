// Drives the aspstate dashboard in Debian's Chromium as an operator would, for DashboardBrowserTest:
//   node dashboard-check.js ADMIN_URL SESSION_ID SCREENSHOT.png
// The test keeps a load running and one session locked. This checks that the page loads, that the request counter
// moves, that the locked session is in the table, that a search finds it and shows its decoded items, and that
// Unlock (confirmed) releases it; then it writes the screenshot. Prints one JSON line; exits non-zero on a failure.
'use strict';
const { chromium } = require('playwright-core');

const [adminUrl, sessionId, screenshot] = process.argv.slice(2);
const STEP_MS = 15000;

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const consoleErrors = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1300 } });
    page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    page.on('dialog', (dialog) => dialog.accept());
    await page.goto(adminUrl, { timeout: STEP_MS });
    await page.waitForFunction(() => document.getElementById('version').textContent.startsWith('version '),
      null, { timeout: STEP_MS });
    // Two polls at least are needed for a rate; the load keeps it above zero.
    await page.waitForFunction(() => Number(document.getElementById('requests-rate').textContent) > 0,
      null, { timeout: STEP_MS });
    const rate = Number(await page.textContent('#requests-rate'));
    await page.waitForFunction((id) => [...document.querySelectorAll('#locked-table tbody td')]
      .some((td) => td.textContent === id), sessionId, { timeout: STEP_MS });

    await page.fill('#search-input', sessionId);
    await page.click('#search-button');
    await page.waitForFunction(() => !document.getElementById('details').hidden
      && document.querySelectorAll('#items-table tbody tr').length > 0, null, { timeout: STEP_MS });
    const items = await page.$$eval('#items-table tbody tr',
      (rows) => rows.map((row) => [...row.cells].map((cell) => cell.textContent)));
    const lockedBefore = await page.textContent('#details-metadata');

    await page.click('#unlock-button');
    await page.waitForFunction(() => document.getElementById('details-metadata').textContent.includes('lockedno'),
      null, { timeout: STEP_MS });
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(JSON.stringify({ ok: true, rate, items, lockedBefore, consoleErrors }));
  } finally {
    await browser.close();
  }
  if (consoleErrors.length > 0) {
    console.log(JSON.stringify({ ok: false, consoleErrors }));
    process.exit(1);
  }
}

main().catch((error) => {
  console.log(JSON.stringify({ ok: false, error: String(error && error.stack || error) }));
  process.exit(1);
});
