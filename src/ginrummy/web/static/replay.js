// The history of matches this browser has played, and the replay of a finished one.
import { $, cardRow, savedGames, settlementBoard, t, toast, winsText } from "./app.js";

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
    item.textContent = `${order.map((c) => labels[c]).join(" – ")} · ${game.rules} · ${order.map((c) => game.totals[c]).join("–")} ` +
      (game.over ? `(${winsText(labels, game.winner, game.names.length)})` : `(${t("unfinished")})`);
    const open = document.createElement("button");
    open.textContent = game.over ? t("Replay") : t("Resume");
    open.onclick = () => (game.over ? replay(game.game, token) : location.assign(`/g/${game.game}#${token}`));
    item.append(" ", open);
    list.append(item);
  }
}

export async function replay(game, token) {
  const reply = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game, token }) });
  const data = await reply.json();
  if (!reply.ok) { toast(data.error); return; }
  let step = 0;
  $("replay").hidden = false;
  $("replay-title").textContent = `${data.sheet.labels.join(" – ")} · ${data.rules}`;
  const draw = () => {
    const frame = data.frames[step];
    $("replay-step").textContent = `${t("Hand")} ${frame.hand} · ${step + 1}/${data.frames.length}`;
    $("replay-move").textContent = frame.move || "";
    const board = $("replay-board");
    board.replaceChildren();
    const names = frame.seats.map((seat) => data.names[seat]); // who holds the frame's two hands
    frame.hands.forEach((hand, player) => {
      const title = document.createElement("h3");
      title.textContent = names[player];
      board.append(title, cardRow(hand));
    });
    if (frame.pile_top) board.append(Object.assign(document.createElement("h3"), { textContent: t("Discard pile") }), cardRow([frame.pile_top]));
    if (frame.result) board.append(settlementBoard(frame.result, names));
  };
  $("replay-prev").onclick = () => { step = Math.max(0, step - 1); draw(); };
  $("replay-next").onclick = () => { step = Math.min(data.frames.length - 1, step + 1); draw(); };
  draw();
}
