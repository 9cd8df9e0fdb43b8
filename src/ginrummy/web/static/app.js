// The browser game. The server holds the game; this page only draws the view it is sent and
// sends back what the player chose. Links: /g/GAME#TOKEN (the token never reaches server logs).
import { cardBack, cardFace, emptySlot, pretty } from "./cards.js";
import { drawChart } from "./chart.js";
import { draggableCard } from "./drag.js";
import { installKeys, showHelp } from "./keys.js";
import * as motion from "./motion.js";
import { handGroups, layoffLines, pointsLines } from "./settle.js";
import * as sound from "./sound.js";
import { cardName, useTranslator } from "./speech.js";
import { labelOpponents, renderInvite, setUpLobby, showProblem } from "./lobby.js";
import { loadHistory } from "./replay.js";

export const $ = (id) => document.getElementById(id);
const STORAGE = "ginrummy.games";
let messages = {};
let lang = localStorage.getItem("ginrummy.lang") || (navigator.language || "en").slice(0, 2);
let socket = null;
let current = null; // the last state message
let mode = null; // null, "knock" or "gin": the next card clicked ends the hand
let joined = null; // {game, token}
let retry = 0;
// The last change (a move or the next deal) sent and not yet answered. A change sent as the
// connection drops may be lost: once the page has rejoined, it is sent again if the table is still
// at the version it was made at (the server refuses a change to any other version, so a change it
// did receive is never made twice).
let outbox = null;
let rejoining = false;

// -- words --------------------------------------------------------------------------------------

export function t(text, values = {}) {
  const template = messages[text] || text;
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}
useTranslator(t); // cards and the table's objects in words, in the page's language (speech.js)

// A refused move in the page's language: the server sends its code, params (cards as "KS")
// and template, the English sentence that is also the catalogue's msgid; else its message.
export function refusalText(message) {
  if (!message.template) return message.message || message.error;
  const values = {};
  for (const [name, value] of Object.entries(message.params || {})) {
    if (name === "card") values[name] = pretty(value);
    else if (name === "cards" || name === "meld") values[name] = value.map(pretty).join(" ");
    else if (name === "melds") values[name] = value.map((meld) => meld.map(pretty).join(" ")).join(" | ");
    else values[name] = value;
  }
  return t(message.template, values);
}

async function loadLanguage(code) {
  lang = ["en", "nb", "sv"].includes(code) ? code : "en";
  localStorage.setItem("ginrummy.lang", lang);
  $("lang").value = lang;
  document.documentElement.lang = lang;
  messages = await (await fetch(`/api/i18n/${lang}`)).json();
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  labelOpponents();
  if (current) render(current);
}

// -- saved links --------------------------------------------------------------------------------

export function savedGames() {
  try { return JSON.parse(localStorage.getItem(STORAGE)) || []; } catch { return []; }
}

export function remember(entry) {
  const games = savedGames().filter((g) => !(g.game === entry.game && g.token === entry.token));
  games.unshift({ ...savedGames().find((g) => g.game === entry.game && g.token === entry.token), ...entry });
  localStorage.setItem(STORAGE, JSON.stringify(games.slice(0, 100)));
}

// -- screens ------------------------------------------------------------------------------------

function show(screen) {
  for (const id of ["lobby", "history", "table", "problem"]) $(id).hidden = id !== screen;
}

function route() {
  const match = location.pathname.match(/^\/g\/([\w-]+)$/);
  if (match && location.hash.length > 1) {
    joinGame(match[1], decodeURIComponent(location.hash.slice(1)));
  } else if (match || location.pathname !== "/") {
    closeSocket();
    showProblem(match ? "link_incomplete" : "no_page");
  } else if (location.hash === "#history") {
    closeSocket();
    show("history");
    loadHistory();
  } else {
    closeSocket();
    show("lobby");
  }
}

export function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 4000);
}

// The lobby and the invite panel live in lobby.js, the history and replays in replay.js.

// -- the connection -----------------------------------------------------------------------------

