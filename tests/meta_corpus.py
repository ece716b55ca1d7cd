"""A small corpus whose papers carry full metadata (authors, years, venues, links), for the
filter and export tests: the seed abstracts have venues only."""

from __future__ import annotations

import json
from pathlib import Path

PAPERS = [
    {"title": "Kinetix: Open-Ended Physics Environments", "year": 2025, "venue": "ICLR 2025",
     "authors": ["Michael Matthews", "Jakob Foerster"], "url": "https://example.org/kinetix",
     "abstract": "We introduce Kinetix, an open-ended space of physics-based reinforcement "
     "learning environments. A general agent trained on millions of procedurally generated "
     "tasks solves unseen robotic locomotion tasks zero-shot. Kinetix runs on the Jax2D "
     "hardware-accelerated physics engine."},
    {"title": "Sparse Attention for Long Documents", "year": 2023, "venue": "NeurIPS 2023",
     "authors": ["Jane Smith", "Wei Li"],
     "abstract": "Long documents strain transformer attention. We propose BlockSparse, a sparse "
     "attention pattern that reads documents of 64k tokens with linear memory. BlockSparse "
     "matches dense attention on summarization benchmarks at a quarter of the cost."},
    {"title": "Graph Networks for Molecules", "year": 2024, "venue": "ICML 2024",
     "authors": ["Jörg Müller"],
     "abstract": "We present MolGNN, a graph neural network for molecular property prediction. "
     "MolGNN passes messages along chemical bonds and angles. It reduces error on the QM9 "
     "benchmark by 12 percent over previous graph networks."},
    {"title": "A Survey of Reinforcement Learning Benchmarks", "year": 2021,
     "venue": "Journal of AI Research", "authors": ["Ann Smithson"],
     "abstract": "This survey reviews benchmarks for reinforcement learning agents. We compare "
     "forty benchmark suites by task diversity, compute cost and reproducibility. Most suites "
     "lack held-out tasks for testing generalization."},
    {"title": "Diffusion Planning for Robot Arms", "year": 2024, "venue": "CoRL 2024",
     "authors": ["Carlos Díaz", "Jane Smith"], "url": "https://example.org/diffplan",
     "abstract": "We use diffusion models to plan trajectories for robot arms. The planner "
     "denoises whole trajectories conditioned on goals and obstacles. On real robots it "
     "succeeds in 85 percent of cluttered pick-and-place trials."},
    {"title": "Keyword Spotting on Microcontrollers",
     "abstract": "We propose TinyKWS, a small convolutional network for keyword spotting on "
     "microcontrollers with 8-bit weights. TinyKWS fits in 20 kilobytes of memory. It "
     "detects twelve keywords with 94 percent accuracy."},
]


def write_corpus(folder: Path) -> Path:
    """The papers as a JSON Lines file in `folder` (made if missing); returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "meta.jsonl").write_text(
        "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in PAPERS), encoding="utf-8")
    return folder
