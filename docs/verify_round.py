#!/usr/bin/env python3
"""Verify a Croupier round on your own machine (docs/provably-fair.md).

Standalone: Python 3.11's standard library only, and written independently of the
server's C++ and of the browser's TypeScript verifier, so that a player need trust
neither to check a round.

The scheme
----------
* Before betting opens the table picks a server seed, 32 random bytes written as 64 hex
  digits, and publishes its commitment: the lowercase hex SHA-256 of the 32 raw bytes
  (not of the hex text). The "betsopen" message carries it as "fairHash".
* The round's random words come from a stream of HMAC-SHA256 blocks keyed by the seed's
  bytes: block k = HMAC-SHA256(seed, UTF-8 of "<client seed>:<round id>:<k>"), k = 0, 1,
  2, ... in decimal, each block read as four big-endian unsigned 64-bit words, in order.
  The client seed is what the round's first players chose, joined by "," ("" when nobody
  chose one); the round id is the record's gameId.
* uniform(n) turns words into an integer in [0, n) without bias, by rejection (below),
  and each game draws its outcome from uniform() exactly as its engine does; the engine's
  outcome text is what the round's record holds as "result".
* Shoe games (baccarat, dragon tiger, blackjack) deal from a shoe that lasts many rounds.
  Their record carries "shoe", the count of each of the 52 cards before the round, and
  "cards", the cards the round took; each card is uniform(cards left) walked through the
  counts in card order. The cards decide the result by the game's rules (and, at
  blackjack, the players' decisions), so this script checks the cards.
* After the round the seed is revealed: it must hash to the commitment, and the outcome
  (or the cards) must be what the seed gives.

Usage
-----
  python3 docs/verify_round.py record.json           # a round's record, as JSON
  python3 docs/verify_round.py - < record.json       # the same from stdin
  python3 docs/verify_round.py \\
      --url 'https://casino.example/api/ui/fairRound?gameId=rou-1-000042' \\
      --cookie 'JSESSIONID=...'                      # the session cookie of a logged-in player
  python3 docs/verify_round.py --vectors docs/provably-fair-vectors.json

A record is {gameId, tableId, game, variant, hash, serverSeed, clientSeed, result,
shoe?, cards?, scripted?}, as GET /api/ui/fairRound returns it. Its "hash" is the
commitment the ledger recorded when the round opened; pass the "fairHash" you saw
yourself when bets opened with --hash to hold the seed to that one too.

Exit status: 0 the round matches; 1 it does not (or a vector failed); 2 it cannot be
checked (scripted, unknown game or variant, seed not revealed) or the input is bad.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
import urllib.error
import urllib.request

U64_MAX = 2**64 - 1
SEED_HEX = re.compile(r"[0-9a-fA-F]{64}")  # bytes.fromhex alone would accept spaces too


# --- The random stream -------------------------------------------------------------


def seed_bytes(server_seed: str) -> bytes | None:
    """The 32 raw bytes of a seed, or None unless it is exactly 64 hex digits."""
    if not isinstance(server_seed, str) or not SEED_HEX.fullmatch(server_seed):
        return None
    return bytes.fromhex(server_seed)


def commitment(server_seed: str) -> str | None:
    """The published commitment: hex SHA-256 of the seed's 32 bytes, not of its text."""
    raw = seed_bytes(server_seed)
    return None if raw is None else hashlib.sha256(raw).hexdigest()


