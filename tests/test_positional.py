"""The NamedTuples the hot path builds positionally (``State(rules, loose, ...)``, every field in order) keep
the field order those call sites write: a field added, removed or moved fails here, not as a silent mix-up."""
from pathlib import Path

from seeplog.state import House, Known, State

SEEPLOG = Path(__file__).resolve().parent.parent / "seeplog"

# The order each positional call site writes its fields in (engine._next, engine's houses, hands.movers_of).
PINNED = {
    "State": ("rules", "loose", "houses", "turn", "played", "bidder", "bid", "taken", "last_capturer",
              "sweeps", "built"),
    "House": ("value", "cards", "owners"),
    "Known": ("hand", "complete", "holders", "unseen", "certain"),
}


def test_positional_constructors_match_their_fields():
    assert {"State": State._fields, "House": House._fields, "Known": Known._fields} == PINNED

