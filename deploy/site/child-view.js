// The child's view of a lesson in the browser-only edition (deploy/site/build.py puts this script in
// the notebook view's page): no code on screen, the cells run by themselves once the kernel is
// ready, a lesson's links open the next lesson in the same tab, and a lesson is never saved
// (the site's copy stays the one every child gets). JupyterLab (lab/) is left as it is.
(function () {
  "use strict";

  // The page's words: English here, {language: {English: translation}} from the programs'
  // catalogues, written in by deploy/site/build.py (damalib/locale; authoring/catalogues.py finds the
  // messages marked _("...") below). READERS: the languages the programs speak that the
  // lessons are not written in, each with its index and the lessons' language.
  var WORDS = {};
  var READERS = {};
  var reader = "it";
  function _(message) { return (WORDS[reader] || {})[message] || message; }

  function loadingWords() {
    return {
      loading: _("The board is getting ready\u2026 just a moment!"),
      failed: _("Something did not start. Reload the page."),
      slow: _("The board is not ready yet. Ask a grown-up."),
      // Translators: what a grown-up checks when the browser edition does not start.
      adult: _("For the adult: Python did not start within 60 seconds. Reload the page; if it happens again, the site must send .wasm files as application/wasm and .mjs files as text/javascript, and a recent browser is needed (Chrome, Edge, Firefox or Safari of the last two years)."),
    };
  }
  // How long Python may take to start before the page says so (a test sets less).
  var PATIENCE_MS = window.damaPatienceMs || 60000;

  var STYLE = [
    ".jp-NotebookPanel-toolbar { display: none !important; }",
    ".jp-CodeCell .jp-Cell-inputWrapper, .jp-InputPrompt, .jp-OutputPrompt,",
    ".jp-Collapser, .jp-cell-toolbar, .jp-Notebook-footer { display: none !important; }",
    // With the prompts gone, the overlay that collapses an output would cover the boards.
    ".jp-OutputArea-promptOverlay { display: none !important; }",
    ".jp-Notebook .jp-Cell, .jp-Notebook .jp-Cell.jp-mod-selected { border-color: transparent !important;",
    "  box-shadow: none !important; }",
    ".jp-Notebook .jp-Cell.jp-mod-selected, .jp-Notebook .jp-Cell.jp-mod-active {",
    "  background: transparent !important; }",
    ".jp-Notebook .jp-Cell .jp-Cell-inputWrapper .jp-InputArea-editor { cursor: default; }",
    "#dama-loading { position: fixed; top: 0; left: 0; right: 0; z-index: 1000;",
    "  padding: 14px 18px; background: #fff7d6; border-bottom: 2px solid #e0b84b;",
    "  font: 18px/1.4 sans-serif; color: #3a2d00; text-align: center; }",
    ".dama-loading-adult { margin-top: 8px; font-size: 15px; color: #4a3b00; }",
    // The preview: the view's text and pictures over the page until Python has it.
    // It looks as the notebook's page will: a white sheet on grey.
    "#dama-preview { position: fixed; inset: 0; z-index: 999; overflow: auto;",
    "  background: #eee; padding: 56px 3vw 24px; color: #111;",
    "  font: 15px/1.6 system-ui, -apple-system, 'Segoe UI', helvetica, arial, sans-serif; }",
    ".dama-preview-page { background: #fff; box-shadow: 0 0 6px rgba(0,0,0,.25);",
    "  padding: 32px 21px 40px; min-height: calc(100% - 40px); }",
    "#dama-preview h1 { font-size: 2em; margin: 0.4em 0; }",
    "#dama-preview h2 { font-size: 1.6em; margin: 0.8em 0 0.4em; }",
    "#dama-preview h3 { font-size: 1.3em; }",
    "#dama-preview a { color: #0b5394; text-decoration: underline; }",
    ".dama-still-note { color: #5a4a00; font-style: italic; }",
    ".dama-still-box { padding: 12px 16px; background: #fff7d6; border-radius: 8px; }",
    ".dama-still-index td, .dama-still-index th { padding: 0.25em 0.8em; text-align: left; }",
    // A view's text in the app: the lesson's text as JupyterLab shows a text cell.
    ".dama-view .dama-text { padding: 0 4px; font-size: 15px; }",
  ].join("\n");

  // Milliseconds since the page began: the notebook open, the kernel idle, the cells run.
  var times = (window.damaTimes = {});
  function mark(name) { times[name] = Math.round(performance.now()); }

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
        try { value = test(); } catch (e) { return reject(e); }
        if (value) return resolve(value);
        if (ms && Date.now() - start > ms) return reject(new Error("timed out"));
        setTimeout(poll, 100);
      })();
    });
  }

  // The course's one page: a view is named by the address's hash ("#it/03-la-presa").
  var APP = "app.ipynb";
  // Where each language's reader starts (its index), written in by deploy/site/build.py from
  // the course's views.
  var FIRST = {};

  function pathParam() { return new URLSearchParams(location.search).get("path") || ""; }

  // The views there are (views/routes.json, written by the build): an address naming none
  // (a mistyped link, a page gone) is its language's index, and the address says so.
  var ROUTES = null;
  function languageOf(route) {
    var lang = route.split("/")[0];
    return FIRST[lang] || READERS[lang] ? lang : "it";
  }
  function firstOf(lang) { return FIRST[lang] || READERS[lang].first; }
  // The view a route shows: a reader's route ("pt/03-capturing") shows the lesson of the
  // language the reader reads the lessons in ("en/03-capturing").
  function writtenRoute(route) {
    var lang = route.split("/")[0];
    return READERS[lang] ? READERS[lang].lessons + route.slice(lang.length) : route;
  }
  function routeNow() {
    var hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
    var lang = languageOf(hash || pathParam());
    reader = lang;
    if (!hash || (ROUTES && ROUTES.indexOf(writtenRoute(hash)) < 0)) return firstOf(lang);
    return hash;
  }

  function knownRoute() {
    var route = routeNow();
    if (location.hash.replace(/^#\/?/, "") !== route) {
      history.replaceState(null, "", location.pathname + location.search + "#" + route);
    }
    return route;
  }

  // The view a link to a notebook points to, read from the folder of the view shown; null
  // for any other link. JupyterLab rewrites the links of text cells to the site's files/.
  function routeOf(href, here) {
    if (!href || !/\.ipynb(#.*)?$/.test(href)) return null;
    href = href.split("#")[0];
    var path;
    if (!/^[a-z]+:|^\//i.test(href)) {
      path = decodeURIComponent(new URL(href, "http://site/" + here).pathname.slice(1));
    } else {
      var url = new URL(href, location.href);
      var files = url.pathname.indexOf("/files/");
      if (url.origin !== location.origin || files < 0) return null;
      path = decodeURIComponent(url.pathname.slice(files + "/files/".length));
    }
    return path.replace(/\.ipynb$/, "");
  }

  // A link to another page of the course: the view it names, in the same tab (JupyterLab
  // would open a new browser tab); the browser's history keeps it, for the back button.
  function followLessonLinks() {
    document.addEventListener("click", function (event) {
      var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || link.hasAttribute("download")) return;
      var route = routeOf(link.getAttribute("href"), routeNow());
      if (!route) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.hash = route;
    }, true);
    // Rendered text is not for editing: a double click must not show its source.
    document.addEventListener("dblclick", function (event) {
      if (event.target && event.target.closest && event.target.closest(".jp-MarkdownCell")) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    }, true);
  }

  // A picture's PNG where Python has no Pillow (the analysis page): the link carries the
  // SVG, which the browser draws into a canvas, twice its size, and saves as a PNG.
  function picturesAsPng() {
    document.addEventListener("click", function (event) {
      var link = event.target && event.target.closest ? event.target.closest("a.dama-png") : null;
      if (!link || link.dataset.ready === "1") return;
      event.preventDefault();
      var bytes = Uint8Array.from(atob(link.dataset.svg), function (c) { return c.charCodeAt(0); });
      var svg = new Blob([bytes], { type: "image/svg+xml" });
      var url = URL.createObjectURL(svg);
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = image.width * 2;
        canvas.height = image.height * 2;
        var context = canvas.getContext("2d");
        context.scale(2, 2);
        context.drawImage(image, 0, 0);
        URL.revokeObjectURL(url);
        link.href = canvas.toDataURL("image/png");
        link.dataset.ready = "1";
        link.click();
      };
      image.src = url;
    }, true);
  }

  // The view's text and still pictures, from the site's previews, shown at once (before
  // Python is up, and while it makes the next view).
  // Each preview is fetched once a visit and kept: the view gone back to shows at once.
  var previewToken = 0;
  var previews = {};
  function previewOf(route) {
    if (!previews[route]) {
      previews[route] = fetch(new URL("../views/" + writtenRoute(route) + ".html",
                                      location.href))
        .then(function (answer) { return answer.ok ? answer.text() : ""; })
        .catch(function () { return ""; });
    }
    return previews[route];
  }

  function putPreview(text) {
    var div = document.getElementById("dama-preview");
    if (!div) {
      div = document.createElement("div");
      div.id = "dama-preview";
      document.body.appendChild(div);
    }
    div.innerHTML = '<div class="dama-preview-page">' + text + "</div>";
    div.scrollTop = 0;
    if (!times.text) mark("text");
  }

  function showPreview(route) {
    var token = ++previewToken;
    return previewOf(route).then(function (text) {
      if (token === previewToken && text && shownRoute() !== route) putPreview(text);
    });
  }

  function hidePreview() {
    previewToken++;
    var div = document.getElementById("dama-preview");
    if (div) div.remove();
  }

  function shownMark() { return document.querySelector(".dama-shown"); }
  function shownRoute() {
    var found = shownMark();
    return found && document.body.classList.contains("dama-ready")
      ? found.getAttribute("data-asked") : null;
  }

  // The route written into the app's hidden box, as if typed: the app shows that view.
  function askFor(route) {
    var input = document.querySelector(".dama-route input");
    if (!input) return false;
    input.value = route;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return true;
  }

  function scrollToTop() {
    document.querySelectorAll(".jp-WindowedPanel-outer, .jp-Notebook").forEach(function (el) {
      el.scrollTop = 0;
    });
  }

  // The tab's title is the view's: JupyterLab, which sets its own now and then, is undone.
  var viewTitle = "Dama";
  function keepTitle() {
    var title = document.querySelector("title");
    if (!title) return;
    new MutationObserver(function () {
      if (document.title !== viewTitle) document.title = viewTitle;
    }).observe(title, { childList: true, characterData: true, subtree: true });
  }

  // The notebook's frame, as a screen reader hears it: in the child's view the cells are the
  // page, not a list of cells (JupyterLab marks its cell list a "feed" whose items are not
  // articles), and an output area with nothing in it has no name to give (an aria-label on a
  // plain div, which ARIA does not allow). Both are undone as JupyterLab sets them.
  function plainNotebookRoles() {
    function undo() {
      document.querySelectorAll(".jp-WindowedPanel-viewport[role]").forEach(function (el) {
        el.removeAttribute("role");
      });
      document.querySelectorAll(".jp-mod-noOutputs[aria-label]:not([role])").forEach(
        function (el) { el.removeAttribute("aria-label"); });
    }
    undo();
    new MutationObserver(undo).observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["role", "aria-label"]
    });
  }

  // The view of the address shown by the app: asked, waited for, the preview then gone.
  var asking = 0;
  async function openView(route, first) {
    var token = ++asking;
    document.body.classList.remove("dama-ready");
    var started = performance.now();
    // The cells have run: a page with no box to ask (its cell failed) will never have one.
    await waitFor(function () { return askFor(route); }, first ? 20000 : 0);
    // A later view not made in 30 s (Python gone): said, rather than a preview for ever.
    await waitFor(function () {
      var found = shownMark();
      return token !== asking || (found && found.getAttribute("data-asked") === route);
    }, first ? 0 : 30000);
    if (token !== asking) return;
    viewTitle = shownMark().getAttribute("data-title") || viewTitle;
    document.title = viewTitle;
    hidePreview();
    if (!first) scrollToTop();
    document.body.classList.add("dama-ready");
    (times.views = times.views || []).push(
      { route: route, ms: Math.round(performance.now() - started) });
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
    var path = pathParam();
    // A lesson's own address (a bookmark from before the course was one page), or the one
    // page's former name: its view.
    if (path === "corso.ipynb") {
      location.replace("?path=" + APP + location.hash);
      return;
    }
    if (/^[a-z]{2,3}\/[^/]+\.ipynb$/.test(path)) {
      location.replace("?path=" + APP + "#" + path.replace(/\.ipynb$/, ""));
      return;
    }
    if (path !== APP) return;   // another notebook (a teacher's own): left as it is
    routeNow();
    var words = loadingWords();
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    banner(words.loading);
    try {
      var known = await fetch(new URL("../views/routes.json", location.href));
      if (known.ok) ROUTES = await known.json();
    } catch (error) { ROUTES = null; }   // no list: every address is asked as it is
    showPreview(knownRoute());
    previewOf(firstOf(languageOf(routeNow())));   // the way back
    followLessonLinks();
    picturesAsPng();
    keepTitle();
    plainNotebookRoles();
    // A link followed, the back button: the new view's preview at once, then Python's view.
    var pythonUp = false;
    window.addEventListener("hashchange", function () {
      var route = knownRoute();
      if (route === shownRoute()) return;
      showPreview(route);
      if (pythonUp) {
        openView(route, false).catch(function (error) {
          console.error("dama child view:", error);
          banner(loadingWords().failed);
        });
      }
    });
    if (await freshCourse()) return;
    var slow = setTimeout(function () {
      if (!document.body.classList.contains("dama-ready")) banner(words.slow, words.adult);
    }, PATIENCE_MS);
    try {
      var app = await waitFor(function () { return window.jupyterapp; });
      await app.restored;
      // The header and the menus go the way the shell's own commands hide them, so that
      // the page takes their place.
      ["top", "menu"].forEach(function (area) {
        var widget = app.shell[area];
        if (widget && widget.hide) widget.hide();
      });
      var panel = await waitFor(function () {
        var w = app.shell.currentWidget;
        return w && w.sessionContext && w.content ? w : null;
      });
      // The notebook's toolbar goes the way Lumino hides a widget, its room with it (hidden
      // by the style alone, it left a grey strip over the top of the page).
      if (panel.toolbar && panel.toolbar.hide) panel.toolbar.hide();
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
      keepClean();
      mark("ran");
      await openView(knownRoute(), true);
      pythonUp = true;
      // A link followed while the first view was made: its view now.
      if (knownRoute() !== shownRoute()) openView(knownRoute(), false);
      release();
      mark("shown");
      // A service worker an earlier version (or JupyterLab, lab/) left: the child's view does
      // without it, and every file of a visit would pass through it.
      if ("serviceWorker" in navigator && navigator.serviceWorker.getRegistrations) {
        navigator.serviceWorker.getRegistrations().then(function (found) {
          found.forEach(function (registration) { registration.unregister(); });
        }).catch(function () {});
      }
      clearTimeout(slow);
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
