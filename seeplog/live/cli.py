"""``python -m seeplog live new|add|show``: keep a log live in a file, one line at a time, with the same
functions as the web's live games (each line read in its place, the last deal in progress)."""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..analysis import Analysis
from .entries import (Entry, EntryRefused, LiveLog, by_entry, finding_keys, layout, live_analysis, live_log,
                      read_in_place, unjudged)
from .table import now_of, what_next
from ..report import exit_status, report_json
from ..ruleset import SEAT_TAGS, find_ruleset
from ..said import Said
from ..stopped import stopping_error
from ..notation import Tag, split_lines
from ..notation.reader import first_word
from ..notation.writer import statement_text
from ..text import InputError, decode, read_bytes


LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class LiveFile:
    """A live log as its file holds it: the text as written (comments, blank lines, a byte order mark and line
    ends kept), its statement lines as entries, and the file's line number of each entry."""

    text: str
    entries: tuple[Entry, ...]
    lines: tuple[int, ...]

    @property
    def newline(self) -> str:
        """The file's line end: that of its first line (``\\n`` for a file with none)."""
        found = LINE_END.search(self.text)
        return found.group() if found else "\n"


def file_entries(path: Path) -> LiveFile:
    """A log file as a live log: its statement lines (not comments or blank lines) are its entries.

    :raises InputError: a file that is missing, a folder, or not UTF-8 text (a live file is written to, so
        it is never read leniently).
    """
    text = decode(read_bytes(str(path)))
    found = [(number, line) for number, line in split_lines(text)
             if line.strip() and not line.strip().startswith("#")]
    return LiveFile(text, tuple(Entry(i, line) for i, (_, line) in enumerate(found, start=1)),
                    tuple(number for number, _ in found))


def read_entries(path: Path) -> LiveFile | None:
    """`file_entries`, or None after saying on standard error why the file cannot be read."""
    try:
        return file_entries(path)
    except InputError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return None


def open_live(name: str) -> tuple[Path, LiveFile, LiveLog, Analysis] | None:
    """The live file a command names, its log and its analysis (the last deal being played); None after saying
    on standard error why the file cannot be read."""
    path = Path(name)
    file = read_entries(path)
    if file is None:
        return None
    live = live_log(file.entries)
    return path, file, live, live_analysis(live, open_game=True)


def with_line(file: LiveFile, line: str) -> LiveFile:
    """The file with `line` written at its end as one more entry, in the file's line ends: after a blank
    line where it starts a deal or a further game, as the canonical text lays a log out."""
    end, text = file.newline, file.text
    lines = [written for _, written in split_lines(text)]
    if lines and not text.endswith(("\n", "\r")):
        text += end
    if lines and lines[-1].strip() and starts_block([e.text for e in file.entries], line):
        text += end
        lines.append("")
    entry = Entry(max((e.id for e in file.entries), default=0) + 1, line)
    return LiveFile(text + line + end, file.entries + (entry,), file.lines + (len(lines) + 1,))


def starts_block(texts: list[str], line: str) -> bool:
    """`line`, after lines `texts`, starts a deal, or is a tag after a deal (a further game's first)."""
    head = first_word(line)
    if head != "[":
        return head == "deal"
    heads = [first_word(text) for text in texts]
    after_tags = heads[max((i for i, h in enumerate(heads) if h == "["), default=-1) + 1:]
    return "deal" in after_tags


EXISTS, FOLDER = "the file exists; keep it with 'live add'", "this is a folder, not a file"


def write_file(path: Path, text: str, mode: str) -> str | None:
    """Write `text` to the file (`mode` "x": a new file, "a": at its end), or say why it cannot be written."""
    try:
        with open(path, mode, encoding="utf-8", newline="") as handle:
            handle.write(text)
    except FileNotFoundError:
        return "cannot write the file: no such folder"
    except FileExistsError:
        return EXISTS
    except IsADirectoryError:
        return FOLDER
    except NotADirectoryError:
        return "cannot write the file: a part of its path is a file, not a folder"
    except OSError as exc:
        return f"cannot write the file: {exc.strerror or exc}"
    return None


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if path.exists():
        print(f"{path}: {FOLDER if path.is_dir() else EXISTS}", file=sys.stderr)
        return 2
    tags = start_tags(args)
    if isinstance(tags, str):
        print(tags, file=sys.stderr)
        return 2
    live = live_log([Entry(i, statement_text(Tag(n, v))) for i, (n, v) in enumerate(tags.items(), start=1)])
    if live.log.errors:
        print(f"{path}: {live.log.errors[0].msg}", file=sys.stderr)
        return 2
    failed = write_file(path, live.text, "x")
    if failed:
        print(f"{path}: {failed}", file=sys.stderr)
        return 2
    print(next_text(live_analysis(live, open_game=True)))
    return 0


