"""The command line: format prints canonical text; validate prints compiler-style findings or the JSON report;
the exit status is 0 clean, 1 violations only, 2 any error."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from seeplog import analyse, move_text, parse, report_json
from seeplog.__main__ import InputError, decode, main
from tests.helpers import EXAMPLES, ROOT

CLEAN = EXAMPLES / "game-standard-1.seep"
VIOLATION = EXAMPLES / "r-turn.seep"
ERROR = EXAMPLES / "e-syntax.seep"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main([*args])
    out, err = capsys.readouterr()
    return status, out, err


def seeplog(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "seeplog", *args], cwd=ROOT, input=stdin, capture_output=True,
                          timeout=120)


# ---------------------------------------------------------------- format

def test_format_prints_canonical_text(capsys, tmp_path) -> None:
    path = tmp_path / "lenient.seep"
    path.write_text("\ufeff[event \"x\"]\r\n[VARIANT \"Standard\"]\r\nDEAL 1 dealer n # c\r\nscore ew 60+50 ns 40\r\n",
                    encoding="utf-8")
    assert run(capsys, "format", str(path)) == (
        0, '[Variant "standard"]\n[Event "x"]\n\ndeal 1 dealer N\nscore NS 40 EW 60+50\n', "")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.seep")), ids=lambda p: p.stem)
def test_format_of_an_example_is_the_file(capsys, path) -> None:
    status, out, err = run(capsys, "format", str(path))
    assert out == path.read_text(encoding="utf-8")
    errors = parse(out).errors
    assert status == (2 if errors else 0) and (path.stem in ("e-syntax", "e-seat")) == bool(errors)
    assert err == "".join(f"{path}:{e.line}:{e.column}: {e.rule} {e.msg}\n" for e in errors)


def test_format_writes_a_byte_that_is_not_utf8_back_as_it_was(tmp_path) -> None:
    path = tmp_path / "latin1.seep"
    path.write_bytes(b"deal 1 dealer n\nW 5h   # caf\xe9\nscore ns 40 ew 60\n")
    done = seeplog("format", str(path))
    assert done.stdout == b"deal 1 dealer N\nW 5h   # caf\xe9\nscore NS 40 EW 60\n"
    assert done.returncode == 2
    assert done.stderr.decode() == f"{path}:2:13: E-SYNTAX byte 0xe9 is not UTF-8 text: save the log as UTF-8\n"


def test_format_of_a_missing_file(capsys, tmp_path) -> None:
    status, out, err = run(capsys, "format", str(tmp_path / "nowhere.seep"))
    assert (status, out, err) == (2, "", f"{tmp_path / 'nowhere.seep'}: no such file\n")


# ---------------------------------------------------------------- validate, text

def test_validate_clean(capsys) -> None:
    assert run(capsys, "validate", str(CLEAN)) == (0, f"{CLEAN}: no violations, no errors\n", "")


def test_validate_violations_only(capsys) -> None:
    status, out, _ = run(capsys, "validate", str(VIOLATION))
    assert status == 1
    assert out == f"{VIOLATION}:30:1: R-TURN E plays, but it is S's turn\n    E 5d\n    ^\n"


def test_validate_error(capsys) -> None:
    status, out, _ = run(capsys, "validate", str(ERROR))
    assert status == 2
    first, source, caret = out.splitlines()[:3]
    assert first.startswith(f"{ERROR}:38:6: E-SYNTAX unexpected 'y' after the card: expected")
    assert (source, caret) == ("    S Qd y", "         ^")


def test_the_caret_stands_under_the_column_with_tabs_and_symbols(capsys, tmp_path) -> None:
    path = tmp_path / "tabs.seep"
    path.write_text("deal 1 dealer N\n\tW\t♠♠ x\n", encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(path))
    lines = out.splitlines()
    at = lines.index(f"{path}:2:4: E-CARD '♠♠' is not a card: expected a rank (A 2-9 T J Q K) and a suit (s h d c)")
    assert lines[at + 1:at + 3] == ["     W ♠♠ x", "       ^"]
    assert status == 2


def test_the_caret_stands_under_its_card_after_wide_and_combining_characters(capsys, tmp_path) -> None:
    """A terminal shows 東 two columns wide and a Devanagari vowel sign on the letter before it: the caret is
    placed by the columns shown, not the characters counted (the column reported stays a count of characters)."""
    path = tmp_path / "wide.seep"
    path.write_text("deal 1 dealer N\nW 5h {खेल 東京} Zz\n", encoding="utf-8")
    _, out, _ = run(capsys, "validate", str(path))
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{path}:2:15: E-SYNTAX"))
    assert lines[at + 1:at + 3] == ["    W 5h {खेल 東京} Zz", "    " + " " * 15 + "^"]  # 6 + 2 + 1 + 4 + 2


def test_a_long_line_is_cut_around_the_caret(capsys, tmp_path) -> None:
    path = tmp_path / "long.seep"
    path.write_text("deal 1 dealer N\nW 5h {" + "a" * 5000 + "} Zz\n", encoding="utf-8")
    _, out, _ = run(capsys, "validate", str(path))
    [head] = [line for line in out.splitlines() if "E-SYNTAX" in line]
    at = out.splitlines().index(head)
    source, caret = out.splitlines()[at + 1:at + 3]
    assert head.startswith(f"{path}:2:5009: E-SYNTAX unexpected 'Zz' after the play")
    assert len(source) <= 204 and source[len(caret) - 1] == "Z"


def test_validate_every_file_given(capsys) -> None:
    status, out, _ = run(capsys, "validate", str(CLEAN), str(VIOLATION))
    assert status == 1
    assert out.splitlines()[0] == f"{CLEAN}: no violations, no errors"
    assert out.splitlines()[1].startswith(f"{VIOLATION}:30:1: R-TURN")


def test_validate_a_missing_file(capsys, tmp_path) -> None:
    missing = tmp_path / "nowhere.seep"
    status, out, _ = run(capsys, "validate", str(CLEAN), str(missing))
    assert status == 2
    assert out.splitlines()[-1] == f"{missing}: no such file"


def test_validate_a_directory(capsys, tmp_path) -> None:
    status, out, _ = run(capsys, "validate", str(tmp_path))
    assert (status, out) == (2, f"{tmp_path}: this is a folder, not a file\n")


def test_validate_an_empty_file(capsys, tmp_path) -> None:
    empty = tmp_path / "empty.seep"
    empty.write_bytes(b"")
    status, out, _ = run(capsys, "validate", str(empty))
    assert (status, out) == (2, f"{empty}:1:1: E-SYNTAX the log holds no game: expected tags or a 'deal' line\n")


def test_validate_reads_on_past_a_byte_that_is_not_utf8(capsys, tmp_path) -> None:
    data = CLEAN.read_bytes().replace(b"\nS 6h\n", b"\nS 6h # \xe2\x99\xa0\xff\n", 1)
    assert data != CLEAN.read_bytes()
    path = tmp_path / "bytes.seep"
    path.write_bytes(data)
    line = data[:data.index(b"\xff")].count(b"\n") + 1
    status, out, _ = run(capsys, "validate", "--json", str(path))
    doc = json.loads(out)
    errors = [e for g in doc["games"] for d in g["deals"] for e in d["errors"]]
    assert status == 2 and [(e["rule"], e["line"], e["column"]) for e in errors] == [("E-SYNTAX", line, 9)]
    assert len(doc["games"][0]["deals"]) == 3
    assert [d["errors"] for d in doc["games"][0]["deals"]].count([]) == 2


def test_validate_standard_input() -> None:
    done = seeplog("validate", "-", stdin=VIOLATION.read_bytes())
    assert done.returncode == 1
    assert done.stdout.decode().startswith("-:30:1: R-TURN")


# ---------------------------------------------------------------- validate --json

@pytest.mark.parametrize("path, status", [(CLEAN, 0), (VIOLATION, 1), (ERROR, 2)], ids=["clean", "violation", "error"])
def test_validate_json_prints_the_report(capsys, path, status: int) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(path))
    assert code == status
    assert json.loads(out) == report_json(analyse(path.read_text(encoding="utf-8")))
    assert out.count("\n") == 1


def test_validate_json_several_files_prints_json_lines(capsys, tmp_path) -> None:
    missing = tmp_path / "nowhere.seep"
    files = [CLEAN, VIOLATION, missing, ERROR]
    status, out, _ = run(capsys, "validate", "--json", *map(str, files))
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["file"] for d in docs] == list(map(str, files))
    assert docs[0] == {"file": str(CLEAN), **report_json(analyse(CLEAN.read_text()))}
    assert docs[2]["games"] == [] and docs[2]["errors"][0]["rule"] == "E-SYNTAX"
    assert (docs[2]["errors"][0]["line"], docs[2]["errors"][0]["column"]) == (None, None)
    assert status == 2


@pytest.mark.parametrize("files, status", [(["game-standard-1", "game-thirty-1"], 0),
                                           (["game-standard-1", "r-turn"], 1),
                                           (["r-turn", "e-card"], 2), (["e-card", "r-turn"], 2)])
def test_the_exit_status_is_the_highest(capsys, files: list[str], status: int) -> None:
    code, out, _ = run(capsys, "validate", "--json", *(str(EXAMPLES / f"{f}.seep") for f in files))
    assert code == status and len(out.splitlines()) == len(files)


def test_the_exit_status_through_a_real_process() -> None:
    assert [seeplog("validate", str(p)).returncode for p in (CLEAN, VIOLATION, ERROR)] == [0, 1, 2]
    assert seeplog("validate", "no/such/file.seep").returncode == 2
    assert seeplog("validate").returncode == 2  # usage error


# ---------------------------------------------------------------- decode

@pytest.mark.parametrize("data, where, byte", [
    (b"\xff", "1:1", "0xff"),
    (b"deal 1 dealer N\nW 5h # caf\xe9\n", "2:11", "0xe9"),
    (b"deal 1 dealer N\n\xe2\x99\xa0\xe2\x99\xa0 \xc3(\n", "2:4", "0xc3"),
    (b"\xef\xbb\xbfdeal \x80", "1:6", "0x80"),
])
def test_decode_names_the_line_and_character_column_of_a_bad_byte(data: bytes, where: str, byte: str) -> None:
    with pytest.raises(InputError) as caught:
        decode(data)
    assert str(caught.value) == f"{where}: E-SYNTAX the file is not UTF-8 text (byte {byte})"


def test_decode_utf8() -> None:
    assert decode("deal 1 dealer N\nW T♥ x T♠\n".encode()) == "deal 1 dealer N\nW T♥ x T♠\n"


# ---------------------------------------------------------------- score and legal

def test_score_exit_status_follows_validate(capsys) -> None:
    assert [run(capsys, "score", str(p))[0] for p in (CLEAN, VIOLATION, ERROR)] == [0, 1, 2]


@pytest.mark.parametrize("text", ["", "# only a comment\n"], ids=["empty", "comment"])
def test_score_of_a_log_with_no_game_says_why(capsys, tmp_path, text: str) -> None:
    path = tmp_path / "empty.seep"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "score", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"{path}:1:1: E-SYNTAX the log holds no game: expected tags or a 'deal' line\n")


def test_legal_lists_canonical_moves_sorted(capsys) -> None:
    status, out, _ = run(capsys, "legal", str(CLEAN), "--deal", "1", "--play", "2")
    moves = [line for line in out.splitlines() if not line.startswith("#")]
    assert status == 0 and moves == sorted(moves) and moves
    for move in moves:
        play = parse(f"deal 1 dealer N\nW {move}\n").games[0].deals[0].plays[0]
        assert f"W {move}" == f"{play.seat} {move_text(play.move)}"


def test_format_of_a_log_with_no_game_says_so_as_validate_does(capsys, tmp_path) -> None:
    path = tmp_path / "empty.seep"
    path.write_text("# nothing yet\n", encoding="utf-8")
    assert main(["format", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"{path}:1:1: E-SYNTAX the log holds no game: expected tags or " \
                                                  "a 'deal' line\n"


def test_a_seat_tag_left_blank_names_the_seat_as_an_untagged_one_does(capsys, tmp_path) -> None:
    """`[North ""]` (or spaces) is no name: the scoresheet said "N ," for it."""
    path = tmp_path / "blank.seep"
    path.write_text('[North ""]\n[West "  "]\n[South "Ravi"]\n\ndeal 1 dealer N\nscore NS 40 EW 60\n',
                    encoding="utf-8")
    out = run(capsys, "score", str(path))[1]
    assert "variant standard; N N, W W, S Ravi, E E\n" in out


def test_a_line_shown_under_its_finding_shows_control_characters_as_pictures(capsys, tmp_path) -> None:
    """An escape sequence typed (or pasted) into a log is not sent to the terminal, and the caret stays under
    the column found."""
    path = tmp_path / "escape.seep"
    path.write_text("deal 1 dealer N\nfloor Kc 9d 5d 4h\nbid W 13\nW Ks \x1b[31mRED\x1b]0;title\x07 x\n",
                    encoding="utf-8")
    out = run(capsys, "validate", str(path))[1]
    shown, caret = next(zip(out.splitlines()[1:], out.splitlines()[2:]))
    assert "\x1b" not in out and "\x07" not in out
    assert shown == "    W Ks \u241b[31mRED\u241b]0;title\u2407 x" and caret.index("^") == 4 + 5


def test_the_same_finding_on_lines_apart_is_printed_on_each(capsys, tmp_path) -> None:
    """Lines 3, 50 and 100 say the same: told each on its own ("50-100: ... these 2 lines" counted 51 lines)."""
    path = tmp_path / "apart.seep"
    lines = CLEAN.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:2] + ["foo"] + [""] * 46 + ["foo"] + [""] * 49 + ["foo"] + lines[2:]) + "\n",
                    encoding="utf-8")
    out = run(capsys, "validate", str(path))[1]
    assert [line.split(": ")[0] for line in out.splitlines() if "E-SYNTAX" in line] == \
        [f"{path}:{n}:1" for n in (3, 50, 100)]


def test_the_same_finding_line_after_line_is_printed_once_with_the_lines_it_covers(capsys, tmp_path) -> None:
    """A deal whose deal line is missing: each of its lines is E-SYNTAX in the report; the command line prints
    the first with its caret and counts the rest."""
    lines = CLEAN.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("deal 1 "))
    end = next(i for i, line in enumerate(lines) if line.startswith("deal 2 "))
    path = tmp_path / "no-deal-line.seep"
    path.write_text("\n".join(lines[start + 1:end]).strip() + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(path))
    count = len(path.read_text(encoding="utf-8").splitlines())
    assert status == 2
    said = "this line belongs to a deal: expected a 'deal N dealer SEAT' line before it"
    assert out.splitlines()[0] == f"{path}:1:1: E-SYNTAX {said}"
    assert out.splitlines()[3:] == [f"{path}:2-{count}: E-SYNTAX the same, on each of these {count - 1} lines"]
    doc = json.loads(run(capsys, "validate", "--json", str(path))[1])
    assert len(doc["games"][0]["errors"]) == count  # the report still holds each line's error


def test_version_names_the_release_of_pyproject_and_the_library_fingerprint(capsys) -> None:
    import tomllib
    from pathlib import Path

    import seeplog
    from seeplog.fingerprint import library_fingerprint
    with (Path(__file__).resolve().parents[1] / "pyproject.toml").open("rb") as toml:
        assert tomllib.load(toml)["project"]["version"] == seeplog.__version__
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"seeplog {seeplog.__version__} (library {library_fingerprint()[:12]})\n"


def test_legal_ends_with_the_recorded_play_and_what_the_validator_says_of_it(capsys) -> None:
    status, out, _ = run(capsys, "legal", str(EXAMPLES / "r-capture-all.seep"), "--deal", "2", "--play", "48")
    assert status == 0 and out.splitlines()[-2:] == [
        "Kc x [13] Td+3s",
        "# recorded, line 112: E Kc x [13] — R-CAPTURE-ALL Kc left Td+3s on the floor, which it also takes"]
    status, out, _ = run(capsys, "legal", str(EXAMPLES / "e-card.seep"), "--deal", "2", "--play", "15")
    assert out.splitlines()[-1] == "# recorded, line 79: W 4d — E-CARD 4d was already seen in this deal (floor)"
    status, out, _ = run(capsys, "legal", str(EXAMPLES / "r-capture-all.seep"), "--deal", "1", "--play", "3")
    assert out.splitlines()[-1].endswith("— no finding")


def test_the_scoresheets_flags_name_the_rules_each_deal_broke(capsys, tmp_path) -> None:
    status, out, _ = run(capsys, "score", str(EXAMPLES / "r-capture-all.seep"))
    rows = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert status == 1 and rows[1][-1] == "R-CAPTURE-ALL" and rows[0][-1] != "R-CAPTURE-ALL"
    path = tmp_path / "twice.seep"
    path.write_text("deal 1 dealer N\nscore NS 60 EW 40\n\ndeal 2 dealer E\nscore NS 50 EW 52\n\n"
                    "deal 3 dealer E\nscore NS 50 EW 50\n", encoding="utf-8")
    status, out, _ = run(capsys, "score", str(path))
    second = next(line for line in out.splitlines() if line.startswith("2 "))
    assert second.endswith("  R-DEALER, R-SCORE-TOTAL")  # W was to deal; 50 + 52 is not 100


def test_validate_reads_a_utf16_file_with_its_byte_order_mark(capsys, tmp_path) -> None:
    path = tmp_path / "notepad.seep"
    path.write_bytes(CLEAN.read_text(encoding="utf-8").encode("utf-16"))
    assert run(capsys, "validate", str(path)) == (0, f"{path}: no violations, no errors\n", "")


@pytest.mark.parametrize(("command", "status", "said"), [
    (("validate", "--json"), 1, b""), (("score",), 1, b""),
    (("format",), 2, b":6001:1: E-SYNTAX")])
def test_a_command_keeps_its_exit_status_when_the_reader_stops_reading(tmp_path, command, status, said):
    """`seeplog validate --json big.seep | head -c 100` under `set -o pipefail`: 1 for the violations found, as
    when the whole output is read (it was 0), and nothing said on standard error but the log's errors."""
    log = tmp_path / "big.seep"
    log.write_text("".join(f"deal {n} dealer N\nscore NS 40 EW 60\n" for n in range(1, 3001))  # R-DEALER
                   + ("Zz\n" if command == ("format",) else ""))
    with subprocess.Popen([sys.executable, "-m", "seeplog", *command, str(log)], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout.read(100)
        process.stdout.close()
        assert process.wait(timeout=60) == status
        errors = process.stderr.read()
        assert said in errors and b"Error" not in errors
    assert seeplog(*command, str(log)).returncode == status
