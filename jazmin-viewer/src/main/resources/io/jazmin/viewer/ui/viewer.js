'use strict';
// The viewer's page: it reads the API (api/..., relative to the page, so that any server root
// works: / for jazmin view, /jazmin-console/ for the starter's console) and builds the page with
// DOM calls and textContent only, so nothing a file holds is ever parsed as HTML. The file shown is
// the page's ?source= (default: the server's first file); every request names it.
(function () {
  const state = { table: null, offset: 0, sort: null, dir: 'asc', where: '', count: 0 };
  const source = new URLSearchParams(window.location.search).get('source');
  const $ = (id) => document.getElementById(id);

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  // The API address of endpoint with params, for the file shown.
  function apiUrl(endpoint, params) {
    const all = Object.assign(source === null ? {} : { source }, params || {});
    const query = new URLSearchParams(all).toString();
    return 'api/' + endpoint + (query ? '?' + query : '');
  }

  async function api(endpoint, params) {
    const response = await fetch(apiUrl(endpoint, params));
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
    return body;
  }

  function fact(list, name, value) {
    if (value === undefined || value === null) return;
    list.append(el('dt', name), el('dd', typeof value === 'object' ? JSON.stringify(value) : value));
  }

  function showFacts(file) {
    $('file-name').textContent = file.name;
    const list = $('facts');
    list.replaceChildren();
    fact(list, 'Format version', file.formatVersion);
    fact(list, 'Flags', Object.keys(file.flags).filter((k) => file.flags[k]).join(', ') || 'none');
    fact(list, 'Encryption', file.encryption);
    fact(list, 'Appends', file.appendCount);
    fact(list, 'File bytes', file.storage.fileBytes);
    fact(list, 'Live bytes', file.storage.liveBytes);
    fact(list, 'Dead bytes', file.storage.deadBytes);
    fact(list, 'Created', file.created);
    fact(list, 'Modified', file.modified);
    fact(list, 'Embedded files', file.fileCount);
    fact(list, 'Reader features', (file.readerFeatures || []).join(', '));
    fact(list, 'Metadata', file.metadata);
    const tables = $('tables');
    tables.replaceChildren();
    const select = $('table-select');
    select.replaceChildren();
    for (const t of file.tables) {
      const card = el('div', null, 'table-card');
      card.append(el('h3', (t.name || '(unnamed table)') + ' (' + t.rowCount + ' rows)'));
      const info = [];
      if (t.sortedBy && t.sortedBy.length) info.push('sorted by ' + t.sortedBy.join(', '));
      if (t.indexes && t.indexes.length) info.push('indexes: ' + t.indexes.map((i) => i.column + ' (' + i.kind + ')').join(', '));
      if (t.partitionBy) info.push('partitioned by ' + t.partitionBy);
      if (t.columnGroups && Object.keys(t.columnGroups).length) info.push('column groups: ' + JSON.stringify(t.columnGroups));
      if (t.hiddenColumnGroups && t.hiddenColumnGroups.length) info.push('hidden column groups: ' + t.hiddenColumnGroups.join(', '));
      if (t.hiddenRowCount) info.push(t.hiddenRowCount + ' rows hidden from this key');
      if (info.length) card.append(el('p', info.join(' · ')));
      const columns = el('table');
      columns.className = 'columns';
      const head = el('tr');
      head.append(el('th', 'Column'), el('th', 'Type'), el('th', 'Nullable'));
      columns.append(head);
      for (const c of t.columns || []) {
        const row = el('tr');
        row.append(el('td', c.name), el('td', c.type), el('td', c.nullable === undefined ? '' : String(c.nullable)));
        columns.append(row);
      }
      card.append(columns);
      tables.append(card);
      const option = el('option', t.name || '(unnamed table)');
      option.value = t.name;
      select.append(option);
    }
    if (file.access) {
      $('access-section').hidden = false;
      $('access').textContent = JSON.stringify(file.access, null, 2);
    }
    state.table = file.tables.length ? file.tables[0].name : null;
    state.count = file.tables.length ? file.tables[0].rowCount : 0;
  }

  function pageSize() { return Number($('page-size').value); }

  function params() {
    const p = { table: state.table, offset: state.offset, limit: pageSize() };
    if (state.sort) { p.sort = state.sort; p.dir = state.dir; }
    if (state.where) p.where = state.where;
    return p;
  }

  function showError(message) {
    const box = $('filter-error');
    box.textContent = message || '';
    box.hidden = !message;
  }

  async function loadRows() {
    let page;
    try {
      page = await api('rows', params());
    } catch (e) {
      showError(e.message);
      return;
    }
    showError(null);
    const head = $('rows').tHead;
    const body = $('rows').tBodies[0];
    head.replaceChildren();
    body.replaceChildren();
    const tr = el('tr');
    for (const c of page.columns) {
      const th = el('th', c.name);
      th.title = c.type;
      th.dataset.col = c.name;
      if (c.ordered) {
        th.classList.add('sortable');
        if (state.sort === c.name) th.classList.add('sorted-' + state.dir);
        th.addEventListener('click', () => {
          state.dir = state.sort === c.name && state.dir === 'asc' ? 'desc' : 'asc';
          state.sort = c.name;
          state.offset = 0;
          loadRows();
        });
      }
      tr.append(th);
    }
    head.append(tr);
    for (const row of page.rows) {
      const r = el('tr');
      for (const c of page.columns) {
        const v = row[c.name];
        if (v === null || v === undefined) r.append(el('td', 'null', 'null'));
        else r.append(el('td', typeof v === 'object' ? JSON.stringify(v) : v));
      }
      body.append(r);
    }
    const first = page.rows.length ? state.offset + 1 : 0;
    $('page-info').textContent = 'rows ' + first + '–' + (state.offset + page.rows.length)
      + (state.where ? ' (filtered)' : ' of ' + state.count);
    $('prev').disabled = state.offset === 0;
    $('next').disabled = page.rows.length < pageSize();
  }

  async function explain() {
    const p = { table: state.table, where: $('where').value.trim() };
    if (state.sort) { p.sort = state.sort; p.dir = state.dir; }
    const out = $('explain-out');
    try {
      const plan = await api('explain', p);
      showError(null);
      out.textContent = JSON.stringify(plan, null, 2);
      out.hidden = false;
    } catch (e) {
      out.hidden = true;
      showError(e.message);
    }
  }

  function fileUrl(path, download) {
    return apiUrl('file-content', download ? { path, download: '1' } : { path });
  }

  async function preview(f) {
    const box = $('preview');
    box.replaceChildren(el('h3', f.path));
    if (f.type && f.type.toLowerCase().startsWith('image/')) {
      const img = el('img');
      img.alt = f.path;
      img.src = fileUrl(f.path, false);
      box.append(img);
    } else if (!f.type || !f.type.toLowerCase().startsWith('text/')) {
      // PDF, audio and video: the browser shows them in a tab of their own.
      const a = el('a', 'Open ' + f.path);
      a.href = fileUrl(f.path, false);
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      box.append(a);
    } else {
      const response = await fetch(fileUrl(f.path, false));
      const text = await response.text();
      box.append(el('pre', text.length > 100000 ? text.slice(0, 100000) + '\n…' : text, 'text-preview'));
    }
  }

  // Fills the body of table #id with a row per item: its cells' texts, then a cell of controls.
  function fillRows(id, items, texts, controls) {
    const body = $(id).tBodies[0];
    body.replaceChildren();
    for (const item of items) {
      const r = el('tr');
      for (const t of texts(item)) r.append(el('td', t));
      const cell = el('td');
      controls(item, cell);
      r.append(cell);
      body.append(r);
    }
  }

  async function loadFiles() {
    fillRows('files', await api('files'), (f) => [f.path, f.type, f.size], (f, cell) => {
      if (f.preview) {
        const b = el('button', 'Preview', 'preview');
        b.type = 'button';
        b.addEventListener('click', () => preview(f));
        cell.append(b, ' ');
      }
      if (f.save) {
        const a = el('a', 'Download', 'download');
        a.href = fileUrl(f.path, true);
        cell.append(a);
      }
    });
  }

  async function loadShapes() {
    fillRows('shapes', await api('shapes'), (s) => [s.name, s.table, s.description], (s, cell) => {
      for (const format of ['json', 'xml']) {
        const a = el('a', format.toUpperCase(), 'export-' + format);
        a.href = apiUrl('export', { name: s.name, format });
        cell.append(a, ' ');
      }
    });
  }

  // A server of several files (the console) offers them in a list; choosing one reloads the page.
  async function showSources() {
    const sources = await api('sources');
    const select = $('source-select');
    select.replaceChildren();
    for (const s of sources) {
      const option = el('option', s.name);
      option.value = s.name;
      option.selected = s.name === (source === null ? sources[0].name : source);
      select.append(option);
    }
    $('sources').hidden = sources.length < 2;
  }

  async function start() {
    try {
      await showSources();
      showFacts(await api('file'));
      await loadRows();
      await loadFiles();
      await loadShapes();
    } catch (e) {
      $('load-error').textContent = e.message;
      $('load-error').hidden = false;
    }
    document.body.dataset.ready = 'true';
  }

  $('source-select').addEventListener('change', () => {
    window.location.search = new URLSearchParams({ source: $('source-select').value }).toString();
  });
  $('apply').addEventListener('click', () => { state.where = $('where').value.trim(); state.offset = 0; loadRows(); });
  $('where').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('apply').click(); });
  $('explain').addEventListener('click', explain);
  $('prev').addEventListener('click', () => { state.offset = Math.max(0, state.offset - pageSize()); loadRows(); });
  $('next').addEventListener('click', () => { state.offset += pageSize(); loadRows(); });
  $('page-size').addEventListener('change', () => { state.offset = 0; loadRows(); });
  $('table-select').addEventListener('change', async () => {
    state.table = $('table-select').value;
    const file = await api('file');
    state.count = file.tables.find((t) => t.name === state.table).rowCount;
    state.offset = 0; state.sort = null; state.where = ''; $('where').value = '';
    loadRows();
  });
  start();
})();
