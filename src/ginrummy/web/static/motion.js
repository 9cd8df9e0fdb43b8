// Cards that move instead of jumping: before the table is redrawn, where each card was; after,
// each card slides from there to where it is now (FLIP). A card that was not on the table
// comes from where the move says (the stock, the pile, the opponent's hand). With
// prefers-reduced-motion everything simply appears in place.
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function motionWanted() {
  return !reduced.matches;
}

/** Where every keyed card on the felt is now: data-key -> its box on screen. */
export function capture(root) {
  const places = new Map();
  for (const node of root.querySelectorAll("[data-key]")) places.set(node.dataset.key, node.getBoundingClientRect());
  return places;
}

function slide(node, from, delay, duration) {
  const to = node.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  node.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
               { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/**
 * Slide each keyed card from its place in ``before``; a new card from ``origin(node)`` (a box
 * on screen, or null to let it appear). ``deal`` staggers the new cards as a dealer would.
 */
export function play(root, before, origin, { deal = false } = {}) {
  if (!motionWanted()) return;
  let dealt = 0;
  for (const node of root.querySelectorAll("[data-key]")) {
    const was = before.get(node.dataset.key);
    if (was) { slide(node, was, 0, 260); continue; }
    const from = origin(node);
    if (from) slide(node, from, deal ? 45 * dealt++ : 0, deal ? 320 : 380);
  }
}

/** The knock or gin moment: a word across the felt that fades after a second and a half. */
export function announce(felt, text, kind) {
  const banner = document.createElement("div");
  banner.className = `moment ${kind}`;
  banner.setAttribute("aria-hidden", "true"); // the status line says it to screen readers
  banner.textContent = text;
  felt.append(banner);
  if (motionWanted()) {
    banner.animate([{ transform: "translate(-50%, -50%) scale(.4)", opacity: 0 },
                    { transform: "translate(-50%, -50%) scale(1.1)", opacity: 1, offset: .25 },
                    { transform: "translate(-50%, -50%) scale(1)", opacity: 1, offset: .8 },
                    { transform: "translate(-50%, -50%) scale(1)", opacity: 0 }], { duration: 1600 });
  }
  setTimeout(() => banner.remove(), 1600);
}

/** How long to hold the computer's draw on screen before its throw. */
export function pause() {
  return motionWanted() ? 650 : 250;
}