function joinGame(game, token) {
  show("table");
  joined = { game, token };
  outbox = null;
  remember({ game, token });
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    retry = 0;
    rejoining = outbox !== null;
    socket.send(JSON.stringify({ type: "join", ...joined, lang }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (!joined) return;
    setOffline(true);
    $("status").textContent = t("Reconnecting…");
    retry = Math.min(retry + 1, 5);
    setTimeout(() => { if (joined) connect(); }, 500 * retry);
  };
}

function closeSocket() {
  joined = null;
  if (socket) socket.close();
  socket = null;
}

function send(message) {
  if (message.version !== undefined) outbox = message;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else toast(t("Offline: the server cannot be reached. Reconnecting…"));
}

function act(action) {
  mode = null;
  send({ type: "action", action, version: current.version });
}

function receive(message) {
  if (message.type === "state") {
    setOffline(false);
    if (outbox && message.version !== outbox.version) outbox = null; // answered, or overtaken
    if (rejoining) {
      rejoining = false;
      if (outbox) socket.send(JSON.stringify(outbox));
    }
    remember({ game: message.game, token: joined.token, names: message.players.map((p) => p.name),
               over: message.sheet.over });
    $("hint").hidden = true;
    stage(message);
  } else if (message.type === "error" && message.code === "bad_link") {
    closeSocket(); // nothing to reconnect to: say what is wrong instead of an empty table
    showProblem("bad_link");
  } else if (message.type === "error") {
    outbox = null; // refused: the player decides again
    toast(refusalText(message));
  } else if (message.type === "hint") {
    const hint = $("hint");
    hint.hidden = false;
    hint.textContent = message.text || (message.action ? t("Suggested: {action}", { action: actionText(message.action) }) : t("No hint available."));
  }
}

// -- drawing the table --------------------------------------------------------------------------

function actionText(action) {
  const [plain, show] = action.split(" show "); // a knock may name its melds
  if (show) return `${actionText(plain)} (${show.split(" | ").map((meld) => meld.split(" ").map(pretty).join(" ")).join(" · ")})`;
  const [verb, ...rest] = action.split(" ");
  const card = rest.join(" ");
  const labels = { take: "Take", pass: "Pass", discard: "Discard", knock: "Knock", gin: "Gin" };
  if (action === "draw stock") return t("Draw from the stock");
  if (action === "draw pile") return t("Take the discard");
  if (action === "big gin") return t("Big gin");
  return `${t(labels[verb] || verb)} ${card && card.length === 2 ? pretty(card) : card}`.trim();
}

// Views speak of the two players at a table as 0 and 1; message.table says which seats they are.
function nameOf(player) {
  return current.players[current.table[player]].name;
}

function spectator(message) {
  return message.seat === null || !message.table.includes(message.seat);
}

// -- the table's moments: the other player's draw and throw as two steps, offline -------------

let staged = null; // the timer that shows the second step of the other player's turn

// A state that holds the other player's draw and then a throw (or knock) is shown in two steps,
// the draw, a short pause, then the rest, so that the player sees each move happen.
function stage(message) {
  clearTimeout(staged);
  const step = current && drawStep(current, message);
  if (!step) { showState(message, true); return; }
  showState(step, false);
  staged = setTimeout(() => showState(message, true), motion.pause());
}

function showState(message, final) {
  const before = current;
  current = message;
  if (final) document.body.dataset.version = message.version; // lets tests wait for the next state
  render(message, before);
}

// The table just after the other player's draw, built from the new state by taking back what
// came after that draw: the pile as it was (replayed from the moves), one more card in their hand.
function drawStep(previous, message) {
  const was = previous.view.history;
  const now = message.view.history;
  if (previous.game !== message.game || previous.view.result || now.length <= was.length
      || previous.sheet.hands.length !== message.sheet.hands.length) return null;
  const fresh = now.slice(was.length);
  const draw = fresh.findIndex((move) => move.action === "draw stock" || move.action === "draw pile");
  const mine = spectator(message) ? null : message.view.player;
  if (draw === -1 || draw === fresh.length - 1 || fresh[draw].player === mine) return null;
  const mover = fresh[draw].player;
  const history = now.slice(0, was.length + draw + 1);
  const pile = pileAfter(message.view.upcard, history);
  const view = { ...message.view, history, legal_actions: [], phase: "play", to_play: mover, result: undefined,
                 knock_card: undefined, pile_top: pile.length ? pile[pile.length - 1] : null, pile_size: pile.length };
  if (mine === null) view.hand_sizes = view.hand_sizes.map((n, player) => (player === mover ? n + 1 : n));
  else view.opponent_hand_size += 1;
  return { ...message, view, sheet: previous.sheet, deal_over: false, knocks: undefined };
}

// The discard pile, bottom to top, after these moves: the upcard, each card thrown face up,
// less each card taken.
function pileAfter(upcard, history) {
  const pile = upcard ? [upcard] : [];
  for (const move of history) {
    if (move.action.startsWith("discard ")) pile.push(move.action.split(" ")[1]);
    else if (move.action === "take" || move.action === "draw pile") pile.pop();
  }
  return pile;
}

// While the server cannot be reached the table says so and takes no input until it is back.
function setOffline(offline) {
  document.body.classList.toggle("offline", offline);
  const table = $("table");
  for (const part of table.querySelectorAll(".felt, .side")) part.inert = offline;
  let banner = $("offline");
  if (!banner && offline) {
    banner = Object.assign(document.createElement("div"), { id: "offline", className: "offline-banner" });
    banner.setAttribute("role", "alert");
    table.prepend(banner);
  }
  if (banner) {
    banner.hidden = !offline;
    banner.textContent = offline ? `⚠ ${t("Offline: the server cannot be reached. Reconnecting…")}` : "";
  }
}

// -- focus: the player stays where they were after each redraw -----------------------------

function focusPlace() {
  const active = document.activeElement;
  if (!active || !$("table").contains(active)) return null;
  const cards = [...document.querySelectorAll("#hand .hand-card")];
  return { id: active.id, card: active.dataset.card, action: active.dataset.action, index: cards.indexOf(active) };
}

function restoreFocus(place, drawn) {
  if (!place) return;
  const cards = [...document.querySelectorAll("#hand .hand-card:enabled")];
  const target = (place.id && $(place.id))
    || (place.card && cards.find((card) => card.dataset.card === place.card))
    || (place.action && document.querySelector(`#actions [data-action="${place.action}"]`))
    || (drawn && cards.find((card) => card.dataset.card === drawn))
    || (place.index >= 0 && cards[Math.min(place.index, cards.length - 1)]);
  if (target) { target.focus({ preventScroll: true }); return; }
  $("hand").tabIndex = -1; // no card may be played now: the hand itself keeps the focus
  $("hand").focus({ preventScroll: true });
}

// -- motion and sound ----------------------------------------------------------------------

// Where a card new on the table comes from: a new card in a hand from the stock (or the pile
// when that was the draw), a new card on the pile from the hand that threw it.
function origin(node, message) {
  const box = (id) => $(id).getBoundingClientRect();
  const last = message.view.history[message.view.history.length - 1];
  if (message.view.result) return null; // the hands turn face up where they lie
  if (node.closest("#pile")) return last && last.player !== message.view.player ? box("opponent-hand") : box("hand");
  return last && (last.action === "draw pile" || last.action === "take") ? box("pile") : box("stock");
}

function newDeal(before, message) {
  return !message.view.history.length && (!before || before.view.result || before.game !== message.game
                                           || before.sheet.hands.length !== message.sheet.hands.length);
}

// A sound (when turned on) and, at a knock or gin, its moment on the felt.
function mark(before, message) {
  if (!before || before.game !== message.game) return;
  const result = message.view.result;
  if (result && !before.view.result) {
    if (result.outcome === "dead" || result.knocker === null) return;
    const gin = result.outcome === "gin" || result.outcome === "big_gin";
    motion.announce(document.querySelector("#table .felt"), gin ? t("Gin!") : t("Knock!"), gin ? "gin" : "knock");
    sound.play(gin ? "gin" : "knock");
    return;
  }
  const fresh = message.view.history.slice(before.view.history.length);
  const last = fresh[fresh.length - 1];
  if (last) sound.play(last.action.startsWith("draw") || last.action === "take" ? "draw" : "discard");
}

// -- the table's tools and keys ----------------------------------------------------------------

// The sound switch (off until turned on) and the key list, at the felt's top.
function renderTools() {
  let bar = $("table-tools");
  if (!bar) {
    bar = Object.assign(document.createElement("div"), { id: "table-tools", className: "tools" });
    document.querySelector("#table .felt").prepend(bar);
  }
  const on = sound.soundOn();
  const toggle = Object.assign(document.createElement("button"), { id: "sound-toggle", className: "quiet",
                                                                   textContent: `♪ ${on ? t("Sound: on") : t("Sound: off")}` });
  toggle.setAttribute("aria-pressed", String(on));
  toggle.onclick = () => { sound.setSound(!on); renderTools(); sound.play("draw"); $("sound-toggle").focus(); };
  const keys = Object.assign(document.createElement("button"), { id: "keys-button", className: "quiet", textContent: `? ${t("Keys")}` });
  keys.onclick = showHelp;
  bar.replaceChildren(toggle, keys);
}

// The terminal game's keys (keys.js lists them): each does what its button or click does.
function onKey(name, index) {
  const legal = new Set(current.view.legal_actions);
  const cards = [...document.querySelectorAll("#hand .hand-card")];
  const focused = document.activeElement?.closest?.(".hand-card")?.dataset.card;
  const ending = (kind) => [...legal].some((action) => action.startsWith(`${kind} `));
  const doing = (action) => { if (!legal.has(action)) return false; act(action); return true; };
  switch (name) {
    case "draw": return doing("draw stock");
    case "pile": return doing("take") || doing("draw pile");
    case "pass": return doing("pass");
    case "pick": // a card that may not be thrown now cannot take focus; it is still shown
      if (!cards[index]) return false;
      if (cards[index].disabled) cards[index].scrollIntoView({ block: "nearest" });
      else cards[index].focus();
      return true;
    case "enter": { // the next hand, when the deal is over (a focused button answers Enter itself)
      const next = document.querySelector("[data-action=next]");
      next?.click();
      return Boolean(next);
    }
    case "knock":
    case "gin":
      if (!ending(name)) return name === "gin" && legal.has("big gin") ? (confirmEnding("big gin"), true) : false;
      if (focused && legal.has(`${name} ${focused}`)) { confirmEnding(name, focused); return true; }
      mode = mode === name ? null : name;
      render(current);
      return true;
    case "hint": if (!legal.size || spectator(current)) return false; send({ type: "hint" }); return true;
    case "sort": if (spectator(current) || current.view.result) return false; sortHand(); return true;
    case "sheet": $("sheet").tabIndex = -1; $("sheet").scrollIntoView({ block: "center" }); $("sheet").focus(); return true;
    case "help": showHelp(); return true;
    default: return false;
  }
}

function render(message, before = message) {
  const view = message.view;
  const seat = spectator(message) ? null : message.seat;
  const me = seat === null ? 0 : view.player; // this seat's place at its table
  const legal = new Set(view.legal_actions);
  const felt = document.querySelector("#table .felt");
  const places = motion.capture(felt);
  const focus = focusPlace();
  renderTools();
  renderScoreline(message);
  renderOpponent(message, seat, me);
  renderMiddle(view, legal);
  renderHand(message, legal);
  renderActions(message, legal);
  renderInvite(message);
  renderTables(message);
  renderResult(message, me);
  renderSheet(message);
  $("status").textContent = statusText(message, legal);
  restoreFocus(focus, drawnCard(message));
  if (before !== message) {
    motion.play(felt, places, (node) => origin(node, message), { deal: newDeal(before, message) });
    mark(before, message);
  }
}

// One chip per seat, the viewer's first: name, presence, score, and for three or four seats
// how many cards each holds (or that it sits out) and at which table it plays.
function renderScoreline(message) {
  const { view, sheet, players, tables } = message;
  const line = $("scoreline");
  line.replaceChildren();
  const first = message.seat === null ? 0 : message.seat;
  const many = players.length > 2;
  for (let i = 0; i < players.length; i++) {
    const seat = (first + i) % players.length;
    const player = players[seat];
    const at = tables.findIndex((table) => table.seats.includes(seat));
    const table = tables[at];
    const chip = document.createElement("span");
    chip.className = `chip ${table && table.to_play === seat ? "turn" : ""}`;
    chip.dataset.seat = seat;
    const presence = player.computer ? "" : player.online ? " ●" : " ○";
    let text = `${player.name}${presence} ${sheet.scores[sheet.column_of[seat]]}`;
    if (many) {
      text += !table ? ` · ${t("sits out")}`
        : ` · ${t("{n} cards", { n: table.hand_sizes[table.seats.indexOf(seat)] })}` + (tables.length > 1 ? ` · ${t("Table {n}", { n: at + 1 })}` : "");
    }
    chip.textContent = text;
    chip.title = player.computer ? t("Computer") : player.online ? t("online") : t("offline");
    line.append(chip);
  }
  const info = document.createElement("span");
  info.className = "info";
  const hand = message.deal_over ? sheet.hands.length : sheet.hands.length + 1;
  const partnership = sheet.labels.length < players.length;
  info.textContent = `${t(partnership ? "Deal" : "Hand")} ${Math.max(hand, 1)} · ${t("Target")} ${sheet.target} · ${t("Knock limit")} ${view.knock_limit}` +
    (view.multiplier > 1 ? ` · ×${view.multiplier}` : "") + ` · ${t("Dealer")}: ${nameOf(view.dealer)}`;
  line.append(info);
}

function renderOpponent(message, seat, me) {
  const view = message.view;
  const box = $("opponent-hand");
  box.replaceChildren();
  const label = document.createElement("div");
  label.className = "seat-name";
  // A watcher (or a seat sitting out) sees two hands, each under its player's name.
  label.textContent = message.seat !== null && seat === null ? `${t("You sit out this hand.")} ${t("Watching")} — ${nameOf(1)}`
    : seat === null ? `${t("Watching")} — ${nameOf(1)}` : nameOf(1 - me);
  $("hand-name").hidden = seat !== null;
  $("hand-name").textContent = seat === null ? nameOf(0) : "";
  const them = seat === null ? 1 : 1 - me;
  if (view.result) {
    box.append(label, settledHand(handGroups(view.result, view.knock_card, them), nameOf(them)));
    return;
  }
  // One element for screen readers ("Bob's hand: 10 cards"), the backs themselves silent.
  const cards = document.createElement("div");
  cards.className = "fan";
  const count = seat === null ? view.hand_sizes[1] : view.opponent_hand_size;
  cards.setAttribute("role", "img");
  cards.setAttribute("aria-label", t("{name}'s hand: {n} cards", { name: nameOf(them), n: count }));
  for (let i = 0; i < count; i++) cards.appendChild(cardBack()).dataset.key = `o${i}`;
  box.append(label, cards);
}

// A hand at settlement, group by group: each meld (with the cards laid off onto it marked),
// the deadwood, and the card the knocker threw face down; each group says what it is in text
// as well as by its frame, so colour is never the only cue.
function settledHand(groups, owner) {
  const row = document.createElement("div");
  row.className = "settled";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t("{name}'s hand", { name: owner }));
  const captions = { meld: "Meld", loose: "Deadwood", knock: "Knocked with", plain: "" };
  for (const group of groups) {
    const box = document.createElement("div");
    box.className = `group ${group.kind}`;
    const caption = t(captions[group.kind]);
    for (const code of group.cards) {
      const face = cardFace(code);
      face.dataset.key = code;
      if (group.laid.includes(code)) {
        face.classList.add("laid-off");
        face.setAttribute("aria-label", `${cardName(code)}, ${t("laid off")}`);
      }
      box.append(face);
    }
    if (caption) {
      const deadwood = group.kind === "loose" ? ` ${group.cards.reduce((sum, code) => sum + Math.min(10, "A23456789TJQK".indexOf(code[0]) + 1), 0)}` : "";
      box.append(Object.assign(document.createElement("span"), { className: "group-label", textContent: `${caption}${deadwood}` }));
    }
    row.append(box);
  }
  return row;
}

