"""The coach's phrases in English, Norwegian (bokmål) and Swedish, in RULES.md's vocabulary.

Each phrase is a ``str.format`` template; ``{card}`` and ``{other}`` are cards with suit symbols.
"""

from __future__ import annotations

LANGUAGES = ("en", "nb", "sv")

MELD_KINDS = {
    "en": {"run": "run", "set": "set"},
    "nb": {"run": "sekvens", "set": "gruppe"},
    "sv": {"run": "sekvens", "set": "set"},
}

CONJUNCTIONS = {  # joining a second clause that agrees with the first, or one that warns
    "en": {"and": ", and ", "but": ", but "},
    "nb": {"and": ", og ", "but": ", men "},
    "sv": {"and": ", och ", "but": ", men "},
}

ACTIONS = {
    "en": {
        "take": "take the upcard {card}",
        "pass": "pass",
        "draw stock": "draw from the stock",
        "draw pile": "take {card} from the discard pile",
        "discard": "discard {card}",
        "knock": "knock, throwing {card}",
        "gin": "go gin, throwing {card}",
        "big gin": "declare big gin",
        "let die": "let the hand end",
    },
    "nb": {
        "take": "ta det åpne kortet {card}",
        "pass": "stå over",
        "draw stock": "trekk fra bunken",
        "draw pile": "ta {card} fra kastehaugen",
        "discard": "kast {card}",
        "knock": "bank og kast {card}",
        "gin": "gå gin og kast {card}",
        "big gin": "meld big gin",
        "let die": "la given ende",
    },
    "sv": {
        "take": "ta uppkortet {card}",
        "pass": "passa",
        "draw stock": "dra från talongen",
        "draw pile": "ta {card} från slänghögen",
        "discard": "släng {card}",
        "knock": "knacka och släng {card}",
        "gin": "gå gin och släng {card}",
        "big gin": "deklarera big gin",
        "let die": "låt given ta slut",
    },
}

