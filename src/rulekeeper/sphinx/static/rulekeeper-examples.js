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
