// Cards and table objects in words, for screen readers and the card's tooltip, in the page's
// language: "seven of hearts", "sju hjerter", "hjärter sju". The word order is a template in
// the catalogue ("{rank} of {suit}"), so each language says a card the way its players do.
let translate = (text, values = {}) => text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");

const RANK_WORDS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** Speak through the page's catalogue from now on (app.js hands over its t()). */
export function useTranslator(fn) {
  translate = fn;
}

export function say(text, values) {
  return translate(text, values);
}

/** "KS" -> "king of spades" in the page's language. */
export function cardName(code) {
  return translate("{rank} of {suit}", { rank: translate(RANK_WORDS[code[0]]), suit: translate(SUIT_WORDS[code[1]]) });
}

export function cardNames(codes) {
  return codes.map(cardName).join(", ");
}
