"""The core's random generator: reproducible, cloneable, fair enough for dice."""

from collections import Counter

from cosmodrome.core import Rng


def test_same_seed_same_stream():
    a, b = Rng(123), Rng(123)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]


def test_neighbouring_seeds_differ():
    assert [Rng(1).below(1000) for _ in range(3)] != [Rng(2).below(1000) for _ in range(3)]


def test_copy_continues_identically_and_independently():
    a = Rng(9)
    a.next64()
    b = a.copy()
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    b.next64()
    assert a.state != b.state


def test_state_round_trip():
    a = Rng(77)
    a.random()
    b = Rng.from_state(a.state)
    assert a.random() == b.random()


def test_dice_are_roughly_uniform():
    r = Rng(5)
    counts = Counter(r.randint(1, 6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_shuffle_is_a_permutation_and_seeded():
    xs = list(range(30))
    ys = list(range(30))
    Rng(4).shuffle(xs)
    Rng(4).shuffle(ys)
    assert xs == ys and sorted(xs) == list(range(30)) and xs != list(range(30))


def test_random_in_unit_interval():
    r = Rng(3)
    assert all(0.0 <= r.random() < 1.0 for _ in range(1000))


def test_a_long_shuffle_draws_as_one_by_one():
    """A pile of 24 or more is shuffled with its draws computed at once (numpy's 64-bit
    arithmetic): the same order and the same generator state after as the swaps drawn one
    by one as ``below(i + 1)``, lists and bytearrays alike, short piles too."""
    for seed in (0, 1, -7, 2**63 + 5, 123456789):
        for n in (2, 23, 24, 25, 83, 108, 300):
            ref, pile = Rng(seed), Rng(seed)
            expect = list(range(n))
            for i in range(n - 1, 0, -1):
                j = ref.below(i + 1)
                expect[i], expect[j] = expect[j], expect[i]
            got = list(range(n))
            pile.shuffle(got)
            assert got == expect and pile.state == ref.state
            if n <= 256:
                b = bytearray(range(n))
                Rng(seed).shuffle(b)
                assert list(b) == expect
