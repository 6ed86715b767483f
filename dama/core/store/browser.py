"""The browser edition's storage: the progress folder kept in the browser's IndexedDB.

In the browser Python's file system is memory, wiped when the page closes. So the progress
folder (:data:`dama.core.store.progress.BROWSER_HOME`) is made again from IndexedDB each time the
course starts (:func:`restore`, awaited by a page's first cell), and what the course writes
into it goes to IndexedDB at once:

- each attempt as a record of its own, only ever added: two tabs of one browser add their
  attempts side by side, so neither loses the other's (a file written whole would keep only
  the last tab's);
- the progress file's id and name, once (the first tab to make the file gives them);
- the other files by name: the name typed in the index whole (the last one typed is the
  name), the best scores merged with what the vault holds, the best of each kept (a tab
  opened before another's record must not write it over).

IndexedDB is there on any address, ``http://<teacher's computer>:8000/`` too, where the site's
own drive is not (it needs a service worker, which only https and localhost have). The
progress an earlier version kept on that drive is brought in once, where the drive is there.

The storage itself is a :class:`Vault`: :class:`IndexedDBVault` in the browser,
:class:`MemoryVault` (two tabs' worth of behaviour, no browser) in the tests.

    >>> import asyncio, tempfile
    >>> from dama.core.content import check, load
    >>> from dama.core.store.progress import ProgressStore, read_best_stars
    >>> vault = MemoryVault()
    >>> puzzle = load(topic="examples")[0]
    >>> with tempfile.TemporaryDirectory() as tab:
    ...     keeper = asyncio.run(restore(tab, vault))
    ...     with ProgressStore("Anna", tab) as store:
    ...         store.record(puzzle, "22x13", check(puzzle, "22x13"))
    ...     keeper.stop()
    >>> with tempfile.TemporaryDirectory() as reloaded:
    ...     keeper = asyncio.run(restore(reloaded, vault))
    ...     keeper.stop()
    ...     read_best_stars(Path(reloaded) / "Anna.sqlite")
    {'it-ex-001': 3}
"""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from dama.core.store import progress
from dama.core.store.progress import INSERT, META_SCHEMA, SCHEMA, read_attempts
from dama.core.store.best import BEST_FILES

__all__ = ["Contents", "IndexedDBVault", "Keeper", "MemoryVault", "Vault", "restore"]

#: Where an earlier version of the site kept the progress files: the site's drive. The child's
#: view no longer mounts it (its service worker slowed every visit by a second or two): the
#: files are then read from where the drive keeps them in the browser (``_SITE_DRIVE_JS``).
FORMER_HOME = Path("/drive/progressi")
#: The file (in the vault's files) that says the former home was brought in.
BROUGHT_IN = ".brought-in-from-drive"
#: Files merged with the vault's copy when saved, not written over it: how (see merged()).
MERGED = {name: "best" for name in BEST_FILES}


def merged(how: str | None, before: str | None, text: str) -> str:
    """``text`` to keep in place of ``before``: itself, or for "best" ({child: {game:
    score}}) the best score of each child and game in either; a copy that is not such a
    mapping gives way to the other."""
    if how != "best" or not before:
        return text

    def scores(raw):
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        ok = isinstance(data, dict) and all(
            isinstance(v, dict) and all(isinstance(n, int) for n in v.values())
            for v in data.values())
        return data if ok else None

    old, new = scores(before), scores(text)
    if old is None or new is None:
        return text if new is not None or old is None else before
    for child, games in old.items():
        mine = new.setdefault(child, {})
        for game, score in games.items():
            mine[game] = max(score, mine.get(game, 0))
    return json.dumps(new, ensure_ascii=False, indent=1)


#: Files of the progress folder that stay in memory (a log for an adult, written often).
NOT_KEPT = ("errors.log",)

log = logging.getLogger("dama")


@dataclass
class Contents:
    """What a vault holds: the small files by name (their text), each progress file's id and
    name, and every attempt in the order added: (progress file name, the row's values)."""

    files: dict[str, str] = field(default_factory=dict)
    meta: dict[str, dict[str, str]] = field(default_factory=dict)
    attempts: list[tuple[str, list]] = field(default_factory=list)


class Vault(Protocol):
    """Where the progress folder is kept. The writes return at once (the browser finishes
    them on its own); only reading the whole is awaited."""

    async def read(self) -> Contents: ...

    def add_attempts(self, file: str, rows: list[list]) -> None: ...

    def add_meta(self, file: str, meta: dict[str, str]) -> None: ...

    def put_file(self, name: str, text: str, merge: str | None = None) -> None: ...