def start_tags(args: argparse.Namespace) -> dict[str, str] | str:
    """The tags a new live file starts with (--variant, each --player, each --tag), or what is wrong with the
    options: a pair not written NAME=VALUE, or a tag given twice (a player by --player and by --tag, the
    variant by --variant and by --tag)."""
    seats = find_ruleset(args.variant).seats
    tags, given = {"Variant": args.variant}, {"variant": "--variant"}
    for pair in args.player or []:
        seat, _, name = pair.partition("=")
        if seat.upper() not in seats or not name:
            return f"--player {pair}: write SEAT=NAME with a seat of {' '.join(seats)}"
        tag = SEAT_TAGS[seat.upper()]
        if tag.lower() in given:
            return f"--player {pair}: {tag} is given already by {given[tag.lower()]}: give it once"
        tags[tag], given[tag.lower()] = name, f"--player {pair}"
    for pair in args.tag or []:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip() or not value:
            return f"--tag {pair}: write NAME=VALUE, e.g. --tag Event=Club"
        if name.lower() in given:
            return f"--tag {pair}: {name} is given already by {given[name.lower()]}: give it once"
        tags[name], given[name.lower()] = value, f"--tag {pair}"
    return tags


def cmd_add(args: argparse.Namespace) -> int:
    """Read each line in its place after the file's entries and write those that can be read at the file's
    end; nothing already written is changed (comments, blank lines, the lines as written)."""
    opened = open_live(args.file)
    if opened is None:
        return 2
    path, file, live, analysis = opened
    before = finding_keys(live, analysis)
    status, written = 0, len(file.text)
    for place, typed in typed_lines(args.lines):
        serial = max((e.id for e in file.entries), default=0) + 1
        try:
            line, _ = read_in_place(file.entries + (Entry(serial, typed),), len(file.entries), typed)
        except EntryRefused as refused:
            print(refused_text(path, place, typed, refused, file), file=sys.stderr)
            status = 2
            continue
        file = with_line(file, line)
        live = live_log(file.entries)
        analysis = live_analysis(live, open_game=True, before=analysis)
        print(f"entry {len(file.entries)}: {line}")
        found, before = verdict(live, analysis, before, file, path)
        status = max(status, found)
    failed = write_file(path, file.text[written:], "a") if len(file.text) > written else None
    if failed:
        print(f"{path}: {failed} (nothing was recorded)", file=sys.stderr)
        return 2
    print(next_text(analysis))
    return status


Keys = dict[tuple[int, str, str], dict[str, Any]]
"""The findings of a version of the log, as `finding_keys` keys them."""


def verdict(live: LiveLog, analysis: Analysis, before: Keys, file: LiveFile, path: Path) -> tuple[int, Keys]:
    """Print the findings of the file's last entry, then those it revealed on earlier entries (of the
    findings `before` it); the exit status they make, and the findings now."""
    after, status = finding_keys(live, analysis), 0
    serial = file.entries[-1].id
    own = by_entry(live, analysis).get(len(file.entries), [])
    for finding in own:
        print(f"  {finding.rule}: {in_file(finding.message, file, path, live.line_of)}")
        status = max(status, rule_status(finding.rule))
    if not own and serial in unjudged(live, analysis):
        print(f"  {not_judged_text(live, analysis)}")
        status = 2
    for key, shown in after.items():
        if key not in before and key[0] != serial:
            print(f"  revealed at entry {shown['entry']}: {shown['rule']}: "
                  f"{in_file(shown['message'], file, path, live.line_of)}")
            status = max(status, rule_status(shown["rule"]))
    return status, after


def not_judged_text(live: LiveLog, analysis: Analysis) -> str:
    """Why the last entry has no verdict: a log error before it stops its deal's replay (RULES.md §3)."""
    last = live.line_of[-1]
    for game in analysis.games:
        for deal in game.deals:
            if any(play.line == last for play in deal.replay.deal.plays):
                missing = next((part for part in ("floor", "bid") if getattr(deal.replay.deal, part) is None), None)
                if missing:
                    return f"not judged: deal {deal.replay.deal.number} has no {missing} line before its plays"
                stop = stopping_error(deal.replay)
                at = live.entry_at(stop.line) if stop and stop.line is not None else None
                if stop and at is not None:
                    return (f"not judged: deal {deal.replay.deal.number}'s replay stops at entry {at} "
                            f"({stop.rule}); correct that entry and this one is judged")
    return "not judged: a log error before it stops its deal's replay; correct that and this entry is judged"


