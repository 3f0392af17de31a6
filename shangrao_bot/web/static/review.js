// The review page: the "mistakes only" button hides the decisions that agree with the analysis
// in place (the address follows, so a reload keeps it: ?mistakes=1 lists only the mistakes on
// the server's side, which is also what the link beside the button does without JavaScript),
// and so do the language links.
"use strict";
(function () {
  function setUp() {
    const button = document.getElementById("mistakes-toggle");
    const link = document.getElementById("mistakes-link");
    const table = document.getElementById("decisions");
    if (!button || !table) return;
    const noneLeft = document.querySelector(".none-left");
    const mistakes = table.querySelectorAll("tbody tr:not(.agree)").length;
    function show(only) {
      table.classList.toggle("only-mistakes", only);
      button.setAttribute("aria-pressed", only ? "true" : "false");
      if (noneLeft) noneLeft.hidden = !(only && mistakes === 0);
      const address = new URL(window.location.href);
      if (only) address.searchParams.set("mistakes", "1");
      else address.searchParams.delete("mistakes");
      history.replaceState(null, "", address.pathname + address.search + address.hash);
      // the language links keep the choice too
      document.querySelectorAll(".langs a").forEach(function (a) {
        const target = new URL(a.href);
        if (only) target.searchParams.set("mistakes", "1");
        else target.searchParams.delete("mistakes");
        a.href = target.pathname + target.search;
      });
    }
    button.hidden = false;
    if (link) link.hidden = true;
    button.addEventListener("click", function () {
      show(button.getAttribute("aria-pressed") !== "true");
    });
  }
  document.addEventListener("DOMContentLoaded", setUp);
})();
