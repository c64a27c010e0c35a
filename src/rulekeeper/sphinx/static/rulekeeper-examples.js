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
