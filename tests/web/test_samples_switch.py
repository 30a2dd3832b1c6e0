"""SEEPLOG_SAMPLES=0 starts an empty store; by default an empty store gets the sample games."""
from app import create_app


def test_samples_zero_starts_an_empty_store(tmp_path, monkeypatch):
    monkeypatch.setenv("SEEPLOG_SAMPLES", "0")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "empty.db"), "SECRET_KEY": "test"})
    assert app.test_client().get("/api/games").json["total"] == 0


def test_an_empty_store_gets_the_samples_by_default(tmp_path, monkeypatch):
    monkeypatch.delenv("SEEPLOG_SAMPLES", raising=False)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "full.db"), "SECRET_KEY": "test"})
    assert app.test_client().get("/api/games").json["total"] > 0