REASONS = {  # every number in a reason is one the expert computed for the move it explains
    "en": {
        "as_good": "about as good as {other}",
        "only_move": "the only move allowed here",
        "highest_loose": "highest loose card",
        "loose": "a loose card worth {value}",
        "breaks_meld": "it breaks up a meld",
        "leaves": "it leaves deadwood {deadwood}, about {outlook} expected after your next draw",
        "better_outlook": "better than {other}, which leaves {other_deadwood} now but about "
                          "{other_outlook} after the next draw",
        "feeds_less": "{other} would leave {other_deadwood}, but the opponent would more likely "
                      "use it",
        "played_out": "{other} would leave {other_deadwood}, but played out on sampled deals "
                      "this throw ends better",
        "behind": "{other} is worth {gap} deadwood points more, counting the draws to come",
        "safe": "the opponent is unlikely to use it (chance {percent}%)",
        "risky": "the opponent may well use it (chance {percent}%)",
        "opp_took": "the opponent took {other}, which this card may fit (chance {percent}%)",
        "play_on": "playing on is expected to pay more than knocking now",
        "knock": "your deadwood is {deadwood}, within the knock limit {limit}",
        "knock_pays": "knocking now is expected to pay more than playing on",
        "play_on_pays": "playing on is expected to pay more",
        "knock_safe": "an undercut is unlikely (chance {percent}%)",
        "knock_risky": "the opponent may undercut you (chance {percent}%)",
        "show": "lay down {melds} rather than {default}: against the hands the opponent "
                "probably holds it scores more",
        "gin": "all ten cards are in melds: gin bonus {bonus}",
        "big_gin": "all eleven cards are in melds: big gin bonus {bonus}",
        "joins_meld": "it makes a {kind} with {cards}",
        "deadwood_down": "it lowers your deadwood from {before} to {after}",
        "deadwood_same": "your deadwood stays {before} for now",
        "deadwood_up": "for now your deadwood goes up from {before} to {after}",
        "take_worth": "counting the draws to come it is worth {gap} deadwood points more than a "
                      "stock draw",
        "stock_worth": "a stock draw is worth {gap} deadwood points more, counting the draws to "
                       "come",
        "card_worth_less": "an unknown card is worth {gap} deadwood points more than {card}, "
                           "counting the draws to come",
        "gives_up": "it gives up {card}, worth {gap} deadwood points more than a stock draw",
        "about_even": "the face-up card and a stock draw are worth about the same",
        "last_chance": "it lets you knock before the hand dies",
        "let_die": "knocking now would not pay, so nobody scores",
    },
    "nb": {
        "as_good": "omtrent like godt som {other}",
        "only_move": "det eneste lovlige trekket her",
        "highest_loose": "høyeste løse kort",
        "loose": "et løst kort verdt {value}",
        "breaks_meld": "det bryter en kombinasjon",
        "leaves": "det gir dødvekt {deadwood}, ventet rundt {outlook} etter neste trekk",
        "better_outlook": "bedre enn {other}, som gir {other_deadwood} nå, men rundt "
                          "{other_outlook} etter neste trekk",
        "feeds_less": "{other} ville gitt {other_deadwood}, men motstanderen har lettere bruk "
                      "for det",
        "played_out": "{other} ville gitt {other_deadwood}, men spilt ut på tilfeldige giv ender "
                      "dette kastet bedre",
        "behind": "{other} er verdt {gap} dødvektpoeng mer når de neste trekkene regnes med",
        "safe": "motstanderen har neppe bruk for det (sjanse {percent} %)",
        "risky": "motstanderen kan godt ha bruk for det (sjanse {percent} %)",
        "opp_took": "motstanderen tok {other}, som kortet kan passe med (sjanse {percent} %)",
        "play_on": "å spille videre ventes å lønne seg mer enn å banke nå",
        "knock": "dødvekten din er {deadwood}, innenfor grensen for å banke ({limit})",
        "knock_pays": "å banke nå ventes å lønne seg mer enn å spille videre",
        "play_on_pays": "å spille videre ventes å lønne seg mer",
        "knock_safe": "undercut er lite sannsynlig (sjanse {percent} %)",
        "knock_risky": "motstanderen kan gi deg undercut (sjanse {percent} %)",
        "show": "legg ned {melds} i stedet for {default}: mot hendene motstanderen trolig "
                "har, gir det flere poeng",
        "gin": "alle ti kortene er i kombinasjoner: ginbonus {bonus}",
        "big_gin": "alle elleve kortene er i kombinasjoner: big gin-bonus {bonus}",
        "joins_meld": "det danner en {kind} med {cards}",
        "deadwood_down": "det senker dødvekten fra {before} til {after}",
        "deadwood_same": "dødvekten blir {before} foreløpig",
        "deadwood_up": "foreløpig øker dødvekten fra {before} til {after}",
        "take_worth": "når de neste trekkene regnes med, er det verdt {gap} dødvektpoeng mer "
                      "enn et kort fra bunken",
        "stock_worth": "et kort fra bunken er verdt {gap} dødvektpoeng mer når de neste "
                       "trekkene regnes med",
        "card_worth_less": "et ukjent kort er verdt {gap} dødvektpoeng mer enn {card} når de "
                           "neste trekkene regnes med",
        "gives_up": "du gir fra deg {card}, som er verdt {gap} dødvektpoeng mer enn et kort "
                    "fra bunken",
        "about_even": "det åpne kortet og et kort fra bunken er omtrent like mye verdt",
        "last_chance": "det lar deg banke før given dør",
        "let_die": "å banke nå lønner seg ikke, så ingen får poeng",
    },
    "sv": {
        "as_good": "ungefär lika bra som {other}",
        "only_move": "det enda tillåtna draget här",
        "highest_loose": "högsta lösa kortet",
        "loose": "ett löst kort värt {value}",
        "breaks_meld": "det bryter en kombination",
        "leaves": "det ger skrot {deadwood}, väntat runt {outlook} efter nästa drag",
        "better_outlook": "bättre än {other}, som ger {other_deadwood} nu men runt "
                          "{other_outlook} efter nästa drag",
        "feeds_less": "{other} skulle ge {other_deadwood}, men motståndaren har lättare nytta "
                      "av det",
        "played_out": "{other} skulle ge {other_deadwood}, men utspelat på slumpade givar "
                      "slutar det här kastet bättre",
        "behind": "{other} är värt {gap} skrotpoäng mer när de kommande dragen räknas med",
        "safe": "motståndaren har knappast nytta av det (chans {percent} %)",
        "risky": "motståndaren kan mycket väl ha nytta av det (chans {percent} %)",
        "opp_took": "motståndaren tog {other}, som kortet kan passa ihop med (chans {percent} %)",
        "play_on": "att spela vidare väntas löna sig mer än att knacka nu",
        "knock": "ditt skrot är {deadwood}, inom gränsen för att knacka ({limit})",
        "knock_pays": "att knacka nu väntas löna sig mer än att spela vidare",
        "play_on_pays": "att spela vidare väntas löna sig mer",
        "knock_safe": "undercut är osannolikt (chans {percent} %)",
        "knock_risky": "motståndaren kan göra undercut (chans {percent} %)",
        "show": "lägg ned {melds} i stället för {default}: mot de händer motståndaren "
                "troligen har ger det fler poäng",
        "gin": "alla tio korten ingår i kombinationer: ginbonus {bonus}",
        "big_gin": "alla elva korten ingår i kombinationer: big gin-bonus {bonus}",
        "joins_meld": "det bildar en {kind} med {cards}",
        "deadwood_down": "det sänker ditt skrot från {before} till {after}",
        "deadwood_same": "ditt skrot blir {before} tills vidare",
        "deadwood_up": "tills vidare ökar ditt skrot från {before} till {after}",
        "take_worth": "när de kommande dragen räknas med är det värt {gap} skrotpoäng mer än "
                      "ett kort från högen",
        "stock_worth": "ett kort från högen är värt {gap} skrotpoäng mer när de kommande dragen "
                       "räknas med",
        "card_worth_less": "ett okänt kort är värt {gap} skrotpoäng mer än {card} när de "
                           "kommande dragen räknas med",
        "gives_up": "du avstår från {card}, som är värt {gap} skrotpoäng mer än ett kort från "
                    "högen",
        "about_even": "det uppvända kortet och ett kort från högen är ungefär lika mycket värda",
        "last_chance": "det låter dig knacka innan given dör",
        "let_die": "att knacka nu lönar sig inte, så ingen får poäng",
    },
}
