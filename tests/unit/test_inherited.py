"""A limitation the abstract gives earlier work, said of the paper's own method."""

from __future__ import annotations

from rag.inherited import check_inherited_limitation

_MASKS = ("Topological masking upweights attention by the graph. In this paper, we propose to "
          "parameterise topological masks as a learnable function of a weighted adjacency "
          "matrix. We show how this can be made compatible with linear attention, preserving "
          "O(N) time. The fastest previous alternative was O(N log N) and only suitable for "
          "specific graphs.")
_TREES = ("Tree-Sliced Wasserstein distance on Systems of Lines (TSW-SL) has emerged as an "
          "alternative. However, at the core of TSW-SL, the splitting maps focus solely on the "
          "position of the measure supports while disregarding the projecting domains. In this "
          "work, we propose a novel class of splitting maps. We introduce Db-TSW, a "
          "distance-based tree-sliced Wasserstein distance, with an efficient implementation.")


def test_a_limitation_of_earlier_work_said_of_the_method_is_caught() -> None:
    assert check_inherited_limitation(
        "Unlike the previous alternative, the new masking scheme is only suitable for specific "
        "graphs [1].", _MASKS)
    assert check_inherited_limitation(
        "Db-TSW introduces splitting maps that, like the TSW-SL one, rely only on the "
        "positions of the measure supports while disregarding the projecting domains [1].",
        _TREES)


def test_the_limitation_said_of_earlier_work_passes() -> None:
    for claim in ("The previous alternative was only suitable for specific graphs [1].",
                  "Unlike the previous alternative, which only suits specific graphs, the new "
                  "scheme works on any graph [1].",
                  "The new masking scheme is not restricted to specific graphs [1].",
                  "Db-TSW targets the fact that TSW-SL relies only on the positions of the "
                  "measure supports [1]."):
        assert check_inherited_limitation(claim, _MASKS if "graph" in claim else _TREES) is None
