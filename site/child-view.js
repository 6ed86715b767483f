// The child's view of a lesson in the browser-only edition (site/build.py puts this script in
// the notebook view's page): no code on screen, the cells run by themselves once the kernel is
// ready, a lesson's links open the next lesson in the same tab, and a lesson is never saved
// (the site's copy stays the one every child gets). JupyterLab (lab/) is left as it is.
(function () {
  "use strict";

  var WORDS = {
    it: { loading: "La damiera si sta preparando\u2026 un momento!",
          failed: "Qualcosa non è partito. Ricarica la pagina.",
          slow: "La damiera non è ancora pronta. Chiama un adulto.",
          adult: "Per l'adulto: Python non è partito in 60 secondi. Ricaricate la pagina; " +
                 "se succede ancora, il sito deve inviare i file .wasm come " +
                 "application/wasm e i file .mjs come text/javascript, e serve un " +
                 "browser recente (Chrome, Edge, Firefox o Safari degli ultimi due anni)." },
    en: { loading: "The board is getting ready\u2026 just a moment!",
          failed: "Something did not start. Reload the page.",
          slow: "The board is not ready yet. Ask a grown-up.",
          adult: "For the adult: Python did not start within 60 seconds. Reload the page; " +
                 "if it happens again, the site must send .wasm files as application/wasm " +
                 "and .mjs files as text/javascript, and a recent browser is needed " +
                 "(Chrome, Edge, Firefox or Safari of the last two years)." },
  };
  // How long Python may take to start before the page says so (a test sets less).
  var PATIENCE_MS = window.damaPatienceMs || 60000;

  var STYLE = [
    ".jp-NotebookPanel-toolbar { display: none !important; }",
    ".jp-CodeCell .jp-Cell-inputWrapper, .jp-InputPrompt, .jp-OutputPrompt,",
    ".jp-Collapser, .jp-cell-toolbar, .jp-Notebook-footer { display: none !important; }",
    // With the prompts gone, the overlay that collapses an output would cover the boards.
    ".jp-OutputArea-promptOverlay { display: none !important; }",
    ".jp-Notebook .jp-Cell, .jp-Notebook .jp-Cell.jp-mod-selected { border-color: transparent !important; }",
    ".jp-Notebook .jp-Cell.jp-mod-selected, .jp-Notebook .jp-Cell.jp-mod-active {",
    "  background: transparent !important; }",
    ".jp-Notebook .jp-Cell .jp-Cell-inputWrapper .jp-InputArea-editor { cursor: default; }",
    "#dama-loading { position: fixed; top: 0; left: 0; right: 0; z-index: 1000;",
    "  padding: 14px 18px; background: #fff7d6; border-bottom: 2px solid #e0b84b;",
    "  font: 18px/1.4 sans-serif; color: #3a2d00; text-align: center; }",
    ".dama-loading-adult { margin-top: 8px; font-size: 15px; color: #4a3b00; }",
  ].join("\n");

  // Milliseconds since the page began: the notebook open, the kernel idle, the cells run.
  var times = (window.damaTimes = {});
  function mark(name) { times[name] = Math.round(performance.now()); }

  function lang() {
    var path = new URLSearchParams(location.search).get("path") || "";
    return path.indexOf("en/") === 0 ? "en" : "it";
  }

  function banner(text, small) {
    var div = document.getElementById("dama-loading");
    if (!div) {
      div = document.createElement("div");
      div.id = "dama-loading";
      div.setAttribute("role", "status");
      document.body.appendChild(div);
    }
    div.textContent = text;
    if (small) {
      var note = document.createElement("div");
      note.className = "dama-loading-adult";
      note.textContent = small;
      div.appendChild(note);
    }
  }

  // The lesson stays at its top while the cells run (running a cell scrolls to it), unless
  // the child scrolls or touches the page meanwhile.
  function keepAtTop(node) {
    var moved = false;
    var mine = function () { moved = true; };
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (name) {
      node.addEventListener(name, mine, { passive: true, capture: true });
    });
    var onScroll = function (event) {
      var target = event.target;
      if (!moved && target && target.scrollTop) target.scrollTop = 0;
    };
    node.addEventListener("scroll", onScroll, true);
    return function release() {
      node.removeEventListener("scroll", onScroll, true);
      ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (name) {
        node.removeEventListener(name, mine, { capture: true });
      });
      if (!moved) {
        node.querySelectorAll(".jp-WindowedPanel-outer, .jp-Notebook").forEach(function (el) {
          el.scrollTop = 0;
        });
      }
    };
  }

  function waitFor(test, ms) {
    return new Promise(function (resolve, reject) {
      var start = Date.now();
      (function poll() {
        var value;
        try { value = test(); } catch (e) { value = null; }
        if (value) return resolve(value);
        if (ms && Date.now() - start > ms) return reject(new Error("timed out"));
        setTimeout(poll, 100);
      })();
    });
  }

  // The site path of the notebook a link points to, or null: a relative link is read from the
  // open notebook's folder; JupyterLab rewrites the links of text cells to the site's files/.
  function lessonPath(href, here) {
    if (!href || !/\.ipynb(#.*)?$/.test(href)) return null;
    href = href.split("#")[0];
    if (!/^[a-z]+:|^\//i.test(href)) {
      return decodeURIComponent(new URL(href, "http://site/" + here).pathname.slice(1));
    }
    var url = new URL(href, location.href);
    var files = url.pathname.indexOf("/files/");
    if (url.origin !== location.origin || files < 0) return null;
    return decodeURIComponent(url.pathname.slice(files + "/files/".length));
  }

  // A lesson's link to another lesson: the same tab, the notebook view, the path resolved
  // against the open notebook's folder (JupyterLab would open a new browser tab).
  function followLessonLinks(app) {
    document.addEventListener("click", function (event) {
      var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || link.hasAttribute("download")) return;
      var href = link.getAttribute("href");
      var widget = app.shell.currentWidget;
      var here = widget && widget.context ? widget.context.path : "it/indice.ipynb";
      var target = lessonPath(href, here);
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (widget && widget.context) widget.context.model.dirty = false;
      location.search = "?path=" + encodeURI(target);
    }, true);
    // Rendered text is not for editing: a double click must not show its source.
    document.addEventListener("dblclick", function (event) {
      if (event.target && event.target.closest && event.target.closest(".jp-MarkdownCell")) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    }, true);
  }

  // A course updated since the last visit: the site's list of files (never taken from the
  // browser's cache) says which changed; those are fetched again into the cache, and the page
  // reloads once, with the new lessons. The first visit only notes the list.
  var VERSION_KEY = "dama-site-version";
  async function freshCourse() {
    var root = new URL("../", location.href);
    var now;
    try {
      var answer = await fetch(new URL("dama-version.json", root), { cache: "no-store" });
      if (!answer.ok) return false;
      now = await answer.json();
    } catch (error) {
      return false;   // no list (an older site, a host that refuses it): nothing to compare
    }
    var before = null;
    try { before = JSON.parse(localStorage.getItem(VERSION_KEY) || "null"); } catch (e) {}
    var remember = function () {
      try { localStorage.setItem(VERSION_KEY, JSON.stringify(now)); } catch (e) {}
    };
    if (!before || !before.files || before.version === now.version) {
      remember();
      return false;
    }
    var changed = Object.keys(now.files).filter(function (name) {
      return before.files[name] !== now.files[name];
    });
    await Promise.all(changed.map(function (name) {
      return fetch(new URL(name, root), { cache: "reload" }).catch(function () {});
    }));
    remember();
    location.reload();
    return true;
  }

  async function start() {
    var words = WORDS[lang()];
    if (await freshCourse()) return;
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    banner(words.loading);
    var slow = setTimeout(function () {
      if (!document.body.classList.contains("dama-ready")) banner(words.slow, words.adult);
    }, PATIENCE_MS);
    try {
      var app = await waitFor(function () { return window.jupyterapp; });
      followLessonLinks(app);
      await app.restored;
      // The header and the menus go the way the shell's own commands hide them, so that
      // the lesson takes their place.
      ["top", "menu"].forEach(function (area) {
        var widget = app.shell[area];
        if (widget && widget.hide) widget.hide();
      });
      var panel = await waitFor(function () {
        var w = app.shell.currentWidget;
        return w && w.sessionContext && w.content ? w : null;
      });
      await panel.context.ready;
      mark("notebook");
      var model = panel.context.model;
      // Never "unsaved changes": nothing a child does here is to be saved.
      var keepClean = function () { if (model.dirty) model.dirty = false; };
      model.stateChanged.connect(keepClean);
      model.contentChanged.connect(keepClean);
      await panel.sessionContext.ready;
      await waitFor(function () {
        var kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
        return kernel && kernel.connectionStatus === "connected" && kernel.status === "idle";
      });
      mark("kernel");
      panel.content.activeCellIndex = 0;
      var release = keepAtTop(panel.node);
      await app.commands.execute("notebook:run-all-cells");
      release();
      keepClean();
      mark("ran");
      clearTimeout(slow);
      document.body.classList.add("dama-ready");
      var div = document.getElementById("dama-loading");
      if (div) div.remove();
    } catch (error) {
      console.error("dama child view:", error);
      clearTimeout(slow);
      banner(words.failed);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
