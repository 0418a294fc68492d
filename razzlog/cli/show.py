"""``razzlog show``: one hand replayed street by street, with its violations."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from razzlog.cli.app import (
    Command,
    ProfileName,
    ProfileOpt,
    app,
    error,
    exit_with,
    report_console,
    usage_error,
)
from razzlog.cli.store_options import OptionalPathsArg, ReadStoreOpt, from_store, paths_or_store


@app.command(cls=Command)
def show(
    hand_id: Annotated[
        str, typer.Argument(help="The hand id as the site prints it.", metavar="HAND_ID", show_default=False)
    ],
    paths: OptionalPathsArg = None,
    profile: ProfileOpt = ProfileName.AUTO,
    store: ReadStoreOpt = None,
) -> None:
    """Replay one hand street by street, with its violations under the lines where they happen."""
    paths = paths_or_store(paths, store)
    from razzlog.api import audit_paths
    from razzlog.render.audit import hand_title, is_unreadable, violations_table
    from razzlog.render.hand_view import find_report, hand_view
    from razzlog.render.show import print_hand

    unreadable: list[str] = []
    if store is not None:
        from razzlog.store.show import stored_report

        report = from_store(store, lambda stored: stored_report(stored, hand_id, profile.value))
        where = f"the store {store} (it keeps razz hands; hands of other games are only counted)"
    else:
        report = find_report(audit_paths(paths, profile.value), hand_id, unreadable_files=unreadable)
        where = ", ".join(paths)
    for file in unreadable:
        error(f"{file}: cannot be read")
    if report is None:
        usage_error(f"hand {hand_id} not found in {where}")
    if report.other_game is not None:
        error(f"hand {hand_id} is a hand of {report.other_game}, not razz: razzlog replays razz only")
        exit_with(1)
    console = report_console(sys.stdout, to_file=False)
    if report.hand is None:
        assert not is_unreadable(report)
        console.print(hand_title(report))
        console.print(violations_table(report.violations))
        error(f"hand {hand_id} cannot be replayed: it does not parse")
        exit_with(1)
    print_hand(console, hand_view(report.hand, report.violations))
