// The offline edition's own script (pages and decks): what ipywidgets, nbconvert and reveal.js
// leave out for the keyboard and for assistive technology.
//
// * nbconvert makes every cell's input and output a Tab stop; the builder removes them and this
//   script gives one to the boxes that really scroll (a wide table, a long output), named, and in a
//   deck only on the slide shown (reveal.js leaves the others in the page).
// * ipywidgets' sliders have no accessible name, a SelectionSlider announces the option's index
//   instead of its value, output areas update silently: each slider gets its description as its
//   name and its readout as its value text, each output area aria-live="polite", and a control
//   without a name takes its widget's description.
(function () {
  "use strict";

  var SCROLLERS = ".jp-InputArea-editor, .jp-InputArea-editor pre, .jp-OutputArea-output, " +
    ".jp-OutputArea-output pre, .jp-RenderedHTML, figure details, .widget-output, .widget-html-content, " +
    ".jp-OutputArea-output table, .jp-MarkdownCell table, .jp-MarkdownOutput, .jp-Cell-outputArea";

  function scrolls(element) {
    var style = window.getComputedStyle(element);
    return (element.scrollWidth > element.clientWidth + 1 && /auto|scroll/.test(style.overflowX)) ||
      (element.scrollHeight > element.clientHeight + 1 && /auto|scroll/.test(style.overflowY));
  }

  // The scrolling box's name: what it holds, and for a table its caption or its column names.
  function describe(element) {
    if (element.closest(".jp-InputArea")) return "code";
    var table = element.matches("table") ? element : element.querySelector("table");
    if (!table) return "output";
    var caption = table.querySelector("caption");
    if (caption && caption.textContent.trim()) return "table: " + caption.textContent.trim().slice(0, 80);
    var heads = Array.prototype.slice.call(table.querySelectorAll("thead th"))
      .map(function (cell) { return cell.textContent.trim(); })
      .filter(function (text) { return text; });
    return heads.length ? "table of " + heads.slice(0, 4).join(", ") + (heads.length > 4 ? ", ..." : "") : "table";
  }

  function markScrollers(root, active) {
    root.querySelectorAll(SCROLLERS).forEach(function (element) {
      var own = element.getAttribute("data-wp-scroller") === "1";
      // A disclosure keeps its own role (a group, named here after what it holds); other boxes become regions.
      var native = element.matches("details");
      if (active && scrolls(element)) {
        if (!own && element.hasAttribute("tabindex")) return;
        element.setAttribute("tabindex", "0");
        if (!native) element.setAttribute("role", "region");
        element.setAttribute("aria-label", describe(element) + " (scrolls)");
        element.setAttribute("data-wp-scroller", "1");
      } else if (own) {
        element.removeAttribute("tabindex");
        if (!native) element.removeAttribute("role");
        element.removeAttribute("aria-label");
        element.removeAttribute("data-wp-scroller");
      }
    });
  }

  function setIfChanged(element, name, value) {
    if (value && element.getAttribute(name) !== value) element.setAttribute(name, value);
  }

  function description(widget) {
    var label = widget.querySelector(":scope > .widget-label, :scope > label");
    return label ? label.textContent.trim() : "";
  }

  function patchWidgets(root) {
    root.querySelectorAll(".widget-slider, .widget-hslider, .widget-vslider").forEach(function (widget) {
      var name = description(widget);
      var readout = widget.querySelector(".widget-readout");
      var shown = readout ? (readout.value || readout.textContent || "").trim() : "";
      widget.querySelectorAll("[role=slider], .noUi-handle").forEach(function (handle) {
        setIfChanged(handle, "aria-label", name || "slider");
        setIfChanged(handle, "aria-valuetext", shown);
      });
      if (readout && readout.isContentEditable) setIfChanged(readout, "aria-label", (name || "slider") + " value");
    });
    root.querySelectorAll(".widget-output, .jupyter-widgets-output-area, .wordpiece-live").forEach(function (area) {
      setIfChanged(area, "aria-live", "polite");
    });
    root.querySelectorAll(".jupyter-widgets input, .jupyter-widgets select, .jupyter-widgets textarea").forEach(
      function (control) {
        if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby")) return;
        if (control.id && document.querySelector('label[for="' + control.id + '"]')) return;
        var widget = control.closest(".widget-inline-hbox, .widget-box, .jupyter-widgets");
        var name = (widget && description(widget)) || control.getAttribute("placeholder") || control.title;
        setIfChanged(control, "aria-label", name || control.type || "input");
      });
    root.querySelectorAll(".jupyter-widgets button").forEach(function (button) {
      if (!button.textContent.trim() && !button.getAttribute("aria-label")) {
        setIfChanged(button, "aria-label", button.title || "button");
      }
    });
  }

  var pending = false;
  function update() {
    pending = false;
    patchWidgets(document);
    if (window.Reveal && window.Reveal.isReady && window.Reveal.isReady()) {
      markScrollers(document, false);
      var slide = window.Reveal.getCurrentSlide();
      if (slide) markScrollers(slide, true);
    } else if (!document.querySelector(".reveal")) {
      markScrollers(document, true);
    }
  }
  function later() {
    if (!pending) {
      pending = true;
      window.requestAnimationFrame(update);
    }
  }

  function start() {
    update();
    new MutationObserver(later).observe(document.body, {
      subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["aria-valuetext", "aria-valuenow", "value", "class", "open"]
    });
    document.addEventListener("toggle", later, true);  // a disclosure opened: its table may scroll
    window.addEventListener("resize", later);
    var wait = window.setInterval(function () {  // reveal.js arrives through require.js
      if (window.Reveal && window.Reveal.on) {
        window.clearInterval(wait);
        window.Reveal.on("slidechanged", later);
        window.Reveal.on("ready", later);
        later();
      }
    }, 100);
    window.setTimeout(function () { window.clearInterval(wait); }, 30000);
  }

  // For the browser test, which shows every slide at once to read them in one pass.
  window.wpEdition = {markScrollers: markScrollers, update: update};

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
