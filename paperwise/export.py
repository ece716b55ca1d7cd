"""Answers and papers in the formats other tools read: plain text with a reference list (the
OpenAI-compatible endpoint), Markdown (notes), BibTeX (reference managers). Pure functions."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from paperwise.metadata import paper_year
from paperwise.text import STOPWORDS, clean_for_display, markers_in
from paperwise.types import Answer, Paper

REFERENCES_HEADING = "References:"
CLOSEST_HEADING = "Closest papers (not cited):"
_NOTE = "Note: "
_AUTHORS_SHOWN = 3

# -- references -----------------------------------------------------------------------------


def referenced_markers(answer: Answer) -> list[int]:
    """The markers the text uses or the citations name, in order, each naming a source."""
    wanted = set(markers_in(answer.text)) | {c.marker for c in answer.citations}
    return sorted(m for m in wanted if 1 <= m <= len(answer.sources))


def _authors_short(authors: list[str]) -> str:
    if len(authors) > _AUTHORS_SHOWN:
        return ", ".join(authors[:_AUTHORS_SHOWN]) + " et al."
    return ", ".join(authors)


def _year_part(paper: Paper) -> str:
    """The year, unless the venue already says it ("ICLR 2025")."""
    return str(paper.year) if paper.year and str(paper.year) not in paper.venue else ""


def reference_line(marker: int, paper: Paper) -> str:
    """`[1] Title. A. Author, B. Author. ICLR 2025. https://…` (the file when no link)."""
    where = paper.url or f"{paper.source} #{paper.position}"
    parts = [clean_for_display(paper.title), _authors_short(paper.authors),
             " ".join(p for p in (paper.venue, _year_part(paper)) if p), where]
    return f"[{marker}] " + ". ".join(p.strip().rstrip(".") for p in parts if p.strip()) + "."


def unsupported_lines(answer: Answer) -> list[str]:
    return [f"{_NOTE}not backed by the cited abstracts: \"{s.text}\""
            + (f" ({s.reason})" if s.reason else "") for s in answer.unsupported]


def answer_text(answer: Answer) -> str:
    """The answer as chat text: its [n] markers, notes (notices, unbacked sentences), then a
    reference list of the sources it cites (for a refusal: the closest papers it names)."""
    blocks = [clean_for_display(answer.text.strip())]
    notes = [f"{_NOTE}{n}" for n in answer.notices if n.strip() != answer.text.strip()]
    notes += unsupported_lines(answer)
    if notes:
        blocks.append("\n".join(notes))
    markers = referenced_markers(answer)
    if markers:
        heading = REFERENCES_HEADING if answer.answerable else CLOSEST_HEADING
        blocks.append("\n".join([heading, *(
            reference_line(m, answer.sources[m - 1].paper) for m in markers)]))
    return "\n\n".join(blocks)


def strip_references(text: str) -> str:
    """An earlier answer_text back to its answer (for the history of a conversation)."""
    for heading in (REFERENCES_HEADING, CLOSEST_HEADING):
        text = text.split(f"\n\n{heading}\n", 1)[0]
    return "\n".join(line for line in text.splitlines() if not line.startswith(_NOTE)).strip()


# -- Markdown -------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def _md(text: str) -> str:
    """Metadata shown literally in Markdown (titles, names): its markup characters escaped."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _md_prose(text: str) -> str:
    """Answer prose: kept as written ([n] markers stay readable) but no raw HTML."""
    return text.replace("<", "\\<")


def _md_reference(marker: int, paper: Paper, quotes: list[str]) -> list[str]:
    head = f"- [{marker}] **{_md(clean_for_display(paper.title))}**"
    details = [_md(_authors_short(paper.authors)),
               _md(" ".join(p for p in (paper.venue, _year_part(paper)) if p))]
    link = f"<{paper.url}>" if paper.url else _md(f"{paper.source} #{paper.position}")
    lines = [" — ".join([head, *[d for d in details if d], link]) + f" `{paper.id}`"]
    lines += [f"  > {_md_prose(clean_for_display(' '.join(q.split())))}" for q in quotes
              if q.strip()]
    return lines


def answer_markdown(answer: Answer) -> str:
    """A Markdown note: the question, the answer with its [n] markers, notes, references
    with the quotes that back the answer."""
    lines = [f"## {_md(answer.question)}", "", _md_prose(clean_for_display(answer.text.strip())),
             ""]
    if not answer.answerable:
        lines += ["*The indexed abstracts do not answer this.*", ""]
    notes = [n for n in answer.notices if n.strip() != answer.text.strip()]
    lines += [f"> **Note:** {_md_prose(n)}" for n in notes]
    lines += [f"> **Not backed by the cited abstracts:** {_md_prose(s.text)}"
              + (f" ({_md_prose(s.reason)})" if s.reason else "") for s in answer.unsupported]
    if notes or answer.unsupported:
        lines.append("")
    markers = referenced_markers(answer)
    if markers:
        quotes: dict[int, list[str]] = {}
        for citation in answer.citations:
            quotes.setdefault(citation.marker, []).append(citation.quote)
        lines += ["### References" if answer.answerable else "### Closest papers (not cited)",
                  ""]
        for marker in markers:
            lines += _md_reference(marker, answer.sources[marker - 1].paper,
                                   quotes.get(marker, []) if answer.answerable else [])
    return "\n".join(lines).rstrip() + "\n"


