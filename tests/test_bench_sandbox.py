"""The code sandbox: hostile code is contained, ordinary clinical arithmetic runs as in Python."""

from __future__ import annotations

import math
import os
import socket
import threading
import time

import pytest

pytest.importorskip("pydantic_monty", reason="the sandbox extra (pydantic-monty) is not installed")

from medreckon.bench.sandbox import ENVIRONMENT, SandboxResult, run_code  # noqa: E402

# ---------------------------------------------------------------- hostile code


@pytest.mark.parametrize(
    "code",
    [
        "print(open('/etc/passwd').read())",
        "from pathlib import Path\nprint(Path('/etc/passwd').read_text())",
        "import os\nprint(os.listdir('/etc'))",
        "with open('/etc/passwd', 'rb') as f:\n    answer = f.read()",
    ],
)
def test_cannot_read_files(code):
    r = run_code(code)
    assert not r.ok
    assert "root:" not in r.stdout and "passwd" not in str(r.value)
    assert r.error.startswith("PermissionError")


@pytest.mark.parametrize(
    "template",
    [
        "open({p!r}, 'w').write('pwned')",
        "from pathlib import Path\nPath({p!r}).write_text('pwned')",
        "import os\nos.mkdir({p!r})",
    ],
)
def test_cannot_write_files(tmp_path, template):
    target = str(tmp_path / "pwned")
    r = run_code(template.format(p=target))
    assert not r.ok and "PermissionError" in r.error
    assert not os.path.exists(target)
    assert os.listdir(tmp_path) == []


def test_cannot_delete_files(tmp_path):
    victim = tmp_path / "keep.txt"
    victim.write_text("data")
    r = run_code(f"import os\nos.remove({str(victim)!r})")
    assert not r.ok and victim.read_text() == "data"


