"""Starting the app from the command line: the settings, the language, the voice opened once
the first frame is up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.tui.app import NarratorApp
from narrator.tui.speech import CaptionsOnly
from narrator.tui.words import say


def run(args: Any) -> int:
    from narrator import reserve
    from narrator.tui.speech import open_voice

    reserve.raise_file_limit()  # a desktop's 1,024 is a default, not the most it may have
    reserve.hold()  # for the crash report and a journal when no descriptor is left

    settings = None
    warnings: list[str] = []
    try:
        from narrator.settings import load

        settings, warnings = load()
    except Exception:  # noqa: BLE001 - settings are a comfort, never a reason not to start
        settings = None
    language = args.lang or getattr(settings, "language", "en")
    if settings is not None:
        import dataclasses

        changes = {"language": language}
        if args.mute:
            changes["muted"] = True
        settings = dataclasses.replace(settings, **changes)
        if getattr(args, "voice", None):  # for this run, as --lang and --mute are
            natural = args.voice == "natural"
            settings = settings.with_speech("en", voice="natural" if natural else None)
    app = NarratorApp(
        voice=CaptionsOnly(language),  # until the first frame is drawn
        voice_factory=(lambda: open_voice(settings)) if settings is not None else None,
        language=language,
        resume=Path(args.resume) if args.resume else None,
        new=args.new,
        game=getattr(args, "game", None),
        settings=settings,
        table_display=getattr(args, "table_display", False),
        keep_language=bool(args.lang),  # --lang ru: this run in Russian, a resumed game too
    )
    for warning in warnings:
        why, title = warning.text(app.language), say(app.language, "home.settings")
        app.call_later(app.notify, why, title=title, severity="warning")
    app.run()
    return app.return_code or 0
