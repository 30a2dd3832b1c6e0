"""python -m seeplog live new|add|show: a log kept live in a file."""
from __future__ import annotations

from seeplog.__main__ import main


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
    assert main(["live", "show", str(path)]) == 0
    assert "entry 9: R-MUST-CAPTURE" in capsys.readouterr().out


def test_live_add_keeps_every_accepted_line_around_a_refused_one(tmp_path, capsys):
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path), "--player", "N=Asha"]) == 0
    capsys.readouterr()
    assert main(["live", "add", str(path), "deal 1 dealer N", "floor Kh Jc 9s 2s", "N Zz", "bid w 11",
                 "W Jd x Jc 9s+2s"]) == 2
    captured = capsys.readouterr()
    assert "line 3 of the command, column 3: E-CARD" in captured.err and "    N Zz\n      ^" in captured.err
    assert "entry 6: W Jd x Jc 9s+2s" in captured.out
    assert path.read_text(encoding="utf-8") == ('[Variant "standard"]\n[North "Asha"]\n\ndeal 1 dealer N\n'
                                                "floor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n")
    assert main(["live", "add", str(path), "S 5h", "hello world"]) == 2
    assert "line 2 of the command, column 1: E-SYNTAX" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8").endswith("W Jd x Jc 9s+2s\nS 5h\n")


def test_live_add_to_a_missing_file_says_so(tmp_path, capsys):
    assert main(["live", "add", str(tmp_path / "none.seep"), "deal 1 dealer N"]) == 2
    assert "no such file" in capsys.readouterr().err
