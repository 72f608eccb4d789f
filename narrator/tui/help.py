"""The help's rows: the keys that work now on the screen under the help, each with what it
does (``HelpScreen`` in ``modals.py`` shows them). Apart from the dialogs, as it reads the game
screen: the game screen imports the dialogs, never the other way round."""

from __future__ import annotations

from narrator.prompts import words
from narrator.tui.game import GameScreen
from narrator.tui.words import action_id

# A binding's action -> its row's words, modals.help.does.<id>, where the action's name differs.
DOES = {
    "primary": "continue",
    "end_discussion": "end",
    "retry_voice": "retry",
    "ask_quit": "quit",
    "command_palette": "palette",
}


def help_rows(app) -> list[tuple[str, str]]:
    """The keys that work now, from the live bindings of the screen under the help and of the
    app, and the step's own choices (each key with what it enters)."""
    from narrator.prompts import worded

    lang = app.language
    lines = words(lang).lines
    below = app.screen  # asked before the help is shown
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    public = isinstance(below, GameScreen) and below.view.kind != "private"  # R18
    if public and app.journal is not None and not app.pages:
        for choice in below.view.choices:
            if (
                choice.refusal is None
                and choice.key not in seen
                and (choice.listed or choice.footer)
            ):
                seen.add(choice.key)
                rows.append((choice.key, worded(choice.label, lang)))
    for node in (below, app):
        for bindings in node._bindings.key_to_bindings.values():
            for binding in bindings:
                action = binding.action.split("(")[0]
                if action == "choose" or node.check_action(binding.action, ()) is False:
                    continue
                does = lines.get(f"modals.help.does.{does_id(binding.action)}")
                if node is below and public:  # the step's own words where it has them
                    own = step_does(below, action, lang)
                    if own == "":
                        continue  # a key that does nothing on this step (Enter at a turn)
                    does = own or does
                shown = key_name(app, binding)
                ours = does or (binding.show and action_id(binding.action) in lines)
                if (shown, does) in seen or not ours:
                    continue  # Textual's own (focus, copy), or said already
                seen.add((shown, does))
                rows.append((shown, does or binding.description))
    quit_last = sorted(rows, key=lambda row: row[0] == "ctrl+q")  # the last row, as printed
    return quit_last


def step_does(screen, action: str, lang: str) -> str | None:
    """What a key does on this step, where the step says it better than the shell's row:
    Backspace takes back a resident, not a vote; space pauses the night pass (W24); Enter as
    the step names it. "" when the key does nothing here (no row)."""
    from narrator.prompts import Words, worded

    if action == "primary" and screen.page is None:  # Enter: named by the step, or no row
        named = screen.enter_label(screen.view)
        return "" if named is None else named or None
    if action == "undo_vote" and isinstance(screen.view.take_back, Words):
        return worded(screen.view.take_back, lang)
    if action == "pause" and screen.paced is not None:
        return words(lang).lines.get("modals.help.does.pause_paced")
    return None


def does_id(action: str) -> str:
    """A binding's action as its help row's id: ``volume(-0.1)`` is ``volume_down``."""
    name, _, argument = action.partition("(")
    if name == "volume":  # [ and ]: a row each
        return "volume_down" if argument.lstrip().startswith("-") else "volume_up"
    return DOES.get(name, name)


def key_name(app, binding) -> str:
    """A key as the help prints it: "ctrl+z", "F5", "?", "Enter"."""
    if binding.key_display:
        return binding.key_display
    if binding.key.startswith("ctrl+"):
        return binding.key
    shown = app.get_key_display(binding)
    return shown.upper() if shown[:1] == "f" and shown[1:].isdigit() else shown
