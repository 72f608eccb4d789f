"""The Pyre written as text, one entry a line, for ``narrator play --script FILE`` (an example:
``examples/pyre-four-players.txt``):

    game pyre                      # the first line names the game
    players Ann Bob Cid Dan        # seats clockwise: 2 to 6 (P2, P6)
    seed 7                         # seed of the app's own draws (P6, P15, P22)
    variant quick 2                # P4: standard (default), quick or long with its shift
    shift 2                        #   (1 or 2, also on its own line), or tutorial
    first-player picked            # P6: drawn (default) or picked
    die 6                          # P15: the die's faces (6)
    die-roll physical              # P15: app (default) or physical
    exonerated-to former-owner     # P12: exonerator (default) or former-owner
    influence-max 20               # P10: a Citizen's influence is keyed 0 to this (20)
    reminder no                    # P19: yes (default) or no ("tough luck")
    turn-timer 90                  # P7: seconds a turn, 0 (default) for none
    deal                           # P5: 6 cards and a Dominance token each
    first Ann | first draw         # P6: the starting player, picked or drawn by the app
    draw                           # P9: the current player draws (an action)
    citizen 4                      # P10: a Citizen of influence 4 (an action)
    accuse Bob 2                   # P11: the Citizen at place 2 of Bob's council
    exonerate 1                    # P12: the Citizen at place 1 on the Pyre
    roll | roll 4                  # P15: the app rolls, or the die as rolled at the table
    action Witch Hunt              # P14: an Action card by its name, costing 1 action,
    action Witch Hunt cost 2       #   or both
    forfeit                        # P8: no action is possible
    window Town Crier              # P16: a card opens a reaction window for its event
    claim Cid Dan                  # P16: who wants to react (again: the claim taken back)
    react Cid Alibi                # P16: a Reaction played
    reroll 2 Alibi                 # P16, P23: the reaction changed the roll to 2
    close                          # P24: the window closes; a roll's outcome now
    hand Bob -1 Thief              # P23: a hand's size changed by a card (±n)
    move Bob 2 to pyre Thief       # P23: a Citizen moved: from a council (owner, place),
    move pyre 1 to Cid Thief       #   the Pyre (pyre, place) or the discard pile (discard,
    move discard 4 to discard Thief  # its influence), to pyre, discard or a council (its
    move Bob 1 to Cid by Dan Thief   #   owner); "by SEAT": whose card (the current player)
    ignite Bonfire                 # P17: an Action card's effect ignites the Pyre
    auto accuse Bob 1 Decree       # P13: an accusation without the die (owner, place),
    auto exonerate 2 Pardon        #   an exoneration (place on the Pyre); "by SEAT" as move
    deck empty | deck refilled     # P9: the deck's last card taken; a new deck
    point Bob                      # P22: a hand above 7 pointed out
    pick                           # P22: the app picks one of its cards
    flip                           # P19: the current player flips the Dominance token
    end                            # P7: the turn's end; the next turn (P21: the win)

A seat is a name or a number from 1; a place (in a council or on the Pyre) a number from 1, in
the order the Citizens arrived. A card's name is the rest of the line, as typed (quotes are not
needed). A line that starts with ``{`` is one event as JSON (the journal's form); ``#`` starts
a comment. An entry the rules refuse stops the script with the rule's refusal and the line's
number. The lines are read by the common reader (`narrator.games.common.script`); this module
gives the Pyre's verbs and settings, and the app's own moves (``first draw``, ``roll``,
``pick``) are the game's ``app_move``. Nothing is ever keyed of what a hand holds (P1).
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.common import script as common
from narrator.games.common.script import BUILT_IN, Line, Made, ScriptError, Verb
from narrator.games.pyre import events as ev
from narrator.games.pyre import rules
from narrator.games.pyre.state import SETUP
from narrator.prompts import Either

PLACES = ("pyre", "discard")  # a Citizen's place beyond the councils (P23)


def variant(args: list[str], verb: str, options: object) -> dict[str, object]:
    """P4: ``variant quick 2``: the variant, and its shift if given."""
    if len(args) not in (1, 2):
        raise ScriptError("script_args", verb=verb, count=2)
    found = common.choice_option(ev.Options, "variant")(args[:1], verb, options)
    if len(args) == 2:
        found["shift"] = common.whole_number(args[1], verb)
    return found


OPTIONS = {  # the settings beyond game, players and seed: each the ruling it sets
    "variant": variant,  # P4
    "shift": common.number_option("shift"),  # P4
    "first-player": common.choice_option(ev.Options, "first_player"),  # P6
    "die": common.number_option("die_faces"),  # P15
    "die-roll": common.choice_option(ev.Options, "roll"),  # P15 (``roll`` is the die rolled)
    "exonerated-to": common.choice_option(ev.Options, "exonerated_to"),  # P12
    "influence-max": common.number_option("influence_max"),  # P10
    "reminder": common.yes_no_option("reminder"),  # P19
    "turn-timer": common.number_option("turn_timer"),  # P7
}
SETTINGS = (*BUILT_IN, *OPTIONS)


# --- the verbs ------------------------------------------------------------------------------


def number(line: Line, word: str) -> int:
    return common.whole_number(word, line.verb)


def place(line: Line, word: str) -> int:
    """A place as written, from 1 (the rules refuse one that is not there)."""
    return number(line, word) - 1


def card(line: Line, words: list[str]) -> str:
    """A card's name: the rest of the line, as typed (P23)."""
    if not words:
        raise ScriptError("script_unreadable", detail=f"{line.verb} … CARD NAME")
    return " ".join(words)


