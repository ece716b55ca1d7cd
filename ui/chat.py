"""The Gradio UI: a chat tab (each answer with its own sources, a side panel with the latest
answer's) and a papers tab. Uses the public rag API."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

import gradio as gr

from paperwise.types import AnswererName
from rag import (
    Answer,
    FinalEvent,
    Hit,
    InputError,
    NoticeEvent,
    PaperQA,
    PaperwiseError,
    Settings,
    SourcesEvent,
    StreamEvent,
    TextDelta,
)
from ui.filters import (
    ALL_VENUES,
    FilterRow,
    answer_filters_note,
    build_filter_row,
    chat_filters,
    filtered_note,
    venue_choices,
)
from ui.papers_tab import PaperCatalog, PapersTab, build_papers_tab
from ui.render import (
    answer_message,
    escape_markdown,
    filtered_html,
    header_html,
    intro_html,
    is_pending,
    message_text,
    sources_html,
    status_html,
    streaming_message,
)
from ui.style import CSS, SCRIPT, make_theme

log = logging.getLogger(__name__)

EXAMPLES = [
    "How many risk categories does AIR-BENCH 2024 have?",
    "Which papers use diffusion models for planning or control?",
    "Is there a model that controls a simulated humanoid from unlabeled motion data?",
    "What does POGEMA provide?",
]
_HISTORY_TURNS = 3
Messages = list[dict[str, Any]]
Update = tuple[Any, ...]


def content_text(content: Any) -> str:
    """A chat message's text, whether Gradio hands it over as a string or as content parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        return str(content.get("text") or content.get("content") or "")
    if isinstance(content, list):
        return "".join(content_text(part) for part in content)
    return ""


def _history_pairs(messages: Messages) -> list[tuple[str, str]]:
    """Chat messages → (question, answer) pairs for follow-ups, answers as plain text."""
    pairs, question = [], None
    for message in messages:
        text = content_text(message.get("content"))
        if message.get("role") == "user":
            question = message_text(text)
        elif question is not None:
            pairs.append((question, message_text(text)))
            question = None
    return pairs[-_HISTORY_TURNS:]


def _answers_so_far(messages: Messages) -> int:
    return sum(1 for m in messages if m.get("role") == "assistant")


def answering(messages: Messages | None) -> bool:
    """Whether the chat's last answer is still being written."""
    return bool(messages) and is_pending(content_text((messages or [])[-1].get("content")))


def endpoint_host(url: str | None) -> str:
    """host[:port] of an endpoint, never its user info, path or query (which may hold keys)."""
    if not url:
        return "api.openai.com"
    try:
        parts = urlsplit(url if "//" in url else f"//{url}")
        host, port = parts.hostname or "the configured endpoint", parts.port
    except ValueError:
        return "the configured endpoint"
    return f"{host}:{port}" if port else host


def answer_mode(settings: Settings, answerer: str | None = None) -> tuple[str, str]:
    """(how answers are made, how to change that), for the empty chat."""
    llm = f"{settings.llm.model} at {endpoint_host(settings.openai_base_url)}"
    offline = ("offline extractive: each answer quotes the abstracts' own sentences; no LLM, "
               "nothing leaves this machine.")
    if not settings.llm_configured:
        return offline, ("set `OPENAI_BASE_URL` (any OpenAI-compatible server) or "
                         "`OPENAI_API_KEY` before `paperwise serve` to have an LLM write the "
                         "answers; `PAPERWISE_LLM_MODEL` picks the model.")
    if (answerer or settings.resolved_answerer()) == "llm":
        return (f"written by {llm}; every sentence is checked against the abstract it cites.",
                "choose offline extractive answers under Settings below "
                "(`PAPERWISE_ANSWERER=extractive` makes it the default).")
    return offline, f"choose the LLM ({llm}) under Settings below."


def _working(settings: Settings, answerer: str | None, hits: list[Hit]) -> str:
    if (answerer or settings.resolved_answerer()) == "llm" and settings.llm_configured:
        return (f"Writing the answer with {settings.llm.model} at "
                f"{endpoint_host(settings.openai_base_url)}…")
    return f"Picking the sentences that answer it from {len(hits)} papers…"


def _done(answer: Answer) -> str:
    seconds = answer.timings.get("total_s", 0.0)
    note = answer_filters_note(answer)
    if not answer.answerable and not answer.sources and note:
        return f"No papers match the filters. {note}."
    if not answer.answerable:
        return f"Not in the collection ({seconds:.1f} s)." + (f" {note}." if note else "")
    cited = len({c.marker for c in answer.citations})
    return (f"Answered in {seconds:.1f} s from {len(answer.sources)} papers; {cited} cited. "
            + (f"{note}." if note else "Click a marker to check its source."))


