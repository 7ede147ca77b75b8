"""The rules written for players, for the options of one match (pure text, no pygame).

The words follow ``rules.md``; each paragraph asks the options what it should say, so the
screen always describes the game being played. The closing list shows every option with the
engine's own label and explanation (``options.describe``), the same words the new-game screen
uses. Suit symbols in the text are drawn as the cards' shapes by ``theme.text``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.options import (
    CardValues,
    Discards,
    Opener,
    PileTake,
    RuleOptions,
    StockOut,
    describe,
)


@dataclass(frozen=True, slots=True)
class Para:
    """One block of the rules: a heading, a paragraph or a bullet point."""

    style: str
    """"h" heading, "p" paragraph, "li" bullet."""
    text: str


VALUE_NAMES = {
    PileTake.NEW_SET: "New set: top card + 2 from hand",
    PileTake.NEW_MELD: "New set or run with the top card",
    PileTake.USE_TOP: "Use the top card at once",
    StockOut.RESHUFFLE_ONCE: "Reshuffle once, then the hand ends",
    StockOut.TURN_OVER: "Turn the pile over (3 times)",
    StockOut.BLOCKED: "Hand ends after the last card",
    Opener.MATCH_SEAT: "The match's first seat",
    Opener.DEAL_PASSES_LEFT: "Left of the dealer; deal passes",
    Opener.WINNER_DEALS: "Left of the dealer; winner deals",
    Opener.IN_TURN: "Each seat in turn",
    Discards.PILE: "On the pile",
    Discards.OFFERED: "Offered to the others",
    CardValues.OKLAHOMA: "Oklahoma",
    CardValues.SEVEN_HAND: "Seven-hand",
}
"""Short names of the options' enum values, for buttons and the list below."""


def value_text(value) -> str:
    """An option value as a player reads it."""
    if value is None:
        return "No limit"
    if value is True:
        return "On"
    if value is False:
        return "Off"
    if isinstance(value, tuple):
        return ", ".join(f"{v:,}" for v in value)
    if value in VALUE_NAMES:
        return VALUE_NAMES[value]
    return f"{value:,}" if isinstance(value, int) else str(value)


def _h(text):
    return Para("h", text)


def _p(text):
    return Para("p", text)


def _li(text):
    return Para("li", text)


