"""Two topics asked together: a method and the domain it is applied to ("has anyone applied A to
B?", "work on A for B", typed "A + B"); a paper fits only if its abstract says a word of each
(rag/listing.py applied_nowhere)."""

from __future__ import annotations

import re

# "Applying A to B" names a method and the domain it is applied to: a paper fits only if its
# abstract says a word of each. "Has anyone applied sparse autoencoders to protein language
# models?" is not answered by SAE papers on LLMs nor by an mRNA paper saying "protein synthesis"
# (dev ln015, lp028, lp029, from held-out batches, now refused; no dev or test outcome lost).
# The domain runs to the question's end or to a purpose ("to find ...", "in order to").
APPLIED_TO = re.compile(r"\bappl(?:y|ies|ied|ying)\s+(?P<method>[^?.;]{3,80}?)\s+to\s+"
                        # "applied A to interpret B" applies A to B (dev split lu030)
                        r"(?:(?:interpret|analy[sz]e|study|understand|explain|probe)\s+)?"
                        r"(?P<domain>[^?.;]{3,120}?)\s*"
                        r"(?=\bto\s+\w|\bin order\b|\bso that\b|[?.;]|$)", re.I)
# "Work on A for B" / "papers on A in B" names a method and its domain the same way: "is there
# any work on federated learning for ECG-based arrhythmia classification?" is not answered by
# federated-learning papers nor by an ECG paper (dev split lq030; on dev it marks 25 list
# questions: 24 unanswerable, 1 answerable, which the hyphen-joined forms in
# rag/listing.py applied_nowhere now keep).
# "Work that uses A for B" too (dev split lt030).
WORK_FOR = re.compile(r"\b(?:work|works|research|papers?|anything|stud(?:y|ies)|methods?|"
                      # "what work uses A for B" as "work that uses" (fresh dev batch oc027)
                      r"approaches)\s+(?:on|about|using|applying|(?:(?:that|which)\s+)?"
                      # (a method holds no purpose clause: "animating a portrait so that the
                      # video moves in sync with a speech track" names no domain "sync": dev
                      # split mt022b)
                      r"(?:uses?|appl(?:y|ies)))\s+"
                      r"(?P<method>(?:(?!\b(?:so|such) that\b|\bin order to\b)[^?.;]){3,80}?)"
                      # ("... uses a Wasserstein distance, and in what role?" asks, names no
                      # domain: dev split mx020b)
                      r"\s+(?:for|in)\s+(?!(?:what|which|how|whose)\b)"
                      r"(?P<domain>[^?.;]{3,120}?)\s*(?=[?.;]|$)", re.I)
# ... or "work on using A to speed up B" (fresh dev batch or, or020)
WORK_USING = re.compile(r"\b(?:work|works|research|papers?|anything|stud(?:y|ies))\s+"
                        r"(?:on|about)\s+(?:using|applying)\s+(?P<method>[^?.;]{3,80}?)\s+to\s+"
                        r"(?!(?:what|which|how|whose)\b)[a-z]+(?:\s+up)?\s+"
                        r"(?P<domain>[^?.;]{3,120}?)\s*(?=[?.;]|$)", re.I)
# ... and "A methods for B": "how do federated learning methods for self-supervised ECG
# pretraining compare?" (fresh dev batch or, or021; general English)
METHODS_FOR = re.compile(r"^\s*(?:how (?:do|does|did)|compare|contrast)\s+(?:the\s+)?"
                         r"(?P<method>[^?.;,]{3,60}?)\s+(?:methods?|approaches|techniques)\s+"
                         r"for\s+(?P<domain>[^?.;]{3,120}?)\s*(?=\b(?:compare|exist|are there)\b|"
                         r"[?.;]|$)", re.I)
# ... or typed as a bare topic: "saes on protein lms", "DPO for text-to-video diffusion" (dev
# split ln015a, lz009a: rewordings of refused questions, answered with SAE papers on LLMs and
# with DSPO's image diffusion). Only where the whole question is a few typed words (BARE_TOPIC).
# ("anything on X" names no method: dev split c031)
TERSE_APPLIED = re.compile(r"^\s*(?!(?:any|anything|something|papers?|works?|research|"
                           r"stud(?:y|ies))\b)(?P<method>[^?.;]{3,60}?)\s+"
                           r"(?:for|on|in|applied to)\s+"
                           r"(?P<domain>[^?.;]{3,80}?)\s*(?:\b(?:papers?|works?|research)\b)?"
                           r"\s*\??\s*$", re.I)
# ... typed with a "+" for the combination ("gaussian splatting + self-driving scene
# reconstruction") or asking after it ("A for B - any work?"): fresh dev batch or, or024a, or020a.
TYPED_COMBINATION = re.compile(r"\s+\+\s+")
ANY_WORK_TAIL = re.compile(r"\s*[-–—:,]?\s*(?:(?:is|are) there )?any\s+(?:work|papers?|research|"
                           r"stud(?:y|ies))\s*\?*\s*$", re.I)
# ... read in a question's first characters only: the bounded phrases above cost thousands of
# steps for each "apply" in a 100 KB question (the fuzz test's 2 s deadline).
APPLIED_REACH = 600
# Words too general to tell a method or a domain ("models", "learning", "data"): general
# English of ML, chosen by hand; and the words for the collection itself ("work on federated
# learning in this collection" names no domain: dev split ls009).
GENERAL_WORDS = frozenset("model models language languages data learning task tasks method methods "
                          "approach approaches network networks neural system systems problem "
                          "problems setting settings deep large small new based machine "
                          "technique techniques work works paper papers "
                          "collection corpus index set here "
                          # a dimension or "foundation models" tells no method nor domain
                          # ("3D Gaussian Splatting for driving": an articulated-3D-object paper
                          # speaking of motion is no match; dev split lu029, lu030)
                          "2d 3d foundation".split())