function renderMiddle(view, legal) {
  const stock = $("stock");
  stock.replaceChildren(view.stock_size ? cardBack() : emptySlot());
  stock.dataset.count = view.stock_size;
  stock.title = `${t("Stock")}: ${view.stock_size}`;
  const canStock = legal.has("draw stock");
  const pile = $("pile");
  const top = view.pile_top ? cardFace(view.pile_top) : emptySlot();
  if (view.pile_top) top.dataset.key = view.pile_top;
  pile.replaceChildren(top);
  pile.dataset.top = view.pile_top || "";
  pile.title = t("Discard pile");
  const pileAction = legal.has("take") ? "take" : legal.has("draw pile") ? "draw pile" : null;
  const named = [[stock, canStock ? "draw stock" : null, t("Stock, {n} cards", { n: view.stock_size })],
                 [pile, pileAction, view.pile_top ? t("Discard pile, {n} cards, top card {card}", { n: view.pile_size, card: cardName(view.pile_top) })
                   : t("Discard pile, empty")]];
  for (const [node, action, name] of named) {
    node.classList.toggle("playable", Boolean(action));
    node.setAttribute("aria-label", action ? `${name}. ${action === "draw stock" ? t("Draw from the stock") : t("Take the discard")}` : name);
    node.setAttribute("aria-disabled", String(!action));
    node.onclick = action ? () => act(action) : null;
    node.onkeydown = (event) => { // a role=button answers Enter and Space as a button does
      if (action && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); event.stopPropagation(); act(action); }
    };
    if (action) node.append(Object.assign(document.createElement("span"), { className: "cue", textContent: action === "draw stock" ? `▼ ${t("Draw")}` : `▲ ${t("Take")}`, ariaHidden: "true" }));
  }
  // Drag the stock or the pile to the hand (a mouse) to draw; a hand card's drag is drag.js's.
  for (const [node, action] of [[stock, canStock ? "draw stock" : null], [pile, pileAction]]) {
    node.draggable = Boolean(action);
    node.ondragstart = action ? (event) => event.dataTransfer.setData("text/plain", action) : null;
  }
  const hand = $("hand");
  hand.ondragover = (event) => event.preventDefault();
  hand.ondrop = (event) => {
    event.preventDefault();
    const action = event.dataTransfer.getData("text/plain");
    if (["draw stock", "draw pile", "take"].includes(action) && legal.has(action)) act(action);
  };
}