class MemoryVault:
    """A vault in memory, as IndexedDB behaves for the tabs of one browser: attempts are
    added, a file's id is given by the first, a small file is replaced whole."""

    def __init__(self) -> None:
        self.contents = Contents()

    async def read(self) -> Contents:
        held = self.contents
        return Contents(dict(held.files), {k: dict(v) for k, v in held.meta.items()},
                        [(f, list(r)) for f, r in held.attempts])

    def add_attempts(self, file: str, rows: list[list]) -> None:
        self.contents.attempts += [(file, list(row)) for row in rows]

    def add_meta(self, file: str, meta: dict[str, str]) -> None:
        self.contents.meta.setdefault(file, dict(meta))

    def put_file(self, name: str, text: str, merge: str | None = None) -> None:
        self.contents.files[name] = merged(merge, self.contents.files.get(name), text)


#: The browser's side: one IndexedDB database, three stores. Each write is a transaction of
#: its own, so that a closed tab leaves every attempt before it saved.
_INDEXEDDB_JS = r"""
(() => {
  const NAME = "dama-corso", VERSION = 1;
  let opening = null;
  function open() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open(NAME, VERSION);
        request.onupgradeneeded = () => {
          const db = request.result;
          db.createObjectStore("files");
          db.createObjectStore("meta");
          db.createObjectStore("attempts", { autoIncrement: true });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error("IndexedDB blocked"));
      });
      opening.catch(() => { opening = null; });
    }
    return opening;
  }
  function done(tx) {
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve(true);
      tx.onerror = (event) => {
        // The request's own error (the transaction's is not set until it aborts). A second
        // tab gave the file its id first: that one is kept, and the rest goes on.
        const error = (event.target && event.target.error) || tx.error;
        if (error && error.name === "ConstraintError") { event.preventDefault(); }
        reject(error);
      };
      tx.onabort = () => reject(tx.error || new Error("aborted"));
    });
  }
  async function read() {
    const db = await open();
    const tx = db.transaction(["files", "meta", "attempts"], "readonly");
    const out = { files: [], meta: [], attempts: [] };
    for (const name of ["files", "meta", "attempts"]) {
      await new Promise((resolve, reject) => {
        const request = tx.objectStore(name).openCursor();
        request.onsuccess = () => {
          const cursor = request.result;
          if (!cursor) return resolve();
          out[name].push([cursor.key, cursor.value]);
          cursor.continue();
        };
        request.onerror = () => reject(request.error);
      });
    }
    return JSON.stringify(out);
  }
  async function addAttempts(file, rowsJson) {
    const db = await open();
    const tx = db.transaction("attempts", "readwrite");
    for (const row of JSON.parse(rowsJson)) tx.objectStore("attempts").add({ file, row });
    return done(tx);
  }
  async function addMeta(file, metaJson) {
    const db = await open();
    const tx = db.transaction("meta", "readwrite");
    tx.objectStore("meta").add(JSON.parse(metaJson), file);
    return done(tx).catch((error) => {
      if (!error || error.name !== "ConstraintError") throw error;
      return false;
    });
  }
  // merged() of browser_storage.py: the best of each score in either copy.
  function scores(raw) {
    let data;
    try { data = JSON.parse(raw); } catch (e) { return null; }
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    for (const games of Object.values(data)) {
      if (!games || typeof games !== "object" || Array.isArray(games)) return null;
      if (!Object.values(games).every(Number.isInteger)) return null;
    }
    return data;
  }
  function merged(how, before, text) {
    if (how !== "best" || !before) return text;
    const old = scores(before), now = scores(text);
    if (old === null || now === null) return now !== null || old === null ? text : before;
    for (const [child, games] of Object.entries(old)) {
      const mine = now[child] || (now[child] = {});
      for (const [game, score] of Object.entries(games)) {
        mine[game] = Math.max(score, mine[game] || 0);
      }
    }
    return JSON.stringify(now, null, 1);
  }
  async function putFile(name, text, how) {
    const db = await open();
    const tx = db.transaction("files", "readwrite");
    const store = tx.objectStore("files");
    // Read and written in one transaction: another tab's record cannot come in between.
    const before = how ? await new Promise((resolve, reject) => {
      const request = store.get(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }) : null;
    store.put(merged(how, before, text), name);
    return done(tx);
  }
  // The writes start here and finish on their own: nothing waits for them in Python (a
  // Python callback run later by the browser would outlive the call that made it).
  const pending = new Set();
  function start(what, promise) {
    pending.add(promise);
    promise.catch((error) => console.error("dama: IndexedDB did not keep " + what, error))
      .finally(() => pending.delete(promise));
  }
  return {
    read,
    addAttempts: (file, rowsJson) => start(file, addAttempts(file, rowsJson)),
    addMeta: (file, metaJson) => start(file, addMeta(file, metaJson)),
    putFile: (name, text, how) => start(name, putFile(name, text, how || null)),
    merged,
    pending: () => pending.size,
  };
})()
"""


