// The page of `cute serve`: sends the expression to GET /api/eval, shows
// the answer (repr, notes, table, drawing), and makes the drawing
// interactive:
// - a thread-value layout, tiled MMA or tiled copy: hovering or clicking a
//   thread (a cell, its T or V label, or a button of the thread list)
//   lights every cell whose T label is that thread; a click keeps it lit;
// - a composition or divide of two layouts: the operands A and B and the
//   result side by side, linked cells in one colour; hovering or clicking a
//   cell lights the cells it comes from or goes to.
// - a call of an explained operation (composition(A, B) and the like): its
//   trace from GET /api/explain, step by step (Previous, Next, or a step of
//   the list), ending in the result or the refused condition;
// - the bank view (a shared-memory layout given): GET /api/banks draws the
//   banks a thread-value layout (or tiled copy) reads or writes, with its
//   wavefronts.
// The expression is kept in the URL (/?expr=...&tile=...&view=tv&color=...
// &smem=...&bits=...&op=...), so a link shows the same view. No framework, no request elsewhere.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const form = $('form');
  const exprIn = $('expr');
  const tileIn = $('tile');
  const tvIn = $('tv');
  const colorIn = $('color');
  const smemIn = $('smem');
  const bitsIn = $('bits');
  const opIn = $('op');
  const drawing = $('drawing');
  const threads = $('threads');
  const status = $('status');
  let sequence = 0;
  const HINT_THREADS = 'Hover or click a cell (or a thread below) to light every value of its thread.';
  const HINT_LINKS = 'Hover or click a cell to light the cells it comes from (A, B) or goes to (the result); linked cells share a colour.';

  // ---- the URL and the form ----

  function paramsOfForm() {
    const p = new URLSearchParams();
    p.set('expr', exprIn.value);
    const tile = tileIn.value.trim();
    if (tile) {
      p.set('tile', tile);
      tvIn.checked = true; // a tile is drawn as a thread-value layout
    }
    if (tvIn.checked) p.set('view', 'tv');
    if (colorIn.value) p.set('color', colorIn.value);
    for (const [name, input] of [['smem', smemIn], ['bits', bitsIn], ['op', opIn]]) {
      if (input.value.trim()) p.set(name, input.value.trim());
    }
    return p;
  }

  function formOfParams(p) {
    exprIn.value = p.get('expr') || '';
    tileIn.value = p.get('tile') || '';
    tvIn.checked = p.get('view') === 'tv' || tileIn.value.trim() !== '';
    const color = p.get('color') || '';
    colorIn.value = [...colorIn.options].some((o) => o.value === color) ? color : '';
    smemIn.value = p.get('smem') || '';
    bitsIn.value = p.get('bits') || '';
    opIn.value = p.get('op') || '';
  }

  // ---- evaluation ----

  async function evaluate(push) {
    const p = paramsOfForm();
    const url = '/?' + p.toString();
    $('permalink').href = url;
    if (push && location.pathname + location.search !== url) {
      history.pushState(null, '', url);
    }
    if (!exprIn.value.trim()) {
      clear();
      $('hint').hidden = false;
      document.body.dataset.state = 'idle';
      return;
    }
    const mine = ++sequence;
    document.body.dataset.state = 'loading';
    if (p.has('smem')) {
      // the bank view: the expression is the access's TV layout
      const q = new URLSearchParams();
      q.set('tv', p.get('expr'));
      for (const name of ['smem', 'bits', 'op']) if (p.has(name)) q.set(name, p.get(name));
      const answer = await ask('/api/banks?' + q.toString());
      if (mine !== sequence) return;
      render(answer);
      return;
    }
    const q = new URLSearchParams();
    q.set('expr', p.get('expr'));
    const [answer, trace] = await Promise.all([
      ask('/api/eval?' + p.toString()),
      ask('/api/explain?' + q.toString()),
    ]);
    if (mine !== sequence) return; // a later evaluation was asked for
    render(answer);
    renderTrace(trace);
  }

  // The JSON answer of one route, or an error answer of the same shape.
  async function ask(url) {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch (e) {
        return { ok: false, class: 'HTTP ' + response.status, message: text.slice(0, 4000) };
      }
    } catch (e) {
      return { ok: false, class: 'NetworkError', message: 'the server did not answer (' + e + ')' };
    }
  }

  function clear() {
    $('error').hidden = true;
    $('repr').hidden = true;
    $('notes').hidden = true;
    $('notes').replaceChildren();
    status.hidden = true;
    status.textContent = '';
    threads.hidden = true;
    threads.replaceChildren();
    drawing.replaceChildren();
    drawing.className = '';
    $('table-box').hidden = true;
    $('table').textContent = '';
    $('wavefronts').hidden = true;
    $('wavefronts').textContent = '';
    $('trace').hidden = true;
    $('steps').replaceChildren();
    trace = null;
  }

  // Shows one answer of /api/eval (or of /api/banks, the same shape with
  // its wavefronts). A view with a route of its own in the server's ROUTES
  // table adds its fetch and renderer beside this one (renderTrace).
  function render(a) {
    clear();
    $('hint').hidden = true;
    document.body.dataset.kind = a.kind || '';
    if (!a.ok) {
      $('error-class').textContent = (a.class || 'Error') + ':';
      $('error-message').textContent = a.message || '(no message)';
      $('error').hidden = false;
      document.body.dataset.state = 'error';
      return;
    }
    if (a.kind === 'banks') {
      a.repr = a.smem;
      a.table = a.report;
      const w = $('wavefronts');
      const b = document.createElement('b');
      b.textContent = a.wavefronts + ' wavefront' + (a.wavefronts === 1 ? '' : 's');
      w.append(b, ' (ideal ' + a.ideal + ')' + (a.wavefronts > a.ideal ? ': bank conflicts' : ': conflict-free'));
      w.dataset.wavefronts = String(a.wavefronts);
      w.dataset.ideal = String(a.ideal);
      w.className = a.wavefronts > a.ideal ? 'conflicts' : 'free';
      const s = document.createElement('div');
      s.className = 'summary';
      s.textContent = a.summary;
      w.appendChild(s);
      w.hidden = false;
    }
    if (a.repr != null) {
      $('repr').textContent = a.repr;
      $('repr').hidden = false;
    }
    for (const n of a.notes || []) {
      const li = document.createElement('li');
      li.textContent = n;
      $('notes').appendChild(li);
      $('notes').hidden = false;
    }
    if (a.table != null) {
      $('table').textContent = a.table;
      $('table-box').hidden = false;
    }
    if (a.kind === 'linked' && a.panels) {
      showLinked(a.panels, a.links || []);
    } else if (a.svg) {
      const svg = parseSvg(a.svg);
      if (svg) {
        drawing.appendChild(svg);
        if (a.kind === 'tv' || a.kind === 'mma' || a.kind === 'copy') wireThreads(svg);
      }
    }
    document.body.dataset.state = 'done';
  }

  // ---- an operation's trace, step by step ----

  let trace = null; // { steps, at }

  // Shows one answer of /api/explain: nothing unless the line ends with a
  // call of an explained operation (its errors are /api/eval's to show).
  function renderTrace(a) {
    if (!a || !a.ok || !a.explained || !a.trace || !Array.isArray(a.trace.steps)) return;
    const t = a.trace;
    $('trace-call').textContent = t.call;
    const list = $('steps');
    list.replaceChildren();
    t.steps.forEach((s, i) => {
      const li = document.createElement('li');
      li.dataset.step = String(i);
      li.dataset.kind = s.kind;
      li.style.paddingLeft = (s.depth * 18 + 4) + 'px';
      li.textContent = stepLine(s);
      li.addEventListener('click', () => goTo(i));
      list.appendChild(li);
    });
    trace = { steps: t.steps, result: t.result, at: 0 };
    $('trace').hidden = false;
    goTo(0);
  }

  const stepLine = (s) => s.text + (s.holds === true ? ' [holds]' : s.holds === false ? ' [fails]' : '');

  function goTo(i) {
    if (!trace) return;
    const n = trace.steps.length;
    trace.at = Math.max(0, Math.min(n - 1, i));
    const s = trace.steps[trace.at];
    $('step-count').textContent = 'step ' + (trace.at + 1) + ' of ' + n;
    $('step-kind').textContent = s.kind + (s.holds === true ? ', holds' : s.holds === false ? ', fails' : '');
    $('step-kind').dataset.kind = s.kind;
    $('step-text').textContent = s.text;
    const step = $('step');
    step.dataset.kind = s.kind;
    step.dataset.holds = s.holds == null ? '' : String(s.holds);
    const dl = $('step-values');
    dl.replaceChildren();
    for (const [name, value] of Object.entries(s.values || {})) {
      const dt = document.createElement('dt');
      dt.textContent = name;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    }
    $('prev').disabled = trace.at === 0;
    $('next').disabled = trace.at === n - 1;
    $('steps').querySelectorAll('li').forEach((li) => {
      const on = Number(li.dataset.step) === trace.at;
      li.classList.toggle('current', on);
      if (on) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    const cur = $('steps').querySelector('li.current');
    if (cur) {
      const list = $('steps');
      const top = cur.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 3;
      }
    }
  }

  // The server's SVG as an element of this document (parsed as XML: no
  // script runs, and none is kept).
  function parseSvg(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
      return null;
    }
    root.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
    return document.importNode(root, true);
  }

  const keyOf = (el) => el.getAttribute('data-m') + ',' + el.getAttribute('data-n');

  // The cells of each grid of an SVG (an MMA's operands are groups):
  // parent -> (key -> rect).
  function grids(svg) {
    const byParent = new Map();
    svg.querySelectorAll('rect.cell').forEach((r) => {
      let g = byParent.get(r.parentNode);
      if (!g) byParent.set(r.parentNode, (g = new Map()));
      g.set(keyOf(r), r);
    });
    return byParent;
  }

  // ---- threads and values ----

  function wireThreads(svg) {
    const cells = grids(svg);
    const byThread = new Map();
    svg.querySelectorAll('text.thread, text.value').forEach((label) => {
      const rect = (cells.get(label.parentNode) || new Map()).get(keyOf(label));
      if (!rect) return;
      const number = parseInt(label.textContent.slice(1), 10);
      if (label.classList.contains('thread')) {
        rect.setAttribute('data-t', number);
        let list = byThread.get(number);
        if (!list) byThread.set(number, (list = []));
        list.push(rect);
      } else {
        rect.setAttribute('data-v', number);
      }
    });
    // every label carries its cell's thread, so that it answers the mouse
    svg.querySelectorAll('text.thread, text.value').forEach((label) => {
      const rect = (cells.get(label.parentNode) || new Map()).get(keyOf(label));
      if (rect && rect.hasAttribute('data-t')) label.setAttribute('data-t', rect.getAttribute('data-t'));
    });
    if (byThread.size === 0) return;
    const ids = [...byThread.keys()].sort((x, y) => x - y);
    const label = document.createElement('span');
    label.textContent = 'threads: ';
    threads.appendChild(label);
    for (const t of ids) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'thread';
      b.dataset.t = t;
      b.textContent = 'T' + t;
      threads.appendChild(b);
    }
    threads.hidden = false;
    // the status line is there from the start: lighting a thread must not
    // move the drawing under the pointer
    status.textContent = HINT_THREADS;
    status.hidden = false;
    let selected = null;
    let lit = [];
    const describe = (t) => {
      const list = byThread.get(t) || [];
      const where = list.slice(0, 24).map((r) => {
        const g = r.closest('g.operand');
        const name = g ? g.getAttribute('data-operand') + ' ' : '';
        return name + '(' + keyOf(r).replace(',', ', ') + ') V' + r.getAttribute('data-v');
      });
      const more = list.length > 24 ? ', ...' : '';
      return 'T' + t + ' holds ' + list.length + ' value' + (list.length === 1 ? '' : 's') +
        ': ' + where.join(', ') + more;
    };
    const light = (t) => {
      lit.forEach((r) => r.classList.remove('hl'));
      lit = t == null ? [] : byThread.get(t) || [];
      lit.forEach((r) => r.classList.add('hl'));
      drawing.classList.toggle('lit', t != null);
      threads.querySelectorAll('button.thread').forEach((b) => {
        b.classList.toggle('on', t != null && Number(b.dataset.t) === t);
      });
      status.textContent = t == null ? HINT_THREADS : describe(t);
      drawing.dataset.thread = t == null ? '' : String(t);
    };
    const threadOf = (e) => {
      const el = e.target.closest && e.target.closest('[data-t]');
      return el ? Number(el.getAttribute('data-t')) : null;
    };
    const hover = (e) => {
      const t = threadOf(e);
      light(t != null ? t : selected);
    };
    const click = (e) => {
      const t = threadOf(e);
      if (t == null) return;
      selected = selected === t ? null : t;
      light(selected);
    };
    for (const el of [svg, threads]) {
      el.addEventListener('mouseover', hover);
      el.addEventListener('mouseleave', () => light(selected));
      el.addEventListener('click', click);
    }
  }

  // ---- a composition or divide beside its operands ----

  // A colour per index of A: neighbours far apart on the wheel.
  const colour = (i) => 'hsl(' + ((i * 137.508) % 360).toFixed(1) + ', 70%, 78%)';

  function showLinked(panels, links) {
    const row = document.createElement('div');
    row.className = 'panels';
    const maps = [];
    panels.forEach((p, i) => {
      const fig = document.createElement('figure');
      fig.dataset.panel = String(i);
      const cap = document.createElement('figcaption');
      const name = document.createElement('b');
      name.textContent = p.name;
      const code = document.createElement('code');
      const plain = (t) => t.replace(/\s+/g, '');
      code.textContent = i < 2 && plain(p.expr) !== plain(p.repr) ? p.expr + ' = ' + p.repr : p.repr;
      cap.append(name, ' ', code);
      fig.appendChild(cap);
      const svg = parseSvg(p.svg);
      if (svg) fig.appendChild(svg);
      row.appendChild(fig);
      maps.push(svg ? grids(svg).values().next().value || new Map() : new Map());
    });
    drawing.appendChild(row);
    const [aCells, bCells, rCells] = maps;
    const fromResult = new Map();
    const toA = new Map();
    const toB = new Map();
    const add = (m, k, v) => {
      let l = m.get(k);
      if (!l) m.set(k, (l = []));
      l.push(v);
    };
    const coloured = new Set();
    const paint = (rect, c) => {
      if (rect && !coloured.has(rect)) {
        rect.setAttribute('fill', c);
        coloured.add(rect);
      }
    };
    for (const [rm, rn, am, an, bm, bn, ai] of links) {
      const link = { r: rm + ',' + rn, a: am >= 0 ? am + ',' + an : null, b: bm + ',' + bn, ai };
      fromResult.set(link.r, link);
      if (link.a) add(toA, link.a, link);
      add(toB, link.b, link);
      const c = colour(ai);
      paint(rCells.get(link.r), c);
      if (link.a) paint(aCells.get(link.a), c);
      paint(bCells.get(link.b), c);
    }
    status.textContent = HINT_LINKS;
    status.hidden = false;
    let selected = null;
    let lit = [];
    const linksOf = (target) => {
      const cell = target.closest && target.closest('[data-m]');
      const fig = target.closest && target.closest('figure');
      if (!cell || !fig) return null;
      const k = keyOf(cell);
      const panel = Number(fig.dataset.panel);
      const found = panel === 2 ? [fromResult.get(k)].filter(Boolean) : (panel === 0 ? toA : toB).get(k) || [];
      return { panel, key: k, links: found };
    };
    const light = (hit) => {
      lit.forEach((r) => r.classList.remove('hl'));
      lit = [];
      if (hit) {
        for (const l of hit.links) {
          for (const [cells, k] of [[rCells, l.r], [aCells, l.a], [bCells, l.b]]) {
            const rect = k && cells.get(k);
            if (rect) lit.push(rect);
          }
        }
        lit.forEach((r) => r.classList.add('hl'));
      }
      drawing.classList.toggle('lit', lit.length > 0);
      status.textContent = hit ? describe(hit) : HINT_LINKS;
    };
    const cellText = (k) => '(' + k.replace(',', ', ') + ')';
    const describe = (hit) => {
      const name = ['A', 'B', 'result'][hit.panel];
      if (hit.links.length === 0) return name + ' cell ' + cellText(hit.key) + ': no result cell comes from it';
      if (hit.panel === 2) {
        const l = hit.links[0];
        return 'result cell ' + cellText(l.r) + ' comes from B cell ' + cellText(l.b) + ' and ' +
          (l.a ? 'A cell ' + cellText(l.a) + ' (A\'s index ' + l.ai + ')' : 'A\'s index ' + l.ai + ', past A\'s domain');
      }
      const rs = hit.links.slice(0, 16).map((l) => cellText(l.r));
      return name + ' cell ' + cellText(hit.key) + ' gives ' + hit.links.length + ' result cell' +
        (hit.links.length === 1 ? '' : 's') + ': ' + rs.join(', ') + (hit.links.length > 16 ? ', ...' : '');
    };
    row.addEventListener('mouseover', (e) => light(linksOf(e.target) || selected));
    row.addEventListener('mouseleave', () => light(selected));
    row.addEventListener('click', (e) => {
      const hit = linksOf(e.target);
      selected = hit && !(selected && selected.panel === hit.panel && selected.key === hit.key) ? hit : null;
      light(selected);
    });
  }

  // ---- start ----

  $('prev').addEventListener('click', () => trace && goTo(trace.at - 1));
  $('next').addEventListener('click', () => trace && goTo(trace.at + 1));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    evaluate(true);
  });
  tvIn.addEventListener('change', () => evaluate(true));
  colorIn.addEventListener('change', () => evaluate(true));
  window.addEventListener('popstate', () => {
    formOfParams(new URLSearchParams(location.search));
    evaluate(false);
  });
  formOfParams(new URLSearchParams(location.search));
  if (exprIn.value.trim()) {
    evaluate(false);
  } else {
    exprIn.focus();
  }
})();