let handOrder = null; // the player's own order of the hand (drag or s), null: grouped into melds
let orderedHand = null; // the deal handOrder belongs to

function renderHand(message, legal) {
  const hand = $("hand");
  hand.replaceChildren();
  const view = message.view;
  const arrangement = message.arrangement;
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", spectator(message) ? t("{name}'s hand", { name: nameOf(0) }) : t("Your hand"));
  $("deadwood").textContent = arrangement ? `${t("Deadwood")}: ${arrangement.deadwood}` : "";
  const deal = `${message.game}:${message.sheet.hands.length}`;
  if (orderedHand !== deal) { handOrder = null; orderedHand = deal; }
  if (view.result) {
    hand.append(settledHand(handGroups(view.result, view.knock_card, spectator(message) ? 0 : view.player),
                            spectator(message) ? nameOf(0) : t("You")));
    return;
  }
  if (!arrangement) {
    if (spectator(message)) {
      const backs = document.createElement("div");
      backs.className = "fan";
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", t("{name}'s hand: {n} cards", { name: nameOf(0), n: view.hand_sizes[0] }));
      for (let i = 0; i < view.hand_sizes[0]; i++) backs.appendChild(cardBack()).dataset.key = `m${i}`;
      hand.append(backs);
    } else {
      for (const code of view.hand) hand.appendChild(cardFace(code)).dataset.key = code;
    }
    return;
  }
  const drawn = drawnCard(message);
  const melded = new Set(arrangement.melds.flat());
  const groups = handOrder
    ? [{ cards: ownOrder(view.hand), kind: "own" }]
    : [...arrangement.melds.map((meld) => ({ cards: meld, kind: "meld" })), { cards: arrangement.deadwood_cards, kind: "loose" }];
  for (const group of groups) {
    if (!group.cards.length) continue;
    const box = document.createElement("div");
    box.className = `group ${group.kind}`;
    for (const code of group.cards) box.append(handCard(code, legal, { taken: view.taken, drawn, inMeld: melded.has(code) }));
    hand.append(box);
  }
}