class _Turn:
    """One question being answered: the chat with its new messages, and what streamed so far.
    `update` turns each stream event into (chat, side panel, status line)."""

    def __init__(self, qa: PaperQA, messages: Messages, question: str, answerer: str | None
                 ) -> None:
        self.settings, self.answerer = qa.settings, answerer
        self.number = _answers_so_far(messages) + 1
        self.history = _history_pairs(messages)
        self.messages = [*messages, {"role": "user", "content": escape_markdown(question)},
                         {"role": "assistant", "content": streaming_message("", [], self.number)}]
        self.text = ""
        self.hits: list[Hit] = []

    def _show(self, content: str) -> Messages:
        self.messages[-1]["content"] = content
        return self.messages

    def update(self, event: StreamEvent) -> Update:
        if isinstance(event, SourcesEvent):
            self.hits = event.hits
            return (self._show(streaming_message(self.text, self.hits, self.number)),
                    sources_html(self.hits, None, self.number),
                    status_html(_working(self.settings, self.answerer, self.hits)))
        if isinstance(event, FinalEvent):
            answer = event.answer
            shown = answer_message(answer, self.number) + filtered_html(
                answer_filters_note(answer))
            return (self._show(shown),
                    sources_html(answer.sources, answer, self.number), status_html(_done(answer)))
        status: Any = gr.skip()
        if isinstance(event, TextDelta):
            self.text += event.text
        elif isinstance(event, NoticeEvent):
            self.text = ""  # a fallback answer replaces what streamed so far
            status = status_html(event.message)
        return self._show(streaming_message(self.text, self.hits, self.number)), gr.skip(), status

    def failed(self, message: str) -> Update:
        return self._show(f"⚠️ {escape_markdown(message)}"), gr.skip(), status_html("")


def make_respond(qa: PaperQA, catalog: PaperCatalog) -> Callable[..., Iterator[Update]]:
    """The answer stream: (chat, side panel, status line) after every event. The question box
    is not an output: it is cleared once, on submit, so typing during a stream is kept."""

    # The filters come last, with defaults, so gradio_client calls made before they existed
    # (question, chat, k, answerer) still work.
    def respond(question: str, messages: Messages | None, k: int, answerer: str | None,
                venue: str | None = ALL_VENUES, year: str | None = "",
                author: str | None = "") -> Iterator[Update]:
        question = (question or "").strip()
        if not question:  # an empty box, or a submit while an answer was still streaming
            yield gr.skip(), gr.skip(), gr.skip()
            return
        turn = _Turn(qa, list(messages or []), question, answerer)
        try:
            filters = chat_filters(venue, year, author)
        except InputError as exc:  # said in the chat, naming the field to fix
            yield turn.failed(str(exc))
            return
        note = f" ({filtered_note(filters)})" if filters is not None else ""
        yield (turn.messages, gr.skip(),
               status_html(f"Searching {len(catalog.papers()):,} papers{note}…"))
        try:
            for event in qa.stream(question, turn.history, k=int(k), filters=filters,
                                   answerer=cast(AnswererName | None, answerer or None)):
                yield turn.update(event)
        except PaperwiseError as exc:
            yield turn.failed(str(exc))
        except Exception:  # never a stack trace in the UI; the log has it
            log.exception("answering failed")
            yield turn.failed("Something went wrong while answering; see the log.")

    return respond


def take_question(question: str, messages: Messages | None) -> Update:
    """On submit: clear the box once and hand the question on. An empty box is ignored; so is
    a submit while an answer streams (the text stays in the box for later)."""
    if not (question or "").strip():
        return gr.skip(), ""
    if answering(messages):
        gr.Info("Still answering the last question: send this one when it is done.")
        return gr.skip(), ""
    return "", question.strip()


def _intro(qa: PaperQA, catalog: PaperCatalog) -> Any:
    mode, change = answer_mode(qa.settings)
    try:
        placeholder = intro_html(len(catalog.papers()), catalog.venues(), mode, change)
    except PaperwiseError as exc:  # the chat itself reports it on the first question
        log.warning("Could not list the papers: %s", exc)
        placeholder = intro_html(0, [], mode, change)
    return gr.Chatbot(placeholder=placeholder)


def _venues(catalog: PaperCatalog) -> list[tuple[str, int]]:
    try:
        return catalog.venues()
    except PaperwiseError as exc:  # the intro warns of it, and the chat reports it
        log.debug("Could not list the venues: %s", exc)
        return []


def _answerer_choices(settings: Settings) -> list[tuple[str, str]]:
    choices = [("Offline extractive (quotes the abstracts)", "extractive")]
    if settings.llm_configured:
        choices.append((f"LLM: {settings.llm.model} at {endpoint_host(settings.openai_base_url)}",
                        "llm"))
    return choices


@dataclass
class _ChatTab:
    chat: gr.Chatbot
    status: gr.HTML
    question: gr.Textbox
    asked: gr.Textbox  # hidden: the question being answered, once the box is cleared
    clear: gr.Button
    k: gr.Slider
    answerer: gr.Radio
    sources: gr.HTML
    filters: FilterRow


