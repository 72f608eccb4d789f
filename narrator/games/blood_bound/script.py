"""Blood Bound with the Inquisitor written as text, one entry a line, for
``narrator play --script FILE`` (an example: ``examples/blood-bound-nine-players.txt``):

    game blood_bound               # the first line names the game
    players Ann Bob Cid Dan Eve Fay Gus   # seats clockwise: 7, 9 or 11 (B4, B8)
    seed 4                         # seed of the app's own draw (B9)
    clans gargoyle-phoenix         # B1: rose-beast (default) or gargoyle-phoenix
    curse-cards one-each           # B7: by-count (default) or one-each
    first-dagger picked            # B9: drawn (default) or picked
    abilities attack-wounds        # B17: any-wound (default) or attack-wounds
    curse-to-self yes              # B19: no (default) or yes
    deal                           # B5–B7: the characters dealt, the curses beside the cross
    clues                          # B8: every clue icon shown to the left
    dagger Eve | dagger draw       # B9: the first dagger, picked by the table or drawn
    pass Eve Bob                   # B10: the holder passes the dagger (or: pass Bob)
    attack Eve Bob                 # B10, B11: the holder attacks (or: attack Bob)
    offer Cid                      # B12: an offer to intervene (again: taken back); several
    offer Dan Fay                  #   names, several offers
    pick Cid | pick none           # B12: the target picks an intervener, or nobody
    wound Bob rose                 # B13: the token taken: rose, beast, unknown, fleur or a
    wound Cid 7                    #   rank 1–9 (gargoyle and phoenix name rose and beast)
    use Cid Bob                    # B17, B27: an ability and its targets (the Harlequin two;
    use Cid                        #   none for the Elder; the Berserker's attacker, or none)
    use Eve heal Bob | use Eve wound   # B14, B27: the Alchemist heals or wounds his player
                                   #   (named or not: another is refused, B27)
    decline Cid                    # B17: he does not use it ("no effect" when it can do
                                   #   nothing, B28)
    heal Bob unknown               # B14: the token the healed player returns
    curses Dan true Bob false Ann Cid   # B19: the Inquisitor's gift (the privacy screen)
    capture Bob by Eve             # B22: the captured and the captor
    character Bob rose 3           # B22: each character revealed: clan and rank,
    character Dan inquisitor       #   or the Inquisitor
    flip Bob true                  # B26: a curse card flipped: true or false

A seat is a name or a number from 1. A line that starts with ``{`` is one event as JSON (the
journal's form); ``#`` starts a comment. An entry the rules refuse stops the script with the
rule's refusal and the line's number. The lines are read by the common reader
(`narrator.games.common.script`); this module gives Blood Bound's verbs and settings, and the
app's own draw (``dagger draw``) is the game's ``app_move``.
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.flow import (
    ABILITY,
    CAPTURE,
    CHARACTERS,
    CLUES,
    DAGGER,
    DEAL,
    FLIPS,
    HEAL,
    OFFERS,
    SETUP,
    TURN,
    WOUND,
)
from narrator.games.blood_bound.state import INQUISITOR_CLAN
from narrator.games.common import script as common
from narrator.games.common.script import BUILT_IN, Line, Made, ScriptError, Verb
from narrator.prompts import Either

CLAN_WORDS = {"rose": "rose", "beast": "beast", "gargoyle": "rose", "phoenix": "beast"}  # B1
TOKENS = ("unknown", "fleur")


OPTIONS = {  # the settings beyond game, players and seed: each the ruling it sets
    "clans": common.choice_option(ev.Options, "clans"),  # B1
    # B7, named so: ``curses`` is the Inquisitor's gift
    "curse-cards": common.choice_option(ev.Options, "curses"),
    "first-dagger": common.choice_option(ev.Options, "first_dagger"),  # B9
    "abilities": common.choice_option(ev.Options, "abilities"),  # B17
    "curse-to-self": common.yes_no_option("curse_to_self"),  # B19
}
SETTINGS = (*BUILT_IN, *OPTIONS)


# --- the verbs ------------------------------------------------------------------------------


def dagger(line: Line) -> Made:
    """B9: the first dagger holder, picked by the table or drawn by the app."""
    word = line.one()
    return line.app_move() if word.lower() == "draw" else ev.DaggerGiven(line.seat(word))


def by_holder(line: Line) -> tuple[int, int]:
    """``pass Eve Bob`` or ``pass Bob``: the dagger holder (B10: the rules check him) and the
    other player."""
    if len(line.args) not in (1, 2):
        raise ScriptError("script_args", verb=line.verb, count=2)
    by = line.seat(line.args[0]) if len(line.args) == 2 else line.state.dagger
    return by, line.seat(line.args[-1])


def offers(line: Line) -> Made:
    """B12: each name one offer (keyed again: taken back)."""
    if not line.args:
        raise ScriptError("script_args", verb=line.verb, count=1)
    return [ev.InterventionOffered(line.seat(word)) for word in line.args]


def pick(line: Line) -> Event:
    word = line.one()
    return ev.InterventionPicked(None if word.lower() == "none" else line.seat(word))


def token(word: str, verb: str) -> tuple[str, int]:
    """A token as the rules key it (B13): its kind, and a rank token's number."""
    word = word.lower()
    if word.isascii() and word.isdigit():
        return "rank", int(word)
    if word in CLAN_WORDS:
        return CLAN_WORDS[word], 0
    if word in TOKENS:
        return word, 0
    choices = Either(("rose", "beast", "unknown", "fleur", "1–9"))
    raise ScriptError("option_choice", option=verb, choices=choices)