class Stream:
    """A round's random words: HMAC-SHA256(seed, "<client>:<round>:<k>") for k = 0, 1, ...,
    each 32-byte block split into four big-endian 64-bit words used in order."""

    def __init__(self, server_seed: str, client_seed: str, round_id: str) -> None:
        key = seed_bytes(server_seed)
        if key is None:
            raise ValueError("the server seed is not 64 hex digits")
        self._key = key
        self._prefix = f"{client_seed}:{round_id}:"
        self._block = 0
        self._words: list[int] = []
        self.used = 0  # words consumed so far, for the report

    def next_word(self) -> int:
        if not self._words:
            message = (self._prefix + str(self._block)).encode("utf-8")
            digest = hmac.new(self._key, message, hashlib.sha256).digest()
            self._words = [int.from_bytes(digest[i : i + 8], "big") for i in (0, 8, 16, 24)]
            self._block += 1
        self.used += 1
        return self._words.pop(0)

    def uniform(self, n: int) -> int:
        """An integer in [0, n), as the server's Rng::uniform.

        A plain `word % n` would favour small residues whenever n does not divide 2^64, so
        words in the top partial run of n values are rejected and the next word is read.
        `limit` is the largest accepted word, 2^64 - (2^64 mod n) - 1. It is computed as the
        C++ does, without ever writing 2^64 (which overflows 64 bits there):
        (U64_MAX % n + 1) % n equals 2^64 mod n, which is 0 when n divides 2^64, and then
        every word is accepted. A rejected word is consumed, so every draw after it shifts;
        since rejections are rare (for uniform(37), 12 words in 2^64), a verifier that
        took a plain modulo would agree on almost every round, and be wrong on the rare one.
        """
        if not 0 < n <= U64_MAX:
            raise ValueError(f"uniform({n}) is out of range")
        limit = U64_MAX - ((U64_MAX % n) + 1) % n
        while True:
            x = self.next_word()
            if x <= limit:
                return x % n


def draw_weighted(stream: Stream, table: list[tuple[int, int]], total: int | None = None) -> int:
    """A value of `table` [(value, weight), ...] drawn with its weight: one uniform over the
    total weight, then walk the table in its order subtracting each weight."""
    if total is None:
        total = sum(weight for _, weight in table)
    r = stream.uniform(total)
    for value, weight in table:
        if r < weight:
            return value
        r -= weight
    raise AssertionError("unreachable: the weights add up to the total")


# --- Roulette (server/src/games/roulette) ------------------------------------------

WHEEL_NUMBERS = 37  # 0..36: the European pockets, and the pool of lucky/powered numbers
DOUBLE_ZERO = 37  # the American wheel's 00

MEGA_LUCKY_COUNTS = [(1, 40), (2, 33), (3, 17), (4, 7), (5, 3)]  # mega.cpp kLuckyCounts
MEGA_MULTIPLIERS = [(50, 35), (100, 25), (150, 12), (200, 10),
                    (250, 7), (300, 5), (400, 3), (500, 3)]  # mega.cpp kMultipliers
POWERED = 4  # powerup.cpp kPowered
POWERUP_MULTIPLIERS = [(40, 28), (50, 23), (60, 13), (75, 12),
                       (100, 10), (150, 7), (200, 5), (300, 2)]  # powerup.cpp kMultipliers


def pocket_label(pocket: int) -> str:
    return "00" if pocket == DOUBLE_ZERO else str(pocket)


def draw_distinct_numbers(stream: Stream, count: int) -> list[int]:
    """`count` distinct numbers of 0..36 (wheel_engine.cpp draw_distinct_numbers): a partial
    Fisher-Yates shuffle of [0..36], swapping pool[i] with pool[i + uniform(37 - i)] for
    i = 0..count-1, and then the first `count` SORTED ascending. The sort matters twice: the
    text lists them ascending, and at mega roulette the multipliers are drawn afterwards in
    that ascending order, not in the order the numbers were drawn."""
    pool = list(range(WHEEL_NUMBERS))
    for i in range(count):
        j = i + stream.uniform(WHEEL_NUMBERS - i)
        pool[i], pool[j] = pool[j], pool[i]
    return sorted(pool[:count])


def roulette_classic(stream: Stream, pockets: int) -> str:
    """European uniform(37); American uniform(38), where 37 is the 00 pocket. "17", "00"."""
    return pocket_label(stream.uniform(pockets))


