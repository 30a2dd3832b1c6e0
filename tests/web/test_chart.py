"""The lead chart draws a baazi where its deal took the lead, and says why it was won (issue 12, point 8)."""
import seeplog
from seeplog.analysis import analyse_game
from seeplog.web.games.chart import DIGIT, GAP, lead_chart

MINIMUM_NINE = ("deal 1 dealer N\nscore NS 85 EW 15\n\n"      # NS lead 70
                "deal 2 dealer W\nscore NS 95 EW 5\n")        # EW scored 5 < 9: NS win the baazi at a lead of 160
SHORT_OF_TARGET = ("deal 1 dealer N\nscore NS 85 EW 15\n\n"   # NS lead 70
                   "deal 2 dealer W\nscore NS 4 EW 96\n")     # NS scored 4: EW win the baazi, lead NS 70 - 92 = EW 22


def chart_of(text: str):
    return lead_chart(analyse_game(seeplog.parse(text).games[0]))


def test_a_minimum_nine_baazi_is_drawn_where_it_happened():
    chart = chart_of(SHORT_OF_TARGET)
    first, baazi = chart.points
    assert baazi.baazi == "EW"
    zero = chart.zero
    assert first.y < zero  # NS 70 is above the line
    assert zero < baazi.y < zero + (zero - first.y)  # EW 22: below the line, nowhere near EW 100
    assert baazi.label == "deal 2: EW wins a baazi by the minimum of nine: NS scored 4, under 9 (lead EW 22)"
    assert "minimum of nine" in chart.description


def test_a_baazi_by_the_target_says_so():
    chart = chart_of("deal 1 dealer N\nscore NS 85 EW 15\n\ndeal 2 dealer W\nscore NS 70 EW 30\n")
    assert chart.points[1].baazi == "NS" and chart.points[1].label == "deal 2: NS wins a baazi: the lead reached 110"


def scores_alone(deals: int, first: int = 1) -> str:
    return "".join(f"deal {d} dealer {'NWSE'[d % 4]}\nscore NS 50 EW 50\n\n" for d in range(first, first + deals))


def label_width(point) -> float:
    """What the chart allows for a deal's number under the axis: its digits and the space after them."""
    return len(str(point.deal)) * DIGIT + GAP


def test_a_short_game_numbers_every_deal_under_the_axis():
    chart = chart_of(scores_alone(12))
    assert all(p.numbered for p in chart.points)
    assert all(b.x - a.x >= label_width(b) for a, b in zip(chart.points, chart.points[1:]))


def test_a_long_game_numbers_deals_far_enough_apart_not_to_run_together():
    for deals, first in ((40, 1), (200, 201)):
        chart = chart_of(scores_alone(deals, first))
        numbered = [p for p in chart.points if p.numbered]
        assert len(numbered) >= 8  # the axis still reads: a number every so many deals
        every = numbered[1].deal - numbered[0].deal
        assert every in (2, 5, 10, 20) and all(p.deal % every == 0 for p in numbered)
        assert all(b.x - a.x >= label_width(b) for a, b in zip(numbered, numbered[1:]))
