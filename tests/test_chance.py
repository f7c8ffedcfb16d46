"""Committed randomness (architecture section 3): derivation, lack of bias, commitment, scripts."""

import hashlib
from collections import Counter

import pytest

from pbem.play.chance import ScriptedChance, SeededChance, commitment, event_salt, new_seed


def test_the_same_seed_and_batch_give_the_same_draws():
    seed = bytes(range(32))
    first = [SeededChance(seed, 5).below(1000) for _ in range(3)]
    assert len(set(first)) == 1
    a, b = SeededChance(seed, 5), SeededChance(seed, 5)
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]


def test_batches_and_seeds_give_independent_streams():
    seed = bytes(32)
    assert [SeededChance(seed, 1).below(10**9) for _ in range(1)] != [SeededChance(seed, 2).below(10**9)]
    assert SeededChance(seed, 1).below(10**9) != SeededChance(b"\x01" * 32, 1).below(10**9)


def test_below_is_uniform_enough():
    chance = SeededChance(b"pbem" * 8, 1)
    counts = Counter(chance.below(3) for _ in range(6000))
    assert set(counts) == {0, 1, 2}
    assert all(1800 < n < 2200 for n in counts.values()), counts


def test_roll_shuffle_and_sample_stay_in_range():
    chance = SeededChance(new_seed(), 1)
    assert all(1 <= chance.roll(6) <= 6 for _ in range(100))
    items = tuple(range(28))
    shuffled = chance.shuffle(items)
    assert sorted(shuffled) == list(items) and shuffled != items
    sample = chance.sample("abcdef", 3)
    assert len(set(sample)) == 3 and set(sample) <= set("abcdef")
    with pytest.raises(ValueError):
        chance.below(0)


def test_draws_are_recorded_with_their_counter():
    chance = SeededChance(bytes(32), 7)
    chance.roll(6)
    chance.below(100)
    assert [(index, n) for index, n, _ in chance.draws] == [(0, 6), (1, 100)]


def test_commitment_is_the_sha256_of_the_seed():
    seed = new_seed()
    assert len(seed) == 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert event_salt(seed, 1) != event_salt(seed, 2)


def test_scripted_chance_returns_and_checks_its_script():
    chance = ScriptedChance([4, 2, ["b", "a"], ("c",)])
    assert chance.roll(6) == 4
    assert chance.below(3) == 2
    assert chance.shuffle(["a", "b"]) == ("b", "a")
    assert chance.sample(["a", "b", "c"], 1) == ("c",)
    with pytest.raises(AssertionError, match="no outcome left"):
        chance.roll()
    with pytest.raises(AssertionError, match="not a possible"):
        ScriptedChance([7]).roll(6)
    with pytest.raises(AssertionError, match="not an ordering"):
        ScriptedChance([["a", "a"]]).shuffle(["a", "b"])