def roulette_mega(stream: Stream) -> str:
    """Draw order (mega.cpp draw): how many lucky numbers; which (sorted); one multiplier for
    each, in ascending order of number; and only then the pocket. "17|5x200,17x50"."""
    count = draw_weighted(stream, MEGA_LUCKY_COUNTS)
    lucky = draw_distinct_numbers(stream, count)
    entries = [f"{pocket_label(n)}x{draw_weighted(stream, MEGA_MULTIPLIERS)}" for n in lucky]
    pocket = stream.uniform(WHEEL_NUMBERS)
    return f"{pocket_label(pocket)}|{','.join(entries)}"


def roulette_powerup(stream: Stream) -> str:
    """Draw order (powerup.cpp draw): the four powered numbers (sorted), the pocket, and a
    multiplier only when the pocket is powered, so a round with no power-up reads no word
    after the pocket. "17|3,17,22,30|x150" or "5|3,17,22,30"."""
    powered = draw_distinct_numbers(stream, POWERED)
    pocket = stream.uniform(WHEEL_NUMBERS)
    text = f"{pocket_label(pocket)}|{','.join(pocket_label(n) for n in powered)}"
    if pocket in powered:
        text += f"|x{draw_weighted(stream, POWERUP_MULTIPLIERS)}"
    return text


# --- Sic bo (server/src/games/sicbo/sicbo.cpp) -------------------------------------


def sicbo(stream: Stream) -> str:
    """Three dice 1 + uniform(6) in throw order; text "<sorted>|<as thrown>": "136|316"."""
    dice = [1 + stream.uniform(6) for _ in range(3)]
    return "".join(map(str, sorted(dice))) + "|" + "".join(map(str, dice))


# --- Mega wheel (server/src/games/megawheel) ---------------------------------------

MEGAWHEEL_NUMBERS = [1, 2, 5, 8, 10, 15, 20, 30, 40]  # kNumbers
MEGAWHEEL_SEGMENTS = [  # kWheel: the number on each of the 54 segments, from the 40
    40, 1, 2, 1, 10, 2, 1, 5, 1, 2, 8, 1, 15, 2, 1, 5, 1, 2,  # 0-17
    10, 1, 20, 2, 1, 5, 8, 1, 2, 30, 1, 5, 2, 1, 10, 1, 2, 1,  # 18-35
    5, 8, 1, 2, 15, 1, 2, 1, 5, 10, 1, 2, 20, 1, 8, 2, 1, 5,  # 36-53
]
MEGAWHEEL_WEIGHT_TOTAL = 1000  # kMultiplierWeightTotal: every table's weights are per mille
MEGAWHEEL_TABLES = {  # kTable1 .. kTable40: (multiplier, weight)
    1: [(2, 403), (3, 232), (5, 145), (10, 100), (15, 50), (20, 30), (25, 20), (50, 10),
        (75, 5), (100, 5)],
    2: [(3, 385), (5, 245), (10, 145), (15, 100), (20, 50), (25, 30), (50, 20), (75, 10),
        (100, 5), (150, 5), (200, 5)],
    5: [(10, 482), (15, 265), (20, 128), (25, 60), (50, 35), (75, 12), (100, 10), (150, 4),
        (200, 2), (250, 2)],
    8: [(10, 241), (15, 190), (20, 145), (25, 116), (50, 90), (75, 70), (100, 55), (150, 38),
        (200, 30), (250, 25)],
    10: [(15, 459), (20, 250), (25, 135), (50, 73), (75, 40), (100, 20), (150, 10), (200, 8),
         (250, 5)],
    15: [(20, 206), (25, 172), (50, 140), (75, 110), (100, 90), (150, 75), (200, 60),
         (250, 50), (300, 42), (400, 30), (500, 25)],
    20: [(25, 417), (50, 245), (75, 140), (100, 85), (150, 50), (200, 30), (250, 15),
         (300, 10), (400, 4), (500, 4)],
    30: [(50, 128), (75, 110), (100, 110), (150, 110), (200, 110), (250, 110), (300, 110),
         (400, 106), (500, 106)],
    40: [(50, 261), (75, 200), (100, 150), (150, 115), (200, 90), (250, 65), (300, 50),
         (400, 40), (500, 29)],
}


