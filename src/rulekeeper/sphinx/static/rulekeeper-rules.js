/* rulekeeper: finding and reading rules on the site.
 *
 * Everything here reads _static/rulekeeper-data.js, which the build writes from the rules
 * domain and the pages (see rulekeeper.sphinx.ruledata and rulekeeper.sphinx.searchdata): each
 * rule's page, anchor, title, status and text, the glossary entries, the cards and the pages'
 * sections. It is loaded as a script, not fetched, so all of this works from a copy of the site
 * saved to disk (file://) as well as from a server, and needs no network.
 *
 * - Go to a rule: the "Go to rule" box takes an ID in any spelling ("rr 8.4b", "RR8.4B",
 *   "8.4b" on a Risk & Resource page) and opens the rule; words are searched for instead.
 * - Previews: hovering a reference to a rule (or tapping it, on a touch screen) shows the
 *   rule's ID, title and text; a second tap follows the link.
 * - Search: on the search page, rules, then glossary entries, then cards and pages, found and
 *   ranked by rulekeeper-search.js on MiniSearch (both loaded by the search page only). A
 *   rule's ID goes straight to the rule. The API reference and source are searched (by
 *   Sphinx's own index) only when the reader asks.
 * - On a phone, a bar at the top of every page holds the search and "Go to rule".
 * - Contributors' details (coverage figures, "Enforced by" lines) show only when the
 *   "Contributor view" switch is on; the choice is remembered across pages.
 * - Moved rules: a link to a rule's anchor on a page the rule has since left (Risk & Resource's
 *   rulings once stood on one page) goes on to where the rule is written now.
 */
