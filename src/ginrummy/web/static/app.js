// The browser game. The server holds the game; this page only draws the view it is sent and
// sends back what the player chose. Links: /g/GAME#TOKEN (the token never reaches server logs).
import { cardBack, cardFace, emptySlot, pretty } from "./cards.js";
import { drawChart } from "./chart.js";
import { labelOpponents, renderInvite, setUpLobby } from "./lobby.js";
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

// -- words --------------------------------------------------------------------------------------

export function t(text, values = {}) {
  const template = messages[text] || text;
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

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
  for (const id of ["lobby", "history", "table"]) $(id).hidden = id !== screen;
}

function route() {
  const match = location.pathname.match(/^\/g\/([\w-]+)$/);
  if (match && location.hash.length > 1) {
    joinGame(match[1], decodeURIComponent(location.hash.slice(1)));
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
  remember({ game, token });
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    retry = 0;
    socket.send(JSON.stringify({ type: "join", ...joined, lang }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (!joined) return;
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
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  mode = null;
  send({ type: "action", action, version: current.version });
}

function receive(message) {
  if (message.type === "state") {
    current = message;
    document.body.dataset.version = message.version; // lets tests wait for the next state
    remember({ game: message.game, token: joined.token, names: message.players.map((p) => p.name),
               over: message.sheet.over });
    $("hint").hidden = true;
    render(message);
  } else if (message.type === "error") {
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

function render(message) {
  const view = message.view;
  const seat = spectator(message) ? null : message.seat;
  const me = seat === null ? 0 : view.player; // this seat's place at its table
  const legal = new Set(view.legal_actions);
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
  label.textContent = message.seat !== null && seat === null ? `${t("You sit out this hand.")} ${t("Watching")}: ${nameOf(0)} – ${nameOf(1)}`
    : seat === null ? `${t("Watching")}: ${nameOf(0)} – ${nameOf(1)}` : nameOf(1 - me);
  const cards = document.createElement("div");
  cards.className = "fan";
  const shown = view.result ? view.result.hands[1 - me] : null;
  const count = seat === null ? view.hand_sizes[1] : view.opponent_hand_size;
  if (shown) for (const code of shown) cards.append(cardFace(code));
  else for (let i = 0; i < count; i++) cards.append(cardBack());
  box.append(label, cards);
}

function renderMiddle(view, legal) {
  const stock = $("stock");
  stock.replaceChildren(view.stock_size ? cardBack() : emptySlot());
  stock.dataset.count = view.stock_size;
  stock.title = `${t("Stock")}: ${view.stock_size}`;
  const canStock = legal.has("draw stock");
  stock.classList.toggle("playable", canStock);
  stock.onclick = canStock ? () => act("draw stock") : null;
  const pile = $("pile");
  pile.replaceChildren(view.pile_top ? cardFace(view.pile_top) : emptySlot());
  pile.dataset.top = view.pile_top || "";
  pile.title = t("Discard pile");
  const pileAction = legal.has("take") ? "take" : legal.has("draw pile") ? "draw pile" : null;
  pile.classList.toggle("playable", Boolean(pileAction));
  pile.onclick = pileAction ? () => act(pileAction) : null;
  // Drag a card from the stock or the pile to the hand to draw it; from the hand to the pile to discard.
  for (const [node, action] of [[stock, canStock ? "draw stock" : null], [pile, pileAction]]) {
    node.draggable = Boolean(action);
    node.ondragstart = action ? (event) => event.dataTransfer.setData("text/plain", action) : null;
  }
  pile.ondragover = (event) => event.preventDefault();
  pile.ondrop = (event) => {
    event.preventDefault();
    const action = event.dataTransfer.getData("text/plain");
    if (action.startsWith("discard ") && legal.has(action)) act(action);
  };
  const hand = $("hand");
  hand.ondragover = (event) => event.preventDefault();
  hand.ondrop = (event) => {
    event.preventDefault();
    const action = event.dataTransfer.getData("text/plain");
    if (!action.startsWith("discard ") && legal.has(action)) act(action);
  };
}

function renderHand(message, legal) {
  const hand = $("hand");
  hand.replaceChildren();
  const arrangement = message.arrangement;
  $("deadwood").textContent = arrangement ? `${t("Deadwood")}: ${arrangement.deadwood}` : "";
  if (!arrangement) {
    if (message.view.result && spectator(message)) {
      for (const code of message.view.result.hands[0]) hand.append(cardFace(code));
    } else if (spectator(message)) {
      for (let i = 0; i < message.view.hand_sizes[0]; i++) hand.append(cardBack());
    } else {
      for (const code of message.view.hand) hand.append(cardFace(code));
    }
    return;
  }
  const groups = [...arrangement.melds.map((meld) => ({ cards: meld, meld: true })),
                  { cards: arrangement.deadwood_cards, meld: false }];
  for (const group of groups) {
    if (!group.cards.length) continue;
    const box = document.createElement("div");
    box.className = group.meld ? "group meld" : "group loose";
    for (const code of group.cards) box.append(handCard(code, legal, message.view.taken));
    hand.append(box);
  }
}

function handCard(code, legal, taken) {
  const wrap = document.createElement("button");
  wrap.className = "hand-card";
  wrap.dataset.card = code;
  wrap.append(cardFace(code));
  const action = mode ? `${mode} ${code}` : `discard ${code}`;
  const allowed = legal.has(action);
  wrap.disabled = !allowed;
  if (code === taken) wrap.classList.add("taken");
  if (mode && allowed) wrap.classList.add("ending");
  if (allowed) {
    wrap.onclick = () => (mode ? confirmEnding(mode, code) : act(action));
    wrap.draggable = !mode;
    wrap.ondragstart = (event) => event.dataTransfer.setData("text/plain", action);
  }
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
  if (view.phase === "over") return message.deal_over ? t("The hand is over.") : t("Waiting for the other table.");
  if (mode === "knock") return t("Choose the card to knock with.");
  if (mode === "gin") return t("Choose the card to discard for gin.");
  const last = lastOpponentMoves(message);
  const turn = legal.size ? t("Your turn") : t("{name}'s turn", { name: nameOf(view.to_play) });
  return last ? `${last} — ${turn}` : turn;
}

function lastOpponentMoves(message) {
  const history = message.view.history;
  if (!history.length || spectator(message)) return "";
  const last = history[history.length - 1];
  if (last.player === message.view.player) return "";
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

function outcomeText(result) {
  const knocker = result.knocker === null ? "" : nameOf(result.knocker);
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

export function settlementBoard(result, names) {
  const box = document.createElement("div");
  const head = document.createElement("p");
  head.className = "outcome";
  head.textContent = outcomeText(result) + (result.winner === null ? "" : " " + t("{name} scores {points}.", { name: names[result.winner], points: result.points }));
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
      lay.textContent = `${t("Lay off")}: ` + part.layoffs.map((l) => t("{card} onto {meld}", { card: pretty(l.card), meld: l.onto.map(pretty).join(" ") })).join("; ");
      box.append(lay);
    }
  }
  return box;
}

function renderResult(message, me) {
  const box = $("result");
  const result = message.view.result;
  box.hidden = !result;
  if (!result) return;
  box.replaceChildren(settlementBoard(result, message.table.map((seat) => message.players[seat].name)));
  if (message.sheet.over) {
    const { labels, totals, winner } = message.sheet;
    const end = document.createElement("p");
    end.className = "outcome";
    end.textContent = `${winsText(labels, winner, message.players.length)} ${t("Total")}: ` +
      sheetOrder(message).map((column) => `${labels[column]} ${totals[column]}`).join(" – ");
    box.append(end);
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
    row([`${label}${t("Game bonus")}`, ...order.map((c) => column.game_bonus[c])]);
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

$("lang").onchange = (event) => {
  loadLanguage(event.target.value);
  if (joined && socket) { socket.close(); } // rejoin so hints come in the new language
};
window.addEventListener("hashchange", route);
await loadLanguage(lang);
await setUpLobby();
route();
