"""The command line: python -m seeplog format|validate|score|legal FILE."""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import unicodedata
from typing import Any, Sequence

from . import __version__
from .fingerprint import library_fingerprint
from .notation import Log, parse, split_lines
from .analysis import Analysis, build
from .report import (NO_GAME, NOT_A_LOG, exit_status, findings, is_report_text, report_json, same_runs,
                     validation_report)
from .text import InputError, decode, decode_lenient, encode_back, printable, read_bytes, utf16_text

__all__ = ["InputError", "decode", "decode_lenient", "encode_back", "printable", "main"]

MAX_BYTES = 64 * 1024 * 1024


def read_text(path: str) -> str:
    """The file as text; bytes that are not UTF-8 are kept as escapes, and `parse` reports their lines.

    :raises InputError: when the file cannot be read, or holds a validation report instead of a log.
    """
    data = read_bytes(path)
    text = utf16_text(data) or decode_lenient(data)
    if text.lstrip("\ufeff \t\r\n").startswith("{") and is_report_text(text):
        raise InputError(NOT_A_LOG)
    return text


def write_back(text: str) -> None:
    """Write text to standard output with any byte that was not UTF-8 as it was read."""
    buffer = getattr(sys.stdout, "buffer", None)
    try:
        if buffer is None:
            sys.stdout.write(printable(text))
            return
        sys.stdout.flush()
        buffer.write(encode_back(text))
        buffer.flush()
    except BrokenPipeError:  # the reader stopped reading (`| head`): the command's status still says what it found
        _reader_gone()


def say(text: str) -> None:
    """`print`, that stops quietly where the reader stops reading (the command's status stands)."""
    try:
        print(text)
    except BrokenPipeError:
        _reader_gone()


CONTROL_PICTURES = {**{code: 0x2400 + code for code in range(32)}, 0x7F: 0x2421,
                    **{code: 0xFFFD for code in range(0x80, 0xA0)}}
"""A control character of a line shown under its finding, as a picture of it (``␛``): sent as it is, it would
steer the terminal (colours, its title) and throw the caret off."""


def _caret_lines(text_lines: list[str], finding: dict[str, Any]) -> list[str]:
    line, column = finding.get("line"), finding.get("column") or 1
    if not line or line > len(text_lines):
        return []
    source = printable(text_lines[line - 1]).replace("\t", " ").translate(CONTROL_PICTURES)
    if len(source) > 200:
        start = max(0, column - 100)
        source, column = source[start:start + 200], column - start
    return ["    " + source, "    " + " " * shown_width(source[:column - 1]) + "^"]