def whole_k(slider: gr.Slider) -> gr.Slider:
    """The k slider, checked: API clients of /ask send its value too, and anything but a whole
    number in its range (NaN, Infinity, 1e400, 2.5, 0) gets an error naming k, not a stack
    trace. (Set on the instance: a subclass of a Gradio component writes a .pyi stub beside
    its module.)"""
    low, high, preprocess = slider.minimum, slider.maximum, slider.preprocess

    def checked(payload: Any) -> Any:
        whole = (isinstance(payload, int | float) and not isinstance(payload, bool)
                 and math.isfinite(payload) and payload == int(payload))
        if not whole or not low <= payload <= high:
            raise gr.Error(f"k (papers to retrieve) must be a whole number from {low:g} to "
                           f"{high:g}, not {str(payload)[:20]}.", print_exception=False)
        return preprocess(payload)

    setattr(slider, "preprocess", checked)  # noqa: B010 (mypy refuses a method assigned)
    return slider


def _chat_tab(settings: Settings) -> _ChatTab:
    answerers = _answerer_choices(settings)
    with gr.Row(equal_height=False):
        with gr.Column(scale=3):
            filters = build_filter_row([])  # its venues come on load, read from the index
            chat = gr.Chatbot(label="Conversation", height=560, elem_id="pw-chat", buttons=[],
                              feedback_options=None, latex_delimiters=[],
                              examples=[{"text": q} for q in EXAMPLES])
            status = gr.HTML("", elem_id="pw-status", js_on_load=None)
            question = gr.Textbox(label="Question", show_label=False, lines=1, max_lines=6,
                                  placeholder="Ask about the papers…", elem_id="pw-question",
                                  submit_btn=True)
            asked = gr.Textbox(visible=False)
            clear = gr.Button("Clear chat", elem_id="pw-clear", size="sm")
            with gr.Accordion("Settings", open=False):
                k = whole_k(gr.Slider(1, 10, value=settings.retrieval.k, step=1,
                                      label="Papers to retrieve (k)"))
                answerer = gr.Radio(answerers, value=settings.resolved_answerer(),
                                    label="Answers", visible=len(answerers) > 1)
        with gr.Column(scale=2, elem_id="pw-side"):
            sources = gr.HTML(sources_html([]), elem_id="pw-sources", js_on_load=None)
    return _ChatTab(chat, status, question, asked, clear, k, answerer, sources, filters)


def take_example(event: gr.SelectData, messages: Messages | None) -> str:
    """An example chip sends its question (unless an answer is still streaming)."""
    value = event.value if isinstance(event.value, dict) else {}
    return "" if answering(messages) else str(value.get("text") or "")


def ask_about_paper(title: str, messages: Messages | None) -> Update:
    """To the chat with a question about the chosen paper: asked at once, or left in the box
    while an answer is still streaming."""
    text = f"What does {title} propose, and how is it evaluated?"
    if answering(messages):
        return gr.Tabs(selected="chat"), text, ""
    return gr.Tabs(selected="chat"), gr.skip(), text


def _wire(qa: PaperQA, catalog: PaperCatalog, tab: _ChatTab, tabs: gr.Tabs,
          papers: PapersTab) -> None:
    """Every way to ask (submit, example chip, "Ask about this paper") first hands the
    question on (clearing the box once), then streams the answer."""
    respond = make_respond(qa, catalog)
    answer_io = ([tab.asked, tab.chat, tab.k, tab.answerer, *tab.filters.inputs],
                 [tab.chat, tab.sources, tab.status])
    submitted = tab.question.submit(take_question, [tab.question, tab.chat],
                                    [tab.question, tab.asked], api_name="take_question",
                                    queue=False)
    picked = tab.chat.example_select(take_example, tab.chat, tab.asked,
                                     api_name="take_example", queue=False)
    about = papers.ask_about.click(ask_about_paper, [papers.chosen_title, tab.chat],
                                   [tabs, tab.question, tab.asked], api_name="ask_about_paper",
                                   queue=False)
    asking = [submitted.then(respond, *answer_io, api_name="ask"),
              picked.then(respond, *answer_io, api_name="ask_example"),
              about.then(respond, *answer_io, api_name="ask_about_paper_answer")]
    tab.clear.click(lambda: ([], sources_html([]), ""), None, [tab.chat, tab.sources, tab.status],
                    api_name="clear", cancels=asking)


def build_ui(qa: PaperQA) -> gr.Blocks:
    """The whole UI. Every event has an api_name so gradio_client can call it."""
    catalog = PaperCatalog(qa)
    with gr.Blocks(title="Paperwise", analytics_enabled=False) as ui:
        gr.HTML(header_html(), elem_id="pw-header", js_on_load=SCRIPT)
        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"):
                tab = _chat_tab(qa.settings)
            with gr.Tab("Papers", id="papers"):
                papers = build_papers_tab(catalog)
        _wire(qa, catalog, tab, tabs, papers)
        ui.load(lambda: _intro(qa, catalog), None, tab.chat, api_name="intro",
                show_progress="hidden")
        # Read on load, not at build time: the index may change while the server runs.
        ui.load(lambda: gr.Dropdown(choices=venue_choices(_venues(catalog))), None,
                tab.filters.venue, api_name="filter_venues", show_progress="hidden", queue=False)
    return ui


THEME = make_theme()

__all__ = ["CSS", "THEME", "build_ui"]
