#!/usr/bin/env node
// A minimal Gin Rummy bot speaking ginrummy-bot/1 (docs/protocol.md), Node.js with no packages.
//
// Run it in a tournament:  ginrummy tournament "cmd:node examples/bots/simple_bot.js" random
//
// Strategy: go gin or knock as soon as the host offers it, showing the offered arrangement with
// the least deadwood and then the fewest cards for the opponent to lay off (capability "show");
// otherwise draw from the stock and throw the highest card that has no partner (same rank, or
// same suit within two ranks).

"use strict";
const readline = require("readline");

const RANKS = "A23456789TJQK";
const rank = (card) => RANKS.indexOf(card[0]);
const value = (card) => Math.min(rank(card) + 1, 10);

function partners(card, hand) {
  return hand.filter(
    (other) =>
      other !== card &&
      (other[0] === card[0] || (other[1] === card[1] && Math.abs(rank(other) - rank(card)) <= 2))
  ).length;
}

function withShow(action, showOptions) {
  const options = (showOptions || {})[action];
  if (!options) return action;
  const cost = (o) => o.deadwood * 100 + o.layoff_targets.length;
  const best = options.reduce((a, b) => (cost(b) < cost(a) ? b : a));
  return action + " show " + best.melds.map((meld) => meld.join(" ")).join(" | ");
}

function choose(view, legal, showOptions) {
  for (const kind of ["big gin", "gin", "knock"]) {
    const finishing = legal.find((action) => action.startsWith(kind));
    if (finishing) return withShow(finishing, showOptions);
  }
  if (legal.includes("pass") && !legal.some((a) => a.startsWith("discard"))) return "pass";
  if (legal.includes("draw stock")) return "draw stock";
  const discards = legal.filter((action) => action.startsWith("discard "));
  if (discards.length === 0) return legal[0];
  const cost = (action) => {
    const card = action.slice(-2);
    return partners(card, view.hand) * 100 - value(card);
  };
  return discards.reduce((best, action) => (cost(action) < cost(best) ? action : best));
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  let reply = null;
  if (message.type === "hello") {
    reply = { type: "hello", name: "simple-node", protocol: "ginrummy-bot/1",
              supports: ["decide", "show"] };
  } else if (message.type === "decide") {
    const action = choose(message.view, message.legal_actions, message.show_options);
    reply = { type: "action", id: message.id, action: action };
  } else if (message.type === "quit") {
    process.exit(0);
  }
  if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
});
