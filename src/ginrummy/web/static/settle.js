// The settlement worked out for the reader: both hands as melds and deadwood, the layoffs drawn
// onto each meld as it stood when the card was laid (a run grows as cards are laid off), and
// the points line by line. Pure functions of the result the server sends.
import { pretty, rankIndex } from "./cards.js";
import { say as t } from "./speech.js";

const isSet = (meld) => meld.every((code) => code[0] === meld[0][0]);
const key = (codes) => [...codes].sort().join(" ");

function order(meld) {
  if (!isSet(meld)) meld.sort((a, b) => rankIndex(a) - rankIndex(b));
  return meld;
}

function fits(meld, card) {
  if (isSet(meld)) return card[0] === meld[0][0];
  const ranks = meld.map(rankIndex);
  const rank = rankIndex(card);
  return card[1] === meld[0][1] && (rank === Math.min(...ranks) - 1 || rank === Math.max(...ranks) + 1);
}

/**
 * The layoffs in an order they could be laid, each with the meld as it stood then (``onto``)
 * and the meld's index; and the knocker's melds grown by them. The server names the meld as it
 * was shown; "7♠ onto 9♠ 10♠ J♠" after 8♠ was laid is really onto 8♠-J♠.
 */
export function layoffsAsTheyStood(knockerMelds, layoffs) {
  const melds = knockerMelds.map((meld) => order([...meld]));
  const indexOf = new Map(knockerMelds.map((meld, index) => [key(meld), index]));
  const pending = [...layoffs];
  const laid = [];
  while (pending.length) {
    const ready = pending.findIndex((lay) => indexOf.has(key(lay.onto)) && fits(melds[indexOf.get(key(lay.onto))], lay.card));
    const [lay] = pending.splice(Math.max(ready, 0), 1);
    const index = indexOf.get(key(lay.onto));
    if (index === undefined) { laid.push({ card: lay.card, onto: lay.onto, meld: null }); continue; }
    laid.push({ card: lay.card, onto: [...melds[index]], meld: index });
    melds[index].push(lay.card);
    order(melds[index]);
  }
  return { laid, melds };
}

/**
 * A table player's hand at settlement as groups to draw: {cards, kind: "meld" | "loose" |
 * "knock", laid: cards others laid off onto it}. Without a settlement (a dead hand) the hand
 * as it was.
 */
export function handGroups(result, knockCard, player) {
  const settlement = result.settlement;
  if (!settlement || result.knocker === null) return [{ cards: result.hands[player], kind: "plain", laid: [] }];
  const knocker = player === result.knocker;
  const part = knocker ? settlement.knocker : settlement.defender;
  const groups = [];
  if (knocker) {
    const { laid, melds } = layoffsAsTheyStood(settlement.knocker.melds, settlement.defender.layoffs || []);
    melds.forEach((meld, index) => groups.push({ cards: meld, kind: "meld", laid: laid.filter((l) => l.meld === index).map((l) => l.card) }));
  } else {
    for (const meld of part.melds) groups.push({ cards: meld, kind: "meld", laid: [] });
  }
  if (part.deadwood_cards.length) groups.push({ cards: part.deadwood_cards, kind: "loose", laid: [] });
  if (knocker && knockCard) groups.push({ cards: [knockCard], kind: "knock", laid: [] });
  return groups;
}

/** "7♠ onto 8♠ 9♠ 10♠ J♠" for each layoff, in the order they were laid. */
export function layoffLines(settlement) {
  const { laid } = layoffsAsTheyStood(settlement.knocker.melds, settlement.defender.layoffs || []);
  return laid.map((lay) => t("{card} onto {meld}", { card: pretty(lay.card), meld: lay.onto.map(pretty).join(" ") }));
}

/**
 * The points worked out, one line per step: "Deadwood 15 − 6 = 9", a bonus, the multiplier,
 * and the box the winner earns. The bonus is what the points hold beyond the deadwood (so it
 * is right for every preset); the box comes from the rules the server sends, when it does.
 */
export function pointsLines(result, multiplier = 1, bonuses = null) {
  const settlement = result.settlement;
  if (!settlement || result.winner === null) return [];
  const knocker = settlement.knocker.deadwood;
  const defender = settlement.defender.deadwood;
  const lines = [];
  const base = result.points / Math.max(multiplier, 1);
  if (result.outcome === "gin" || result.outcome === "big_gin") {
    const bonus = base - defender;
    const label = result.outcome === "gin" ? "Gin bonus {bonus} + deadwood {deadwood} = {sum}" : "Big gin bonus {bonus} + deadwood {deadwood} = {sum}";
    lines.push(t(label, { bonus, deadwood: defender, sum: base }));
  } else {
    const [high, low] = result.outcome === "undercut" ? [knocker, defender] : [defender, knocker];
    const difference = high - low;
    lines.push(t("Deadwood {high} − {low} = {difference}", { high, low, difference }));
    const bonus = base - difference;
    if (bonus) {
      const label = result.outcome === "undercut" ? "Undercut bonus {bonus}: {difference} + {bonus} = {sum}" : "Knock bonus {bonus}: {difference} + {bonus} = {sum}";
      lines.push(t(label, { bonus, difference, sum: base }));
    }
  }
  if (multiplier > 1) lines.push(t("× {multiplier} = {points}", { multiplier, points: result.points }));
  if (bonuses && bonuses.box_bonus) lines.push(t("Box {box} (counted at the end of the match)", { box: bonuses.box_bonus }));
  return lines;
}
