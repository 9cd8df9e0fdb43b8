// The lobby (a new match: who sits where, which rules) and the invite panel at the table.
import { $, refusalText, remember, savedGames, t, toast } from "./app.js";

let meta = null;

export async function setUpLobby() {
  meta = await (await fetch("/api/meta")).json();
  const opponent = $("opponent");
  for (const name of meta.computers) opponent.append(new Option(name, name));
  opponent.append(new Option(t("A friend (invite link)"), "friend"));
  labelOpponents();
  opponent.value = meta.computers.includes("standard") ? "standard" : meta.computers[0];
  opponent.onchange = () => { $("friend-name").hidden = opponent.value !== "friend"; };
  const preset = $("preset");
  for (const name of Object.keys(meta.presets)) preset.append(new Option(name, name));
  preset.onchange = () => { fillOptions(meta.presets[preset.value]); fillSeats(meta.presets[preset.value].players); };
  fillOptions(meta.presets[preset.value]);
  fillSeats(meta.presets[preset.value].players);
  const form = $("new-game");
  form.name.value = localStorage.getItem("ginrummy.name") || "";
  form.onsubmit = async (event) => {
    event.preventDefault();
    localStorage.setItem("ginrummy.name", form.name.value);
    const reply = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: form.name.value, rules: preset.value, options: changedOptions(),
                             opponents: [opponent.value, ...[...$("more-seats").querySelectorAll("select")].map((s) => s.value)],
                             friends: [form.friend.value, ...[...$("more-seats").querySelectorAll("input")].map((i) => i.value)] }),
    });
    const data = await reply.json();
    if (!reply.ok) { $("lobby-error").textContent = refusalText(data); return; }
    remember({ game: data.game, token: data.seat, invite: data.invite, invites: data.invites, watch: data.watch });
    location.assign(`/g/${data.game}#${data.seat}`);
  };
}

export function labelOpponents() {
  if (!meta) return; // the lobby has not loaded its choices yet
  for (const select of document.querySelectorAll("#opponent, #more-seats select")) {
    for (const option of select.options) {
      option.textContent = option.value === "friend" ? t("A friend (invite link)") : `${t("Computer")}: ${option.value}`;
    }
  }
  const more = [...$("more-seats").querySelectorAll("label.seat-choice > span")];
  $("opponent-label").textContent = more.length ? t("Player {n}", { n: 2 }) : t("Opponent");
  more.forEach((span, index) => {
    const partner = more.length === 2 && index === 0; // a partnership: seat 3 plays with you
    span.textContent = t("Player {n}", { n: index + 3 }) + (partner ? ` (${t("Partner")})` : "");
  });
}

// Seats 3 and 4 of the three-player and partnership games, each a computer or a friend.
function fillSeats(players) {
  const box = $("more-seats");
  box.replaceChildren();
  for (let seat = 2; seat < players; seat++) {
    const label = document.createElement("label");
    label.className = "seat-choice";
    const select = Object.assign(document.createElement("select"), { name: `opponent-${seat}` });
    for (const option of $("opponent").options) select.append(new Option(option.textContent, option.value));
    select.value = $("opponent").value === "friend" ? meta.computers[0] : $("opponent").value;
    const friend = document.createElement("label");
    friend.hidden = true;
    friend.append(Object.assign(document.createElement("span"), { textContent: t("Friend's name") }),
                  Object.assign(document.createElement("input"), { name: `friend-${seat}`, maxLength: 24 }));
    select.onchange = () => { friend.hidden = select.value !== "friend"; };
    label.append(document.createElement("span"), select);
    box.append(label, friend);
  }
  labelOpponents();
}

const CHOICES = { dealer: ["winner", "alternate", "loser"], oklahoma_ace: ["one", "gin"] };

function fillOptions(options) {
  const box = $("options");
  box.replaceChildren();
  for (const [name, value] of Object.entries(options)) {
    if (name === "players") continue; // the preset decides how many sit at the table
    const label = document.createElement("label");
    const text = document.createElement("span");
    text.dataset.i18n = name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
    text.textContent = t(text.dataset.i18n);
    label.append(text);
    let input;
    if (typeof value === "boolean") {
      input = Object.assign(document.createElement("input"), { type: "checkbox", checked: value });
    } else if (CHOICES[name]) {
      input = document.createElement("select");
      for (const choice of CHOICES[name]) {
        const option = new Option(t(choice), choice);
        option.dataset.i18n = choice;
        input.append(option);
      }
      input.value = value;
    } else {
      input = Object.assign(document.createElement("input"), { type: "number", min: 0, value });
    }
    input.name = name;
    input.dataset.initial = String(value);
    label.prepend(input);
    box.append(label);
  }
}

function changedOptions() {
  const changed = {};
  for (const input of $("options").querySelectorAll("[name]")) {
    const value = input.type === "checkbox" ? String(input.checked) : input.value;
    if (value !== input.dataset.initial) changed[input.name] = value;
  }
  return changed;
}

export function renderInvite(message) {
  const box = $("invite");
  const saved = savedGames().find((g) => g.game === message.game && (g.invite || (g.invites && Object.keys(g.invites).length)));
  box.hidden = !saved || message.sheet.over;
  if (box.hidden) return;
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = t("Invite your friend");
  box.append(title);
  const invites = saved.invites || { 1: saved.invite };
  const links = Object.entries(invites).map(([seat, token]) => [
    message.players.length > 2 ? t("Link for {name}:", { name: message.players[seat].name }) : t("Send this link to your friend:"), token]);
  links.push([t("Watch link (can only watch):"), saved.watch]);
  for (const [label, token] of links) {
    const text = document.createElement("p");
    text.textContent = label;
    const input = Object.assign(document.createElement("input"), { readOnly: true, value: `${location.origin}/g/${message.game}#${token}` });
    input.className = "link";
    input.onclick = () => { input.select(); navigator.clipboard?.writeText(input.value); toast(t("Copied")); };
    box.append(text, input);
  }
  if (Object.keys(invites).some((seat) => !message.players[seat].online)) {
    const wait = document.createElement("p");
    wait.textContent = t("Waiting for your friend to join.");
    box.append(wait);
  }
}