def megawheel(stream: Stream) -> str:
    """The chosen number (uniform over the nine), its multiplier (one uniform(1000) over the
    number's own table), then the segment (uniform(54)). Text: the segment's number, the
    segment, the chosen number and its multiplier: "5|7|40x100"."""
    chosen = MEGAWHEEL_NUMBERS[stream.uniform(len(MEGAWHEEL_NUMBERS))]
    times = draw_weighted(stream, MEGAWHEEL_TABLES[chosen], MEGAWHEEL_WEIGHT_TOTAL)
    segment = stream.uniform(len(MEGAWHEEL_SEGMENTS))
    return f"{MEGAWHEEL_SEGMENTS[segment]}|{segment}|{chosen}x{times}"


# --- Cards (server/src/games/cards) -------------------------------------------------

DECK = 52
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]  # spades, hearts, diamonds, clubs


def card_text(index: int) -> str:
    """Card index = suit * 13 + rank - 1, so index % 13 is the rank less one."""
    return RANKS[index % 13] + SUITS[index // 13]


def andar_bahar(stream: Stream) -> str:
    """A fresh 52-card deck every round (andar_bahar.cpp draw), dealt by Fisher-Yates one
    card at a time: card `next` swaps with card next + uniform(52 - next). The first card is
    the joker; then cards go to andar (1st, 3rd, ...) and bahar (2nd, 4th, ...) until one
    of the joker's rank, whose side wins. "A|J:7H|A:2S,7D|B:9C" (a side may be empty)."""
    deck = list(range(DECK))
    dealt = 0

    def take() -> int:
        nonlocal dealt
        j = dealt + stream.uniform(DECK - dealt)
        deck[dealt], deck[j] = deck[j], deck[dealt]
        dealt += 1
        return deck[dealt - 1]

    joker = take()
    sides: tuple[list[str], list[str]] = ([], [])  # andar, bahar
    position = 0
    while True:
        card = take()
        position += 1
        sides[0 if position % 2 == 1 else 1].append(card_text(card))
        if card % 13 == joker % 13:
            winner = "A" if position % 2 == 1 else "B"
            return (f"{winner}|J:{card_text(joker)}"
                    f"|A:{','.join(sides[0])}|B:{','.join(sides[1])}")


def draw_from_shoe(shoe: str, count: int, stream: Stream, decks: int = 8) -> list[str]:
    """The first `count` cards taken from a shoe given as 52 digits (the count of each card
    index): r = uniform(cards left), then walk the indexes 0..51 subtracting counts until r
    falls within one; that card leaves the shoe. A shoe that runs out mid-round is refilled
    with `decks` full decks (no burn) and the drawing goes on, as the server's does. Raises
    ValueError for a malformed shoe."""
    if not isinstance(shoe, str) or not re.fullmatch(r"[0-8]{52}", shoe):
        raise ValueError("the shoe is not 52 digits 0-8")
    if not isinstance(decks, int) or not 1 <= decks <= 8:
        raise ValueError("decks must be 1 to 8")
    counts = [int(c) for c in shoe]
    left = sum(counts)
    out = []
    for _ in range(count):
        if left == 0:
            counts = [decks] * 52
            left = 52 * decks
        r = stream.uniform(left)
        index = 0
        while r >= counts[index]:
            r -= counts[index]
            index += 1
        counts[index] -= 1
        left -= 1
        out.append(card_text(index))
    return out


# --- Crash games (server/src/games/crash/crash.cpp) -----------------------------------


def crash(stream: Stream) -> str:
    """The crash point: r = uniform(2^52), floor(96.5 * 2^52 / (r + 1)) hundredths, capped at
    5000.00 (written "5000.00|cap"), 1.00 below 1.01: "2.37"."""
    r = stream.uniform(1 << 52)
    hundredths = (965 << 52) // (10 * (r + 1))
    if hundredths >= 500_000:
        return "5000.00|cap"
    hundredths = max(100, hundredths)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


# --- The candy wheel (server/src/games/show/sweet_bonanza.cpp) ---------------------------

SUGAR_BOMB = "SUGAR_BOMB"
CANDY_DROP, BUBBLE_SURPRISE, SWEET_SPINS = "CANDY_DROP", "BUBBLE_SURPRISE", "SWEET_SPINS"
_C, _U, _S, _B = CANDY_DROP, BUBBLE_SURPRISE, SWEET_SPINS, SUGAR_BOMB
CANDY_WHEEL = [  # kWheel: the label of each of the 54 segments, clockwise from segment 0
    "1", "2", _C, "1", "2", "1", _B, "5", "1", "2", "1", _U, "2", "1", "5", "1", _S, "2",  # 0-17
    "1", "2", _C, "1", "5", "1", _B, "2", "1", "2", "1", _U, "5", "1", "2", "1", _S, "2",  # 18-35
    "1", "5", _C, "1", "2", "1", _B, "2", "1", "5", "1", _U, "2", "1", "2", "1", _S, "5",  # 36-53
]
CANDY_BOMB_TABLE = [(2, 12), (3, 4), (5, 2), (10, 1), (20, 1)]  # kBombTable, out of 20
CANDY_CANDY_TABLE = [(3, 25), (6, 15), (8, 20), (10, 15), (15, 10),
                     (25, 7), (50, 6), (100, 2)]  # kCandyTable, out of 100
CANDY_BUBBLE_TABLE = [(2, 6), (3, 4), (5, 4), (8, 2), (10, 2), (25, 2)]  # kBubbleTable, of 20
CANDY_SPINS_WHEEL = [5, 8, 10, 5, 15, 8, 20, 5, 10, 30,
                     8, 5, 15, 8, 50, 5, 10, 8, 15, 20]  # kSpinsWheel: each segment once
CANDY_CANDIES, CANDY_BUBBLES = 3, 2  # kCandies, kBubbles


def candy_wheel(stream: Stream) -> str:
    """Draw order (sweet_bonanza.cpp draw): the first segment, uniform(54). On a Sugar Bomb,
    its multiplier M (one uniform(20) walked through the bomb table) and then the re-spin:
    uniform(51) picks among the 51 segments that are not bombs, in wheel order. Only then
    the final segment's bonus values: three candies (each one uniform(100) over the candy
    table), two bubbles (each one uniform(20) over the bubble table) or one Sweet Spins
    segment (uniform(20)); a number reads nothing more. Text: the final label, the first
    segment, "x<M>" and the final segment after a bomb, the bonus values:
    "5|7", "1|6|x3|17", "CANDY_DROP|2|8,25,3", "BUBBLE_SURPRISE|6|x2|11|5,10"."""
    first = stream.uniform(len(CANDY_WHEEL))
    text_bomb = ""
    last = first
    if CANDY_WHEEL[first] == SUGAR_BOMB:
        times = draw_weighted(stream, CANDY_BOMB_TABLE, 20)
        others = [s for s, label in enumerate(CANDY_WHEEL) if label != SUGAR_BOMB]
        last = others[stream.uniform(len(others))]
        text_bomb = f"|x{times}|{last}"
    label = CANDY_WHEEL[last]
    values: list[int] = []
    if label == CANDY_DROP:
        values = [draw_weighted(stream, CANDY_CANDY_TABLE, 100) for _ in range(CANDY_CANDIES)]
    elif label == BUBBLE_SURPRISE:
        values = [draw_weighted(stream, CANDY_BUBBLE_TABLE, 20) for _ in range(CANDY_BUBBLES)]
    elif label == SWEET_SPINS:
        values = [CANDY_SPINS_WHEEL[stream.uniform(len(CANDY_SPINS_WHEEL))]]
    text = f"{label}|{first}{text_bomb}"
    return text + ("|" + ",".join(map(str, values)) if values else "")


# --- Boom or bust (server/src/games/show/boom_or_bust.cpp) --------------------------------

BOOM_ROLLS = 10  # kRolls: the bonus's rolls at most


def boom_or_bust(stream: Stream) -> str:
    """Draw order (boom_or_bust.cpp draw): the red die, then the blue, each 1 + uniform(6).
    Doubles start the bonus: up to 10 rolls, each red then blue, stopping after the first
    roll that is a double (a bust); no word is read after it. Text: "<red>,<blue>" and with
    a bonus "|" and each roll as two digits, red then blue: "3,5", "4,4|16,25,33"."""
    red, blue = 1 + stream.uniform(6), 1 + stream.uniform(6)
    text = f"{red},{blue}"
    if red != blue:
        return text
    rolls = []
    for _ in range(BOOM_ROLLS):
        r, b = 1 + stream.uniform(6), 1 + stream.uniform(6)
        rolls.append(f"{r}{b}")
        if r == b:
            break
    return f"{text}|{','.join(rolls)}"


# --- Dispatch -----------------------------------------------------------------------

ENGINES = {
    ("roulette", "european"): lambda s: roulette_classic(s, 37),
    ("roulette", "american"): lambda s: roulette_classic(s, 38),
    ("roulette", "mega"): roulette_mega,
    ("roulette", "powerup"): roulette_powerup,
    ("sicbo", "classic"): sicbo,
    ("megawheel", "classic"): megawheel,
    ("andarbahar", "classic"): andar_bahar,
    ("crash", "spaceman"): crash,
    ("crash", "bigbass"): crash,
    ("sweetbonanza", "candyland"): candy_wheel,
    ("boomorbust", "classic"): boom_or_bust,
}


def derive_outcome(game: str, variant: str, server_seed: str, client_seed: str,
                   round_id: str) -> str | None:
    """The outcome text the game's engine writes for this round, or None for a game or
    variant this script does not know."""
    engine = ENGINES.get((game, variant))
    return None if engine is None else engine(Stream(server_seed, client_seed, round_id))


def single_variant(game: str) -> str | None:
    """The variant of a game that has only one here (sicbo, megawheel, andarbahar,
    sweetbonanza, boomorbust)."""
    variants = [v for g, v in ENGINES if g == game]
    return variants[0] if len(variants) == 1 else None


# --- One round ----------------------------------------------------------------------

MATCH, MISMATCH, CANNOT = 0, 1, 2


class BadInput(Exception):
    pass


def text_field(record: dict, name: str, required: bool = True) -> str | None:
    value = record.get(name)
    if value is None:
        if required:
            raise BadInput(f'the record has no "{name}"')
        return None
    if not isinstance(value, str):
        raise BadInput(f'"{name}" is not a string')
    return value


def verify_record(record: object, expected_hash: str | None, variant_override: str | None,
                  out=print) -> int:
    """Checks one round's record, printing what it finds; returns the exit status."""
    if not isinstance(record, dict):
        raise BadInput("the record is not a JSON object")
    round_id = text_field(record, "gameId", required=False) or text_field(
        record, "roundId", required=False)
    if not round_id:
        raise BadInput('the record has no "gameId" (the round id)')
    game = text_field(record, "game", required=False) or ""
    variant = variant_override or text_field(record, "variant", required=False) or ""
    shoe = record.get("shoe")
    if shoe is None and not variant:
        variant = single_variant(game) or ""  # a record saved without it
    out(f"round       {round_id}  table {record.get('tableId', '?')}  "
        f"game {game or '?'}/{variant or '?'}")

    if record.get("scripted") is True:
        out("the result was scripted by a test table, not drawn from the seed")
        out("SCRIPTED")
        return CANNOT

    server_seed = text_field(record, "serverSeed", required=False)
    if not server_seed:
        raise BadInput("no serverSeed: a seed is revealed only once its round is settled")
    client_seed = text_field(record, "clientSeed", required=False) or ""
    seed_hash = commitment(server_seed)
    if seed_hash is None:
        raise BadInput("serverSeed is not 64 hex digits")
    out(f"server seed {server_seed}")
    out(f"client seed {client_seed!r}")

    # The commitment: the record's, and the one you noted when bets opened (--hash). The
    # record's alone proves little when it comes with the seed (see the top of this file).
    out(f"commitment  sha256(seed)  {seed_hash}")
    recorded_hash = text_field(record, "hash", required=False)
    differs = []
    for label, claimed in (("record hash", recorded_hash), ("--hash", expected_hash)):
        if claimed is None:
            continue
        ok = claimed.strip().lower() == seed_hash
        out(f"            {label:<12}  {claimed}  {'OK' if ok else 'DIFFERS'}")
        if not ok:
            differs.append(label)
    if recorded_hash is None and expected_hash is None:
        out("            (no commitment to compare it with)")
    elif expected_hash is None:
        out("            (compare it with the fairHash shown when bets opened, or pass --hash)")
    if differs:
        out(f"MISMATCH: the seed does not hash to the commitment ({' and '.join(differs)})")
        return MISMATCH

    stream = Stream(server_seed, client_seed, round_id)
    if shoe is not None:
        cards = record.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise BadInput('a shoe record needs "cards", a list of card texts')
        try:
            drawn = draw_from_shoe(shoe, len(cards), stream, record.get("decks") or 8)
        except ValueError as e:
            raise BadInput(str(e)) from e
        shoe_hash = record.get("shoeHash")
        if shoe_hash is not None:
            # The shoe was committed to as bets opened: SHA-256 of the seed's bytes and the
            # 52 digits, so the counts could not be chosen after the bets.
            got = hashlib.sha256(bytes.fromhex(server_seed) + shoe.encode()).hexdigest()
            out(f"shoe hash   {got}")
            if got != str(shoe_hash).lower():
                out(f"MISMATCH: the shoe does not hash to its commitment ({shoe_hash})")
                return MISMATCH
        out(f"cards       recomputed {','.join(drawn) or '(none)'}")
        out(f"            recorded   {','.join(cards) or '(none)'}")
        out(f"            ({stream.used} words; the result follows from the cards by the rules"
            " of the game and, at blackjack, the players' decisions)")
        if drawn != cards:
            at = next(i for i, (a, b) in enumerate(zip(drawn, cards)) if a != b)
            out(f"MISMATCH: card {at + 1} is {cards[at]} in the record, the seed gives {drawn[at]}")
            return MISMATCH
        out("MATCH")
        return MATCH

    expected = derive_outcome(game, variant, server_seed, client_seed, round_id)
    if expected is None:
        why = ("the record names no variant (the table is not running); pass --variant"
               if not variant else f"this script does not know {game}/{variant}")
        out(f"UNSUPPORTED: {why}")
        return CANNOT
    result = text_field(record, "result")
    out(f"outcome     recomputed {expected}")
    out(f"            recorded   {result}")
    if expected != result:
        out(f"MISMATCH: the seed gives {expected!r}, the record says {result!r}")
        return MISMATCH
    out("MATCH")
    return MATCH


# --- The vectors file ---------------------------------------------------------------


def check_vectors(data: object) -> int:
    """docs/provably-fair-vectors.json: every "drawn" vector's commitment and result, every
    "shoe" vector's cards. Prints the count and each failure; 0 only when all match."""
    if not isinstance(data, dict):
        raise BadInput("the vectors file is not a JSON object")
    failures: list[str] = []
    checked = 0
    for i, v in enumerate(data.get("drawn", [])):
        checked += 1
        name = f"drawn[{i}] {v.get('game')}/{v.get('variant')} {v.get('roundId')}"
        try:
            if commitment(v["serverSeed"]) != v["hash"]:
                failures.append(f"{name}: the seed does not hash to {v['hash']}")
                continue
            got = derive_outcome(v["game"], v["variant"], v["serverSeed"], v["clientSeed"],
                                 v["roundId"])
            if got is None:
                failures.append(f"{name}: unsupported game or variant")
            elif got != v["result"]:
                failures.append(f"{name}: expected {v['result']!r}, the seed gives {got!r}")
        except (KeyError, TypeError, ValueError) as e:
            failures.append(f"{name}: bad vector ({e!r})")
    for i, v in enumerate(data.get("shoe", [])):
        checked += 1
        name = f"shoe[{i}] {v.get('roundId')}"
        try:
            if "hash" in v and commitment(v["serverSeed"]) != v["hash"]:
                failures.append(f"{name}: the seed does not hash to {v['hash']}")
                continue
            stream = Stream(v["serverSeed"], v["clientSeed"], v["roundId"])
            got = draw_from_shoe(v["shoe"], len(v["cards"]), stream, v.get("decks", 8))
            if "shoeHash" in v and hashlib.sha256(
                    bytes.fromhex(v["serverSeed"]) + v["shoe"].encode()).hexdigest() != v["shoeHash"]:
                failures.append(f"{name}: the shoe does not hash to its commitment")
                continue
            if got != v["cards"]:
                failures.append(f"{name}: expected {','.join(v['cards'])}, "
                                f"the seed gives {','.join(got)}")
        except (KeyError, TypeError, ValueError) as e:
            failures.append(f"{name}: bad vector ({e!r})")
    if checked == 0:
        raise BadInput('the file has no "drawn" or "shoe" vectors')
    print(f"{checked} vectors checked, {checked - len(failures)} match, "
          f"{len(failures)} fail")
    for failure in failures:
        print(f"  FAIL {failure}")
    return MATCH if not failures else MISMATCH


# --- Command line -------------------------------------------------------------------


def read_json(path: str) -> object:
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror}") from e
    except json.JSONDecodeError as e:
        raise BadInput(f"{path} is not JSON: {e}") from e


