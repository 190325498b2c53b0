"""The score, count, enumerate and ties subcommands (both backends)."""

import subprocess
import sys
from fractions import Fraction

import pytest

from rankscore import ranking_score
from rankscore.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_string_and_m(capsys):
    assert run(capsys, "score", "xx--x", "--m", "5") == (0, f"{ranking_score('xx--x', 5):.15g}\n", "")
    assert run(capsys, "score", "xxx-x")[1] == "0.84\n"
    assert run(capsys, "score", "●○●")[1] == "0.733333333333333\n"
    assert run(capsys, "score", "--", "-xx")[1] == "0.7\n"


def test_score_ranking_starting_with_dash(capsys):
    # `rankscore score -xx` used to fail with "the following arguments are required: ranking"
    assert run(capsys, "score", "-xx") == (0, "0.7\n", "")
    assert run(capsys, "score", "-xx", "--m", "5") == (0, f"{ranking_score('-xx', 5):.15g}\n", "")
    assert run(capsys, "score", "--exact", "-xxxxxxx") == (0, "123/140\n", "")
    assert run(capsys, "score", "○●●", "--m", "5")[1] == f"{ranking_score('-xx', 5):.15g}\n"
    code, out, err = run(capsys, "score", "-x-")
    assert (code, out) == (2, "") and err == (
        "rankscore score: error: ranking string '-x-' ends with '-'; the last element of a "
        "ranking is a list element (a ranking is cut right after its last list element)\n"
    )


def test_score_positions_and_exact(capsys):
    assert run(capsys, "score", "3,7,5,1")[1] == f"{ranking_score('x-x-x-x'):.15g}\n"
    assert run(capsys, "score", "xxxx--xx", "--exact")[1] == "221/280\n"
    assert run(capsys, "score", "x-x", "--m", "5", "--exact")[1] == "4/5\n"
    assert run(capsys, "score", "x-x", "--m", "21/2", "--exact")[1] == "46/63\n"
    # an exact m beyond the float range: the float score is k/p, the exact one keeps the gap
    assert run(capsys, "score", "xx--x", "--m", "1e400") == (0, "0.6\n", "")
    exact = run(capsys, "score", "xx--x", "--m", "1e400", "--exact")[1]
    assert Fraction(exact.strip()) == (Fraction(10**400) * 3 * 4 + 2 * 7) / (Fraction(10**400) * 20)


def test_enumerate_with_a_limit_computes_only_the_first_rankings(capsys):
    # the limit used to apply after the whole enumeration: p = 62 was refused for memory
    code, out, err = run(capsys, "enumerate", "62", "--limit", "3")
    assert (code, err) == (0, "")
    assert [line.split("\t")[0] for line in out.splitlines()] == [
        "-" * 61 + "x", "x" + "-" * 60 + "x", "-x" + "-" * 59 + "x"]
    assert [float(line.split("\t")[1]) for line in out.splitlines()] == [
        float(f"{ranking_score(line.split()[0]):.15g}") for line in out.splitlines()]
    assert run(capsys, "enumerate", "5", "3", "--limit", "2")[1] == "".join(
        f"{r}\t{ranking_score(r):.15g}\n" for r in ("xx--x", "x-x-x"))


@pytest.mark.parametrize(
    "argv, match",
    [
        (["score", "xx--"], "ends with '-'"),
        (["score", "xxa"], "'a' at position 3"),
        (["score", "1.5,2"], "positive integers; got 1.5 at index 0"),
        (["score", "3,3"], "must not repeat"),
        (["score", "1,,2"], "position '' is not a number"),
        (["score", "xx", "--m", "2"], "m must be > 2"),
        (["score", "xx", "--m", "nan"], "m must be a number > 2, got the string 'nan'"),
        (["count", "5", "6"], "k must be <= p"),
        (["count", "0"], "p must be >= 1"),
        (["count", "1000000000000", "500000000000"], "2**20 bits"),
        (["enumerate", "63"], "up to p = 62"),
        (["enumerate", "62", "31"], "GiB"),
        (["enumerate", "5", "--limit", "-1"], "--limit must be >= 0"),
        (["ties", "5", "--m", "1"], "m must be > 2"),
    ],
)
def test_errors_are_one_line_exit_2(capsys, argv, match):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and match in err
    assert err.startswith(f"rankscore {argv[0]}: error: ")


