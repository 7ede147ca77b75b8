"""Deal codes: a match's rules, players, first seat and seed as a short text two people can
exchange to play the same deal (``1000-1WP0-05BJ-R``).

The bytes: the format and the preset the rules start from in one byte, then as variable-length
integers a bit mask of the options that differ from that preset followed by only those values,
the players with the first seat, and the seed (zigzag-coded, as earlier versions wrote negative
ones; a code whose seed is outside ``seeds.SEEDS`` is refused, as New game refuses such a
seed typed); then two check bytes (CRC-32), so a mistyped code is refused rather than starting
another deal. Written in Crockford's base 32 (digits and
capitals without I, L, O, U; read case-insensitively, O as 0 and I, L as 1), in groups of four.
"""

from __future__ import annotations

import enum
import zlib

from ..rules.options import DIGITAL, PRESETS, RuleOptions
from ..rules.save import Setup
from ..rules.seeds import check_seed

FORMAT = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_FIELDS = RuleOptions._fields
_DEFAULTS = RuleOptions._field_defaults


def _may_be_none(name: str) -> bool:
    try:
        DIGITAL.with_changes(**{name: None})
    except ValueError:
        return False
    return True


_OPTIONAL = frozenset(filter(_may_be_none, _FIELDS))
"""Options that may be None (no limit), asked of the options themselves."""
_PRESETS = tuple(PRESETS.items())
_NUMBER_BYTES = 11
"""Longest variable-length integer a code may hold, in bytes (77 bits)."""
MAX_LETTERS = -(-(1 + _NUMBER_BYTES * (len(_FIELDS) + 3) + 2) * 8 // 5)
"""Most letters a deal code can have: the format byte, every option changed, the mask, the
players and the seed each as long as a number may be, and the check bytes. A longer text is
refused before it is read, so decoding costs the same whatever a caller passes."""


class DealCodeError(ValueError):
    """A text that is not a usable deal code; the message is for the player."""


def encode(setup: Setup) -> str:
    """The deal code of a setup (one dealt from its seed: explicit deals have no code)."""
    if setup.deal is not None:
        raise ValueError("a match with an arranged deal has no deal code")
    if setup.earlier_seed is not None:
        raise ValueError("a match an earlier version dealt from a seed outside this one's "
                         "has no deal code")
    options = setup.options
    index, base = min(enumerate(rules for _, rules in _PRESETS),
                      key=lambda ib: sum(_differs(ib[1], options, n) for n in _FIELDS))
    mask, values = 0, []
    for bit, name in enumerate(_FIELDS):
        if _differs(base, options, name):
            mask |= 1 << bit
            values += _value_ints(name, getattr(options, name))
    first = 0 if setup.first_seat is None else setup.first_seat + 1
    seats = (setup.players - 2) * 9 + first
    body = bytes([FORMAT << 3 | index]) + b"".join(
        map(_varint, [mask, *values, seats, _zigzag(setup.seed)]))
    data = body + zlib.crc32(body).to_bytes(4, "big")[:2]
    text = _base32(data)
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def decode(code: str) -> Setup:
    """The setup a deal code names. Raises DealCodeError saying what is wrong."""
    if not isinstance(code, str):
        raise DealCodeError("a deal code is text")
    letters = "".join(code.split()).replace("-", "").upper()
    if not letters:
        raise DealCodeError("type a deal code first")
    if len(letters) > MAX_LETTERS:
        raise DealCodeError(f"this is too long for a deal code ({len(letters)} letters; a "
                            f"code has at most {MAX_LETTERS})")
    bad = sorted({c for c in letters if c not in _READ})
    if bad:
        raise DealCodeError(f"a deal code has only letters and digits; {' '.join(bad)} is not "
                            "one of them")
    data = _unbase32(letters)
    if len(data) < 4:
        raise DealCodeError("this deal code is too short: a letter may be missing")
    body, check = data[:-2], data[-2:]
    if zlib.crc32(body).to_bytes(4, "big")[:2] != check:
        raise DealCodeError("this deal code is mistyped (its check letters do not match)")
    if body[0] >> 3 != FORMAT:
        raise DealCodeError("this deal code comes from another version of the game")
    reader = _Reader(body, 1)
    try:
        index, mask = body[0] & 7, reader.next()
        if index >= len(_PRESETS) or mask >> len(_FIELDS):
            raise DealCodeError("this deal code names rules this game does not have")
        changes = {name: _read_value(name, reader)
                   for bit, name in enumerate(_FIELDS) if mask >> bit & 1}
        options = _PRESETS[index][1].with_changes(**changes)
        players, first = divmod(reader.next(), 9)
        seed = _unzigzag(reader.next())
        if reader.pos != len(body):
            raise DealCodeError("this deal code has letters to spare")
        try:
            check_seed(seed)
        except ValueError:
            raise DealCodeError("this deal code's seed is outside the seeds a game is dealt "
                                "from") from None
        setup = Setup(options, players + 2, seed, None if first == 0 else first - 1)
        setup.start()  # the players fit the rules, the first seat is a seat
    except DealCodeError:
        raise
    except (ValueError, TypeError) as e:
        raise DealCodeError(f"this deal code does not make a game: {e}") from None
    return setup


# ----------------------------------------------------------------- values as integers

def _differs(base: RuleOptions, options: RuleOptions, name: str) -> bool:
    return getattr(base, name) != getattr(options, name)


def _value_ints(name: str, value) -> list[int]:
    """An option's value as integers: one, or for a schedule (a tuple) its length and then
    each number."""
    if isinstance(value, tuple):
        return [len(value), *map(_zigzag, value)]
    return [_value_to_int(name, value)]


def _read_value(name: str, reader) -> object:
    """The value ``_value_ints`` wrote, read back."""
    if isinstance(_DEFAULTS[name], tuple):
        length = reader.next()
        if not 1 <= length <= _SCHEDULE_MAX:
            raise DealCodeError(f"this deal code has a bad value for {name}")
        return tuple(_unzigzag(reader.next()) for _ in range(length))
    return _int_to_value(name, reader.next())


_SCHEDULE_MAX = 1000
"""No schedule in a deal code is longer (the rules allow no longer one)."""


def _value_to_int(name: str, value) -> int:
    default = _DEFAULTS[name]
    if isinstance(default, bool):
        return int(value)
    if isinstance(default, enum.Enum):
        return list(type(default)).index(value)
    if name in _OPTIONAL:
        return 0 if value is None else _zigzag(value) + 1
    return _zigzag(value)


def _int_to_value(name: str, n: int):
    default = _DEFAULTS[name]
    if isinstance(default, bool):
        if n > 1:
            raise DealCodeError(f"this deal code has a bad value for {name}")
        return bool(n)
    if isinstance(default, enum.Enum):
        members = list(type(default))
        if n >= len(members):
            raise DealCodeError(f"this deal code has a bad value for {name}")
        return members[n]
    if name in _OPTIONAL:
        return None if n == 0 else _unzigzag(n - 1)
    return _unzigzag(n)


def _zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes, pos: int):
        self.data, self.pos = data, pos

    def next(self) -> int:
        n = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise DealCodeError("this deal code stops short: a letter may be missing")
            if shift >= 7 * _NUMBER_BYTES:
                raise DealCodeError("this deal code holds a number too large")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return n


def _base32(data: bytes) -> str:
    bits = len(data) * 8
    n = int.from_bytes(data, "big") << (-bits % 5)
    count = -(-bits // 5)
    return "".join(ALPHABET[(n >> (5 * (count - 1 - i))) & 31] for i in range(count))


def _unbase32(letters: str) -> bytes:
    """The bytes of a base-32 text; DealCodeError when no ``_base32`` text looks like it."""
    count = len(letters) * 5 // 8
    if len(letters) != -(-count * 8 // 5):
        raise DealCodeError("this deal code has a letter too many or too few")
    n = 0
    for c in letters:
        n = n << 5 | _READ[c]
    pad = len(letters) * 5 - count * 8
    if n & ((1 << pad) - 1):
        raise DealCodeError("this deal code is mistyped (its last letter cannot end a code)")
    return (n >> pad).to_bytes(count, "big")
