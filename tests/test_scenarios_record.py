"""The patient record store: one schema in SQLite and PostgreSQL, read-only for agents (SQLite
opened read-only, the PostgreSQL agent role tested), the SQL tool's refusals (writes, several
statements, runaway queries) with clear errors, and the same rows from both databases."""

import os
import sqlite3

import pytest

from medreckon.scenarios import schema
from medreckon.scenarios.record import QueryError, RecordError, RecordWriter, check_sql, open_record

PATIENT = ("P000001", "Ann Berg", "female", "1950-03-02", None)
LABS = [("L1", "P000001", "E1", "Creatinine", "serum", 1.2, None, "mg/dL", 0.6, 1.2, None, "2024-01-01 10:00:00"),
        ("L2", "P000001", "E1", "Creatinine", "serum", 106.0, None, "umol/L", 53.0, 106.0, None, "2024-01-02 10:00:00"),
        ("L3", "P000001", "E1", "Sodium", "urine", 12.0, None, "mEq/L", None, None, None, "2024-01-01 11:00:00")]


def write(locator, replace=False):
    with RecordWriter(locator, replace=replace) as w:
        w.add("patients", [PATIENT])
        w.add("lab_results", LABS)
        w.add("notes", [("N1", "P000001", None, "history", "2024-01-01 10:30:00", "Mother: stroke; it's fine")])
    return w.counts


@pytest.fixture
def sqlite_record(tmp_path):
    path = tmp_path / "record.sqlite"
    write(str(path))
    return path


QUERIES = [
    "SELECT * FROM lab_results ORDER BY lab_id",
    "SELECT test_name, specimen, value, unit FROM lab_results WHERE patient_id = 'P000001' AND collected_at < "
    "'2024-01-02 00:00:00' ORDER BY collected_at",
    "SELECT COUNT(*) AS n, MAX(value) AS top FROM lab_results",
    "SELECT birth_date, sex FROM patients",
    "SELECT text FROM notes WHERE text LIKE '%stroke; it''s%'",  # a ';' and a quote inside a literal
]


def test_sqlite_answers_queries_with_columns_rows_and_caps(sqlite_record):
    with open_record(sqlite_record) as r:
        res = r.query(QUERIES[0], max_rows=2)
        assert res.columns[:4] == ["lab_id", "patient_id", "encounter_id", "test_name"]
        assert len(res.rows) == 2 and res.truncated and "only the first 2 rows" in res.to_dict()["truncated"]
        assert r.query(QUERIES[0], max_rows=3).truncated is False
        assert r.query(QUERIES[4]).rows == [["Mother: stroke; it's fine"]]


@pytest.mark.parametrize("sql,words", [
    ("DELETE FROM patients", "only reads the record: a DELETE statement is refused"),
    ("  update lab_results set value = 0", "UPDATE statement is refused"),
    ("DROP TABLE patients", "DROP statement is refused"),
    ("SELECT 1; DELETE FROM patients", "one statement at a time: this query holds 2 statements"),
    ("SELECT 1; SELECT 2;", "holds 2 statements"),
    ("", "needs one SQL SELECT statement"),
    ("-- nothing\n", "only comments"),
    ("ATTACH DATABASE 'x.db' AS x", "ATTACH statement is refused"),
    ("PRAGMA query_only = OFF", "PRAGMA statement is refused"),
])
def test_the_guard_refuses_what_is_not_one_read_with_a_clear_error(sqlite_record, sql, words):
    with open_record(sqlite_record) as r, pytest.raises(QueryError, match=words):
        r.query(sql)


def test_a_write_hidden_in_a_cte_is_refused_by_the_database(sqlite_record):
    with open_record(sqlite_record) as r:
        with pytest.raises(QueryError, match="only reads the record"):
            r.query("WITH x AS (SELECT 1) DELETE FROM patients")
        with pytest.raises(QueryError, match="only reads"):
            r.query("WITH x AS (SELECT 1) INSERT INTO patients VALUES ('P2','B','male','1960-01-01',NULL)")
        assert r.query("SELECT COUNT(*) FROM patients").rows == [[1]]


def test_sqlite_is_opened_read_only(sqlite_record):
    with open_record(sqlite_record) as r:
        with pytest.raises(sqlite3.DatabaseError):  # the connection itself refuses, guard or not
            r._db.execute("INSERT INTO patients VALUES ('P2','B','male','1960-01-01',NULL)")
    assert sqlite3.connect(sqlite_record).execute("SELECT COUNT(*) FROM patients").fetchone() == (1,)


