"""Analysis of records: the strict play of every deal solved exactly, every mistake shown.

:func:`analyse` turns a :class:`~validator.replay.Replay` into a
:class:`~validator.analysis.results.RecordAnalysis`; :func:`annotate` writes it back into the
record as BZN glyphs, comments and a variation (``bezique analyse``; docs/analysis.md).
"""

from __future__ import annotations

from .analyser import analyse, analyse_deal, ruleset_of
from .annotations import ANNOTATOR, annotate, strip_analysis
from .results import ANALYSIS_SCHEMA, DealAnalysis, PlayAnalysis, RecordAnalysis
from .thresholds import Thresholds, ThresholdsError, thresholds_for

__all__ = [
    "ANALYSIS_SCHEMA",
    "ANNOTATOR",
    "DealAnalysis",
    "PlayAnalysis",
    "RecordAnalysis",
    "Thresholds",
    "ThresholdsError",
    "analyse",
    "analyse_deal",
    "annotate",
    "ruleset_of",
    "strip_analysis",
    "thresholds_for",
]
