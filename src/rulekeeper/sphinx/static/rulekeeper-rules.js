/* rulekeeper: finding and reading rules on the site.
 *
 * Everything here reads _static/rules.json, which the build writes from the rules domain (see
 * rulekeeper.sphinx.ruledata): each rule's page, anchor, title, status and text. Nothing is
 * fetched from anywhere else, so it all works offline.
 *
 * - Go to a rule: the "Go to rule" box takes an ID in any spelling ("rr 8.4b", "RR8.4B",
 *   "8.4b" on a Risk & Resource page) and opens the rule.
 * - Previews: hovering a reference to a rule (or tapping it, on a touch screen) shows the
 *   rule's ID, title and text; a second tap follows the link.
 * - Search: on the search page, rules whose ID or title match the query are listed first,
 *   with their ID, title and a snippet of their text.
 * - Moved rules: a link to a rule's anchor on a page the rule has since left (Risk & Resource's
 *   rulings once stood on one page) goes on to where the rule is written now.
 */
(() => {
  "use strict";

  const root = document.documentElement.dataset.content_root || "";
  let loading = null;

  /** The rules of the site, fetched once. */
  function rules() {
    if (loading === null) {
      loading = fetch(root + "_static/rules.json")
        .then((response) => response.json())
        .then((data) => {
          data.byAnchor = {};
          for (const [id, rule] of Object.entries(data.rules)) {
            data.byAnchor[rule.u.split("#")[1]] = id;
          }
          return data;
        });
    }
    return loading;
  }

  /** The canonical form of an ID written in any case, with or without spaces or a prefix. */
  function parseId(text) {
    const match = text
      .replace(/\s+/g, "")
      .match(/^([a-z]{2})?((?:r\d+)|(?:\d+(?:\.\d+)*[a-z]?))$/i);
    if (!match) return null;
    const number = /^r/i.test(match[2]) ? "R" + match[2].slice(1) : match[2].toLowerCase();
    return { prefix: (match[1] || "").toUpperCase(), number };
  }

  /** The prefix of the rules on this page, if it has any: an ID without one means them. */
  function pagePrefix(data) {
    const first = document.querySelector("dl.rules dt[id^='rule-']");
    const id = first && data.byAnchor[first.id];
    return id ? id.split(" ")[0] : "";
  }

  /** The rules an ID written by a reader may mean: one, several (no prefix given) or none. */
  function resolve(data, text) {
    const parsed = parseId(text);
    if (parsed === null) return [];
    if (parsed.prefix) {
      const id = parsed.prefix + " " + parsed.number;
      return id in data.rules ? [id] : [];
    }
    const here = pagePrefix(data);
    if (here && here + " " + parsed.number in data.rules) return [here + " " + parsed.number];
    return Object.keys(data.prefixes)
      .map((prefix) => prefix + " " + parsed.number)
      .filter((id) => id in data.rules);
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function ruleLink(id, rule) {
    const link = element("a", "rule-id-link", id);
    link.href = root + rule.u;
    return link;
  }

  // -- Go to a rule -------------------------------------------------------------------------

  function setUpGoTo() {
    for (const form of document.querySelectorAll("form.rule-goto")) {
      const input = form.querySelector("input");
      const message = form.querySelector(".rule-goto-message");
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        rules().then((data) => {
          const found = resolve(data, input.value);
          message.replaceChildren();
          if (found.length === 1) {
            window.location.href = root + data.rules[found[0]].u;
            return;
          }
          if (found.length === 0) {
            message.textContent = `No rule "${input.value.trim()}".`;
          } else {
            message.append("Which one? ");
            found.forEach((id, index) => {
              if (index) message.append(", ");
              message.append(ruleLink(id, data.rules[id]));
            });
          }
          message.hidden = false;
        });
      });
    }
  }

  // -- Previews -----------------------------------------------------------------------------

  let preview = null;
  let shownFor = null;
  let hideTimer = 0;

  function ruleAnchorOf(link) {
    const hash = link.hash.slice(1);
    return hash.startsWith("rule-") ? hash : null;
  }

  function fillPreview(data, id, link) {
    const rule = data.rules[id];
    preview.replaceChildren();
    const heading = element("p", "rule-preview-heading");
    heading.append(element("strong", "", id));
    if (rule.t) heading.append(" ", element("span", "rule-preview-title", rule.t));
    if (rule.s !== "normative") heading.append(" ", element("span", "rule-badge", rule.s));
    preview.append(heading);
    for (const paragraph of rule.x.split("\n\n")) {
      preview.append(element("p", "rule-preview-text", paragraph));
    }
    const open = element("a", "rule-preview-open", "Open " + id + " \u2192");
    open.href = link.href;
    preview.append(open);
  }

  function place(link) {
    const box = link.getBoundingClientRect();
    const width = Math.min(448, window.innerWidth - 16);
    preview.style.width = width + "px";
    const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
    preview.style.left = left + window.scrollX + "px";
    preview.hidden = false;
    const below = box.bottom + 6;
    const fitsBelow = below + preview.offsetHeight < window.innerHeight;
    const top = fitsBelow ? below : Math.max(8, box.top - preview.offsetHeight - 6);
    preview.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    const anchor = ruleAnchorOf(link);
    if (anchor === null) return;
    window.clearTimeout(hideTimer);
    rules().then((data) => {
      const id = data.byAnchor[anchor];
      if (!id) return;
      shownFor = link;
      fillPreview(data, id, link);
      place(link);
    });
  }

  function hideSoon() {
    window.clearTimeout(hideTimer);
    hideTimer = window.setTimeout(hide, 250);
  }

  function hide() {
    if (preview) preview.hidden = true;
    shownFor = null;
  }

  function setUpPreviews() {
    const links = [...document.querySelectorAll("article a.reference.internal")].filter(
      (link) => ruleAnchorOf(link) !== null && !link.closest("dt")
    );
    if (!links.length) return;
    preview = element("div", "rule-preview");
    preview.setAttribute("role", "tooltip");
    preview.hidden = true;
    document.body.append(preview);
    preview.addEventListener("mouseenter", () => window.clearTimeout(hideTimer));
    preview.addEventListener("mouseleave", hideSoon);
    let touched = false;
    for (const link of links) {
      // The preview replaces the browser's own tooltip, which shows only the title.
      link.dataset.ruleTitle = link.title;
      link.removeAttribute("title");
      link.addEventListener("touchstart", () => (touched = true), { passive: true });
      link.addEventListener("mouseenter", () => touched || show(link));
      link.addEventListener("mouseleave", () => touched || hideSoon());
      link.addEventListener("focus", () => show(link));
      link.addEventListener("blur", hideSoon);
      link.addEventListener("click", (event) => {
        // On a touch screen the first tap shows the rule and the second follows the link.
        if (touched && shownFor !== link) {
          event.preventDefault();
          show(link);
        }
      });
    }
    document.addEventListener("click", (event) => {
      if (preview.hidden || event.target.closest(".rule-preview")) return;
      if (shownFor && event.target.closest("a") === shownFor) return;
      hide();
    });
    document.addEventListener("keydown", (event) => event.key === "Escape" && hide());
  }

  // -- Search ---------------------------------------------------------------------------------

  function words(text) {
    return text.toLowerCase().match(/[a-z0-9.&']+/g) || [];
  }

  /** Rules matching a search: the exact ID first, then titles, then texts with every word. */
  function ruleHits(data, query) {
    const hits = [];
    const exact = resolve(data, query);
    hits.push(...exact);
    const wanted = words(query);
    if (!wanted.length) return hits;
    const phrase = wanted.join(" ");
    const scored = [];
    for (const [id, rule] of Object.entries(data.rules)) {
      if (exact.includes(id)) continue;
      const title = words(rule.t).join(" ");
      const text = words(rule.x).join(" ");
      let score = 0;
      if (title === phrase) score = 4;
      else if (title.includes(phrase)) score = 3;
      else if (wanted.every((word) => title.includes(word))) score = 2;
      else if (wanted.length > 1 && text.includes(phrase)) score = 1;
      if (score) scored.push([score, id]);
    }
    scored.sort((a, b) => b[0] - a[0]);
    hits.push(...scored.slice(0, 12).map(([, id]) => id));
    return hits;
  }

  function snippet(text, query) {
    const flat = text.replace(/\s+/g, " ");
    const at = flat.toLowerCase().indexOf(words(query)[0] || "\u0000");
    const start = at > 60 ? flat.lastIndexOf(" ", at - 40) + 1 : 0;
    const end = Math.min(flat.length, start + 220);
    return (start ? "\u2026" : "") + flat.slice(start, end) + (end < flat.length ? "\u2026" : "");
  }

  function setUpSearch() {
    const results = document.getElementById("search-results");
    const query = new URLSearchParams(window.location.search).get("q");
    if (!results || !query) return;
    rules().then((data) => {
      const hits = ruleHits(data, query);
      if (!hits.length) return;
      const section = element("section", "rule-hits");
      section.append(element("h2", "", "Rules"));
      const list = element("ul", "rule-hits-list");
      for (const id of hits) {
        const rule = data.rules[id];
        const item = element("li", "rule-hit");
        const heading = element("p", "rule-hit-heading");
        heading.append(ruleLink(id, rule));
        if (rule.t) heading.append(" ", element("span", "rule-hit-title", rule.t));
        heading.append(" ", element("span", "rule-hit-format", data.prefixes[id.split(" ")[0]]));
        item.append(heading, element("p", "rule-hit-snippet", snippet(rule.x, query)));
        list.append(item);
      }
      section.append(list);
      results.before(section);
    });
  }

  // -- Traceability filters ---------------------------------------------------------------

  /** Show only the rows of the chosen format and status; hide tables left empty. */
  function setUpTraceabilityFilters() {
    const form = document.querySelector("form.traceability-filters");
    if (!form) return;
    const tables = [...document.querySelectorAll("table.rules-traceability")].filter(
      (table) => !table.classList.contains("rules-traceability-totals")
    );
    const count = form.querySelector(".traceability-count");
    function apply() {
      const format = form.elements.format.value;
      const status = form.elements.status.value;
      let shown = 0;
      for (const table of tables) {
        let inTable = 0;
        for (const row of table.tBodies[0].rows) {
          const match =
            (!format || row.classList.contains("format-" + format)) &&
            (!status || row.classList.contains("status-" + status));
          row.hidden = !match;
          inTable += match;
        }
        const wrapper = table.closest(".table-wrapper") || table;
        wrapper.hidden = inTable === 0;
        const heading = wrapper.previousElementSibling;
        if (heading && heading.classList.contains("rubric")) heading.hidden = inTable === 0;
        shown += inTable;
      }
      count.textContent = `${shown} rules`;
    }
    form.addEventListener("change", apply);
    form.addEventListener("submit", (event) => event.preventDefault());
    form.hidden = false;
    apply();
  }

  /** Follow an old link whose rule anchor is no longer on this page to the rule's new page. */
  function followMovedRule() {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (!anchor.startsWith("rule-") || document.getElementById(anchor)) return;
    rules().then((data) => {
      const id = data.byAnchor[anchor];
      if (id) window.location.replace(root + data.rules[id].u);
    });
  }

  function start() {
    followMovedRule();
    setUpTraceabilityFilters();
    setUpGoTo();
    setUpPreviews();
    setUpSearch();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
