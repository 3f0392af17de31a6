// The replay page: steps through the hand in place. The page works without this file (its
// buttons and its list are links to ?step=N); with it, the buttons, the slider, the list and
// the keys (← → Home End) show a step without loading the page again: the picture (the next
// one fetched ahead), its words, the buttons', views' and language switch's links, and the
// address (history.replaceState), so a reload, a shared link or another language opens the
// same step.
"use strict";
(function () {
  const SLIDER_PAUSE_MS = 120; // a dragged slider asks for the picture it rests on, not each one

  function setUp() {
    const box = document.getElementById("replay");
    const list = document.getElementById("steps");
    const img = document.getElementById("board");
    const slider = document.getElementById("slider");
    if (!box || !list || !img || !slider) return;
    const items = Array.from(list.querySelectorAll("li[data-src]"));
    if (!items.length) return;
    const link = document.getElementById("board-link");
    const stepNo = document.getElementById("step-no");
    const stepText = document.getElementById("step-text");
    const label = box.getAttribute("data-step-label") || "{step}/{steps}";
    const buttons = {
      first: document.getElementById("to-first"),
      prev: document.getElementById("to-prev"),
      next: document.getElementById("to-next"),
      last: document.getElementById("to-last"),
    };
    // links that open this page again, at the step shown: the views and the languages
    const views = Array.from(box.querySelectorAll(".views a"))
      .concat(Array.from(document.querySelectorAll("nav.langs a")));
    const last = items.length - 1;
    let current = Math.max(0, Math.min(last, Number(slider.value) || 0));
    let waiting = 0;

    // the room of the tallest board stays reserved: the buttons below never move
    img.style.aspectRatio = img.getAttribute("width") + " / " + img.getAttribute("height");
    slider.hidden = false;
    const keys = document.getElementById("keys");
    if (keys) keys.hidden = false;

    function atStep(href, n) {
      const url = new URL(href, window.location.href);
      url.searchParams.set("step", String(n));
      return url.pathname + url.search + url.hash;
    }

    function setPicture(n) {
      const src = items[n].getAttribute("data-src");
      img.src = src;
      if (link) link.href = src;
      if (n < last) new Image().src = items[n + 1].getAttribute("data-src");
    }

    function keepInView(item) {
      const top = item.offsetTop;
      const bottom = top + item.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) {
        list.scrollTop = bottom - list.clientHeight;
      }
    }

    function setButton(button, n, disabled) {
      if (!button) return;
      button.href = atStep(button.href, n);
      if (disabled) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }

    function show(n, dragged) {
      n = Math.max(0, Math.min(last, n));
      const item = items[n];
      const words = item.textContent.trim();
      items[current].removeAttribute("aria-current");
      item.setAttribute("aria-current", "step");
      current = n;
      stepNo.textContent = label.replace("{step}", String(n + 1)).replace("{steps}", String(last + 1));
      stepText.textContent = words;
      img.alt = words;
      slider.value = String(n);
      setButton(buttons.first, 0, n === 0);
      setButton(buttons.prev, Math.max(0, n - 1), n === 0);
      setButton(buttons.next, Math.min(last, n + 1), n === last);
      setButton(buttons.last, last, n === last);
      for (const view of views) view.href = atStep(view.href, n);
      window.history.replaceState(null, "", atStep(window.location.href, n));
      keepInView(item);
      window.clearTimeout(waiting);
      if (dragged) waiting = window.setTimeout(function () { setPicture(n); }, SLIDER_PAUSE_MS);
      else setPicture(n);
    }

    function onButton(button, target) {
      if (!button) return;
      button.addEventListener("click", function (event) {
        event.preventDefault();
        show(target());
      });
    }
    onButton(buttons.first, function () { return 0; });
    onButton(buttons.prev, function () { return current - 1; });
    onButton(buttons.next, function () { return current + 1; });
    onButton(buttons.last, function () { return last; });

    slider.addEventListener("input", function () { show(Number(slider.value), true); });

    items.forEach(function (item, n) {
      const a = item.querySelector("a");
      if (!a) return;
      a.addEventListener("click", function (event) {
        event.preventDefault();
        show(n);
        const top = box.getBoundingClientRect().top;
        if (top < 0 || top > window.innerHeight / 2) box.scrollIntoView({ block: "start" });
      });
    });

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target === slider) return; // the slider moves itself, and says so by "input"
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
      if (!(event.key in moves)) return;
      event.preventDefault();
      show(moves[event.key]);
    });

    keepInView(items[current]);
    if (current < last) new Image().src = items[current + 1].getAttribute("data-src");
  }

  document.addEventListener("DOMContentLoaded", setUp);
})();
