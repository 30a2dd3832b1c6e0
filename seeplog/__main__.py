"""The command line: python -m seeplog format|validate|score|legal FILE."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from .legal import legal_plays
from .notation import Log, parse, split_lines
from .replay import replay_deal
from .report import analyse, exit_status, report
from .rules import catalogue_markdown
from .ruleset import ruleset_for
from .scoresheet import scoresheet_text
from .writer import dumps

MAX_BYTES = 64 * 1024 * 1024


class InputError(Exception):
    """A file that cannot be read as text."""


def read_bytes(path: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from None


def read_text(path: str) -> str:
    """The file as text; bytes that are not UTF-8 are kept as escapes, and `parse` reports their lines."""
    return decode_lenient(read_bytes(path))


def decode(data: bytes) -> str:
    """UTF-8 text, or an error naming the line and column (in characters) of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode("utf-8", "replace").lstrip("\ufeff")) + 1
        raise InputError(f"{line}:{column}: E-SYNTAX the file is not UTF-8 text "
                         f"(byte 0x{data[exc.start]:02x})") from None


def decode_lenient(data: bytes) -> str:
    """UTF-8 text where every byte that is not UTF-8 becomes a lone surrogate (``surrogateescape``):
    `parse` reports its line as unreadable, and `encode_back` writes the byte back as it was."""
    return data.decode("utf-8", "surrogateescape")


def encode_back(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def write_back(text: str) -> None:
    """Write text to standard output with any byte that was not UTF-8 as it was read."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(printable(text))
        return
    sys.stdout.flush()
    buffer.write(encode_back(text))
    buffer.flush()


def printable(text: str) -> str:
    """Text safe to print: a byte that was not UTF-8 shows as U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _caret_lines(text_lines: list[str], finding: dict[str, Any]) -> list[str]:
    line, column = finding.get("line"), finding.get("column") or 1
    if not line or line > len(text_lines):
        return []
    source = printable(text_lines[line - 1]).replace("\t", " ")
    if len(source) > 200:
        start = max(0, column - 100)
        source, column = source[start:start + 200], column - start
    return ["    " + source, "    " + " " * (column - 1) + "^"]


def findings(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every error and violation of a report, in line order."""
    found = list(doc.get("errors", []))
    for game in doc["games"]:
        found += game["errors"]
        for deal in game["deals"]:
            found += deal["errors"] + deal["violations"]
    return sorted(found, key=lambda f: (f.get("line") or 0, f.get("column") or 0))


def compiler_lines(name: str, text: str, doc: dict[str, Any]) -> list[str]:
    """``file:line:col: ID message`` for every finding, each with its line and a caret under the column."""
    text_lines = [line for _, line in split_lines(text)]
    out = []
    for f in findings(doc):
        where = f"{name}:{f['line']}:{f.get('column') or 1}" if f.get("line") else name
        out.append(f"{where}: {f['rule']} {printable(f['message'])}")
        out.extend(_caret_lines(text_lines, f))
    return out


def validate_file(path: str) -> tuple[dict[str, Any], str]:
    try:
        text = read_text(path)
    except InputError as exc:
        return {"games": [], "errors": [_file_error(str(exc))]}, ""
    return report(parse(text)), text


def _file_error(message: str) -> dict[str, Any]:
    """A file that cannot be read at all: the error has no line."""
    return {"rule": "E-SYNTAX", "play": None, "seat": None, "line": None, "column": None, "message": message}


def cmd_validate(args: argparse.Namespace) -> int:
    worst = 0
    for path in args.files:
        doc, text = validate_file(path)
        worst = max(worst, exit_status(doc))
        if args.json:
            if len(args.files) > 1:
                doc = {"file": path, **doc}
            print(json.dumps(doc, ensure_ascii=False))
        else:
            lines = compiler_lines(path, text, doc)
            print("\n".join(lines) if lines else f"{path}: no violations, no errors")
    return worst


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
    write_back(dumps(log))
    for error in log.errors:
        print(f"{args.file}:{error.line}:{error.column}: {error.rule} {error.msg}", file=sys.stderr)
    return 2 if log.errors else 0


def cmd_score(args: argparse.Namespace) -> int:
    log = read_log(args.file)
    if log is None:
        return 2
    analyses = [analyse(g) for g in log.games]
    print("\n\n".join(scoresheet_text(a) for a in analyses))
    return exit_status(report(log))


def cmd_rules(args: argparse.Namespace) -> int:
    sys.stdout.write(catalogue_markdown())
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    log = read_log(args.file)
    if log is None:
        return 2
    try:
        plays = legal_at(log, args.game, args.deal, args.play)
    except LookupError as exc:
        print(f"{args.file}: {exc.args[0]}", file=sys.stderr)
        return 2
    print("\n".join(plays))
    return 0


def legal_at(log: Log, game: int, deal: int, play: int) -> list[str]:
    """The legal plays of the seat to move before play `play` of deal `deal`, hand as known then.

    :raises LookupError: when the game, deal or play is not there, or the replay stopped before it.
    """
    if not 1 <= game <= len(log.games):
        raise LookupError(f"there is no game {game}")
    target = log.games[game - 1]
    rules = ruleset_for(target.tags)
    found = next((d for d in target.deals if d.number == deal), None)
    if found is None:
        raise LookupError(f"there is no deal {deal}")
    replayed = replay_deal(found, rules)
    if not 1 <= play <= len(replayed.steps):
        raise LookupError(f"deal {deal} has no play {play} that the replay reached "
                          f"(it reached {len(replayed.steps)})")
    step = replayed.steps[play - 1]
    hands = replayed.hands
    return legal_plays(step.before, step.before.turn, hands.known(play - 1, step.before.turn))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m seeplog", description="Read, validate and score Seep logs.")
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
    legal = commands.add_parser("legal", help="print the legal plays before a play")
    legal.add_argument("file", metavar="FILE")
    legal.add_argument("--game", type=int, default=1)
    legal.add_argument("--deal", type=int, required=True)
    legal.add_argument("--play", type=int, required=True)
    legal.set_defaults(run=cmd_legal)
    rules = commands.add_parser("rules", help="print the rule catalogue (docs/rules.md)")
    rules.set_defaults(run=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
