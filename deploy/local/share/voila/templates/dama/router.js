// The course's one page in Voilà (this computer, a school's server): the address's end names
// the view (#it/03-la-presa), so a link followed, the back button and a shared link each show
// their view in the same page, with the same kernel (dama.app). The route is written into the
// app's hidden box, as if typed; the app says which view it shows in a mark, read here for the
// tab's title. A page with no app (a teacher's own notebook) is left as it is.
(function () {
  "use strict";

  function box() { return document.querySelector(".dama-route input"); }
  function mark() { return document.querySelector(".dama-shown"); }
  function wanted() { return decodeURIComponent(location.hash.replace(/^#\/?/, "")); }
  // What the box is given: the route with its "#", so that an address naming no view still
  // changes the box (the app then shows the view a visit opens on).
  function asking() { return "#" + wanted(); }

  var asked = null;
  function ask() {
    var input = box();
    if (!input) return false;
    var route = asking();
    if (route !== asked) {
      asked = route;
      document.body.classList.remove("dama-ready");
      input.value = route;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    return true;
  }

  // The view shown: its title on the tab, the address the one it is known by (a mistyped
  // link says the index it shows), the page at its top.
  var shown = null;
  function follow() {
    var found = mark();
    if (!found || found.getAttribute("data-asked") !== asked) return;
    var route = found.getAttribute("data-route");
    if (route === shown && document.body.classList.contains("dama-ready")) return;
    shown = route;
    document.title = found.getAttribute("data-title") || document.title;
    // The page says its language (the view's first word), so a screen reader reads Italian
    // with an Italian voice.
    var lang = (route || "").split("/")[0];
    if (/^[a-z]{2,3}$/.test(lang)) document.documentElement.lang = lang;
    if (route && wanted() !== route) {
      asked = "#" + route;
      history.replaceState(null, "", location.pathname + location.search + "#" + route);
    }
    window.scrollTo(0, 0);
    document.body.classList.add("dama-ready");
  }

  // A link to a notebook (the index's table links the lessons' notebooks, as JupyterLab
  // opens them): the view it names, read from the folder of the view shown, in this page.
  function routeOf(href) {
    if (!href || /^[a-z]+:|^\/|^#/i.test(href) || !/\.ipynb(#.*)?$/.test(href)) return null;
    var here = (wanted() || (mark() && mark().getAttribute("data-route")) || "it/").split("/")[0];
    var path = new URL(href.split("#")[0], "http://course/" + here + "/").pathname.slice(1);
    return decodeURIComponent(path).replace(/\.ipynb$/, "");
  }

  function followLinks() {
    document.addEventListener("click", function (event) {
      var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || link.hasAttribute("download")) return;
      var route = routeOf(link.getAttribute("href"));
      if (!route) return;
      event.preventDefault();
      location.hash = route;
    }, true);
  }

  function start() {
    followLinks();
    var waiting = setInterval(function () {
      if (ask()) clearInterval(waiting);
    }, 100);
    window.addEventListener("hashchange", ask);
    new MutationObserver(follow).observe(document.body,
                                         { childList: true, subtree: true, attributes: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

// A page whose server or kernel has stopped (a school's server restarted, a server killed,
// the computer's course closed) says so at once, in the page's language, instead of going
// silently dead: a notice over the page, so that no answer is tapped into nothing. It then
// waits for an answer. If its kernel answers again (the hub was away for an update: the
// child's server and kernel went on), the notice goes and the page carries on as it was. If
// the kernel is gone (the server was stopped or restarted), the page reloads itself on the
// same view (the address keeps it): the stars already shown were saved when they were shown.
// The kernel is asked every few seconds without counting as the child's activity.
(function () {
  "use strict";

  var WORDS = {
    it: "Il corso si è fermato un momento. Riparte da solo: aspetta qui, senza toccare " +
        "niente. Le stelle che hai già visto sono salvate.",
    en: "The course stopped for a moment. It starts again by itself: wait here without " +
        "touching anything. The stars you have already seen are saved."
  };
  var EVERY = 4000;

  function config() {
    var found = document.getElementById("jupyter-config-data");
    try { return found ? JSON.parse(found.textContent) : {}; } catch (error) { return {}; }
  }

  function language() {
    var view = decodeURIComponent(location.hash.replace(/^#\/?/, "")).split("/")[0];
    return WORDS[view] ? view : (WORDS[document.documentElement.lang] ? document.documentElement.lang : "it");
  }

  function notice() {
    var lang = language();
    var cover = document.createElement("div");
    cover.className = "dama-stopped";
    cover.setAttribute("role", "alert");
    cover.setAttribute("lang", lang);
    cover.style.cssText = "position:fixed;inset:0;z-index:10000;display:flex;" +
      "align-items:center;justify-content:center;background:rgba(255,255,255,0.92);" +
      "padding:24px;font-size:1.4em;line-height:1.5;text-align:center;color:#1a1a1a";
    var text = document.createElement("p");
    text.style.maxWidth = "32em";
    text.textContent = "⏳ " + WORDS[lang];
    cover.appendChild(text);
    document.body.appendChild(cover);
    document.body.setAttribute("aria-busy", "true");
    return cover;
  }

  function start() {
    var data = config();
    if (!data.kernelId || !document.querySelector(".dama-route")) {
      // Not the course's page yet (or a teacher's own notebook): look again later.
      if (data.kernelId) setTimeout(start, EVERY);
      return;
    }
    var base = (data.baseUrl || "/").replace(/\/?$/, "/");
    var kernel = base + "api/kernels/" + data.kernelId + "?no_track_activity=1";
    var missed = 0;

    function ask(url) {
      // The server's XSRF token goes with the question: a school's hub (JupyterHub) takes a
      // script's request that lacks it for a stranger's, and answers 403, which would read
      // as the kernel gone (the page would reload every few seconds).
      var token = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
      var headers = token ? { "X-XSRFToken": token[1] } : {};
      return fetch(url, { cache: "no-store", credentials: "same-origin", redirect: "manual",
                          headers: headers });
    }

    function away(answer) {
      // No answer, or the hub or the proxy saying it cannot answer now (a hub being
      // restarted answers 5xx): wait, the kernel may well be there after it.
      return !answer || answer.status >= 500;
    }

    function comeBack(cover) {
      ask(kernel).then(function (answer) {
        if (answer.ok) {
          cover.remove();
          document.body.removeAttribute("aria-busy");
          missed = 0;
          setTimeout(watch, EVERY);
        } else if (away(answer)) {
          setTimeout(function () { comeBack(cover); }, EVERY);
        } else {
          // The kernel is unknown (404), or the login is asked again: a fresh page.
          location.reload();
        }
      }, function () {
        setTimeout(function () { comeBack(cover); }, EVERY);
      });
    }

    function watch() {
      ask(kernel).then(function (answer) {
        missed = answer.ok ? 0 : missed + 1;
      }, function () {
        missed += 1;
      }).then(function () {
        if (missed >= 2) {
          var cover = notice();
          setTimeout(function () { comeBack(cover); }, EVERY);
        } else {
          setTimeout(watch, EVERY);
        }
      });
    }
    setTimeout(watch, EVERY);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
