"""The rules tables of Ravnica: Inquisition: colours, guilds, the guild order, the role count.

One place for each fact: prompts, screens and tests read them from here.
"""

from __future__ import annotations

import random

from narrator.prompts import Term

# R1
COLOURS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOUR_NAMES: dict[str, str] = {
    "W": "White",
    "U": "Blue",
    "B": "Black",
    "R": "Red",
    "G": "Green",
}

# R2, in the guild order of R15 (the ⚖ default tie-break): Azorius first, Simic last.
GUILDS: dict[str, tuple[str, str]] = {
    "Azorius": ("W", "U"),
    "Dimir": ("U", "B"),
    "Rakdos": ("B", "R"),
    "Gruul": ("R", "G"),
    "Selesnya": ("G", "W"),
    "Orzhov": ("W", "B"),
    "Izzet": ("U", "R"),
    "Golgari": ("B", "G"),
    "Boros": ("R", "W"),
    "Simic": ("G", "U"),
}
GUILD_ORDER: tuple[str, ...] = tuple(GUILDS)

# R6: the Ravnica Allegiance guilds are always in play.
RNA_GUILDS: tuple[str, ...] = ("Azorius", "Rakdos", "Gruul", "Simic", "Orzhov")
OTHER_GUILDS: tuple[str, ...] = tuple(g for g in GUILD_ORDER if g not in RNA_GUILDS)

# R4
MIN_PLAYERS = 5
MAX_PLAYERS = 10

AGENTS = "agents"
LOYALISTS = "loyalists"
ROLES = (AGENTS, LOYALISTS)
ROLE_NAMES = {AGENTS: "Agent of Bolas", LOYALISTS: "Loyalist"}
TEAM_NAMES = {AGENTS: "Agents of Bolas", LOYALISTS: "Guildpact Loyalists"}  # R5 ⚖ full name


def colour_name(colour: str) -> str:
    return COLOUR_NAMES[colour]


def colour_term(colour: str) -> Term:
    """A colour as the catalogues name it, in the chosen language (R1)."""
    return Term(f"colour.{COLOUR_NAMES[colour].lower()}")


def role_term(role: str) -> Term:
    return Term(f"role.{role}")


def team_term(team: str) -> Term:
    return Term(f"team.{'loyalists_full' if team == LOYALISTS else team}")


def check_player_count(count: int) -> None:
    """R4: 5 to 10 players; anything else is refused with a message that says why."""
    from narrator.games.base import Refusal

    if not isinstance(count, int) or isinstance(count, bool):
        raise Refusal("player_count", "R4", low=MIN_PLAYERS, high=MAX_PLAYERS)
    if count < MIN_PLAYERS:
        raise Refusal("too_few_players", "R4", low=MIN_PLAYERS, count=count)
    if count > MAX_PLAYERS:
        raise Refusal("too_many_players", "R4", high=MAX_PLAYERS, count=count)


def agents_for(count: int) -> int:
    """R5: Agents of Bolas: 2 for 5–6 players, 3 for 7–9, 4 for 10."""
    check_player_count(count)
    if count <= 6:
        return 2
    if count <= 9:
        return 3
    return 4


def loyalists_for(count: int) -> int:
    return count - agents_for(count)


def guilds_in_play(count: int, rng: random.Random) -> tuple[str, ...]:
    """R6: the five RNA guilds, plus others chosen at random until there is one per player."""
    check_player_count(count)
    extra = rng.sample(OTHER_GUILDS, count - len(RNA_GUILDS))
    return tuple(g for g in GUILD_ORDER if g in RNA_GUILDS or g in extra)


def deal_guilds(count: int, rng: random.Random) -> tuple[str, ...]:
    """R6: deal the guilds in play at random, one per seat (face up)."""
    guilds = list(guilds_in_play(count, rng))
    rng.shuffle(guilds)
    return tuple(guilds)


def guild_rank(guild: str) -> int:
    return GUILD_ORDER.index(guild)
