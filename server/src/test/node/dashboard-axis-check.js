// Checks the dashboard's value axes without a browser, for DashboardAxisTest:
//   node dashboard-axis-check.js DASHBOARD.js
// Runs the dashboard's script in a context whose page objects answer anything and do nothing, then asks each
// chart's axis for its top over values from far below to far above what a server shows: the top is never below the
// value, and at most 2.5 times it once the value is above the chart's least top (an idle server's zeros still get a
// scale). Prints one JSON line; exits non-zero on a failure.
'use strict';
const fs = require('fs');
const vm = require('vm');

/** A page object that takes any call or property and gives itself back. */
function anything() {
  const target = function () {};
  const proxy = new Proxy(target, {
    get: (_, name) => (name === Symbol.toPrimitive ? () => '' : name === 'then' ? undefined : proxy),
    apply: () => proxy,
    construct: () => proxy,
    set: () => true,
  });
  return proxy;
}

const source = fs.readFileSync(process.argv[2], 'utf8');
const page = anything();
const context = vm.createContext({
  document: page, window: page, sessionStorage: page, localStorage: page, location: page, navigator: page,
  fetch: () => new Promise(() => {}), setTimeout: () => 0, setInterval: () => 0, clearTimeout: () => {},
  clearInterval: () => {}, console, Math, Number, String, Object, Array, Date, JSON, Promise, URLSearchParams,
});
vm.runInContext(source + '\n;globalThis.axes = { niceTop, CHARTS };', context);
const { niceTop, CHARTS } = context.axes;

/** a < b beyond rounding: the tops are powers of ten times 1, 2, 2.5 or 5, not exact in binary. */
const below = (a, b) => a < b * (1 - 1e-9);

const failures = [];
let checked = 0;
for (const chart of CHARTS) {
  for (let exponent = -6; exponent <= 12; exponent++) {
    for (const mantissa of [1, 1.1, 2, 2.4, 3.6, 5, 7.5, 9.99]) {
      const value = mantissa * Math.pow(10, exponent);
      const top = niceTop(value, chart);
      checked++;
      if (below(top, value) || (value >= chart.least && top > 2.5 * value) || below(top, chart.least)) {
        failures.push({ chart: chart.id, value, top, least: chart.least });
      }
    }
  }
  if (Math.abs(niceTop(0, chart) - chart.least) > 1e-9 * chart.least) failures.push({ chart: chart.id, value: 0, top: niceTop(0, chart) });
}
const latency = CHARTS.find((chart) => chart.id === 'chart-latency');
// The memory store's mean time a request, on a fast machine: a third of a microsecond.
const fast = niceTop(0.00036, latency);
if (fast > 2.5 * 0.00036) failures.push({ chart: latency.id, value: 0.00036, top: fast, why: 'a fast store' });
console.log(JSON.stringify({ ok: failures.length === 0, checked, failures: failures.slice(0, 10) }));
process.exit(failures.length === 0 ? 0 : 1);
