"""The Gradio UI: a chat tab (each answer with its own sources, a side panel with the latest
answer's) and a papers tab. Uses the public rag API."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any, cast
from urllib.parse import urlsplit

import gradio as gr

from paperwise.types import AnswererName
from rag import (
    FinalEvent,
    Hit,
    NoticeEvent,
    PaperQA,
    PaperwiseError,
    Settings,
    SourcesEvent,
    TextDelta,
)
from ui.papers_tab import PaperCatalog, build_papers_tab
from ui.render import (
    answer_message,
    escape_markdown,
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


def _done(answer: Any) -> str:
    seconds = answer.timings.get("total_s", 0.0)
    if not answer.answerable:
        return f"Not in the collection ({seconds:.1f} s)."
    cited = len({c.marker for c in answer.citations})
    return (f"Answered in {seconds:.1f} s from {len(answer.sources)} papers; {cited} cited. "
            "Click a marker to check its source.")


def make_respond(qa: PaperQA, catalog: PaperCatalog) -> Callable[..., Iterator[Update]]:
    """The answer stream: (chat, side panel, status line) after every event. The question box
    is not an output: it is cleared once, on submit, so typing during a stream is kept."""

    def respond(question: str, messages: Messages | None, k: int,
                answerer: str | None) -> Iterator[Update]:
        question = (question or "").strip()
        if not question:  # an empty box, or a submit while an answer was still streaming
            yield gr.skip(), gr.skip(), gr.skip()
            return
        messages = list(messages or [])
        number, history = _answers_so_far(messages) + 1, _history_pairs(messages)
        messages += [{"role": "user", "content": escape_markdown(question)},
                     {"role": "assistant", "content": streaming_message("", [], number)}]
        yield messages, gr.skip(), status_html(f"Searching {len(catalog.papers()):,} papers…")
        text, hits = "", []
        try:
            for event in qa.stream(question, history, k=int(k),
                                   answerer=cast(AnswererName | None, answerer or None)):
                if isinstance(event, SourcesEvent):
                    hits = event.hits
                    status = status_html(_working(qa.settings, answerer, hits))
                    yield messages, sources_html(hits, None, number), status
                    continue
                if isinstance(event, TextDelta):
                    text += event.text
                elif isinstance(event, NoticeEvent):
                    text = ""  # a fallback answer replaces what streamed so far
                    yield messages, gr.skip(), status_html(event.message)
                elif isinstance(event, FinalEvent):
                    messages[-1]["content"] = answer_message(event.answer, number)
                    yield (messages, sources_html(event.answer.sources, event.answer, number),
                           status_html(_done(event.answer)))
                    return
                messages[-1]["content"] = streaming_message(text, hits, number)
                yield messages, gr.skip(), gr.skip()
        except PaperwiseError as exc:
            messages[-1]["content"] = f"⚠️ {escape_markdown(str(exc))}"
            yield messages, gr.skip(), status_html("")
        except Exception:  # never a stack trace in the UI; the log has it
            log.exception("answering failed")
            messages[-1]["content"] = "⚠️ Something went wrong while answering; see the log."
            yield messages, gr.skip(), status_html("")

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


def _answerer_choices(settings: Settings) -> list[tuple[str, str]]:
    choices = [("Offline extractive (quotes the abstracts)", "extractive")]
    if settings.llm_configured:
        choices.append((f"LLM: {settings.llm.model} at {endpoint_host(settings.openai_base_url)}",
                        "llm"))
    return choices


def build_ui(qa: PaperQA) -> gr.Blocks:
    """The whole UI. Every event has an api_name so gradio_client can call it."""
    catalog = PaperCatalog(qa)
    answerers = _answerer_choices(qa.settings)
    with gr.Blocks(title="Paperwise", analytics_enabled=False) as ui:
        gr.HTML(header_html(), elem_id="pw-header", js_on_load=SCRIPT)
        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"), gr.Row(equal_height=False):
                with gr.Column(scale=3):
                    chat = gr.Chatbot(label="Conversation", height=560, elem_id="pw-chat",
                                      buttons=[], feedback_options=None, latex_delimiters=[],
                                      examples=[{"text": q} for q in EXAMPLES])
                    status = gr.HTML("", elem_id="pw-status", js_on_load=None)
                    question = gr.Textbox(label="Question", show_label=False, lines=1,
                                          max_lines=6, placeholder="Ask about the papers…",
                                          elem_id="pw-question", submit_btn=True)
                    asked = gr.Textbox(visible=False)
                    clear = gr.Button("Clear chat", elem_id="pw-clear", size="sm")
                    with gr.Accordion("Settings", open=False):
                        k = gr.Slider(1, 10, value=qa.settings.retrieval.k, step=1,
                                      label="Papers to retrieve (k)")
                        answerer = gr.Radio(answerers, value=qa.settings.resolved_answerer(),
                                            label="Answers", visible=len(answerers) > 1)
                with gr.Column(scale=2, elem_id="pw-side"):
                    sources = gr.HTML(sources_html([]), elem_id="pw-sources", js_on_load=None)
            with gr.Tab("Papers", id="papers"):
                papers = build_papers_tab(catalog)

        respond = make_respond(qa, catalog)
        answer_io = ([asked, chat, k, answerer], [chat, sources, status])
        submitted = question.submit(take_question, [question, chat], [question, asked],
                                    api_name="take_question", queue=False)
        asking = [submitted.then(respond, *answer_io, api_name="ask")]

        def take_example(event: gr.SelectData, messages: Messages | None) -> str:
            value = event.value if isinstance(event.value, dict) else {}
            return "" if answering(messages) else str(value.get("text") or "")

        picked = chat.example_select(take_example, chat, asked, api_name="take_example",
                                     queue=False)
        asking.append(picked.then(respond, *answer_io, api_name="ask_example"))

        def ask_about(title: str, messages: Messages | None) -> Update:
            text = f"What does {title} propose, and how is it evaluated?"
            if answering(messages):
                return gr.Tabs(selected="chat"), text, ""
            return gr.Tabs(selected="chat"), gr.skip(), text

        about = papers.ask_about.click(ask_about, [papers.chosen_title, chat],
                                       [tabs, question, asked], api_name="ask_about_paper",
                                       queue=False)
        asking.append(about.then(respond, *answer_io, api_name="ask_about_paper_answer"))
        clear.click(lambda: ([], sources_html([]), ""), None, [chat, sources, status],
                    api_name="clear", cancels=asking)
        ui.load(lambda: _intro(qa, catalog), None, chat, api_name="intro",
                show_progress="hidden")
    return ui


THEME = make_theme()

__all__ = ["CSS", "THEME", "build_ui"]
