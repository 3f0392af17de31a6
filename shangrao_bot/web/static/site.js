// The league's pages: sortable tables. Any table with class "sortable" sorts by a column when
// its header's button is pressed (again: the other way). A cell's data-sort (a number) is
// what it sorts by, else its text.
"use strict";
(function () {
  function key(cell) {
    const raw = cell.getAttribute("data-sort");
    if (raw !== null && raw !== "" && !isNaN(Number(raw))) return Number(raw);
    return cell.textContent.trim().toLowerCase();
  }
  function sortBy(table, index, th) {
    const body = table.tBodies[0];
    const descending = th.getAttribute("aria-sort") !== "descending";
    for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    const rows = Array.from(body.rows);
    rows.sort(function (a, b) {
      const x = key(a.cells[index]), y = key(b.cells[index]);
      const order = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -order : order;
    });
    for (const row of rows) body.appendChild(row);
  }
  function setUp(table) {
    const head = table.tHead && table.tHead.rows[0];
    if (!head) return;
    Array.from(head.cells).forEach(function (th, index) {
      const button = th.querySelector("button");
      if (button) button.addEventListener("click", function () { sortBy(table, index, th); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("table.sortable").forEach(setUp);
  });
})();