class IndexedDBVault:
    """The browser's IndexedDB (Pyodide only). A write that fails is said on the browser's
    console (the attempt stays in this tab's progress file, shown and downloadable)."""

    def __init__(self) -> None:
        from pyodide.code import run_js

        self._js = run_js(_INDEXEDDB_JS)

    async def read(self) -> Contents:
        data = json.loads(str(await self._js.read()))
        return Contents({str(k): str(v) for k, v in data["files"]},
                        {str(k): dict(v) for k, v in data["meta"]},
                        [(str(v["file"]), list(v["row"])) for _, v in data["attempts"]])

    @property
    def pending(self) -> int:
        """How many writes the browser has not finished yet."""
        return int(self._js.pending())

    def add_attempts(self, file: str, rows: list[list]) -> None:
        self._js.addAttempts(file, json.dumps(rows))

    def add_meta(self, file: str, meta: dict[str, str]) -> None:
        self._js.addMeta(file, json.dumps(meta))

    def put_file(self, name: str, text: str, merge: str | None = None) -> None:
        self._js.putFile(name, text, merge)


class Keeper:
    """What the writers of the progress folder ``home`` tell (``progress.KEEPERS``), passed
    on to the vault. ``stop()`` lets go."""

    def __init__(self, home: Path, vault: Vault) -> None:
        self.home = Path(home)
        self.vault = vault

    def attempts_written(self, path: Path, rows: list[tuple], meta: dict[str, str]) -> None:
        if Path(path).parent != self.home:
            return  # a teacher's file elsewhere is not this browser's progress
        self.vault.add_meta(Path(path).name, meta)
        self.vault.add_attempts(Path(path).name, [list(row) for row in rows])

    def file_saved(self, path: Path) -> None:
        path = Path(path)
        if path.parent != self.home or path.name in NOT_KEPT:
            return
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return
        self.vault.put_file(path.name, text, MERGED.get(path.name))

    async def refresh(self, patience: float = 2.0) -> None:
        """The progress files made again from the vault, with what the other tabs of this
        browser added since this page opened (a page shown anew shows their stars too). This
        tab's writes are let finish first (``patience`` seconds at most); the name typed
        stays this tab's, the merged files (the best scores) come back merged."""
        waited = 0.0
        while getattr(self.vault, "pending", 0) and waited < patience:
            await asyncio.sleep(0.02)
            waited += 0.02
        _lay_out(self.home, await self.vault.read(), files=tuple(MERGED))

    def stop(self) -> None:
        if self in progress.KEEPERS:
            progress.KEEPERS.remove(self)


def _lay_out(home: Path, contents: Contents, files: bool | tuple[str, ...] = True) -> None:
    """The progress folder ``home`` made from ``contents``: every progress file from its
    attempts, and the small files (``files``: all, or only those named)."""
    for name, text in contents.files.items():
        wanted = files is True or (files and name in files)
        if wanted and _safe_name(name) and name != BROUGHT_IN:
            (home / name).write_text(text, encoding="utf-8")
    by_file: dict[str, list[list]] = {}
    for file, row in contents.attempts:
        if _safe_name(file) and file.endswith(".sqlite") and len(row) == 12:
            by_file.setdefault(file, []).append(row)
    for file in sorted(set(by_file) | set(contents.meta)):
        if _safe_name(file) and file.endswith(".sqlite"):
            _write_progress_file(home / file, contents.meta.get(file, {}),
                                 by_file.get(file, []))


def _write_progress_file(path: Path, meta: dict[str, str], rows: list[list]) -> None:
    """A progress file made from its id and its attempts, in the order they were added."""
    partial = path.with_name(path.name + ".part")
    partial.unlink(missing_ok=True)
    db = sqlite3.connect(partial)
    try:
        db.execute(SCHEMA)
        db.execute(META_SCHEMA)
        for key, value in sorted(meta.items()):
            db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, str(value)))
        db.executemany(INSERT, [tuple(row) for row in rows])
        db.commit()
    finally:
        db.close()
    partial.replace(path)


def _safe_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