def shown_width(text: str) -> int:
    """How many columns of a terminal `text` takes: a wide character (CJK) two, a combining mark (a Devanagari
    vowel sign) none, so that the caret stands under its character.

    >>> shown_width("खेल 東京 x")  # 1 + 0 + 1, a space, 2 + 2, a space, 1
    9
    """
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def in_line_order(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every error and violation of a report, in line order."""
    return sorted(findings(doc), key=lambda f: (f.get("line") or 0, f.get("column") or 0))


def compiler_lines(name: str, text: str, doc: dict[str, Any]) -> list[str]:
    """``file:line:col: ID message`` for every finding, each with its line and a caret under the column; a
    run of the same finding on line after line, once, with how many lines it covers."""
    found = in_line_order(doc)
    text_lines = [line for _, line in split_lines(text)] if found else []
    out = []
    for run in same_runs(found, lambda f: (f.get("line"), (f["rule"], f["message"]))):
        f = run[0]
        where = f"{name}:{f['line']}:{f.get('column') or 1}" if f.get("line") else name
        out.append(f"{where}: {f['rule']} {printable(f['message'])}")
        out.extend(_caret_lines(text_lines, f))
        if len(run) > 1:
            out.append(f"{name}:{run[1]['line']}-{run[-1]['line']}: {f['rule']} the same, on each of these "
                       f"{len(run) - 1} lines")
    return out


def validate_file(path: str) -> tuple[dict[str, Any], str | None]:
    """The report of a file and its text (None when the file cannot be read as a log)."""
    try:
        text = read_text(path)
    except InputError as exc:
        return {"games": [], "errors": [_file_error(str(exc))]}, None
    return validation_report(text), text


def _file_error(message: str) -> dict[str, Any]:
    """A file that cannot be read at all: the error has no line."""
    return {"rule": "E-SYNTAX", "play": None, "seat": None, "line": None, "column": None, "message": message}


def cmd_validate(args: argparse.Namespace) -> int:
    worst = 0
    try:
        for path in args.files:
            doc, text = validate_file(path)
            worst = max(worst, exit_status(doc))
            _print_report(args, path, doc, text)
    except BrokenPipeError:  # the reader stopped reading (`| head`): the status still says what was found
        _reader_gone()
    return worst


def _print_report(args: argparse.Namespace, path: str, doc: dict[str, Any], text: str | None) -> None:
    if args.json:
        if len(args.files) > 1:
            doc = {"file": path, **doc}
        print(json.dumps(doc, ensure_ascii=False, check_circular=False))  # a report is a tree: no cycle to look for
    elif text is None:
        print(f"{path}: {doc['errors'][0]['message']}")
    else:
        lines = compiler_lines(path, text, doc)
        print("\n".join(lines) if lines else f"{path}: no violations, no errors")


def _reader_gone() -> None:
    """Standard output's reader has closed it: what is left to write goes nowhere, and so does the last flush
    at exit (which would otherwise print a BrokenPipeError on standard error)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def read_log(path: str) -> Log | None:
    """The log in a file, or None after saying on standard error why it cannot be read."""
    try:
        return parse(read_text(path))
    except InputError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return None


def cmd_format(args: argparse.Namespace) -> int:
    log = read_log(args.file)
    if log is None:
        return 2
    if not log.games and not log.errors:  # nothing to write: say why, as validate does
        print(f"{args.file}:1:1: E-SYNTAX {NO_GAME['message']}", file=sys.stderr)
        return 2
    from .canonical import dumps
    write_back(dumps(log))
    for error in log.errors:
        print(f"{args.file}:{error.line}:{error.column}: {error.rule} {error.msg}", file=sys.stderr)
    return 2 if log.errors else 0


def cmd_score(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file)
    except InputError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    from .scoresheet import scoresheet_text
    analysis = build(text)
    doc = report_json(analysis)
    if not analysis.games:  # nothing to score: say why, as validate does
        print("\n".join(compiler_lines(args.file, text, doc)), file=sys.stderr)
        return 2
    say("\n\n".join(scoresheet_text(a) for a in analysis.games))
    return exit_status(doc)


def cmd_rules(args: argparse.Namespace) -> int:
    from .rules import catalogue_markdown
    sys.stdout.write(catalogue_markdown())
    return 0


def cmd_ratings(args: argparse.Namespace) -> int:
    """The leaderboard of the files' games (openskill: `pip install 'seeplog[web]'` or `openskill`)."""
    try:
        from .clubs.logs import logs_ratings, ratings_text
    except ImportError as exc:
        print(f"seeplog ratings needs the openskill package ({exc}): pip install openskill", file=sys.stderr)
        return 2
    texts = []
    for path in args.files:
        try:
            texts.append(read_text(path))
        except InputError as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            return 2
    players, partnerships, names = logs_ratings(texts)
    sys.stdout.write(ratings_text(players, partnerships, names))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    from .position import legal_at
    try:
        analysis = build(read_text(args.file))
    except InputError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        position = legal_at(analysis, args.game, args.deal, args.play)
    except LookupError as exc:
        print(f"{args.file}: {exc.args[0]}", file=sys.stderr)
        return 2
    print("\n".join(position.header() + list(position.plays) + recorded_lines(analysis, args)))
    return 0


def recorded_lines(analysis: Analysis, args: argparse.Namespace) -> list[str]:
    """The play the log records there, and what the validator says of it, as comments (a dispute settled at
    one look: the legal plays above, the recorded one and its findings here)."""
    from .notation.writer import statement_text
    deal = analysis.deal(args.game, args.deal)
    plays = deal.replay.deal.plays if deal is not None else ()
    if deal is None or not 1 <= args.play <= len(plays):
        return ["# recorded: nothing yet (the play after the last recorded)"]
    found = [f for f in deal.errors + deal.violations if f.play == args.play]
    said = "; ".join(f"{f.rule} {f.message}" for f in found) or "no finding"
    return [f"# recorded, line {plays[args.play - 1].line}: {statement_text(plays[args.play - 1])} — {said}"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m seeplog", description="Read, validate and score Seep logs.")
    parser.add_argument("--version", action="version",
                        version=f"seeplog {__version__} (library {library_fingerprint()[:12]})")
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check every play; print findings or the JSON report")
    validate.add_argument("files", nargs="+", metavar="FILE", help="a .seep log ('-' for standard input)")
    validate.add_argument("--json", action="store_true", help="print the report of REPORT.md")
    validate.set_defaults(run=cmd_validate)
    fmt = commands.add_parser("format", help="print the log in canonical form")
    fmt.add_argument("file", metavar="FILE")
    fmt.set_defaults(run=cmd_format)
    score = commands.add_parser("score", help="print a text scoresheet")
    score.add_argument("file", metavar="FILE")
    score.set_defaults(run=cmd_score)
    legal = commands.add_parser(
        "legal", help="print the floor, the hand to move and its legal plays before a play",
        description="Print the floor and the hand of the seat to move (as the log shows it) before a play, "
                    "then the legal plays of that seat, one a line in canonical notation: "
                    "one per outcome (what the card takes or joins), "
                    "other groupings of the same cards counted in a comment. The play may be "
                    "the one where the replay stopped at a log error, or the one after the last recorded.")
    legal.add_argument("file", metavar="FILE", help="a .seep log")
    legal.add_argument("--game", type=int, default=1, metavar="N",
                       help="which game of the file, from 1 (default 1)")
    legal.add_argument("--deal", type=int, required=True, metavar="N", help="the deal's number, as written in the log")
    legal.add_argument("--play", type=int, required=True, metavar="K",
                       help="the play, from 1: the position is the one just before it")
    legal.set_defaults(run=cmd_legal)
    ratings = commands.add_parser("ratings", help="print the players' and partnerships' ratings of the files' games")
    ratings.add_argument("files", nargs="+", metavar="FILE")
    ratings.set_defaults(run=cmd_ratings)
    rules = commands.add_parser("rules", help="print the rule catalogue (docs/rules.md)")
    rules.set_defaults(run=cmd_rules)
    _add_live_commands(commands)
    return parser


def _live(name: str) -> Any:
    """The `live` command `name` of seeplog.live.cli, loaded only when that command runs."""
    def run(args: argparse.Namespace) -> int:
        from .live import cli as livecli
        return int(getattr(livecli, name)(args))
    return run


def _add_live_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .notation.tags import VARIANT_NAMES
    live = commands.add_parser("live", help="keep a log live in a file, one line at a time")
    sub = live.add_subparsers(dest="live_command", required=True)
    new = sub.add_parser("new", help="start a live log")
    new.add_argument("file", metavar="FILE")
    new.add_argument("--variant", default="standard", choices=VARIANT_NAMES)
    new.add_argument("--player", action="append", metavar="SEAT=NAME")
    new.add_argument("--tag", action="append", metavar="NAME=VALUE")
    new.set_defaults(run=_live("cmd_new"))
    add = sub.add_parser("add", help="append lines of notation; print each one's verdict and what comes next")
    add.add_argument("file", metavar="FILE")
    add.add_argument("lines", nargs="+", metavar="LINE")
    add.set_defaults(run=_live("cmd_add"))
    show = sub.add_parser("show", help="print the findings so far and what comes next")
    show.add_argument("file", metavar="FILE")
    show.set_defaults(run=_live("cmd_show"))


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        _reader_gone()
        return 0


def run_as_command() -> int:
    """`main` as a process of its own: one short run. The reader and the replay make many small objects and
    hardly any reference cycles, so the collector of cycles is off while it runs (reference counting frees
    what it makes, and the few cycles go at exit); what is left when it ends (the modules, the remembered
    lines) is frozen, so that the interpreter's last collection at exit does not walk it all again."""
    gc.freeze()
    gc.disable()
    status = main()
    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(run_as_command())
