"""Issue #37 item 5: the command line never prints a traceback. A file or folder that cannot be
used, a full disk, a bad address each get one line in the user's language on standard error and
an exit code of their own (`narrator.exits`: 3 a file, 4 the display), apart from the script
ended before the game (1) and a refused line (2); a refused line's control characters are shown
escaped; a script with a byte order mark is read; a 5,000-digit seed gets the app's words."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.cli import main
from narrator.exits import ENDED_EARLY, NO_DISPLAY, REFUSED, UNUSABLE
from narrator.journal import Journal
from narrator.settings import Settings, save

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "examples" / "pyre-four-players.txt"
ROOT_USER = os.geteuid() == 0  # chmod stops no write of root's


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "Errno" not in err, err
    return err.rstrip("\n")


def read_only(folder: Path, monkeypatch) -> Path:
    """``folder`` made and closed to writes (for root, whom a mode does not stop, a journal
    made in it is refused as the system refuses another user)."""
    folder.mkdir(mode=0o555)
    if ROOT_USER:

        def refused(game, directory, *args, **kwargs):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(directory))

        monkeypatch.setattr(Journal, "create", refused)
    return folder


@pytest.mark.parametrize(
    ("where", "english", "russian"),
    [
        ("a file", "it is a file, not a folder", "это файл, а не папка"),
        ("/proc", "No such file or directory", "нет такого файла или папки"),
        ("read-only", "Permission denied", "нет доступа"),
    ],
)
def test_a_journal_folder_that_cannot_be_used_is_one_line_and_exit_code_3(
    capsys, tmp_path, monkeypatch, where, english, russian
):
    (tmp_path / "file").write_text("x")
    if where == "read-only":
        folder = read_only(tmp_path / "read-only", monkeypatch)
    else:
        folder = tmp_path / "file" if where == "a file" else Path(where)
    for lang, why in (("en", english), ("ru", russian)):
        code, out, err = run(
            capsys, "--lang", lang, "play", "--script", str(SCRIPT), "--journal", str(folder)
        )
        assert code == UNUSABLE and out == ""
        assert one_line(err).endswith(f"{folder}: {why}.")
    assert (tmp_path / "file").read_text() == "x"


def test_a_full_disk_during_play_stops_with_one_line_and_the_journal_keeps_what_came_before(
    capsys, tmp_path, monkeypatch
):
    appended = Journal.append
    saved = []

    def full_after_ten(journal, event):
        if len(saved) == 10:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        saved.append(event)
        return appended(journal, event)

    monkeypatch.setattr(Journal, "append", full_after_ten)
    save(Settings(language="ru"))  # no --lang: the settings' language
    code, out, err = run(capsys, "play", "--script", str(SCRIPT), "--journal", str(tmp_path))
    assert code == UNUSABLE and out.count("\n") >= 5
    line = one_line(err)
    assert line.startswith("Запись строки ") and "на диске нет места" in line, line
    (journal,) = tmp_path.glob("*.jsonl")
    assert Journal.open(journal).events == saved


@pytest.mark.parametrize("option", ["--csv", "--markdown"])
def test_history_written_where_it_cannot_be_is_one_line_and_exit_code_3(capsys, tmp_path, option):
    target = "/proc/x" if option == "--csv" else str(tmp_path)  # the folder itself
    code, _, err = run(capsys, "history", option, target)
    assert code == UNUSABLE and one_line(err).startswith("Cannot write ")
    code, _, err = run(capsys, "--lang", "ru", "history", option, target)
    assert code == UNUSABLE and one_line(err).startswith("Нельзя записать ")


def test_a_script_that_cannot_be_read_is_exit_code_3_not_a_refusal(capsys, tmp_path):
    (tmp_path / "latin1.txt").write_bytes(b"players \xc5ke Bob Cid\n")
    for script, why in (
        (tmp_path / "none.txt", "No such file"),
        (tmp_path / "latin1.txt", "UTF-8"),
    ):
        code, _, err = run(capsys, "play", "--script", str(script))
        assert code == UNUSABLE and why in one_line(err)


def test_a_script_with_a_byte_order_mark_is_read(capsys, tmp_path):
    script = tmp_path / "bom.txt"
    script.write_bytes(b"\xef\xbb\xbf" + SCRIPT.read_bytes())
    code, out, err = run(capsys, "play", "--script", str(script))
    assert code == 0 and err == "" and "Bob wins" in out


def test_a_refused_lines_control_characters_are_shown_escaped(capsys, tmp_path):
    script = tmp_path / "escape.txt"
    lines = SCRIPT.read_text().splitlines()
    script.write_text("\n".join([*lines[:3], "vote \x1b[2J\x1b]0;owned\x07Ann \u202eBob"]) + "\n")
    code, _, err = run(capsys, "play", "--script", str(script))
    assert code == REFUSED
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err
    assert "vote \\x1b[2J\\x1b]0;owned\\x07Ann \\u202eBob" in err


def test_a_5000_digit_seed_gets_the_apps_own_words(capsys, tmp_path):
    script = tmp_path / "seed.txt"
    script.write_text(f"game ravnica\nplayers Ann Bob Cid Dee Eve\nseed {'9' * 5000}\n")
    code, _, err = run(capsys, "play", "--script", str(script))
    assert code == REFUSED and "int" not in err and len(err) < 400
    assert err.endswith("refused: A number here has at most 100 digits; this one has 5000\n")


def test_a_script_that_ends_before_the_game_is_still_exit_code_1(capsys, tmp_path):
    script = tmp_path / "half.txt"
    script.write_text("\n".join(SCRIPT.read_text().splitlines()[:8]) + "\n")
    assert run(capsys, "play", "--script", str(script))[0] == ENDED_EARLY


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("ftp://host/token/", "must start with http://"),
        ("localhost:8080/token/", "must start with http://"),
        ("http:///token/", "names no computer"),
        ("http://[::1/token/", "cannot be read as an address"),
        ("http://host:port/token/", "cannot be read as an address"),
        ("\x1b[2J", "must start with http://"),
        ("http://127.0.0.1:CLOSED/token/", "No table display answers"),
    ],
)
def test_narrator_display_at_a_bad_address_says_so_and_stops(capsys, url, said):
    code, out, err = run(capsys, "display", url.replace("CLOSED", str(closed_port())))
    assert code == NO_DISPLAY and out == "" and said in one_line(err)
    assert "\x1b" not in err


async def test_narrator_display_at_a_wrong_token_says_it_is_no_table_display(capsys):
    import asyncio

    from narrator.display.server import TableDisplay

    display = TableDisplay(lan=False)
    await display.start()
    try:
        wrong = display.url.replace(display.token, "not-the-token")
        code = await asyncio.to_thread(main, ["--lang", "ru", "display", wrong])
    finally:
        await display.stop()
    err = capsys.readouterr().err
    assert code == NO_DISPLAY and "это не табло (код ответа 404)" in one_line(err)


def test_help_lists_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = capsys.readouterr().out
    assert "exit codes:" in shown and "3  a file or folder that cannot be used" in shown


def test_no_traceback_reaches_the_terminal_from_a_whole_command(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "narrator", "--lang", "ru", "play", "--script", str(SCRIPT)]
        + ["--journal", "/proc"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == UNUSABLE and done.stdout == ""
    assert done.stderr == "Нельзя записать журнал в /proc: нет такого файла или папки.\n"


def test_the_common_options_are_taken_after_the_command_too(capsys, tmp_path, monkeypatch):
    """Issue 40 item 4: ``narrator history --data-dir D`` as ``narrator --data-dir D history``;
    one given before the command is kept when none follows it."""
    monkeypatch.setenv("NARRATOR_DATA_DIR", str(tmp_path / "elsewhere"))  # put back after
    folder = tmp_path / "games"
    code, _, _ = run(capsys, "play", "--script", str(SCRIPT), "--journal", str(folder))
    assert code == 0
    code, out, _ = run(capsys, "history", "--data-dir", str(folder), "--lang", "ru")
    assert code == 0 and "Костёр" in out and "Победа: Bob" in out
    code, out, _ = run(capsys, "--lang", "ru", "history", "--data-dir", str(folder), "--players")
    assert code == 0 and out.split()[:2] == ["Игрок", "Игр"]


def test_history_csv_says_which_files_it_wrote(capsys, tmp_path, monkeypatch):
    """Issue 40 item 4: ``--csv g.csv`` writes two tables, g.games.csv and g.players.csv, and
    names them in one line (with ``--markdown``, that file too)."""
    monkeypatch.setenv("NARRATOR_DATA_DIR", str(tmp_path / "games"))
    written = [tmp_path / "g.games.csv", tmp_path / "g.players.csv", tmp_path / "h.md"]
    argv = ["history", "--csv", str(tmp_path / "g.csv"), "--markdown", str(written[2])]
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "") and all(path.is_file() for path in written)
    assert out == f"The history was written to {', '.join(map(str, written))}.\n"
    code, out, _ = run(capsys, "--lang", "ru", *argv)
    assert out.startswith(f"История записана в {written[0]}, ")