@pytest.fixture
def listener():
    """A real TCP listener on 127.0.0.1 that records whether anything connected."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    connected = []

    def accept():
        try:
            conn, _ = server.accept()
            connected.append(True)
            conn.close()
        except OSError:
            pass

    yield server.getsockname()[1], connected, accept
    server.close()


@pytest.mark.parametrize(
    "template",
    [
        "import socket\ns = socket.create_connection(('127.0.0.1', {port}))",
        "import asyncio\nasync def go():\n    await asyncio.open_connection('127.0.0.1', {port})\nasyncio.run(go())",
        "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:{port}/')",
        "import http.client\nhttp.client.HTTPConnection('127.0.0.1', {port}).request('GET', '/')",
    ],
)
def test_cannot_open_sockets(listener, template):
    port, connected, accept = listener
    r = run_code(template.format(port=port))
    accept()  # waits 0.5 s for a connection that must not come
    assert not r.ok
    assert connected == []


@pytest.mark.parametrize(
    "code",
    [
        "import subprocess\nsubprocess.run(['touch', {p!r}])",
        "import os\nos.system('touch {p}')",
        "import os\nos.popen('touch {p}')",
        "import os\nos.execv('/usr/bin/touch', ['touch', {p!r}])",
        "import os\nif os.fork() == 0:\n    open({p!r}, 'w')",
        "import multiprocessing",
        "import threading\nthreading.Thread(target=print).start()",
    ],
)
def test_cannot_start_processes(tmp_path, code):
    marker = str(tmp_path / "ran")
    r = run_code(code.format(p=marker))
    assert not r.ok
    assert not os.path.exists(marker)


def test_fork_bomb_ends_at_once():
    started = time.perf_counter()
    r = run_code("import os\nwhile True:\n    os.fork()")
    assert not r.ok and "fork" in r.error
    assert time.perf_counter() - started < 2


def test_recursive_call_bomb_is_a_recursion_error():
    r = run_code("def bomb():\n    bomb()\n    bomb()\nbomb()")
    assert not r.ok and r.error.startswith("RecursionError")


@pytest.mark.parametrize(
    "code",
    [
        "import ctypes\nctypes.CDLL(None).system(b'true')",
        "import importlib\nimportlib.import_module('os').system('true')",
        "__import__('os').system('true')",
        "import builtins\nbuiltins.__import__('subprocess')",
        "eval(\"__import__('ctypes')\")",
        "().__class__.__base__.__subclasses__()",
        "import sys\nsys.modules['os']",
    ],
)
def test_no_escape_hatches(code):
    r = run_code(code)
    assert not r.ok
    assert r.error.split(":")[0] in {"ModuleNotFoundError", "NameError", "AttributeError"}


def test_environment_is_not_visible(monkeypatch):
    monkeypatch.setenv("MEDRECKON_SANDBOX_SECRET", "s3cret-value")
    for code in ("import os\nanswer = os.environ['MEDRECKON_SANDBOX_SECRET']",
                 "import os\nanswer = os.getenv('MEDRECKON_SANDBOX_SECRET')"):
        r = run_code(code)
        assert not r.ok and "s3cret" not in r.stdout + str(r.value)


def test_endless_loop_is_stopped_by_the_time_limit():
    started = time.perf_counter()
    r = run_code("n = 0\nwhile True:\n    n += 1", cpu_s=1)
    elapsed = time.perf_counter() - started
    assert not r.ok and r.timed_out and r.error.startswith("TimeoutError")
    assert 0.9 < elapsed < 4


def test_catching_the_timeout_does_not_help():
    r = run_code("while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass",
                 cpu_s=1)
    assert r.timed_out and not r.ok


def test_wall_clock_limit_kills_the_worker():
    started = time.perf_counter()
    r = run_code("while True:\n    pass", cpu_s=60, timeout_s=1)
    assert r.timed_out and "wall-clock" in r.error
    assert time.perf_counter() - started < 5
    assert run_code("answer = 6 * 7").value == 42  # the pool replaced the worker


def test_sleep_does_not_block():
    started = time.perf_counter()
    r = run_code("import time\ntime.sleep(60)\nanswer = 'woke'")
    assert r.value == "woke" and time.perf_counter() - started < 2


@pytest.mark.parametrize(
    "code",
    [
        "x = 'a' * (10 * 1024**3)",  # 10 GB at once
        "x = [0] * (10 * 1024**3 // 8)",
        "x = 10 ** (10 ** 10)",
        "x = []\nwhile True:\n    x.append('y' * 10000)",  # growing
    ],
)
def test_memory_limit(code):
    started = time.perf_counter()
    r = run_code(code, memory_mb=64)
    assert not r.ok and r.error.startswith("MemoryError") and "64 MB" in r.error
    assert time.perf_counter() - started < 5


def test_deep_recursion():
    r = run_code("def f(n):\n    return f(n + 1)\nf(0)")
    assert not r.ok and r.error.startswith("RecursionError") and "line 2" in r.error


def test_deeply_nested_source_is_refused():
    r = run_code("x = " + "(" * 100_000 + ")" * 100_000)
    assert not r.ok and r.error.startswith("SyntaxError")


def test_huge_output_is_cut():
    r = run_code("for i in range(200000):\n    print('x' * 100)\nanswer = 1", max_stdout=5000)
    assert r.ok and r.value == 1
    kept, _, note = r.stdout.partition("\n[output cut: ")
    assert len(kept) == 5000
    assert note.startswith(str(200000 * 101 - 5000))


def test_huge_value_is_refused():
    r = run_code("answer = list(range(100000))", max_value=1000)
    assert not r.ok and r.value is None and "too large" in r.error


def test_runs_do_not_share_state():
    assert run_code("secret = 42").ok
    r = run_code("answer = secret")
    assert not r.ok and r.error.startswith("NameError")


def test_limits_must_be_positive():
    for kwargs in ({"timeout_s": 0}, {"cpu_s": -1}, {"memory_mb": 0}):
        with pytest.raises(ValueError):
            run_code("1", **kwargs)


# ---------------------------------------------------------------- ordinary clinical code


def test_mdrd_with_math():
    code = (
        "import math\n"
        "scr, age = 1.8, 67\n"
        "gfr = 175 * scr ** -1.154 * age ** -0.203 * 0.742\n"
        "answer = round(gfr, 1)\n"
        "print(f'GFR {gfr:.2f}')\n"
    )
    r = run_code(code)
    expected = 175 * 1.8**-1.154 * 67**-0.203 * 0.742
    assert r.ok and r.error is None and not r.timed_out
    assert r.value == round(expected, 1)
    assert r.stdout == f"GFR {expected:.2f}\n"


def test_log_based_formula():
    r = run_code("import math\nanswer = math.log(0.5) * 2 + math.log10(1000) + math.exp(1) + math.sqrt(2)")
    assert r.value == pytest.approx(math.log(0.5) * 2 + 3 + math.e + math.sqrt(2), rel=1e-12)


def test_functions_and_conditionals():
    code = (
        "def ibw(sex, height_cm):\n"
        "    inches = height_cm / 2.54\n"
        "    return (50 if sex == 'male' else 45.5) + 2.3 * (inches - 60)\n"
        "def abw(sex, height_cm, weight):\n"
        "    i = ibw(sex, height_cm)\n"
        "    return i + 0.4 * (weight - i)\n"
        "answer = round(abw('female', 165, 95), 1)\n"
    )
    inches = 165 / 2.54
    ibw = 45.5 + 2.3 * (inches - 60)
    assert run_code(code).value == round(ibw + 0.4 * (95 - ibw), 1)


def test_score_with_dict_and_sum():
    code = (
        "criteria = {'chf': True, 'hypertension': True, 'age_75': False, 'diabetes': True, 'stroke': False}\n"
        "points = {'chf': 1, 'hypertension': 1, 'age_75': 2, 'diabetes': 1, 'stroke': 2}\n"
        "answer = sum(points[k] for k, met in criteria.items() if met)\n"
    )
    assert run_code(code).value == 3


def test_naegele_due_date():
    code = (
        "from datetime import datetime, timedelta\n"
        "lmp = datetime.strptime('01/05/2023', '%m/%d/%Y')\n"
        "cycle = 30\n"
        "edd = lmp + timedelta(days=280 + (cycle - 28))\n"
        "answer = edd.strftime('%m/%d/%Y')\n"
    )
    assert run_code(code).value == "10/14/2023"


def test_gestational_age_as_weeks_and_days():
    code = (
        "from datetime import date\n"
        "days = (date(2023, 5, 1) - date(2023, 1, 5)).days\n"
        "answer = (days // 7, days % 7)\n"
    )
    assert run_code(code).value == [16, 4]


def test_date_values_come_back_as_iso_text():
    r = run_code("from datetime import date, timedelta\ndate(2024, 2, 28) + timedelta(days=1)")
    assert r.value == "2024-02-29"


def test_rounding_matches_python_on_ordinary_values():
    code = "answer = [round(2.5), round(3.5), round(-1.5), round(12.3456, 2), round(0.125, 2), round(99.95, 1)]"
    assert run_code(code).value == [2, 4, -2, 12.35, 0.12, round(99.95, 1)]


def test_rounding_divergence_is_as_documented():
    # Monty rounds the shortest decimal form; CPython the binary value (2.675 is 2.67499999...).
    assert round(2.675, 2) == 2.67
    assert run_code("round(2.675, 2)").value == 2.68


def test_answer_variable_wins_over_last_expression():
    assert run_code("answer = 5\n7 * 6").value == 5
    assert run_code("x = 3\nx * 2").value == 6
    r = run_code("x = 3")
    assert r.ok and r.value is None


def test_values_are_jsonable():
    import json

    r = run_code(
        "from decimal import Decimal\n"
        "answer = {'t': (1, 2), 'd': Decimal('2.35'), 'nan': float('nan'), 1: 'one', 'none': None}"
    )
    assert r.value == {"t": [1, 2], "d": 2.35, "nan": "nan", "1": "one", "none": None}
    json.dumps(r.value, allow_nan=False)


def test_errors_name_type_message_and_line():
    r = run_code("weight = 70\nheight = 0\n\nbmi = weight / height ** 2\n")
    assert r == SandboxResult(ok=False, stdout="", value=None,
                              error="ZeroDivisionError: division by zero (line 4: bmi = weight / height ** 2)",
                              timed_out=False, duration_s=r.duration_s)


def test_syntax_error_names_the_line():
    r = run_code("x = (1,\ny = 2\n")
    assert not r.ok and r.error.startswith("SyntaxError") and "line 2" in r.error


def test_missing_module_lists_what_is_there():
    r = run_code("import numpy as np\nanswer = np.mean([1, 2])")
    assert r.error.startswith("ModuleNotFoundError: No module named 'numpy'")
    assert "available modules: math, datetime" in r.error


def test_output_before_an_error_is_kept():
    r = run_code("print('step 1')\nraise ValueError('bad input')")
    assert r.stdout == "step 1\n" and r.error == "ValueError: bad input (line 2: raise ValueError('bad input'))"


def test_concurrent_runs():
    results: dict[int, SandboxResult] = {}

    def work(i: int) -> None:
        results[i] = run_code(f"answer = {i} * 2")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {i: r.value for i, r in results.items()} == {i: 2 * i for i in range(8)}


def test_environment_note_mentions_answer_variable():
    assert "`answer`" in ENVIRONMENT and "numpy" in ENVIRONMENT


# ---------------------------------------------------------------- when the sandbox cannot run


def test_missing_package_is_a_clear_error(monkeypatch):
    import sys

    from medreckon.bench.sandbox import SandboxUnavailable

    monkeypatch.setitem(sys.modules, "pydantic_monty", None)  # as if not installed
    with pytest.raises(SandboxUnavailable, match=r"medreckon\[sandbox\]"):
        run_code("1")


def test_missing_worker_binary_is_a_clear_error(monkeypatch, tmp_path):
    from medreckon.bench.sandbox import SandboxUnavailable

    monkeypatch.setenv("MONTY_BIN", str(tmp_path / "no-such-monty"))
    with pytest.raises(SandboxUnavailable, match="could not start the sandbox worker"):
        run_code("1", timeout_s=7.25)  # a deadline no other test uses: a new pool
