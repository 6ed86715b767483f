// The course's page for every child (this computer, a school's server, the browser edition:
// deploy/site/build.py puts this same file in its page): a page that can be heard, a board
// played from the keyboard, and what a screen reader needs.
//
// - «Ascolta» beside each text a child reads (each paragraph of a lesson, the board's message
//   line, an exercise's question and answer, the Palestra's and the trainer's prompts) reads it
//   aloud with the browser's own voices (the Web Speech API: offline on Chromebooks, iPads,
//   Android and Windows), in the page's language. The words read are the text's own, with
//   its moves in words, as Python wrote them in `data-say` (dama.core.speech).
// - «Leggi da solo» (kept on this device) reads the board's message line and each answer's
//   verdict by itself when it changes.
// - A device with no voice for the language: the adult is told once, in words, what to install.
// - The boards: Tab reaches each one (and leaves it again: the canvas would keep the Tab key),
//   each has a text alternative (the board in words, kept by Python in `.dama-board-text`)
//   and live regions for its messages and for the cursor of the arrow keys; a game replayed
//   has its slider named.
// - The page: its language, one main landmark.
//
// Every word shown here comes from Python (the catalogues), in `.dama-speech-words`.
(function () {
  "use strict";

  var AUTO_KEY = "dama-read-by-itself";
  var TOLD_KEY = "dama-no-voice-told-";
  var LISTENABLE = ".dama-status, .dama-banner, .dama-listenable, .dama-choices";
  var READ_BY_ITSELF = ".dama-status, .dama-banner, .dama-read-itself";
  var BLOCKS = "p, li, h1, h2, h3, h4, blockquote, figcaption, td";
  // A loudspeaker, drawn (an emoji needs a font a school's computer may not have).
  var SPEAKER = '<svg class="dama-speaker" aria-hidden="true" focusable="false" ' +
    'viewBox="0 0 24 24" width="1.1em" height="1.1em"><path fill="currentColor" ' +
    'd="M3 9v6h4l5 5V4L7 9H3z"/><path fill="none" stroke="currentColor" stroke-width="2" ' +
    'stroke-linecap="round" d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"/></svg>';

  function words() {
    var found = document.querySelector(".dama-speech-words");
    var data = found ? found.dataset : {};
    return {
      lang: data.lang || document.documentElement.lang || "it",
      listen: data.listen || "Listen",
      listenTo: data.listenTo || "Listen to this text",
      auto: data.auto || "Read by itself",
      noVoice: data.noVoice || "",
      board: data.board || "Draughts board",
      replay: data.replay || "Move of the game",
    };
  }

  function store(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (error) { /* a browser with no storage: the choice lasts for this page */ }
    return null;
  }

  // -- speaking ---------------------------------------------------------------------------

  var synth = window.speechSynthesis;

  function voiceFor(lang) {
    var voices = synth ? synth.getVoices() : [];
    var exact = null;
    for (var i = 0; i < voices.length; i++) {
      var code = (voices[i].lang || "").toLowerCase().replace("_", "-");
      if (code === lang || code.indexOf(lang + "-") === 0) {
        if (voices[i].localService) return voices[i];
        exact = exact || voices[i];
      }
    }
    return exact;
  }

  // Voices arrive a moment after the page loads in some browsers: wait for them a little.
  function withVoices(then) {
    if (!synth) { then(); return; }
    if (synth.getVoices().length) { then(); return; }
    var done = false;
    function go() { if (!done) { done = true; then(); } }
    synth.addEventListener && synth.addEventListener("voiceschanged", go, { once: true });
    setTimeout(go, 1500);
  }

  function tellTheAdult(lang) {
    if (store(TOLD_KEY + lang) === "1" || document.querySelector(".dama-no-voice")) return;
    var text = words().noVoice;
    if (!text) return;
    var note = document.createElement("div");
    note.className = "dama-no-voice";
    note.setAttribute("role", "alert");
    note.setAttribute("lang", words().lang);
    note.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "OK";
    close.addEventListener("click", function () { note.remove(); });
    note.appendChild(close);
    document.body.insertBefore(note, document.body.firstChild);
    store(TOLD_KEY + lang, "1");
  }

  function speak(text, lang) {
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!text) return;
    lang = (lang || words().lang).toLowerCase().split("-")[0];
    withVoices(function () {
      var voice = synth && voiceFor(lang);
      if (!synth || !voice) { tellTheAdult(lang); return; }
      synth.cancel();
      var utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = voice.lang || lang;
      utterance.voice = voice;
      utterance.rate = 0.9;            // a little slower than an adult reads
      synth.speak(utterance);
    });
  }

  function byFinger() {
    return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  }

  // What a widget says: its marked words (Python's `data-say`, or `data-say-touch` where
  // the pointer is a finger: «tocca», not «clicca»), else its text as shown.
  function wordsOf(element) {
    var marked = element.querySelectorAll("[data-say]");
    if (element.hasAttribute("data-say")) marked = [element];
    if (marked.length) {
      return Array.prototype.map.call(marked, function (m) {
        return (byFinger() && m.getAttribute("data-say-touch")) || m.getAttribute("data-say");
      }).join(" ");
    }
    var copy = element.cloneNode(true);
    // The words as shown: «tocca» where the pointer is a finger, «clicca» elsewhere.
    var hidden = byFinger() ? ".dama-click" : ".dama-tap";
    Array.prototype.forEach.call(copy.querySelectorAll(".dama-listen, .dama-sr-only, input, " +
                                                       "select, " + hidden),
                                 function (n) { n.remove(); });
    // Choices read one by one («A. 18 e 19. B. 26 e 27.»).
    Array.prototype.forEach.call(copy.querySelectorAll("button"), function (b) {
      b.textContent = b.textContent.trim().replace(/[.]?$/, ". ");
    });
    return copy.textContent;
  }

  function langOf(element) {
    var holder = element.closest("[lang]");
    return holder ? holder.getAttribute("lang") : words().lang;
  }

  function listenButton(read) {
    var w = words();
    var button = document.createElement("button");
    button.type = "button";
    button.className = "dama-listen";
    button.setAttribute("aria-label", w.listenTo);
    button.setAttribute("title", w.listenTo);
    button.innerHTML = SPEAKER + ' <span class="dama-listen-word"></span>';
    button.querySelector(".dama-listen-word").textContent = w.listen;
    button.addEventListener("click", function (event) {
      event.preventDefault();
      event.stopPropagation();
      var target = read();
      speak(wordsOf(target), langOf(target));
    });
    return button;
  }

  // -- the parts of the page --------------------------------------------------------------

  function decorateTexts() {
    // A lesson's text: a button just before each paragraph, item and heading (beside it, not
    // in it: a heading's name stays its own words).
    document.querySelectorAll(".dama-text .widget-html-content").forEach(function (content) {
      content.querySelectorAll(BLOCKS).forEach(function (block) {
        var before = block.previousElementSibling;
        if (before && before.classList.contains("dama-listen")) return;
        if (block.querySelector(":scope > .dama-listen")) return;
        if (block.parentElement && block.parentElement.closest(BLOCKS)) return;  // read whole
        if (!wordsOf(block).trim()) return;
        if (/^(LI|TD)$/.test(block.tagName)) {
          block.insertBefore(listenButton(function () { return block; }), block.firstChild);
          return;
        }
        var button = listenButton(function () { return block; });
        button.classList.add("dama-listen-beside");
        block.parentNode.insertBefore(button, block);
      });
    });
    // A widget read as one text (the message line, a question, a verdict): one button,
    // beside the words Python rewrites, so that it stays as they change.
    document.querySelectorAll(LISTENABLE).forEach(function (widget) {
      var content = widget.querySelector(".widget-html-content") || widget;
      var button = widget.querySelector(":scope > .dama-listen");
      if (!button) {
        button = listenButton(function () { return content; });
        widget.insertBefore(button, widget.firstChild);
        widget.classList.add("dama-has-listen");
      }
      // Nothing to hear (an answer not given yet): no button.
      button.hidden = !wordsOf(content).trim();
    });
  }

  function decorateBoards() {
    document.querySelectorAll(".dama-widget").forEach(function (board, index) {
      var canvas = board.querySelector("canvas.dama-board");
      var text = board.querySelector(".dama-board-text");
      if (!canvas) return;
      if (text && !text.id) text.id = "dama-board-text-" + index + "-" + Date.now();
      canvas.setAttribute("tabindex", "0");
      canvas.setAttribute("role", "application");
      canvas.setAttribute("aria-label", words().board);
      if (text) canvas.setAttribute("aria-describedby", text.id);
    });
    document.querySelectorAll(".dama-status, .dama-banner, .dama-read-itself").forEach(
      function (region) {
        if (region.getAttribute("role") !== "status") {
          region.setAttribute("role", "status");
          region.setAttribute("aria-live", "polite");
        }
      });
    // A game replayed: its slider's handle is named (ipywidgets gives it none).
    document.querySelectorAll(".dama-replay-slider .noUi-handle").forEach(function (handle) {
      if (handle.getAttribute("aria-label") !== words().replay) {
        handle.setAttribute("aria-label", words().replay);
      }
    });
    document.querySelectorAll(".dama-announce").forEach(function (region) {
      region.setAttribute("aria-live", "polite");
      region.setAttribute("aria-atomic", "true");
    });
  }

  function decoratePage() {
    var said = (document.querySelector(".dama-speech-words") || {}).dataset;
    if (said && said.lang) document.documentElement.lang = said.lang;
    var app = document.querySelector(".dama-app");
    if (app && !document.querySelector("[role=main], main")) app.setAttribute("role", "main");
    // Made once the app has said its words (a page still loading would show English).
    if (app && said && said.listen && !document.querySelector(".dama-auto-read")) {
      var toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "dama-auto-read";
      toggle.setAttribute("aria-pressed", store(AUTO_KEY) === "1" ? "true" : "false");
      toggle.innerHTML = SPEAKER + ' <span class="dama-auto-word"></span>' +
        ' <span class="dama-auto-state" aria-hidden="true"></span>';
      toggle.addEventListener("click", function () {
        var on = toggle.getAttribute("aria-pressed") !== "true";
        toggle.setAttribute("aria-pressed", on ? "true" : "false");
        store(AUTO_KEY, on ? "1" : "0");
        if (on) speak(words().auto, words().lang);
        relabel();
      });
      app.parentNode.insertBefore(toggle, app);
    }
    relabel();
  }

  function relabel() {
    // The words of the view shown (its language may have changed since a button was made).
    var w = words();
    document.querySelectorAll(".dama-listen").forEach(function (button) {
      var word = button.querySelector(".dama-listen-word");
      if (word.textContent !== w.listen) word.textContent = w.listen;
      if (button.getAttribute("aria-label") !== w.listenTo) {
        button.setAttribute("aria-label", w.listenTo);
        button.setAttribute("title", w.listenTo);
      }
    });
    var toggle = document.querySelector(".dama-auto-read");
    if (!toggle) return;
    toggle.querySelector(".dama-auto-word").textContent = words().auto;
    // Said by a mark as well as by the button's look: ✓ on, ✗ off.
    toggle.querySelector(".dama-auto-state").textContent =
      toggle.getAttribute("aria-pressed") === "true" ? "✓" : "✗";
    toggle.setAttribute("lang", words().lang);
  }

  // -- read by itself ---------------------------------------------------------------------

  // A region seen for the first time (a view just shown) is not read: only what changes
  // after a move, a tap or an answer.
  var lastSaid = new WeakMap();
  function readChanges() {
    var on = store(AUTO_KEY) === "1";
    var banner = null;
    var lines = [];
    document.querySelectorAll(READ_BY_ITSELF).forEach(function (region) {
      var content = region.querySelector(".widget-html-content") || region;
      var said = region.offsetParent === null ? "" : wordsOf(content).trim();
      var seen = lastSaid.has(region);
      if (seen && said === lastSaid.get(region)) return;
      lastSaid.set(region, said);
      if (!seen || !said || !on) return;
      if (region.classList.contains("dama-banner")) banner = said; else lines.push(said);
    });
    var text = [banner].concat(lines).filter(Boolean).join(" ");
    if (text) speak(text, words().lang);
  }

  // -- the keyboard -----------------------------------------------------------------------

  // The board's canvas keeps every key for Python (ipycanvas stops them all): Tab and
  // Shift+Tab must still leave it, as on any other part of the page.
  document.addEventListener("keydown", function (event) {
    if (event.key === "Tab" && event.target && event.target.matches &&
        event.target.matches("canvas")) {
      event.stopPropagation();
    }
  }, true);

  // -- watching the page ------------------------------------------------------------------

  var queued = false;
  function update() {
    queued = false;
    decoratePage();
    decorateBoards();
    decorateTexts();
    relabel();
    readChanges();
  }

  var STYLE = [
    ".dama-speaker { vertical-align: -0.15em; }",
    ".dama-listen { font: inherit; font-size: 0.85em; margin: 0 0.5em 0 0; padding: 0.1em 0.5em;",
    "  border: 2px solid #0b3d91; border-radius: 1em; background: #fff; color: #0b3d91;",
    "  cursor: pointer; vertical-align: baseline; white-space: nowrap; }",
    // Beside a paragraph or heading, on its first line.
    ".dama-listen-beside { float: left; margin-top: 0.15em; }",
    "h1 + .dama-listen-beside, h2 + .dama-listen-beside { clear: left; }",
    ".dama-text h1, .dama-text h2, .dama-text h3 { overflow: hidden; }",
    // Beside a long text in a row (an exercise's question, its feedback): its own width,
    // never squeezed by the text until its word spills over the text.
    ".dama-has-listen > .dama-listen { margin: 0.3em 0.6em 0.3em 0; align-self: flex-start;",
    "  flex: 0 0 auto; }",
    ".dama-listen:focus-visible, .dama-auto-read:focus-visible { outline: 3px solid #0b3d91;",
    "  outline-offset: 2px; box-shadow: 0 0 0 6px #ffd54a; }",
    ".dama-auto-read { font: inherit; font-size: 1em; margin: 0.3em 0 0.6em; padding: 0.3em 0.8em;",
    "  border: 2px solid #0b3d91; border-radius: 1em; background: #fff; color: #0b3d91;",
    "  cursor: pointer; }",
    ".dama-auto-read[aria-pressed=true] { background: #0b3d91; color: #fff; }",
    ".dama-no-voice { margin: 0.5em; padding: 0.8em 1em; border: 2px solid #8a4b00;",
    "  border-radius: 8px; background: #fff3c4; color: #222; font-size: 1em; line-height: 1.4; }",
    ".dama-no-voice button { margin-left: 1em; font: inherit; padding: 0.2em 1em; }",
    "@media (pointer: coarse) { .dama-listen, .dama-auto-read { min-height: 44px;",
    "  min-width: 44px; } }",
  ].join("\n");

  function start() {
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    update();
    new MutationObserver(function () {
      if (!queued) {
        queued = true;
        window.requestAnimationFrame ? window.requestAnimationFrame(update) : setTimeout(update, 16);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }

  window.damaSpeak = speak;        // for a page's own use, and the tests'

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