def fetch_json(url: str, cookie: str | None) -> object:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        body = e.read().decode("utf-8", "replace")[:300]
        raise BadInput(f"{url}: HTTP {e.code} {body}") from e
    except (urllib.error.URLError, TimeoutError) as e:
        raise BadInput(f"{url}: {getattr(e, 'reason', e)}") from e
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BadInput(f"{url} did not answer JSON: {e}") from e


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Verify a Croupier round's provably fair record (docs/provably-fair.md).")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("record", nargs="?", help="the round's record as JSON, or - for stdin")
    source.add_argument("--url",
                        help="fetch the record: https://<host>/api/ui/fairRound?gameId=<round>")
    source.add_argument("--vectors", metavar="FILE",
                        help="check every vector of docs/provably-fair-vectors.json")
    parser.add_argument("--cookie", help="Cookie header for --url, e.g. 'JSESSIONID=…'")
    parser.add_argument("--hash", dest="expected_hash", metavar="HEX",
                        help="the commitment (fairHash) shown when the round's bets opened")
    parser.add_argument("--variant", help="the game's variant, when the record has none")
    args = parser.parse_args(argv)
    try:
        if args.vectors:
            return check_vectors(read_json(args.vectors))
        record = fetch_json(args.url, args.cookie) if args.url else read_json(args.record)
        return verify_record(record, args.expected_hash, args.variant)
    except BadInput as e:
        print(f"ERROR: {e}")
        return CANNOT


if __name__ == "__main__":
    sys.exit(main())
