/* global document, window, navigator */
// The report's only script: filters by area, result and text over every element marked data-filter
// (opening the <details> groups that hold matches, hiding those with none), matrix cells that set the
// filters, links that open the collapsed groups they point into, and copy buttons. Plain DOM, no network,
// no storage; the page is fully readable without it (every section is a native <details>).
(function () {
  'use strict';
  var area = document.getElementById('f-area');
  var text = document.getElementById('f-text');
  var reset = document.getElementById('f-reset');
  var status = document.getElementById('f-status');
  var resultButtons = Array.prototype.slice.call(document.querySelectorAll('[data-result-filter]'));
  var items = Array.prototype.slice.call(document.querySelectorAll('[data-filter]'));
  var scopes = Array.prototype.slice.call(document.querySelectorAll('[data-scope]'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('details[data-group]'));
  var more = document.getElementById('f-more');
  var active = document.getElementById('f-active');
  var result = '';
  groups.forEach(function (g) {
    g.setAttribute('data-open-default', g.open ? '1' : '');
  });
  // The filters sit in one row on a wide screen; on a phone they wait behind their toggle.
  if (more && window.matchMedia && window.matchMedia('(min-width: 761px)').matches) more.open = true;
  var timer = null;

  function matches(el, wantArea, wantResult, words) {
    if (wantArea && (' ' + el.getAttribute('data-areas') + ' ').indexOf(' ' + wantArea + ' ') < 0) return false;
    if (wantResult && el.getAttribute('data-result') !== wantResult) return false;
    var hay = el.getAttribute('data-text') || '';
    for (var i = 0; i < words.length; i++) if (hay.indexOf(words[i]) < 0) return false;
    return true;
  }

  function apply() {
    var wantArea = area.value;
    var words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = {};
    var total = {};
    items.forEach(function (el) {
      var scope = el.closest('[data-scope]');
      var name = scope ? scope.getAttribute('data-scope') : '';
      var ok = matches(el, wantArea, result, words);
      el.hidden = !ok;
      total[name] = (total[name] || 0) + 1;
      if (ok) shown[name] = (shown[name] || 0) + 1;
    });
    var parts = [];
    scopes.forEach(function (scope) {
      var name = scope.getAttribute('data-scope');
      var n = shown[name] || 0;
      var all = total[name] || 0;
      var empty = scope.querySelector('[data-empty-for]');
      if (empty) empty.hidden = !(all > 0 && n === 0);
      var count = scope.querySelector('[data-count-for]');
      if (count) count.textContent = n === all ? String(all) : n + ' of ' + all;
      parts.push(n + ' of ' + all + ' ' + name);
    });
    var filtering = Boolean(wantArea || result || words.length);
    groups.forEach(function (g) {
      var members = g.querySelectorAll('[data-filter]');
      var any = false;
      for (var i = 0; i < members.length; i++) if (!members[i].hidden) any = true;
      g.hidden = members.length > 0 && !any;
      g.open = filtering ? any : g.getAttribute('data-open-default') === '1';
    });
    if (active) active.textContent = [wantArea, result].filter(Boolean).join(' · ');
    status.textContent = 'Showing ' + parts.join(', ') + '.';
  }

  // A link into a collapsed group (a clause, a check) opens the <details> around its target.
  function reveal(id) {
    var target = id ? document.getElementById(id) : null;
    for (var el = target; el; el = el.parentElement) if (el.tagName === 'DETAILS') el.open = true;
    return target;
  }
  document.addEventListener('click', function (e) {
    var link = e.target && e.target.closest ? e.target.closest('a[href^="#"]') : null;
    if (link) reveal(decodeURIComponent(link.getAttribute('href').slice(1)));
  });
  window.addEventListener('hashchange', function () {
    var target = reveal(decodeURIComponent(window.location.hash.slice(1)));
    if (target) target.scrollIntoView({ block: 'start' });
  });
  if (window.location.hash) reveal(decodeURIComponent(window.location.hash.slice(1)));

  function setResult(value) {
    result = value;
    resultButtons.forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-result-filter') === value));
    });
  }

  resultButtons.forEach(function (b) {
    b.addEventListener('click', function () {
      setResult(b.getAttribute('data-result-filter'));
      apply();
    });
  });
  area.addEventListener('change', apply);
  text.addEventListener('input', function () {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(apply, 80);
  });
  text.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && text.value) {
      text.value = '';
      apply();
    }
  });
  reset.addEventListener('click', function () {
    area.value = '';
    text.value = '';
    setResult('');
    apply();
  });

  Array.prototype.slice.call(document.querySelectorAll('[data-set-area]')).forEach(function (b) {
    b.addEventListener('click', function () {
      area.value = b.getAttribute('data-set-area');
      setResult(b.getAttribute('data-set-result') || '');
      apply();
      var target = document.getElementById(result === 'failed' ? 'failures' : 'checks');
      if (target) target.scrollIntoView({ block: 'start' });
      area.focus({ preventScroll: true });
    });
  });

  document.addEventListener('keydown', function (e) {
    var tag = (e.target && e.target.tagName) || '';
    if (e.key === '/' && tag !== 'INPUT' && tag !== 'SELECT' && tag !== 'TEXTAREA' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      text.focus();
    }
  });

  function selectText(el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var selection = window.getSelection();
    if (selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  Array.prototype.slice.call(document.querySelectorAll('[data-copy]')).forEach(function (b) {
    b.addEventListener('click', function () {
      var source = document.getElementById(b.getAttribute('data-copy'));
      if (!source) return;
      var done = function (label) {
        b.textContent = label;
        window.setTimeout(function () {
          b.textContent = 'Copy';
        }, 1500);
      };
      var fallback = function () {
        selectText(source);
        done('Selected: press Ctrl+C');
      };
      try {
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(source.textContent || '').then(function () {
            done('Copied');
          }, fallback);
        } else fallback();
      } catch {
        fallback();
      }
    });
  });

  apply();
})();