def rules_text(o: RuleOptions) -> list[Para]:
    """The whole rules for options ``o``, in reading order."""
    offered = o.discards is Discards.OFFERED
    if o.target is None:
        aim = (f"Exactly {o.hand_limit} hands are played; the highest total wins the match"
               + (" (with partnerships, the higher team total)" if o.partnerships else "")
               + "; an exact tie goes to the lower-numbered seat"
               + ("'s team." if o.partnerships else "."))
    else:
        aim = (f"Hands are played until someone has {o.target:,} points or more at the end "
               "of a hand; the highest total wins the match.")
    out = [_h("The aim"),
           _p("Lay cards on the table in melds for points, and empty your hand. " + aim)]
    if offered:
        out.append(_p("This is seven-hand Arlington: there is no discard pile, each discard "
                      "is offered to the other players instead, and the bonus for going out "
                      "grows from hand to hand."))
    if o.hand_limit is not None and o.target is not None:
        out.append(_p(f"A match also ends after {o.hand_limit} hands, so it always finishes."))

    decks = "Two 52-card decks are shuffled together"
    if o.jokers:
        decks += f", with {o.jokers} joker{'s' if o.jokers > 1 else ''}"
    teams = (" With partnerships, four players play as two teams: seats 1 and 3 against "
             "seats 2 and 4, partners' scores added." if o.partnerships else "")
    stock = ("The rest is the stock, face down. There is no upcard and no discard pile."
             if offered else "The rest is the stock, face down; its top card is turned up "
             "to start the discard pile.")
    out += [_h("Cards and the deal"),
            _p(f"{decks}. {o.min_players} to {o.max_players} players each play for "
               f"themselves, in seat order.{teams} Everyone gets 13 cards (12 each at eight "
               f"players). {stock}")]
    out.append(_p(_opener_text(o)))
    if o.upcard_offer:
        out.append(_p("The first upcard is offered to the opener, then to each player in turn. "
                      "Whoever takes it opens the hand; if everyone refuses, the opener draws "
                      "from the stock."))

    out += [_h("Melds"),
            _li("A set: three or four cards of one rank. Both copies of a card may be in it."),
            _li(_run_text(o)),
            _li("Every 2 is wild" + (" and so is the joker" if o.jokers else "") +
                (". A set may hold any number of wilds but needs one natural card."
                 if o.set_naturals == 1 else ". A set needs at least two natural cards.") +
                (" A meld of only 2s (three or four) is allowed too." if o.twos_melds else
                 " Melds of only 2s are not allowed.")),
            _li("New runs are laid with naturals only; a wild may be added to your run later, "
                "at most one wild per run." if not o.wilds_in_new_runs else
                "A new run may include a wild if it has at least two natural cards."),
            _li("You may add cards only to your own melds, never to an opponent's"
                + (" (nor to your partner's)." if o.partnerships else ".")
                + (f" You may have at most {o.meld_slots} melds on the table."
                   if o.meld_slots is not None else ""))]
    if o.jokers:
        out.append(_li("The player who melded a joker may later put the natural card it "
                       "stands for in its place and take the joker back into their hand, "
                       "where everyone knows it is."))

    draw = ("1. Draw the top card of the stock." if offered else
            "1. Draw: take the top card of the stock, or take the whole discard pile. "
            + _pile_text(o))
    discard = "3. Discard one card face up to end your turn."
    if offered:
        discard += (" The discard is offered to the other players in turn, starting on your "
                    "left" + (" (your partner is asked in turn like anyone else)"
                              if o.partnerships else "") +
                    ": each may take it into their hand or pass. Taking it is not a turn: "
                    "the taker still draws on their own turn, and everyone knows the card is "
                    "in their hand. If everyone passes, it is out of play for the rest of "
                    "the hand, set aside face down. Either way, the player on your left plays "
                    "next.")
    if o.queen_of_spades_rules:
        discard += (" The queen of spades may be discarded only as your last card, or when "
                    "you hold nothing but queens of spades.")
    out += [_h("Your turn"),
            _p(draw),
            _p("2. Meld (if you like): lay new melds and add cards to your own melds."),
            _p(discard),
            _h("Going out"),
            _p("You go out when your hand is empty: " +
               ("by discarding your last card, or by melding every card." if
                o.go_out_by_melding else "only by discarding your last card.") +
               " The hand ends at once" + (" (a last discard is not offered)." if offered
                                           else ".")),
            _h("When the stock runs out"),
            _p(_stock_text(o)),
            _h("Scoring"),
            _p("Each player scores the value of their melded cards, less the value of the "
               "cards left in their hand. " + _bonus_text(o))]
    if o.card_values is CardValues.SEVEN_HAND:
        out += [_li("Joker: 50 melded, \u2212100 in hand."),
                _li("A 2 used as a wild: 25 melded; a natural 2 in its own place in a run: 5; "
                    "either \u221250 in hand."),
                _li("Ace: 15 melded, \u221215 in hand."),
                _li("King down to 10: 10 melded, \u221210 in hand."),
                _li("9 down to 3: 5 melded, \u22125 in hand.")]
    else:
        out += [_li("Q\u2660, the queen of spades: 50 melded, \u2212100 in hand."),
                _li("Ace: 20 melded, −20 in hand."),
                _li("King down to 8: 10 melded, −10 in hand."),
                _li("7 down to 3: 5 melded, −5 in hand."),
                _li("A wild 2 counts what it stands for when melded (in a set, the rank's "
                    "ordinary value), 25 in a meld of 2s, and −20 in hand."),
                _li(f"A 2 standing for the queen of spades in a run: "
                    f"{o.wild_queen_of_spades_value}.")]
        if o.jokers:
            out.append(_li("Joker: 100 melded, −200 in hand."))
    if o.partnerships:
        out.append(_li("Partners' hand scores are added: the final sheet shows the totals by "
                       "team, and the team with the higher total wins."))
    if o.one_turn_out_bonus:
        out.append(_li(f"Going out in one turn with nothing melded before (not on your first "
                       f"turn): +{o.one_turn_out_bonus}."))
    if o.match_bonus:
        out.append(_li(f"The match winner adds {o.match_bonus}."))
    if o.settlement_rounding:
        out.append(_li("The final sheet rounds every total to the nearest hundred."))

    out.append(_h("These rules, option by option"))
    for label, explain, value in describe(o):
        out.append(_li(f"{label}: {value_text(value)}. {explain}"))
    return out


