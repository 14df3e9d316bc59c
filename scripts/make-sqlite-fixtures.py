"""Writes the SQLite fixtures of testdata/sqlite with SQLite itself (Python's sqlite3 module).

Run on purpose, from the repository's root, when a fixture should change:

    python3 scripts/make-sqlite-fixtures.py

and read the diff of what the tests expect before committing. The tests never run it: they read
the files it wrote, and derive what each holds from the rules below, not from the files.

- rows.db: table `t` of ROWS rows whose values follow from the row's number (value_of), on
  1,024-byte pages, so the table spans interior pages and every 50th row's text overflows; a
  column added after the first half was written (old rows' records are one column short); table
  `k` whose `id` is INTEGER PRIMARY KEY (the rowid).
- wal.db and wal.db-wal: table `t` in WAL mode, rows 1-10 checkpointed into the file, rows 11-20
  and 21-30 in two more transactions left in the log.
- opencode.db and opencode.db-wal: opencode's schema (1.18.34's migrations; the tables a session
  is read from), holding testdata/formats/opencode.json's session as opencode stores it, an older
  session and a subagent's; the main session's last two messages are in the log only.
- opencode-new.db and opencode-new.db-wal: a database opencode has just made, as opencode 1.18.34
  leaves one while it runs: the file is its first page, and the tables and one session are in the
  log only.
- crush.db: Crush's tables after all its migrations (charmbracelet/crush internal/db/migrations,
  37f36e93), sessions of our own (one with a summary, a subagent's, an older one, and others
  crush_db lists), not in WAL mode (crush_db says what each holds).
- opencode-go.db: the Go opencode's tables (Crush's initial migration alone), sessions
  opencode_go_db lists.
- crush-0.12.db: Crush's tables as Crush 0.12 left them (migrations up to 20250627000000: no
  is_summary_message column), a session crush_012_db describes.
"""
import base64
import json
import os
import shutil
import sqlite3

OUT = "testdata/sqlite"
ROWS = 600


def value_of(i):
    n = [0, 1, -1, 127, 128, -129, 32767, 32768, 2**31 - 1, -(2**31), 2**40, -(2**40), 2**53 - 1][i % 13]
    text = ("x" * 3000 + str(i)) if i % 50 == 0 else ("row %d " % i) * (i % 37)
    return ("id%04d" % i, n, i / 8, bytes([i % 256, (i * 7) % 256]), text)


