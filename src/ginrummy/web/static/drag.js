// Dragging a card of one's hand with a mouse, pen or finger (pointer events): drop it on the
// discard pile to throw it, or on another card of the hand to move it there. A press that
// hardly moves stays a click.
const THRESHOLD = 8; // px a press must travel before it is a drag

/**
 * Make the hand card ``node`` draggable. ``discard()`` is called when it is dropped on the pile
 * (only when ``canDiscard``); ``reorder(code, beforeCode)`` when dropped on the hand
 * (``beforeCode`` null: at the end).
 */
export function draggableCard(node, { canDiscard, discard, reorder }) {
  node.addEventListener("pointerdown", (down) => {
    if (down.button !== 0 || !down.isPrimary) return;
    const start = { x: down.clientX, y: down.clientY };
    let ghost = null;
    const pile = document.getElementById("pile");
    const over = (event) => document.elementFromPoint(event.clientX, event.clientY);
    const move = (event) => {
      if (!ghost) {
        if (Math.hypot(event.clientX - start.x, event.clientY - start.y) < THRESHOLD) return;
        ghost = lift(node);
      }
      ghost.style.translate = `${event.clientX - start.x}px ${event.clientY - start.y}px`;
      pile.classList.toggle("drop-here", canDiscard && Boolean(over(event)?.closest("#pile")));
      event.preventDefault();
    };
    const end = (event) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      pile.classList.remove("drop-here");
      if (!ghost) return;
      ghost.remove();
      node.classList.remove("dragging");
      node.dataset.dragged = "yes"; // the click that follows a drag is not a click
      setTimeout(() => delete node.dataset.dragged, 0);
      if (event.type === "pointercancel") return;
      const target = over(event);
      if (target?.closest("#pile")) {
        if (canDiscard) discard();
        return;
      }
      if (!target?.closest("#hand")) return;
      const other = target.closest(".hand-card");
      if (other === node) return;
      if (!other) { reorder(node.dataset.card, null); return; }
      const box = other.getBoundingClientRect();
      const after = event.clientX > box.left + box.width / 2;
      const cards = [...document.querySelectorAll("#hand .hand-card")].filter((card) => card !== node);
      const next = after ? cards[cards.indexOf(other) + 1] : other;
      reorder(node.dataset.card, next ? next.dataset.card : null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  });
  node.addEventListener("click", (event) => {
    if (node.dataset.dragged) { event.stopImmediatePropagation(); event.preventDefault(); }
  }, true);
}

// A copy of the card that follows the pointer, over everything; the card itself stays, faded.
function lift(node) {
  const box = node.getBoundingClientRect();
  const ghost = node.cloneNode(true);
  ghost.removeAttribute("data-key");
  ghost.className = "hand-card drag-ghost";
  Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px` });
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  node.classList.add("dragging");
  return ghost;
}