// The hand in the player's own order: the cards kept where they were put, new ones at the end.
function ownOrder(codes) {
  handOrder = [...handOrder.filter((code) => codes.includes(code)), ...codes.filter((code) => !handOrder.includes(code))];
  return handOrder;
}

// The card the player has just drawn (from the stock, the pile or the upcard) while they still
// have to throw one: marked in the hand until they do.
function drawnCard(message) {
  if (spectator(message)) return null;
  const { history, legal_actions: legal, player } = message.view;
  const last = history[history.length - 1];
  const drawing = last && last.player === player && ["draw stock", "draw pile", "take"].includes(last.action);
  return drawing && legal.some((action) => action.startsWith("discard ")) ? last.card : null;
}

function moveCard(code, before) {
  const codes = [...document.querySelectorAll("#hand .hand-card")].map((card) => card.dataset.card).filter((c) => c !== code);
  const at = before === null ? codes.length : codes.indexOf(before);
  codes.splice(at < 0 ? codes.length : at, 0, code);
  handOrder = codes;
  render(current);
}

// s: grouped into melds, then by rank, then by suit, then melds again.
const SORTS = [null, "rank", "suit"];
let sortIndex = 0;
function sortHand() {
  sortIndex = (sortIndex + 1) % SORTS.length;
  const by = SORTS[sortIndex];
  const rank = (code) => "A23456789TJQK".indexOf(code[0]);
  handOrder = by && [...current.view.hand].sort((a, b) => (by === "rank" ? rank(a) - rank(b) || a[1].localeCompare(b[1])
                                                                       : a[1].localeCompare(b[1]) || rank(a) - rank(b)));
  render(current);
}

