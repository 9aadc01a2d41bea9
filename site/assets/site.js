// nibviz site: theme toggle and client-side search over a prebuilt index (no server, no CDN).
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";

  var toggle = document.getElementById("theme-toggle");
  function currentTheme() {
    var current = document.documentElement.getAttribute("data-theme");
    if (!current) {
      current = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    return current;
  }
  // The toggle says what it switches to, in words as well as the symbol.
  function labelToggle() {
    var dark = currentTheme() === "dark";
    toggle.textContent = dark ? "☀ Light" : "☾ Dark";
    toggle.setAttribute("aria-pressed", dark ? "true" : "false");
    toggle.setAttribute("aria-label", dark ? "Dark theme on; switch to the light theme" : "Light theme on; switch to the dark theme");
    toggle.title = toggle.getAttribute("aria-label");
  }
  if (toggle) {
    labelToggle();
    toggle.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.setAttribute("data-theme", next);
      try { localStorage.setItem("nibviz-theme", next); } catch (e) { /* private mode */ }
      labelToggle();
    });
  }

  // Large diagrams: the pan/zoom viewer (assets/zoom.js) is loaded only on pages that have one.
  if (document.querySelector("figure.zoomable") && !window.NibvizZoom) {
    var zoom = document.createElement("script");
    zoom.src = root + "assets/zoom.js";
    document.head.appendChild(zoom);
  }

  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  if (!input || !results) { return; }
  var loading = false;

  function ensureIndex(then) {
    if (window.NIBVIZ_SEARCH) { then(); return; }
    if (loading) { return; }
    loading = true;
    var script = document.createElement("script");
    script.src = root + "assets/search-index.js";
    script.onload = function () { loading = false; then(); };
    document.head.appendChild(script);
  }

  function render() {
    var query = input.value.trim().toLowerCase();
    while (results.firstChild) { results.removeChild(results.firstChild); }
    if (query.length < 2 || !window.NIBVIZ_SEARCH) { results.hidden = true; return; }
    var words = query.split(/\s+/);
    var hits = [];
    var data = window.NIBVIZ_SEARCH;
    var entries = data.entries;
    for (var i = 0; i < entries.length && hits.length < 400; i++) {
      var entry = entries[i];
      var page = data.pages[entry[2]];
      var haystack = (entry[1] + " " + page[0]).toLowerCase();
      var ok = true;
      for (var w = 0; w < words.length; w++) { if (haystack.indexOf(words[w]) < 0) { ok = false; break; } }
      if (ok) {
        var title = entry[1].toLowerCase();
        var score = (title === query ? 0 : title.indexOf(query) === 0 ? 1 : 2) + (entry[0] === 0 ? 0 : 1);
        hits.push([score, i]);
      }
    }
    hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    hits = hits.slice(0, 25);
    for (var h = 0; h < hits.length; h++) {
      var item = entries[hits[h][1]];
      var target = data.pages[item[2]];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + target[1] + (item[3] ? "#" + item[3] : "");
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = data.kinds[item[0]];
      a.appendChild(kind);
      a.appendChild(document.createTextNode(" " + item[1]));
      if (item[0] !== 0) {
        var where = document.createElement("span");
        where.className = "where";
        where.textContent = " · " + target[0];
        a.appendChild(where);
      }
      li.appendChild(a);
      results.appendChild(li);
    }
    if (hits.length === 0) {
      var none = document.createElement("li");
      none.textContent = "No match";
      results.appendChild(none);
    }
    results.hidden = false;
  }

  // ?q=words opens the page with that search already run (links and tests use it).
  var initial = /[?&]q=([^&]*)/.exec(window.location.search);
  if (initial) {
    input.value = decodeURIComponent(initial[1].replace(/\+/g, " "));
    ensureIndex(render);
  }

  input.addEventListener("focus", function () { ensureIndex(render); });
  input.addEventListener("input", function () { ensureIndex(render); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { input.value = ""; render(); }
    if (event.key === "Enter") {
      var first = results.querySelector("a");
      if (first) { window.location.href = first.href; }
    }
  });
  document.addEventListener("click", function (event) {
    if (!results.contains(event.target) && event.target !== input) { results.hidden = true; }
  });
})();
