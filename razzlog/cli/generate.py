"""``razzlog generate``: synthetic, legal razz hand histories (for tests and benchmarks)."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer

from razzlog.cli.app import Command, Encoding, OutputOpt, Site, app, output_stream, usage_error


@app.command(cls=Command)
def generate(
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, metavar="N", help="How many hands to write.")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Same seed, same bytes.")] = 0,
    site: Annotated[
        Site, typer.Option("--site", help="Output format, and the site's house rules the hands are dealt by.")
    ] = Site.POKERSTARS,
    players: Annotated[
        str, typer.Option("--players", metavar="MIN-MAX", help="Players dealt in per table, e.g. 2-8.")
    ] = "2-8",
    violations: Annotated[
        float,
        typer.Option(
            "--violations", min=0.0, max=1.0, metavar="RATE", help="Fraction of hands given one violation."
        ),
    ] = 0.0,
    labels: Annotated[
        Path | None,
        typer.Option("--labels", metavar="FILE", help="Write one JSON line per injected violation."),
    ] = None,
    output: OutputOpt = None,
    encoding: Annotated[
        Encoding,
        typer.Option(
            "--encoding",
            help="utf-8 (the default, for any site), or utf-16: little-endian with a BOM,"
            " as Full Tilt wrote its files.",
        ),
    ] = Encoding.UTF8,
) -> None:
    """Write synthetic, legal razz hand histories (for tests and benchmarks).

    Hands come from an independent dealer that shares no code with the rules,
    in PokerStars', Full Tilt's or KingsClub's format and by that site's house
    rules; with --violations, that fraction of hands gets exactly one labelled
    violation (of a rule whose breach the site's format can show).
    """
    low, _, high = players.partition("-")
    try:
        seats = (int(low), int(high or low))
    except ValueError:
        usage_error(f"--players takes MIN-MAX such as 2-8, not {players!r}")
    if not 2 <= seats[0] <= seats[1] <= 8:
        usage_error("--players must lie within 2-8")
    if violations and labels is None:
        usage_error("--violations needs --labels FILE to say which hands hold which violation")
    from razzlog.generate.stream import labels_jsonl, stream_labeled

    # UTF-16 as Full Tilt wrote it: little-endian, with a byte order mark first
    utf16 = encoding == Encoding.UTF16
    with (
        output_stream(output, "utf-16-le" if utf16 else "utf-8") as out,
        open(labels, "w", encoding="utf-8") if labels else nullcontext() as label_file,
    ):
        if utf16:
            out.write("\ufeff")
        for text, new_labels in stream_labeled(seed, hands, seats, site.value, violations):
            out.write(text)
            if label_file is not None and new_labels:
                label_file.write(labels_jsonl(new_labels))