def test_a_runaway_query_is_stopped_at_its_time_limit(sqlite_record):
    runaway = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n"
    with open_record(sqlite_record) as r:
        with pytest.raises(QueryError, match="ran past its 0.3 s limit"):
            r.query(runaway, timeout_s=0.3)
        assert r.query("SELECT 1").rows == [[1]]  # the connection is usable afterwards
        with pytest.raises(QueryError, match="SQL error: no such column: nope"):
            r.query("SELECT nope FROM patients")


def test_check_sql_keeps_one_statement_and_knows_literals_and_comments():
    assert check_sql("SELECT ';' AS x; -- done") == "SELECT ';' AS x"
    assert check_sql("/* a; b */ WITH t AS (SELECT 1) SELECT * FROM t") .endswith("SELECT * FROM t")
    assert check_sql("(SELECT 1)") == "(SELECT 1)"
    with pytest.raises(QueryError):
        check_sql(None)


def test_opening_what_is_not_a_record_says_so(tmp_path):
    with pytest.raises(RecordError, match="no patient record at"):
        open_record(tmp_path / "missing.sqlite")
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)")
    with pytest.raises(RecordError, match="is not a patient record"):
        open_record(other)
    (tmp_path / "junk.sqlite").write_text("not sqlite")
    with pytest.raises(RecordError, match="not an SQLite patient record"):
        open_record(tmp_path / "junk.sqlite")


def test_a_record_is_written_whole_or_not_at_all(tmp_path):
    path = tmp_path / "r.sqlite"
    with pytest.raises(ValueError, match="has 2 values"), RecordWriter(str(path)) as w:
        w.add("patients", [("P1", "x")])
    assert not path.exists() and not list(tmp_path.iterdir())
    assert write(str(path)) == {"patients": 1, "lab_results": 3, "notes": 1}
    with pytest.raises(RecordError, match="exists; pass replace=True"):
        write(str(path))
    write(str(path), replace=True)


def test_schema_is_one_declaration_for_both_dialects():
    lite, pg = schema.ddl("sqlite"), schema.ddl("postgresql")
    assert len(lite) == len(pg) == 2 * len(schema.TABLES) - 1
    assert "value REAL" in lite[3] and "value DOUBLE PRECISION" in pg[3]  # 8-byte floats in both
    text = schema.describe("sqlite")
    assert all(t.name in text for t in schema.TABLES) and "collected_at" in text


# ---------------------------------------------------------------- PostgreSQL


@pytest.fixture(scope="module")
def cluster():
    from medreckon.scenarios.postgres import LocalCluster, find_bin

    try:
        find_bin()
    except RecordError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {exc}")
        pytest.skip(str(exc))
    with LocalCluster() as c:
        yield c


@pytest.fixture(scope="module")
def pg(cluster, tmp_path_factory):
    from medreckon.scenarios.postgres import create_agent_role

    write(cluster.dsn(), replace=True)
    create_agent_role(cluster.dsn())
    return cluster


def test_postgres_and_sqlite_give_the_same_rows(pg, sqlite_record):
    with open_record(sqlite_record) as lite, open_record(pg.dsn("medreckon_agent")) as post:
        assert lite.dialect == "sqlite" and post.dialect == "postgresql"
        for sql in QUERIES:
            a, b = lite.query(sql), post.query(sql)
            assert (a.columns, a.rows) == (b.columns, b.rows), sql


def test_the_agent_role_cannot_write_even_past_the_guard(pg):
    import psycopg

    with psycopg.connect(pg.dsn("medreckon_agent"), autocommit=True) as conn:
        for sql in ("INSERT INTO patients VALUES ('P9','X','male','1970-01-01',NULL)",
                    "DELETE FROM lab_results", "CREATE TABLE mine (x int)", "DROP TABLE notes"):
            with pytest.raises(psycopg.Error):
                conn.execute("SET default_transaction_read_only = off")  # a role setting it cannot lift...
                conn.execute(sql)  # ...and SELECT is all it was granted
    with open_record(pg.dsn()) as admin:
        assert admin.query("SELECT COUNT(*) FROM lab_results").rows == [[3]]


def test_postgres_refusals_and_timeouts_are_clear(pg):
    with open_record(pg.dsn("medreckon_agent")) as r:
        with pytest.raises(QueryError, match="only reads the record"):
            r.query("WITH x AS (DELETE FROM patients RETURNING *) SELECT * FROM x")
        with pytest.raises(QueryError, match="ran past its 0.5 s limit"):
            r.query("SELECT pg_sleep(3)", timeout_s=0.5)
        with pytest.raises(QueryError, match='SQL error: column "nope" does not exist'):
            r.query("SELECT nope FROM patients")
        with pytest.raises(QueryError, match="one statement at a time"):
            r.query("SELECT 1; SELECT 2")
        assert r.query("SELECT 1 AS one").rows == [[1]]
