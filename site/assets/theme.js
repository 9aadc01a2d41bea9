// Runs in <head> before the page paints: applies ?theme=light|dark (kept in localStorage) or
// the stored choice; with neither, CSS follows prefers-color-scheme.
(function () {
  var choice = null;
  try {
    var match = /[?&]theme=(light|dark|auto)\b/.exec(window.location.search);
    if (match) { localStorage.setItem("nibviz-theme", match[1]); }
    choice = localStorage.getItem("nibviz-theme");
  } catch (e) { choice = null; }
  var match2 = /[?&]theme=(light|dark)\b/.exec(window.location.search);
  if (match2) { choice = match2[1]; }
  if (choice === "light" || choice === "dark") { document.documentElement.setAttribute("data-theme", choice); }
})();
