// The lobby (a new match: who sits where, which rules), the invite panel at the table and the
// screen a link that opens no game gets. Every word is a catalogue msgid, said through t().
import { $, refusalText, remember, savedGames, t, toast } from "./app.js";

let meta = null;

// The computer players, weakest first, each with a name and a line a player understands. A
// computer the server knows but this list does not shows by its own name.
const LEVELS = {
  random: ["Random", "Plays any legal move. For trying out the buttons."],
  beginner: ["Beginner", "Plays like someone new to the game: melds greedily and knocks the moment it can."],
  standard: ["Standard", "A steady player: takes a card only for a meld and knocks at the first chance."],
  "gin-camper": ["Gin hunter", "Goes for gin and knocks only late in the hand."],
  "marjj-style": ["Defender", "Waits for gin and throws cards you cannot use; modelled on a tournament winner."],
  montecarlo: ["Monte Carlo", "Tries each choice by playing the hand out on many imagined deals. Thinks slowly."],
  learned: ["Learned", "A small neural network trained by playing; beats Random, loses to Standard."],
  expert: ["Expert", "The strongest: tracks every card, reads your hand from what you take and throw, and picks its moment to knock."],
  "openspiel-simple": ["OpenSpiel bot", "The simple bot of the OpenSpiel library, for comparison."],
  "rlcard-novice": ["RLCard bot", "The novice bot of the RLCard library, for comparison. Weak."],
};

// The presets: a name and what sets each apart (RULES §8-§9).
const PRESETS = {
  classic: ["Classic", "The usual rules: knock with 10 or less, gin 20, undercut 10, first to 100."],
  modern: ["Modern", "Bigger bonuses (gin and undercut 25, box 25) and big gin allowed."],
  norwegian: ["Norwegian", "Gin 40, undercut 30, 20 for a knock, no box bonus."],
  oklahoma: ["Oklahoma", "The first upcard sets the knock limit; a spade doubles the hand; first to 150."],
  straight: ["Straight gin", "No knocking: a hand ends only with gin."],
  hollywood: ["Hollywood", "Three games scored at once on one sheet."],
  "three-player": ["Three players", "The dealer sits out each hand while the other two play; the loser deals next."],
  partnership: ["Partners, four players", "Two teams of two at two tables; team scores add up, first to 125."],
  eaai: ["Tournament (EAAI)", "The rules of the AI tournament: gin and undercut 25, no game or box bonus."],
};

function ordered(names) {
  const known = Object.keys(LEVELS);
  const rank = (name) => (known.includes(name) ? known.indexOf(name) : known.length);
  return [...names].sort((a, b) => rank(a) - rank(b));
}

function levelName(name) {
  return name === "friend" ? t("A friend (invite link)") : `${t("Computer")}: ${t((LEVELS[name] || [name])[0])}`;
}

function levelAbout(name) {
  if (name === "friend") return t("You get a link to send; your friend plays from their own browser or phone.");
  return LEVELS[name] ? t(LEVELS[name][1]) : "";
}

export function presetName(name) {
  return t((PRESETS[name] || [name])[0]);
}

// A match's rules as its record writes them ("classic target=10") in the page's words.
export function rulesText(rules) {
  const [name, ...changes] = rules.split(" ");
  const changed = changes.map((change) => {
    const [option, value] = change.split("=");
    return `${t(optionLabel(option))} ${t(value)}`;
  });
  return [presetName(name), ...changed].join(" · ");
}

function optionLabel(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export async function setUpLobby() {
  meta = await (await fetch("/api/meta")).json();
  const opponent = $("opponent");
  for (const name of ordered(meta.computers)) opponent.append(new Option(name, name));
  opponent.append(new Option(t("A friend (invite link)"), "friend"));
  opponent.value = meta.computers.includes("standard") ? "standard" : meta.computers[0];
  opponent.onchange = () => {
    $("friend-name").hidden = opponent.value !== "friend";
    labelOpponents();
  };
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
    // Seats are named in the page's language: a computer by its level, anyone unnamed "Player n".
    const opponents = [opponent.value, ...[...$("more-seats").querySelectorAll("select")].map((s) => s.value)];
    const friends = [form.friend.value, ...[...$("more-seats").querySelectorAll("input")].map((i) => i.value)]
      .map((name, index) => name.trim() || t("Player {n}", { n: index + 2 }));
    const reply = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: form.name.value.trim() || t("Player {n}", { n: 1 }), rules: preset.value,
                             options: changedOptions(), opponents, friends,
                             labels: opponents.map((kind) => t((LEVELS[kind] || [kind])[0])) }),
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
    for (const option of select.options) option.textContent = levelName(option.value);
  }
  $("opponent-about").textContent = levelAbout($("opponent").value);
  for (const option of $("preset").options) option.textContent = presetName(option.value);
  $("preset-about").textContent = PRESETS[$("preset").value] ? t(PRESETS[$("preset").value][1]) : "";
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
    text.dataset.i18n = optionLabel(name);
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

// The links for the friends invited to this match; the panel goes once every invited friend
// has taken their seat (remembered, so a friend's later reload does not bring it back).
export function renderInvite(message) {
  const box = $("invite");
  const saved = savedGames().find((g) => g.game === message.game && (g.invite || (g.invites && Object.keys(g.invites).length)));
  const invites = saved ? saved.invites || { 1: saved.invite } : {};
  if (saved && !saved.seated && Object.keys(invites).every((seat) => message.players[seat].online)) {
    remember({ game: saved.game, token: saved.token, seated: true });
    saved.seated = true;
  }
  box.hidden = !saved || saved.seated || message.sheet.over;
  if (box.hidden) return;
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = t("Invite your friend");
  box.append(title);
  const links = Object.entries(invites).map(([seat, token]) => [
    message.players.length > 2 ? t("Link for {name}:", { name: message.players[seat].name }) : t("Send this link to your friend:"), token]);
  links.push([t("Watch link (can only watch):"), saved.watch]);
  for (const [label, token] of links) {
    const text = document.createElement("p");
    text.textContent = label;
    const input = Object.assign(document.createElement("input"), { readOnly: true, value: `${location.origin}/g/${message.game}#${token}` });
    input.className = "link";
    input.setAttribute("aria-label", label);
    input.onclick = () => { input.select(); navigator.clipboard?.writeText(input.value); toast(t("Copied")); };
    box.append(text, input);
  }
  const wait = document.createElement("p");
  wait.textContent = t("Waiting for your friend to join.");
  box.append(wait);
}

// What is wrong with the address, said in the page's language, with the way to a new match.
// data-i18n keeps the words in step when the visitor changes the language.
const PROBLEMS = {
  bad_link: ["This link opens no game",
             "The match may have been deleted, or only part of the link was copied. Ask for the link again, or start a new match."],
  link_incomplete: ["This link is incomplete",
                    "A game link ends with # and a secret code, and this one has none. Copy the whole link, or start a new match."],
  no_page: ["There is no such page", "Check the address, or start a new match."],
};

export function showProblem(code) {
  const [title, text] = PROBLEMS[code] || PROBLEMS.no_page;
  for (const [id, words] of [["problem-title", title], ["problem-text", text]]) {
    const node = $(id);
    node.dataset.i18n = words;
    node.textContent = t(words);
  }
  document.body.dataset.problem = code; // lets tests and styles know which
  for (const id of ["lobby", "history", "table", "problem"]) $(id).hidden = id !== "problem";
}
