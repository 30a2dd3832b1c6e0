"""python -m seeplog live new|add|show: a log kept live in a file."""
from __future__ import annotations

from seeplog import text as textmodule
from seeplog.__main__ import main
from seeplog.live import cli as livecli
from tests.helpers import EXAMPLES


def test_live_new_add_show(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path), "--player", "N=Asha", "--tag", "Event=Club"]) == 0
    assert main(["live", "new", str(path)]) == 2
    assert main(["live", "add", str(path), "deal 1 dealer N", "floor Kh Jc 9s 2s", "bid w 11",
                 "w jd x jc 9s+2s", "S 5h"]) == 0
    out = capsys.readouterr().out
    assert "entry 7: W Jd x Jc 9s+2s" in out and out.rstrip().endswith("next: play 3 of deal 1, E to play; "
                                                                        "lead 0; baazis NS 0 EW 0")
    assert main(["live", "add", str(path), "E 5c"]) == 1
    assert "R-MUST-CAPTURE" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert main(["live", "add", str(path), "N Zz"]) == 2
    assert "E-CARD" in capsys.readouterr().err and path.read_text(encoding="utf-8") == text
    assert text == ('[Variant "standard"]\n[North "Asha"]\n[Event "Club"]\n\ndeal 1 dealer N\n'
                    "floor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\nS 5h\nE 5c\n")
    assert main(["live", "show", str(path)]) == 1  # R-MUST-CAPTURE, as validate exits
    assert "entry 9: R-MUST-CAPTURE" in capsys.readouterr().out


def test_live_add_keeps_every_accepted_line_around_a_refused_one(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path), "--player", "N=Asha"]) == 0
    capsys.readouterr()
    assert main(["live", "add", str(path), "deal 1 dealer N", "floor Kh Jc 9s 2s", "N Zz", "bid w 11",
                 "W Jd x Jc 9s+2s"]) == 2
    captured = capsys.readouterr()
    assert "argument 3, column 3: E-CARD" in captured.err and "    N Zz\n      ^" in captured.err
    assert "entry 6: W Jd x Jc 9s+2s" in captured.out
    assert path.read_text(encoding="utf-8") == ('[Variant "standard"]\n[North "Asha"]\n\ndeal 1 dealer N\n'
                                                "floor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n")
    assert main(["live", "add", str(path), "S 5h", "hello world"]) == 2
    assert "argument 2, column 1: E-SYNTAX" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8").endswith("W Jd x Jc 9s+2s\nS 5h\n")


