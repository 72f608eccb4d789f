"""The speech worker: a child process that turns lines into WAV files with pyttsx3.

Run as `python -m narrator.voice.synth_worker`. It reads one JSON request a line on stdin and
answers one JSON line on its own copy of the original stdout. Everything else the engine
prints (pyttsx3's "Audio saved to", eSpeak's warnings) goes to /dev/null, never to the TUI's
terminal; stderr is whatever the parent gave it (a log file).

    -> {"text": "...", "lang": "en", "voice": null, "rate": 165, "out": "/cache/x.tmp.wav"}
    <- {"ok": true, "voice": "gmw/en"}          or {"ok": false, "error": "..."}

Its first line, before any request, is {"hello": true, "ok": true, "engine": "..."} or
{"hello": true, "ok": false, "error": "why there is no engine"}.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

# Voices tried first for each language (eSpeak NG names); otherwise any voice of the language.
PREFERRED_VOICES = {
    "en": ("gmw/en", "gmw/en-us", "en", "english"),
    "ru": ("zle/ru", "ru", "russian"),
}
LANGUAGE_NAMES = {"en": "english", "ru": "russian"}
FINISH_LIMIT = 120.0  # seconds; the parent's own, shorter time limit kills a hung worker first


def _load_espeak() -> str:
    """On Linux: eSpeak NG from the espeakng-loader wheel, else the system library."""
    if not sys.platform.startswith("linux"):
        return "platform driver"
    if os.environ.get("NARRATOR_ESPEAK", "wheel") != "system":
        try:
            import espeakng_loader

            library = espeakng_loader.get_library_path()
            ctypes.CDLL(library, mode=ctypes.RTLD_GLOBAL)
            os.environ["ESPEAK_DATA_PATH"] = espeakng_loader.get_data_path()
            return f"eSpeak NG (espeakng-loader, {library})"
        except Exception as error:  # noqa: BLE001 - the wheel is missing or broken
            sys.stderr.write(f"espeakng-loader unusable ({error}); trying the system library\n")
    return "eSpeak NG (system library)"


def _languages(voice: Any) -> list[str]:
    found = []
    for language in getattr(voice, "languages", None) or []:
        if isinstance(language, bytes):
            language = language.decode("utf-8", "ignore")
        found.append(str(language).lower().replace("_", "-").lstrip("\x05"))
    return found


def pick_voice(voices: list[Any], lang: str, wanted: str | None) -> tuple[str | None, str | None]:
    """(voice id, warning): the wanted voice if it exists, else the best one for lang."""
    ids = {str(voice.id): voice for voice in voices}
    warning = None
    if wanted:
        for voice in voices:
            if wanted in (str(voice.id), getattr(voice, "name", None)):
                return str(voice.id), None
        warning = f"voice {wanted!r} not found; using the {lang} voice"
    for preferred in PREFERRED_VOICES.get(lang, (lang,)):
        if preferred in ids:
            return preferred, warning
    for voice in voices:
        if any(code == lang or code.startswith(lang + "-") for code in _languages(voice)):
            return str(voice.id), warning
    name = LANGUAGE_NAMES.get(lang, lang)
    for voice in voices:  # Windows SAPI voices often list no language, only a name
        if name in str(getattr(voice, "name", "")).lower():
            return str(voice.id), warning
    return None, f"no {lang} voice in this speech engine"


def reply(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message, ensure_ascii=False) + "\n")
    out.flush()


def serve(requests: TextIO, replies: TextIO) -> int:
    try:
        library = _load_espeak()
        import pyttsx3

        engine = pyttsx3.init()
        voices = list(engine.getProperty("voices") or [])
        finished = threading.Event()
        engine.connect("finished-utterance", lambda *_, **__: finished.set())
        espeak = sys.modules.get("pyttsx3.drivers._espeak")  # None with other drivers
    except Exception as error:  # noqa: BLE001 - any failure here means "no engine"
        reply(replies, {"hello": True, "ok": False, "error": f"{type(error).__name__}: {error}"})
        return 1
    reply(replies, {"hello": True, "ok": True, "engine": library, "voices": len(voices)})
    for line in requests:
        try:
            request = json.loads(line)
            voice, warning = pick_voice(voices, request.get("lang", "en"), request.get("voice"))
            if voice is None:
                reply(replies, {"ok": False, "error": warning})
                continue
            engine.setProperty("voice", voice)
            engine.setProperty("rate", int(request.get("rate", 165)))
            engine.setProperty("volume", 1.0)  # volume is applied at playback, not cached
            # One utterance per runAndWait: the espeak driver keeps only the last one queued.
            # Its runAndWait may return while eSpeak still renders on its own thread (retrieval
            # mode is asynchronous): wait until eSpeak is idle, or the next line races this one.
            finished.clear()
            engine.save_to_file(request["text"], request["out"])
            engine.runAndWait()
            if espeak is not None:
                espeak.Synchronize()
            if not finished.wait(FINISH_LIMIT):
                reply(
                    replies,
                    {"ok": False, "error": "the engine never finished the line", "retry": True},
                )
                continue
            if not os.path.exists(request["out"]) or os.path.getsize(request["out"]) <= 44:
                reply(replies, {"ok": False, "error": "the engine wrote no audio", "retry": True})
                continue
            reply(replies, {"ok": True, "voice": voice, "warning": warning})
        except Exception as error:  # noqa: BLE001 - report it; the parent decides
            reply(replies, {"ok": False, "error": f"{type(error).__name__}: {error}"})
    return 0


def main(serve: Callable[[TextIO, TextIO], int] = serve) -> int:
    """Serve requests on stdin (``serve``: this engine's, or another worker's such as Piper's)."""
    # Keep a private copy of stdout for replies, then point fd 1 at /dev/null: whatever the
    # engine prints (or a stray os.system("aplay")) can no longer reach the parent's pipe.
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    if os.isatty(2):  # started by hand from a terminal: keep the terminal clean too
        os.dup2(devnull, 2)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as we do
    requests = open(sys.stdin.fileno(), encoding="utf-8", closefd=False)  # noqa: SIM115
    return serve(requests, replies)


if __name__ == "__main__":
    sys.exit(main())