function handCard(code, legal, { taken, drawn, inMeld }) {
  const wrap = document.createElement("button");
  wrap.className = "hand-card";
  wrap.dataset.card = code;
  wrap.dataset.key = code;
  wrap.append(cardFace(code));
  const action = mode ? `${mode} ${code}` : `discard ${code}`;
  const allowed = legal.has(action);
  wrap.disabled = !allowed;
  const notes = [];
  if (code === taken) notes.push(t("taken from the pile"));
  else if (code === drawn) notes.push(t("just drawn"));
  if (handOrder && inMeld) { wrap.classList.add("in-meld"); notes.push(t("in a meld")); }
  if (code === taken || code === drawn) {
    wrap.classList.add(code === taken ? "taken" : "drawn");
    wrap.append(Object.assign(document.createElement("span"), { className: "tag", textContent: code === taken ? `▲ ${t("Pile")}` : `★ ${t("New")}` }));
  }
  wrap.setAttribute("aria-label", [cardName(code), ...notes].join(", "));
  if (mode && allowed) wrap.classList.add("ending");
  if (allowed) wrap.onclick = () => (mode ? confirmEnding(mode, code) : act(action));
  draggableCard(wrap, { canDiscard: !mode && legal.has(`discard ${code}`), discard: () => act(`discard ${code}`), reorder: moveCard });
  return wrap;
}

function confirmEnding(kind, code) {
  const text = kind === "big gin" ? t("Declare big gin?")
    : kind === "gin" ? t("Go gin, discarding {card} face down?", { card: pretty(code) })
    : t("Knock, discarding {card} face down?", { card: pretty(code) });
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  // RULES §6.2: with more than one arrangement worth showing, the knocker picks one here.
  const options = kind === "knock" ? (current.knocks || {})[code] || [] : [];
  const choosing = options.length > 1;
  fillShowOptions(choosing ? options : []);
  dialog.classList.toggle("choosing", choosing);
  dialog.returnValue = ""; // Escape keeps the last value: never let it replay an old "ok"
  dialog.onclose = () => {
    const chosen = dialog.querySelector("input[name=show]:checked");
    $("confirm-options").replaceChildren();
    if (dialog.returnValue !== "ok") { mode = null; render(current); return; }
    if (kind === "big gin") act("big gin");
    else act(`${kind} ${code}` + (choosing && chosen ? ` show ${chosen.value}` : ""));
  };
  dialog.showModal();
  if (choosing) dialog.querySelector("input[name=show]:checked").focus();
  else $("confirm-ok").focus(); // Enter confirms what the player just chose
}

// The arrangements a knock may show, as radio buttons: arrows move, Enter or a double click
// knocks with the one selected, a click selects another.
function fillShowOptions(options) {
  const box = $("confirm-options");
  box.hidden = !options.length;
  box.replaceChildren();
  if (!options.length) return;
  box.append(Object.assign(document.createElement("p"), { className: "show-title", id: "show-title", textContent: t("Choose which melds to show:") }));
  const defender = nameOf(1 - current.view.player);
  options.forEach((option, index) => box.append(showOption(option, index, defender)));
  box.onkeydown = (event) => {
    if (event.key !== "Enter" || event.target.name !== "show") return;
    event.preventDefault(); // the form's first button is Cancel: Enter must not submit it
    $("confirm").close("ok");
  };
}

function showOption(option, index, defender) {
  const label = document.createElement("label");
  label.className = "show-option";
  label.dataset.show = option.show;
  const radio = Object.assign(document.createElement("input"), { type: "radio", name: "show", value: option.show, checked: index === 0 });
  const cards = document.createElement("div");
  cards.className = "show-cards";
  for (const meld of option.melds) cards.append(cardRow(meld, "meld"));
  if (option.deadwood_cards.length) cards.append(cardRow(option.deadwood_cards, "loose"));
  const head = document.createElement("span");
  head.className = "show-deadwood";
  head.textContent = `${t("Deadwood")} ${option.deadwood}` + (index === 0 ? ` · ${t("Default")}` : "");
  const text = Object.assign(document.createElement("span"), { className: "show-text", textContent: showSentence(option, defender) });
  const body = document.createElement("span");
  body.className = "show-body";
  body.append(head, cards, text);
  label.append(radio, body);
  label.ondblclick = () => { radio.checked = true; $("confirm").close("ok"); };
  return label;
}

// What showing an arrangement means: the cards the defender could lay off onto each meld.
function showSentence(option, name) {
  const parts = option.melds.map((meld, i) => [meld, option.meld_layoffs[i]])
    .filter(([, cards]) => cards.length)
    .map(([meld, cards]) => t("Showing {meld} lets {name} lay off {cards}.",
                              { meld: meld.map(pretty).join(" "), name, cards: orList(cards.map(pretty)) }));
  if (!parts.length) parts.push(t("{name} can lay off nothing on these melds.", { name }));
  if (option.known.length) parts.push(t("{name} took {cards} from the discard pile.", { name, cards: option.known.map(pretty).join(" ") }));
  return parts.join(" ");
}