def test_live_add_to_a_missing_file_says_so(tmp_path, capsys):
    assert main(["live", "add", str(tmp_path / "none.seep"), "deal 1 dealer N"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_live_new_in_a_missing_folder_says_so(tmp_path, capsys):
    path = tmp_path / "nodir" / "x.seep"
    assert main(["live", "new", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"{path}: cannot write the file: no such folder\n" and not path.exists()


def test_live_new_on_a_folder_says_it_is_a_folder(tmp_path, capsys):
    assert main(["live", "new", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"{tmp_path}: this is a folder, not a file\n"


def test_live_add_and_show_on_a_folder_say_so(tmp_path, capsys):
    for command in (["add", str(tmp_path), "deal 1 dealer N"], ["show", str(tmp_path)]):
        assert main(["live", *command]) == 2
        assert capsys.readouterr().err == f"{tmp_path}: this is a folder, not a file\n"


def test_live_show_of_a_missing_file_says_so(tmp_path, capsys):
    assert main(["live", "show", str(tmp_path / "none.seep")]) == 2
    assert "none.seep: no such file" in capsys.readouterr().err


def test_live_add_to_a_file_it_cannot_read_or_write_says_so(tmp_path, capsys, monkeypatch):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path)]) == 0
    capsys.readouterr()

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(livecli, "open", refused, raising=False)  # as root, a read-only file is written all the same
    assert main(["live", "add", str(path), "deal 1 dealer N"]) == 2
    assert capsys.readouterr().err == f"{path}: cannot write the file: Permission denied (nothing was recorded)\n"
    assert path.read_text(encoding="utf-8") == '[Variant "standard"]\n'
    monkeypatch.setattr(textmodule, "open", refused, raising=False)
    assert main(["live", "show", str(path)]) == 2
    assert capsys.readouterr().err == f"{path}: cannot read the file: Permission denied\n"


def test_live_new_under_a_file_says_so(tmp_path, capsys):
    (tmp_path / "afile").write_text("", encoding="utf-8")
    assert main(["live", "new", str(tmp_path / "afile" / "x.seep")]) == 2
    assert "cannot write the file: a part of its path is a file, not a folder" in capsys.readouterr().err


def test_live_add_keeps_comments_blank_lines_and_lines_as_written(tmp_path, capsys):
    path = tmp_path / "table.seep"
    kept = ('# Friday table 3\n[North "Asha"]\n[Variant "standard"]   # the club\'s rules\n\n\n'
            "# the first deal\ndeal 1 dealer N\nfloor kh jc 9s 2s\nbid w 11\n")
    path.write_text(kept, encoding="utf-8")
    assert main(["live", "add", str(path), "w jd x jc 9s+2s", "S 5h"]) == 0
    assert path.read_text(encoding="utf-8") == kept + "W Jd x Jc 9s+2s\nS 5h\n"
    assert "entry 7: S 5h" in capsys.readouterr().out


def test_live_add_reads_a_byte_order_mark_as_one_and_keeps_it_once(tmp_path, capsys):
    path = tmp_path / "table.seep"
    path.write_bytes('\ufeff[Variant "standard"]\n[North "Asha"]\n'.encode())
    assert main(["live", "add", str(path), "deal 1 dealer N"]) == 0
    assert path.read_bytes() == '\ufeff[Variant "standard"]\n[North "Asha"]\n\ndeal 1 dealer N\n'.encode()
    assert "entry 3: deal 1 dealer N" in capsys.readouterr().out


def test_live_add_writes_in_the_files_line_ends(tmp_path):
    path = tmp_path / "table.seep"
    path.write_bytes(b'[Variant "standard"]\r\n\r\ndeal 1 dealer N\r\nscore NS 60 EW 40')
    assert main(["live", "add", str(path), "deal 2 dealer W", "floor Kh Jc 9s 2s"]) == 0
    assert path.read_bytes() == (b'[Variant "standard"]\r\n\r\ndeal 1 dealer N\r\nscore NS 60 EW 40\r\n'
                                 b"\r\ndeal 2 dealer W\r\nfloor Kh Jc 9s 2s\r\n")


def test_live_add_starts_a_deal_or_a_game_after_one_blank_line(tmp_path):
    path = tmp_path / "table.seep"
    path.write_text('[Variant "standard"]\n\ndeal 1 dealer N\nscore NS 60 EW 40\n\n', encoding="utf-8")
    assert main(["live", "add", str(path), "deal 2 dealer W", "score NS 50 EW 50", '[Variant "standard"]',
                 '[North "Asha"]', "deal 1 dealer N"]) == 0
    assert path.read_text(encoding="utf-8") == (
        '[Variant "standard"]\n\ndeal 1 dealer N\nscore NS 60 EW 40\n\ndeal 2 dealer W\nscore NS 50 EW 50\n'
        '\n[Variant "standard"]\n[North "Asha"]\n\ndeal 1 dealer N\n')


def test_live_says_a_refused_argument_by_its_number_and_an_earlier_line_by_its_line_in_the_file(tmp_path, capsys):
    path = tmp_path / "table.seep"
    path.write_text('# Friday table 3\n[Variant "standard"]\n\n# the first deal\ndeal 1 dealer N\nfloor Kh Jc 9s 2s\n',
                    encoding="utf-8")
    assert main(["live", "add", str(path), "bid W 11", "floor 2c 3c 4c 5c"]) == 2
    assert capsys.readouterr().err.startswith(
        f"{path}: argument 2, column 1: E-SYNTAX: a second floor line in deal 1 (the first is on line 6 of {path}) "
        "(not recorded; the other lines are)\n")
    with path.open("a", encoding="utf-8") as handle:
        handle.write("floor 2c 3c 4c 5c\n")
    main(["live", "show", str(path)])
    assert (f"entry 5: E-SYNTAX: a second floor line in deal 1 (the first is on line 6 of {path})"
            in capsys.readouterr().out)


def test_live_add_takes_each_line_of_an_argument_as_an_entry(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path)]) == 0
    lines = ["deal 1 dealer N\nfloor Kc Kh 9d 2h", "\n  \r\nbid W 11\r\n\nW Jd x 9d+2h"]
    assert main(["live", "add", str(path), *lines]) == 0
    out = capsys.readouterr().out
    assert "entry 2: deal 1 dealer N\nentry 3: floor Kh Kc 9d 2h\nentry 4: bid W 11\nentry 5: W Jd x 9d+2h\n" in out
    assert path.read_text(encoding="utf-8") == ('[Variant "standard"]\n\ndeal 1 dealer N\nfloor Kh Kc 9d 2h\nbid W 11\n'
                                                "W Jd x 9d+2h\n")


def test_live_add_says_which_line_of_an_argument_it_refuses(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path)]) == 0
    assert main(["live", "add", str(path), "deal 1 dealer N\nfloor Kc Kh 9d 4h\nN Zz\nbid W 11", ""]) == 2
    captured = capsys.readouterr()
    assert "entry 4: bid W 11" in captured.out
    assert f"{path}: argument 1, line 3, column 3: E-CARD" in captured.err and "    N Zz\n      ^" in captured.err
    assert f"{path}: argument 2, column 1: E-SYNTAX: the line holds no statement" in captured.err