# -- BibTeX ---------------------------------------------------------------------------------

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%",
                  "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}"}
_LATEX_CHARS = re.compile("|".join(re.escape(c) for c in _LATEX_SPECIAL))
_PUNCTUATION = ".,:;!?()[]\"'"
_CONFERENCE = re.compile(r"\b(conference|proceedings|workshop|symposium|ICLR|NeurIPS|NIPS|ICML|"
                         r"CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGIR|WWW|CoRL|RSS|"
                         r"ICRA|IROS|AISTATS|UAI|COLT|CHI)\b", re.IGNORECASE)
_ARXIV = re.compile(r"^(?:arXiv:)?(\d{4}\.\d{4,5}(?:v\d+)?)$", re.IGNORECASE)


def _nested(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def latex_escape(text: str) -> str:
    """Plain text as a BibTeX/LaTeX value: specials escaped, whitespace collapsed. BibTeX
    counts even escaped braces, so braces that do not pair up become parentheses."""
    text = " ".join(text.split())
    if not _nested(text):
        text = text.replace("{", "(").replace("}", ")")
    return _LATEX_CHARS.sub(lambda m: _LATEX_SPECIAL[m.group(0)], text)


def _protected_title(title: str) -> str:
    """Words with a capital after their first letter (acronyms, "FB-CPR", "iPhone") in
    braces, so styles that lowercase titles keep them as written."""
    if not _nested(title):
        title = title.replace("{", "(").replace("}", ")")
    words = []
    for token in title.split():
        core = token.strip(_PUNCTUATION)
        if core and any(c.isupper() for c in core[1:]) and "{" not in core and "}" not in core:
            start = token.index(core)
            words.append(latex_escape(token[:start]) + "{" + latex_escape(core) + "}"
                         + latex_escape(token[start + len(core):]))
        else:
            words.append(latex_escape(token))
    return " ".join(words)


def _ascii_word(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def _surname(name: str) -> str:
    """"Smith, Jane" and "Jane Smith" → "smith"; "van der Berg, Jane" → "berg"."""
    family = name.split(",", 1)[0] if "," in name else name
    words = family.split()
    return _ascii_word(words[-1]) if words else ""


def bibtex_key(paper: Paper) -> str:
    """First author's surname, year, first title word ("smith2024kinetix"); without authors
    the first title word and year ("kinetix2025")."""
    words = [_ascii_word(w) for w in re.split(r"[\s:\-–—/]+", paper.title)]
    word = next((w for w in words if w and w not in STOPWORDS), "") or next(
        (w for w in words if w), "")
    surname = _surname(paper.authors[0]) if paper.authors else ""
    year = str(paper_year(paper) or "")
    key = f"{surname}{year}{word}" if surname else f"{word}{year}"
    return key or f"paper{_ascii_word(paper.id)[:8]}"


def _entry_type(paper: Paper) -> tuple[str, str | None]:
    if not paper.venue:
        return "misc", None
    if _CONFERENCE.search(paper.venue):
        return "inproceedings", "booktitle"
    if paper.venue.lower().startswith("arxiv"):
        return "misc", "howpublished"
    return "article", "journal"


def paper_bibtex(paper: Paper, key: str | None = None) -> str:
    """One BibTeX entry: type from the venue, fields from the metadata, values escaped."""
    kind, venue_field = _entry_type(paper)
    fields: list[tuple[str, str]] = [("title", _protected_title(clean_for_display(paper.title)))]
    if paper.authors:
        fields.append(("author", " and ".join(latex_escape(a) for a in paper.authors)))
    if venue_field:
        fields.append((venue_field, latex_escape(paper.venue)))
    year = paper_year(paper)
    if year:
        fields.append(("year", str(year)))
    if paper.url:
        fields.append(("url", re.sub(r"[{}\s]", lambda m: f"%{ord(m.group(0)):02X}", paper.url)))
    arxiv = _ARXIV.match(paper.external_id or "")
    if arxiv:
        fields += [("eprint", arxiv.group(1)), ("archiveprefix", "arXiv")]
    fields.append(("abstract", latex_escape(clean_for_display(paper.abstract))))
    fields.append(("note", latex_escape(f"Paperwise id {paper.id}; {paper.source} "
                                        f"#{paper.position}")))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{kind}{{{key or bibtex_key(paper)},\n{body}\n}}\n"


def papers_bibtex(papers: Iterable[Paper]) -> str:
    """Several entries, keys made unique with a, b, c… suffixes; each paper once."""
    seen_ids: set[str] = set()
    counts: dict[str, int] = {}
    entries = []
    for paper in papers:
        if paper.id in seen_ids:
            continue
        seen_ids.add(paper.id)
        base = bibtex_key(paper)
        n = counts.get(base, 0)
        counts[base] = n + 1
        entries.append(paper_bibtex(paper, base if n == 0 else f"{base}{_suffix(n)}"))
    return "\n".join(entries)


def _suffix(n: int) -> str:
    """1 → "a", 26 → "z", 27 → "aa"…"""
    letters = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def answer_bibtex(answer: Answer) -> str:
    """The papers an answer cites (its references), as BibTeX."""
    return papers_bibtex(answer.sources[m - 1].paper for m in referenced_markers(answer))
