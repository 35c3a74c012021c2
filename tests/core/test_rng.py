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
