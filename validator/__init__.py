"""Rules engine, replay validator, laws and views for Bézique records.

``validator.engine`` knows the rules and nothing of syntax (it imports neither
lark nor click); the replay walks a ``notation`` record through it once, and
every view (check, adjudicate, HTML, Markdown, JSON, YAML) reads that replay.
"""
