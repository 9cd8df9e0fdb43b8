// The terminal game's keys in the page, and the help panel that lists them. The page says what
// each key does (app.js): this module only maps a key press to its name.
import { say as t } from "./speech.js";

// [key shown, what it does] in the order the help panel lists them.
export const KEYS = [
  ["d", "Draw from the stock"],
  ["p", "Take the discard"],
  ["x", "Pass"],
  ["1–9, 0, -", "Pick the 1st to 9th, 10th or 11th card"],
  ["Enter", "Discard the picked card (or act on the focused stock, pile or card)"],
  ["k", "Knock"],
  ["g", "Gin"],
  ["h", "Hint"],
  ["s", "Sort the hand: melds, rank, suit"],
  ["c", "Go to the score sheet"],
  ["?", "This list of keys"],
];

const NAMES = { d: "draw", p: "pile", x: "pass", k: "knock", g: "gin", h: "hint", s: "sort", c: "sheet", "?": "help", Enter: "enter" };

/** The card index a key picks (1 -> 0, ..., 9 -> 8, 0 -> 9, - -> 10), or null. */
export function cardIndex(key) {
  if (/^[1-9]$/.test(key)) return Number(key) - 1;
  if (key === "0") return 9;
  if (key === "-") return 10;
  return null;
}

/**
 * Call ``handle(name, event)`` for each game key pressed while the table is shown, unless the
 * player is typing into a field or a dialog is open; ``handle`` returns true when it used it.
 */
export function installKeys(active, handle) {
  document.addEventListener("keydown", (event) => {
    if (!active() || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (event.target.closest?.("input, select, textarea") || document.querySelector("dialog[open]")) return;
    const index = cardIndex(event.key);
    const name = index !== null ? "pick" : NAMES[event.key];
    if (!name) return;
    if (name === "enter" && event.target.closest?.("button, [role=button], a")) return; // they act themselves
    if (handle(name, index)) event.preventDefault();
  });
}

/** The help panel: a dialog listing every key, opened by ? and closed by Escape or its button. */
export function showHelp() {
  let dialog = document.getElementById("keys-help");
  if (!dialog) {
    dialog = Object.assign(document.createElement("dialog"), { id: "keys-help", className: "keys-help" });
    dialog.setAttribute("aria-labelledby", "keys-help-title");
    document.body.append(dialog);
  }
  const title = Object.assign(document.createElement("h2"), { id: "keys-help-title", textContent: t("Keys") });
  const list = document.createElement("dl");
  for (const [key, text] of KEYS) {
    list.append(Object.assign(document.createElement("dt"), { textContent: key }),
                Object.assign(document.createElement("dd"), { textContent: t(text) }));
  }
  const close = Object.assign(document.createElement("button"), { textContent: t("Close"), className: "primary" });
  close.onclick = () => dialog.close();
  dialog.replaceChildren(title, list, close);
  dialog.showModal();
  close.focus();
}