def by_and_card(line: Line, words: list[str]) -> tuple[int, str]:
    """``[by SEAT] CARD NAME``: whose card it is (the current player unless said) and its
    name."""
    if len(words) > 2 and words[0].lower() == "by":
        return line.seat(words[1]), card(line, words[2:])
    return line.state.current, card(line, words)


def first(line: Line) -> Made:
    """P6: the starting player, picked, or drawn by the app."""
    word = line.one()
    if word.lower() == "draw":
        return line.app_move()
    return ev.FirstPlayer(line.seat(word), drawn=False)


def roll(line: Line) -> Made:
    """P15: ``roll`` (the app's) or ``roll 4`` (the die as rolled at the table)."""
    if not line.args:
        return line.app_move()
    return ev.Rolled(number(line, line.one()), drawn=False)


def action(line: Line) -> Event:
    """P14: ``action Witch Hunt [cost 2]``."""
    words, cost = line.args, 1
    if len(words) > 2 and words[-2].lower() == "cost":
        words, cost = words[:-2], number(line, words[-1])
    return ev.ActionCardPlayed(card(line, words), cost)


def claims(line: Line) -> Made:
    """P16: each name one claim (keyed again: taken back)."""
    if not line.args:
        raise ScriptError("script_args", verb=line.verb, count=1)
    return [ev.ReactionClaimed(line.seat(word)) for word in line.args]


def react(line: Line) -> Event:
    if len(line.args) < 2:
        raise ScriptError("script_args", verb=line.verb, count=2)
    return ev.Reacted(line.seat(line.args[0]), card(line, line.args[1:]))


def reroll(line: Line) -> Event:
    """P16, P23: ``reroll 5 Alibi``: the roll as the reaction changed it."""
    if len(line.args) < 2:
        raise ScriptError("script_args", verb=line.verb, count=2)
    return ev.RollChanged(number(line, line.args[0]), card(line, line.args[1:]))


def hand(line: Line) -> Event:
    """P23: ``hand Bob -1 Thief`` (or +2)."""
    if len(line.args) < 3:
        raise ScriptError("script_args", verb=line.verb, count=3)
    change = common.whole_number(line.args[1].replace("−", "-"), line.verb, signed=True)
    return ev.HandChanged(line.seat(line.args[0]), change, card(line, line.args[2:]))


def move(line: Line) -> Event:
    """P23: ``move FROM to TO [by SEAT] CARD``; FROM: ``Bob 2`` (a council's place),
    ``pyre 1``, ``discard 4`` (its influence, P1) or ``points Bob`` (refused, P18); TO:
    ``pyre``, ``discard`` or a seat (its council)."""
    words = line.args
    if len(words) < 5 or words[2].lower() != "to":
        raise ScriptError("script_unreadable", detail="move FROM NUMBER to TO CARD NAME")
    origin, at = words[0].lower(), words[1]
    to_word = words[3].lower()
    by, name = by_and_card(line, words[4:])
    to = to_word if to_word in PLACES else "council"
    to_owner = 0 if to != "council" else line.seat(words[3])
    if origin == "points":  # P18: refused by the rules, naming the player
        return ev.CitizenMoved("points", to, by, name, owner=line.seat(at), to_owner=to_owner)  # type: ignore[arg-type]
    if origin == "pyre":
        return ev.CitizenMoved("pyre", to, by, name, place=place(line, at), to_owner=to_owner)  # type: ignore[arg-type]
    if origin == "discard":
        influence = number(line, at)
        return ev.CitizenMoved("discard", to, by, name, influence=influence, to_owner=to_owner)  # type: ignore[arg-type]
    owner = line.seat(words[0])
    return ev.CitizenMoved("council", to, by, name, owner, place(line, at), to_owner)  # type: ignore[arg-type]


