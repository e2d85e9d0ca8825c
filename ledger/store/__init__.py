"""Storage: SQLModel tables (:mod:`.models`), the engine and migrations (:mod:`.engine`), and the
services the CLI calls (:mod:`.service`). Importing this package imports SQLModel, so the CLI
imports it only inside the commands that need the ledger."""