function orList(items) {
  if (items.length < 2) return items.join("");
  return t("{cards} or {card}", { cards: items.slice(0, -1).join(", "), card: items[items.length - 1] });
}

function renderActions(message, legal) {
  const view = message.view;
  const seat = message.seat;
  const bar = $("actions");
  bar.replaceChildren();
  const button = (label, onclick, cls = "") => {
    const node = document.createElement("button");
    node.textContent = label;
    node.className = cls;
    node.onclick = onclick;
    bar.append(node);
    return node;
  };
  if (message.deal_over) {
    if (seat !== null && !message.sheet.over) button(t("Next hand"), () => send({ type: "next", version: message.version }), "primary").dataset.action = "next";
    return;
  }
  for (const name of ["take", "pass", "draw stock", "draw pile"]) {
    if (legal.has(name)) button(actionText(name), () => act(name)).dataset.action = name;
  }
  for (const kind of ["knock", "gin"]) {
    if ([...legal].some((a) => a.startsWith(`${kind} `))) {
      const node = button(mode === kind ? t("Cancel") : t(kind === "knock" ? "Knock" : "Gin") + "…",
                          () => { mode = mode === kind ? null : kind; render(current); }, "ending");
      node.dataset.action = kind;
    }
  }
  if (legal.has("big gin")) button(t("Big gin"), () => confirmEnding("big gin"), "ending").dataset.action = "big gin";
  if (seat !== null && legal.size) button(t("Hint"), () => send({ type: "hint" }), "quiet").dataset.action = "hint";
}

// A partnership's sheet has a column per team ("Ann & Cy"), which takes the plural verb.
export function winsText(labels, winner, players) {
  return labels.length < players
    ? t("{names} win the match.", { names: labels[winner] })
    : t("{name} wins the match.", { name: labels[winner] });
}

function statusText(message, legal) {
  const view = message.view;
  if (message.sheet.over) {
    return winsText(message.sheet.labels, message.sheet.winner, message.players.length);
  }
  if (view.phase === "over") {
    // The status line is read out (aria-live): it says how the hand ended, not only that it did.
    const ended = view.result ? `${outcomeText(view.result, [nameOf(0), nameOf(1)])} ` : "";
    return ended + (message.deal_over ? t("The hand is over.") : t("Waiting for the other table."));
  }
  if (mode === "knock") return t("Choose the card to knock with.");
  if (mode === "gin") return t("Choose the card to discard for gin.");
  const last = lastOpponentMoves(message);
  const discarding = view.legal_actions.some((action) => action.startsWith("discard "));
  const turn = discarding ? t("Your turn: discard a card.") : legal.size ? t("Your turn") : t("{name}'s turn", { name: nameOf(view.to_play) });
  return last ? `${last} — ${turn}` : turn;
}

function lastOpponentMoves(message) {
  const history = message.view.history;
  if (!history.length) return "";
  const last = history[history.length - 1];
  if (!spectator(message) && last.player === message.view.player) return ""; // a watcher hears every move
  const moves = [];
  for (let i = history.length - 1; i >= 0 && history[i].player === last.player; i--) moves.unshift(history[i]);
  return `${nameOf(last.player)}: ` + moves.map((m) => moveText(m)).join(", ");
}

function moveText(move) {
  const [verb, ...rest] = move.action.split(" ");
  const card = rest.join(" ");
  if (move.action === "draw stock") return t("drew from the stock");
  if (move.action === "pass") return t("passed");
  if (move.action === "take") return t("took the upcard {card}", { card: pretty(move.card) });
  if (move.action === "draw pile") return t("took {card} from the discard pile", { card: pretty(move.card) });
  if (verb === "discard") return t("threw {card}", { card: pretty(card) });
  if (verb === "knock") return t("knocked");
  if (verb === "gin") return t("went gin");
  return t("declared big gin");
}

// ``names``: the hand's two players (a replay has no current table to ask).
function outcomeText(result, names) {
  const knocker = result.knocker === null ? "" : names[result.knocker];
  switch (result.outcome) {
    case "gin": return t("{name} went gin!", { name: knocker });
    case "big_gin": return t("{name} declared big gin!", { name: knocker });
    case "undercut": return t("{name} knocked and was undercut!", { name: knocker });
    case "knock": return t("{name} knocked.", { name: knocker });
    default: return t("Dead hand: the stock ran out. Nobody scores; the same dealer deals again.");
  }
}

export function cardRow(codes, cls = "") {
  const row = document.createElement("div");
  row.className = `row ${cls}`;
  for (const code of codes) row.append(cardFace(code));
  return row;
}