def test_exact_fractions_of_more_than_4300_digits_are_printed(capsys):
    # m = 10**4300 is accepted; its exact scores have about 4320 digits, past Python's
    # default limit for int -> str
    def fraction(text):  # parsed with the limit lifted (the CLI must print in full under it)
        limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
        if limit:
            sys.set_int_max_str_digits(0)
        try:
            return Fraction(text)
        finally:
            if limit:
                sys.set_int_max_str_digits(limit)

    m = Fraction(10**4300)
    code, out, err = run(capsys, "score", "xx-x", "--m", "1e4300", "--exact")
    assert (code, err) == (0, "")
    assert fraction(out.strip()) == (m * 3 * 3 + 2 * 3) / (m * 4 * 3)
    code, out, err = run(capsys, "ties", "5", "3", "--m", "1e4300")
    assert (code, err) == (0, "")
    assert out.endswith(" (0.6): x--xx -xx-x\n")
    assert fraction(out.split(" ")[0]) == (m * 3 * 4 + 2 * 5) / (m * 5 * 4)


def test_count(capsys):
    assert run(capsys, "count", "30", "10")[1] == "10015005\n"
    assert run(capsys, "count", "5")[1] == "16\n"
    assert run(capsys, "count", "100")[1] == f"{2**99}\n"
    # more than Python's default 4300 digits for int -> str: printed in full all the same
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    code, out, err = run(capsys, "count", "20000")  # 6021 digits
    assert (code, err) == (0, "")
    if limit:
        assert sys.get_int_max_str_digits() == limit  # restored
        sys.set_int_max_str_digits(0)
    try:
        assert out == f"{2**19999}\n"
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def test_enumerate(capsys):
    code, out, _ = run(capsys, "enumerate", "5", "3")
    lines = out.splitlines()
    assert code == 0 and [l.split("\t")[0] for l in lines] == [
        "xx--x", "x-x-x", "x--xx", "-xx-x", "-x-xx", "--xxx"
    ]
    assert lines[0].split("\t")[1] == "0.67"
    out = run(capsys, "enumerate", "8", "5", "--limit", "5")[1]
    assert [l.split("\t")[0] for l in out.splitlines()] == [
        "xxxx---x", "xxx-x--x", "xxx--x-x", "xxx---xx", "xx-xx--x"
    ]
    out = run(capsys, "enumerate", "5", "--unicode", "--m", "5")[1].splitlines()
    assert len(out) == 16 and out[0].startswith("○○○○●\t") and out[-1] == "●●●●●\t1"


def test_enumerate_streams_its_output(monkeypatch):
    # the enumeration's memory check counts 32 bytes per ranking; the printed lines must not
    # all be built in memory at once (that peaked near 450 bytes per ranking: 240 GB for
    # `rankscore enumerate 30`, whose 16 GiB enumeration passes the check on a 23 GB machine)
    import io
    import tracemalloc

    class Sink(io.TextIOBase):
        lines = 0
        last = ""

        def write(self, text):
            Sink.lines += text.count("\n")
            Sink.last = text.rsplit("\n", 2)[-2] if "\n" in text else Sink.last
            return len(text)

    monkeypatch.setattr(sys, "stdout", Sink())
    main(["enumerate", "3"])  # first-call allocations (lazy imports, caches) are not counted
    Sink.lines = 0
    tracemalloc.start()
    code = main(["enumerate", "19"])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    n = 2**18
    assert code == 0 and Sink.lines == n and Sink.last == "x" * 19 + "\t1"
    assert peak < 48 * n


def test_ties(capsys):
    code, out, _ = run(capsys, "ties", "8", "6")
    assert code == 0
    assert out.splitlines()[0] == "221/280 (0.789285714285714): xxxx--xx xxx-xx-x"
    assert run(capsys, "ties", "5")[1] == "13/20 (0.65): x--xx -xx-x\n"
    assert run(capsys, "ties", "3")[1] == ""


def test_python_dash_m(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "rankscore", "score", "xx--x", "--m", "5"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert done.returncode == 0 and done.stdout == "0.74\n"
