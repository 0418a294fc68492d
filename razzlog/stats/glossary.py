"""The glossary of the statistics (``docs/glossary.md``), generated from their definitions:
how rows are grouped and selected, then one entry per column (:mod:`razzlog.stats.definitions`,
:mod:`~razzlog.stats.sessions`, :mod:`~razzlog.stats.tournaments`).  ``python tools/regen_docs.py``
rewrites the file; a test keeps the two in step.
"""

from __future__ import annotations

from razzlog.stats.definitions import STATS
from razzlog.stats.sessions import SESSION_STATS
from razzlog.stats.tournaments import TOURNAMENT_STATS

GLOSSARY_INTRO = """\
# Statistics glossary

`razzlog stats` and `razzlog.stats.player_stats` report one row per group of
player-hands.  This glossary is generated from `razzlog/stats/definitions.py`,
where each statistic is defined once, as a polars expression next to these words.

## Groups and selection

- `--by` takes comma-separated keys among `player`, `site`, `stakes`
  (`$0.04/$0.08`, or `75/150` for tournaments and play money), `currency`,
  `date` (the hand's date as the site prints it), `week` (ISO week of that
  date, `2009-W48`), `month` (`2009-11`), `year`, `session` (see below),
  `table`, `game` (the table's game: `Razz`, or the mix its razz hands are
  dealt in as the site prints it, `HORSE`, `8-Game`), `club` (a PokerStars
  Home Game's club), `tournament` (the tournament id), `buy_in_currency` (see
  Tournaments below) and `start` (see below).  The default is `player,currency`.
- `start` is the player's 3-card start, where the log shows all three of
  their 3rd-street cards (the hero's: `Dealt to Hero [2s As 3d]`): the ranks
  low to high, ace low (`A23`, `27K`), as razz players write them, with a mark
  for a pair or trips: `AA2 split` (the door card pairs a hole card), `AA2
  buried` (the pair is in the hole) and `AAA rolled-up` (three of a kind).
  Suits are left out.  Other players' hands have no start (`null`): `--by
  start --player @hero` gives the hero's results by start.
- `currency` is `USD`, `EUR`, `GBP`… for cash tables, `chips` for tournaments
  and `play` for play money.  It is always part of the grouping (added last
  when `--by` leaves it out), so amounts of different units never add up;
  chips of different tournaments do add up under `chips` (group by
  `tournament` to keep them apart).
- Without `player` among the keys a group counts every player's hands, so
  `hands` counts a hand once per player in it, and the `net` of all the
  players of a hand adds up to minus its rake.
- `--player NAME` (repeatable) keeps those players' hands; `@hero` stands for
  the hero: the player whose three 3rd-street cards the log shows (`Dealt to
  Hero [Td 2s 9s]`) in the most hands, or the one named with `--hero`.
- `--since`/`--until DATE` (`YYYY-MM-DD`, inclusive) select hands by date;
  `--min-hands N` leaves out groups with fewer hands; `--sort COLUMN[:asc|:desc]`
  sorts by any output column (numbers most first, text A to Z; default `hands`).
- The same hand (site and hand id) read twice counts once.

## Columns

Rates are fractions 0–1, `null` when their denominator is 0; the `table`
format shows them as percentages.  Amounts (`net`) are exact decimals: strings
in JSON (`"-0.27"`), plain numbers in CSV, `Decimal` in Parquet.  The `table`
format leaves out the per-street aggression factors, the counts behind the
rates (`saw_4th`, `showdowns`, `showdown_lows`) and the stud statistics from
`steal_success` on (JSON, CSV and Parquet have them), and on a terminal too
narrow for every column the least telling ones (its last line names them).

| column | definition |
| --- | --- |
"""

GLOSSARY_LOWS = """
## Final lows

`razzlog stats --lows` (`razzlog.stats.low_distribution`) lists, per group,
how often each final low occurred at showdown: `5-low` … `K-low` for an
unpaired low by its highest card, `paired` for a low with a pair or worse;
`count` and `share` (of the group's `showdown_lows`).
"""


GLOSSARY_SESSIONS = """
## Sessions

`--by session` groups each player's hands into sessions: runs of hands with no
pause longer than 30 minutes (`--session-gap MINUTES`) between one hand and
the next, whatever the table, so hands of several tables played at once make
one session.  Hands are put on one clock first: each header's time is read in
the time zone the site prints (`ET`, `CET`, `CCT`, `UTC`…, summer time
included; `razzlog/clock.py` lists them) and turned into UTC.  A hand whose
zone razzlog does not know has no session (`null`).  The `session` key is the
session's first hand's time in UTC (`2009-11-26T15:24:42Z`); `player` is
added to the keys when missing, and rows come in time order.  Besides the
columns above, a session row has:

| column | definition |
| --- | --- |
"""


GLOSSARY_TOURNAMENTS = """
## Tournaments

Tournament hands are played for chips: their `net` is in `chips`, whatever the
buy-in.  Grouping by `tournament` or by `buy_in_currency` adds the
tournaments' results, in money: the header's buy-in (`$10+$1 USD`: buy-in,
bounty if printed, and fee) and the place and prize of the lines a site prints
when a player finishes (`Bo finished the tournament in 2nd place and received
$6.00.`, `Ann wins the tournament and receives $14.00 - congratulations!`).
`buy_in_currency` (`USD`…, `FPP` for points, null for play chips) is then a key,
so amounts of different units never add up: `--by player,tournament` gives one
row per tournament, `--by player,buy_in_currency` each player's totals.  A
tournament counts where the log shows the player finish it.

| column | definition |
| --- | --- |
"""


def glossary_markdown() -> str:
    """The glossary of ``docs/glossary.md``: grouping, then one entry per statistic."""
    rows = "".join(f"| `{s.name}` | {s.definition} |\n" for s in STATS)
    sessions = "".join(f"| `{s.name}` | {s.definition} |\n" for s in SESSION_STATS)
    tournaments = "".join(f"| `{s.name}` | {s.definition} |\n" for s in TOURNAMENT_STATS)
    return (
        GLOSSARY_INTRO
        + rows
        + GLOSSARY_LOWS
        + GLOSSARY_SESSIONS
        + sessions
        + GLOSSARY_TOURNAMENTS
        + tournaments
    )
