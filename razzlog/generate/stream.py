"""Runs of generated hands as text: the site's writer, injected violations and their labels.

Each hand knows the site whose house rules dealt it (``Hand.site``), and is
written by that site's writer.  Hands are separated by two blank lines, as
both sites separate them; the text ends with a newline.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence

from razzlog.generate import (
    Hand,
    fulltilt_writer,
    kingsclub_writer,
    merge_writer,
    pokerstars_writer,
    winamax_writer,
)
from razzlog.generate.house import HOUSES
from razzlog.generate.inject import RULES, inject
from razzlog.generate.tables import generate_hands

WRITERS: dict[str, Callable[[Hand], str]] = {
    "pokerstars": pokerstars_writer.write_hand,
    "fulltilt": fulltilt_writer.write_hand,
    "winamax": winamax_writer.write_hand,
    "merge": merge_writer.write_hand,
    "kingsclub": kingsclub_writer.write_hand,
}
SITES = tuple(WRITERS)
# The hand id as a site prints it, where it is not the dealer's number.
PRINTED_IDS: dict[str, Callable[[Hand], str]] = {"winamax": winamax_writer.hand_id}
# Rules a site's format cannot carry a violation of.  Winamax prints no uncalled
# bet (its amount stays in the pot), no muck line, and no summary line for a
# player who folded: a wrong return, a mucked winner or a wrong fold street
# cannot be written.  Merge prints no summary, total pot nor hand description.
# KingsClub prints no uncalled bet, no total pot, no hand description, no muck,
# no repeated earlier cards and no summary outcome (only each seat's stack and net).
UNWRITABLE_RULES: dict[str, frozenset[str]] = {
    "winamax": frozenset({"uncalled-bet", "mucked-winner", "summary-mismatch"}),
    "merge": merge_writer.UNWRITABLE_RULES,
    "kingsclub": frozenset(
        {
            "uncalled-bet",
            "pot-total",
            "hand-description",
            "mucked-winner",
            "card-mismatch",
            "summary-mismatch",
        }
    ),
}


def rules_for(site: str) -> tuple[str, ...]:
    """The rules a violation of which can be injected into ``site``'s hands (its text can show it)."""
    return tuple(r for r in RULES if r not in UNWRITABLE_RULES.get(site, ()))


def _dealer_id(hand: Hand) -> str:
    return str(hand.hand_id)


def write_hand(hand: Hand) -> str:
    """One hand in its site's format, without a trailing newline."""
    return WRITERS[hand.site](hand)


def write_hands(hands: Sequence[Hand]) -> str:
    return "\n\n\n".join(write_hand(h) for h in hands) + "\n"


def stream_labeled(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
    rules: Sequence[str] | None = None,
    hero: str = "Hero",
) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Hand by hand: the text of each hand (with its separator) and the labels of
    the violations injected since the previous one.

    A fraction ``violations`` of the hands (chosen by a second generator seeded
    from ``seed``) gets exactly one violation of a rule drawn from ``rules`` (by
    default every rule the site's format can show: :func:`rules_for`)
    (other rules are tried when the hand has no place for it); the table then
    goes on from the stacks the injected hand implies.  Streams, so millions of
    hands need no more memory than one.
    """
    if site not in WRITERS:
        raise ValueError(f"no writer for site {site!r}; choose {', '.join(SITES)}")
    rules = [r for r in (RULES if rules is None else rules) if r not in UNWRITABLE_RULES.get(site, ())]
    picker = random.Random(f"{seed}/violations")
    pending: list[dict[str, str]] = []
    printed_id = PRINTED_IDS.get(site, _dealer_id)

    def mutate(hand: Hand) -> Hand:
        if violations <= 0 or picker.random() >= violations:
            return hand
        for rule in picker.sample(list(rules), len(rules)):
            changed = inject(hand, rule, picker)
            if changed is not None:
                pending.append({"hand_id": printed_id(hand), "rule": rule})
                return changed
        return hand

    for i, hand in enumerate(generate_hands(seed, hands, players, hero, mutate, HOUSES[site])):
        labels, pending[:] = list(pending), []
        yield ("" if i == 0 else "\n\n\n") + write_hand(hand) + ("\n" if i == hands - 1 else ""), labels


def generate_labeled(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
    rules: Sequence[str] | None = None,
    hero: str = "Hero",
) -> tuple[str, list[dict[str, str]]]:
    """``hands`` hands of text and one label per injected violation (see ``stream_labeled``)."""
    parts: list[str] = []
    labels: list[dict[str, str]] = []
    for text, new_labels in stream_labeled(seed, hands, players, site, violations, rules, hero):
        parts.append(text)
        labels.extend(new_labels)
    return "".join(parts), labels


def generate_text(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
) -> str:
    """``hands`` legal hands (or with injected violations); same seed, same bytes."""
    return generate_labeled(seed, hands, players, site, violations)[0]


def labels_jsonl(labels: Sequence[dict[str, str]]) -> str:
    return "".join(json.dumps(label, ensure_ascii=False) + "\n" for label in labels)
