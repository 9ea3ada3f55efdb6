// The aspstate dashboard: polls the admin API and draws what it finds. No libraries, nothing loaded from
// elsewhere (the page's Content-Security-Policy would refuse it anyway).
'use strict';

const WINDOW_SECONDS = 120;  // the charts show the last two minutes
const REFRESH_MS = 1000;      // one clock for tiles, charts and the locked table
const LOCKED_ROWS = 25;
const OLD_LOCK_SECONDS = 10;  // a lock older than this is shown as suspicious
const SVG = 'http://www.w3.org/2000/svg';
// The charts' drawing area, in the SVG's own units (it scales with the page).
const WIDTH = 480;
const HEIGHT = 150;
const LEFT = 60;
const RIGHT = 12;
const TOP = 8;
const BOTTOM = 22;

let token = sessionStorage.getItem('aspstate-admin-token') || '';
let previous = null;
let refreshes = 0;
let nextRefresh = null;  // the clock's pending tick
let refreshing = false;
let refreshAgain = false; // asked for while a tick was under way
const history = { requests: [], latency: [], sessions: [], memory: [] }; // {at: epoch ms, value}
let shown = null; // the session in the details pane: {store, id}

const $ = (id) => document.getElementById(id);

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (token) {
    headers.Authorization = 'Bearer ' + token;
  }
  const response = await fetch(path, Object.assign({}, options, { headers }));
  if (response.status === 401) {
    $('token-form').hidden = false;
    throw new Error('the admin token is needed');
  }
  const body = await response.json();
  if (!response.ok && response.status !== 404) {
    throw new Error(body.error || response.statusText);
  }
  return { status: response.status, body };
}

function write(path, method) {
  return api(path, { method, headers: { 'X-Requested-By': 'aspstate-dashboard' } });
}

function sessionPath(store, id) {
  return '/api/sessions/' + encodeURIComponent(store) + '/' + encodeURIComponent(id);
}

function showError(error) {
  $('error').hidden = !error;
  $('error').textContent = error ? String(error.message || error) : '';
}

/** At most three significant digits, no trailing zeros: 0.0125 -> "0.0125", 2.5 -> "2.5", 1234 -> "1234". */
function short(n) {
  return n >= 100 ? Math.round(n).toString() : Number(n.toPrecision(3)).toString();
}

function count(n) {
  if (n >= 1e6) return short(n / 1e6) + 'M';
  if (n >= 1e3) return short(n / 1e3) + 'k';
  return short(n);
}

function rate(n) {
  return count(n) + '/s';
}

function bytes(n) {
  if (n >= 1 << 30) return short(n / (1 << 30)) + ' GiB';
  if (n >= 1 << 20) return short(n / (1 << 20)) + ' MiB';
  if (n >= 1 << 10) return short(n / (1 << 10)) + ' KiB';
  return short(n) + ' B';
}

/** A duration given in milliseconds, in the unit that suits it: 13 µs, 2.4 ms, 1.2 s. */
function duration(millis) {
  if (millis === 0) return '0';
  if (millis < 1) return short(millis * 1000) + ' µs';
  if (millis < 1000) return short(millis) + ' ms';
  return short(millis / 1000) + ' s';
}

/** How long the server has been up, in its two largest units: 45 s, 12 min 5 s, 3 h 12 min, 2 d 3 h. */
function since(totalSeconds) {
  const units = [[86400, 'd'], [3600, 'h'], [60, 'min'], [1, 's']];
  for (let i = 0; i < units.length - 1; i++) {
    const [size, name] = units[i];
    if (totalSeconds >= size) {
      const [nextSize, nextName] = units[i + 1];
      const next = Math.floor((totalSeconds % size) / nextSize);
      return Math.floor(totalSeconds / size) + ' ' + name + (next === 0 ? '' : ' ' + next + ' ' + nextName);
    }
  }
  return totalSeconds + ' s';
}

function seconds(millis) {
  return (millis / 1000).toFixed(1) + ' s';
}

