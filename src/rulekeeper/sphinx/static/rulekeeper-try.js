/* Run, edit and play on a worked example, or a position on a try page, in the reader's browser.

   Loaded by rulekeeper-examples.js on the first click of an example's button, and by the try
   pages (rulekeeper.sphinx.trypages). The engine runs in a Web Worker (rulekeeper-worker.js)
   started on the first request, which loads Pyodide and the engine from the site's own files
   (_static/runtime/) and answers {id, op, args} with progress, then a result or an error.
   The ops are those of rulekeeper.browser.api: run_page, play, explain, finish. */
(() => {
  "use strict";
  if (window.rulekeeperTry) return;

  const ROOT = new URL(document.documentElement.dataset.content_root || "./", location.href);
  const STATIC = new URL("_static/", ROOT);
  const COPIED = 1500; // ms a copy button says "Copied", as the doctests' copy buttons do
  const SEED = 1; // the bots' seed when they finish a game: the same game for everyone

  const NOT_BUNDLED =
    "The engine was not bundled with this copy of the site, so examples cannot run here. " +
    "The published site runs them.";
  const NO_WASM = "This browser cannot run the engine: it has no WebAssembly.";
  const FROM_FILE =
    "This page was opened from a file, and the browser forbids the engine's worker there. " +
    "Serve the site's folder instead: run `python3 -m http.server` in it and open " +
    "http://localhost:8000/.";

  /* --- The worker --------------------------------------------------------------------------- */

  let worker = null;
  let starting = null;
  let nextId = 0;
  const pending = new Map();

  async function start() {
    if (typeof WebAssembly !== "object") throw new Error(NO_WASM);
    let runtime;
    try {
      const answer = await fetch(new URL("runtime/runtime.json", STATIC));
      if (!answer.ok) throw new Error(String(answer.status));
      runtime = await answer.json();
    } catch (error) {
      throw new Error(location.protocol === "file:" ? FROM_FILE : NOT_BUNDLED);
    }
    if (!runtime.bundled) {
      throw new Error(runtime.reason ? `${NOT_BUNDLED} (${runtime.reason})` : NOT_BUNDLED);
    }
    try {
      // A module worker: Pyodide refuses to start in a classic one.
      worker = new Worker(new URL("rulekeeper-worker.js", STATIC), { type: "module" });
    } catch (error) {
      throw new Error(location.protocol === "file:" ? FROM_FILE : error.message);
    }
    worker.onmessage = ({ data }) => {
      const request = pending.get(data.id);
      if (!request) return;
      if (data.type === "progress") {
        request.progress(data.message, data.fraction);
        return;
      }
      pending.delete(data.id);
      if (data.type === "result") request.resolve(data.value);
      else request.reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const message =
        location.protocol === "file:" ? FROM_FILE : `The engine stopped: ${event.message}`;
      for (const request of pending.values()) request.reject(new Error(message));
      pending.clear();
      worker = null;
      starting = null;
    };
  }

  /* Start the engine if it is not started yet, without waiting for it: the page's examples
     are fetched meanwhile. A failure is reported by the request that waits for it. */
  function warm() {
    if (!starting) {
      starting = start();
      starting.catch(() => {});
    }
    return starting;
  }

  /* Ask the engine: resolves with the op's value; progress(message, fraction) while it loads. */
  async function ask(op, args, progress) {
    await warm();
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, progress });
      worker.postMessage({ id, op, args });
    });
  }

  /* --- What the page says ------------------------------------------------------------------- */

  const pages = new Map();

  function pageData(page) {
    if (!pages.has(page)) {
      const url = new URL(`examples/${page}.json`, STATIC);
      const loaded = fetch(url).then(
        (answer) => {
          if (!answer.ok) throw new Error(`The page's examples could not be loaded (${answer.status}).`);
          return answer.json();
        },
        (error) => {
          throw new Error(location.protocol === "file:" ? FROM_FILE : `The page's examples could not be loaded: ${error.message}`);
        },
      );
      // A failure is not kept: the next click tries again.
      loaded.catch(() => pages.delete(page));
      pages.set(page, loaded);
    }
    return pages.get(page);
  }

  function element(tag, attributes = {}, ...children) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") made.textContent = value;
      else if (name === "class") made.className = value;
      else made.setAttribute(name, value);
    }
    made.append(...children);
    return made;
  }

  /* A button named by its words; ``hint`` says more, as its description (and tooltip), so
     that a screen reader and a voice command both know it by the words it shows. */
  function button(text, action, hint) {
    const made = element("button", { type: "button", class: "try-button", "data-act": action }, text);
    if (hint) made.title = hint;
    return made;
  }

  const RULE_ID = /\b[A-Z]{2} (?:R\d+|\d+(?:\.\d+)*[a-z]?)\b/g;

  /* A line of the engine's, each rule ID in it linked to its short address. */
  function linked(text, tag = "p", className = "") {
    const line = element(tag, className ? { class: className } : {});
    let at = 0;
    for (const match of text.matchAll(RULE_ID)) {
      line.append(text.slice(at, match.index));
      const href = new URL(`r/${match[0].replace(" ", "-")}.html`, ROOT).href;
      line.append(element("a", { href }, match[0]));
      at = match.index + match[0].length;
    }
    line.append(text.slice(at));
    return line;
  }

  /* A status line and a progress bar, shown while the engine loads and works. */
  function working(output) {
    output.replaceChildren();
    const status = element("p", { class: "try-status", role: "status" }, "Starting the engine…");
    const bar = element("progress", { max: "1", "aria-label": "Loading the engine" });
    output.append(status, bar);
    output.setAttribute("aria-busy", "true");
    return (message, fraction) => {
      status.textContent = message;
      if (typeof fraction === "number") bar.value = fraction;
    };
  }

  function done(output) {
    output.removeAttribute("aria-busy");
    output.querySelector("progress")?.remove();
    output.querySelector(".try-status")?.remove();
  }

  function problem(output, error) {
    done(output);
    output.append(element("p", { class: "try-problem", role: "alert" }, error.message));
  }

  /* --- Run ---------------------------------------------------------------------------------- */

  function showRun(output, results) {
    const wrong = results.filter((result) => !result.ok).length;
    output.append(
      element(
        "p",
        { class: wrong ? "try-summary try-differs" : "try-summary try-agrees" },
        wrong
          ? `The engine differs from the page in ${wrong} of ${results.length} statements.`
          : `The engine says what the page says: ${results.length} of ${results.length} statements agree.`,
      ),
    );
    const list = element("ol", { class: "try-results" });
    for (const result of results) {
      const item = element("li", { class: result.ok ? "try-ok" : "try-wrong" });
      item.append(
        element("span", { class: "try-mark", "aria-label": result.ok ? "agrees" : "differs" }, result.ok ? "✓" : "✗"),
        element("code", { class: "try-source" }, result.source.replace(/\n$/, "")),
      );
      if (!result.ok) {
        item.append(
          element("p", {}, "The page says:"),
          element("pre", { class: "try-want" }, result.want || "(nothing)"),
          element("p", {}, "The engine says:"),
          element("pre", { class: "try-got" }, result.got || "(nothing)"),
        );
      }
      list.append(item);
    }
    output.append(list);
  }

  async function run(bar, output) {
    const progress = working(output);
    try {
      const data = await pageData(bar.dataset.tryPage);
      const file = data.files[bar.dataset.tryFile];
      const upto = Number(bar.dataset.tryBlock);
      const results = await ask("run_page", { blocks: file.blocks, upto }, progress);
      done(output);
      showRun(output, results);
    } catch (error) {
      problem(output, error);
    }
  }

  /* --- The board: a position, moves, and the engine's answers ------------------------------- */

  let boards = 0;

  function formatOf(position) {
    const match = /^Format:\s*(\S+)/m.exec(position);
    return match ? match[1] : "";
  }

  function linkTo(position, moves) {
    const fragment = new URLSearchParams({ position, moves: moves.join("\n") });
    return new URL(`try/${formatOf(position)}.html#${fragment}`, ROOT).href;
  }

  function readLink() {
    const fields = new URLSearchParams(location.hash.slice(1));
    if (!fields.has("position")) return null;
    const moves = (fields.get("moves") || "").split("\n").filter((move) => move.trim());
    return { position: fields.get("position"), moves };
  }

  async function copy(text, pressed) {
    try {
      await navigator.clipboard.writeText(text);
      const was = pressed.textContent;
      pressed.textContent = "Copied";
      setTimeout(() => (pressed.textContent = was), COPIED);
    } catch (error) {
      // No clipboard (an insecure address, or permission refused): show the text to copy.
      const shown = element("textarea", { class: "try-copied", readonly: "", rows: "4", "aria-label": "Text to copy" });
      shown.value = text;
      pressed.after(shown);
      shown.select();
    }
  }

  function makeBoard(start, { share = true } = {}) {
    const n = ++boards;
    const board = element("div", { class: "try-board-ui" });
    const positionBox = element("textarea", {
      id: `try-position-${n}`, class: "try-position", rows: "8", spellcheck: "false",
      autocapitalize: "off", autocomplete: "off",
    });
    positionBox.value = start.position;
    const movesBox = element("textarea", {
      id: `try-moves-${n}`, class: "try-moves", rows: "3", spellcheck: "false",
      autocapitalize: "off", autocomplete: "off",
    });
    movesBox.value = start.moves.join("\n");
    board.append(
      element("label", { for: positionBox.id }, "Position"),
      positionBox,
      element("label", { for: movesBox.id }, "Moves, one a line"),
      movesBox,
    );
    const actions = element("div", { class: "try-actions" });
    actions.append(
      button("Play the moves", "play", "Play the moves and show what the engine answers"),
      button("Legal moves", "legal", "List the legal moves of the player deciding"),
      button("Let the bots finish", "finish", "Let the bots play the game out"),
    );
    const output = element("div", { class: "try-output", "aria-live": "polite" });
    const copies = element("div", { class: "try-actions try-copies" });
    copies.append(
      button("Copy the position", "copy-position", "Copy the position after the moves"),
      button("Copy the record", "copy-record", "Copy the game's record"),
    );
    if (share) copies.append(button("Copy a link", "copy-link", "Copy a link to this position and these moves"));
    board.append(actions, output, copies);

    let last = null; // the engine's last answer, for the copies
    const moves = () => movesBox.value.split("\n").map((move) => move.trim()).filter(Boolean);
    const request = () => ({ position: positionBox.value, moves: moves() });
    const changed = () => {
      last = null;
      board.dispatchEvent(new CustomEvent("try-change", { detail: request() }));
    };
    positionBox.addEventListener("input", changed);
    movesBox.addEventListener("input", changed);

    function showError(error) {
      const text = error.line ? `Line ${error.line}: ${error.message}` : error.message;
      const shown = linked(text, "p", "try-refused");
      shown.setAttribute("role", "alert");
      if (error.rule && error.url && !text.includes(error.rule)) {
        shown.append(" (", element("a", { href: new URL(error.url, ROOT).href }, error.rule), ")");
      }
      output.append(shown);
    }

    function showPlay(answer, { legal = false } = {}) {
      done(output);
      last = answer;
      if (answer.log.length) {
        const log = element("div", { class: "try-log" });
        for (const line of answer.log) log.append(linked(line, "p", "judge-says"));
        output.append(log);
      } else if (!answer.error && moves().length) {
        output.append(element("p", { class: "try-quiet" }, "The engine logged nothing for these moves."));
      }
      if (answer.error) showError(answer.error);
      if (answer.over) {
        output.append(element("p", { class: "try-result" }, `The game is over${answer.result ? `: ${answer.result}` : "."}`));
      } else if (answer.deciding) {
        output.append(element("p", { class: "try-deciding" }, `Deciding: ${answer.deciding}`));
      }
      if (legal && !answer.over && answer.ok) showLegal(answer);
    }

    function showLegal(answer) {
      const list = element("ul", { class: "try-legal", "aria-label": "Legal moves" });
      for (const { move } of answer.legal) {
        const item = element("li", {}, element("span", { class: "try-move" }, move));
        const play = button("Play", "play-move", `Play ${move}`);
        const why = button("Why?", "why", `Why ${move} is legal`);
        play.dataset.move = move;
        why.dataset.move = move;
        item.append(element("span", { class: "try-move-actions" }, play, why));
        list.append(item);
      }
      output.append(
        element("p", { class: "try-legal-title" }, `${answer.legal.length} legal moves${answer.deciding ? ` for ${answer.deciding}` : ""}:`),
        list,
      );
    }

    async function act(action, pressed) {
      if (action.startsWith("copy")) {
        if (action === "copy-link") return copy(linkTo(positionBox.value, moves()), pressed);
        if (!last) await act("play", null);
        if (!last) return;
        return copy(action === "copy-record" ? last.record : last.position, pressed);
      }
      if (action === "why") {
        const item = pressed.closest("li");
        item.querySelector(".try-why")?.remove();
        const why = element("div", { class: "try-why" });
        item.append(why);
        const progress = working(why);
        try {
          const answer = await ask("explain", { ...request(), move: pressed.dataset.move }, progress);
          done(why);
          why.append(linked(answer.text, "p"));
          if (answer.rules.length) {
            const rules = element("p", { class: "try-rules" }, "Rules: ");
            answer.rules.forEach((rule, index) => {
              if (index) rules.append(", ");
              rules.append(element("a", { href: new URL(rule.url, ROOT).href }, rule.id));
            });
            why.append(rules);
          }
        } catch (error) {
          problem(why, error);
        }
        return;
      }
      if (action === "play-move") {
        movesBox.value = [...moves(), pressed.dataset.move].join("\n");
        changed();
        action = "legal";
      }
      const progress = working(output);
      try {
        if (action === "finish") {
          showPlay(await ask("finish", { ...request(), seed: SEED }, progress));
        } else {
          showPlay(await ask("play", request(), progress), { legal: action === "legal" });
        }
      } catch (error) {
        problem(output, error);
      }
    }

    board.addEventListener("click", (event) => {
      const pressed = event.target.closest("button[data-act]");
      if (pressed && board.contains(pressed)) act(pressed.dataset.act, pressed);
    });
    board.act = act;
    return board;
  }

  /* --- An example's buttons ----------------------------------------------------------------- */

  function panelOf(bar) {
    let panel = bar.nextElementSibling;
    if (!panel || !panel.classList.contains("try-panel")) {
      panel = element("div", { class: "try-panel" });
      bar.after(panel);
    }
    return panel;
  }

  async function press(pressed) {
    const bar = pressed.closest(".try-bar");
    warm();
    const panel = panelOf(bar);
    const action = pressed.dataset.try;
    for (const other of bar.querySelectorAll("button[data-try]")) {
      other.setAttribute("aria-expanded", String(other === pressed));
    }
    if (!panel.id) panel.id = `try-panel-${++boards}`;
    pressed.setAttribute("aria-controls", panel.id);
    if (action === "run") {
      const output = element("div", { class: "try-output", "aria-live": "polite" });
      panel.replaceChildren(output);
      return run(bar, output);
    }
    const output = element("div", { class: "try-output", "aria-live": "polite" });
    panel.replaceChildren(output);
    let example;
    try {
      const data = await pageData(bar.dataset.tryPage);
      example = data.files[bar.dataset.tryFile].examples[bar.dataset.tryBlock];
    } catch (error) {
      return problem(output, error);
    }
    const board = makeBoard(example);
    panel.replaceChildren(board);
    board.querySelector(action === "edit" ? ".try-position" : ".try-moves").focus();
    if (action === "play") board.act("legal", null);
  }

  /* --- A try page --------------------------------------------------------------------------- */

  function fillTryPage(holder) {
    const given = JSON.parse(holder.querySelector("script.try-start").textContent);
    const start = readLink() || { position: given.position, moves: [] };
    const board = makeBoard(start);
    holder.append(board);
    // The address follows the position, so the reader may copy it from the address bar.
    board.addEventListener("try-change", ({ detail }) => {
      history.replaceState(null, "", `#${new URLSearchParams({ position: detail.position, moves: detail.moves.join("\n") })}`);
    });
    window.addEventListener("hashchange", () => {
      const linked = readLink();
      if (!linked) return;
      board.querySelector(".try-position").value = linked.position;
      board.querySelector(".try-moves").value = linked.moves.join("\n");
    });
  }

  window.rulekeeperTry = { press, ask };
  for (const holder of document.querySelectorAll(".try-board[data-try-format]")) fillTryPage(holder);
})();
