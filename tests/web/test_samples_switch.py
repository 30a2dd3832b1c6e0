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


def test_remove_samples_deletes_them_keeps_the_clubs_games_and_they_do_not_come_back(tmp_path, monkeypatch):
    """A club's store once it has games of its own: `flask remove-samples` deletes the samples (their players
    go with their games) and leaves the club's; the next start loads them no more."""
    from tests.web.helpers import example

    monkeypatch.delenv("SEEPLOG_SAMPLES", raising=False)
    config = {"TESTING": True, "DATABASE": str(tmp_path / "club.db"), "SECRET_KEY": "test"}
    app = create_app(config)
    client = app.test_client()
    samples = client.get("/api/games").json["total"]
    own = example("game-standard-2.seep").replace(b"Club night 2", b"Our own night")
    assert client.post("/api/games", data=own, content_type="text/plain").status_code == 201
    result = app.test_cli_runner().invoke(args=["remove-samples"])
    assert result.exit_code == 0 and result.output.startswith(f"Deleted {samples} sample games (#")
    games = client.get("/api/games").json
    assert games["total"] == 1 and games["games"][0]["event"] == "Our own night"
    players = {p["name"]: p["games"] for p in client.get("/api/players").json["players"]}
    assert players == {"Imran": 1, "Omkar": 1, "Priya": 1, "Divya": 1}  # the club's; those only samples named go
    for page in ("/players", "/leaderboard", "/"):
        assert client.get(page).status_code == 200
    again = create_app(config).test_client()
    assert again.get("/api/games").json["total"] == 1
    assert app.test_cli_runner().invoke(args=["remove-samples"]).output == "Deleted 0 sample games\n"