// Each chart: its series, how its values read, and the smallest top its axis has (so that an idle server's zeros
// do not make a scale of nothing; below any value a busy server shows: the memory store's mean time can be a third
// of a microsecond). Values are plain numbers: per second, milliseconds, sessions, bytes.
const CHARTS = [
  { id: 'chart-requests', series: 'requests', format: rate, least: 1 },
  { id: 'chart-latency', series: 'latency', format: duration, least: 0.0001 },
  { id: 'chart-sessions', series: 'sessions', format: count, least: 1 },
  { id: 'chart-memory', series: 'memory', format: bytes, least: 1024, base: 1024 },
];

/** The smallest 1, 2, 2.5 or 5 times a power of the base's step that is at least value: the axis's top. */
function niceTop(value, chart) {
  const top = Math.max(value, chart.least);
  const unit = chart.base ? Math.pow(chart.base, Math.floor(Math.log(top) / Math.log(chart.base))) : 1;
  const scaled = top / unit;
  const power = Math.pow(10, Math.floor(Math.log10(scaled)));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= scaled * (1 - 1e-9));
  return step * power * unit;
}

function record(series, at, value) {
  series.push({ at, value });
  while (series.length > 0 && series[0].at < at - WINDOW_SECONDS * 1000) series.shift();
}

