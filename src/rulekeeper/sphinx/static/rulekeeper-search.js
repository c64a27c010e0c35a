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
 *   by its definition's words speaks for the rules it cites;
 * - a word weighs as much as it is rare in the whole documents, whatever field it is found in,
 *   and a ruling's reasons (after its "Why") count less than its decision;
 * - a question that asks "how many" or "how much" favours a rule that gives a number of what
 *   it names ("two traps").
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
    // Own keys only: `in` would find "constructor" on every object, and index a function.
    if (Object.hasOwn(NUMBERS, w)) return NUMBERS[w];
    if (Object.hasOwn(IRREGULAR, w)) return IRREGULAR[w];
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

  /** Where a ruling's reasons begin, after what was decided. */
  const WHY = /\bWhy[.:]/;

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
      fields: ["title", "terms", "text", "why", "format"],
      boost: { title: 4, terms: 3, text: 1, why: 0.25, format: 2 },
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

  /** BM25's weight of a word found in ``found`` of ``count`` documents, as MiniSearch counts it. */
  function rarity(found, count) {
    return Math.log(1 + (count - found + 0.5) / (found + 0.5));
  }

  /**
   * One kind of document, indexed, with how rare each word is in each field and in the
   * documents as a whole.
   *
   * MiniSearch weighs a word by how rare it is in the field it was found in, so a common word
   * counts as a rare one in a title: "card" is in 39% of the rules but in 8% of their titles,
   * and "Cards that set their own limit" outranked the rule a question about copies of a card
   * wanted. A word found in a field is weighed here as rare as it is in the whole documents
   * (see ``fieldWeight``), so a title or a glossary term holding the question's distinctive
   * word counts for more than one holding its common words.
   */
  function indexed(MiniSearch, kind, documents) {
    const engine = miniSearch(MiniSearch, kind);
    engine.addAll(documents);
    const fields = FIELDS[kind].fields;
    const inField = Object.fromEntries(fields.map((field) => [field, new Map()]));
    const anywhere = new Map();
    const count = (map, term) => map.set(term, (map.get(term) || 0) + 1);
    for (const document of documents) {
      const all = new Set();
      for (const field of fields) {
        const own = new Set(tokenize(document[field] || "").map(indexTerm).filter(Boolean));
        own.forEach((term) => count(inField[field], term));
        own.forEach((term) => all.add(term));
      }
      all.forEach((term) => count(anywhere, term));
    }
    /** How much more (or less) a word found in ``field`` counts than MiniSearch weighs it. */
    function fieldWeight(field, term) {
      const found = inField[field].get(term);
      if (!found) return 1;
      return rarity(anywhere.get(term), documents.length) / rarity(found, documents.length);
    }
    return { engine, kind, fieldWeight };
  }

  /** The indexes of everything searched, made once from the site's data. */
  function build(MiniSearch, data) {
    // A rule's glossary terms: those of every entry that cites it.
    const terms = {};
    for (const [entryTerms, , , cited] of data.glossary) {
      for (const id of cited) (terms[id] = terms[id] || []).push(...entryTerms);
    }
    const rules = indexed(
      MiniSearch,
      "rules",
      Object.entries(data.rules).map(([id, rule]) => ({
        id,
        title: rule.t,
        // A ruling's reasons mention what the decision was weighed against (other games,
        // other figures): found by those words, it would answer questions it does not.
        text: rule.x.split(WHY)[0],
        why: rule.x.split(WHY).slice(1).join(" "),
        // Each word once: a rule cited by "trap" and "true trap" is not twice about traps.
        terms: [...new Set(words((terms[id] || []).join(" ")))].join(" "),
        format: data.prefixes[id.split(" ")[0]] || "",
      }))
    );
    const glossary = indexed(
      MiniSearch,
      "glossary",
      data.glossary.map(([entryTerms, , text], id) => ({ id, terms: entryTerms.join(" "), text }))
    );
    const pages = indexed(
      MiniSearch,
      "pages",
      data.pages.map(([title, , text], id) => ({ id, title, text }))
    );
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
    return { wanted, others, count: /\bhow (many|much)\b/.test(text.toLowerCase()), counted: [] };
  }

  /** Misspellings and beginnings of words, for every word of a query. */
  const OPTIONS = {
    fuzzy: (term) => typos(term),
    prefix: (term) => term.length >= 5,
  };

  /** How much more a rule counts when the query names its game. */
  const FORMAT_WEIGHT = 2;

  /** The query for ``terms`` in each field on its own, each word weighed as rare as it is in
   * the whole documents (``indexed``), times ``weight``. */
  function byField(index, terms, weight) {
    return FIELDS[index.kind].fields.map((field) => ({
      queries: terms,
      ...OPTIONS,
      fields: [field],
      boostTerm: (term) => weight * index.fieldWeight(field, term),
    }));
  }

  function run(index, query, boostDocument, cited = new Map()) {
    if (!query.wanted.length) return [];
    const queries = [
      ...byField(index, query.wanted, 1),
      ...byField(index, query.others, SYNONYM_WEIGHT),
    ];
    const options = boostDocument ? { boostDocument } : {};
    const found = index.engine.search({ combineWith: "OR", queries }, options);
    return rerank(found, query, cited);
  }

  /** The rules cited by the best glossary entries, which the entries speak for: a question in
   * a definition's words ("two copies of a card", "how many cards can I keep in my hand")
   * wants the rules of the word it defines ("singleton", "maximum hand size"). Each rule an
   * entry cites counts the query's words the entry holds as its own; an entry found by its
   * definition alone adds its score too (one found by its terms has them in its rules'
   * ``terms`` field already). */
  function citedBy(entries) {
    const best = entries.length ? entries[0].score : 0;
    const cited = new Map();
    for (const hit of entries.slice(0, 3)) {
      if (hit.score < best / 2) break;
      // By the words it indexed, not by MiniSearch's record of fields, which keeps only the
      // last field a word was found in when the fields are searched one by one (``byField``).
      const named = new Set(tokenize(hit.entry[0].join(" ")).map(indexTerm));
      const byTerms = hit.terms.some((term) => named.has(term));
      for (const id of hit.entry[3]) {
        const known = cited.get(id) || { terms: new Set(), score: 0 };
        hit.queryTerms.forEach((term) => known.terms.add(term));
        if (!byTerms) known.score = Math.max(known.score, hit.score);
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

  /** Whether a word is a number: digits, or one of the words that write one. */
  function isNumber(word) {
    return /^\d+$/.test(stem(word)) || word === "one" || word === "hundred";
  }

  /** Whether ``text`` gives a number of something ``wanted`` names: a number, then at most two
   * words, then the word ("two traps", "at most 2 traps", "two to five players", "30 life"). */
  function countsAny(text, wanted) {
    const all = words(text);
    return all.some((word, at) => wanted.includes(stem(word)) &&
      all.slice(Math.max(0, at - 3), at).some(isNumber));
  }

  /**
   * BM25 adds up each word's score on its own; a reader means the words together. A hit
   * that has more of the words asked counts more, and more again where they stand together
   * as asked ("cards in exile"), or all of them in its title. A question that asks "how many"
   * or "how much" drops those words with the other small ones, but asks for a number: a hit
   * that gives a number of what the question names answers it, and counts double.
   */
  function rerank(found, query, cited) {
    for (const hit of found) {
      if (countsAny((hit.title || "") + " . " + (hit.text || ""), query.counted)) hit.score *= 2;
    }
    if (query.wanted.length < 2) return found.sort((a, b) => b.score - a.score);
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
    const formats = namedFormats(index.data.prefixes, query.wanted);
    // What a "how many" question counts: its words, but not the game's name it asks in.
    const games = new Set(
      [...formats].flatMap((prefix) => words(index.data.prefixes[prefix]).map(stem))
    );
    if (query.count) query.counted = query.wanted.filter((w) => !games.has(w));
    const matched = (hit) => new Set([...hit.terms, ...query.wanted, ...query.others]);
    const glossary = run(index.glossary, query).map((hit) => ({
      entry: index.data.glossary[hit.id], score: hit.score, terms: hit.terms,
      queryTerms: hit.queryTerms, matched: matched(hit) }));
    const cited = citedBy(glossary);
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