def auto(line: Line) -> Event:
    """P13: ``auto accuse Bob 1 [by SEAT] CARD`` or ``auto exonerate 2 [by SEAT] CARD``."""
    kind = line.args[0].lower() if line.args else ""
    if kind == "accuse" and len(line.args) >= 4:
        owner, at = line.seat(line.args[1]), place(line, line.args[2])
        by, name = by_and_card(line, line.args[3:])
        return ev.AutoSucceeded("accuse", by, name, at, owner=owner)
    if kind == "exonerate" and len(line.args) >= 3:
        at = place(line, line.args[1])
        by, name = by_and_card(line, line.args[2:])
        return ev.AutoSucceeded("exonerate", by, name, at)
    raise ScriptError(
        "script_unreadable", detail="auto accuse SEAT PLACE CARD | auto exonerate PLACE CARD"
    )


def deck(line: Line) -> Event:
    """P9: ``deck empty`` or ``deck refilled``."""
    word = line.one().lower()
    if word not in ("empty", "refilled"):
        raise ScriptError("option_choice", option=line.verb, choices=Either(("empty", "refilled")))
    return ev.DeckEmptied() if word == "empty" else ev.DeckRefilled()


def flip(line: Line) -> Event:
    """P19: ``flip`` (the current player) or ``flip Ann`` (the rules refuse another)."""
    if not line.args:
        return ev.DominanceFlipped(line.state.current)
    return ev.DominanceFlipped(line.seat(line.one()))


def citizen(line: Line) -> Event:
    """P10: ``citizen 4``; a sign is read too, for the rules to refuse it as on screen."""
    return ev.CitizenPlayed(common.whole_number(line.one(), line.verb, signed=True))


def accuse(line: Line) -> Event:
    """P11: ``accuse Bob 2``: the council's owner, the Citizen's place from 1."""
    return ev.Accused(line.seat(line.args[0]), place(line, line.args[1]))


def exonerate(line: Line) -> Event:
    return ev.Exonerated(place(line, line.one()))


def window(line: Line) -> Event:
    return ev.WindowOpened(card(line, line.args))


def ignite(line: Line) -> Event:
    return ev.Ignited(card(line, line.args))


def point(line: Line) -> Event:
    return ev.HandPointedOut(line.seat(line.one()))


def pick(line: Line) -> Made:
    return line.app_move()


READERS = {  # verb: (what it reads, the event it makes, how many words; None: the reader checks)
    "deal": (None, ev.Dealt, 0),  # P5
    "first": (first, ev.FirstPlayer, 1),  # P6
    "draw": (None, ev.Drew, 0),  # P9
    "citizen": (citizen, ev.CitizenPlayed, 1),  # P10
    "accuse": (accuse, ev.Accused, 2),  # P11
    "exonerate": (exonerate, ev.Exonerated, 1),  # P12
    "roll": (roll, ev.Rolled, None),  # P15
    "action": (action, ev.ActionCardPlayed, None),  # P14
    "forfeit": (None, ev.Forfeited, 0),  # P8
    "window": (window, ev.WindowOpened, None),  # P16
    "claim": (claims, ev.ReactionClaimed, None),  # P16
    "react": (react, ev.Reacted, None),  # P16
    "reroll": (reroll, ev.RollChanged, None),  # P16, P23
    "close": (None, ev.WindowClosed, 0),  # P24
    "hand": (hand, ev.HandChanged, None),  # P23
    "move": (move, ev.CitizenMoved, None),  # P23
    "ignite": (ignite, ev.Ignited, None),  # P17
    "auto": (auto, ev.AutoSucceeded, None),  # P13
    "deck": (deck, ev.DeckEmptied, 1),  # P9
    "point": (point, ev.HandPointedOut, 1),  # P22
    "pick": (pick, ev.CardPicked, 0),  # P22
    "flip": (flip, ev.DominanceFlipped, None),  # P19
    "end": (None, ev.TurnEnded, 0),  # P7, P21
}


def verb(read, kind: type[Event], count: int | None) -> Verb:
    """A verb entered at the steps the rules take its event in: another is refused with the
    step's rule before its words are read; a verb of no words makes its event as it is."""
    made = read if read is not None else (lambda _: kind())
    return Verb(made, rules.RULES.steps_of(kind), words=count)


VERBS = {word: verb(*reader) for word, reader in READERS.items()}


class ScriptReader(common.ScriptReader):
    """The Pyre's verbs and settings, read by the common reader; ``game`` gives the app's own
    moves (P6, P15, P22) and the lines printed."""

    name = "pyre"
    verbs = VERBS
    settings = OPTIONS
    codec = ev.CODEC
    setup_step = SETUP
    not_now = staticmethod(rules.not_now)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        return ev.GameCreated(players, ev.Options(**options), seed)  # type: ignore[arg-type]