def test_live_show_exits_as_validate_does_with_the_last_deal_in_progress(tmp_path, capsys):
    path = tmp_path / "table.seep"
    path.write_text((EXAMPLES / "r-house-value.seep").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["live", "show", str(path)]) == main(["validate", str(EXAMPLES / "r-house-value.seep")]) == 1
    assert "R-HOUSE-VALUE" in capsys.readouterr().out
    path.write_text('[Variant "standard"]\n\ndeal 1 dealer N\nfloor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n',
                    encoding="utf-8")
    assert main(["live", "show", str(path)]) == 0  # the deal is being played: not E-INCOMPLETE
    path.write_text(path.read_text(encoding="utf-8") + "S Zz\n", encoding="utf-8")
    assert main(["live", "show", str(path)]) == 2
    assert "entry 6: E-CARD" in capsys.readouterr().out


def test_live_show_of_a_file_with_no_game_says_so(tmp_path, capsys):
    path = tmp_path / "table.seep"
    path.write_text("# nothing yet\n", encoding="utf-8")
    assert main(["live", "show", str(path)]) == 2
    assert f"{path}: E-SYNTAX: the log holds no game" in capsys.readouterr().out


def test_live_add_exits_by_the_findings_its_lines_reveal(tmp_path, capsys):
    path = tmp_path / "table.seep"
    lines = (EXAMPLES / "r-house-hold.seep").read_text(encoding="utf-8").splitlines(keepends=True)
    reveals = lines.index("S Jc\n")
    path.write_text("".join(lines[:reveals]), encoding="utf-8")
    assert main(["live", "add", str(path), "S Jc"]) == 1
    assert "revealed at entry 28: R-HOUSE-HOLD" in capsys.readouterr().out
    assert main(["live", "add", str(path), "deal 2 dealer E"]) == 2
    assert "revealed at entry 54: E-INCOMPLETE" in capsys.readouterr().out


def test_live_add_says_a_play_past_a_log_error_is_not_judged_and_why(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path)]) == 0
    assert main(["live", "add", str(path), "deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 13", "W Kd x Kh",
                 "S 9s"]) == 2  # 9s is on the floor: E-CARD stops the deal's replay
    capsys.readouterr()
    assert main(["live", "add", str(path), "E 3d"]) == 2
    out = capsys.readouterr().out
    assert "entry 7: E 3d\n  not judged: deal 1's replay stops at entry 6 (E-CARD); correct that entry and this " \
           "one is judged\n" in out
    other = tmp_path / "other.seep"
    assert main(["live", "new", str(other)]) == 0
    assert main(["live", "add", str(other), "deal 1 dealer N", "bid W 13", "W Kd"]) == 2
    assert "  not judged: deal 1 has no floor line before its plays\n" in capsys.readouterr().out


def test_live_new_refuses_a_tag_given_twice_or_not_written_name_value(tmp_path, capsys):
    path = tmp_path / "table.seep"
    for options, said in [
        (["--player", "N=Asha", "--tag", "North=Zed"], "--tag North=Zed: North is given already by --player N=Asha: "
                                                      "give it once"),
        (["--tag", "Variant=thirty"], "--tag Variant=thirty: Variant is given already by --variant: give it once"),
        (["--tag", "Event"], "--tag Event: write NAME=VALUE, e.g. --tag Event=Club"),
        (["--tag", "Event=Club", "--tag", "event=Night"], "--tag event=Night: event is given already by --tag "
                                                          "Event=Club: give it once"),
    ]:
        assert main(["live", "new", str(path), *options]) == 2
        assert capsys.readouterr().err == said + "\n" and not path.exists()
    assert main(["live", "new", str(path), "--variant", "thirty", "--player", "N=Asha", "--tag", "Event=Club"]) == 0
    assert path.read_text(encoding="utf-8").startswith('[Variant "thirty"]\n[North "Asha"]\n[Event "Club"]\n')