def wound(line: Line) -> Event:
    seat, word = line.args
    return ev.WoundTaken(line.seat(seat), *token(word, line.verb))


def heal(line: Line) -> Event:
    seat, word = line.args
    return ev.Healed(line.seat(seat), *token(word, line.verb))


def use(line: Line) -> Event:
    """B17, B27: the user and his targets; the Alchemist's ``heal`` or ``wound`` (B14)."""
    if not line.args:
        raise ScriptError("script_args", verb=line.verb, count=1)
    seat, rest = line.seat(line.args[0]), list(line.args[1:])
    heal = bool(rest) and rest[0].lower() == "heal"
    if rest and rest[0].lower() in ("heal", "wound"):  # the Alchemist: ``use Eve heal Bob``
        rest = rest[1:]
    return ev.AbilityUsed(seat, tuple(line.seat(w) for w in rest), heal=heal)


def decline(line: Line) -> Event:
    """B17: he does not use it; B28: journaled "no effect" when no use is allowed."""
    seat = line.seat(line.one())
    moves = rules.legal_moves(line.state)
    no_effect = all(isinstance(m, ev.AbilityDeclined) for m in moves)
    return ev.AbilityDeclined(seat, no_effect=no_effect)


def curses(line: Line) -> Event:
    """B19: ``curses Dan true Bob false Ann Cid``: the Inquisitor, the True Curse's holder,
    then each False Curse's."""
    args = [w.lower() for w in line.args]
    if len(args) < 4 or args[1] != "true" or args[3:4] != ["false"]:
        raise ScriptError("script_unreadable", detail="curses SEAT true SEAT false SEAT …")
    true = line.seat(line.args[2])
    false = tuple(line.seat(w) for w in line.args[4:])
    return ev.CursesGiven(line.seat(line.args[0]), (true, *false), true)


def capture(line: Line) -> Event:
    """B22: ``capture Bob by Eve`` (or ``capture Bob Eve``)."""
    args = [w for i, w in enumerate(line.args) if not (i == 1 and w.lower() == "by")]
    if len(args) != 2:
        raise ScriptError("script_args", verb=line.verb, count=2)
    return ev.CaptureKeyed(line.seat(args[0]), line.seat(args[1]))


def character(line: Line) -> Event:
    """B22: ``character Bob rose 3`` or ``character Dan inquisitor``."""
    if len(line.args) not in (2, 3):
        raise ScriptError("script_args", verb=line.verb, count=3)
    seat, clan = line.seat(line.args[0]), line.args[1].lower()
    if clan == INQUISITOR_CLAN and len(line.args) == 2:
        return ev.CharacterKeyed(seat, INQUISITOR_CLAN)
    if len(line.args) != 3:
        raise ScriptError("script_args", verb=line.verb, count=3)
    rank = common.whole_number(line.args[2], line.verb)
    return ev.CharacterKeyed(seat, CLAN_WORDS.get(clan, clan), rank)  # type: ignore[arg-type]


def flip(line: Line) -> Event:
    seat, card = line.args
    if card.lower() not in ("true", "false"):
        raise ScriptError("option_choice", option=line.verb, choices=Either(("true", "false")))
    return ev.CurseFlipped(line.seat(seat), card.lower() == "true")


def _plain(kind: type[Event], step: str) -> Verb:
    return Verb(lambda _: kind(), (step,), words=0)


VERBS = {  # each with the steps it is entered at: another is refused with the step's rule
    "deal": _plain(ev.CardsDealt, DEAL),  # B5–B7
    "clues": _plain(ev.CluesShown, CLUES),  # B8
    "dagger": Verb(dagger, (DAGGER,), words=1),  # B9
    "pass": Verb(lambda line: ev.DaggerPassed(*by_holder(line)), (TURN,)),  # B10
    "attack": Verb(lambda line: ev.Attacked(*by_holder(line)), (TURN,)),  # B10, B11
    "offer": Verb(offers, (OFFERS, WOUND, CAPTURE)),  # B12, also where no window opened
    "pick": Verb(pick, (OFFERS,), words=1),  # B12
    "wound": Verb(wound, (WOUND, CAPTURE), words=2),  # B13; B16 refuses it at a capture
    "use": Verb(use, (ABILITY,)),  # B17, B27, B28
    "decline": Verb(decline, (ABILITY,), words=1),  # B17, B28
    "heal": Verb(heal, (HEAL,), words=2),  # B14
    "curses": Verb(curses, (ABILITY,)),  # B19
    "capture": Verb(capture, (CAPTURE,)),  # B22
    "character": Verb(character, (CHARACTERS,)),  # B22
    "flip": Verb(flip, (FLIPS,), words=2),  # B26
}


class ScriptReader(common.ScriptReader):
    """Blood Bound's verbs and settings, read by the common reader; ``game`` gives the app's
    own draw (B9) and the lines printed."""

    name = "blood_bound"
    verbs = VERBS
    settings = OPTIONS
    codec = ev.CODEC
    setup_step = SETUP
    not_now = staticmethod(rules.not_now)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        return ev.GameCreated(players, ev.Options(**options), seed)  # type: ignore[arg-type]