def fresh(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return sqlite3.connect(path, isolation_level=None)


def rows_db():
    db = fresh(f"{OUT}/rows.db")
    db.execute("PRAGMA page_size = 1024")
    db.execute('CREATE TABLE t ("id" text PRIMARY KEY, n integer, r real, b blob, s text)')
    db.execute("BEGIN")
    for i in range(1, ROWS // 2 + 1):
        db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", value_of(i))
    db.execute("COMMIT")
    db.execute("ALTER TABLE t ADD COLUMN extra text")
    db.execute("BEGIN")
    for i in range(ROWS // 2 + 1, ROWS + 1):
        db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", value_of(i) + ("extra %d" % i,))
    db.execute("COMMIT")
    db.execute("CREATE TABLE k (id integer primary key, v text)")
    for i in (3, 7, 1000):
        db.execute("INSERT INTO k VALUES (?, ?)", (i, "k%d" % i))
    db.close()


def in_wal_mode(path, page_size=None):
    """A new database at PATH in WAL mode that never checkpoints by itself."""
    db = fresh(path)
    if page_size is not None:
        db.execute(f"PRAGMA page_size = {page_size}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    return db


def snapshot(path, db, name):
    """Copies a WAL-mode database and its log, as they are while `db` holds them open, to NAME."""
    shutil.copyfile(path, f"{OUT}/{name}")
    shutil.copyfile(path + "-wal", f"{OUT}/{name}-wal")
    db.close()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def wal_db():
    path = "/tmp/ci-sqlite-wal.db"
    db = in_wal_mode(path, 1024)
    db.execute("CREATE TABLE t (id text primary key, s text)")
    for start in (1, 11, 21):
        db.execute("BEGIN")
        for i in range(start, start + 10):
            db.execute("INSERT INTO t VALUES (?, ?)", ("w%02d" % i, ("wal row %d " % i) * 20))
        db.execute("COMMIT")
        if start == 1:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    snapshot(path, db, "wal.db")


SCHEMA = [
    """CREATE TABLE `project` (`id` text PRIMARY KEY, `worktree` text NOT NULL, `vcs` text,
    `name` text, `icon_url` text, `icon_url_override` text, `icon_color` text,
    `time_created` integer NOT NULL, `time_updated` integer NOT NULL, `time_initialized` integer,
    `sandboxes` text NOT NULL, `commands` text)""",
    """CREATE TABLE `session` (`id` text PRIMARY KEY, `project_id` text NOT NULL,
    `workspace_id` text, `parent_id` text, `slug` text NOT NULL, `directory` text NOT NULL,
    `path` text, `title` text NOT NULL, `version` text NOT NULL, `share_url` text,
    `summary_additions` integer, `summary_deletions` integer, `summary_files` integer,
    `summary_diffs` text, `metadata` text, `cost` real DEFAULT 0 NOT NULL,
    `tokens_input` integer DEFAULT 0 NOT NULL, `tokens_output` integer DEFAULT 0 NOT NULL,
    `tokens_reasoning` integer DEFAULT 0 NOT NULL, `tokens_cache_read` integer DEFAULT 0 NOT NULL,
    `tokens_cache_write` integer DEFAULT 0 NOT NULL, `revert` text, `permission` text,
    `agent` text, `model` text, `time_created` integer NOT NULL, `time_updated` integer NOT NULL,
    `time_compacting` integer, `time_archived` integer,
    CONSTRAINT `fk_session_project_id_project_id_fk` FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON DELETE CASCADE)""",
    """CREATE TABLE `message` (`id` text PRIMARY KEY, `session_id` text NOT NULL,
    `time_created` integer NOT NULL, `time_updated` integer NOT NULL, `data` text NOT NULL,
    CONSTRAINT `fk_message_session_id_session_id_fk` FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON DELETE CASCADE)""",
    """CREATE TABLE `part` (`id` text PRIMARY KEY, `message_id` text NOT NULL,
    `session_id` text NOT NULL, `time_created` integer NOT NULL, `time_updated` integer NOT NULL,
    `data` text NOT NULL,
    CONSTRAINT `fk_part_message_id_message_id_fk` FOREIGN KEY (`message_id`) REFERENCES `message`(`id`) ON DELETE CASCADE)""",
    "CREATE INDEX `message_session_time_created_id_idx` ON `message` (`session_id`,`time_created`,`id`)",
    "CREATE INDEX `part_message_id_id_idx` ON `part` (`message_id`,`id`)",
    "CREATE INDEX `part_session_idx` ON `part` (`session_id`)",
    "CREATE INDEX `session_parent_idx` ON `session` (`parent_id`)",
]


def add_session(db, info, messages, parent=None):
    db.execute(
        "INSERT INTO session (id, project_id, parent_id, slug, directory, path, title, version,"
        " time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (info["id"], "global", parent, info["slug"], info["directory"], info.get("path", ""),
         info["title"], info["version"], info["time"]["created"], info["time"]["updated"]),
    )
    for m in messages:
        add_message(db, m)


def add_message(db, m):
    info = dict(m["info"])
    mid, sid = info.pop("id"), info.pop("sessionID")
    created = info["time"]["created"]
    db.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)", (mid, sid, created, created, json.dumps(info)))
    for p in m["parts"]:
        p = dict(p)
        pid = p.pop("id")
        p.pop("sessionID")
        p.pop("messageID")
        db.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)", (pid, mid, sid, created, created, json.dumps(p)))


def short_session(sid, title, created, text, reply):
    def msg(n, role, parts, extra):
        mid = "msg_%s%03d" % (sid[4:14], n)
        info = {"role": role, "time": {"created": created + n * 1000}, "id": mid, "sessionID": sid, **extra}
        return {"info": info, "parts": [
            {"type": "text", "text": t, "id": "prt_%s%03d%d" % (sid[4:14], n, k), "sessionID": sid, "messageID": mid}
            for k, t in enumerate(parts)]}
    model = {"providerID": "anthropic", "modelID": "claude-sonnet-4-5-20250929"}
    info = {"id": sid, "slug": "quiet-" + sid[-4:], "directory": "/tmp/ocfx/proj", "title": title,
            "version": "1.18.34", "time": {"created": created, "updated": created + 2000}}
    return info, [
        msg(1, "user", [text], {"agent": "build", "model": model}),
        msg(2, "assistant", [reply], {"parentID": "msg_%s001" % sid[4:14], "modelID": model["modelID"],
                                      "providerID": "anthropic", "mode": "build", "agent": "build",
                                      "path": {"cwd": "/tmp", "root": "/tmp"}, "cost": 0,
                                      "tokens": {"input": 3, "output": 9, "reasoning": 0, "cache": {"read": 0, "write": 11790}},
                                      "finish": "stop"}),
    ]


def opencode_db():
    export = json.load(open("testdata/formats/opencode.json"))
    path = "/tmp/ci-sqlite-opencode.db"
    db = in_wal_mode(path)
    for statement in SCHEMA:
        db.execute(statement)
    db.execute("INSERT INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES"
               " ('global', '/', 1764700000000, 1764700000000, '[]')")
    main = export["info"]
    add_session(db, *short_session("ses_2a0000000001Older0000000001", "Rename the config loader",
                                   1764700000000, "Rename loadCfg to loadConfig.", "Renamed it in three files."))
    add_session(db, main, export["messages"][:-2])
    # A subagent the main session's task started: the newest session, with a parent.
    sub_info, sub = short_session("ses_3f1a2b4c6000Sub00000000001", "Find the formatter (@general subagent)",
                                  1764800060000, "Find where temperatures are formatted.", "In src/format.ts.")
    add_session(db, sub_info, sub, parent=main["id"])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("BEGIN")
    for m in export["messages"][-2:]:
        add_message(db, m)
    db.execute("COMMIT")
    snapshot(path, db, "opencode.db")


def opencode_new_db():
    path = "/tmp/ci-sqlite-opencode-new.db"
    db = in_wal_mode(path)
    db.execute("BEGIN")
    for statement in SCHEMA:
        db.execute(statement)
    db.execute("INSERT INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES"
               " ('global', '/', 1764700000000, 1764700000000, '[]')")
    add_session(db, *short_session("ses_2a0000000002First000000001", "Explain the build script",
                                   1764900000000, "What does build.sh do?", "It bundles the CLI."))
    db.execute("COMMIT")
    snapshot(path, db, "opencode-new.db")


CRUSH_SESSIONS = ("CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT NOT NULL,"
                  " message_count INTEGER NOT NULL DEFAULT 0, prompt_tokens INTEGER NOT NULL DEFAULT 0,"
                  " completion_tokens INTEGER NOT NULL DEFAULT 0, cost REAL NOT NULL DEFAULT 0.0,"
                  " updated_at INTEGER NOT NULL, created_at INTEGER NOT NULL)")
CRUSH_FILES = ("CREATE TABLE files (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, path TEXT NOT NULL,"
               " content TEXT NOT NULL, version TEXT NOT NULL, created_at INTEGER NOT NULL,"
               " updated_at INTEGER NOT NULL)")
CRUSH_MESSAGES = ("CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL,"
                  " parts TEXT NOT NULL default '[]', model TEXT, created_at INTEGER NOT NULL,"
                  " updated_at INTEGER NOT NULL, finished_at INTEGER)")


def parts(*ps):
    return json.dumps([{"type": t, "data": d} for t, d in ps])


def b64(text):
    """A text as Go's encoding/json writes bytes: standard base64."""
    return base64.b64encode(text.encode()).decode()


def crush_db():
    """crush.db: Crush's tables after its later migrations (summary_message_id, provider,
    is_summary_message, todos), times in seconds as Crush writes them (strftime('%s')). Session s-main
    has a summary (m4) after three messages; a subagent's session s-task is newer; s-old is older.
    s-summed holds nothing after its summary (m41), which names the only model and provider;
    s-ended holds replies with nothing written that ended otherwise than cancelled, and one whose
    text is blank. s-vertex is a Claude model's on Vertex AI, s-gvertex a Gemini model's; s-paste
    holds a prompt with two text files attached (binary parts, base64, as Go writes bytes)."""
    db = fresh(f"{OUT}/crush.db")
    db.execute(CRUSH_SESSIONS)
    db.execute(CRUSH_FILES)
    db.execute(CRUSH_MESSAGES)
    db.execute("ALTER TABLE sessions ADD COLUMN summary_message_id TEXT")
    db.execute("ALTER TABLE messages ADD COLUMN provider TEXT")
    db.execute("ALTER TABLE messages ADD COLUMN is_summary_message INTEGER DEFAULT 0 NOT NULL")
    db.execute("ALTER TABLE sessions ADD COLUMN todos TEXT")
    sessions = [
        ("s-main", None, "Rename the helper", 10, 1764900300, 1764900000, "m4"),
        ("s-task", "s-main", "Find callers", 2, 1764900400, 1764900350, None),
        ("s-old", None, "Earlier work", 1, 1764800000, 1764800000, None),
        ("s-summed", None, "Summed up", 2, 1764860000, 1764859000, "m41"),
        ("s-ended", None, "Empty replies", 8, 1764850000, 1764849000, None),
        ("s-vertex", None, "Claude on Vertex", 2, 1764840000, 1764839000, None),
        ("s-gvertex", None, "Gemini on Vertex", 2, 1764835000, 1764834000, None),
        ("s-paste", None, "Pasted files", 2, 1764830000, 1764829000, None),
    ]
    for sid, parent, title, count, updated, created, summary in sessions:
        db.execute("INSERT INTO sessions (id, parent_session_id, title, message_count, updated_at, created_at,"
                   " summary_message_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (sid, parent, title, count, updated, created, summary))
    sonnet = ("claude-sonnet-4-5-20250929", "anthropic")
    none = (None, None)
    messages = [
        # Rows are written out of time order: the reader orders them by created_at, then rowid.
        ("m8", "s-main", "assistant", parts(("text", {"text": "Done: the tests use readRow."}),
                                            ("finish", {"reason": "end_turn", "time": 1764900007})),
         sonnet, 0, 1764900007),
        ("m1", "s-main", "user", parts(("text", {"text": "Rename parseRow to readRow across the package."})),
         none, 0, 1764900000),
        ("m2", "s-main", "assistant", parts(("tool_call", {"id": "toolu_01", "name": "grep",
                                                           "input": "{\"pattern\":\"parseRow\"}",
                                                           "provider_executed": False, "finished": True}),
                                            ("finish", {"reason": "tool_use", "time": 1764900001})),
         sonnet, 0, 1764900001),
        ("m3", "s-main", "tool", parts(("tool_result", {"tool_call_id": "toolu_01", "name": "grep",
                                                        "content": "src/rows.go:12: func parseRow(",
                                                        "data": "", "mime_type": "", "metadata": "",
                                                        "is_error": False})),
         none, 0, 1764900002),
        ("m4", "s-main", "assistant", parts(("text", {"text": "The user asked to rename parseRow to readRow; "
                                                              "grep found its definition in src/rows.go."}),
                                            ("finish", {"reason": "end_turn", "time": 1764900003})),
         sonnet, 1, 1764900003),
        ("m5", "s-main", "user", parts(("text", {"text": "Now update the tests too."}),
                                       ("shell_command", {"command": "go test ./...",
                                                          "output": "ok  rows 0.01s", "exit_code": 0})),
         none, 0, 1764900004),
        ("m6", "s-main", "assistant", parts(("reasoning", {"thinking": "Two files to change.",
                                                           "signature": "c2lnLXR3bw==", "thought_signature": "",
                                                           "tool_id": "", "responses_data": None}),
                                            ("tool_call", {"id": "toolu_02", "name": "edit",
                                                           "input": "{\"file\":\"rows_test.go\"}",
                                                           "provider_executed": False, "finished": True}),
                                            ("tool_call", {"id": "toolu_03", "name": "view",
                                                           "input": "{\"file\":\"rows.go\"}",
                                                           "provider_executed": False, "finished": True}),
                                            ("finish", {"reason": "tool_use", "time": 1764900005})),
         sonnet, 0, 1764900005),
        ("m7", "s-main", "tool", parts(("tool_result", {"tool_call_id": "toolu_02", "name": "edit",
                                                        "content": "edited", "data": "", "mime_type": "",
                                                        "metadata": "", "is_error": False}),
                                       ("tool_result", {"tool_call_id": "toolu_03", "name": "view",
                                                        "content": "file not found", "data": "",
                                                        "mime_type": "", "metadata": "", "is_error": True})),
         none, 0, 1764900006),
        ("m9", "s-main", "assistant", parts(("finish", {"reason": "canceled", "time": 1764900008})),
         sonnet, 0, 1764900008),
        ("m10", "s-main", "tool", parts(("tool_result", {"tool_call_id": "toolu_99", "name": "view",
                                                         "content": "stale", "data": "", "mime_type": "",
                                                         "metadata": "", "is_error": False})),
         none, 0, 1764900009),
        ("m20", "s-task", "user", parts(("text", {"text": "Find the callers of parseRow."})), none, 0, 1764900350),
        ("m21", "s-task", "assistant", parts(("text", {"text": "One caller: src/load.go."})),
         ("claude-haiku-4-5", "anthropic"), 0, 1764900400),
        ("m30", "s-old", "user", parts(("text", {"text": "Hello."})), none, 0, 1764800000),
        ("m40", "s-summed", "user", parts(("text", {"text": "Fix the YAML."})), none, 0, 1764859000),
        ("m41", "s-summed", "assistant", parts(("text", {"text": "Fixed two indentation errors in deploy.yaml."}),
                                               ("finish", {"reason": "end_turn", "time": 1764860000})),
         ("qwen/qwen3-coder", "openrouter"), 1, 1764860000),
        ("m50", "s-ended", "user", parts(("text", {"text": "First try."})), none, 0, 1764849000),
        ("m51", "s-ended", "assistant", parts(("finish", {"reason": "end_turn", "time": 1764849001})),
         sonnet, 0, 1764849001),
        ("m52", "s-ended", "user", parts(("text", {"text": "Second try."})), none, 0, 1764849002),
        ("m53", "s-ended", "assistant", parts(("finish", {"reason": "max_tokens", "time": 1764849003})),
         sonnet, 0, 1764849003),
        ("m54", "s-ended", "user", parts(("text", {"text": "Third try."})), none, 0, 1764849004),
        ("m55", "s-ended", "assistant", parts(("text", {"text": ""})), sonnet, 0, 1764849005),
        ("m56", "s-ended", "user", parts(("text", {"text": "Fourth try."})), none, 0, 1764849006),
        ("m57", "s-ended", "assistant", parts(("text", {"text": "\n"}),
                                              ("finish", {"reason": "end_turn", "time": 1764850000})),
         sonnet, 0, 1764850000),
        ("m60", "s-vertex", "user", parts(("text", {"text": "Summarise the README."})), none, 0, 1764839000),
        ("m61", "s-vertex", "assistant", parts(("text", {"text": "It explains the build."}),
                                               ("finish", {"reason": "end_turn", "time": 1764840000})),
         ("claude-sonnet-4@20250514", "vertexai"), 0, 1764840000),
        ("m65", "s-gvertex", "user", parts(("text", {"text": "Summarise the README."})), none, 0, 1764834000),
        ("m66", "s-gvertex", "assistant", parts(("text", {"text": "It explains the build."}),
                                                ("finish", {"reason": "end_turn", "time": 1764835000})),
         ("gemini-2.5-pro", "vertexai"), 0, 1764835000),
        ("m70", "s-paste", "user", parts(("text", {"text": "  Review these.  "}),
                                         ("binary", {"Path": "notes.txt", "MIMEType": "text/plain; charset=utf-8",
                                                     "Data": b64("first line\nsecond line")}),
                                         ("binary", {"Path": "todo.md", "MIMEType": "text/markdown",
                                                     "Data": b64("- ship it")})),
         none, 0, 1764829000),
        ("m71", "s-paste", "assistant", parts(("text", {"text": "Both read well."}),
                                              ("finish", {"reason": "end_turn", "time": 1764830000})),
         sonnet, 0, 1764830000),
    ]
    for mid, sid, role, ps, (model, provider), summary, created in messages:
        db.execute("INSERT INTO messages (id, session_id, role, parts, model, provider, is_summary_message,"
                   " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (mid, sid, role, ps, model, provider, summary, created, created))
    db.close()


def opencode_go_db():
    """opencode-go.db: the Go opencode's tables (Crush's initial migration alone: no provider, no
    summary), times in milliseconds as its schema says; g1, the newest, with a reply of gpt-4.1;
    g2, by GitHub Copilot (copilot.gpt-4o), and g3, by Anthropic (claude-3.7-sonnet), each with a
    cancelled reply with nothing written; g4, whose only reply has no parts and names copilot.o1;
    g5, by Anthropic, with reasoning, a call with no result, a result with no call, and a reply of
    reasoning alone."""
    db = fresh(f"{OUT}/opencode-go.db")
    db.execute(CRUSH_SESSIONS)
    db.execute(CRUSH_FILES)
    db.execute(CRUSH_MESSAGES)
    db.execute("INSERT INTO sessions VALUES ('g1', NULL, 'Fix the build', 2, 0, 0, 0.0, 1714000001000, 1714000000000)")
    db.execute("INSERT INTO messages VALUES ('g1-a', 'g1', 'user', ?, NULL, 1714000000000, 1714000000000, NULL)",
               (parts(("text", {"text": "Why does the build fail?"})),))
    db.execute("INSERT INTO messages VALUES ('g1-b', 'g1', 'assistant', ?, 'gpt-4.1', 1714000001000, 1714000001000,"
               " 1714000001000)", (parts(("text", {"text": "A missing import in main.go."})),))
    db.execute("INSERT INTO sessions VALUES ('g2', NULL, 'Copilot', 3, 0, 0, 0.0, 1713000003000, 1713000000000)")
    db.execute("INSERT INTO sessions VALUES ('g3', NULL, 'Claude', 3, 0, 0, 0.0, 1712000003000, 1712000000000)")
    for sid, model, t in (("g2", "copilot.gpt-4o", 1713000000000), ("g3", "claude-3.7-sonnet", 1712000000000)):
        db.execute("INSERT INTO messages VALUES (?, ?, 'user', ?, NULL, ?, ?, NULL)",
                   (f"{sid}-a", sid, parts(("text", {"text": "Stop."})), t, t))
        db.execute("INSERT INTO messages VALUES (?, ?, 'assistant', ?, ?, ?, ?, ?)",
                   (f"{sid}-b", sid, parts(("finish", {"reason": "canceled", "time": (t + 1000) // 1000})),
                    model, t + 1000, t + 1000, t + 1000))
        db.execute("INSERT INTO messages VALUES (?, ?, 'user', ?, NULL, ?, ?, NULL)",
                   (f"{sid}-c", sid, parts(("text", {"text": "Go on."})), t + 2000, t + 2000))
    db.execute("INSERT INTO sessions VALUES ('g4', NULL, 'Plan only', 2, 0, 0, 0.0, 1711000001000, 1711000000000)")
    db.execute("INSERT INTO messages VALUES ('g4-a', 'g4', 'user', ?, NULL, 1711000000000, 1711000000000, NULL)",
               (parts(("text", {"text": "Plan it."})),))
    db.execute("INSERT INTO messages VALUES ('g4-b', 'g4', 'assistant', '[]', 'copilot.o1', 1711000001000,"
               " 1711000001000, NULL)")
    db.execute("INSERT INTO sessions VALUES ('g5', NULL, 'Thinking', 4, 0, 0, 0.0, 1710000003000, 1710000000000)")
    g5 = [
        ("g5-a", "user", parts(("text", {"text": "Look at main.go."})), None),
        ("g5-b", "assistant", parts(("reasoning", {"thinking": "Read it first."}),
                                    ("tool_call", {"id": "toolu_g1", "name": "view",
                                                   "input": "{\"file_path\":\"main.go\"}",
                                                   "type": "tool_use", "finished": True}),
                                    ("finish", {"reason": "tool_use", "time": 1710000001})), "claude-3.7-sonnet"),
        ("g5-c", "tool", parts(("tool_result", {"tool_call_id": "toolu_g0", "name": "view", "content": "old",
                                                "metadata": "", "is_error": False})), None),
        ("g5-d", "assistant", parts(("reasoning", {"thinking": "Nothing more to do."}),
                                    ("finish", {"reason": "end_turn", "time": 1710000003})), "claude-3.7-sonnet"),
    ]
    for k, (mid, role, ps, model) in enumerate(g5):
        t = 1710000000000 + k * 1000
        db.execute("INSERT INTO messages VALUES (?, 'g5', ?, ?, ?, ?, ?, NULL)", (mid, role, ps, model, t, t))
    db.close()


def crush_012_db():
    """crush-0.12.db: Crush's tables as Crush 0.12 left them (charmbracelet/crush v0.12.3
    internal/db/migrations, up to 20250627000000_add_provider_to_messages: summary_message_id and
    provider, but not is_summary_message or todos), times in seconds; s-gpt, a prompt and a reply
    of gpt-4o by the provider openai."""
    db = fresh(f"{OUT}/crush-0.12.db")
    db.execute(CRUSH_SESSIONS)
    db.execute(CRUSH_FILES)
    db.execute(CRUSH_MESSAGES)
    db.execute("ALTER TABLE sessions ADD COLUMN summary_message_id TEXT")
    db.execute("ALTER TABLE messages ADD COLUMN provider TEXT")
    db.execute("INSERT INTO sessions (id, parent_session_id, title, message_count, updated_at, created_at)"
               " VALUES ('s-gpt', NULL, 'Why it fails', 2, 1754500001, 1754500000)")
    db.execute("INSERT INTO messages (id, session_id, role, parts, model, provider, created_at, updated_at)"
               " VALUES ('q1', 's-gpt', 'user', ?, NULL, NULL, 1754500000, 1754500000)",
               (parts(("text", {"text": "Why does the build fail?"})),))
    db.execute("INSERT INTO messages (id, session_id, role, parts, model, provider, created_at, updated_at)"
               " VALUES ('q2', 's-gpt', 'assistant', ?, 'gpt-4o', 'openai', 1754500001, 1754500001)",
               (parts(("text", {"text": "A missing import in main.go."}),
                      ("finish", {"reason": "end_turn", "time": 1754500001})),))
    db.close()


rows_db()
wal_db()
opencode_db()
opencode_new_db()
crush_db()
opencode_go_db()
crush_012_db()
