"""The Gradio UI: a chat tab with a sources panel, and a papers tab. Uses the public rag API."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any, cast

import gradio as gr

from paperwise.types import AnswererName
from rag import (
    FinalEvent,
    NoticeEvent,
    PaperQA,
    PaperwiseError,
    SourcesEvent,
    TextDelta,
)
from ui.render import (
    CSS,
    answer_markdown,
    escape_markdown,
    paper_markdown,
    sources_html,
    streaming_markdown,
    strip_markup,
)

log = logging.getLogger(__name__)

EXAMPLES = [
    "How many risk categories does AIR-BENCH 2024 have?",
    "Which papers use diffusion models for planning or control?",
    "Is there a model that controls a simulated humanoid from unlabeled motion data?",
    "What does POGEMA provide?",
]
_HISTORY_TURNS = 3
Messages = list[dict[str, Any]]


def _history_pairs(messages: Messages) -> list[tuple[str, str]]:
    """Chat messages → (question, answer) pairs for follow-ups."""
    pairs, question = [], None
    for message in messages:
        content = message.get("content")
        text = content if isinstance(content, str) else ""
        if message.get("role") == "user":
            question = text
        elif question is not None:
            pairs.append((question, strip_markup(text)))
            question = None
    return pairs[-_HISTORY_TURNS:]


def make_respond(qa: PaperQA) -> Callable[..., Iterator[tuple[Messages, str, str]]]:
    def respond(message: str, messages: Messages | None, k: int,
                answerer: str | None) -> Iterator[tuple[Messages, str, str]]:
        messages = list(messages or [])
        history = _history_pairs(messages)
        messages = [*messages, {"role": "user", "content": escape_markdown(message or "")},
                    {"role": "assistant", "content": "…"}]
        panel = sources_html([])
        yield messages, panel, ""
        text = ""
        try:
            for event in qa.stream(message or "", history, k=int(k),
                                   answerer=cast(AnswererName | None, answerer or None)):
                if isinstance(event, SourcesEvent):
                    panel = sources_html(event.hits)
                elif isinstance(event, TextDelta):
                    text += event.text
                    messages[-1]["content"] = streaming_markdown(text)
                elif isinstance(event, NoticeEvent):
                    text = ""  # a fallback answer replaces what streamed so far
                elif isinstance(event, FinalEvent):
                    messages[-1]["content"] = answer_markdown(event.answer)
                    panel = sources_html(event.answer.sources, event.answer)
                yield messages, panel, ""
        except PaperwiseError as exc:
            messages[-1]["content"] = f"⚠️ {escape_markdown(str(exc))}"
            yield messages, panel, ""
        except Exception:  # never a stack trace in the UI; the log has it
            log.exception("answering failed")
            messages[-1]["content"] = "⚠️ Something went wrong while answering; see the log."
            yield messages, panel, ""

    return respond


def _papers_table(qa: PaperQA, query: str = "") -> list[list[Any]]:
    query = query.casefold().strip()
    return [[p.title, p.venue, p.source, p.position] for p in qa.papers()
            if not query or query in f"{p.title} {p.abstract} {p.source}".casefold()]


def build_ui(qa: PaperQA) -> gr.Blocks:
    """The whole UI. Every event has an api_name so gradio_client can call it."""
    answerers = ["extractive", "llm"] if qa.settings.llm_configured else ["extractive"]
    with gr.Blocks(title="Paperwise", analytics_enabled=False) as ui:
        gr.Markdown("## Paperwise — ask the paper abstracts\nAnswers cite their sources; "
                    "click a marker to see the supporting sentence.")
        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"), gr.Row():
                with gr.Column(scale=3):
                    chat = gr.Chatbot(label="Conversation", height=520, elem_id="pw-chat",
                                      buttons=["copy"], feedback_options=None)
                    question = gr.Textbox(placeholder="Ask about the papers…",
                                          show_label=False, elem_id="pw-question",
                                          submit_btn=True)
                    gr.Examples(EXAMPLES, inputs=question, label="Examples")
                    with gr.Row():
                        clear = gr.Button("Clear chat", elem_id="pw-clear", size="sm")
                    with gr.Accordion("Settings", open=False):
                        k = gr.Slider(1, 10, value=qa.settings.retrieval.k, step=1,
                                      label="Papers to retrieve (k)")
                        answerer = gr.Radio(answerers, value=qa.settings.resolved_answerer(),
                                            label="Answerer", visible=len(answerers) > 1)
                with gr.Column(scale=2):
                    gr.Markdown("### Sources")
                    sources = gr.HTML(sources_html([]), elem_id="pw-sources")
            with gr.Tab("Papers", id="papers"):
                search = gr.Textbox(placeholder="Filter by title, abstract or file…",
                                    show_label=False, elem_id="pw-paper-search")
                table = gr.Dataframe(headers=["title", "venue", "source", "position"],
                                     value=lambda: _papers_table(qa), interactive=False,
                                     elem_id="pw-papers", max_height=420)
                selected = gr.Markdown("Select a paper to read its abstract.",
                                       elem_id="pw-paper")
                ask_about = gr.Button("Ask about this paper", elem_id="pw-ask-about",
                                      interactive=False)
                chosen_title = gr.State("")

        respond = make_respond(qa)
        question.submit(respond, [question, chat, k, answerer], [chat, sources, question],
                        api_name="ask")
        clear.click(lambda: ([], sources_html([]), ""), None, [chat, sources, question],
                    api_name="clear")
        search.change(lambda q: _papers_table(qa, q), search, table, api_name="search_papers")

        def show_paper(event: gr.SelectData) -> tuple[str, str, Any]:
            title, _venue, source, position = event.row_value
            position = int(position)
            paper = next(p for p in qa.papers() if (p.source, p.position) == (source, position))
            text = paper_markdown(paper.title, paper.venue, paper.source, paper.position,
                                  paper.abstract)
            return text, title, gr.update(interactive=True)

        table.select(show_paper, None, [selected, chosen_title, ask_about],
                     api_name="show_paper")
        ask_about.click(
            lambda title: (f"What does {title} propose, and how is it evaluated?",
                           gr.Tabs(selected="chat")),
            chosen_title, [question, tabs], api_name="ask_about_paper",
        ).then(respond, [question, chat, k, answerer], [chat, sources, question],
               api_name="ask_about_paper_answer")
    return ui


__all__ = ["CSS", "build_ui"]