function svg(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Draws one chart: the last two minutes against a time axis, the values against an axis scaled to them. */
function draw(chart, now) {
  const element = $(chart.id);
  const points = history[chart.series];
  const max = Math.max(0, ...points.map((point) => point.value));
  const top = niceTop(max, chart);
  const x = (at) => LEFT + (1 - (now - at) / (WINDOW_SECONDS * 1000)) * (WIDTH - LEFT - RIGHT);
  const y = (value) => TOP + (1 - value / top) * (HEIGHT - TOP - BOTTOM);
  const parts = [];
  for (const share of [0, 0.5, 1]) {
    parts.push(svg('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: y(top * share), y2: y(top * share), class: 'grid' }));
    parts.push(svg('text', { x: LEFT - 6, y: y(top * share) + 4, class: 'y-label' }, chart.format(top * share)));
  }
  for (const ago of [120, 90, 60, 30, 0]) {
    const at = x(now - ago * 1000);
    parts.push(svg('line', { x1: at, x2: at, y1: HEIGHT - BOTTOM, y2: HEIGHT - BOTTOM + 4, class: 'tick' }));
    const label = ago === 0 ? 'now' : ago % 60 === 0 ? '−' + ago / 60 + ' min' : '−' + ago + ' s';
    parts.push(svg('text', { x: at, y: HEIGHT - 5, class: 'x-label' }, label));
  }
  parts.push(svg('polyline', {
    class: 'series',
    points: points.map((point) => x(point.at).toFixed(1) + ',' + y(point.value).toFixed(1)).join(' '),
  }));
  element.replaceChildren(...parts);
  element.dataset.max = String(max);
  element.dataset.top = String(top);
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/**
 * One tick of the dashboard's clock: the statistics and the locked sessions are asked for together and shown
 * together, so the tiles, the charts and the table always describe the same moment. The lock tiles come from the
 * same answer as the table.
 */
async function refresh() {
  refreshing = true;
  try {
    const [{ body: stats }, { body: locks }] = await Promise.all([api('/api/stats'),
      api('/api/sessions?locked=true&sort=lock-age&limit=' + LOCKED_ROWS)]);
    showStats(stats, locks);
    showLocks(locks);
    $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
    document.body.dataset.refreshes = String(++refreshes);
    showError(null);
  } catch (error) {
    showError(error);
  } finally {
    const again = refreshAgain;
    refreshAgain = false;
    refreshing = false;
    refreshSoon(again ? 0 : REFRESH_MS);
  }
}

/**
 * Moves the clock's next tick: after an unlock or a delete, the tiles and the table show it at once. A tick under
 * way is followed by another one at once.
 */
function refreshSoon(delayMillis) {
  if (refreshing) {
    refreshAgain = refreshAgain || delayMillis === 0;
    return;
  }
  clearTimeout(nextRefresh);
  nextRefresh = setTimeout(refresh, delayMillis);
}

function showStats(stats, locks) {
  $('version').textContent = 'version ' + stats.version;
  $('store-description').textContent = 'store ' + stats.store;
  $('ready').textContent = stats.ready ? 'ready' : 'not ready';
  $('ready').className = 'badge ' + (stats.ready ? 'ready' : 'not-ready');
  $('uptime').textContent = 'up ' + since(stats.uptimeSeconds);
  const at = Date.now();
  const now = performance.now();
  let requestRate = 0;
  let latency = 0;
  if (previous) {
    const requests = stats.requests.count - previous.requests.count;
    requestRate = requests / ((now - previous.at) / 1000);
    latency = requests > 0 ? ((stats.requests.seconds - previous.requests.seconds) / requests) * 1000 : 0;
  }
  previous = { at: now, requests: stats.requests };
  const sessionStores = ['stateserver', 'sqlstate', 'spstate', 'corecache'].map((name) => stats.stores[name])
    .filter(Boolean);
  const sessions = sessionStores.reduce((sum, store) => sum + store.active, 0);
  const open = Object.values(stats.connections).reduce((sum, listener) => sum + listener.open, 0);
  $('requests-rate').textContent = rate(requestRate);
  $('latency').textContent = duration(latency);
  $('sessions-total').textContent = sessions.toString();
  $('locked-total').textContent = locks.matched.toString();
  $('oldest-lock').textContent = locks.sessions.length > 0 ? seconds(locks.sessions[0].lockAgeMillis) : '–';
  $('memory').textContent = bytes(stats.memory.usedBytes) + ' / '
    + (stats.memory.maxBytes ? bytes(stats.memory.maxBytes) : 'unlimited');
  $('connections').textContent = open.toString();
  record(history.requests, at, requestRate);
  record(history.latency, at, latency);
  record(history.sessions, at, sessions);
  record(history.memory, at, stats.memory.usedBytes);
  for (const chart of CHARTS) draw(chart, at);
}

function showLocks(locks) {
  const tbody = $('locked-table').tBodies[0];
  tbody.replaceChildren();
  for (const session of locks.sessions) {
    const row = tbody.insertRow();
    cell(row, session.store);
    cell(row, session.id, 'id');
    cell(row, seconds(session.lockAgeMillis),
      'number' + (session.lockAgeMillis >= OLD_LOCK_SECONDS * 1000 ? ' old-lock' : ''));
    cell(row, bytes(session.sizeBytes), 'number');
    cell(row, session.lockCookie.toString(), 'number');
    const button = document.createElement('button');
    button.textContent = 'Inspect';
    button.addEventListener('click', () => showSession(session.store, session.id));
    row.insertCell().append(button);
  }
  $('locked-more').hidden = locks.matched > 0 && locks.matched <= locks.sessions.length;
  $('locked-more').textContent = locks.matched === 0 ? 'No session is locked.'
    : locks.matched + ' sessions are locked; the ' + locks.sessions.length + ' oldest locks are shown.';
}

async function search(event) {
  event.preventDefault();
  const parameters = new URLSearchParams({ limit: '100' });
  if ($('search-store').value) parameters.set('store', $('search-store').value);
  if ($('search-input').value) parameters.set('prefix', $('search-input').value.trim());
  if ($('search-locked').checked) parameters.set('locked', 'true');
  try {
    const { body } = await api('/api/sessions?' + parameters);
    const tbody = $('results').tBodies[0];
    tbody.replaceChildren();
    for (const session of body.sessions) {
      const row = tbody.insertRow();
      cell(row, session.store);
      cell(row, session.id, 'id');
      cell(row, bytes(session.sizeBytes), 'number');
      cell(row, session.expiresAt || 'never');
      cell(row, session.locked ? 'locked ' + seconds(session.lockAgeMillis) : '');
      row.addEventListener('click', () => showSession(session.store, session.id));
    }
    $('results-more').hidden = body.matched <= body.sessions.length;
    $('results-more').textContent = body.matched + ' sessions match; the first ' + body.sessions.length
      + ' are shown: narrow the search.';
    if (body.sessions.length === 1) showSession(body.sessions[0].store, body.sessions[0].id);
  } catch (error) {
    showError(error);
  }
}

async function showSession(store, id) {
  try {
    const { status, body } = await api(sessionPath(store, id));
    $('details').hidden = false;
    shown = { store, id };
    $('details-title').textContent = store + ' / ' + id;
    const metadata = $('details-metadata');
    metadata.replaceChildren();
    if (status === 404) {
      metadata.append(definition('state', 'gone (expired, deleted or never there)'));
      $('items-table').tBodies[0].replaceChildren();
      $('decode-problem').hidden = true;
      $('data-head').hidden = true;
      return;
    }
    metadata.append(
      definition('size', bytes(body.sizeBytes)),
      definition('timeout', body.timeoutMinutes + ' min'),
      definition('expires', body.expiresAt || 'never'),
      definition('locked', body.locked ? 'yes, for ' + seconds(body.lockAgeMillis) : 'no'),
      definition('lock cookie', String(body.lockCookie)),
      definition('uninitialized (ActionFlags 1)', body.uninitialized ? 'yes' : 'no'));
    if (body.compressed) metadata.append(definition('compressed', 'yes'));
    if (body.sessionId) metadata.append(definition('session id (ISession.Id)', body.sessionId));
    const format = store === 'corecache' ? 'ASP.NET Core\'s' : 'ASP.NET\'s';
    $('decode-problem').hidden = !body.decodeProblem;
    $('decode-problem').textContent = !body.decodeProblem ? ''
      : ((body.items || []).length === 0 ? 'Not in ' + format + ' session format: '
        : 'The rest is not in ' + format + ' session format: ') + body.decodeProblem;
    $('data-head').hidden = !body.head;
    $('data-head').textContent = body.head ? hexDump(body.head, body.sizeBytes) : '';
    const tbody = $('items-table').tBodies[0];
    tbody.replaceChildren();
    $('items-table').hidden = (body.items || []).length === 0;
    for (const item of body.items || []) {
      const row = tbody.insertRow();
      cell(row, item.name === null || item.name === undefined ? '(null key)' : item.name);
      cell(row, item.type + (item.objectType ? ' ' + item.objectType : ''));
      cell(row, item.value === null || item.value === undefined ? '' : item.value, 'id');
      cell(row, bytes(item.sizeBytes), 'number');
    }
    $('unlock-button').disabled = !body.locked;
  } catch (error) {
    showError(error);
  }
}

/** The first bytes of data the decoder could not read (base64 from the API), as hexdump -C shows them. */
function hexDump(base64, size) {
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const lines = [data.length === size ? 'its ' + size + ' bytes:'
    : 'its first ' + data.length + ' bytes of ' + size + ':'];
  for (let offset = 0; offset < data.length; offset += 16) {
    const row = Array.from(data.subarray(offset, offset + 16));
    const hex = row.map((b, i) => (i === 8 ? ' ' : '') + b.toString(16).padStart(2, '0')).join(' ');
    const text = row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(offset.toString(16).padStart(8, '0') + '  ' + hex.padEnd(49) + ' |' + text + '|');
  }
  return lines.join('\n');
}

function definition(term, description) {
  const fragment = document.createDocumentFragment();
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = description;
  fragment.append(dt, dd);
  return fragment;
}

async function unlockShown() {
  if (!shown || !confirm('Release the lock of ' + shown.id + '? The request holding it loses it.')) return;
  try {
    await write(sessionPath(shown.store, shown.id) + '/unlock', 'POST');
    await showSession(shown.store, shown.id);
    refreshSoon(0);
  } catch (error) {
    showError(error);
  }
}

async function deleteShown() {
  if (!shown || !confirm('Delete session ' + shown.id + '? Its user loses everything in it.')) return;
  try {
    await write(sessionPath(shown.store, shown.id), 'DELETE');
    await showSession(shown.store, shown.id);
    refreshSoon(0);
  } catch (error) {
    showError(error);
  }
}

$('token').addEventListener('submit', (event) => {
  event.preventDefault();
  token = $('token-input').value;
  sessionStorage.setItem('aspstate-admin-token', token);
  $('token-form').hidden = true;
  refreshSoon(0);
});
$('search').addEventListener('submit', search);
$('unlock-button').addEventListener('click', unlockShown);
$('delete-button').addEventListener('click', deleteShown);
refresh();
