// Drives the aspstate dashboard in Debian's Chromium as an operator would, for DashboardBrowserTest:
//   node dashboard-check.js ADMIN_URL SESSION_ID SCREENSHOT.png RAW_SESSION_ID
// The test keeps a load running, one session locked for good and others locked and released now and then. This
// checks that the page loads and the request rate moves; that the four charts fill their area two by two, each with
// a time axis and a value axis scaled to its values, with units; that on every refresh the lock tiles and the locked
// table tell the same (one clock); that the stuck session is in the table, that a search finds it and shows its
// decoded items, and that Unlock (confirmed) releases it; that a session whose data is not in ASP.NET's format is
// said to be so and shown as bytes; then it writes the screenshot. Prints one JSON line; exits non-zero on a failure.
'use strict';
const { chromium } = require('playwright-core');

const [adminUrl, sessionId, screenshot, rawSessionId] = process.argv.slice(2);
const STEP_MS = 15000;
const CLOCK_SAMPLES = 8;

function check(condition, message, detail) {
  if (!condition) throw new Error(message + ': ' + JSON.stringify(detail));
}

/** Waits for the dashboard's next refresh and returns its count. */
async function nextRefresh(page, after) {
  await page.waitForFunction((n) => Number(document.body.dataset.refreshes || 0) > n, after, { timeout: STEP_MS });
  return page.evaluate(() => Number(document.body.dataset.refreshes));
}

/** Every row of charts spans the charts' area: no chart alone beside an empty half. */
async function checkLayout(page) {
  const layout = await page.evaluate(() => {
    const area = document.querySelector('.charts').getBoundingClientRect();
    const rows = {};
    for (const figure of document.querySelectorAll('.charts figure')) {
      const box = figure.getBoundingClientRect();
      (rows[Math.round(box.top)] = rows[Math.round(box.top)] || []).push(box);
    }
    return { width: area.width, rows: Object.values(rows).map((boxes) => ({ charts: boxes.length,
      span: Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)) })) };
  });
  check(layout.rows.every((row) => row.span >= 0.95 * layout.width), 'a row of charts leaves the area half empty',
    layout);
  return layout;
}

/** Each chart has a time axis and a value axis scaled to what it shows, labelled with units. */
async function checkCharts(page) {
  const charts = await page.$$eval('svg.chart', (all) => all.map((chart) => ({ id: chart.id,
    x: [...chart.querySelectorAll('.x-label')].map((t) => t.textContent),
    y: [...chart.querySelectorAll('.y-label')].map((t) => t.textContent),
    max: Number(chart.dataset.max), top: Number(chart.dataset.top) })));
  check(charts.length === 4, 'four charts', charts);
  for (const chart of charts) {
    check(chart.x.includes('now') && chart.x.includes('−2 min'), 'a time axis', chart);
    check(chart.y.length === 3, 'a value axis', chart);
    check(chart.max === 0 || (chart.top >= chart.max && chart.top <= 2.5 * chart.max),
      'a value axis scaled to the values', chart);
  }
  const latency = charts.find((chart) => chart.id === 'chart-latency');
  check(latency.max > 0 && / (µs|ms|s)$/.test(latency.y[2]), 'the store time in a unit that suits it', latency);
  const requests = charts.find((chart) => chart.id === 'chart-requests');
  check(/\/s$/.test(requests.y[2]), 'requests per second', requests);
  return charts;
}

/** On every refresh the "Locked now" tile counts the rows of the locked table (fewer than its 25 rows here). */
async function checkOneClock(page) {
  const samples = [];
  let refreshes = await page.evaluate(() => Number(document.body.dataset.refreshes || 0));
  for (let i = 0; i < CLOCK_SAMPLES; i++) {
    refreshes = await nextRefresh(page, refreshes);
    samples.push(await page.evaluate(() => ({ tile: document.getElementById('locked-total').textContent,
      rows: document.querySelectorAll('#locked-table tbody tr').length })));
  }
  check(samples.every((sample) => Number(sample.tile) === sample.rows), 'tiles and table on one clock', samples);
  return samples;
}

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
    // Two polls at least are needed for a rate; the load keeps it above zero, and the store time with it.
    await page.waitForFunction(() => Number(document.getElementById('chart-requests').dataset.max) > 0
      && Number(document.getElementById('chart-latency').dataset.max) > 0, null, { timeout: STEP_MS });
    const rate = await page.textContent('#requests-rate');
    await page.waitForFunction((id) => [...document.querySelectorAll('#locked-table tbody td')]
      .some((td) => td.textContent === id), sessionId, { timeout: STEP_MS });
    const layout = await checkLayout(page);
    const charts = await checkCharts(page);
    const clock = await checkOneClock(page);

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
    await page.waitForFunction((id) => ![...document.querySelectorAll('#locked-table tbody td')]
      .some((td) => td.textContent === id), sessionId, { timeout: STEP_MS });

    await page.fill('#search-input', rawSessionId);
    await page.click('#search-button');
    await page.waitForFunction(() => !document.getElementById('data-head').hidden, null, { timeout: STEP_MS });
    const raw = { problem: await page.textContent('#decode-problem'), head: await page.textContent('#data-head') };
    check(raw.problem.startsWith('Not in ASP.NET\'s session format: ')
      && raw.head.includes('00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 1b 5b 32 4a  |Hello, world.[2J|'),
    'data in another format shown as bytes', raw);
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(JSON.stringify({ ok: true, rate, layout, charts, clock, items, lockedBefore, raw, consoleErrors }));
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
