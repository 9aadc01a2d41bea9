// nibviz site: pan/zoom viewer for diagrams too large to read inline. Local, no network.
//
// Markup contract (also in site/README.md):
//
//   <figure class="zoomable" data-src="diagrams/Main-graph.svg"
//           data-min-font="10" data-legible="8">
//     <svg …>…</svg>            (inline SVG) — or — <img src="diagrams/Main-graph.svg" alt="…">
//     <figcaption>…</figcaption>
//   </figure>
//
// - `data-src` (required): the standalone SVG; the viewer links to it ("Open SVG").
// - The figure holds the drawing inline (an <svg>) or as an <img>; with neither, the viewer
//   shows data-src as an <img>.
// - `data-min-font`: the drawing's smallest font size in SVG user units (NibDiagrams'
//   SVGMetrics.smallestFont); read from the inline SVG's text when absent, else 10.
// - `data-legible`: the smallest text size, in CSS px, the viewer starts at (default 9): it
//   starts at the larger of "fit the width" and that legible scale, never above 100 %.
//
// Keyboard (the viewport is focusable): arrows and Page Up/Down pan (native scrolling),
// + / = zoom in, - zoom out, 0 fit the width, 1 actual size. Buttons do the same; dragging
// with a mouse or pen pans; Ctrl/⌘ + wheel zooms around the pointer.
(function () {
  "use strict";

  var MIN = 0.05;
  var MAX = 4;

  function number(value, fallback) {
    var parsed = parseFloat(value);
    return isFinite(parsed) && parsed > 0 ? parsed : fallback;
  }

  // The drawing's natural size in CSS px and its scale from user units to px.
  function naturalSize(drawing) {
    if (drawing.tagName.toLowerCase() === "svg") {
      var box = drawing.viewBox && drawing.viewBox.baseVal;
      var width = drawing.width && drawing.width.baseVal ? drawing.width.baseVal.value : 0;
      var height = drawing.height && drawing.height.baseVal ? drawing.height.baseVal.value : 0;
      if (!width && box) { width = box.width; }
      if (!height && box) { height = box.height; }
      return { width: width, height: height, unit: box && box.width ? width / box.width : 1 };
    }
    return { width: drawing.naturalWidth, height: drawing.naturalHeight, unit: 4 / 3 };
  }

  function smallestFont(figure, drawing) {
    var given = number(figure.getAttribute("data-min-font"), 0);
    if (given) { return given; }
    var smallest = 0;
    if (drawing.tagName.toLowerCase() === "svg") {
      var texts = drawing.querySelectorAll("text[font-size]");
      for (var i = 0; i < texts.length; i++) {
        var size = number(texts[i].getAttribute("font-size"), 0);
        if (size && (!smallest || size < smallest)) { smallest = size; }
      }
    }
    return smallest || 10;
  }

  function button(label, text, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "zoom-button";
    element.setAttribute("aria-label", label);
    element.title = label;
    element.textContent = text;
    element.addEventListener("click", action);
    return element;
  }

  function setUp(figure) {
    if (figure.getAttribute("data-zoom-ready")) { return; }
    var source = figure.getAttribute("data-src") || "";
    var drawing = figure.querySelector("svg, img");
    if (!drawing) {
      drawing = document.createElement("img");
      drawing.src = source;
      drawing.alt = figure.getAttribute("aria-label") || "diagram";
    }
    figure.setAttribute("data-zoom-ready", "1");

    var viewport = document.createElement("div");
    viewport.className = "zoom-viewport";
    viewport.tabIndex = 0;
    viewport.setAttribute("role", "group");
    viewport.setAttribute("aria-roledescription", "zoomable diagram");
    viewport.setAttribute("aria-label", "Diagram: arrow keys pan, + and - zoom, 0 fits the width, 1 shows actual size");
    var canvas = document.createElement("div");
    canvas.className = "zoom-canvas";
    if (drawing.parentNode) {
      drawing.parentNode.replaceChild(viewport, drawing);
    } else {
      figure.insertBefore(viewport, figure.firstChild);
    }
    canvas.appendChild(drawing);
    viewport.appendChild(canvas);

    var status = document.createElement("span");
    status.className = "zoom-status";
    status.setAttribute("aria-live", "polite");
    var bar = document.createElement("div");
    bar.className = "zoom-toolbar";
    var scale = 1;
    var natural = { width: 0, height: 0, unit: 1 };

    function fitScale() {
      return natural.width ? Math.min(1, (viewport.clientWidth - 2) / natural.width) : 1;
    }

    function apply(next, anchorX, anchorY) {
      next = Math.max(MIN, Math.min(MAX, next));
      var x = anchorX === undefined ? viewport.clientWidth / 2 : anchorX;
      var y = anchorY === undefined ? viewport.clientHeight / 2 : anchorY;
      var contentX = (viewport.scrollLeft + x) / scale;
      var contentY = (viewport.scrollTop + y) / scale;
      scale = next;
      drawing.style.width = natural.width * scale + "px";
      drawing.style.height = natural.height * scale + "px";
      viewport.scrollLeft = contentX * scale - x;
      viewport.scrollTop = contentY * scale - y;
      status.textContent = Math.round(scale * 100) + " %";
    }

    bar.appendChild(button("Zoom out", "−", function () { apply(scale / 1.25); }));
    bar.appendChild(button("Zoom in", "+", function () { apply(scale * 1.25); }));
    bar.appendChild(button("Fit the width", "Fit", function () { apply(fitScale(), 0, 0); }));
    // The status is the one zoom readout; this button names what it does, not a second "100 %".
    bar.appendChild(button("Actual size", "1:1", function () { apply(1); }));
    bar.appendChild(status);
    if (source) {
      var link = document.createElement("a");
      link.className = "zoom-open";
      link.href = source;
      link.textContent = "Open SVG";
      link.title = "The diagram on its own, full size";
      bar.appendChild(link);
    }
    viewport.parentNode.insertBefore(bar, viewport);

    viewport.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      var handled = true;
      if (event.key === "+" || event.key === "=") { apply(scale * 1.25); }
      else if (event.key === "-" || event.key === "_") { apply(scale / 1.25); }
      else if (event.key === "0") { apply(fitScale(), 0, 0); }
      else if (event.key === "1") { apply(1); }
      else { handled = false; }
      if (handled) { event.preventDefault(); }
    });
    viewport.addEventListener("wheel", function (event) {
      if (!event.ctrlKey && !event.metaKey) { return; }
      event.preventDefault();
      var rect = viewport.getBoundingClientRect();
      apply(scale * (event.deltaY < 0 ? 1.15 : 1 / 1.15), event.clientX - rect.left, event.clientY - rect.top);
    }, { passive: false });

    var drag = null;
    viewport.addEventListener("pointerdown", function (event) {
      if (event.button !== 0 || event.pointerType === "touch") { return; }
      if (event.target.closest && event.target.closest("a")) { return; }
      drag = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
      viewport.classList.add("dragging");
      viewport.setPointerCapture(event.pointerId);
    });
    viewport.addEventListener("pointermove", function (event) {
      if (!drag) { return; }
      viewport.scrollLeft = drag.left - (event.clientX - drag.x);
      viewport.scrollTop = drag.top - (event.clientY - drag.y);
    });
    function endDrag() { drag = null; viewport.classList.remove("dragging"); }
    viewport.addEventListener("pointerup", endDrag);
    viewport.addEventListener("pointercancel", endDrag);

    function start() {
      natural = naturalSize(drawing);
      if (!natural.width || !natural.height) { return; }
      drawing.removeAttribute("width");
      drawing.removeAttribute("height");
      drawing.style.maxWidth = "none";
      // Starts where the smallest text is legible, or at the fitted width when that is larger.
      var legiblePx = number(figure.getAttribute("data-legible"), 9);
      var fontPx = smallestFont(figure, drawing) * natural.unit;
      var legible = Math.min(1, legiblePx / fontPx);
      scale = 1;
      apply(Math.max(fitScale(), legible), 0, 0);
      viewport.scrollLeft = 0;
      viewport.scrollTop = 0;
    }
    if (drawing.tagName.toLowerCase() === "img" && !drawing.complete) {
      drawing.addEventListener("load", start);
    } else {
      start();
    }
  }

  function setUpAll() {
    var figures = document.querySelectorAll("figure.zoomable");
    for (var i = 0; i < figures.length; i++) { setUp(figures[i]); }
  }

  window.NibvizZoom = { setUp: setUp, setUpAll: setUpAll };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpAll);
  } else {
    setUpAll();
  }
})();
