"""The plain line mode: the game in words on stdout, actions in notation on stdin.

Made for screen readers and scripts: no colours, no cursor movement, one question at a time.
Anything not allowed gets a one-line answer and the question again; end of input and Ctrl+C
save and exit, saying how to resume.
"""

from __future__ import annotations

from typing import TextIO

from ginrummy.cli import command_name
from ginrummy.core.actions import Action, Kind, parse_action
from ginrummy.core.cards import pretty_card
from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator, translator
from ginrummy.store import StaleMatchError
from ginrummy.tui import rules_summary
from ginrummy.tui.coach import hint_text
from ginrummy.tui.narrator import Ending, Narrator, ending_lines
from ginrummy.tui.scoresheet import race_lines, sheet_lines
from ginrummy.tui.seats import (
    hand_title,
    is_partnership,
    other_table_line,
    seat_name,
    teams_line,
)
from ginrummy.tui.session import GameSession
from ginrummy.tui.words import (
    SORT_ORDERS,
    action_words,
    arrange,
    cards_text,
    command_word,
    opponent_label,
    player_name,
    prompt,
    refusal_text,
    rules_text,
    show_choice,
    sort_word,
    sort_words,
    to_notation,
)

COMMANDS = ("help", "hint", "rules", "score", "seen", "sort", "why", "quit")
SHORT_COMMANDS = {"c": "score"}  # the full-screen game's key for the score sheet


