"""Arena reports with what depends on the clock taken out, so two runs can be compared."""

import json

CLOCK_FIELDS = ("decision_ms", "longest_slice_ms", "longest_slice_cpu_ms", "think_slices",
                "slices_over_10ms", "slices_over_10ms_cpu")
"""Per-agent fields measured in time (the report's ``decision_ms`` and ``jobs`` too)."""


def clock_free(report: dict) -> dict:
    """A copy of ``report`` without its timings."""
    report = json.loads(json.dumps(report))
    for key in ("decision_ms", "jobs"):
        report.pop(key)
    for p in report["per_agent"]:
        for key in CLOCK_FIELDS:
            p.pop(key)
    return report