(() => {
  "use strict";

  const root = document.documentElement.dataset.content_root || "";
  let loading = null;

  /** The site's data, loaded once by a script tag (which works from file:// too). */
  function rules() {
    if (loading === null) {
      loading = new Promise((resolve, reject) => {
        if (window.rulekeeperData) return resolve(window.rulekeeperData);
        const script = document.createElement("script");
        script.src = root + "_static/rulekeeper-data.js";
        script.onload = () => resolve(window.rulekeeperData);
        script.onerror = reject;
        document.head.append(script);
      }).then((data) => {
        if (!data.byAnchor) {
          data.byAnchor = {};
          for (const [id, rule] of Object.entries(data.rules)) {
            data.byAnchor[rule.u.split("#")[1]] = id;
          }
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
        // Words rather than an ID are searched for.
        if (parseId(input.value) === null) return;
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

  /** A script of the site's, loaded once by a script tag (which works from file:// too). */
  function loadScript(name) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = root + "_static/" + name;
      script.onload = resolve;
      script.onerror = () => reject(new Error(name + " is not part of this site"));
      document.head.append(script);
    });
  }

  let searching = null;

  /** The search's indexes (see rulekeeper-search.js), made once the data and MiniSearch are
   * loaded; only the search page loads them. */
  function searchIndex() {
    if (searching === null) {
      searching = Promise.all([rules(), loadScript("minisearch.js")])
        .then(([data]) => loadScript("rulekeeper-search.js").then(() => data))
        .then((data) => window.rulekeeperSearch.build(window.MiniSearch, data));
    }
    return searching;
  }

  /** Everything a search finds: the rule an ID names, then rules, glossary entries, cards and
   * pages, best first. */
  function searchAll(index, text) {
    const exact = resolve(index.data, text);
    const found = window.rulekeeperSearch.search(index, text);
    const rest = found.rules.filter((hit) => !exact.includes(hit.id));
    const named = exact.map((id) => ({ id, matched: new Set() }));
    return { exact, ...found, rules: [...named, ...rest] };
  }

  /** A piece of text around the first word found, with the words found marked. */
  function snippet(text, matched) {
    const flat = text.replace(/\s+/g, " ");
    const stem = window.rulekeeperSearch.stem;
    const pattern = /[A-Za-z0-9\u00c0-\u024f]+(?:['\u2019][a-z]+)?/g;
    const found = (word) => matched.has(stem(word)) || matched.has(word.toLowerCase());
    let first = -1;
    for (const match of flat.matchAll(pattern)) {
      if (found(match[0])) {
        first = match.index;
        break;
      }
    }
    const start = first > 80 ? flat.lastIndexOf(" ", first - 60) + 1 : 0;
    const end = Math.min(flat.length, start + 240);
    const cut = flat.slice(start, end);
    const paragraph = element("p", "rule-hit-snippet");
    if (start) paragraph.append("\u2026");
    let position = 0;
    for (const match of cut.matchAll(pattern)) {
      if (!found(match[0])) continue;
      paragraph.append(cut.slice(position, match.index), element("mark", "", match[0]));
      position = match.index + match[0].length;
    }
    paragraph.append(cut.slice(position));
    if (end < flat.length) paragraph.append("\u2026");
    return paragraph;
  }

  function hitList(title, className, count) {
    const section = element("section", "search-hits " + className);
    section.append(element("h2", "", `${title} (${count})`));
    const list = element("ul", "rule-hits-list");
    section.append(list);
    return [section, list];
  }

  function hitItem(link, text, label, matched) {
    const item = element("li", "rule-hit");
    const heading = element("p", "rule-hit-heading");
    heading.append(...link);
    if (label) heading.append(" ", element("span", "rule-hit-format", label));
    item.append(heading);
    if (text) item.append(snippet(text, matched));
    return item;
  }

  function pageLink(text, address) {
    const link = element("a", "search-hit-link", text);
    link.href = root + address;
    return link;
  }

  const SHOWN = { rules: 25, glossary: 8, pages: 12 };

  function showResults(index, text, place) {
    const data = index.data;
    const found = searchAll(index, text);
    const container = element("div", "rule-search-results");
    const summary = element("p", "rule-search-summary");
    summary.setAttribute("role", "status");
    container.append(summary);
    const sections = [];
    if (found.rules.length) {
      const [section, list] = hitList("Rules", "rule-hits", found.rules.length);
      for (const hit of found.rules.slice(0, SHOWN.rules)) {
        const rule = data.rules[hit.id];
        const link = [ruleLink(hit.id, rule)];
        if (rule.t) link.push(" ", element("span", "rule-hit-title", rule.t));
        list.append(hitItem(link, rule.x, data.prefixes[hit.id.split(" ")[0]], hit.matched));
      }
      sections.push(section);
    }
    if (found.glossary.length) {
      const [section, list] = hitList("Glossary", "glossary-hits", found.glossary.length);
      for (const hit of found.glossary.slice(0, SHOWN.glossary)) {
        const [terms, address, definition] = hit.entry;
        list.append(hitItem([pageLink(terms.join(", "), address)], definition, "", hit.matched));
      }
      sections.push(section);
    }
    if (found.pages.length) {
      const [section, list] = hitList("Cards and pages", "page-hits", found.pages.length);
      for (const hit of found.pages.slice(0, SHOWN.pages)) {
        const [title, address, body, kind] = hit.page;
        const label = kind === "card" ? "card" : "";
        list.append(hitItem([pageLink(title, address)], body, label, hit.matched));
      }
      sections.push(section);
    }
    const total = found.rules.length + found.glossary.length + found.pages.length;
    summary.textContent = total
      ? `Found ${found.rules.length} rules, ${found.glossary.length} glossary entries and ` +
        `${found.pages.length} cards and pages for \u201c${text.trim()}\u201d.`
      : `Nothing found for \u201c${text.trim()}\u201d.`;
    container.append(...sections);
    place.replaceChildren(container);
    return found;
  }

  /** Sphinx's own search, of every page including the API reference, loaded when asked. */
  function searchEverything(holder) {
    const scripts = [holder.dataset.searchtools, holder.dataset.language, holder.dataset.index];
    const next = () => {
      const src = scripts.shift();
      if (!src) return;
      const script = document.createElement("script");
      script.src = src;
      script.onload = next;
      document.body.append(script);
    };
    next();
  }

  function setUpSearch() {
    const holder = document.getElementById("rule-search");
    if (!holder) return;
    const params = new URLSearchParams(window.location.search);
    const query = (params.get("q") || "").trim();
    const everything = params.get("all") === "1";
    for (const input of document.querySelectorAll("input[name='q']:not(.rule-goto-input)")) {
      input.value = query;
    }
    if (!query) return;
    const place = holder.querySelector(".rule-search-place");
    searchIndex().then(
      (index) => {
        const data = index.data;
        const found = showResults(index, query, place);
        // An ID goes straight to its rule, unless the reader asked for everything.
        if (found.exact.length === 1 && !everything) {
          window.location.replace(root + data.rules[found.exact[0]].u);
          return;
        }
        const more = holder.querySelector(".rule-search-everything");
        if (everything) {
          more.hidden = true;
          searchEverything(holder);
        } else {
          params.set("all", "1");
          more.querySelector("a").href = "?" + params.toString();
          more.hidden = false;
        }
      },
      (error) => {
        // Never an empty page: say why nothing can be searched.
        const message = element("p", "rule-search-summary rule-search-missing");
        message.setAttribute("role", "status");
        message.textContent = `Search is not available here: ${error.message}. ` +
          "The rules index and \u201cGo to rule\u201d lead to every rule.";
        place.replaceChildren(message);
      }
    );
  }

  // -- Reader and contributor views --------------------------------------------------------

  const CONTRIBUTOR = "rulekeeper-contributor-view";

  function remembered() {
    try {
      return window.localStorage.getItem(CONTRIBUTOR) === "1";
    } catch {
      return false; // storage refused (a saved copy in some browsers): the reader's view
    }
  }

  /** A switch under "Go to rule": the contributor view, remembered across pages. */
  function setUpContributorView() {
    const on = remembered();
    document.documentElement.classList.toggle("rule-contributor", on);
    const goto = document.querySelector(".sidebar-drawer form.rule-goto");
    if (!goto) return;
    const label = element("label", "rule-contributor-switch");
    const box = element("input", "rule-contributor-input");
    box.type = "checkbox";
    box.checked = on;
    label.append(box, "Contributor view (coverage, enforcing code)");
    box.addEventListener("change", () => {
      document.documentElement.classList.toggle("rule-contributor", box.checked);
      try {
        window.localStorage.setItem(CONTRIBUTOR, box.checked ? "1" : "0");
      } catch {
        // not remembered, but still applied to this page
      }
    });
    goto.after(label);
  }

  // -- A rule's history ---------------------------------------------------------------------

  /**
   * ``?rule=LV-2.1`` on the changes page shows that rule's unreleased change and the releases
   * that changed it, whose links keep the filter; on a release's page, that rule's change only.
   */
  function setUpHistory() {
    const wanted = new URLSearchParams(window.location.search).get("rule");
    const article = document.querySelector("article");
    const listed = "li.rule-change, li.release";
    if (!wanted || !article || !document.querySelector(listed)) return;
    const id = wanted.replace("-", " ");
    const slug = id.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const mark = "rule-change-rule-" + slug;
    for (const item of document.querySelectorAll(listed)) {
      item.hidden = !item.classList.contains(mark);
      const link = item.matches("li.release") && item.querySelector("a");
      if (link && !item.hidden) {
        link.href = `${link.getAttribute("href")}?rule=${wanted}#change-${slug}`;
      }
    }
    for (const block of document.querySelectorAll(".format-changes")) {
      block.hidden = !block.querySelector("li." + mark);
    }
    for (const note of document.querySelectorAll(".release-unreleased")) {
      const list = note.nextElementSibling;
      note.hidden = !(list && list.querySelector("li.rule-change." + mark));
    }
    // The page's own introduction says what the page is for; a reader who asked for one rule's
    // history sees that history first, not a screen of general explanation above it.
    const heading = article.querySelector("h1");
    for (let node = heading && heading.nextElementSibling; node; node = node.nextElementSibling) {
      if (node.matches(".format-changes, .release-summary, ul, section")) break;
      if (node.matches("p")) node.hidden = true;
    }
    const notice = element("p", "rule-history-notice");
    const single = document.querySelector(".release-summary");
    notice.append(
      single
        ? `The change of ${id} in this release. `
        : `The history of ${id}: its change not yet released, and the releases that added or ` +
            "changed it. ",
    );
    const all = element("a", "", "Show every change");
    all.href = window.location.pathname;
    notice.append(all);
    article.querySelector("h1").after(notice);
  }

  // -- A phone's top bar --------------------------------------------------------------------

  /** Search and "Go to rule" at the top of the page, for screens whose menu is a drawer. */
  function setUpTopBar() {
    // Inside the article's column, not beside it: the theme spreads the column's siblings out
    // over the window's height, which would open a gap on a short page.
    const content = document.querySelector(".article-container");
    const goto = document.querySelector("form.rule-goto");
    if (!content || !goto || document.querySelector(".rule-topbar")) return;
    // A landmark of its own, so that assistive technology lists it with the page's others.
    const bar = element("nav", "rule-topbar");
    bar.setAttribute("aria-label", "Find a rule");
    const search = element("form", "rule-topbar-search");
    search.action = goto.getAttribute("action");
    search.method = "get";
    search.setAttribute("role", "search");
    const query = element("input", "rule-topbar-input");
    Object.assign(query, { type: "search", name: "q", placeholder: "Search the rules" });
    query.setAttribute("aria-label", "Search the rules");
    search.append(query);
    const jump = element("form", "rule-goto rule-topbar-goto");
    jump.action = search.action;
    jump.method = "get";
    const id = element("input", "rule-goto-input rule-topbar-input");
    Object.assign(id, { type: "text", name: "q", placeholder: "Go to rule", autocomplete: "off" });
    id.setAttribute("aria-label", "Go to rule");
    id.setAttribute("autocapitalize", "characters");
    id.spellcheck = false;
    const message = element("p", "rule-goto-message");
    message.setAttribute("role", "status");
    message.hidden = true;
    jump.append(id, message);
    bar.append(search, jump);
    content.prepend(bar);
  }

  // -- Landmarks ---------------------------------------------------------------------------

  /**
   * Name the theme's landmarks and headings as assistive technology needs them: its two side
   * panels and its search are landmarks of the same kind as others on the page (two asides, two
   * searches with the top bar's), so each gets a name of its own; the links to the page's source
   * sit outside every landmark; and its navigation captions are headings with no level.
   */
  function nameLandmarks() {
    const names = [
      ["aside.sidebar-drawer", "Site navigation"],
      ["aside.toc-drawer", "On this page"],
      ["form.sidebar-search-container", "Search the site"],
    ];
    for (const [selector, name] of names) {
      const found = document.querySelector(selector);
      if (found && !found.hasAttribute("aria-label")) found.setAttribute("aria-label", name);
    }
    const icons = document.querySelector(".content-icon-container");
    if (icons && !icons.hasAttribute("role")) {
      icons.setAttribute("role", "navigation");
      icons.setAttribute("aria-label", "This page's source");
    }
    for (const caption of document.querySelectorAll("[role=heading]:not([aria-level])")) {
      caption.setAttribute("aria-level", "2");
    }
    // A code block or a table wider than its column scrolls; a keyboard reaches it only if it
    // can take the focus.
    for (const block of document.querySelectorAll("div.highlight pre, div.table-wrapper")) {
      if (block.scrollWidth > block.clientWidth && !block.hasAttribute("tabindex")) {
        block.tabIndex = 0;
      }
    }
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
    // Smooth scrolling (the theme's) only once the page has landed on its anchor.
    window.addEventListener("load", () =>
      window.setTimeout(() => document.documentElement.classList.add("rule-landed"), 100)
    );
    followMovedRule();
    setUpContributorView();
    setUpTopBar();
    nameLandmarks();
    setUpHistory();
    setUpTraceabilityFilters();
    setUpGoTo();
    setUpPreviews();
    setUpSearch();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
