"""The coach's phrases in English, Norwegian (bokmål) and Swedish, in RULES.md's vocabulary.

Each phrase is a ``str.format`` template; ``{card}`` and ``{other}`` are cards with suit symbols.
"""

from __future__ import annotations

LANGUAGES = ("en", "nb", "sv")

SUIT_NAMES = {  # by suit index: clubs, diamonds, hearts, spades
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "nb": ("kløver", "ruter", "hjerter", "spar"),
    "sv": ("klöver", "ruter", "hjärter", "spader"),
}

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

REASONS = {
    "en": {
        "highest_loose": "highest loose card",
        "loose": "a loose card worth {value}",
        "breaks_meld": "it breaks up a meld, yet leaves the least deadwood ({deadwood})",
        "breaks_meld_costly": "it breaks up a meld, leaving deadwood {deadwood}",
        "no_interest": "the opponent has shown no interest in {suit}",
        "opp_threw": "the opponent threw {other}, so it is probably safe",
        "opp_took": "the opponent took {other}, which this card may fit",
        "knock": "your deadwood is {deadwood}, within the knock limit {limit}",
        "knock_safe": "so low that an undercut is unlikely",
        "knock_risky": "the opponent may undercut you",
        "show": "lay down {melds} rather than {default}: against the hands the opponent "
                "probably holds it scores more",
        "gin": "all ten cards are in melds: gin bonus {bonus}",
        "big_gin": "all eleven cards are in melds: big gin bonus {bonus}",
        "joins_meld": "it makes a {kind} with {cards}",
        "lowers": "it lowers your deadwood from {before} to {after}",
        "no_help": "it neither makes a meld nor lowers your deadwood",
        "no_fit": "{card} fits none of your melds",
        "not_enough": "{card} is likely to help less than an unknown card",
        "gives_up": "it gives up {card}, which would help your hand",
        "last_chance": "it lets you knock before the hand dies",
        "let_die": "knocking now would not pay, so nobody scores",
    },
    "nb": {
        "highest_loose": "høyeste løse kort",
        "loose": "et løst kort verdt {value}",
        "breaks_meld": "det bryter en kombinasjon, men gir minst dødvekt ({deadwood})",
        "breaks_meld_costly": "det bryter en kombinasjon og gir dødvekt {deadwood}",
        "no_interest": "motstanderen har ikke vist interesse for {suit}",
        "opp_threw": "motstanderen kastet {other}, så det er trolig trygt",
        "opp_took": "motstanderen tok {other}, som kortet kan passe med",
        "knock": "dødvekten din er {deadwood}, innenfor grensen for å banke ({limit})",
        "knock_safe": "så lavt at undercut er lite sannsynlig",
        "knock_risky": "motstanderen kan gi deg undercut",
        "show": "legg ned {melds} i stedet for {default}: mot hendene motstanderen trolig "
                "har, gir det flere poeng",
        "gin": "alle ti kortene er i kombinasjoner: ginbonus {bonus}",
        "big_gin": "alle elleve kortene er i kombinasjoner: big gin-bonus {bonus}",
        "joins_meld": "det danner en {kind} med {cards}",
        "lowers": "det senker dødvekten fra {before} til {after}",
        "no_help": "det danner ingen kombinasjon og senker ikke dødvekten",
        "no_fit": "{card} passer ikke i noen kombinasjon",
        "not_enough": "{card} hjelper trolig mindre enn et ukjent kort fra bunken",
        "gives_up": "du gir fra deg {card}, som ville hjulpet hånden",
        "last_chance": "det lar deg banke før given dør",
        "let_die": "å banke nå lønner seg ikke, så ingen får poeng",
    },
    "sv": {
        "highest_loose": "högsta lösa kortet",
        "loose": "ett löst kort värt {value}",
        "breaks_meld": "det bryter en kombination men ger minst skrot ({deadwood})",
        "breaks_meld_costly": "det bryter en kombination och ger skrot {deadwood}",
        "no_interest": "motståndaren har inte visat intresse för {suit}",
        "opp_threw": "motståndaren slängde {other}, så det är troligen säkert",
        "opp_took": "motståndaren tog {other}, som kortet kan passa ihop med",
        "knock": "ditt skrot är {deadwood}, inom gränsen för att knacka ({limit})",
        "knock_safe": "så lågt att undercut är osannolikt",
        "knock_risky": "motståndaren kan göra undercut",
        "show": "lägg ned {melds} i stället för {default}: mot de händer motståndaren "
                "troligen har ger det fler poäng",
        "gin": "alla tio korten ingår i kombinationer: ginbonus {bonus}",
        "big_gin": "alla elva korten ingår i kombinationer: big gin-bonus {bonus}",
        "joins_meld": "det bildar en {kind} med {cards}",
        "lowers": "det sänker ditt skrot från {before} till {after}",
        "no_help": "det bildar ingen kombination och sänker inte ditt skrot",
        "no_fit": "{card} passar inte i någon kombination",
        "not_enough": "{card} hjälper troligen mindre än ett okänt kort från talongen",
        "gives_up": "du avstår från {card}, som skulle hjälpa din hand",
        "last_chance": "det låter dig knacka innan given dör",
        "let_die": "att knacka nu lönar sig inte, så ingen får poäng",
    },
}
