/* The copy button of a folded doctest (rulekeeper.sphinx.examples) copies the doctest as Sybil
   runs it: prompts, continuation lines (blank ones too) and the engine's answers. Pasted into a
   page it is a worked example again, and IPython and `python -m doctest` run it as it is.
   Elsewhere sphinx-copybutton copies the code without its prompts. */
(() => {
  "use strict";
  const COPIED = 1500; // ms the button says "Copied!", as sphinx-copybutton's does

  document.addEventListener(
    "click",
    (event) => {
      const button = event.target.closest("details.judge-doctest button.copybtn");
      const pre = button && button.parentElement.querySelector("pre");
      if (!pre || !navigator.clipboard) return; // no clipboard API: the stripped copy it is
      // Ahead of sphinx-copybutton's own handler, which listens on the body.
      event.stopImmediatePropagation();
      event.preventDefault();
      navigator.clipboard.writeText(pre.innerText.replace(/\n+$/, "\n")).then(() => {
        const label = button.getAttribute("data-tooltip");
        button.setAttribute("data-tooltip", "Copied!");
        button.classList.add("success");
        setTimeout(() => {
          button.classList.remove("success");
          button.setAttribute("data-tooltip", label);
        }, COPIED);
      });
    },
    true,
  );
})();

/* An example's Run, Edit and Play on buttons (rulekeeper.sphinx.examples). Nothing of the engine
   is loaded before a reader clicks one: the first click loads rulekeeper-try.js and its styles,
   which fetch the page's examples and start the engine in a Web Worker. */
(() => {
  "use strict";
  const STATIC = new URL(".", document.currentScript.src);
  let loading = null;

  function load() {
    if (!loading) {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = new URL("rulekeeper-try.css", STATIC).href;
      document.head.append(style);
      loading = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = new URL("rulekeeper-try.js", STATIC).href;
        script.onload = () => resolve(window.rulekeeperTry);
        script.onerror = () => reject(new Error("the page's script could not be loaded"));
        document.head.append(script);
      });
    }
    return loading;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".try-bar button[data-try]");
    if (!button) return;
    load().then(
      (tryer) => tryer.press(button),
      (error) => {
        button.closest(".try-bar").dataset.tryProblem = error.message;
      },
    );
  });
})();

/* A folded doctest of a rules page is not in the page (rulekeeper.sphinx.examples): its source
   is in the page's examples JSON, the Run buttons' data, fetched when a reader first opens one.
   Until then, and where it cannot be fetched (no script, a page opened from file://), the fold
   says which rules file and line the doctest is at. */
(() => {
  "use strict";
  const STATIC = new URL(".", document.currentScript.src);
  const PROMPT = /^(>>> |\.\.\. |>>>$|\.\.\.$)/;
  const COPY_ICON =
    '<svg xmlns="http://www.w3.org/2000/svg" width="44" height="44" viewBox="0 0 24 24"' +
    ' stroke-width="1.5" stroke="#000000" fill="none" stroke-linecap="round"' +
    ' stroke-linejoin="round" aria-hidden="true"><rect x="8" y="8" width="12" height="12"' +
    ' rx="2"/><path d="M16 8v-2a2 2 0 0 0 -2 -2h-8a2 2 0 0 0 -2 2v8a2 2 0 0 0 2 2h2"/></svg>';
  const pages = new Map();
  let shown = 0;

  function pageData(page) {
    if (!pages.has(page)) {
      const loaded = fetch(new URL(`examples/${page}.json`, STATIC)).then((answer) => {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.json();
      });
      loaded.catch(() => pages.delete(page)); // the next opening tries again
      pages.set(page, loaded);
    }
    return pages.get(page);
  }

  /* The doctest as the site once wrote it: prompts marked as Pygments marks them (gp), the
     engine's answers as output (go), in a box sphinx-copybutton's styles and ours know. */
  function doctest(source) {
    const pre = document.createElement("pre");
    pre.id = `judge-doctest-${shown++}`;
    for (const line of source.replace(/\n+$/, "").split("\n")) {
      const prompt = line.match(PROMPT);
      if (prompt) {
        const mark = document.createElement("span");
        mark.className = "gp";
        mark.textContent = prompt[0];
        pre.append(mark, line.slice(prompt[0].length) + "\n");
      } else {
        const answer = document.createElement("span");
        answer.className = "go";
        answer.textContent = line;
        pre.append(answer, "\n");
      }
    }
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "copybtn o-tooltip--left";
    copy.setAttribute("data-tooltip", "Copy");
    copy.setAttribute("data-clipboard-target", `#${pre.id}`);
    copy.setAttribute("aria-label", "Copy the doctest");
    copy.innerHTML = COPY_ICON;
    const highlight = document.createElement("div");
    highlight.className = "highlight";
    highlight.append(pre, copy);
    const box = document.createElement("div");
    box.className = "highlight-python notranslate";
    box.append(highlight);
    return box;
  }

  function show(details) {
    const where = details.querySelector(".judge-doctest-where");
    if (!where || details.dataset.doctestLoading) return;
    details.dataset.doctestLoading = "yes";
    const { doctestPage: page, doctestFile: file, doctestBlock: block } = details.dataset;
    pageData(page)
      .then((data) => where.replaceWith(doctest(data.files[file].blocks[Number(block)].source)))
      .catch(() => {}) // the fold goes on saying where the doctest is
      .finally(() => delete details.dataset.doctestLoading);
  }

  // "toggle" does not bubble: listen as it goes down.
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (details.open && details.matches("details.judge-doctest[data-doctest-block]")) {
        show(details);
      }
    },
    true,
  );
})();
