// The aspstate dashboard: polls the admin API and draws what it finds. No libraries, nothing loaded from
// elsewhere (the page's Content-Security-Policy would refuse it anyway).
'use strict';

const POINTS = 120;          // chart history: two minutes at one poll a second
const STATS_EVERY_MS = 1000;
const LOCKS_EVERY_MS = 2000;
const OLD_LOCK_SECONDS = 10; // a lock older than this is shown as suspicious

let token = sessionStorage.getItem('aspstate-admin-token') || '';
let previous = null;
const history = { requests: [], latency: [], sessions: [], memory: [] };
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

function bytes(n) {
  if (n >= 1 << 30) return (n / (1 << 30)).toFixed(2) + ' GiB';
  if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + ' MiB';
  if (n >= 1 << 10) return (n / (1 << 10)).toFixed(1) + ' KiB';
  return n + ' B';
}

function seconds(millis) {
  return (millis / 1000).toFixed(1) + ' s';
}

function push(series, value) {
  series.push(value);
  if (series.length > POINTS) series.shift();
}

function draw(canvas, series) {
  const context = canvas.getContext('2d');
  const { width, height } = canvas;
  context.clearRect(0, 0, width, height);
  const max = Math.max(1, ...series);
  context.fillStyle = '#5b6573';
  context.font = '10px sans-serif';
  context.fillText(max.toFixed(max < 10 ? 2 : 0), 2, 10);
  context.strokeStyle = '#2e6da4';
  context.lineWidth = 1.5;
  context.beginPath();
  series.forEach((value, i) => {
    const x = (i / (POINTS - 1)) * width;
    const y = height - (value / max) * (height - 14);
    if (i === 0) context.moveTo(x, y); else context.lineTo(x, y);
  });
  context.stroke();
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

async function refreshStats() {
  try {
    const { body: stats } = await api('/api/stats');
    $('version').textContent = 'version ' + stats.version;
    $('store-description').textContent = 'store ' + stats.store;
    $('ready').textContent = stats.ready ? 'ready' : 'not ready';
    $('ready').className = 'badge ' + (stats.ready ? 'ready' : 'not-ready');
    $('uptime').textContent = 'up ' + stats.uptimeSeconds + ' s';
    const now = performance.now();
    let rate = 0;
    let latency = 0;
    if (previous) {
      const count = stats.requests.count - previous.requests.count;
      rate = count / ((now - previous.at) / 1000);
      latency = count > 0 ? ((stats.requests.seconds - previous.requests.seconds) / count) * 1000 : 0;
    }
    previous = { at: now, requests: stats.requests };
    const sessionStores = ['stateserver', 'sqlstate', 'spstate'].map((name) => stats.stores[name]).filter(Boolean);
    const sessions = sessionStores.reduce((sum, store) => sum + store.active, 0);
    const locked = sessionStores.reduce((sum, store) => sum + store.locked, 0);
    const oldest = Math.max(0, ...sessionStores.map((store) => store.oldestLockSeconds));
    const open = Object.values(stats.connections).reduce((sum, listener) => sum + listener.open, 0);
    $('requests-rate').textContent = Math.round(rate).toString();
    $('latency').textContent = latency.toFixed(3);
    $('sessions-total').textContent = sessions.toString();
    $('locked-total').textContent = locked.toString();
    $('oldest-lock').textContent = oldest.toFixed(1);
    $('memory').textContent = bytes(stats.memory.usedBytes) + ' / '
      + (stats.memory.maxBytes ? bytes(stats.memory.maxBytes) : 'unlimited');
    $('connections').textContent = open.toString();
    push(history.requests, rate);
    push(history.latency, latency);
    push(history.sessions, sessions);
    push(history.memory, stats.memory.usedBytes / (1 << 20));
    draw($('chart-requests'), history.requests);
    draw($('chart-latency'), history.latency);
    draw($('chart-sessions'), history.sessions);
    draw($('chart-memory'), history.memory);
    showError(null);
  } catch (error) {
    showError(error);
  }
}

async function refreshLocks() {
  try {
    const { body } = await api('/api/sessions?locked=true&sort=lock-age&limit=25');
    const tbody = $('locked-table').tBodies[0];
    tbody.replaceChildren();
    for (const session of body.sessions) {
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
  } catch (error) {
    showError(error);
  }
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
    $('decode-problem').hidden = !body.decodeProblem;
    $('decode-problem').textContent = body.decodeProblem ? 'Not fully decoded: ' + body.decodeProblem : '';
    const tbody = $('items-table').tBodies[0];
    tbody.replaceChildren();
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
    await refreshLocks();
  } catch (error) {
    showError(error);
  }
}

async function deleteShown() {
  if (!shown || !confirm('Delete session ' + shown.id + '? Its user loses everything in it.')) return;
  try {
    await write(sessionPath(shown.store, shown.id), 'DELETE');
    await showSession(shown.store, shown.id);
    await refreshLocks();
  } catch (error) {
    showError(error);
  }
}

$('token').addEventListener('submit', (event) => {
  event.preventDefault();
  token = $('token-input').value;
  sessionStorage.setItem('aspstate-admin-token', token);
  $('token-form').hidden = true;
  refreshStats();
  refreshLocks();
});
$('search').addEventListener('submit', search);
$('unlock-button').addEventListener('click', unlockShown);
$('delete-button').addEventListener('click', deleteShown);
refreshStats();
refreshLocks();
setInterval(refreshStats, STATS_EVERY_MS);
setInterval(refreshLocks, LOCKS_EVERY_MS);