def _bring_in(former: Path, contents: Contents, vault: Vault) -> None:
    """The files an earlier version kept on the site's drive, added to the vault once."""
    if BROUGHT_IN in contents.files or not former.is_dir():
        return
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(former.iterdir()):
            if not path.is_file() or ".damaged-" in path.name or path.name.endswith(".part"):
                continue
            if path.suffix == ".sqlite":
                copy = Path(tmp) / path.name   # read from memory: SQLite on the drive fails
                shutil.copyfile(path, copy)
                rows = [[a.timestamp, a.student, a.puzzle, a.topic, a.variant, a.answer,
                         int(a.correct), a.stars, a.hints, a.seconds, a.rule, a.place]
                        for a in read_attempts(copy)]
                meta = _read_meta(copy)
                if rows and path.name not in contents.meta:
                    vault.add_meta(path.name, meta)
                    contents.meta[path.name] = meta
                vault.add_attempts(path.name, rows)
                contents.attempts += [(path.name, row) for row in rows]
            elif path.name not in contents.files and path.name not in NOT_KEPT:
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                vault.put_file(path.name, text)
                contents.files[path.name] = text
    vault.put_file(BROUGHT_IN, "1\n")


#: The files of a folder of the site's drive, read where JupyterLite keeps them in the
#: browser (its IndexedDB database "JupyterLite Storage - <the site's path>", store "files",
#: a contents model by path), from the kernel's worker: [[name, format, content], ...]. A
#: database that is not there is not made.
_SITE_DRIVE_JS = r"""
async (folder) => {
  const base = self.location.pathname.split("/extensions/")[0] + "/";
  const db = await new Promise((resolve) => {
    const request = indexedDB.open("JupyterLite Storage - " + base);
    request.onupgradeneeded = () => request.transaction.abort();   // none: nothing to read
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  if (!db) return "[]";
  const out = [];
  try {
    if (db.objectStoreNames.contains("files")) {
      const store = db.transaction("files", "readonly").objectStore("files");
      await new Promise((resolve, reject) => {
        const request = store.openCursor();
        request.onsuccess = () => {
          const cursor = request.result;
          if (!cursor) return resolve();
          const path = String(cursor.key), model = cursor.value || {};
          const name = path.slice(folder.length + 1);
          if (path.startsWith(folder + "/") && name && !name.includes("/") &&
              model.type === "file" && model.content != null) {
            out.push([name, String(model.format || "text"),
                      typeof model.content === "string" ? model.content
                                                        : JSON.stringify(model.content)]);
          }
          cursor.continue();
        };
        request.onerror = () => reject(request.error);
      });
    }
  } finally {
    db.close();
  }
  return JSON.stringify(out);
}
"""


async def _site_drive_files(folder: Path) -> Path | None:
    """The earlier version's progress folder, copied from the site drive's storage into
    ``folder`` (Pyodide only); None if it holds none."""
    import base64

    from pyodide.code import run_js

    found = json.loads(str(await run_js(_SITE_DRIVE_JS)(FORMER_HOME.name)))
    for name, kind, content in found:
        if _safe_name(name):
            data = base64.b64decode(content) if kind == "base64" else content.encode("utf-8")
            (folder / name).write_bytes(data)
    return folder if found else None


def _read_meta(path: Path) -> dict[str, str]:
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return {str(k): str(v) for k, v in db.execute("SELECT key, value FROM meta")}
        finally:
            db.close()
    except sqlite3.Error:
        return {}


async def restore(home: Path | str | None = None, vault: Vault | None = None,
                  former: Path | None = FORMER_HOME) -> Keeper:
    """Make the progress folder ``home`` (default: the browser's) again from ``vault``
    (default: IndexedDB), bring in the files an earlier version kept on the site's drive,
    and send every later write there (``progress.KEEPERS``). Run again in the same kernel
    (the cells run once more), it changes nothing. If the vault cannot be read (a browser
    that keeps nothing), the folder starts empty and the course goes on: what the child does
    stays until the page closes, and can be downloaded."""
    home = Path(home) if home is not None else progress.dama_home()
    for keeper in progress.KEEPERS:
        if keeper.home == home:
            return keeper
    home.mkdir(parents=True, exist_ok=True)
    if vault is None:
        vault = IndexedDBVault()
    try:
        contents = await vault.read()
    except Exception as error:   # no IndexedDB here: the course still runs
        log.error("IndexedDB cannot be read: %s", error)
        return Keeper(home, MemoryVault())
    if former is not None:
        try:
            if (former == FORMER_HOME and not former.is_dir() and isinstance(vault, IndexedDBVault)
                    and BROUGHT_IN not in contents.files):
                with tempfile.TemporaryDirectory() as tmp:   # the drive not mounted: its storage
                    found = await _site_drive_files(Path(tmp))
                    if found is not None:
                        _bring_in(found, contents, vault)
            else:
                _bring_in(former, contents, vault)
        except Exception as error:   # the drive is the browser's: any failure, said in the log
            log.error("the former progress folder could not be read: %s", error)
    _lay_out(home, contents)
    keeper = Keeper(home, vault)
    progress.KEEPERS.append(keeper)
    return keeper