def rule_status(rule: str) -> int:
    """The exit status a finding makes, as validate's: 2 for a log error (E-...), 1 for a broken rule."""
    return 2 if rule.startswith("E-") else 1


def typed_lines(arguments: Sequence[str]) -> Iterator[tuple[str, str]]:
    """Each line of the arguments with its place in the command ('argument 2', or 'argument 2, line 3' in an
    argument of several lines), blank lines left out; an argument with no other line is one line."""
    for number, argument in enumerate(arguments, start=1):
        lines = list(split_lines(argument))
        kept = [(at, line) for at, line in lines if line.strip()]
        if len(lines) < 2 or not kept:
            yield f"argument {number}", lines[0][1] if lines else argument
        else:
            yield from ((f"argument {number}, line {at}", line) for at, line in kept)


def layout_of(file: LiveFile, typed: str) -> tuple[int, ...]:
    """The line of each entry of the file, and of `typed` after them, in the log they are laid out as."""
    return layout([e.text for e in file.entries] + [typed])[1]


LINE_FIELD = re.compile(r"line \{(\w+)\}")


def in_file(message: str, file: LiveFile, path: Path, line_of: Sequence[int]) -> str:
    """A message that names a line of the log the entries are laid out as ('the first is on line 4'), with
    the file's line of that entry ('line 6 of table.seep'); any other message as it is. `line_of` is each
    entry's line in that log."""
    if not isinstance(message, Said) or not LINE_FIELD.search(message.template):
        return message
    fields = message.fields
    parts = LINE_FIELD.split(message.template)
    for at in range(1, len(parts), 2):
        line = int(fields[parts[at]])
        entry = next((i for i, laid in enumerate(line_of) if laid == line), len(file.lines))
        parts[at] = f"line {file.lines[entry]} of {path}" if entry < len(file.lines) else f"line {line}"
    return "".join(part if at % 2 else part.format_map(fields) for at, part in enumerate(parts))


def refused_text(path: Path, place: str, typed: str, refused: EntryRefused, file: LiveFile) -> str:
    """A refused line of `live add`: where it is in the command, its column, the rule and message (a line it
    names as the file's), with a caret."""
    e = refused.error
    message = in_file(e.msg, file, path, layout_of(file, typed))
    return (f"{path}: {place}, column {e.column}: {e.rule}: {message} (not recorded; "
            f"the other lines are)\n    {typed}\n    {' ' * (e.column - 1)}^")


def cmd_show(args: argparse.Namespace) -> int:
    """The findings so far by entry and what comes next; the exit status is validate's, the last deal of the
    game being played (not E-INCOMPLETE)."""
    opened = open_live(args.file)
    if opened is None:
        return 2
    path, file, live, analysis = opened
    doc = report_json(analysis)
    for error in doc.get("errors", []):
        print(f"{path}: {error['rule']}: {error['message']}")
    for number, found in sorted(by_entry(live, analysis).items()):
        for finding in found:
            print(f"entry {number}: {finding.rule}: {in_file(finding.message, file, path, live.line_of)}")
    print(next_text(analysis))
    return exit_status(doc)


def next_text(analysis: Analysis) -> str:
    """What comes next, in a line: 'next: play 5 of deal 1, S to play; lead EW +20; baazis NS 0 EW 0'."""
    step = what_next(now_of(analysis))
    kind = step["kind"]
    if kind == "deal":
        who = f"dealt by {step['dealer']} ({step['why']})" if step["dealer"] else f"any seat may deal ({step['why']})"
        head = f"deal {step['deal']}, {who}"
    elif kind == "play":
        head = f"play {step['play']} of deal {step['deal']}, {step['seat']} to play"
    elif kind == "bid":
        head = f"the bid of deal {step['deal']}, by {step['seat']}"
    else:
        head = f"the floor of deal {step['deal']}"
    lead = step["lead"]
    lead_text = f"{lead['team']} +{lead['points']}" if lead["team"] else "0"
    if step.get("provisional"):
        lead_text += f" ({step['provisional']})"
    baazis = " ".join(f"{t} {n}" for t, n in step["baazis"].items())
    return f"next: {head}; lead {lead_text}; baazis {baazis}"