// ``figures``: the hand's multiplier and the rules' bonuses, to work the points out line by line.
export function settlementBoard(result, names, figures = {}) {
  const box = document.createElement("div");
  const head = document.createElement("p");
  head.className = "outcome";
  head.textContent = outcomeText(result, names) + (result.winner === null ? "" : " " + t("{name} scores {points}.", { name: names[result.winner], points: result.points }));
  box.append(head);
  const settlement = result.settlement;
  if (!settlement) return box;
  const defender = 1 - result.knocker;
  for (const [side, seat] of [["knocker", result.knocker], ["defender", defender]]) {
    const part = settlement[side];
    const title = document.createElement("h3");
    title.textContent = `${names[seat]} — ${t("Deadwood")} ${part.deadwood}`;
    const melds = document.createElement("div");
    melds.className = "melds";
    for (const meld of part.melds) melds.append(cardRow(meld, "meld"));
    if (part.deadwood_cards.length) melds.append(cardRow(part.deadwood_cards, "loose"));
    box.append(title, melds);
    if (side === "defender" && part.layoffs.length) {
      const lay = document.createElement("p");
      lay.className = "layoffs";
      lay.textContent = `${t("Lay off")}: ` + layoffLines(settlement).join("; ");
      box.append(lay);
    }
  }
  const lines = pointsLines(result, figures.multiplier || 1, figures.bonuses || null);
  if (lines.length) {
    const list = Object.assign(document.createElement("ol"), { className: "points" });
    for (const line of lines) list.append(Object.assign(document.createElement("li"), { textContent: line }));
    box.append(list);
  }
  return box;
}

function renderResult(message, me) {
  const box = $("result");
  const result = message.view.result;
  box.hidden = !result;
  if (!result) return;
  box.replaceChildren(settlementBoard(result, message.table.map((seat) => message.players[seat].name),
                                     { multiplier: message.view.multiplier, bonuses: message.bonuses }));
  if (message.sheet.over) {
    const { labels, totals, winner } = message.sheet;
    const end = document.createElement("p");
    end.className = "outcome";
    end.textContent = `${winsText(labels, winner, message.players.length)} ${t("Total")}: ` +
      sheetOrder(message).map((column) => `${labels[column]} ${totals[column]}`).join(" – ");
    box.append(end);
    // A shutout is named: the loser won no hand, so the game bonus is the shutout's.
    for (const column of message.sheet.columns.filter((c) => c.shutout)) {
      const shutout = Object.assign(document.createElement("p"), { className: "outcome shutout" });
      shutout.textContent = t("Shutout! {name} won every hand: game bonus {points}.",
                              { name: labels[column.winner], points: column.game_bonus[column.winner] });
      box.append(shutout);
    }
  }
}

// The score sheet's columns (players, or teams in a partnership), the viewer's own first.
function sheetOrder(message) {
  const { sheet } = message;
  const mine = message.seat === null ? 0 : sheet.column_of[message.seat];
  return sheet.labels.map((_, i) => (mine + i) % sheet.labels.length);
}

function renderSheet(message) {
  const { sheet } = message;
  const order = sheetOrder(message);
  const table = document.createElement("table");
  table.className = "sheet";
  const row = (cells, tag = "td") => {
    const tr = document.createElement("tr");
    for (const cell of cells) tr.append(Object.assign(document.createElement(tag), { textContent: cell }));
    table.append(tr);
  };
  const partnership = sheet.labels.length < message.players.length;
  row([t(partnership ? "Deal" : "Hand"), ...order.map((c) => sheet.labels[c])], "th");
  for (const hand of sheet.hands) {
    row([String(hand.number), ...order.map((c) => (hand.winner === c && hand.points) || "–")]);
  }
  row([t("Score"), ...order.map((c) => sheet.scores[c])], "th");
  sheet.columns.forEach((column, index) => {
    const label = sheet.columns.length > 1 ? `${t("Game {n}", { n: index + 1 })} ` : "";
    row([`${label}${t("Box bonus")}`, ...order.map((c) => column.box_bonus[c])]);
    row([`${label}${t(column.shutout ? "Game bonus (shutout)" : "Game bonus")}`, ...order.map((c) => column.game_bonus[c])]);
  });
  row([t("Total"), ...order.map((c) => sheet.totals[c])], "th");
  $("sheet").replaceChildren(table);
  $("chart").replaceChildren(drawChart(sheet, order, sheet.labels, t("Match score")));
}

// Partnerships: both tables of the deal, as public facts (who plays, cards held, how it ended).
function renderTables(message) {
  const box = $("tables");
  box.hidden = message.tables.length < 2;
  if (box.hidden) return;
  const name = (seat) => message.players[seat].name;
  box.replaceChildren(Object.assign(document.createElement("h2"), { textContent: t("Tables") }));
  message.tables.forEach((table, index) => {
    const line = document.createElement("p");
    line.className = "table-line";
    const [a, b] = table.seats;
    const result = table.result;
    const state = result === null
      ? `${t("{n} cards", { n: table.hand_sizes[0] })} – ${t("{n} cards", { n: table.hand_sizes[1] })} · ${t("{name}'s turn", { name: name(table.to_play) })}`
      : result.winner === null ? "–" : t("{name} scores {points}.", { name: name(result.winner), points: result.points });
    line.textContent = `${t("Table {n}", { n: index + 1 })}: ${name(a)} – ${name(b)} · ${state}`;
    box.append(line);
  });
}

// -- start --------------------------------------------------------------------------------------

installKeys(() => !$("table").hidden && current !== null && !document.body.classList.contains("offline"), onKey);
$("lang").onchange = (event) => {
  loadLanguage(event.target.value);
  if (joined && socket) { socket.close(); } // rejoin so hints come in the new language
};
window.addEventListener("hashchange", route);
await loadLanguage(lang);
await setUpLobby();
route();