class PlainGame:
    """One plain-mode session reading ``stdin`` and writing ``stdout``."""

    def __init__(self, session: GameSession, *, stdin: TextIO, stdout: TextIO) -> None:
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.lang = session.settings.lang
        self._: Translator = translator(self.lang)
        self.order = "melds"
        self.refused: GinRummyError | None = None  # the last refusal, for ``why``
        self.narrator = Narrator(session, self._, title=self.hand_title)

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, question: str) -> str | None:
        """A line of input, or None at the end of input."""
        self.stdout.write(question + "\n> ")
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.strip()

    def run(self) -> int:
        """Play until the match ends, quit or end of input (0), or Ctrl+C (130, after saving)."""
        try:
            return self._play()
        except StaleMatchError:  # another window saved the match since: leave it to that one
            self.say(self._("Not saved here: this match is open elsewhere. Resume it with: "
                            "{command} play --resume {id}").format(
                command=command_name(), id=self.session.match_id))
            return 2
        except KeyboardInterrupt:
            self.say()  # end the line the ^C interrupted
            try:
                self.session.save()  # a move made but not yet saved when the key came
            except GinRummyError as error:
                self.say(str(error))
                return 130
            self.saved()
            return 130

    def _play(self) -> int:
        _ = self._
        session = self.session
        if session.players == 2:
            self.say(_("Gin Rummy against the computer ({opponent}), rules: {rules}.").format(
                opponent=opponent_label(session.settings.opponent, _),
                rules=rules_text(session.match.rules, _)))
        else:
            self.say(_("Gin Rummy, {players} players: you and the computers ({opponent}), "
                       "rules: {rules}.").format(players=session.players,
                                                 opponent=opponent_label(
                                                     session.settings.opponent, _),
                                                 rules=rules_text(session.match.rules, _)))
            if is_partnership(session):
                self.say(teams_line(session, _))
        self.say(_("Type an action (draw stock, draw pile, discard KD, knock 7C, gin 7C, take, "
                   "pass) or help, hint, score, quit."))
        while True:
            list(session.computer_moves())
            lines, ending = self.narrator.news()
            for line in lines:
                self.tell(line)
            if ending is not None:
                if not self.finish_hand(ending):
                    return self.saved()
                if session.match.is_over:
                    return 0
                continue
            if not self.turn(session.view):
                return self.saved()

    def tell(self, line: str) -> None:
        self.say(line)

    def hand_title(self) -> list[str]:
        """A blank line, then the hand: its number, who plays it, the knock limit."""
        _ = self._
        session = self.session
        view = self.narrator.watcher_view()
        if session.players == 2:
            return ["", _("Hand {n}. Dealer: {dealer}. Knock limit: {limit}.").format(
                n=session.match.deal_number, dealer=player_name(view.dealer, view, _),
                limit=view.knock_limit)]
        lines = ["", f"{hand_title(session, _)} "
                 + _("Knock limit: {limit}.").format(limit=view.knock_limit)]
        if session.other_tables():
            lines.append(other_table_line(session, _))
        return lines

    def describe(self, view: PlayerView) -> None:
        _ = self._
        groups = arrange(view.hand_mask, self.order)
        shown = "  ".join(f"[{cards_text(g.cards)}]" if g.is_meld else cards_text(g.cards)
                          for g in groups)
        self.say(_("Your hand: {cards}. Deadwood: {points}.").format(
            cards=shown, points=view.arrangement().deadwood))
        top = pretty_card(view.pile_top) if view.pile_top is not None else _("empty")
        self.say(_("Discard pile: {top}. Stock: {n} cards.").format(top=top, n=view.stock_size))
        took = view.opponent_took()
        if took:
            if self.session.players == 2:
                self.say(_("The computer has taken from the pile: {cards}.").format(
                    cards=cards_text(took)))
            else:
                opponent = self.session.watched.seats[view.opponent]
                self.say(_("{name} has taken from the pile: {cards}.").format(
                    name=seat_name(opponent, self.session.players, _), cards=cards_text(took)))
        if self.session.settings.memory_aid:
            self.tell_seen(view)
        if self.session.other_tables():
            self.say(other_table_line(self.session, _))

    def tell_seen(self, view: PlayerView) -> None:
        self.say(self._("Discards seen: {cards}.").format(
            cards=cards_text(view.discards_seen()) or "-"))

    def turn(self, view: PlayerView) -> bool:
        """Ask for the person's action until one is legal; False at quit or end of input."""
        _ = self._
        self.describe(view)
        while True:
            legal = ", ".join(action_words(a, self.lang) for a in view.legal_actions
                              if a.kind is not Kind.DISCARD)
            question = prompt(view, _)
            if view.phase is Phase.DISCARD:
                question += " " + _("(discard CARD)")
            line = self.ask(f"{question} {legal}".rstrip())
            if line is None:
                return False
            if not line:
                continue
            word, _sep, rest = line.lower().partition(" ")
            word = SHORT_COMMANDS.get(word) or command_word(word, self.lang)
            if word in COMMANDS:
                if word == "quit":
                    return False
                self.command(word, rest.strip(), view)
                continue
            try:
                action = self.read_action(line, view, self.lang)
            except GinRummyError as error:
                self.refuse(error)
                continue
            if self.has_show_choice(action, view):
                chosen = self.ask_show(action, view)
                if chosen is None:
                    return False
                action = chosen
            try:
                self.session.play(action)
                return True
            except StaleMatchError:
                raise  # not a refused move: the match is no longer this window's to play
            except GinRummyError as error:
                self.refuse(error)

    def refuse(self, error: GinRummyError) -> None:
        """One line in the player's language; ``why`` tells the rule it names."""
        self.refused = error
        self.say(self._("Not allowed: {reason}").format(reason=refusal_text(error, self._)))

    @staticmethod
    def read_action(line: str, view: PlayerView, lang: str = "en") -> Action:
        """Action notation, or the same in ``lang``'s words (``kast KD``); a bare card in the
        discard phase means discarding it."""
        if view.phase is Phase.DISCARD and " " not in line.strip():
            try:
                return parse_action(f"discard {line}")
            except GinRummyError:
                pass
        try:
            return parse_action(to_notation(line, lang))
        except IllegalActionError as error:
            if error.code == "not_an_action":  # quote what was typed, not its English
                error.params["text"] = line.strip()
            raise

    @staticmethod
    def has_show_choice(action: Action, view: PlayerView) -> bool:
        """A legal knock that names no melds where more than one is worth showing (§6.2)."""
        return (action.kind is Kind.KNOCK and action.show is None and view.allows(action)
                and len(view.show_options(action.card)) > 1)

    def ask_show(self, action: Action, view: PlayerView) -> Action | None:
        """The numbered showings, then the person's pick: Enter takes the default, a number
        another. None at quit or end of input."""
        _ = self._
        assert action.card is not None
        options = view.show_options(action.card)
        self.say(_("Knock, throwing {card} face down: which melds do you show?").format(
            card=pretty_card(action.card)))
        for number, option in enumerate(options, start=1):
            head, layoffs = show_choice(view, option, action.card, _)
            default = f" ({_('default')})" if number == 1 else ""
            self.say(f"{number}. {head}{default}. {layoffs}")
        question = _("Press Enter for 1, or type a number from 1 to {n}.").format(n=len(options))
        while True:
            line = self.ask(question)
            if line is None or self.is_quit(line):
                return None
            if not line:
                return action.with_show(options[0].melds)
            if line.isdigit() and 1 <= int(line) <= len(options):
                return action.with_show(options[int(line) - 1].melds)
            self.say(_("Not a choice: type a number from 1 to {n}, or press Enter for 1.")
                     .format(n=len(options)))

    def command(self, word: str, rest: str, view: PlayerView) -> None:
        _ = self._
        if word == "help":
            self.say(_("Actions: take, pass, draw stock, draw pile, discard CARD, knock CARD, "
                       "gin CARD, big gin. Cards: rank A 2-9 T J Q K then suit C D H S, like "
                       "KD or 10h. A card alone discards it."))
            self.say(_("Commands: hint, score, rules, seen (memory aid), sort melds|rank|suit, "
                       "help, quit (the match is saved; resume with --resume)."))
            self.say(_("A knock may name the melds it shows: knock 7C show AC 2C 3C | 2S 3S 4S "
                       "5S. Without them you are asked when there is a choice."))
            self.say(_("After a refusal, why tells the rule it names."))
            self.say(_("New to the game? ginrummy play --tutorial plays a guided hand."))
        elif word == "hint":
            self.say(hint_text(view, self.lang, _))
        elif word == "rules":
            self.say(rules_summary.rules_text(self.lang, self.session.match.rules))
        elif word == "score":
            for line in sheet_lines(self.session, _):
                self.say(line)
        elif word == "seen":
            self.tell_seen(view)
        elif word == "why":
            self.why()
        elif sort_word(rest, self.lang) in SORT_ORDERS:
            self.order = sort_word(rest, self.lang)
            self.describe(view)
        else:
            self.say(_("Sort by one of: {orders}.").format(
                orders=", ".join(sort_words(self.lang))))

    def why(self) -> None:
        """The rule behind the last refusal: refusals leave clause numbers out unless asked."""
        _ = self._
        rule = self.refused.params.get("rule") if self.refused is not None else None
        if rule is None:
            self.say(_("No rule to tell: nothing refused names one."))
        else:
            self.say(_("That is rule {rule} of the game's rules (RULES.md).").format(rule=rule))

    def is_quit(self, line: str) -> bool:
        return command_word(line.lower(), self.lang) == "quit"

    def finish_hand(self, ending: Ending) -> bool:
        """Tell the result and the score; ask to go on. False at quit or end of input."""
        _ = self._
        session = self.session
        if session.sits_out:
            line = self.ask(_("The hand is over. Press Enter for the result (or type quit)."))
            if line is None or self.is_quit(line):
                return False
        for line in ending_lines(session, ending, _):
            self.say(line)
        if session.match.is_over:  # the whole score sheet, as kept on paper
            for line in sheet_lines(session, _):
                self.say(line)
            return True
        for line in [*race_lines(session, _), _("score: the whole score sheet")]:
            self.say(line)
        line = self.ask(_("Press Enter for the next hand (or type quit)."))
        if line is None or self.is_quit(line):
            return False
        if session.match.deal_over:
            session.next_deal()
        return True

    def saved(self) -> int:
        self.say(self._("Match saved. Resume it with: {command} play --resume {id}").format(
            command=command_name(), id=self.session.match_id))
        return 0
