"""The ``narrator`` command. A command that cannot go on says so in one line and ends with its
own exit code (`narrator.exits`)."""

from __future__ import annotations

import gc
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING

from narrator.exits import (
    DONE,
    EXIT_CODES,
    INTERRUPTED,
    PIPE_CLOSED,
    Stop,
    language,
    say,
)
from narrator.paths import keep_private

if TYPE_CHECKING:
    import argparse

# ``narrator`` alone, as ``parser()`` reads it (a test compares them): the app with no option,
# started without building the parser (argparse and its options: 1% of the first frame).
NO_OPTIONS = {
    "data_dir": None,
    "lang": None,
    "mute": False,
    "voice": None,
    "new": False,
    "game": None,
    "resume": None,
    "table_display": False,
    "command": None,
}


def common(p: argparse.ArgumentParser, after: bool = False) -> None:
    """The options every command takes, before it or ``after`` it (``narrator history
    --data-dir D`` as ``narrator --data-dir D history``). After it, one not given leaves the
    one before it as it was (argparse copies a subcommand's defaults over the command's)."""
    import argparse

    unset = {"default": argparse.SUPPRESS} if after else {}
    p.add_argument(
        "--data-dir",
        help="where game journals are kept (default: your user data folder)",
        **unset,
    )
    p.add_argument(
        "--lang",
        choices=["en", "ru"],
        help="language of the narrator's voice and captions",
        **unset,
    )


def subcommand(sub, name: str, help: str) -> argparse.ArgumentParser:
    """A command of ``narrator``: its help lists the exit codes, and it takes the common
    options after it too."""
    import argparse

    p = sub.add_parser(
        name, help=help, epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    common(p, after=True)
    return p


def parser() -> argparse.ArgumentParser:
    import argparse

    from narrator.games.registry import names  # the games by name: no game's rules imported

    p = argparse.ArgumentParser(
        prog="narrator",
        description=(
            "Inquisition Narrator: the narrator of hidden-role board games, in your terminal."
        ),
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    common(p)
    p.add_argument("--mute", action="store_true", help="start with the voice muted (captions only)")
    p.add_argument(
        "--voice",
        choices=["espeak", "natural"],
        help="English voice: eSpeak NG (the default) or natural (Piper, installed by "
        "scripts/setup --natural-voice) for this run. Russian is always eSpeak NG",
    )
    p.add_argument("--new", action="store_true", help="go straight to a new game")
    p.add_argument("--game", metavar="NAME", choices=names(), help="start a new game of NAME")
    p.add_argument("--resume", metavar="JOURNAL", help="resume the game in this journal file")
    p.add_argument(
        "--table-display",
        action="store_true",
        help="serve the public view on the local network, for a TV or phones (F2 shows how)",
    )
    sub = p.add_subparsers(dest="command")
    play = subcommand(sub, "play", "play a game from a script, without a screen")
    play.add_argument("--script", required=True, help="the script file ('-' for standard input)")
    play.add_argument("--journal", metavar="DIR", help="also write the game's journal into DIR")
    history = subcommand(sub, "history", "the games played, newest first, and the players")
    history.add_argument("--game", choices=names(), help="only the games of this game")
    history.add_argument("--player", help="only the games this player played")
    history.add_argument("--players", action="store_true", help="each player's games and wins")
    history.add_argument("--csv", metavar="FILE", help="write FILE.games.csv, FILE.players.csv")
    history.add_argument("--markdown", metavar="FILE", help="write the history as Markdown")
    show = subcommand(
        sub, "display", "the table display full screen in this terminal (a TV on the laptop)"
    )
    show.add_argument("url", help="the address the app shows under F2 (--table-display)")
    return p


def main(argv: list[str] | None = None) -> int:
    keep_private()  # every file and folder made from here on is the user's only (paths.py)
    # Loading the app makes many objects that live as long as it does; collecting them during
    # start-up only delays the first frame. The app turns the collector back on once drawn.
    gc.disable()
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv) if argv else SimpleNamespace(**NO_OPTIONS)
    if args.data_dir:
        import os

        os.environ["NARRATOR_DATA_DIR"] = args.data_dir
    if args.command is None:
        from narrator.tui.start import run

        return run(args)
    gc.enable()
    try:
        return command(args)
    except Stop as stop:
        print(say(language(args), stop.key, **stop.params), file=sys.stderr)
        return stop.code
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        import os

        # Python's own advice: what is still buffered for the closed pipe goes nowhere, so
        # its flush at exit says nothing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED


def command(args: argparse.Namespace) -> int:
    """One of the commands without a screen but ``display`` (a screen of its own)."""
    if args.command == "display":
        from narrator.display.terminal import DisplayApp, reachable

        reachable(args.url)  # before the screen is drawn: a wrong address stops with a line
        DisplayApp(args.url).run()
        return DONE
    if args.command == "history":
        from narrator.history.command import main as history_main

        return history_main(args)
    from narrator.play import main as play_main

    return play_main(args.script, args.journal)


if __name__ == "__main__":
    sys.exit(main())
