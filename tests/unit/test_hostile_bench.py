"""The hostile bench's report: one markdown row per figure, each cell kept one cell."""

from __future__ import annotations

from eval.hostile_bench import Figure, ms, p50_max, render


def test_the_report_is_a_markdown_table_with_one_row_per_figure() -> None:
    table = render([Figure("1", "time to 413", "413 in 2.0 ms", "401 after 4.6 s"),
                    Figure("11", "pages | sizes", "a\nb", "all 15k")])
    lines = table.splitlines()
    assert lines[0] == "| item | measured | figure | before (issue 18) |"
    assert lines[2] == "| 1 | time to 413 | 413 in 2.0 ms | 401 after 4.6 s |"
    # A pipe or a line break inside a cell would split the row.
    assert lines[3] == "| 11 | pages \\| sizes | a b | all 15k |"
    assert len(lines) == 4


def test_durations_keep_their_precision_below_ten_milliseconds() -> None:
    assert (ms(0.0021), ms(0.0456), ms(1.5)) == ("2.1 ms", "46 ms", "1500 ms")
    assert p50_max([0.001, 0.002, 0.1]) == "p50 2.0 ms, max 100 ms (n=3)"