def _bonus_text(o: RuleOptions) -> str:
    schedule = o.going_out_bonus
    if len(schedule) == 1:
        return f"Going out adds {schedule[0]:,}."
    steps = ", ".join(f"{v:,}" for v in schedule)
    return (f"Going out adds a bonus that depends on the hand: {steps} in hands 1 to "
            f"{len(schedule)}" + (", and the last for every later hand." if o.hand_limit is None
                                   or o.hand_limit > len(schedule) else "."))


def _opener_text(o: RuleOptions) -> str:
    if o.opener is Opener.IN_TURN:
        return ("The match's first seat opens the first hand, the next seat the second hand, "
                "and so on. The next match starts one seat further on.")
    if o.opener is Opener.MATCH_SEAT:
        return ("Every hand of a match is opened by the match's first seat. The next match "
                "is opened by the next seat.")
    if o.opener is Opener.DEAL_PASSES_LEFT:
        return "The player left of the dealer opens; the deal passes left after each hand."
    return ("The player left of the dealer opens. The first dealer is drawn by lot; after "
            "that, the winner of each hand deals the next.")


def _run_text(o: RuleOptions) -> str:
    longest = ("as long as the suit allows" if o.run_max is None
               else f"at most {o.run_max} cards")
    return (f"A run: three or more cards in sequence of one suit, {longest}. The ace is low "
            "(A\u2660 2\u2660 3\u2660) or high (Q\u2665 K\u2665 A\u2665), never both; K-A-2 is "
            "not a run.")


def _pile_text(o: RuleOptions) -> str:
    text = {
        PileTake.NEW_SET: "You may take the pile only if its top card and exactly two cards "
                          "from your hand make a new set, which you lay at once.",
        PileTake.NEW_MELD: "You may take the pile only if its top card and at least two cards "
                           "from your hand make a new set or run, which you lay at once.",
        PileTake.USE_TOP: "You may take the pile only if you use its top card at once: in a "
                          "new meld, on one of your melds, or in place of your joker.",
    }[o.pile_take]
    if o.easy_pile:
        text += (" Easier pickups: the top card may also go on one of your melds, or into a "
                 "meld with a single card from your hand.")
    if o.meld_slots is not None:
        text += f" With {o.meld_slots} melds down you cannot take the pile."
    return text


def _stock_text(o: RuleOptions) -> str:
    if o.stock_out is StockOut.RESHUFFLE_ONCE:
        return ("The first time someone must draw from an empty stock, the discard pile is "
                "shuffled into a new stock. The second time, the hand ends and nobody gets "
                "the going-out bonus.")
    if o.stock_out is StockOut.TURN_OVER:
        return ("The discard pile, less its top card, is turned over as the new stock. After "
                "the third time, the hand ends when the stock runs out again.")
    return ("The hand ends when the player who drew the last card of the stock discards "
            "without going out" + (" (that discard is not offered)." if
                                   o.discards is Discards.OFFERED else "."))
