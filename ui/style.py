"""How the UI looks and the little it does in the browser: the theme (one system font stack for
every weight), the CSS, and one script (copy, download, re-flash a card, readable labels) that a
gr.HTML component installs through `js_on_load`. No HTML is made here (see ui/render.py)."""

from __future__ import annotations

import gradio as gr

# One stack for every weight: no web font, so a heading never mixes two fonts.
FONT_STACK = ("system-ui", "-apple-system", "'Segoe UI'", "Roboto", "'Noto Sans'",
              "'Helvetica Neue'", "Arial", "'Noto Sans CJK SC'", "sans-serif")
MONO_STACK = ("ui-monospace", "'SFMono-Regular'", "Menlo", "Consolas", "'DejaVu Sans Mono'",
              "monospace")


def make_theme() -> gr.themes.Base:
    """The default theme with system fonts (pass to mount_gradio_app / launch as `theme=`)."""
    return gr.themes.Default(font=list(FONT_STACK), font_mono=list(MONO_STACK))


_FONT, _MONO = ", ".join(FONT_STACK), ", ".join(MONO_STACK)
_FONT_CSS = (f":root, .gradio-container {{ --font: {_FONT} !important; "
             f"--font-mono: {_MONO} !important; }}\n"
             ".gradio-container, .gradio-container h1, .gradio-container h2, .gradio-container h3, "
             ".gradio-container h4, .gradio-container button, .gradio-container input, "
             f".gradio-container textarea {{ font-family: {_FONT}; }}\n")

CSS = _FONT_CSS + """
#pw-header h1 { font-size: 1.4rem; font-weight: 650; margin: 0; }
#pw-header p { margin: 2px 0 0 0; opacity: 0.8; }
#pw-status { min-height: 1.4em; font-size: 0.9rem; opacity: 0.85; }
#pw-question:has(textarea:placeholder-shown) button.submit-button {
  opacity: 0.4; pointer-events: none; }
.pw-anchor { scroll-margin-top: 8px; }
.pw-marker { text-decoration: none; font-weight: 600; padding: 0 1px; border-radius: 3px; }
.pw-marker:hover, .pw-marker:focus-visible { text-decoration: underline; }
.pw-intro { text-align: left; max-width: 640px; margin: 0 auto; line-height: 1.5; }
.pw-intro h2 { font-size: 1.15rem; font-weight: 650; margin: 0 0 6px 0; }
.pw-intro p { margin: 4px 0; }
.pw-intro code { font-size: 0.85em; }
.pw-msg-foot { margin-top: 10px; }
.pw-msg-foot pre[hidden] { display: none !important; }
.pw-msg-sources > summary, .pw-also > summary { cursor: pointer; font-weight: 600;
  font-size: 0.9rem; padding: 2px 0; }
.pw-sources { display: flex; flex-direction: column; gap: 10px; margin-top: 6px; }
.pw-panel-head { font-size: 0.9rem; opacity: 0.85; margin-bottom: 6px; }
.pw-card { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 8px 10px;
  overflow-wrap: anywhere; scroll-margin-top: 44px; background: var(--block-background-fill); }
.pw-card.pw-cited { border-left: 4px solid var(--color-accent); }
.pw-card.pw-closest { border-left: 4px solid #f59e0b; }
.pw-card h4 { margin: 0 0 2px 0; font-size: 0.95rem; font-weight: 650; line-height: 1.3; }
.pw-card h4 a { color: inherit; }
.pw-byline { font-size: 0.85rem; margin-bottom: 2px; }
.pw-file { font-size: 0.72rem; opacity: 0.6; margin-top: 4px; }
.pw-card details > summary { cursor: pointer; font-size: 0.85rem; }
.pw-card p { margin: 4px 0 0 0; font-size: 0.9rem; line-height: 1.5; }
.pw-card mark { background: #fde68a; color: #111; padding: 0 2px; border-radius: 2px; }
.dark .pw-card mark { background: rgba(250, 204, 21, 0.3); color: inherit; }
.pw-back { font-size: 0.8rem; display: inline-block; margin-top: 4px; }
.pw-card:target, .pw-card.pw-flash { outline: 3px solid var(--color-accent); outline-offset: 1px;
  animation: pw-flash 1.6s ease-out; }
@keyframes pw-flash { 0% { background: rgba(249, 115, 22, 0.35); }
  100% { background: var(--block-background-fill); } }
.pw-refusal { border: 1px solid #f59e0b; background: rgba(245, 158, 11, 0.12); border-radius: 8px;
  padding: 8px 10px; font-weight: 600; }
.pw-badge { font-size: 0.72rem; font-weight: 600; padding: 1px 6px; border-radius: 10px;
  background: var(--color-accent); color: white; margin-left: 6px; vertical-align: 2px; }
.pw-badge.pw-closest { background: #b45309; }
.pw-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.pw-action { font-size: 0.8rem; padding: 2px 10px; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--border-color-primary);
  background: var(--button-secondary-background-fill); color: var(--body-text-color); }
.pw-action:focus-visible, .pw-marker:focus-visible, .pw-back:focus-visible,
.pw-msg-sources > summary:focus-visible { outline: 2px solid var(--color-accent); }
.pw-filtered { font-size: 0.8rem; opacity: 0.75; margin-top: 6px; }
#pw-paper-count { font-size: 0.9rem; opacity: 0.85; }
#pw-papers { --font-mono: var(--font) !important; }
#pw-papers table, #pw-papers td, #pw-papers th { font-family: var(--font) !important; }
.pw-paper { line-height: 1.55; }
.pw-paper h3 { margin: 0 0 4px 0; font-size: 1.1rem; font-weight: 650; }
.pw-paper p { margin: 6px 0; }
@media (max-width: 768px) {
  #pw-side { display: none; }
  /* The three filters stay on one line on a phone rather than taking a third of it. */
  #pw-filters .form { flex-wrap: nowrap; }
  #pw-filters .block { min-width: 0 !important; }
  #pw-filters input::placeholder { font-size: 0.8rem; }
  #pw-chat { height: 70vh !important; }
  .pw-card p { font-size: 0.85rem; }
}
"""

