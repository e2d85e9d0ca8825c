"""The ledger's schema at revision 0005, as SQLite holds it after the migrations (written by
``python tools/schema.py write``: do not edit). A new SQLite ledger is made from these statements
(:func:`ledger.store.engine.ensure_schema`); the revision is then stored as Alembic stores it."""

REVISION = "0005"

SQLITE = (
    ("CREATE TABLE alembic_version (\n"
     "\tversion_num VARCHAR(32) NOT NULL, \n"
     "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n"
     ")"),
    ("CREATE TABLE player (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tname VARCHAR NOT NULL, \n"
     "\tname_key VARCHAR NOT NULL, \n"
     "\tcreated_at DATETIME NOT NULL, \n"
     "\tdemo BOOLEAN NOT NULL, \n"
     "\tPRIMARY KEY (id), \n"
     "\tUNIQUE (name_key)\n"
     ")"),
    ("CREATE TABLE night (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tdate DATE NOT NULL, \n"
     "\tlabel VARCHAR, \n"
     "\tdemo BOOLEAN NOT NULL, \n"
     "\tcreated_at DATETIME NOT NULL, \n"
     "\tPRIMARY KEY (id)\n"
     ")"),
    ("CREATE INDEX ix_night_date ON night (date)"),
    ("CREATE TABLE \"match\" (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tnight_id INTEGER NOT NULL, \n"
     "\tgame VARCHAR NOT NULL, \n"
     "\trules VARCHAR NOT NULL, \n"
     "\toptions JSON NOT NULL, \n"
     "\tteams BOOLEAN NOT NULL, \n"
     "\tstatus VARCHAR NOT NULL, \n"
     "\twinner JSON, \n"
     "\tsummary JSON, \n"
     "\tnote VARCHAR, \n"
     "\tcreated_at DATETIME NOT NULL, \n"
     "\tfinished_at DATETIME, revision INTEGER DEFAULT '0' NOT NULL, \n"
     "\tPRIMARY KEY (id), \n"
     "\tFOREIGN KEY(night_id) REFERENCES night (id)\n"
     ")"),
    ("CREATE INDEX ix_match_night ON \"match\" (night_id)"),
    ("CREATE INDEX ix_match_game ON \"match\" (game)"),
    ("CREATE TABLE seat (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tmatch_id INTEGER NOT NULL, \n"
     "\tplayer_id INTEGER NOT NULL, \n"
     "\tseat INTEGER NOT NULL, \n"
     "\tside VARCHAR NOT NULL, \n"
     "\tPRIMARY KEY (id), \n"
     "\tUNIQUE (match_id, seat), \n"
     "\tFOREIGN KEY(match_id) REFERENCES \"match\" (id), \n"
     "\tFOREIGN KEY(player_id) REFERENCES player (id)\n"
     ")"),
    ("CREATE INDEX ix_seat_player ON seat (player_id)"),
    ("CREATE TABLE hand (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tmatch_id INTEGER NOT NULL, \n"
     "\tposition INTEGER NOT NULL, \n"
     "\tdocument JSON NOT NULL, \n"
     "\tresult JSON NOT NULL, \n"
     "\trules VARCHAR NOT NULL, \n"
     "\tscorer_version VARCHAR NOT NULL, \n"
     "\tentered_at DATETIME NOT NULL, \n"
     "\tvoided BOOLEAN NOT NULL, \n"
     "\tvoided_at DATETIME, \n"
     "\tvoid_reason VARCHAR, \n"
     "\treplaces_id INTEGER, state JSON, source VARCHAR, \n"
     "\tPRIMARY KEY (id), \n"
     "\tFOREIGN KEY(match_id) REFERENCES \"match\" (id), \n"
     "\tFOREIGN KEY(replaces_id) REFERENCES hand (id)\n"
     ")"),
    ("CREATE INDEX ix_hand_match ON hand (match_id, voided, position)"),
    ("CREATE INDEX ix_hand_replaces ON hand (replaces_id)"),
    ("CREATE TABLE club_session (\n"
     "\tid INTEGER NOT NULL, \n"
     "\ttitle VARCHAR NOT NULL, \n"
     "\tevent VARCHAR NOT NULL, \n"
     "\tscoring VARCHAR NOT NULL, \n"
     "\tmovement VARCHAR, \n"
     "\tnames JSON NOT NULL, \n"
     "\tboards INTEGER, \n"
     "\ttables INTEGER, \n"
     "\tcreated_at DATETIME NOT NULL, \n"
     "\tPRIMARY KEY (id)\n"
     ")"),
    ("CREATE TABLE club_result (\n"
     "\tid INTEGER NOT NULL, \n"
     "\tsession_id INTEGER NOT NULL, \n"
     "\tposition INTEGER NOT NULL, \n"
     "\tboard INTEGER NOT NULL, \n"
     "\tdocument JSON NOT NULL, \n"
     "\tentered_at DATETIME NOT NULL, \n"
     "\tvoided BOOLEAN NOT NULL, \n"
     "\tvoided_at DATETIME, \n"
     "\tvoid_reason VARCHAR, \n"
     "\treplaces_id INTEGER, \n"
     "\tPRIMARY KEY (id), \n"
     "\tFOREIGN KEY(session_id) REFERENCES club_session (id), \n"
     "\tFOREIGN KEY(replaces_id) REFERENCES club_result (id)\n"
     ")"),
    ("CREATE INDEX ix_club_result_session ON club_result (session_id, voided, position)"),
)
