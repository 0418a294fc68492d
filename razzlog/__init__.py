"""razzlog: audit, replay and analyse Razz (seven-card stud low) hand histories."""

from razzlog.compiled import stale_modules as _stale_modules

if _stale := _stale_modules():
    # A compiled module is imported instead of the .py beside it: after an edit, the old code
    # would run silently.  (razzlog.compiled.stale_modules; README, "Compiled build".)
    raise ImportError(
        f"razzlog: {len(_stale)} compiled module(s) are older than their source, e.g. {_stale[0]}; "
        "rebuild them (python3 -m pip install -e .) or go back to pure Python "
        "(RAZZLOG_COMPILE=0 python3 -m pip install -e .)"
    )
