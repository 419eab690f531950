"""The patient record in PostgreSQL: reading (`PostgresRecord`), bulk loading (`PostgresLoader`,
COPY), the read-only role agents connect as (`create_agent_role`), and a throwaway local cluster
(`LocalCluster`) for tests and benchmarks: initdb into a temporary directory, a server that
listens on a Unix socket in that directory only (no TCP), stopped and removed on exit; no
system service is touched. Needs the `scenarios` extra (psycopg 3) and PostgreSQL's server
binaries (Debian: `apt-get install postgresql`; found under /usr/lib/postgresql/*/bin, on PATH,
or in $PG_BIN).

initdb refuses to run as root; as root the cluster is run as the `postgres` system user (the
Debian package creates it) and its directory is given to that user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from . import schema
from .record import QueryError, Record, RecordError

AGENT_ROLE = "medreckon_agent"
_DB = "records"


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise RecordError("a PostgreSQL record needs psycopg 3: pip install 'medreckon[scenarios]'") from exc
    return psycopg


class PostgresRecord(Record):
    """Every query in a READ ONLY transaction with `statement_timeout`; connect as the agent role."""

    dialect = "postgresql"

    def __init__(self, dsn: str):
        psycopg = _psycopg()
        self.locator = dsn
        try:
            self._conn = psycopg.connect(dsn, connect_timeout=10)
        except psycopg.Error as exc:
            raise RecordError(f"cannot connect to the PostgreSQL record: {str(exc).strip()}") from None
        self._errors = psycopg.errors

    def _run(self, statement: str, fetch: int, timeout_s: float) -> tuple[list[str], list[Any]]:
        errors = self._errors
        try:
            with self._conn.transaction():
                self._conn.execute("SET TRANSACTION READ ONLY")
                self._conn.execute(f"SET LOCAL statement_timeout = {max(1, int(timeout_s * 1000))}")
                cur = self._conn.execute(statement)
                raw = cur.fetchmany(fetch) if cur.description else []
                columns = [d.name for d in cur.description or ()]
        except errors.QueryCanceled:
            raise QueryError(f"the query ran past its {timeout_s:g} s limit and was stopped; narrow it "
                             "(WHERE patient_id = ..., a time range) or add LIMIT") from None
        except (errors.ReadOnlySqlTransaction, errors.InsufficientPrivilege):
            raise QueryError("query_record only reads the record: that statement was refused. "
                             "Send a SELECT statement.") from None
        except self._psycopg_error() as exc:
            primary = getattr(getattr(exc, "diag", None), "message_primary", None) or str(exc)
            raise QueryError(f"SQL error: {primary.strip()} (PostgreSQL dialect; query_record's description "
                             "lists the tables and columns)") from None
        return columns, raw

    @staticmethod
    def _psycopg_error() -> type[Exception]:
        return _psycopg().Error

    def close(self) -> None:
        self._conn.close()


class PostgresLoader:
    """Creates the schema in the DSN's database (dropping the tables first with `replace`) and
    COPYs rows in; indexes are built in `finish`."""

    def __init__(self, dsn: str, replace: bool):
        psycopg = _psycopg()
        self.conn = psycopg.connect(dsn, autocommit=True)
        existing = {r[0] for r in self.conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        ours = [t.name for t in schema.TABLES]
        if set(ours) & existing:
            if not replace:
                self.conn.close()
                raise RecordError("the PostgreSQL database already holds a patient record; pass replace=True "
                                  "(--replace) to write a new one over it")
            self.conn.execute(f"DROP TABLE IF EXISTS {', '.join(ours)}")
        statements = schema.ddl("postgresql")
        self.indexes = [s for s in statements if s.startswith("CREATE INDEX")]
        for s in statements:
            if not s.startswith("CREATE INDEX"):
                self.conn.execute(s)

    def load(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        cols = ", ".join(schema.BY_NAME[table].names)
        with self.conn.cursor() as cur, cur.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)

    def finish(self) -> None:
        for s in self.indexes:
            self.conn.execute(s)
        self.conn.execute("ANALYZE")
        self.conn.close()

    def abort(self) -> None:
        self.conn.close()


def create_agent_role(admin_dsn: str, role: str = AGENT_ROLE, *, statement_timeout_s: float = 5.0) -> None:
    """A login role that can read the record's tables and nothing else: SELECT only, every
    transaction read-only by default, a statement timeout. Idempotent."""
    psycopg = _psycopg()
    from psycopg import sql

    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        ident = sql.Identifier(role)
        if not exists:
            conn.execute(sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE").format(ident))
        db = conn.execute("SELECT current_database()").fetchone()[0]
        conn.execute(sql.SQL("REVOKE CREATE ON SCHEMA public FROM PUBLIC"))
        conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(db), ident))
        conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(ident))
        conn.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA public TO {}").format(ident))
        conn.execute(sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(ident))
        conn.execute(sql.SQL("ALTER ROLE {} SET statement_timeout = {}").format(
            ident, sql.Literal(f"{int(statement_timeout_s * 1000)}ms")))


# ---------------------------------------------------------------- a throwaway cluster


def find_bin() -> Path:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl); RecordError when absent."""
    candidates = [os.environ.get("PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    if shutil.which("initdb"):
        candidates.append(str(Path(shutil.which("initdb")).parent))  # type: ignore[arg-type]
    for c in candidates:
        if c and (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    raise RecordError("PostgreSQL's server binaries (initdb, pg_ctl) were not found: apt-get install postgresql "
                      "(or set PG_BIN to their directory)")


class LocalCluster:
    """A PostgreSQL server in a temporary directory, on a Unix socket there, for as long as the
    `with` block lasts. `dsn(user)` connects to its `records` database. A `root` given must be
    reachable by the `postgres` user when run as root (the default, a new temp dir, is)."""

    def __init__(self, root: str | os.PathLike[str] | None = None):
        self.bin = find_bin()
        self._own_root = root is None
        self.root = Path(root or tempfile.mkdtemp(prefix="medreckon-pg-"))
        self.data = self.root / "data"
        self.user = self._os_user()
        self.started = False

    @staticmethod
    def _os_user() -> pwd.struct_passwd | None:
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam("postgres")
        except KeyError:
            raise RecordError("as root, the cluster runs as the 'postgres' system user, which does not exist "
                              "(apt-get install postgresql creates it)") from None

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            cmd = ["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}", "--clear-groups",
                   *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=self.root)
        if done.returncode:
            raise RecordError(f"{args[0]} failed: {(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> LocalCluster:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        options = f"-k {self.root} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", options,
                  "-w", "-t", "60", "start")
        self.started = True
        psycopg = _psycopg()
        with psycopg.connect(self.dsn(db="postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {_DB}")
        return self

    def dsn(self, user: str = "postgres", db: str = _DB) -> str:
        return f"postgresql://{user}@/{db}?host={self.root}"

    def stop(self) -> None:
        if self.started:
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            finally:
                self.started = False
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


__all__ = ["AGENT_ROLE", "LocalCluster", "PostgresLoader", "PostgresRecord", "create_agent_role", "find_bin"]
