// The history of matches this browser has played, and the replay of a finished one: each move
// told as a sentence in the page's language, stepped move by move or hand by hand.
import { $, cardRow, refusalText, savedGames, settlementBoard, t, winsText } from "./app.js";
import { pretty } from "./cards.js";
import { rulesText } from "./lobby.js";

export async function loadHistory() {
  const entries = savedGames().map(({ game, token }) => ({ game, token }));
  const list = $("history-list");
  $("replay").hidden = true;
  const reply = await fetch("/api/history", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ entries }) });
  const { games } = await reply.json();
  list.replaceChildren(); // after the answer: two quick loads must not both add their lists
  if (!games.length) list.append(Object.assign(document.createElement("li"), { textContent: t("No matches played yet.") }));
  for (const game of games) {
    const token = entries.find((e) => e.game === game.game).token;
    const item = document.createElement("li");
    const labels = game.labels;
    const mine = game.seat === null ? 0 : game.seat % labels.length; // a partnership's team: seat % 2
    const order = labels.map((_, i) => (mine + i) % labels.length);
    item.textContent = `${order.map((c) => labels[c]).join(" – ")} · ${rulesText(game.rules)} · ${order.map((c) => game.totals[c]).join("–")} ` +
      (game.over ? `(${winsText(labels, game.winner, game.names.length)})` : `(${t("unfinished")})`);
    const open = document.createElement("button");
    open.textContent = game.over ? t("Replay") : t("Resume");
    open.onclick = () => (game.over ? replay(game.game, token) : location.assign(`/g/${game.game}#${token}`));
    item.append(" ", open);
    list.append(item);
  }
}

// One move as a sentence: "You drew 7♠ from the stock." or "Bob threw 9♦." A frame without a
// move is a hand's deal.
export function moveSentence(frame, names, viewer) {
  const move = frame.move;
  const you = (move ? move.seat : frame.dealer) === viewer;
  const name = names[move ? move.seat : frame.dealer];
  const card = move && move.card ? pretty(move.card) : "";
  if (!move) return you ? t("You deal hand {n}.", { n: frame.hand }) : t("{name} deals hand {n}.", { name, n: frame.hand });
  switch (move.kind) {
    case "take": return you ? t("You took the upcard {card}.", { card }) : t("{name} took the upcard {card}.", { name, card });
    case "pass": return you ? t("You passed.") : t("{name} passed.", { name });
    case "draw stock": return you ? t("You drew {card} from the stock.", { card }) : t("{name} drew {card} from the stock.", { name, card });
    case "draw pile": return you ? t("You took {card} from the discard pile.", { card }) : t("{name} took {card} from the discard pile.", { name, card });
    case "discard": return you ? t("You threw {card}.", { card }) : t("{name} threw {card}.", { name, card });
    case "knock": return you ? t("You knocked, throwing {card} face down.", { card }) : t("{name} knocked, throwing {card} face down.", { name, card });
    case "gin": return you ? t("You went gin, throwing {card} face down.", { card }) : t("{name} went gin, throwing {card} face down.", { name, card });
    default: return you ? t("You declared big gin.") : t("{name} declared big gin.", { name });
  }
}

export async function replay(game, token) {
  const reply = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game, token }) });
  const data = await reply.json();
  $("history-error").textContent = reply.ok ? "" : refusalText(data);
  if (!reply.ok) return;
  const frames = data.frames;
  const hands = [...new Set(frames.map((frame) => frame.hand))];
  let step = 0;
  $("replay").hidden = false;
  $("replay-title").textContent = `${data.sheet.labels.join(" – ")} · ${rulesText(data.rules)}`;
  const pick = $("replay-hand");
  pick.replaceChildren(...hands.map((hand) => new Option(t("Hand {n}", { n: hand }), hand)));
  const go = (to) => { step = Math.max(0, Math.min(frames.length - 1, to)); draw(); };
  const draw = () => {
    const frame = frames[step];
    const inHand = frames.filter((f) => f.hand === frame.hand);
    const first = frames.indexOf(inHand[0]);
    pick.value = frame.hand;
    $("replay-step").textContent = step === first ? t("The deal")
      : t("Move {n} of {count}", { n: step - first, count: inHand.length - 1 });
    $("replay-prev").disabled = step === 0;
    $("replay-next").disabled = step === frames.length - 1;
    // A button just disabled drops the focus: keep it in the replay so the keys go on working.
    const focus = document.activeElement;
    if (!$("replay").contains(focus) || focus.disabled) $(step === frames.length - 1 ? "replay-prev" : "replay-next").focus();
    const names = data.names.map((name, seat) => (seat === data.seat ? t("You") : name));
    $("replay-move").textContent = moveSentence(frame, data.names, data.seat);
    const board = $("replay-board");
    board.replaceChildren();
    frame.hands.forEach((hand, player) => {
      const title = document.createElement("h3");
      title.textContent = names[frame.seats[player]];
      board.append(title, cardRow(hand));
    });
    if (frame.pile_top) board.append(Object.assign(document.createElement("h3"), { textContent: t("Discard pile") }), cardRow([frame.pile_top]));
    if (frame.result) board.append(settlementBoard(frame.result, frame.seats.map((seat) => data.names[seat])));
  };
  pick.onchange = () => go(frames.findIndex((frame) => frame.hand === Number(pick.value)));
  $("replay-prev").onclick = () => go(step - 1);
  $("replay-next").onclick = () => go(step + 1);
  // The arrow keys step too, once focus is in the replay (Home and End: the hand's first and last move).
  $("replay").onkeydown = (event) => {
    if (event.target.tagName === "SELECT") return;
    const hand = frames[step].hand;
    const keys = {
      ArrowLeft: step - 1, ArrowRight: step + 1,
      Home: frames.findIndex((f) => f.hand === hand), End: frames.findLastIndex((f) => f.hand === hand),
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    go(keys[event.key]);
  };
  go(0);
}
