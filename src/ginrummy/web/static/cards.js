// Cards drawn as SVG. A card code is rank then suit: "TD", "AS", "7C".
import { cardName } from "./speech.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10" };
const RANK_ORDER = "A23456789TJQK";

export function pretty(code) {
  return (RANKS[code[0]] || code[0]) + SUITS[code[1]];
}

export function rankIndex(code) {
  return RANK_ORDER.indexOf(code[0]);
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A face-up card; corner indices in both corners, a large suit (or letter) in the middle.
export function cardFace(code) {
  const rank = RANKS[code[0]] || code[0];
  const suit = SUITS[code[1]];
  const red = code[1] === "H" || code[1] === "D";
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card face ${red ? "red" : "black"}`,
                         role: "img", "aria-label": cardName(code), "data-code": code });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }));
  svg.append(el("text", { x: 5, y: 17, class: "index" }, rank));
  svg.append(el("text", { x: 5, y: 30, class: "index-suit" }, suit));
  const mirrored = el("g", { transform: "rotate(180 30 42)" });
  mirrored.append(el("text", { x: 5, y: 17, class: "index" }, rank));
  mirrored.append(el("text", { x: 5, y: 30, class: "index-suit" }, suit));
  svg.append(mirrored);
  const court = "JQK".includes(code[0]);
  svg.append(el("text", { x: 30, y: 55, class: court ? "court" : "pip" }, court ? code[0] + suit : suit));
  return svg;
}

// The back of a card: a lattice pattern inside a border. Silent for screen readers: whatever
// holds backs (the stock, the opponent's hand) says what they are and how many.
export function cardBack() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card back", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "back-edge" }));
  const field = el("svg", { x: 5, y: 5, width: 50, height: 74 }); // a nested svg clips the lattice
  field.append(el("rect", { width: 50, height: 74, rx: 3, class: "back-field" }));
  for (let i = -74; i < 50; i += 8) {
    field.append(el("line", { x1: i, y1: 0, x2: i + 74, y2: 74, class: "back-line" }));
    field.append(el("line", { x1: 50 - i, y1: 0, x2: -24 - i, y2: 74, class: "back-line" }));
  }
  svg.append(field);
  return svg;
}

export function emptySlot() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card slot", "aria-hidden": "true" });
  svg.append(el("rect", { x: 2, y: 2, width: 56, height: 80, rx: 5 }));
  return svg;
}

export { el as svgElement };
