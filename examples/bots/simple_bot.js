#!/usr/bin/env node
// A minimal Gin Rummy bot speaking ginrummy-bot/1 (docs/protocol.md), Node.js with no packages.
//
// Run it in a tournament:  ginrummy tournament "cmd:node examples/bots/simple_bot.js" random
//
// Strategy: go gin or knock as soon as the host offers it; otherwise draw from the stock and
// throw the highest card that has no partner (same rank, or same suit within two ranks).

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

function choose(view, legal) {
  for (const kind of ["big gin", "gin", "knock"]) {
    const finishing = legal.find((action) => action.startsWith(kind));
    if (finishing) return finishing;
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
    reply = { type: "hello", name: "simple-node", protocol: "ginrummy-bot/1", supports: ["decide"] };
  } else if (message.type === "decide") {
    reply = { type: "action", id: message.id, action: choose(message.view, message.legal_actions) };
  } else if (message.type === "quit") {
    process.exit(0);
  }
  if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
});
