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