# Installed once per page by the header's js_on_load. The chat's sanitizer drops data-*
# attributes, so buttons are told apart by class and find their text in hidden <pre>s.
SCRIPT = """
if (!window.__paperwise) {
  window.__paperwise = true;
  const copyText = async (text) => {
    try { await navigator.clipboard.writeText(text); return true; } catch (err) {
      const area = document.createElement('textarea');
      area.value = text; area.setAttribute('readonly', '');
      area.style.position = 'fixed'; area.style.left = '-9999px';
      document.body.appendChild(area); area.select();
      let ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      area.remove();
      return ok;
    }
  };
  const download = (text, name, type) => {
    const url = URL.createObjectURL(new Blob([text], {type: type + ';charset=utf-8'}));
    const link = document.createElement('a');
    link.href = url; link.download = name;
    document.body.appendChild(link); link.click(); link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 2000);
  };
  const TYPES = {text: ['txt', 'text/plain'], md: ['md', 'text/markdown'],
                 bib: ['bib', 'application/x-bibtex']};
  const act = async (button) => {
    const found = /pw-act-(copy|download)-(text|md|bib)/.exec(button.className);
    const foot = button.closest('.pw-msg-foot');
    if (!found || !foot) return;
    const pre = foot.querySelector('.pw-export-' + found[2]);
    const text = pre ? pre.textContent : '';
    if (found[1] === 'download') {
      const [ext, type] = TYPES[found[2]];
      download(text, foot.id.replace('pw-a', 'answer-').replace('-foot', '') + '.' + ext, type);
      return;
    }
    const ok = await copyText(text);
    window.__pwCopied = text;
    const label = button.textContent;
    button.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => { button.textContent = label; }, 1500);
  };
  const flash = (card) => {
    card.classList.remove('pw-flash'); void card.offsetWidth; card.classList.add('pw-flash');
    setTimeout(() => card.classList.remove('pw-flash'), 1700);
  };
  const scroller = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && up.scrollHeight > up.clientHeight) {
        return up;
      }
    }
    return null;
  };
  // After a jump: the target on screen and, for a card, its first highlighted sentence too
  // (in a long abstract it sits below the card's top).
  const settle = (href) => {
    const el = location.hash === href && document.getElementById(href.slice(1));
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 40) el.scrollIntoView({block: 'start'});
    const mark = el.classList.contains('pw-card') && el.querySelector('mark');
    if (!mark) return;
    const box = scroller(el);
    const bottom = Math.min(window.innerHeight,
                            box ? box.getBoundingClientRect().bottom : window.innerHeight);
    if (mark.getBoundingClientRect().bottom > bottom - 8) mark.scrollIntoView({block: 'center'});
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && target.closest('button.pw-action');
    if (button) { event.preventDefault(); event.stopPropagation(); act(button); return; }
    const link = target && target.closest('a.pw-marker, a.pw-back');
    if (!link) return;
    // The chat scrolls itself to the bottom 300 ms after an update: a jump made just after
    // an answer arrives is made again once that has happened.
    [60, 400, 900].forEach((ms) => setTimeout(() => settle(link.getAttribute('href')), ms));
    const card = document.getElementById(link.getAttribute('href').slice(1));
    if (card && location.hash === link.getAttribute('href')) {
      event.preventDefault();
      let d = card.closest('details');
      while (d) { d.open = true; d = d.parentElement.closest('details'); }
      card.scrollIntoView({block: 'nearest'});
      if (card.classList.contains('pw-card')) flash(card);
    }
  }, true);
  const labelOf = (el) => {
    const foot = el.querySelector('.pw-msg-foot');
    let text = el.innerText || '';
    if (foot && foot.innerText) text = text.replace(foot.innerText, '');
    const who = el.getAttribute('data-testid') === 'user' ? 'Question' : 'Answer';
    return who + ': ' + text.replace(/\\s+/g, ' ').trim().slice(0, 600);
  };
  let pending = false;
  const relabel = () => {
    pending = false;
    document.querySelectorAll('#pw-chat [aria-label*="\\'s message: "], ' +
                              '#pw-chat [aria-label^="Answer: "], ' +
                              '#pw-chat [aria-label^="Question: "]').forEach((el) => {
      const label = labelOf(el);
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    });
  };
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(relabel); }
  }).observe(document.body, {subtree: true, childList: true, characterData: true,
                             attributes: true, attributeFilter: ['aria-label']});
}
"""
