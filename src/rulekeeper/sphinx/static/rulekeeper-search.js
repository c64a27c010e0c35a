/* rulekeeper: the site's search, on MiniSearch.
 *
 * What is searched comes from _static/rulekeeper-data.js (rulekeeper.sphinx.searchdata): every
 * rule, every glossary entry, the cards and the pages' sections, and the groups of words that
 * name the same idea (a glossary entry's terms, and the other games' words its definition
 * gives as `{.same-idea}`). MiniSearch (shipped in the site as _static/minisearch.js, fetched
 * from npm at build time, see rulekeeper.sphinx.searchlibrary) holds the indexes and ranks by
 * BM25; this file says how players' words become a query:
 *
 * - small question words ("how", "do", "the") are dropped, unless the query has nothing else;
 * - words are reduced to a stem, so "piles" finds "pile" and "trampled" finds "trample";
 * - a word of five letters or more may be misspelt by one letter ("tramle", "mulligen"), of
 *   nine or more by two, and a word of five or more finds longer words it begins;
 * - a word that names an idea in one game finds the other games' words for it ("trample"
 *   finds Risk & Resource's Piercing), weighted below the word itself;
 * - a rule whose title, or a glossary term that cites it, holds the word ranks above a rule
 *   whose text only mentions it; a hit with more of the words asked, or with them together,
 *   ranks higher; a query that names a game favours that game's rules; a glossary entry found
 *   by its definition's words speaks for the rules it cites.
 *
 * The same file runs under Node, where the comparison of search libraries in the contributor
 * guide was measured with it (module.exports), and in the page (window.rulekeeperSearch).
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.rulekeeperSearch = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /** Words a search ignores unless it holds nothing else: the small words of a question. */
  const STOP = new Set(
    ("a about after all also am an and any are as at be been before being but by can could " +
      "did do does doing during each for from get gets got had has have how i if in into is " +
      "it its it's just many me more most much my no not of on one or our out over own so " +
      "some such than that the their them then there these they this those through to too " +
      "under until up very was we were what when where which while who whom why will with " +
      "would you your").split(" ")
  );
  const NUMBERS = { two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7",
    eight: "8", nine: "9", ten: "10", twenty: "20", first: "1st", second: "2nd", third: "3rd" };
  const IRREGULAR = { tied: "tie", ties: "tie", tying: "tie", dies: "die", died: "die",
    drew: "draw", drawn: "draw", won: "win", lost: "lose", went: "go", goes: "go" };

  /** A word's stem, so that "piles" finds "pile" and "trampled" finds "trample". */
  function stem(word) {
    let w = word.toLowerCase().replace(/['\u2019]s?$/, "");
    if (w in NUMBERS) return NUMBERS[w];
    if (w in IRREGULAR) return IRREGULAR[w];
    if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
    else if (w.endsWith("sses")) w = w.slice(0, -2);
    else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
    if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
    else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
    // "running" and "runs" meet at "run", "stopped" and "stops" at "stop".
    if (/([^aeioulsz])\1$/.test(w) && w.length > 3 && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
    if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
    return w;
  }

  const WORD = /[a-z0-9\u00c0-\u024f]+(?:['\u2019][a-z]+)?/g;

  /** The whole words of a text, in order, lower-cased. */
  function words(text) {
    return text.toLowerCase().match(WORD) || [];
  }

  /** The words MiniSearch indexes: each word, and a hyphenated word also written as one
   * ("sub-deck" is found by "subdeck" as well as by "sub deck"). */
  function tokenize(text) {
    const found = words(text);
    for (const joined of text.toLowerCase().match(/[a-z]+(?:-[a-z]+)+/g) || []) {
      found.push(joined.replace(/-/g, ""));
    }
    return found;
  }

  /** A word as indexed: its stem, or nothing for a small question word. */
  function indexTerm(word) {
    return STOP.has(word) ? null : stem(word);
  }

  /** How many letters a word may have wrong and still be found. */
  function typos(term) {
    return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
  }

  /** Whether ``a`` and ``b`` differ by at most ``most`` letters (Levenshtein distance). */
  function near(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return false;
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost));
      }
      if (Math.min(...row) > most) return false;
      previous = row;
    }
    return previous[b.length] <= most;
  }

  const FIELDS = {
    rules: {
      fields: ["title", "terms", "text", "format"],
      boost: { title: 4, terms: 3, text: 1, format: 2 },
    },
    glossary: { fields: ["terms", "text"], boost: { terms: 4, text: 1 } },
    pages: { fields: ["title", "text"], boost: { title: 3, text: 1 } },
  };

  /** How much a word of another game counts against the word the reader typed. */
  const SYNONYM_WEIGHT = 0.25;

  function miniSearch(MiniSearch, kind) {
    return new MiniSearch({
      fields: FIELDS[kind].fields,
      tokenize,
      processTerm: indexTerm,
      storeFields: ["title", "text"],
      searchOptions: { boost: FIELDS[kind].boost, processTerm: (term) => term },
    });
  }

  /** The indexes of everything searched, made once from the site's data. */
  function build(MiniSearch, data) {
    // A rule's glossary terms: those of every entry that cites it.
    const terms = {};
    for (const [entryTerms, , , cited] of data.glossary) {
      for (const id of cited) (terms[id] = terms[id] || []).push(...entryTerms);
    }
    const rules = miniSearch(MiniSearch, "rules");
    rules.addAll(
      Object.entries(data.rules).map(([id, rule]) => ({
        id,
        title: rule.t,
        text: rule.x,
        // Each word once: a rule cited by "trap" and "true trap" is not twice about traps.
        terms: [...new Set(words((terms[id] || []).join(" ")))].join(" "),
        format: data.prefixes[id.split(" ")[0]] || "",
      }))
    );
    const glossary = miniSearch(MiniSearch, "glossary");
    glossary.addAll(
      data.glossary.map(([entryTerms, , text], id) => ({ id, terms: entryTerms.join(" "), text }))
    );
    const pages = miniSearch(MiniSearch, "pages");
    pages.addAll(data.pages.map(([title, , text], id) => ({ id, title, text })));
    const groups = (data.synonyms || []).map((group) =>
      group.map((term) => words(term).map(stem))
    );
    return { data, rules, glossary, pages, groups };
  }

  /** The other games' words for what ``wanted`` (the query's stems) names, by the glossary. */
  function synonymsOf(index, wanted) {
    const found = new Set();
    for (const group of index.groups) {
      const named = group.some((term) => {
        if (term.length === 1) {
          return wanted.some((w) => w === term[0] || near(w, term[0], Math.min(typos(w), 1)));
        }
        const phrase = " " + term.join(" ") + " ";
        return (" " + wanted.join(" ") + " ").includes(phrase);
      });
      if (!named) continue;
      for (const term of group) for (const w of term) found.add(w);
    }
    for (const w of wanted) found.delete(w);
    return [...found].filter((w) => indexTerm(w) !== null);
  }

  /** What a reader typed, as a MiniSearch query: its words, then their synonyms. */
  function queryOf(index, text) {
    const all = words(text);
    const kept = all.filter((w) => !STOP.has(w));
    const wanted = (kept.length ? kept : all).map(stem);
    const others = synonymsOf(index, wanted);
    return { wanted, others };
  }

  /** Misspellings and beginnings of words, for every word of a query. */
  const OPTIONS = {
    fuzzy: (term) => typos(term),
    prefix: (term) => term.length >= 5,
  };

  /** How much more a rule counts when the query names its game. */
  const FORMAT_WEIGHT = 2;

  function run(engine, query, boostDocument, cited = new Map()) {
    if (!query.wanted.length) return [];
    const queries = [{ queries: query.wanted, ...OPTIONS }];
    if (query.others.length) {
      queries.push({ queries: query.others, ...OPTIONS, boostTerm: () => SYNONYM_WEIGHT });
    }
    const options = boostDocument ? { boostDocument } : {};
    const found = engine.search({ combineWith: "OR", queries }, options);
    return rerank(found, query, cited);
  }

  /** The rules cited by the best glossary entries found by their definitions rather than by
   * their terms (whose rules carry the terms already): a question in the definition's words
   * ("two copies of a card") wants the rules of the word it defines ("singleton"). The
   * definition speaks for each rule it cites: the rule counts the query's words it holds, and
   * adds its score. */
  function citedBy(entries) {
    const best = entries.length ? entries[0].score : 0;
    const cited = new Map();
    for (const hit of entries.slice(0, 3)) {
      if (hit.score < best / 2) break;
      if (Object.values(hit.match).some((fields) => fields.includes("terms"))) continue;
      for (const id of hit.entry[3]) {
        const known = cited.get(id) || { terms: new Set(), score: 0 };
        hit.queryTerms.forEach((term) => known.terms.add(term));
        known.score = Math.max(known.score, hit.score);
        cited.set(id, known);
      }
    }
    return cited;
  }

  /** The formats whose names the query's words come closest to: "vortex" names Vortex Based
   * Magic, "dominion draft" Dominion Draft alone, "dominion" both Dominion formats. */
  function namedFormats(prefixes, wanted) {
    let best = 0;
    let named = [];
    for (const [prefix, name] of Object.entries(prefixes)) {
      const own = words(name).filter((w) => !STOP.has(w)).map(stem);
      const share = own.filter((w) => wanted.includes(w)).length / own.length;
      if (share > best) [best, named] = [share, [prefix]];
      else if (share === best && share > 0) named.push(prefix);
    }
    return new Set(named);
  }

  /** The stems of a text without its small words, as one string with a space either side;
   * a hyphenated word is there both ways ("sub deck" and "subdeck"), as it is indexed. */
  function sequence(text) {
    const joined = text.replace(/([a-z])-(?=[a-z])/gi, "$1");
    return [text, joined]
      .map((t) => " " + words(t).filter((w) => !STOP.has(w)).map(stem).join(" ") + " ")
      .join("|");
  }

  /**
   * BM25 adds up each word's score on its own; a reader means the words together. A hit
   * that has more of the words asked counts more, and more again where they stand together
   * as asked ("cards in exile"), or all of them in its title.
   */
  function rerank(found, query, cited) {
    if (query.wanted.length < 2) return found;
    const phrase = " " + query.wanted.join(" ") + " ";
    for (const hit of found) {
      const speaker = cited.get(hit.id);
      const own = [...hit.queryTerms, ...(speaker ? speaker.terms : [])];
      const have = new Set(own.filter((term) => query.wanted.includes(term)));
      let factor = (have.size / query.wanted.length) ** 2;
      const title = sequence(hit.title || "");
      if (query.wanted.every((w) => title.includes(" " + w))) factor *= 2;
      else if (sequence(hit.text || "").includes(phrase)) factor *= 1.3;
      hit.score = hit.score * factor + (speaker ? speaker.score : 0);
    }
    return found.sort((a, b) => b.score - a.score);
  }

  /** Everything a search finds, best first: rule IDs, glossary entries and pages, each with
   * the indexed words it matched (for marking them in its snippet). */
  function search(index, text) {
    const query = queryOf(index, text);
    const matched = (hit) => new Set([...hit.terms, ...query.wanted, ...query.others]);
    const glossary = run(index.glossary, query).map((hit) => ({
      entry: index.data.glossary[hit.id], score: hit.score, match: hit.match,
      queryTerms: hit.queryTerms, matched: matched(hit) }));
    const cited = citedBy(glossary);
    const formats = namedFormats(index.data.prefixes, query.wanted);
    const boost = (id) => (formats.has(id.split(" ")[0]) ? FORMAT_WEIGHT : 1);
    return {
      query,
      rules: run(index.rules, query, boost, cited).map((hit) => ({
        id: hit.id, matched: matched(hit) })),
      glossary,
      pages: run(index.pages, query).map((hit) => ({
        page: index.data.pages[hit.id], matched: matched(hit) })),
    };
  }

  return { build, search, stem, words, STOP };
});
