"""Result folders as `paperwise eval` writes them, made from a few rows (for --compare)."""

from __future__ import annotations

import json
from pathlib import Path

from eval.metrics import Row, by_type


def write_run(folder: Path, rows: list[Row]) -> Path:
    """A result folder like `paperwise eval` writes (results.json, rows.jsonl)."""
    folder.mkdir(parents=True)
    configs: dict[str, list[Row]] = {}
    for row in rows:
        configs.setdefault(row.config, []).append(row)
    results = {"configs": {c: by_type(r) for c, r in configs.items()},
               "questions": len({r.id for r in rows}), "split": "test",
               "settings_hash": folder.name, "stamp": folder.name}
    (folder / "results.json").write_text(json.dumps(results), encoding="utf-8")
    (folder / "rows.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in rows),
                                       encoding="utf-8")
    return folder


def row(qid: str, kind: str, config: str = "hybrid+extractive", **values: object) -> Row:
    return Row(id=qid, type=kind, config=config, **values)
